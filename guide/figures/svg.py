"""A few SVG primitives for the guide's figures, written straight into the page (inline SVG).

Inline, because an SVG loaded through `<img>` cannot see the page's CSS variables, and the figures take their colours
from the theme (docs/assets/figures/figures.css): classes name what a shape is (`fig-box-1`, `fig-line-2`, ...) and the
stylesheet gives it a palette colour. Every shape also carries plain presentation attributes (`currentColor`
outlines, no fill) that the stylesheet overrides, so a figure stays legible in both palettes even without it. No
colour is ever written as a literal here; tests/test_figures.py checks that.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup, escape

# Figures are drawn narrow, for a phone, and shown larger on wider screens. A 375 px phone gives the page's column
# 343 CSS px, so a figure WIDTH units wide is scaled by 343/WIDTH there: at 360 units, MIN_FONT (12) renders at
# 11.4 px. On wider screens the `width` attribute shows it at SCALE times its units (15 to 19 px labels), and CSS
# (max-width: 100%) shrinks it to fit whatever is narrower.
WIDTH = 360
FONT = 15
MIN_FONT = 12
SCALE = 1.25


def num(value: float) -> str:
    """Coordinates with at most two decimals and no trailing zeros: smaller markup, same picture."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass
class Canvas:
    """Shapes in drawing order, then `svg()` for the finished element."""

    width: int
    height: int
    items: list[str] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, cls: str = "", rx: float = 3, **attrs: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
        self.items.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}"'
            f'{_cls(cls)} fill="none" stroke="currentColor"{extra}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        words: str,
        cls: str = "",
        anchor: str = "start",
        size: float = FONT,
        weight: str = "",
        italic: bool = False,
    ) -> None:
        size = max(size, MIN_FONT)  # never below what a phone shows at 11 px
        style = (f' font-weight="{weight}"' if weight else "") + (' font-style="italic"' if italic else "")
        middle = "" if anchor == "start" else f' text-anchor="{anchor}"'
        self.items.append(
            f'<text x="{num(x)}" y="{num(y)}"{middle} font-size="{num(size)}"{style}{_cls(cls)} fill="currentColor">'
            f"{escape(words)}</text>"
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, cls: str = "", arrow: bool = False) -> None:
        end = ' marker-end="url(#{marker})"' if arrow else ""
        self.items.append(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"{_cls(cls)}'
            f' fill="none" stroke="currentColor"{end}/>'
        )

    def polyline(self, points: list[tuple[float, float]], cls: str = "", **attrs: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
        joined = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self.items.append(f'<polyline points="{joined}"{_cls(cls)} fill="none" stroke="currentColor"{extra}/>')

    def path(self, d: str, cls: str = "", arrow: bool = False) -> None:
        end = ' marker-end="url(#{marker})"' if arrow else ""
        self.items.append(f'<path d="{escape(d)}"{_cls(cls)} fill="none" stroke="currentColor"{end}/>')

    def circle(self, cx: float, cy: float, r: float, cls: str = "") -> None:
        self.items.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"{_cls(cls)} fill="none" stroke="currentColor"/>'
        )

    def svg(self, name: str, title: str, desc: str) -> Markup:
        """The finished `<svg>`: an image with an accessible name (its title) and description, shown at SCALE times
        its drawing units and scaled down by CSS on narrow screens. Ids carry the figure's name, so two figures can
        share a page (the printed guide holds them all)."""
        if self.width > WIDTH:
            raise ValueError(f"figure {name} is {self.width} units wide; at most {WIDTH} stay legible on a phone")
        marker = f"fig-{name}-arrow"
        body = "".join(item.replace("{marker}", marker) for item in self.items)
        defs = (
            f'<defs><marker id="{marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7"'
            ' orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="currentColor"/>'
            "</marker></defs>"
            if "{marker}" in "".join(self.items)
            else ""
        )
        return Markup(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}"'
            f' width="{num(self.width * SCALE)}" height="{num(self.height * SCALE)}"'
            f' role="img" aria-labelledby="fig-{name}-title"'
            f' aria-describedby="fig-{name}-desc"'
            ' class="fig">'
            f'<title id="fig-{name}-title">{escape(title)}</title><desc id="fig-{name}-desc">{escape(desc)}</desc>'
            f"{defs}{body}</svg>"
        )


def _cls(cls: str) -> str:
    return f' class="{cls}"' if cls else ""

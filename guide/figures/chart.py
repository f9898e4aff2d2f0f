"""The pieces many figures share, drawn on a Canvas: a plot area that maps data to SVG units (Box), its axes, a
legend, and a labelled box.

Kept apart from svg.py, which knows only SVG elements, and from the topic modules, so a figure on any page draws its
axes and boxes the same way (and tests/test_figures.py can read every plot back through the same Box).
"""

from __future__ import annotations

from dataclasses import dataclass

from guide.figures.svg import FONT, Canvas


@dataclass(frozen=True)
class Box:
    """A plot area in SVG units and the data ranges it maps: x grows right, y grows up."""

    x: float
    y: float
    w: float
    h: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def px(self, value: float) -> float:
        lo, hi = self.x_range
        return self.x + (value - lo) / (hi - lo) * self.w

    def py(self, value: float) -> float:
        lo, hi = self.y_range
        return self.y + self.h - (value - lo) / (hi - lo) * self.h

    def data(self) -> dict[str, list[float]]:
        return {"box": [self.x, self.y, self.w, self.h], "x": list(self.x_range), "y": list(self.y_range)}


def axes(c: Canvas, box: Box, xticks: list[tuple[float, str]], yticks: list[tuple[float, str]], xlabel: str) -> None:
    """Axis lines, ticks with labels, light grid lines and the x label; the y label is the caller's (it varies)."""
    for value, label in yticks:
        y = box.py(value)
        c.line(box.x, y, box.x + box.w, y, "fig-grid")
        c.text(box.x - 8, y + 5, label, anchor="end", size=FONT - 2)
    for value, label in xticks:
        x = box.px(value)
        c.line(x, box.y + box.h, x, box.y + box.h + 5, "fig-axis")
        c.text(x, box.y + box.h + 21, label, anchor="middle", size=FONT - 2)
    c.line(box.x, box.y + box.h, box.x + box.w, box.y + box.h, "fig-axis")
    c.line(box.x, box.y, box.x, box.y + box.h, "fig-axis")
    c.text(box.x + box.w / 2, box.y + box.h + 42, xlabel, anchor="middle", size=FONT - 1)


def legend(c: Canvas, x: float, y: float, entries: list[tuple[str, str]], gap: float = 26) -> float:
    """Swatches with names in a row; returns the x where it ended."""
    for cls, label in entries:
        c.rect(x, y - 11, 14, 14, cls, rx=2)
        c.text(x + 20, y + 1, label, size=FONT - 1)
        x += 20 + len(label) * 7.6 + gap
    return x


def box(c: Canvas, x: float, y: float, w: float, h: float, lines: list[str], cls: str = "fig-box-0") -> None:
    """A labelled box: its lines centred, the first one bold."""
    c.rect(x, y, w, h, cls)
    top = y + h / 2 - (len(lines) - 1) * 9 + 5
    for index, line in enumerate(lines):
        c.text(
            x + w / 2,
            top + index * 18,
            line,
            anchor="middle",
            size=FONT - (1 if index == 0 else 3),
            weight="700" if index == 0 else "",
        )

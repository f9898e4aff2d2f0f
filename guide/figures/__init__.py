"""The guide's figures: SVG drawn by this package at build time and written inline into the pages.

A page places one with `{{ figure("lora") }}`; the macro leaves a placeholder that macros/hooks.py fills after
Markdown conversion (like the quiz), so the SVG is never parsed as Markdown. The drawing code is filed by topic
(guide/figures/topics/, one module per topic), on top of svg.py (SVG elements) and chart.py (plot areas, axes,
legends, boxes). A figure's name is written once, in `@figure("name")` on the function that draws it: the registry
here is filled by those decorators, and the function is handed its name for the SVG's ids and the Figure's own name,
so a renamed figure cannot keep a stale id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from guide.errors import GuideError
from guide.render.renderer import Renderer


@dataclass(frozen=True)
class Figure:
    """One figure: the SVG (with its title and description inside), the caption under it, and for plots the data a
    test needs to read the numbers back (`plot`, written as JSON on the `<figure>`)."""

    name: str
    svg: Markup
    caption: str
    plot: dict[str, Any] | None = None


Draw = Callable[[str], Figure]
_FIGURES: dict[str, Draw] = {}


def figure(name: str) -> Callable[[Draw], Draw]:
    """Registers the decorated function as the figure called `name`; `build(name)` calls it with that name."""

    def register(draw: Draw) -> Draw:
        if name in _FIGURES:
            raise ValueError(f"two figures named {name!r}: {_FIGURES[name].__qualname__} and {draw.__qualname__}")
        _FIGURES[name] = draw
        return draw

    return register


def _registry() -> dict[str, Draw]:
    # Imported on first use, not at the top: the topic modules import Figure and figure from this one.
    from guide.figures import topics  # noqa: F401  (importing it runs every @figure)

    return _FIGURES


def names() -> list[str]:
    return list(_registry())


def topic(name: str) -> str:
    """The topic id whose module draws figure `name` (data/questions.yaml's spelling, with `-`)."""
    return _registry()[name].__module__.rsplit(".", 1)[-1].replace("_", "-")


def build(name: str) -> Figure:
    """The figure called `name`; a KeyError names the known ones."""
    registry = _registry()
    if name not in registry:
        raise KeyError(f"no figure named {name!r}; known: {', '.join(registry)}")
    return registry[name](name)


def html(renderer: Renderer, name: str) -> Markup:
    figure = build(name)
    return renderer.render("figure.html.j2", figure=figure)


def place(block: Callable[[str], str], renderer: Renderer, name: str) -> str:
    """What `{{ figure(name) }}` leaves in a page: the figure's HTML as a block (`block` makes it one). An unknown
    name stops the build with the names there are."""
    try:
        return block(str(html(renderer, name)))
    except KeyError as error:
        raise GuideError(f"figure({name!r}): {error.args[0]}") from None

"""The bank as JSON, in exactly the shape of data/questions.yaml, so the published JSON Schema validates it.

Texts stay Markdown, as in the bank, except for links to the guide's own pages (`guide:calculator.md?…`), which only
the site understands: the renderer's `source` makes them absolute on the published site, or leaves their text alone
in a build without one, as the other exports do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pydantic_core

from guide.bank import schema
from guide.bank.validate import LoadedBank
from guide.render.renderer import Renderer


def _texts(value: object, fix: Callable[[str], str]) -> object:
    """`value` with `fix` applied to every string in it: every Markdown field, wherever the bank has one."""
    if isinstance(value, str):
        return fix(value)
    if isinstance(value, list):
        return [_texts(item, fix) for item in value]
    if isinstance(value, dict):
        return {key: _texts(item, fix) for key, item in value.items()}
    return value


def document(bank: LoadedBank, renderer: Renderer | None = None) -> dict[str, object]:
    fix = renderer.source if renderer else str
    return {
        "objectives": [objective.model_dump(mode="json") for objective in bank.objectives],
        "topics": [_texts(topic.model_dump(mode="json", exclude_none=True), fix) for topic in bank.topics],
        "questions": [_texts(question.model_dump(mode="json", exclude_none=True), fix) for question in bank.questions],
    }


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    # pydantic-core's serializer writes the same text as json.dumps(ensure_ascii=False, indent=1), in Rust: with an
    # indent, the standard library falls back to its pure-Python encoder, several times slower on a large bank.
    path.write_bytes(pydantic_core.to_json(document(bank, renderer), indent=1) + b"\n")


def write_schema(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    path.write_text(schema.render(), encoding="utf-8")

"""The bank as JSON, in exactly the shape of data/questions.yaml, so the published JSON Schema validates it."""

from __future__ import annotations

from pathlib import Path

import pydantic_core

from macros import schema
from macros.render import Renderer
from macros.validate import LoadedBank


def document(bank: LoadedBank) -> dict[str, object]:
    return {
        "topics": [topic.model_dump(mode="json", exclude_none=True) for topic in bank.topics],
        "questions": [question.model_dump(mode="json", exclude_none=True) for question in bank.questions],
    }


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    # pydantic-core's serializer writes the same text as json.dumps(ensure_ascii=False, indent=1), in Rust: with an
    # indent, the standard library falls back to its pure-Python encoder, several times slower on a large bank.
    path.write_bytes(pydantic_core.to_json(document(bank), indent=1) + b"\n")


def write_schema(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    path.write_text(schema.render(), encoding="utf-8")

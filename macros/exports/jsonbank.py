"""The bank as JSON, in exactly the shape of data/questions.yaml, so the published JSON Schema validates it."""

from __future__ import annotations

import json
from pathlib import Path

from macros import schema
from macros.render import Renderer
from macros.validate import LoadedBank


def document(bank: LoadedBank) -> dict[str, object]:
    return {
        "topics": [topic.model_dump(mode="json", exclude_none=True) for topic in bank.topics],
        "questions": [question.model_dump(mode="json", exclude_none=True) for question in bank.questions],
    }


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    path.write_text(json.dumps(document(bank), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_schema(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    path.write_text(schema.render(), encoding="utf-8")

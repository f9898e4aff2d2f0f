"""Exports of the whole bank for instructors and flashcard users, written by every build into `downloads/`.

Each export covers every question with its options, key, explanations and references. They are plain functions of
the validated bank (and the site's Markdown renderer, so text reads the same as on the site), testable without MkDocs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from guide.bank.validate import LoadedBank
from guide.outputs.exports import anki, gift, jsonbank, qti
from guide.render.renderer import Renderer

DOWNLOADS = "downloads"


@dataclass(frozen=True)
class Export:
    filename: str
    label: str
    description: str
    write: Callable[[LoadedBank, Renderer, Path], None]


EXPORTS = (
    Export(
        "llm-finetuning-guide.gift.txt",
        "Moodle GIFT",
        "Import into a Moodle question bank (Question bank > Import > GIFT). Multi-select questions give each "
        "correct choice an equal share of 100% and any wrong choice −100%.",
        gift.write,
    ),
    Export(
        "llm-finetuning-guide.qti.zip",
        "QTI 1.2 (Canvas and other LMSs)",
        "An IMS QTI 1.2 content package: in Canvas, Settings > Import Course Content > QTI .zip file.",
        qti.write,
    ),
    Export(
        "llm-finetuning-guide.apkg",
        "Anki deck",
        "One note per question, tagged by topic, domain and difficulty. Re-importing a newer deck updates the notes "
        "you have instead of duplicating them.",
        anki.write,
    ),
    Export(
        "llm-finetuning-guide.json",
        "JSON",
        "The whole bank as data, valid against the published JSON Schema (questions.schema.json, beside it).",
        jsonbank.write,
    ),
    Export(
        "questions.schema.json",
        "JSON Schema",
        "The schema of the bank and of the JSON export.",
        jsonbank.write_schema,
    ),
)


def write_all(bank: LoadedBank, renderer: Renderer, out_dir: Path) -> list[Path]:
    """Write every export into `out_dir`; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for export in EXPORTS:
        path = out_dir / export.filename
        export.write(bank, renderer, path)
        paths.append(path)
    return paths

"""An Anki deck (genanki): one note per question, the answer side with the key and every explanation.

Note, model and deck ids are fixed, and each note's guid derives from the question id, so importing a newer deck
updates the notes a learner already has (keeping their review history) instead of adding duplicates. Each note's
modification time is when its question last changed (guide/outputs/history.py), so a new release updates only the
notes whose questions changed.
"""

from __future__ import annotations

import itertools
import sqlite3
import zipfile
from contextlib import closing
from pathlib import Path

import genanki
from markupsafe import escape

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.outputs import history, reproducible
from guide.render.renderer import Renderer, instruction

# Random 31-bit numbers chosen once; changing them would make every learner's deck a new deck.
MODEL_ID = 1_607_392_319
DECK_ID = 2_059_400_559
DECK_NAME = "LLM Fine-Tuning Study Guide"

_CSS = """
.card { font-family: system-ui, sans-serif; font-size: 18px; text-align: left; line-height: 1.45; }
.options li { margin: .3em 0; }
.key { font-weight: bold; }
.why { margin: .6em 0; padding-left: .6em; border-left: 4px solid #999; }
.why.correct { border-color: #2e7d32; }
.why.incorrect { border-color: #c62828; }
.meta, .sources { font-size: 14px; opacity: .8; }
"""

MODEL = genanki.Model(
    MODEL_ID,
    "LLM fine-tuning guide question",
    fields=[{"name": "Id"}, {"name": "Question"}, {"name": "Options"}, {"name": "Answer"}, {"name": "Sources"}],
    templates=[
        {
            "name": "Question",
            "qfmt": "{{Question}}{{Options}}",
            "afmt": '{{FrontSide}}<hr id="answer">{{Answer}}<p class="sources">{{Sources}}</p>',
        }
    ],
    css=_CSS,
    sort_field_index=0,
)


def guid(question_id: str) -> str:
    return genanki.guid_for("llm-ft-guide", question_id)


def fields(question: Question, renderer: Renderer, topic_title: str) -> list[str]:
    # Plain concatenation with explicit escape() instead of Markup.format: the same HTML, but Markup.format runs
    # string.Formatter in pure Python, which made this the slowest export. Rendered Markdown is Markup already.
    letters = [chr(65 + i) for i in range(len(question.options))]
    choose = instruction(question.select)  # "Choose two.", worded as on the topic pages
    stem = (
        f'<p class="meta">{escape(topic_title)} · {escape(question.difficulty or "")}</p>'
        f"{renderer.markdown(question.stem)}<p><em>{escape(choose)}</em></p>"
    )
    items = "".join(f"<li>{renderer.inline(o.text)}</li>" for o in question.options)
    options = f'<ol class="options" type="A">{items}</ol>'
    key = ", ".join(letters[i] for i in question.key)
    whys = "".join(
        f'<div class="why {"correct" if option.correct else "incorrect"}"><p><b>{letters[i]}. '
        f"{'Correct' if option.correct else 'Incorrect'}</b> {renderer.inline(option.text)}</p>"
        f"{renderer.markdown(option.explanation)}</div>"
        for i, option in enumerate(question.options)
    )
    answer = f'<p class="key">Answer: {escape(key)}</p>{whys}'
    sources = "; ".join(f'<a href="{escape(ref.url)}">{escape(ref.title)}</a>' for ref in question.references)
    return [question.id, stem, options, answer, f"Sources: {sources}"]


def deck(bank: LoadedBank, renderer: Renderer) -> genanki.Deck:
    titles = {topic.id: topic.title for topic in bank.topics}
    result = genanki.Deck(DECK_ID, DECK_NAME)
    for question in bank.questions:
        tags = [
            f"topic::{question.topic}",
            f"lesson::{question.topic}::{question.lesson}",
            f"domain::{question.domain}",
            *(f"objective::{objective}" for objective in question.objectives),
        ]
        if question.difficulty:
            tags.append(f"difficulty::{question.difficulty}")
        note = genanki.Note(
            model=MODEL, fields=fields(question, renderer, titles[question.topic]), guid=guid(question.id), tags=tags
        )
        result.add_note(note)
    return result


def bank_file(bank: LoadedBank) -> Path:
    """The bank's file: its path as loaded is shown relative to the project, which is the working folder or the
    guide's own root."""
    if bank.path.is_absolute() or bank.path.exists():
        return bank.path
    return reproducible.ROOT / bank.path


def _date_notes(connection: sqlite3.Connection, bank: LoadedBank) -> None:
    # Anki updates a note on import only when it is newer than the learner's copy: each note and its card carry
    # when their question last changed, not the build's date, which would mark every note changed every release.
    times = history.question_times(bank_file(bank))
    rows = [(times[q.id], guid(q.id)) for q in bank.questions if q.id in times]
    connection.executemany("update notes set mod = ? where guid = ?", rows)
    connection.executemany("update cards set mod = ? where nid = (select id from notes where guid = ?)", rows)
    connection.commit()


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    # What genanki's write_to_file does, with the collection in memory: it builds it in a temporary file on disk, where
    # each schema statement is its own transaction and waits for an fsync. Same rows, same zip members.
    # genanki stamps the collection and every note and card with this time and numbers notes and cards from it: the
    # build's one date (guide/outputs/reproducible.py), not the clock, so a rebuild of the same commit gives the same
    # deck.
    timestamp = float(reproducible.epoch())
    with closing(sqlite3.connect(":memory:")) as connection:
        package = genanki.Package(deck(bank, renderer))
        package.write_to_db(connection.cursor(), timestamp, itertools.count(int(timestamp * 1000)))
        _date_notes(connection, bank)
        collection = connection.serialize()
    seconds = int(timestamp)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(reproducible.zip_entry("collection.anki2", seconds, zipfile.ZIP_STORED), collection)
        archive.writestr(reproducible.zip_entry("media", seconds, zipfile.ZIP_STORED), "{}")  # no media files

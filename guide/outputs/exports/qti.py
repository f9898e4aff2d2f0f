"""IMS QTI 1.2 content package, in the dialect Canvas imports (as text2qti and Canvas's own exports write it).

Maintained generators were tried first: text2qti reads its own plain-text syntax, which re-interprets the bank's
text (`$...$` becomes LaTeX, raw HTML passes through unescaped, its Markdown differs from the site's), and
qti-package-maker's items carry no feedback per option. Writing the XML from Jinja templates keeps every option's
explanation and the site's exact rendering.
"""

from __future__ import annotations

import hashlib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import escape

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.outputs import reproducible
from guide.render.renderer import TEMPLATES, Renderer

ASSESSMENT_ID = "llm_finetuning_guide"
TITLE = "LLM Fine-Tuning Study Guide: all questions"
DESCRIPTION = (
    "Every question of the LLM Fine-Tuning Study Guide, one point each, with the explanation of every option and "
    "the sources as feedback."
)
# The options keep the bank's order, so an option's letter is the one the guide's worksheet and answer key print.
SHUFFLE = False


def ident(*parts: str) -> str:
    """A stable XML identifier: the same question and option give the same ident in every build."""
    return "g" + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]


def sources_html(question: Question) -> str:
    """The references as one HTML paragraph, escaped here so the template escapes it once more, for XML."""
    links = "; ".join(f'<a href="{escape(ref.url)}">{escape(ref.title)}</a>' for ref in question.references)
    return f"<p>Sources: {links}</p>"


# Items are objects, not dicts: Jinja looks `item.ident` up as an attribute first, and a dict's miss raises and
# catches an AttributeError for every field of every option, which was most of the template's time.
@dataclass(frozen=True, slots=True)
class _Option:
    ident: str
    text: str
    feedback: str
    correct: bool


@dataclass(frozen=True, slots=True)
class _Item:
    ident: str
    id: str
    title: str
    topic: str
    lesson: str
    objectives: str
    multiple: bool
    select: int
    stem: str
    options: list[_Option]
    answer_ids: str
    sources: str


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES / "qti"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _item(question: Question, renderer: Renderer, topic: str, lesson: str) -> _Item:
    options = [
        _Option(
            ident=ident(question.id, str(index)),
            text=str(renderer.inline(option.text)),
            feedback=str(renderer.markdown(option.explanation)),
            correct=option.correct,
        )
        for index, option in enumerate(question.options)
    ]
    return _Item(
        ident=ident(question.id),
        id=question.id,
        title=question.title or question.id,
        topic=topic,
        lesson=lesson,
        objectives=" ".join(question.objectives),
        multiple=question.select > 1,
        select=question.select,
        stem=str(renderer.markdown(question.stem)),
        options=options,
        answer_ids=",".join(option.ident for option in options),
        sources=sources_html(question),
    )


def render(bank: LoadedBank, renderer: Renderer) -> dict[str, str]:
    """The package's files, by path inside the zip."""
    titles = {topic.id: topic.title for topic in bank.topics}
    items = [
        _item(question, renderer, titles[question.topic], bank.lesson(question).title) for question in bank.questions
    ]
    env = _environment()
    return {
        "imsmanifest.xml": env.get_template("imsmanifest.xml.j2").render(assessment=ASSESSMENT_ID, title=TITLE),
        f"{ASSESSMENT_ID}/{ASSESSMENT_ID}.xml": env.get_template("assessment.xml.j2").render(
            assessment=ASSESSMENT_ID, title=TITLE, items=items
        ),
        # Canvas's exports carry the quiz's own settings beside the items; other QTI readers look for them there.
        f"{ASSESSMENT_ID}/assessment_meta.xml": env.get_template("assessment_meta.xml.j2").render(
            assessment=ASSESSMENT_ID, title=TITLE, description=DESCRIPTION, points=len(items), shuffle=SHUFFLE
        ),
    }


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    seconds = reproducible.epoch()  # the build's one date, so a rebuild gives the same bytes
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in render(bank, renderer).items():
            archive.writestr(reproducible.zip_entry(name, seconds), text)

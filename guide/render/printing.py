"""Print views of the bank: the whole guide with a question index, a worksheet without answers, and an answer key.

They show the same questions as the topic pages, without counting as a lesson's placement: the rule that each
lesson's interactive questions sit on exactly one page (`QuizSite.check_placement`) counts only `quiz(...)`. Their
markup has no data-quiz-* attributes, so quiz.js leaves it alone and nothing mistakes it for a lesson's quiz.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from guide import figures
from guide.bank.models import Question
from guide.render.renderer import instruction
from guide.site import LESSON_PAGE, TOPIC_PAGE, QuizSite

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_HEADING = re.compile(r"^(#{1,5}) ", re.MULTILINE)
_FENCE = re.compile(r"(^```.*?^```)", re.DOTALL | re.MULTILINE)
_FIGURE = re.compile(r"""\{\{\s*figure\(\s*["']([a-z0-9-]+)["']\s*\)\s*\}\}""")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
# A relative Markdown link, `](calculator.md?...)` or `](../calculator.md)`: not a URL with a scheme, an anchor or a
# root path.
_RELATIVE = re.compile(r"(\]\()(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^)?#\s]+)([^)\s]*\))")


def concept_markdown(
    docs_dir: Path,
    topic_id: str,
    lesson_id: str | None = None,
    deeper: int = 1,
    figure: Callable[[str], str] | None = None,
) -> str:
    """A topic overview's or a lesson page's notes: what lies between its title and the questions (or the lesson
    list), `deeper` heading levels lower so it nests under the topic's or lesson's heading in the printed guide. Its
    `{{ figure("name") }}` calls become `figure(name)` (the printed guide's own placeholders), since this text is not
    run through the macros again."""
    page = TOPIC_PAGE.format(id=topic_id) if lesson_id is None else LESSON_PAGE.format(topic=topic_id, lesson=lesson_id)
    text = (docs_dir / page).read_text(encoding="utf-8")
    text = _FRONT_MATTER.sub("", text, count=1)
    text = _FIGURE.sub(lambda m: figure(m[1]) if figure else "", text)
    body = text.split("\n## Questions", 1)[0].split("\n## Lessons", 1)[0].split("{{", 1)[0]
    body = re.sub(r"\A\s*# [^\n]*\n", "", body, count=1)  # the page title: the guide prints the bank's own titles
    # Headings inside code fences are code, not headings; links are written from the page's folder, and the print
    # page sits at the top of docs/.
    parts = _FENCE.split(body)
    folder = posixpath.dirname(page)
    return "".join(part if i % 2 else _prose(part, deeper, folder) for i, part in enumerate(parts)).strip()


def _prose(text: str, deeper: int, folder: str) -> str:
    text = _HEADING.sub("#" * deeper + r"\1 ", text)
    return _RELATIVE.sub(lambda m: m[1] + posixpath.normpath(posixpath.join(folder, m[2])) + m[3], text)


def label(question: Question, limit: int = 90) -> str:
    """A question's name for the index: its title, or the start of its stem as plain text."""
    if question.title:
        return question.title
    # Plain text is enough for an index line: link text without its URL, no code or emphasis markers.
    text = " ".join(_LINK.sub(r"\1", question.stem).replace("`", "").replace("**", "").split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


class PrintViews:
    """Builds the Markdown of the print pages, with the question HTML in it as finished blocks."""

    def __init__(self, site: QuizSite, docs_dir: Path) -> None:
        self.site = site
        self.docs_dir = docs_dir
        self.page_url: str | None = None  # the print page being built, which the bank's links are relative to

    def _questions(self, kind: str, topic_id: str, heading_level: int, lesson_id: str | None = None) -> str:
        """A topic's questions in study order (lesson by lesson), or one lesson's, numbered as in the whole topic so
        the worksheet, the answer key and the printed guide agree."""
        bank, renderer = self.site.bank, self.site.renderer
        ordered = bank.in_study_order(topic_id)
        numbered = [(n, q) for n, q in enumerate(ordered, start=1) if lesson_id is None or q.lesson == lesson_id]
        questions = [q for _, q in numbered]

        def make() -> str:
            if kind == "key":
                rows = [(n, q, renderer.parts(q)[1]) for n, q in numbered]
                return renderer.render("print_key.html.j2", topic=bank.topic(topic_id), rows=rows)
            # One render per topic or lesson: a render call per question cost more than the markup it wrote.
            items = [(n, q, *renderer.parts(q), instruction(q.select)) for n, q in numbered]
            return renderer.render("print_questions.html.j2", items=items, answers=kind == "guide", level=heading_level)

        extra = bank.topic(topic_id).model_dump_json() + str([n for n, _ in numbered])
        slot = ("print", kind, topic_id, lesson_id or "", str(heading_level))
        html = renderer.cached(slot, questions, extra, make)
        return self.site.block(html, self.page_url)

    def _figure(self, name: str) -> str:
        return figures.place(self.site.block, self.site.renderer, name)

    def guide(self, page_url: str | None = None) -> str:
        """Every topic's overview and lessons, each lesson's notes with its questions, key and explanations, after an
        index of all questions."""
        self.page_url = page_url
        bank = self.site.bank
        index = self.site.renderer.render(
            "print_index.html.j2",
            topics=[(t, [(n, q, label(q)) for n, q in enumerate(bank.in_study_order(t.id), 1)]) for t in bank.topics],
        )
        sections = [self.site.block(index, page_url)]
        for topic in bank.topics:
            sections.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} .print-topic .print-break }}\n")
            sections.append(concept_markdown(self.docs_dir, topic.id, figure=self._figure))
            for lesson in topic.lessons:
                sections.append(f"### {_escape(lesson.title)} {{ #lesson-{topic.id}-{lesson.id} }}\n")
                sections.append(concept_markdown(self.docs_dir, topic.id, lesson.id, deeper=2, figure=self._figure))
                sections.append(self._questions("guide", topic.id, heading_level=4, lesson_id=lesson.id))
        return "\n\n".join(sections)

    def worksheet(self, page_url: str | None = None) -> str:
        """The questions and their options only: no marks, verdicts, explanations or sources."""
        self.page_url = page_url
        parts = []
        for number, topic in enumerate(self.site.bank.topics):
            # Each topic starts a new sheet, but the first shares its sheet with the page's introduction.
            kind = ".print-topic .print-break" if number else ".print-topic"
            parts.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} {kind} }}\n")
            parts.append(self._questions("worksheet", topic.id, heading_level=3))
        return "\n\n".join(parts)

    def answer_key(self, page_url: str | None = None) -> str:
        """The correct letters of every question, numbered as in the worksheet."""
        self.page_url = page_url
        parts = []
        for topic in self.site.bank.topics:
            parts.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} }}\n")
            parts.append(self._questions("key", topic.id, heading_level=3))
        return "\n\n".join(parts)


def _escape(text: str) -> str:
    # Topic titles go into Markdown headings: keep their characters literal.
    return re.sub(r"([\\`*_{}\[\]<>#|])", r"\\\1", text)

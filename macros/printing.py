"""Print views of the bank: the whole guide with a question index, a worksheet without answers, and an answer key.

They show the same questions as the topic pages, so they use their own placeholder kind (`quiz-print:`): the rule
that each topic's interactive questions sit on exactly one page (`QuizSite.check_placement`) counts only `quiz(...)`.
Their markup has no data-quiz-* attributes, so quiz.js leaves it alone and nothing mistakes it for a topic's quiz.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from macros import figures
from macros.models import Question
from macros.render import instruction
from macros.site import TOPIC_PAGE, QuizSite

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_HEADING = re.compile(r"^(#{1,5}) ", re.MULTILINE)
_FENCE = re.compile(r"(^```.*?^```)", re.DOTALL | re.MULTILINE)
_FIGURE = re.compile(r"""\{\{\s*figure\(\s*["']([a-z0-9-]+)["']\s*\)\s*\}\}""")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
# A relative Markdown link, `](calculator.md?...)` or `](../calculator.md)`: not a URL with a scheme, an anchor or a
# root path.
_RELATIVE = re.compile(r"(\]\()(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^)?#\s]+)([^)\s]*\))")


def print_placeholder(kind: str, topic_id: str = "") -> str:
    return f"<!-- quiz-print:{kind}:{topic_id} -->"


def concept_markdown(docs_dir: Path, topic_id: str, figure: Callable[[str], str] | None = None) -> str:
    """A topic page's concept summary: what lies between its title and `## Questions`, one heading level lower so it
    nests under the topic's heading in the printed guide. Its `{{ figure("name") }}` calls become `figure(name)`
    (the printed guide's own placeholders), since this text is not run through the macros again."""
    text = (docs_dir / TOPIC_PAGE.format(id=topic_id)).read_text(encoding="utf-8")
    text = _FRONT_MATTER.sub("", text, count=1)
    text = _FIGURE.sub(lambda m: figure(m[1]) if figure else "", text)
    body = text.split("\n## Questions", 1)[0].split("{{", 1)[0]
    body = re.sub(r"\A\s*# [^\n]*\n", "", body, count=1)  # the page title: the guide prints the bank's topic title
    # Headings inside code fences are code, not headings; links are written from the topic's folder, and the print
    # page sits at the top of docs/.
    parts = _FENCE.split(body)
    return "".join(part if i % 2 else _prose(part) for i, part in enumerate(parts)).strip()


def _prose(text: str) -> str:
    text = _HEADING.sub(r"#\1 ", text)
    folder = posixpath.dirname(TOPIC_PAGE)
    return _RELATIVE.sub(lambda m: m[1] + posixpath.normpath(posixpath.join(folder, m[2])) + m[3], text)


def label(question: Question, limit: int = 90) -> str:
    """A question's name for the index: its title, or the start of its stem as plain text."""
    if question.title:
        return question.title
    # Plain text is enough for an index line: link text without its URL, no code or emphasis markers.
    text = " ".join(_LINK.sub(r"\1", question.stem).replace("`", "").replace("**", "").split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


class PrintViews:
    """Builds the Markdown of the print pages; the question HTML goes in through the site's placeholders."""

    def __init__(self, site: QuizSite, docs_dir: Path) -> None:
        self.site = site
        self.docs_dir = docs_dir

    def _questions(self, kind: str, topic_id: str, heading_level: int) -> str:
        bank, renderer = self.site.bank, self.site.renderer
        questions = bank.questions_for(topic_id)

        def make() -> str:
            if kind == "key":
                rows = [(n, q, renderer.parts(q)[1]) for n, q in enumerate(questions, start=1)]
                return renderer.render("print_key.html.j2", topic=bank.topic(topic_id), rows=rows)
            # One render per topic: a render call per question cost more than the markup it wrote.
            items = [(n, q, *renderer.parts(q), instruction(q.select)) for n, q in enumerate(questions, start=1)]
            return renderer.render("print_questions.html.j2", items=items, answers=kind == "guide", level=heading_level)

        extra = bank.topic(topic_id).model_dump_json()
        html = renderer.cached(("print", kind, topic_id, str(heading_level)), questions, extra, make)
        return self.site.block(print_placeholder(kind, topic_id), html)

    def _figure(self, name: str) -> str:
        return figures.place(self.site.block, self.site.renderer, name)

    def guide(self) -> str:
        """Every topic's concept summary and questions with key and explanations, after an index of all questions."""
        bank = self.site.bank
        index = self.site.renderer.render(
            "print_index.html.j2",
            topics=[(t, [(n, q, label(q)) for n, q in enumerate(bank.questions_for(t.id), 1)]) for t in bank.topics],
        )
        sections = [self.site.block(print_placeholder("index"), index)]
        for topic in bank.topics:
            sections.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} .print-topic }}\n")
            sections.append(concept_markdown(self.docs_dir, topic.id, self._figure))
            sections.append(f"### Questions on {_escape(topic.title)} {{ #questions-{topic.id} }}\n")
            sections.append(self._questions("guide", topic.id, heading_level=4))
        return "\n\n".join(sections)

    def worksheet(self) -> str:
        """The questions and their options only: no marks, verdicts, explanations or sources."""
        parts = []
        for topic in self.site.bank.topics:
            parts.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} .print-topic }}\n")
            parts.append(self._questions("worksheet", topic.id, heading_level=3))
        return "\n\n".join(parts)

    def answer_key(self) -> str:
        """The correct letters of every question, numbered as in the worksheet."""
        parts = []
        for topic in self.site.bank.topics:
            parts.append(f"## {_escape(topic.title)} {{ #topic-{topic.id} }}\n")
            parts.append(self._questions("key", topic.id, heading_level=3))
        return "\n\n".join(parts)


def _escape(text: str) -> str:
    # Topic titles go into Markdown headings: keep their characters literal.
    return re.sub(r"([\\`*_{}\[\]<>#|])", r"\\\1", text)

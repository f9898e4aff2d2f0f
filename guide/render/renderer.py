"""Render the validated bank to HTML with Jinja templates and one reused Markdown converter.

Speed matters: the bank grows to thousands of questions and the site rebuilds on every edit. So one converter,
configured like the site, is reused for every fragment (building a converter per fragment dominates the cost), each
question is rendered once per build, and nothing rescans a whole page.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import markdown
from markupsafe import Markup

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.render.fastmd import plain_html, supports
from guide.render.titles import question_title

TEMPLATES = Path(__file__).parent / "templates"
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_SINGLE_PARAGRAPH = re.compile(r"\A<p>(.*)</p>\Z", re.DOTALL)


def instruction(select: int) -> str:
    """The 'Choose N.' line, derived from `select` so no author ever types it."""
    return f"Choose {NUMBER_WORDS.get(select, str(select))}."


@dataclass(frozen=True)
class RenderedOption:
    letter: str
    text: Markup
    explanation: Markup
    correct: bool


# Markdown fragments already converted, by (Markdown configuration, text). Module-level on purpose: `mkdocs serve`
# builds a new Renderer on every rebuild in the same process, and an edit to one question should cost one question's
# conversion, not the whole bank's. The exports reuse the pages' conversions the same way.
_FRAGMENTS: dict[tuple[str, str], Markup] = {}


# A topic's rendered questions (topic page or print view), by slot, with the key they were rendered from: the
# questions' content, the Markdown configuration and the templates. Module-level for the same reason: a rebuild after
# one edit renders that question's topic again, not every topic.
_TOPICS: dict[tuple[str, ...], tuple[str, str]] = {}


def _config_key(extensions: list[Any], configs: Mapping[str, Any]) -> str:
    return json.dumps([[repr(e) for e in extensions], configs], sort_keys=True, default=repr)


class Renderer:
    """Turns questions into HTML. Create one per build; it caches each question's converted stem and options."""

    def __init__(
        self,
        extensions: Iterable[Any] = ("attr_list", "md_in_html", "tables", "pymdownx.superfences"),
        extension_configs: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        configs = {name: dict(settings) for name, settings in (extension_configs or {}).items()}
        if "pymdownx.highlight" in configs:
            # Each question's Markdown is converted alone, so every code block would be block 0 and its line anchors
            # (`__codelineno-0-1`) would repeat on a page that shows two questions with code: the bank's code has none.
            configs["pymdownx.highlight"]["anchor_linenums"] = False
        # Python-Markdown resets its state between documents with reset(), which is far cheaper than a new instance.
        self._md = markdown.Markdown(extensions=list(extensions), extension_configs=configs)
        self._config = _config_key(list(extensions), configs)
        self._fast = supports(extensions, configs)
        self._jinja = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self._parts: dict[str, tuple[Markup, list[RenderedOption]]] = {}
        self._dumps: dict[str, str] = {}
        # Templates may change while `mkdocs serve` runs: their dates are part of every cached topic's key.
        self._templates = json.dumps(sorted((p.name, p.stat().st_mtime_ns) for p in TEMPLATES.rglob("*.j2")))

    def markdown(self, text: str) -> Markup:
        """Block Markdown to HTML. Authors' raw HTML is escaped, not passed through: the bank is text, not markup."""
        key = (self._config, text)
        cached = _FRAGMENTS.get(key)
        if cached is None:
            # Most fragments are plain prose, which guide/render/fastmd.py renders identically at a fraction of the
            # cost.
            html = plain_html(text) if self._fast else None
            if html is None:
                self._md.reset()
                html = self._md.convert(_escape_raw_html(text))
            cached = _FRAGMENTS[key] = Markup(html)
        return cached

    def source(self, text: str) -> str:
        """A Markdown text as an export that keeps Markdown (the JSON bank) writes it: unchanged here; a
        doclinks.LinkedRenderer makes the bank's `guide:` links absolute."""
        return text

    def inline(self, text: str) -> Markup:
        """One line of Markdown without its paragraph wrapper, for labels and summaries."""
        html = str(self.markdown(text)).strip()
        match = _SINGLE_PARAGRAPH.match(html)
        return Markup(match.group(1) if match else html)

    def parts(self, question: Question) -> tuple[Markup, list[RenderedOption]]:
        """A question's stem and options as HTML, converted once per build and shared by the topic and print pages."""
        cached = self._parts.get(question.id)
        if cached is None:
            options = [
                RenderedOption(
                    letter=chr(65 + index),
                    text=self.inline(option.text),
                    explanation=self.markdown(option.explanation),
                    correct=option.correct,
                )
                for index, option in enumerate(question.options)
            ]
            cached = self._parts[question.id] = (self.markdown(question.stem), options)
        return cached

    def cached(self, slot: tuple[str, ...], questions: Iterable[Question], extra: str, make: Callable[[], str]) -> str:
        """`make()`, or what it returned last time in this process for `slot` with the same questions and `extra`."""
        parts = [self._config, self._templates, extra]
        for question in questions:
            dump = self._dumps.get(question.id)
            if dump is None:
                dump = self._dumps[question.id] = question.model_dump_json()
            parts.append(dump)
        key = hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        hit = _TOPICS.get(slot)
        if hit is not None and hit[0] == key:
            return hit[1]
        html = make()
        _TOPICS[slot] = (key, html)
        return html

    def render(self, template: str, **context: Any) -> Markup:
        """Render one of guide/render/templates/ with autoescaping (for modules that build other views of the bank)."""
        return Markup(self._jinja.get_template(template).render(**context))

    def _item(self, question: Question, number: int) -> dict[str, Any]:
        stem, options = self.parts(question)
        return {
            "question": question,
            "number": number,
            "title": question_title(question),
            "stem": stem,
            "options": options,
            "instruction": instruction(question.select),
            "input_type": "radio" if question.select == 1 else "checkbox",
        }

    def question(self, question: Question, number: int) -> Markup:
        """One question as on a topic page (pages render a whole topic at once with `topic`)."""
        return Markup(self._jinja.get_template("question.html.j2").render(**self._item(question, number)))

    def lesson(
        self, bank: LoadedBank, topic_id: str, lesson_id: str, permalink: Mapping[str, str] | None = None
    ) -> str:
        """One lesson's questions with the page score, as on its lesson page; `permalink` says where the
        permanent-link page is (`local`, relative to the page) and its published address (`published`, or "")."""
        links = dict(permalink or {"local": "", "published": "", "exam": ""})
        topic = bank.topic(topic_id)
        lesson = next(item for item in topic.lessons if item.id == lesson_id)
        questions = bank.questions_in(topic_id, lesson_id)

        def make() -> str:
            # One render for the whole lesson: a render call per question cost more than the markup it wrote.
            items = [self._item(q, n) for n, q in enumerate(questions, start=1)]
            return self._jinja.get_template("quiz.html.j2").render(
                topic=topic,
                lesson=lesson,
                questions=questions,
                items=items,
                permalink=links,
                objectives=bank.lesson_objectives(topic_id, lesson_id),
            )

        taught = "".join(o.model_dump_json() for o in bank.lesson_objectives(topic_id, lesson_id))
        extra = topic.model_dump_json() + json.dumps(links, sort_keys=True) + taught
        return self.cached(("lesson", topic_id, lesson_id), questions, extra, make)


def _escape_raw_html(text: str) -> str:
    # Escape '<' and '&' outside code so an author's "<script>" shows as text and "&" stays an ampersand; code spans
    # and fences are escaped by Markdown itself, so they are left alone to avoid double escaping.
    parts = re.split(r"(```.*?```|`[^`\n]*`)", text, flags=re.DOTALL)
    return "".join(
        part if index % 2 else part.replace("&", "&amp;").replace("<", "&lt;") for index, part in enumerate(parts)
    )

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
from markdown.inlinepatterns import InlineProcessor
from markupsafe import Markup

from guide.bank.models import Question
from guide.bank.validate import LoadedBank, Problem
from guide.render import sanitize
from guide.render.fastmd import plain_html, supports
from guide.render.titles import question_title

TEMPLATES = Path(__file__).parent / "templates"
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_SINGLE_PARAGRAPH = re.compile(r"\A<p>(.*)</p>\Z", re.DOTALL)
# The site's Markdown extensions bank text may use: none that passes HTML or attributes through (`attr_list`,
# `md_in_html`, pymdownx's HTML blocks) or reads files (snippets). Others the site lists are left out of bank text
# until someone checks them and adds them here.
BANK_EXTENSIONS = frozenset(
    {
        *("abbr", "admonition", "def_list", "fenced_code", "footnotes", "sane_lists", "tables", "toc"),
        *("pymdownx.details", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.superfences"),
        *("pymdownx.smartsymbols", "pymdownx.betterem", "pymdownx.caret", "pymdownx.mark", "pymdownx.tilde"),
    }
)


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
# What the sanitizer changed in a fragment, by the same key as _FRAGMENTS.
_REFUSED: dict[tuple[str, str], str] = {}


def _config_key(extensions: list[Any], configs: Mapping[str, Any]) -> str:
    return json.dumps([[repr(e) for e in extensions], configs], sort_keys=True, default=repr)


class Renderer:
    """Turns questions into HTML. Create one per build; it caches each question's converted stem and options."""

    def __init__(
        self,
        extensions: Iterable[Any] = ("tables", "pymdownx.superfences"),
        extension_configs: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        extensions, configs = bank_extensions(extensions, extension_configs or {})
        if "pymdownx.highlight" in configs:
            # Each question's Markdown is converted alone, so every code block would be block 0 and its line anchors
            # (`__codelineno-0-1`) would repeat on a page that shows two questions with code: the bank's code has none.
            configs["pymdownx.highlight"]["anchor_linenums"] = False
        # Python-Markdown resets its state between documents with reset(), which is far cheaper than a new instance.
        self._md = converter(extensions, configs)
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
        """Block Markdown to HTML. Authors' raw HTML is shown as typed, not passed through: the bank is text, not
        markup. What the sanitizer would change is published sanitized, and `refused` names it for the check."""
        key = (self._config, text)
        cached = _FRAGMENTS.get(key)
        if cached is None:
            # Most fragments are plain prose, which guide/render/fastmd.py renders identically at a fraction of the
            # cost; its output is paragraphs and code spans of escaped text, which the sanitizer cannot change.
            html = plain_html(text) if self._fast else None
            if html is None:
                self._md.reset()
                html = self._md.convert(text)
                problem = sanitize.problem(html)
                if problem is not None:
                    _REFUSED[key] = problem
                    html = sanitize.clean(html)
            cached = _FRAGMENTS[key] = Markup(html)
        return cached

    def refused(self, text: str) -> str | None:
        """Why `text` cannot be published as it renders (what the sanitizer changed, or markup written as text that
        must not stay in the bank), or None."""
        html = str(Renderer.markdown(self, text))
        return _REFUSED.get((self._config, text)) or sanitize.problem(html) or sanitize.literal_markup(html)

    def problems(self, bank: LoadedBank) -> list[Problem]:
        """Every text of the bank that cannot be published as it renders, at its field's line: the check and the
        build refuse the bank with these."""
        found = []
        for question_id, place, text in bank.texts():
            reason = self.refused(text)
            if reason is not None:
                found.append(Problem(str(bank.path), bank.line_of(place), question_id, f"{_field(place)}: {reason}"))
        return found

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


def _field(place: tuple[str | int, ...]) -> str:
    if place[1] == "options":
        return f"option {chr(65 + int(place[2]))}'s `{place[3]}`"
    return f"topic `{place[0]}`'s `summary`" if place[1] == "summary" else f"`{place[1]}`"


class _Ampersand(InlineProcessor):
    """Every `&` outside code as `&amp;`, so `&copy;` shows as typed, as code spans show it."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        return self.md.htmlStash.store("&amp;"), m.start(0), m.end(0)


def bank_extensions(
    extensions: Iterable[Any], configs: Mapping[str, Mapping[str, Any]]
) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """The site's Markdown extensions and settings that bank text uses (BANK_EXTENSIONS)."""
    names = [name for name in extensions if isinstance(name, str) and name in BANK_EXTENSIONS]
    return names, {name: dict(settings) for name, settings in configs.items() if name in names}


def converter(extensions: list[str], configs: Mapping[str, Mapping[str, Any]]) -> markdown.Markdown:
    """The bank's converter: Python-Markdown without raw HTML. Markdown's own tokenising decides what is code, and
    everything else that looks like a tag, an autolink or an entity is text (a pre-escaping regex could not know
    that a backslash before a backtick makes no code span)."""
    md = markdown.Markdown(extensions=list(extensions), extension_configs=configs)
    md.preprocessors.deregister("html_block")
    for name in ("html", "autolink", "automail", "entity"):
        md.inlinePatterns.deregister(name)
    md.inlinePatterns.register(_Ampersand("&", md), "entity", 80)
    return md

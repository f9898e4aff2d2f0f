"""What one MkDocs build knows about the quiz: the bank, the renderer, and which topics were placed on pages.

Kept apart from `define_env` so the build-time rules (each topic rendered exactly once) can be tested without MkDocs.
"""

from __future__ import annotations

import logging
import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from macros import exports
from macros.background import Job
from macros.bankscript import write_bank_script
from macros.render import Renderer
from macros.toc import add_questions, question_links
from macros.validate import BankError, LoadedBank, load_bank

# Logged under `mkdocs.plugins` so that `mkdocs build --strict` counts these warnings as failures.
log = logging.getLogger("mkdocs.plugins.quiz")

DEFAULT_BANK = "data/questions.yaml"
TOPIC_PAGE = "topics/{id}.md"
_ID = re.compile(r'\sid="([^"]+)"')


class QuizSite:
    """The quiz for one build. Pages get a placeholder comment from `quiz()`; `substitute()` swaps in the HTML after
    MkDocs has converted the page, so Python-Markdown never re-parses thousands of lines of finished HTML."""

    def __init__(self, bank: LoadedBank, renderer: Renderer) -> None:
        self.bank = bank
        self.renderer = renderer
        self.blocks: dict[str, str] = {}
        self.links: dict[str, list[tuple[str, str]]] = {}
        self.placed: Counter[str] = Counter()
        self.page_urls: dict[str, str] = {}  # topic id -> the URL of the page that holds its questions
        self.generated: Job | None = None  # the exports and questions script, being written beside the build

    @classmethod
    def from_config(cls, config: Any, bank_setting: str | None = None) -> QuizSite:
        root = Path(config.config_file_path).parent
        relative = bank_setting or DEFAULT_BANK
        try:
            bank = load_bank(root / relative, display_path=relative)
        except BankError as error:
            # A PluginError ends `mkdocs build` with this message and no traceback.
            raise PluginError(str(error)) from None
        return cls(bank, Renderer(config.markdown_extensions, config.mdx_configs))

    def quiz(self, topic_id: str, page_url: str | None = None) -> str:
        """A placeholder for all questions of one topic, with the page score; `page_url` is the calling page's."""
        if page_url is not None:
            self.page_urls[topic_id] = page_url
        try:
            self.blocks[placeholder(topic_id)] = self.renderer.topic(self.bank, topic_id)
            self.links[placeholder(topic_id)] = question_links(self.bank.questions_for(topic_id))
        except KeyError as error:
            raise PluginError(f"quiz({topic_id!r}): {error.args[0]}") from None
        # A comment on its own lines is a raw HTML block that Python-Markdown passes through unchanged.
        return f"\n\n{placeholder(topic_id)}\n\n"

    def block(self, token: str, html: str) -> str:
        """Register finished HTML for `token` (a comment); returns the token as its own Markdown block. Only `quiz()`
        tokens count towards the one-page-per-topic rule, so other views of the questions use other tokens."""
        self.blocks[token] = html
        # A comment on its own lines is a raw HTML block that Python-Markdown passes through unchanged.
        return f"\n\n{token}\n\n"

    def add_to_toc(self, html: str, toc: Any) -> None:
        """List the questions of each quiz placed in `html` (not yet substituted) in the page's `toc`."""
        for token, links in self.links.items():
            position = html.find(token)
            if position != -1:
                add_questions(toc, html[:position], links)

    def substitute(self, html: str) -> tuple[str, set[str]]:
        """Put each topic's rendered questions where its placeholder ended up in the page's HTML.

        Also returns the ids the questions bring (q-<id>, q-<id>-why-b, ...): MkDocs collected the page's anchors
        before this point, and needs them to validate links to a question from other pages.
        """
        ids: set[str] = set()
        for token, block in self.blocks.items():
            if token in html:
                self.placed[token] += html.count(token)
                html = html.replace(token, block)
                ids.update(_ID.findall(block))
        return html, ids

    def topic_table(self, page_src_uri: str) -> str:
        """A Markdown table of topics with counts, linking to the topic pages relative to the calling page."""
        here = posixpath.dirname(page_src_uri)
        rows = ["| Topic | Questions | What it covers |", "| --- | ---: | --- |"]
        for topic in self.bank.topics:
            link = posixpath.relpath(TOPIC_PAGE.format(id=topic.id), here or ".")
            count = len(self.bank.questions_for(topic.id))
            title = topic.title.replace("|", "\\|")
            summary = topic.summary.replace("|", "\\|").replace("\n", " ")
            rows.append(f"| [{title}]({link}) | {count} | {summary} |")
        rows.append(f"| **All topics** | **{len(self.bank.questions)}** | |")
        return "\n".join(rows)

    def write_downloads(self, site_dir: Path) -> list[Path]:
        """The exports (GIFT, QTI, Anki, JSON) into `<site_dir>/downloads/`, rendered like the site's pages."""
        return exports.write_all(self.bank, self.renderer, site_dir / exports.DOWNLOADS)

    def write_generated(self, site_dir: Path) -> list[Path]:
        """Everything built from the bank alone: the exports, and the questions script that the exam, review and
        instructors pages read (a script, not JSON: file:// pages cannot fetch)."""
        return [*self.write_downloads(site_dir), write_bank_script(self.bank, self.renderer, site_dir)]

    def downloads_table(self, page_url: str) -> str:
        """A Markdown table of the exports, linked relative to the calling page's URL.

        The files are written after the build, so they are not documentation files: plain HTML links, which MkDocs
        neither rewrites nor validates, computed for directory URLs (`download/`) and file URLs (`download.html`).
        """
        here = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
        rows = ["| Format | File | Use it for |", "| --- | --- | --- |"]
        for export in exports.EXPORTS:
            link = posixpath.relpath(f"{exports.DOWNLOADS}/{export.filename}", here or ".")
            rows.append(f'| {export.label} | <a href="{link}" download>{export.filename}</a> | {export.description} |')
        return "\n".join(rows)

    def check_placement(self) -> list[str]:
        """Every topic must appear on exactly one page, or questions silently vanish from the site (or repeat)."""
        problems = []
        for topic in self.bank.topics:
            times = self.placed[placeholder(topic.id)]
            call = f"`{{{{ quiz('{topic.id}') }}}}`"
            if times == 0:
                problems.append(
                    f"topic `{topic.id}`: its questions are on no page; call {call} on one page "
                    f"(usually docs/{TOPIC_PAGE.format(id=topic.id)}) and keep `hooks: [macros/hooks.py]` in mkdocs.yml"
                )
            elif times > 1:
                problems.append(f"topic `{topic.id}`: {call} is used {times} times; use it on exactly one page")
        return problems


_current: QuizSite | None = None


def placeholder(topic_id: str) -> str:
    return f"<!-- quiz-questions:{topic_id} -->"


def activate(site: QuizSite) -> None:
    """Make `site` the one that `macros/hooks.py` fills pages from during this build."""
    global _current
    _current = site


def current() -> QuizSite | None:
    return _current

"""What one MkDocs build knows about the quiz: the bank, the renderer, and which topics were placed on pages.

Kept apart from `define_env` so the build-time rules (each topic rendered exactly once) can be tested without MkDocs.
"""

from __future__ import annotations

import logging
import posixpath
from collections import Counter
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from macros.render import Renderer
from macros.validate import BankError, LoadedBank, load_bank

# Logged under `mkdocs.plugins` so that `mkdocs build --strict` counts these warnings as failures.
log = logging.getLogger("mkdocs.plugins.quiz")

DEFAULT_BANK = "data/questions.yaml"
TOPIC_PAGE = "topics/{id}.md"


class QuizSite:
    def __init__(self, bank: LoadedBank, renderer: Renderer) -> None:
        self.bank = bank
        self.renderer = renderer
        self.placed: Counter[str] = Counter()

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

    def quiz(self, topic_id: str) -> str:
        """All questions of one topic, with the page score."""
        try:
            html = self.renderer.topic(self.bank, topic_id)
        except KeyError as error:
            raise PluginError(f"quiz({topic_id!r}): {error.args[0]}") from None
        self.placed[topic_id] += 1
        return html

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

    def question_count(self, topic_id: str | None = None) -> int:
        return len(self.bank.questions_for(topic_id) if topic_id else self.bank.questions)

    def check_placement(self) -> list[str]:
        """Every topic must appear on exactly one page, or questions silently vanish from the site."""
        problems = []
        for topic in self.bank.topics:
            times = self.placed[topic.id]
            if times != 1:
                where = "no page calls" if times == 0 else f"{times} pages call"
                problems.append(
                    f"topic `{topic.id}`: {where} `{{{{ quiz('{topic.id}') }}}}`; "
                    f"expected exactly one (usually docs/{TOPIC_PAGE.format(id=topic.id)})"
                )
        return problems

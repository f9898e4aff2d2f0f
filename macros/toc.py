"""Question entries for a page's table of contents.

Questions are put into the page after Markdown conversion (see hooks.py), so the toc extension never sees their
headings. These entries make Material's TOC list every question by title, under the heading the quiz sits below.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from mkdocs.structure.toc import AnchorLink

from macros.models import Question
from macros.titles import question_title

_HEADING_ID = re.compile(r"<h[1-6][^>]*\sid=\"([^\"]+)\"")


def question_links(questions: Iterable[Question]) -> list[tuple[str, str]]:
    """(anchor id, TOC text) per question, numbered as on the page."""
    return [(f"q-{q.id}", f"{n}. {question_title(q)}") for n, q in enumerate(questions, start=1)]


def _find(items: Sequence[AnchorLink], anchor: str) -> AnchorLink | None:
    for item in items:
        if item.id == anchor:
            return item
        found = _find(item.children, anchor)
        if found is not None:
            return found
    return None


def add_questions(toc: Any, html_before: str, links: Sequence[tuple[str, str]]) -> None:
    """Append `links` under the last heading that precedes the quiz (`html_before` is the page up to it)."""
    ids = _HEADING_ID.findall(html_before)
    parent = _find(toc, ids[-1]) if ids else None
    level = parent.level + 1 if parent is not None else 2
    # TOC titles are HTML in MkDocs (the toc extension stores them escaped), and Material prints them unescaped.
    entries = [AnchorLink(escape(text, quote=False), anchor, level) for anchor, text in links]
    if parent is not None:
        parent.children.extend(entries)
    else:
        toc.extend(entries)

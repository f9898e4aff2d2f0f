"""Short question titles for headings, the table of contents and search results.

A question may carry its own `title:`; when it does not, one is derived from the stem so that every question can be
found by name. Plain text only: titles end up in TOC entries, search results and attribute values.
"""

from __future__ import annotations

import functools
import re

from guide.bank.models import Question

LIMIT = 60
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKUP = re.compile(r"[`*~]+|(?<!\w)_+|_+(?!\w)")  # snake_case names keep their underscores
_SPACE = re.compile(r"\s+")
# A sentence ends at . ? ! followed by a space and a capital, a digit or an opening quote or bracket; "e.g. the",
# "v0.1" and "1.5x" do not end one.
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9\"'(“])")


def plain(markdown: str) -> str:
    """Markdown to one line of plain text: link texts kept, code and emphasis marks dropped.

    Raw HTML stays text, as everywhere in the guide.
    """
    text = _LINK.sub(r"\1", markdown)
    text = _MARKUP.sub("", text)
    return _SPACE.sub(" ", text).strip()


@functools.cache  # the topic page and its table of contents both ask, for every question
def derive_title(stem: str, limit: int = LIMIT) -> str:
    """The stem's first sentence, cut at a word boundary to at most `limit` characters (with an ellipsis)."""
    text = plain(stem)
    first = _SENTENCE_END.split(text, maxsplit=1)[0].rstrip(" .:;,")
    if len(first) <= limit:
        return first
    cut = first[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:-–—(") + "…"


def question_title(question: Question) -> str:
    """The author's title when given, otherwise one derived from the stem."""
    return plain(question.title) if question.title else derive_title(question.stem)

"""A question ranks above the notes of its lesson in Material's search when it matches as well.

Material indexes each heading's section as a document and scores them with lunr (BM25): a lesson's "Key ideas" is
several times longer than any question and names the lesson's terms many times, so a search for words a question
holds, all of them, listed that question under the notes. Material honours a boost per document (`search.boost` in
a page's front matter boosts every section of the page); this gives one to the sections that are questions, found
by their heading's anchor (`#q-<id>-title`, guide/render/templates/question.html.j2). Used from macros/hooks.py; if
Material's SearchIndex ever looks different, nothing is patched.
"""

from __future__ import annotations

import re
from typing import Any

QUESTION_SECTION = re.compile(r"#q-[^#/]+-title$")
# Enough for a question that holds every word of a search to pass its lesson's notes, which hold them more often in
# a longer text; not so much that a question holding one word passes a page about it (titles weigh 1,000).
QUESTION_BOOST = 3.0
_MARK = "_llm_guide_ranked"


def boost(entries: list[dict[str, Any]]) -> None:
    for entry in entries:
        if QUESTION_SECTION.search(str(entry.get("location", ""))):
            entry["boost"] = float(entry.get("boost", 1.0)) * QUESTION_BOOST


def install(index_class: type) -> bool:
    """Wrap `index_class.add_entry_from_context` (Material's SearchIndex) once; False when its shape is unknown.
    Install before macros/searchcache.py, so reused entries carry their boost."""
    original = getattr(index_class, "add_entry_from_context", None)
    if original is None:
        return False
    if getattr(index_class, _MARK, False):
        return True

    def add_entry_from_context(self: Any, page: Any) -> None:
        entries = getattr(self, "entries", None)
        start = len(entries) if isinstance(entries, list) else None
        original(self, page)
        if start is not None and isinstance(entries, list):
            boost(entries[start:])

    index_class.add_entry_from_context = add_entry_from_context  # type: ignore[attr-defined]
    setattr(index_class, _MARK, True)
    return True

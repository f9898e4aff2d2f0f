"""`mkdocs serve` reuses the search entries of pages whose content did not change since the previous rebuild.

Material's search plugin parses every page's finished HTML on every build, with Python's pure-Python HTML parser: on
a rebuild after editing one question that is most of the time, though only that question's topic page changed. The
entries of a page depend only on its address, title, content, table of contents and search settings, so when all of
those are the same as last time in this process, last time's entries are reused. A clean build parses every page as
before. Used from macros/hooks.py; if Material's SearchIndex ever looks different, nothing is patched.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

# Page URL -> (what its entries were computed from, the entries). One per page: the latest content only.
_ENTRIES: dict[str, tuple[str, list[dict[str, Any]]]] = {}
_PATCHED = "_llm_guide_cached"


def _key(page: Any) -> str:
    toc = json.dumps([(item.id, item.title, [(c.id, c.title) for c in item.children]) for item in page.toc or []])
    meta = json.dumps({k: page.meta.get(k) for k in ("search", "tags", "title")}, default=str, sort_keys=True)
    digest = hashlib.blake2b(digest_size=16)
    for part in (page.url, str(page.title), meta, toc, page.content or ""):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def install(index_class: type) -> bool:
    """Wrap `index_class.add_entry_from_context` (Material's SearchIndex) once; False when its shape is unknown."""
    original = getattr(index_class, "add_entry_from_context", None)
    if original is None or getattr(original, _PATCHED, False):
        return original is not None

    def add_entry_from_context(self: Any, page: Any) -> None:
        entries = getattr(self, "entries", None)
        if not isinstance(entries, list):
            return original(self, page)
        key = _key(page)
        cached = _ENTRIES.get(page.url)
        if cached is not None and cached[0] == key:
            entries.extend(dict(entry) for entry in cached[1])
            return None
        start = len(entries)
        original(self, page)
        _ENTRIES[page.url] = (key, [dict(entry) for entry in entries[start:]])
        return None

    setattr(add_entry_from_context, _PATCHED, True)
    index_class.add_entry_from_context = add_entry_from_context  # type: ignore[attr-defined]
    return True

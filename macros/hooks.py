"""MkDocs hook (listed under `hooks:` in mkdocs.yml): fills each page's quiz placeholders with the rendered questions.

It runs after Python-Markdown has converted the page, so the finished question HTML is never parsed as Markdown.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# MkDocs imports hook files by path; make the project importable so this is the same `macros` package the macros
# plugin loads (and so the same build state).
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from macros.site import current  # noqa: E402 - needs the path above


def on_page_content(html: str, page: Any, **_: Any) -> str:
    site = current()
    if site is None:
        return html
    html, ids = site.substitute(html)
    if ids and page.present_anchor_ids is not None:
        page.present_anchor_ids |= ids  # so `validation: anchors` accepts links to #q-<id> from other pages
    return html

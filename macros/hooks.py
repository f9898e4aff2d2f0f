"""The MkDocs hooks adapter (listed under `hooks:` in mkdocs.yml): MkDocs' events translated into the library's calls.

Pages come finished from the macros (`macros/__init__.py`); these hooks add what only MkDocs has a place for (each
question in the page's table of contents, its anchors for MkDocs' link validation, warnings that fail `--strict`), fix
the build's date at start-up, and run the one post-build step (`guide.outputs.postbuild`) at the end.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from html import escape
from pathlib import Path
from types import FrameType
from typing import Any

# MkDocs imports hook files by path; make the project importable so this is the same `macros` package the macros
# plugin loads (and so the same build state).
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.toc import AnchorLink  # noqa: E402

from guide.errors import GuideError  # noqa: E402 - needs the path above
from guide.outputs import postbuild, reproducible  # noqa: E402
from guide.render.lead import lesson_lead  # noqa: E402
from guide.render.toc import question_links, quiz_positions  # noqa: E402
from guide.site import current  # noqa: E402
from macros import PAGES_ONLY, SERVING, load_error, log, searchcache, searchrank  # noqa: E402

_ID = re.compile(r'\sid="([^"]+)"')
_HEADING_ID = re.compile(r"<h[1-6][^>]*\sid=\"([^\"]+)\"")


def _stop(signum: int, _frame: FrameType | None) -> None:
    # MkDocs cleans up (serve's temporary site folder, the background job's folder) only on Ctrl-C; without this, a
    # `kill` or a benchmark's terminate() would leave them in the temporary directory.
    raise KeyboardInterrupt(f"stopped by signal {signum}")


def on_startup(command: str, **_: Any) -> None:
    """Once per `mkdocs` run, before any config event: stop cleanly on SIGTERM, quiet the macros plugin, fix the
    build's date."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _stop)
    # The macros plugin reports its module, variables and macros on every build and rebuild (six lines, the module
    # twice); kept for `mkdocs -v`, left out otherwise. Its warnings and errors still show.
    if logging.getLogger("mkdocs").getEffectiveLevel() > logging.DEBUG:
        logging.getLogger("mkdocs.plugins.mkdocs_macros").setLevel(logging.WARNING)
    if command == "serve":
        os.environ[SERVING] = "1"
    # One date for the whole build, set before the macros plugin forks its background job: MkDocs dates the sitemap
    # from SOURCE_DATE_EPOCH too, and the offline build inherits it.
    try:
        os.environ[reproducible.VARIABLE] = str(reproducible.epoch())
    except reproducible.EpochError as error:
        raise PluginError(str(error)) from None


def on_page_markdown(markdown: str, **_: Any) -> str:
    """While serving, a bank that cannot be loaded shows its problems at the top of every page (macros/__init__.py)."""
    if not load_error:
        return markdown
    listing = "\n".join("    " + line for line in load_error[0].splitlines())
    return (
        '!!! failure "The question bank has problems: fix them and this page reloads"\n\n'
        "    The bank check (`.venv/bin/python -m guide check`) says:\n\n"
        "    ```text\n" + listing + "\n    ```\n\n" + markdown
    )


def on_page_content(html: str, page: Any, config: Any, **_: Any) -> str:
    site = current()
    if site is None:
        return html
    positions = quiz_positions(html)
    for position, topic_id, lesson_id in positions:
        if page.toc is not None:
            add_questions(page.toc, html[:position], question_links(site.bank.questions_in(topic_id, lesson_id)))
    if len(positions) == 1:
        # A lesson page: its first screen says what the quiz below holds and links to it.
        only_topic, only_lesson = positions[0][1:]
        html = lesson_lead(html, len(site.bank.questions_in(only_topic, only_lesson)))
    if page.present_anchor_ids is not None:
        # Markdown collected the page's anchors without the finished blocks the macros wrote (raw HTML); MkDocs needs
        # the questions' ids (q-<id>, q-<id>-why-b, ...) to validate links to them from other pages.
        page.present_anchor_ids |= set(_ID.findall(html))
    while site.warnings:
        log.warning(site.warnings.pop(0))
    return html


def _find(items: Sequence[AnchorLink], anchor: str) -> AnchorLink | None:
    for item in items:
        if item.id == anchor:
            return item
        found = _find(item.children, anchor)
        if found is not None:
            return found
    return None


def add_questions(toc: Any, html_before: str, links: Sequence[tuple[str, str]]) -> None:
    """Append `links` under the last heading that precedes the quiz (`html_before` is the page up to it): Material's
    table of contents then lists every question by title, though Markdown never saw their headings."""
    ids = _HEADING_ID.findall(html_before)
    parent = _find(toc, ids[-1]) if ids else None
    level = parent.level + 1 if parent is not None else 2
    # TOC titles are HTML in MkDocs (the toc extension stores them escaped), and Material prints them unescaped.
    entries = [AnchorLink(escape(text, quote=False), anchor, level) for anchor, text in links]
    if parent is not None:
        parent.children.extend(entries)
    else:
        toc.extend(entries)


def on_config(config: Any, **_: Any) -> Any:
    if load_error:
        # Serving a bank that cannot be loaded: the pages say why (on_page_markdown). Links to the questions' anchors
        # are missing from every page then, so MkDocs' link checks inform instead of stopping the rebuild.
        for check in ("nav", "links"):
            for key in list(config.validation[check]):
                config.validation[check][key] = logging.INFO
    if os.environ.get(SERVING):
        # No installable app while serving: its worker would answer with the pages as they were when it installed,
        # while the author edits them.
        config.extra["app"] = False
    if config.plugins.get("material/search") or config.plugins.get("search"):
        # Questions rank above their lesson's notes (macros/searchrank.py); rebuilds in `mkdocs serve` reuse the
        # search entries of unchanged pages (macros/searchcache.py), boosts included.
        from material.plugins.search.plugin import SearchIndex

        searchrank.install(SearchIndex)
        searchcache.install(SearchIndex)
    # Edit links need a repository: without REPO_URL, MkDocs would warn (and --strict fail) on the relative edit_uri.
    if not config.repo_url:
        config.edit_uri = None
    if not config.site_url:
        # Instant navigation needs the sitemap, which a build without site_url leaves out (below): without this, every
        # page of a local build would request a missing sitemap.xml.
        features = config.theme["features"]
        features[:] = [f for f in features if not f.startswith("navigation.instant")]
    return config


def on_post_build(config: Any, **_: Any) -> None:
    """The one post-build step (guide/outputs/postbuild.py): exports, the bank's and topics' scripts, the placement
    check, minified and content-addressed assets, the Content-Security-Policy and the app's service worker (neither
    while serving), the offline zip."""
    site = current()
    if site is None or os.environ.get(PAGES_ONLY):
        return
    try:
        serving = bool(os.environ.get(SERVING))
        problems = postbuild.run(
            site,
            Path(config.site_dir),
            config.extra.get("offline_zip") or "",
            app=bool(config.extra.get("app")),
            policy=not serving,
        )
    except GuideError as error:
        raise PluginError(str(error)) from None
    for problem in problems:
        log.warning(problem)

"""MkDocs hook (listed under `hooks:` in mkdocs.yml): fills each page's quiz placeholders with the rendered questions.

It runs after Python-Markdown has converted the page, so the finished question HTML is never parsed as Markdown.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

# MkDocs imports hook files by path; make the project importable so this is the same `macros` package the macros
# plugin loads (and so the same build state).
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from mkdocs.exceptions import PluginError  # noqa: E402

from macros import doclinks, offline, reproducible, searchcache  # noqa: E402 - needs the path above
from macros.fingerprint import fingerprint  # noqa: E402
from macros.minify import minify_assets  # noqa: E402
from macros.site import current, log  # noqa: E402


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
    # One date for the whole build, set before the macros plugin forks its background job: MkDocs dates the sitemap
    # from SOURCE_DATE_EPOCH too, and the offline build inherits it.
    try:
        os.environ[reproducible.VARIABLE] = str(reproducible.epoch())
    except reproducible.EpochError as error:
        raise PluginError(str(error)) from None


def on_page_content(html: str, page: Any, config: Any, **_: Any) -> str:
    site = current()
    if site is None:
        return html
    if page.toc is not None:
        site.add_to_toc(html, page.toc)
    html, ids = site.substitute(html)
    if ids and page.present_anchor_ids is not None:
        page.present_anchor_ids |= ids  # so `validation: anchors` accepts links to #q-<id> from other pages
    # The bank's links to the guide's own pages (`guide:calculator.md?...`), made relative to this page.
    if links := doclinks.targets(html):
        for doc in doclinks.missing(links, Path(config.docs_dir)):
            log.warning(f"A question on {page.file.src_uri} links to guide:{doc}, which is not a page in docs/")
        html = doclinks.resolve(html, page.url, config.use_directory_urls)
    return html


def on_config(config: Any, **_: Any) -> Any:
    if config.plugins.get("material/search") or config.plugins.get("search"):
        # Rebuilds in `mkdocs serve` reuse the search entries of unchanged pages (macros/searchcache.py).
        from material.plugins.search.plugin import SearchIndex

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
    minify_assets(Path(config.site_dir))
    # Last, once every script and style is final: their addresses name their content (macros/fingerprint.py).
    fingerprint(Path(config.site_dir))
    archive = config.extra.get("offline_zip")
    if archive:
        offline.publish(Path(archive), Path(config.site_dir))
    if not config.site_url:
        # Without a site_url the sitemap can only list root-relative paths, which no crawler can use; leave it out.
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (Path(config.site_dir) / name).unlink(missing_ok=True)

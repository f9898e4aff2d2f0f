"""Macros for the Download and About pages: what this build offers for download, and where to report a mistake.

Plain functions of the MkDocs config and the page, so they are testable without a build.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from markupsafe import Markup

from guide.outputs import offline
from guide.render.renderer import Renderer


def offline_download(renderer: Renderer, config: Any, page_url: str, short: bool = False) -> Markup:
    """The offline zip's link with size, version and date; in the offline copy, which copy this is."""
    extra = config.extra
    if extra.get("offline_build"):
        return renderer.render(
            "download.html.j2", this_copy=True, version=offline.version(), built=offline.build_time().date()
        )
    archive = Path(extra.get("offline_zip") or "")
    if not archive.name or not archive.is_file():
        return renderer.render("download.html.j2", this_copy=False, download=None, short=short)
    info = offline.describe(archive)
    here = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
    href = posixpath.relpath(f"{offline.DOWNLOADS}/{info.name}", here or ".")
    return renderer.render("download.html.j2", this_copy=False, download=info, href=href, short=short)


def report_link(config: Any) -> str:
    """Markdown saying where to report a mistake: the repository's issues when the build knows the repository."""
    repo = (config.repo_url or "").rstrip("/")
    if repo:
        return f"[open an issue in the guide's repository]({repo}/issues)"
    return (
        "tell whoever gave you this copy (it was built without a repository address, `REPO_URL`, so there is no "
        "link to its issue tracker here)"
    )

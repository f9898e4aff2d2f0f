"""The installable app's service worker: the whole guide kept on the device, listed by the content of every file.

The worker's code is `docs/assets/app/sw.js` (MkDocs copies it, minify.py shrinks it). This step, the last one that
reads the pages, moves it to the site's root, since a worker only controls pages under its own folder, and puts the
build's list in front of it: every page, script, style, question script, image and the search index, each with the
same digest (`fingerprint.digest`) its `?v=` address carries, and the address a page asks for. Equal builds give an
equal `sw.js`; a changed file changes it, and the browser installs the new worker beside the old one
(docs/assets/app/sw.js says how they take turns).

Builds without the app (the offline copy, opened from file://, and `mkdocs serve`, whose pages change under the
author's hands) get no worker and no manifest.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from guide.outputs.fingerprint import address, digest

SOURCE = "assets/app/sw.js"
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
# Source maps (for debugging Material), the downloads (megabytes each, and the guide itself is what is kept), the
# search languages other than English (never loaded) and the sitemap's gzipped copy.
LEFT_OUT = re.compile(r"(\.map$|^downloads/|^assets/javascripts/lunr/|^sitemap\.xml\.gz$)")
_BANK_VERSION = re.compile(r'"version":"([0-9a-f]+)"')
_QUESTIONS = "assets/generated/bank/q/"


def page_path(relative: str, directory_urls: bool) -> str:
    """The address a link uses for a built page: `topics/peft/` for `topics/peft/index.html` (folder URLs)."""
    if directory_urls and posixpath.basename(relative) == "index.html" and relative != "404.html":
        return relative[: -len("index.html")]
    return relative


def precache_list(site_dir: Path, versions: dict[str, str], directory_urls: bool) -> list[tuple[str, str, int]]:
    """(address, digest, bytes) for every file the guide needs offline, sorted by address."""
    index = site_dir / "assets/generated/bank/index.js"
    found = _BANK_VERSION.search(index.read_text(encoding="utf-8")) if index.is_file() else None
    bank_version = found.group(1) if found else ""
    entries = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        relative = path.relative_to(site_dir).as_posix()
        if relative in (SOURCE, WORKER) or LEFT_OUT.search(relative):
            continue
        data = path.read_bytes()
        own = digest(data)
        if relative in versions:
            at = address(relative, versions[relative])
        elif relative.startswith(_QUESTIONS) and bank_version:
            at = address(relative, bank_version)  # assets/base/bank.js asks for the index's version
        elif relative.endswith(".html"):
            at = page_path(relative, directory_urls)
        else:
            at = relative
        entries.append((at, own, len(data)))
    return sorted(entries)


def worker_script(site_dir: Path, entries: list[tuple[str, str, int]]) -> str:
    listing = [[at, own, size] for at, own, size in entries]
    files = json.dumps(listing, separators=(",", ":"), ensure_ascii=False)
    pages = sum(1 for at, _, _ in entries if at == "" or at.endswith(("/", ".html")))
    head = {
        "version": digest(files.encode("utf-8")),
        "bytes": sum(size for _, _, size in entries),
        "pages": pages,
    }
    meta = json.dumps(head, separators=(",", ":"))[:-1]
    code = (site_dir / SOURCE).read_text(encoding="utf-8")
    return f'self.GUIDE_OFFLINE={meta},"files":{files}}};\n{code}'


def write(site_dir: Path, versions: dict[str, str], directory_urls: bool, app: bool) -> Path | None:
    """Write `sw.js` at the root of the finished build (or, without the app, remove what only the app uses)."""
    source = site_dir / SOURCE
    if not app:
        source.unlink(missing_ok=True)
        (site_dir / MANIFEST).unlink(missing_ok=True)
        return None
    if not source.is_file():
        return None
    entries = precache_list(site_dir, versions, directory_urls)
    target = site_dir / WORKER
    target.write_text(worker_script(site_dir, entries), encoding="utf-8")
    source.unlink()
    return target

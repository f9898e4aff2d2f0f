"""Content-addressed addresses for the scripts and styles the guide ships, so a deploy never mixes old and new code.

A browser may keep `assets/quiz/quiz.js` for as long as its cache allows, and then run last week's script against this
week's pages. After every build (`macros/hooks.py`, once the files are final: minified, generated, background work
moved in), each of the guide's own scripts and styles gets the first hex digits of the SHA-256 of its shipped bytes,
and every page that loads it asks for `assets/quiz/quiz.js?v=<digest>`: a changed file gets a new address in every page,
an unchanged one keeps its address and stays cached.

A query rather than a renamed file: `file://` ignores the query, so the offline copy loads the same files, and the
names stay what the sources, the tests and the README call them. Material's own bundle already carries a hash in its
name and is left alone. Every script is named by a page that loads it (`extra_javascript`, or a page's front matter),
so no table of addresses is needed; the question content scripts (guide/outputs/bankscript.py) carry the bank index's
version instead.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

# The guide's own files: its scripts and styles in their feature folders, the generated scripts, the vendored browser
# code. Material's bundle (assets/javascripts/, assets/stylesheets/) has content-hashed names of its own, and each
# question's content script carries the bank index's version (guide/outputs/bankscript.py): thousands of them must not
# grow the versions table every page loads.
SHIPPED = ("assets/**/*.js", "assets/**/*.css")
NOT_OURS = ("assets/javascripts/", "assets/stylesheets/", "assets/generated/bank/q/")
DIGITS = 10  # 40 bits: a collision between two versions of one file is not a practical concern
# A relative src or href without a query or fragment; a colon would be a scheme (https:, data:), never one of ours.
_ADDRESS = re.compile(r'(\s(?:src|href)=")([^"#?:]+)"')


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:DIGITS]


def shipped_versions(site_dir: Path) -> dict[str, str]:
    """Path under the site (posix) -> digest of its bytes, for every shipped file."""
    found: dict[str, str] = {}
    for pattern in SHIPPED:
        for path in sorted(site_dir.glob(pattern)):
            name = path.relative_to(site_dir).as_posix()
            if path.is_file() and not name.startswith(NOT_OURS):
                found[name] = digest(path.read_bytes())
    return found


def address(path: str, version: str) -> str:
    return f"{path}?v={version}"


def rewrite_page(html: str, page: str, versions: dict[str, str]) -> str:
    """Add `?v=<digest>` to every relative src and href of `html` (the page at site path `page`) naming a shipped
    file."""
    folder = posixpath.dirname(page)

    def versioned(match: re.Match[str]) -> str:
        value = match.group(2)
        if value.startswith("/"):
            return match.group(0)
        version = versions.get(posixpath.normpath(posixpath.join(folder, value)))
        return match.group(0) if version is None else f'{match.group(1)}{address(value, version)}"'

    return _ADDRESS.sub(versioned, html)


def fingerprint(site_dir: Path) -> dict[str, str]:
    """Point every page of the finished build at versioned addresses; return the versions."""
    versions = shipped_versions(site_dir)
    for path in sorted(site_dir.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        changed = rewrite_page(html, path.relative_to(site_dir).as_posix(), versions)
        if changed != html:
            path.write_text(changed, encoding="utf-8")
    return versions

"""Minify the guide's own scripts and styles in a finished build.

The sources in docs/assets/ (feature folders) stay commented and readable; what a learner downloads on every page
loses comments and whitespace (about a third of the gzipped bytes). Material's bundle (assets/javascripts/,
assets/stylesheets/) is minified already, and vendored files (assets/vendor/) stay byte-identical to their packages.
"""

from __future__ import annotations

from pathlib import Path

import rcssmin
import rjsmin

OWN = ("assets/**/*.js", "assets/**/*.css")
# Each question's content script is one line of compact JSON already (guide/outputs/bankscript.py).
NOT_OURS = ("assets/javascripts/", "assets/stylesheets/", "assets/vendor/", "assets/generated/bank/q/")


def minify(text: str, suffix: str) -> str:
    if suffix == ".js":
        return rjsmin.jsmin(text, keep_bang_comments=True)
    if suffix == ".css":
        return rcssmin.cssmin(text, keep_bang_comments=True)
    return text


def minify_assets(site_dir: Path) -> list[Path]:
    """Minify the guide's own assets under `site_dir` in place; return the files changed."""
    changed = []
    for pattern in OWN:
        for path in sorted(site_dir.glob(pattern)):
            if path.relative_to(site_dir).as_posix().startswith(NOT_OURS):
                continue
            text = path.read_text(encoding="utf-8")
            smaller = minify(text, path.suffix)
            if smaller != text:
                path.write_text(smaller, encoding="utf-8")
                changed.append(path)
    return changed

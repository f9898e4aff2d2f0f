"""A Content-Security-Policy for the published site, as a `<meta http-equiv>` tag in every page.

GitHub Pages sends no headers a site can choose, so the policy lives in each page's head, first after its charset
and before any script. Scripts run only from the site itself (`'self'`) and for the inline ones the pages carry
(Material's and the guide's own: the start-up stub, the `file://` switch, `__md_scope` at each folder depth, the
page-scripts loader), by the SHA-256 of each, read from the built pages after the last step that changes them, so
the list is true for every build. A script an attacker slipped into a page, an inline event handler or a
`javascript:` link does not run.

One policy for the whole site, not one per page: Material's instant navigation swaps pages in without reloading,
and the policy of the page a visit opened on is the one that governs the inline scripts of every page it swaps in
later. It allows `worker-src 'self'` and `manifest-src 'self'` (a service worker and a web app manifest of the site's
own) and sets no `frame-ancestors` (ignored in a `<meta>` anyway): pages may be framed, an embed page is meant to be.

The offline copy gets none: opened from `file://`, its search runs Material's worker through the `iframe-worker`
shim, which writes the worker's code into an `about:blank` frame at run time (no hash can name it, and the frame
inherits the policy), and Chromium gives every `file://` page one opaque origin, which `'self'` does not describe.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

META_NAME = "Content-Security-Policy"
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]*)""", re.IGNORECASE)
_SRC = re.compile(r"\ssrc\s*=", re.IGNORECASE)
# A script element whose type is one of these runs; any other type (`application/json`, Material's config) is data.
_RUNS = {"", "text/javascript", "application/javascript", "module"}
_META = re.compile(r'\s*<meta http-equiv="Content-Security-Policy" content="[^"]*">')
_CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
# Everything but scripts, as Material and the guide need it: styles set inline by Material's palette and the
# guide's components, images as `data:` URLs in Material's stylesheets, and nothing from any other host.
POLICY = (
    "default-src 'self'",
    "script-src 'self' {hashes}",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script of `html` that a browser would run."""
    found = []
    for attributes, body in _SCRIPT.findall(html):
        kind = _TYPE.search(attributes)
        if not _SRC.search(attributes) and (kind[1].lower() if kind else "") in _RUNS:
            found.append(body)
    return found


def source(body: str) -> str:
    """The CSP source expression that allows exactly this inline script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(hashes: set[str]) -> str:
    return "; ".join(POLICY).format(hashes=" ".join(sorted(hashes)))


def apply(site_dir: Path) -> str:
    """Put the site's one policy into every page of the finished build (replacing one a previous run put there);
    return it."""
    pages = {path: _META.sub("", path.read_text(encoding="utf-8")) for path in sorted(site_dir.rglob("*.html"))}
    hashes = {source(body) for html in pages.values() for body in inline_scripts(html)}
    text = policy(hashes)
    meta = f'<meta http-equiv="{META_NAME}" content="{text}">'
    for path, html in pages.items():
        charset = _CHARSET.search(html)
        if charset is None:
            head = re.search(r"<head[^>]*>", html, re.IGNORECASE)
            if head is None:
                continue  # not a page (a fragment a download holds): no head to put a policy in
            at = head.end()
        else:
            at = charset.end()
        path.write_text(html[:at] + meta + html[at:], encoding="utf-8")
    return text

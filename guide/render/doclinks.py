"""Links from the question bank to the guide's own pages, such as a worked case in the GPU memory calculator.

A question's Markdown writes `[this case](guide:calculator.md?params=7B)`: a page of docs/ by its file name, with an
optional query and anchor. The bank is rendered once, but its HTML is shown from many places, so the link is made
right where it lands: relative to each page that shows the question (macros/hooks.py), relative to the top-level
pages that read assets/generated/questions.js, and absolute (or as plain text, without a published address) in the
exports, which are read outside the site. A link to a file that does not exist stops a strict build.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from markupsafe import Markup

from guide.render.renderer import Renderer

SCHEME = "guide:"
# In rendered HTML: the attribute as Python-Markdown writes it, then the whole link for when it must become text.
_HREF = re.compile(r'href="guide:([^"?#]*)([^"]*)"')
_ANCHOR = re.compile(r'<a href="guide:[^"]*"[^>]*>(.*?)</a>', re.DOTALL)
# In Markdown source (the JSON export keeps the bank's Markdown): `[text](guide:page.md?query#anchor)`.
_SOURCE = re.compile(r"\[([^\]]*)\]\(guide:([^)\s?#]*)([^)\s]*)\)")


def page_url(doc: str, use_directory_urls: bool) -> str:
    """The URL MkDocs gives a page of docs/: `calculator.md` is `calculator/` or `calculator.html`."""
    stem = doc[: -len(".md")] if doc.endswith(".md") else doc
    if not use_directory_urls:
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def relative(target: str, from_url: str, use_directory_urls: bool) -> str:
    """`target` (a site URL) as a link from the page at `from_url`."""
    here = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    link = posixpath.relpath(target or ".", here.rstrip("/") or ".")
    if use_directory_urls and (target.endswith("/") or not target):
        link = link.rstrip("/") + "/" if link != "." else "./"
    return link


def targets(html: str) -> list[str]:
    """The docs/ files the links in `html` point to."""
    return [match[1] for match in _HREF.finditer(html)]


def resolve(html: str, from_url: str, use_directory_urls: bool) -> str:
    """Every bank link in `html` made relative to the page at `from_url`."""
    if SCHEME not in html:
        return html
    return _HREF.sub(
        lambda m: f'href="{relative(page_url(m[1], use_directory_urls), from_url, use_directory_urls)}{m[2]}"', html
    )


def absolute(html: str, site_url: str, use_directory_urls: bool) -> str:
    """Every bank link in `html` as an absolute address on the published site, or its text alone without one."""
    if SCHEME not in html:
        return html
    if not site_url:
        return _ANCHOR.sub(lambda m: m[1], html)
    base = site_url if site_url.endswith("/") else site_url + "/"
    return _HREF.sub(lambda m: f'href="{base}{page_url(m[1], use_directory_urls)}{m[2]}"', html)


def absolute_source(text: str, site_url: str, use_directory_urls: bool) -> str:
    """`absolute` for Markdown source: every `[text](guide:…)` link as an absolute address on the published site, or
    its text alone without one, so an export that keeps Markdown reads like the others."""
    if SCHEME not in text:
        return text
    if not site_url:
        return _SOURCE.sub(lambda m: m[1], text)
    base = site_url if site_url.endswith("/") else site_url + "/"
    return _SOURCE.sub(lambda m: f"[{m[1]}]({base}{page_url(m[2], use_directory_urls)}{m[3]})", text)


def missing(links: Iterable[str], docs_dir: Path) -> list[str]:
    return sorted({doc for doc in links if not (docs_dir / doc).is_file()})


class LinkedRenderer(Renderer):
    """The wrapped renderer, sharing its converter and caches, whose Markdown comes out with the bank's links
    rewritten by `fix` (`inline` and `parts` go through `markdown`), and whose Markdown source for exports that keep
    Markdown (`source`) rewritten by `fix_source`. Its own `parts` cache, since those parts hold rewritten links."""

    def __init__(
        self, renderer: Renderer, fix: Callable[[str], str], fix_source: Callable[[str], str] | None = None
    ) -> None:
        # Not Renderer.__init__: this shares the wrapped renderer's converter, templates and fragment cache.
        self.__dict__.update(renderer.__dict__)
        self._parts = {}
        self._fix = fix
        self._fix_source = fix_source

    def markdown(self, text: str) -> Markup:
        return Markup(self._fix(str(super().markdown(text))))

    def source(self, text: str) -> str:
        return self._fix_source(text) if self._fix_source else text

"""What bank text may become: a tag and attribute allowlist, checked by a maintained sanitizer after rendering.

The renderer makes bank text safe by construction (no raw HTML, no attribute lists, entities shown as typed:
`guide/render/renderer.py`). This is the second, independent line: every rendered fragment goes through `nh3` (the
binding of the Rust sanitizer `ammonia`) with the allowlist below, which covers everything the real bank produces
(paragraphs, lists, tables, code with Pygments' highlighting spans, admonitions and details, links). When the
sanitizer would change a fragment, the fragment is not published as rendered: the renderer shows the sanitized
version, and `python -m guide check` and the build refuse the bank, naming the field and what would change.

Link targets are limited to http(s), mailto, relative addresses, `#` fragments and the guide's own `guide:` scheme,
so `javascript:`, `data:` and `vbscript:` links are refused whether written inline or as reference definitions.
"""

from __future__ import annotations

import difflib
import functools
import re
from html.parser import HTMLParser

import nh3

TAGS = frozenset(
    {
        *("p", "br", "hr", "blockquote", "div", "span", "pre", "code", "kbd", "samp", "var"),
        *("em", "strong", "b", "i", "del", "ins", "mark", "sub", "sup", "small", "abbr", "dfn", "q"),
        *("ul", "ol", "li", "dl", "dt", "dd"),
        *("table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption"),
        *("h1", "h2", "h3", "h4", "h5", "h6", "details", "summary", "a", "img"),
    }
)
# `class` everywhere (Pygments' token spans, admonitions, details); `id` only where the toc extension writes it.
ATTRIBUTES: dict[str, set[str]] = {
    "*": {"class"},
    "a": {"href", "title"},
    "abbr": {"title"},
    "img": {"src", "alt", "title"},
    "ol": {"start"},
    "th": {"style"},
    "td": {"style"},
    **{f"h{level}": {"id"} for level in range(1, 7)},
}
# Table column alignment (`| :---: |`) is the only style Markdown writes.
STYLE_PROPERTIES = frozenset({"text-align"})
URL_SCHEMES = frozenset({"http", "https", "mailto", "guide"})
ADVICE = {
    "href": "link only to http(s), mailto:, relative, #fragment or guide: addresses",
    "src": "show only images at http(s) or relative addresses",
}


@functools.cache
def clean(html: str) -> str:
    """`html` as the sanitizer lets it through (cached: a fragment repeats across pages, print views and exports)."""
    return nh3.clean(
        html,
        tags=set(TAGS),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES),
        filter_style_properties=set(STYLE_PROPERTIES),
        link_rel=None,
        strip_comments=True,
    )


def problem(html: str) -> str | None:
    """What the sanitizer would change in `html`, in words an author can act on; None when it passes unchanged.

    The sanitizer serialises HTML its own way (`<br>` for `<br />`, attribute quoting), so the two are compared as
    parsed tokens, not as text.
    """
    cleaned = clean(html)
    if cleaned == html:
        return None
    before, after = _tokens(html), _tokens(cleaned)
    if before == after:
        return None
    for kind, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if kind != "equal":
            return _describe(before[i1:i2], after[j1:j2])
    return None  # pragma: no cover - unequal token lists differ somewhere


Token = tuple[str, str, tuple[tuple[str, str], ...]]


def _describe(was: list[Token], now: list[Token]) -> str:
    """The first element or attribute of `was` (the original tokens of a changed stretch) missing from `now`."""
    for kind, name, attributes in was:
        if kind != "<":
            continue
        kept = next((dict(token[2]) for token in now if token[0] == "<" and token[1] == name), None)
        if kept is None:
            return f"it renders a `<{name}>` element, which bank text cannot hold; write plain Markdown"
        dropped = [(key, value) for key, value in attributes if kept.get(key) != value]
        links = [(key, value) for key, value in dropped if key in ADVICE]
        if links:
            key, value = links[0]
            return f'`<{name} {key}="{_short(value)}">` would lose its `{key}`: {ADVICE[key]}'
        if dropped:
            names = ", ".join(f"`{key}`" for key, _ in dropped)
            return f"`<{name}>` would lose {names}: bank text cannot set attributes; write plain Markdown"
    text = "".join(name for kind, name, _ in was if kind == "t")
    return f"its text `{_short(text)}` would change; write plain Markdown"


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Tokens(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(("<", tag, tuple(sorted((key, _value(key, value)) for key, value in attrs))))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)  # `<br />` and `<br>` are one element

    def handle_endtag(self, tag: str) -> None:
        self.tokens.append(("/", tag, ()))

    def handle_data(self, data: str) -> None:
        if self.tokens and self.tokens[-1][0] == "t":
            data = self.tokens.pop()[1] + data
        self.tokens.append(("t", data, ()))


def _value(key: str, value: str | None) -> str:
    # The sanitizer rewrites `text-align: center;` as `text-align:center`.
    return re.sub(r"\s+", "", value or "").rstrip(";") if key == "style" else value or ""


def _tokens(html: str) -> list[Token]:
    parser = _Tokens()
    parser.feed(html)
    parser.close()
    return parser.tokens


# Text that would become markup in another Markdown renderer (the JSON export keeps the bank's Markdown, and readers
# of it may render raw HTML): a tag that can run script, or any tag with attributes. `<PERSON>` or `<number>`, as the
# bank writes placeholders, stay text and are fine.
_RUNNABLE_TAG = re.compile(
    r"<\s*/?\s*(?:script|style|iframe|frame|object|embed|svg|math|img|image|video|audio|source|link|meta|base|form|"
    r"input|button|textarea|select|template|portal)\b|<[A-Za-z][\w:-]*\s+[^<>]*=",
    re.IGNORECASE,
)
# Python-Markdown's attribute lists (`{: #id .class key=value }`), which bank text does not support.
_ATTRIBUTE_LIST = re.compile(r"\{:?[ \t]*(?:[#.][\w-]|[\w-]+[ \t]*=)[^}\n]*\}")


def literal_markup(html: str) -> str | None:
    """Markup an author wrote as text outside code (which the page shows as typed), when it is an attribute list or a
    tag that could run script elsewhere: what to change, or None."""
    prose = _prose(html)
    if match := _ATTRIBUTE_LIST.search(prose):
        return (
            f"`{_short(match[0])}` is an attribute list, which bank text does not support (it shows as typed); "
            "remove it"
        )
    if match := _RUNNABLE_TAG.search(prose):
        end = prose.find(">", match.start())
        tag = prose[match.start() : end + 1] if 0 <= end < match.start() + 80 else match[0] + "…"
        return (
            f"`{_short(tag)}` is HTML that could run script where the bank's Markdown is read (the JSON "
            "export); the page would show it as typed: put it in backticks to show it as code, or remove it"
        )
    return None


class _Prose(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.code = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("code", "pre"):
            self.code += 1
        elif not self.code:
            # An abbreviation's or a link's title and an image's text are typed as text too.
            self.text.extend(f" {value} " for name, value in attrs if name in ("title", "alt") and value)
            self.text.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "pre"):
            self.code -= 1
        elif not self.code:
            self.text.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.code:
            self.text.append(data)


def _prose(html: str) -> str:
    parser = _Prose()
    parser.feed(html)
    parser.close()
    return "".join(parser.text)

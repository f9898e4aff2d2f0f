"""A fast path for the bank's plain fragments: the HTML Python-Markdown would produce, without running it.

Most stems, options and explanations are prose paragraphs with inline code spans. For those, the full pipeline
(Python-Markdown with the bank's extensions and no raw HTML, `guide/render/renderer.py`: preprocessors, block
parser, inline patterns, tree processors, serializer, postprocessors) comes down to: split into paragraphs at blank
lines, wrap each in `<p>`, escape `&`, `<` and `>`, and turn each single-backtick span into `<code>` with its
content stripped and escaped. `plain_html` does exactly that, and returns None for any text outside that subset; the
caller then runs the full converter.

Why that is safe: a text is accepted only if nothing in it can trigger anything else, judged conservatively from
the sources of Python-Markdown 3.11 and pymdown-extensions 13:

* Block syntax only starts at a line start, so every non-blank line must begin with a letter, digit (not a list
  number like `1. ` or `1) `), `(`, a quote, a backtick or an inert non-ASCII character, and no line may end with a
  space (two make a `<br>`). That rules out lists, headings, quotes, indented code, setext underlines, rules, fences,
  admonitions and details, abbreviation and reference definitions and raw HTML blocks.
* Inline syntax needs characters the text may not contain at all (`* [ ] ! \\ { } |`: emphasis, links and images,
  escapes, attribute lists, tables) or may contain only where they are inert: `_` only inside a word (the smart
  underscore then neither opens nor closes), `&`, `<` and `>` only in prose, where the bank's converter has no
  raw HTML, entity or autolink pattern (so each is text) and the serializer escapes them.
* Code spans must be single backticks paired on one line, with non-empty content and never touching each other
  (Markdown reads two adjacent backticks as one run of two), which is exactly where the pre-step's split and
  Markdown's span finder agree. Content starting with `#!` or `:` (inlinehilite's language prefixes), or containing
  `&` or `<` (seen raw by md_in_html's HTML parser), is refused.
* Smart symbols are refused by their literal core, wider than their patterns: `(c)`, `(r)`, `(tm)`, `c/o`, `+/-`,
  `=/=`, arrows, the fractions it knows (wherever they stand) and any digit followed by st/nd/rd/th.
* Non-ASCII characters are allowed only in letter, mark, symbol, punctuation and non-decimal-number categories, so no
  Unicode space, line separator, control or format character (which `strip` or the parser would treat specially) and
  no Unicode digit (which `\\d` matches) gets through.

Extensions other than those in VERIFIED, or settings that could change what plain text becomes (a TOC marker,
inlinehilite styling plain code, highlight guessing a language), turn the fast path off: see `supports`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

# The extensions the subset was checked against, each with the settings that only affect syntax the subset refuses
# (headings, fenced and highlighted code). Any other extension, or any other setting, could change plain output.
VERIFIED: dict[str, frozenset[str]] = {
    "abbr": frozenset(),
    "admonition": frozenset(),
    "attr_list": frozenset(),
    "fenced_code": frozenset(),
    "md_in_html": frozenset(),
    "tables": frozenset(),
    "toc": frozenset({"permalink", "permalink_title", "anchorlink", "toc_depth", "baselevel"}),
    "pymdownx.details": frozenset(),
    "pymdownx.highlight": frozenset({"anchor_linenums", "linenums", "linenums_style", "use_pygments"}),
    "pymdownx.inlinehilite": frozenset(),
    "pymdownx.superfences": frozenset(),
    "pymdownx.smartsymbols": frozenset(),
}

# ASCII the subset never contains: `* [ ] ! \ { } |`, tabs, carriage returns and other control characters (STX and
# ETX delimit Python-Markdown's own placeholders).
_ASCII_REFUSED = re.compile(r"[^A-Za-z0-9 \n.,;:?'\"()/=+\-%@$^~&<>#_`\x80-\U0010ffff]")
# A line start (the text is searched with a newline in front) other than a letter, digit, `(`, quote, backtick or
# non-ASCII character, or a list number; blank lines are fine.
_LINE_START_REFUSED = re.compile(r"\n(?:(?![A-Za-z0-9(\"'`\x80-\U0010ffff\n]|\Z)|[0-9]+[.)](?: |\n|\Z))")
# The literal cores of pymdownx.smartsymbols' patterns, their lookarounds left out so this matches wherever they could
# (the patterns are case-sensitive). Written as "a first character, then the rest" because a leading character set
# lets the regex engine skip ahead: the plain alternation is four times slower.
_SMART_SYMBOL = re.compile(
    r"""[(c+=<0-9-](?:
        (?<=\()(?:c|r|tm)\) | (?<=c)/o | (?<=\+)/- | (?<==)/= | (?<=-)-> | (?<=<)--
      | (?<=[0-9])(?:st|nd|rd|th)
      | (?<=1)/[234568] | (?<=2)/[35] | (?<=3)/[458] | (?<=4)/5 | (?<=5)/[68] | (?<=7)/8
    )""",
    re.VERBOSE,
)
_LOOSE_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_CODE_REFUSED = re.compile(r"[&<\n]|^ *(?:#!|:)")
_PARAGRAPH_BREAK = re.compile(r"\n{2,}")
# Letters, marks, punctuation, symbols and numbers other than decimal digits: no space, separator, control or format
# character, and nothing `\d` matches.
_INERT_CATEGORIES = frozenset(str.split("Lu Ll Lt Lm Lo Mn Mc Me No Pc Pd Ps Pe Pi Pf Po Sm Sc Sk So"))


def supports(extensions: Iterable[Any], configs: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether `plain_html` matches a converter with these extensions (names only) and settings."""
    names = list(extensions)
    if not all(isinstance(name, str) and name in VERIFIED for name in names):
        return False
    return all(name in names and set(settings) <= VERIFIED[name] for name, settings in configs.items())


def plain_html(text: str) -> str | None:
    """The converter's HTML for a plain text, or None when the text is outside the subset this module handles."""
    if "``" in text or " \n" in text or text.endswith(" ") or _ASCII_REFUSED.search(text):
        return None
    if _LINE_START_REFUSED.search("\n" + text):
        return None
    if not text.isascii() and not all(_inert(char) for char in set(text) if char > "\x7f"):
        return None
    body = text.strip("\n")
    if not body:
        return ""
    # Smart symbols and loose underscores only matter in prose, not in code; a match in a prose part is a match in the
    # whole text, so the parts need checking only when the whole text has one.
    smart = _SMART_SYMBOL.search(text) is not None
    underscore = "_" in text
    paragraphs = []
    for block in _PARAGRAPH_BREAK.split(body):
        parts = block.split("`")
        if len(parts) % 2 == 0:
            return None
        html = []
        for index, part in enumerate(parts):
            if index % 2:
                if not part or _CODE_REFUSED.search(part):
                    return None
                html.append(f"<code>{_escape(part.strip(' '))}</code>")
            else:
                if smart and _SMART_SYMBOL.search(part):
                    return None
                if underscore and "_" in part and _LOOSE_UNDERSCORE.search(part):
                    return None
                html.append(_escape(part))
        paragraphs.append(f"<p>{''.join(html)}</p>")
    return "\n".join(paragraphs)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@functools.cache
def _inert(char: str) -> bool:
    return unicodedata.category(char) in _INERT_CATEGORIES

"""Parse YAML into plain data plus the source line of every value, so every error can name a line.

PyYAML's `safe_load` throws away positions; composing the node graph keeps them. Paths are tuples like
`("questions", 3, "options", 1, "correct")`, the same shape as pydantic's error locations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

Loc = tuple[str | int, ...]

# libyaml's parser keeps the same marks and is about ten times faster on a large bank; PyYAML's pure-Python loader is
# the fallback where the wheel was built without it.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


@dataclass
class SourceMap:
    """Line numbers (1-based) of keys and values in one YAML file."""

    path: Path
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int:
        """The line of `loc`, or of its nearest ancestor that exists (a missing field is reported at its parent)."""
        for end in range(len(loc), -1, -1):
            if loc[:end] in self.lines:
                return self.lines[loc[:end]]
        return 1


@dataclass(frozen=True)
class YamlProblem:
    """A problem found while reading the YAML itself, before any schema check."""

    line: int
    message: str
    loc: Loc | None = None
    question_id: str | None = None  # for a syntax error, the question whose text holds it


# A bank nests six levels deep (questions, a question, options, an option); this leaves room, and stops a hostile
# file before the composer's recursion does (10,000 levels crashed it with a traceback; 100,000 with a segfault).
MAX_DEPTH = 32
_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def parse(text: str, path: Path) -> tuple[Any, SourceMap, list[YamlProblem]]:
    """Return (data, source map, problems). Syntax errors come back as problems, never as exceptions."""
    source = SourceMap(path)
    try:
        if refused := _screen(text):
            return None, source, refused
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None, source, []
            problems: list[YamlProblem] = []
            data = _walk(node, (), source, problems, loader)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        column = mark.column + 1 if mark else 1
        reason = error.problem or error.context or "invalid YAML"
        message = f"YAML syntax error at column {column}: {reason}"
        hint = _hint(reason)
        return None, source, [YamlProblem(line, f"{message}; {hint}" if hint else message, None, _around(text, line))]
    except yaml.reader.ReaderError as error:  # a control character, which carries a position but no mark
        line = text.count("\n", 0, error.position) + 1
        column = error.position - text.rfind("\n", 0, error.position)
        code = f"U+{ord(text[error.position]):04X}" if error.position < len(text) else "a character"
        message = f"{code} at column {column} is a control character, which YAML does not allow; remove it"
        return None, source, [YamlProblem(line, message, None, _around(text, line))]
    except yaml.YAMLError as error:
        return None, source, [YamlProblem(1, f"YAML could not be read: {error}")]
    return data, source, problems


def _screen(text: str) -> list[YamlProblem]:
    """Anchors and aliases, and nesting deeper than MAX_DEPTH, found in the parser's events before anything is built:
    an alias can multiply a kilobyte into gigabytes ("billion laughs"), and a bank has no use for either."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        line = event.start_mark.line + 1 if event.start_mark else 1
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent):
            message = f"`*{anchor}` is a YAML alias, which the bank does not allow; write the value out in full"
            return [YamlProblem(line, message, None, _around(text, line))]
        if anchor:
            message = f"`&{anchor}` is a YAML anchor, which the bank does not allow; remove it"
            return [YamlProblem(line, message, None, _around(text, line))]
        if isinstance(event, _STARTS):
            depth += 1
            if depth > MAX_DEPTH:
                message = f"values are nested more than {MAX_DEPTH} levels deep (a bank needs 6); flatten them"
                return [YamlProblem(line, message, None, _around(text, line))]
        elif isinstance(event, _ENDS):
            depth -= 1
    return []


# What usually causes each syntax error in a bank, and what to change: PyYAML's words name the parser's state, not the
# author's mistake.
_HINTS = (
    (
        "could not find expected ':'",
        "usually a line of a `|` block (a stem or an explanation) indented less than the block's first line, which "
        "ends the block early so that YAML reads the line as a new field: indent it like the lines above it (look at "
        "this line and the one before it)",
    ),
    (
        "mapping values are not allowed",
        "usually text that contains a colon and a space (`Note: ...`) written without quotes: write it as a `|` block "
        "or put it in double quotes",
    ),
    (
        "did not find expected '-' indicator",
        "usually an option or a reference indented differently from the ones before it, or one that lacks its `- `: "
        "line it up with its siblings",
    ),
    (
        "did not find expected key",
        "usually a field indented differently from the other fields of its question or option: line it up with them",
    ),
    ("found character '\\t'", "indent with spaces: YAML does not allow tabs"),
)


def _hint(reason: str) -> str:
    return next((hint for start, hint in _HINTS if reason.startswith(start)), "")


def _around(text: str, line: int) -> str | None:
    """The id of the question whose lines hold `line` (the nearest `- id:` item at or above it), if any."""
    lines = text.splitlines()
    for number in range(min(line, len(lines)) - 1, -1, -1):
        match = _QUESTION.match(lines[number])
        if match:
            return match[1]
        if lines[number].startswith("questions:"):
            return None
    return None


_QUESTION = re.compile(r"^  - id:\s*([^\s#]+)")


def _walk(node: yaml.Node, loc: Loc, source: SourceMap, problems: list[YamlProblem], loader: SafeConstructor) -> Any:
    """Record the lines under `node` and return its value. Strings, lists and string-keyed mappings, which are all a
    bank holds, are built here in the same pass; anything else goes to PyYAML's constructor, whose generic path cost
    half as much again as parsing."""
    source.lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.ScalarNode):
        return node.value if node.tag == _STR else loader.construct_object(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        items = [_walk(item, (*loc, index), source, problems, loader) for index, item in enumerate(node.value)]
        return items if node.tag == _SEQ else loader.construct_object(node, deep=True)
    # Merge keys (`<<`), non-string keys and tagged mappings keep PyYAML's meaning.
    plain = node.tag == _MAP and all(isinstance(k, yaml.ScalarNode) and k.tag == _STR for k, _ in node.value)
    data: dict[str, Any] = {}
    seen: dict[str, int] = {}
    for key_node, value_node in node.value:
        key = str(key_node.value)
        line = key_node.start_mark.line + 1
        if key in seen:
            # PyYAML would silently keep the last value; an author almost never means that.
            message = f"duplicate key `{key}` (first on line {seen[key]}); keep one"
            problems.append(YamlProblem(line, message, (*loc, key)))
            if plain:
                data[key] = loader.construct_object(value_node, deep=True)  # the last value wins, as in PyYAML
            continue
        seen[key] = line
        source.lines[(*loc, key)] = line
        data[key] = _walk(value_node, (*loc, key), source, problems, loader)
    return data if plain else loader.construct_object(node, deep=True)

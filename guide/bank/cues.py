"""How well a test-wise reader who knows nothing of the subject would score on the bank, cue by cue.

Each cue is a strategy that ranks a question's options by a surface feature (length, words echoed from the stem,
absolute words, odd grammatical form, odd final punctuation, "also"/"both" hints) and picks the top `select`. Ties are
broken at random, so the score is an expectation. A cue within a few points of chance gives the reader nothing.

`python -m guide.bank.cues [data/questions.yaml] [--topic ID ...]` prints each cue's score next to chance; the content
tests hold every cue to within `MAX_ADVANTAGE` points of chance, in either direction (a cue far *below* chance is a
cue too: pick the opposite).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from guide.bank.models import Question
from guide.bank.validate import BankError, load_bank

MAX_ADVANTAGE = 5.0  # percentage points

_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "for",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "with",
        "as",
        "by",
        "at",
        "from",
        "into",
        "than",
        "then",
        "so",
        "if",
        "not",
        "no",
        "do",
        "does",
        "did",
        "can",
        "could",
        "should",
        "would",
        "may",
        "might",
        "will",
        "which",
        "what",
        "when",
        "where",
        "who",
        "how",
        "why",
        "their",
        "they",
        "them",
        "there",
        "one",
        "two",
        "three",
        "four",
        "five",
        "more",
        "most",
        "less",
        "any",
        "all",
        "each",
        "per",
        "via",
        "about",
        "over",
        "under",
        "team",
        "model",
        "models",
    ]
)
_ABSOLUTE = frozenset(
    [
        "only",
        "always",
        "never",
        "entirely",
        "completely",
        "all",
        "none",
        "every",
        "must",
        "cannot",
        "impossible",
        "guaranteed",
        "guarantees",
        "guarantee",
        "whole",
        "solely",
        "exclusively",
        "any",
        "nothing",
        "everything",
        "fully",
        "totally",
        "necessarily",
    ]
)
_HEDGE = frozenset(
    [
        "may",
        "might",
        "can",
        "could",
        "often",
        "usually",
        "typically",
        "generally",
        "some",
        "mostly",
        "tends",
        "likely",
        "roughly",
    ]
)
_HINT = re.compile(r"\b(also|both|as well|in addition|all of the above|together with)\b", re.IGNORECASE)
_DETERMINERS = frozenset(
    ["the", "a", "an", "this", "these", "that", "those", "each", "every", "all", "no", "its", "their"]
)
_PRONOUNS = frozenset(["it", "they", "you", "we", "there", "he", "she", "one"])


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold().replace("`", ""))


def _content(text: str) -> set[str]:
    # A crude stem (drop a plural s) so "adapters" echoes "adapter".
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in _words(text) if w not in _STOP}


def _first_word_class(text: str) -> str:
    stripped = text.strip().lstrip("*_\"'(")
    if not stripped:
        return "empty"
    if stripped[0] in "`0123456789$":
        return "code-or-number"
    first = _words(stripped[:40])
    if not first:
        return "symbol"
    word = first[0]
    if word in _DETERMINERS:
        return "determiner"
    if word in _PRONOUNS:
        return "pronoun"
    if word.endswith("ing"):
        return "gerund"
    if word.endswith("ly"):
        return "adverb"
    if stripped[0].isupper():
        return "capitalised"
    return "lower"


def _last_char_class(text: str) -> str:
    tail = text.rstrip()[-1:] or " "
    if tail in ".!?":
        return "sentence-end"
    if tail in ")]`*\"'":
        return "closing"
    if tail.isdigit() or tail == "%":
        return "number"
    return "word"


def _odd_one_out(classify: Callable[[str], str]) -> Callable[[Question], list[float]]:
    def score(question: Question) -> list[float]:
        classes = [classify(option.text) for option in question.options]
        return [-float(classes.count(c) - 1) for c in classes]

    return score


def _per_option(feature: Callable[[Question, str], float]) -> Callable[[Question], list[float]]:
    def score(question: Question) -> list[float]:
        return [feature(question, option.text) for option in question.options]

    return score


CUES: dict[str, Callable[[Question], list[float]]] = {
    "longest option": _per_option(lambda q, t: float(len(t))),
    "shortest option": _per_option(lambda q, t: -float(len(t))),
    "most words echoed from the stem": _per_option(lambda q, t: float(len(_content(t) & _content(q.stem)))),
    "fewest absolute words": _per_option(lambda q, t: -float(sum(w in _ABSOLUTE for w in _words(t)))),
    "most hedging words": _per_option(lambda q, t: float(sum(w in _HEDGE for w in _words(t)))),
    "odd grammatical form (first word)": _odd_one_out(_first_word_class),
    "odd final punctuation": _odd_one_out(_last_char_class),
    "'also' / 'both' hints": _per_option(lambda q, t: float(len(_HINT.findall(t)))),
}


def expected_hits(scores: Sequence[float], key: Sequence[int], select: int) -> float:
    """Expected number of correct options among the top `select` by score, ties broken uniformly at random."""
    keyset = set(key)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    cutoff = scores[order[select - 1]]
    above = [i for i in order if scores[i] > cutoff]
    tied = [i for i in order if scores[i] == cutoff]
    still = select - len(above)
    hits = sum(i in keyset for i in above)
    return hits + still * sum(i in keyset for i in tied) / len(tied)


@dataclass(frozen=True)
class CueResult:
    name: str
    score: float  # mean share of the reader's picks that are correct, in percent
    chance: float  # the same for a reader who picks at random, in percent

    @property
    def advantage(self) -> float:
        return self.score - self.chance


def measure(questions: Sequence[Question]) -> list[CueResult]:
    """Each cue's score over `questions`, next to chance."""
    if not questions:
        return []
    chance = 100 * sum(q.select / len(q.options) for q in questions) / len(questions)
    results = []
    for name, cue in CUES.items():
        total = sum(expected_hits(cue(q), q.key, q.select) / q.select for q in questions)
        results.append(CueResult(name, 100 * total / len(questions), chance))
    return results


def report(results: Sequence[CueResult], count: int) -> str:
    lines = [f"{count} questions; a reader using one cue alone, against chance (limit ±{MAX_ADVANTAGE:.0f} points):"]
    for r in results:
        flag = "  <-- too strong" if abs(r.advantage) > MAX_ADVANTAGE else ""
        lines.append(f"  {r.name:<36} {r.score:5.1f}%  chance {r.chance:5.1f}%  {r.advantage:+5.1f}{flag}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bank", nargs="?", default="data/questions.yaml")
    parser.add_argument("--topic", action="append", default=[], help="only these topics (repeatable)")
    args = parser.parse_args(argv)
    try:
        bank = load_bank(Path(args.bank), display_path=args.bank)
    except BankError as error:
        print(error, file=sys.stderr)
        return 1
    questions = [q for q in bank.questions if not args.topic or q.topic in args.topic]
    results = measure(questions)
    print(report(results, len(questions)))
    return 1 if any(abs(r.advantage) > MAX_ADVANTAGE for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

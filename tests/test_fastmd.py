"""The fast path for plain fragments (guide/render/fastmd.py) against the full converter it stands in for. Wherever
`plain_html` answers, its HTML must equal what `Renderer` would otherwise produce: the bank's converter (Python-
Markdown without raw HTML) with the same extensions. Checked on the real bank, the benchmark's synthetic bank and
fuzzed text, for the site's extensions, the Renderer's defaults and bare Python-Markdown (the other backtick
implementation).
"""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any

import markdown
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mkdocs.config import load_config

import guide.render.renderer
from guide.bank.validate import LoadedBank
from guide.render.fastmd import plain_html, supports
from guide.render.renderer import Renderer, bank_extensions, converter
from tests.conftest import ROOT

FastPath = Callable[[str], str | None]
Extensions = tuple[list[Any], dict[str, dict[str, Any]]]

# Measured: 2430 of the 2547 texts in data/questions.yaml (95.4%). A little slack for new questions, not for a guard
# that stops accepting whole classes of ordinary prose.
REAL_BANK_FLOOR = 0.93


@functools.cache
def site_extensions() -> Extensions:
    config = load_config(str(ROOT / "mkdocs.yml"))
    return list(config.markdown_extensions), dict(config.mdx_configs)


@functools.cache
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scripts_bench", ROOT / "scripts/bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while it executes
    spec.loader.exec_module(module)
    return module


def fragments(questions: Iterable[Any]) -> list[str]:
    """Every text Renderer.markdown converts for these questions: stems, option texts and explanations."""
    texts = []
    for q in questions:
        texts.append(q.stem)
        for option in q.options:
            texts += [option.text, option.explanation]
    return texts


def synthetic_fragments(n: int) -> list[str]:
    texts = []
    for row in bench().synthetic_bank(n):
        texts.append(row["stem"])
        for option in row["options"]:
            texts += [option["text"], option["explanation"]]
    return texts


class FullConverter:
    """The conversion Renderer.markdown falls back to, configured the same way."""

    def __init__(self, extensions: list[Any], configs: dict[str, dict[str, Any]]) -> None:
        self.md = converter(*bank_extensions(extensions, configs))

    def __call__(self, text: str) -> str:
        self.md.reset()
        return self.md.convert(text)


CONFIGS: dict[str, Callable[[], Extensions]] = {
    "site": site_extensions,
    "renderer-default": lambda: (["tables", "pymdownx.superfences"], {}),
    "bare": lambda: ([], {}),
}


@pytest.fixture(scope="module", params=list(CONFIGS))
def full(request: pytest.FixtureRequest) -> FullConverter:
    extensions, configs = CONFIGS[request.param]()
    assert supports(extensions, configs), "the fast path must be on for every configuration checked here"
    return FullConverter(extensions, configs)


@pytest.fixture(scope="module")
def site_full() -> FullConverter:
    return FullConverter(*site_extensions())


def mismatches(fast: FastPath, full: FullConverter, texts: Iterable[str]) -> Iterator[tuple[str, str, str]]:
    """(text, fast HTML, full HTML) wherever the fast path answers something other than the full converter."""
    for text in texts:
        answer = fast(text)
        if answer is not None:
            expected = full(text)
            if answer != expected:
                yield text, answer, expected


# ---------------------------------------------------------------- the same HTML, wherever the fast path answers


def test_real_bank(full: FullConverter, bank: LoadedBank) -> None:
    assert list(mismatches(plain_html, full, fragments(bank.questions))) == []


def test_synthetic_bank(full: FullConverter) -> None:
    assert list(mismatches(plain_html, full, synthetic_fragments(250))) == []


# Text made to hit the guard: every character it refuses or treats specially, and the multi-character constructs it
# has to recognise, among plenty of plain words and code spans so that a good share is still accepted.
WORDS = [*"abcdenrstxyzABX0123456789", "the", "rank", "lora_alpha", "C#", "x7", "0.5", "it's", '"q"', "(a)", "end."]
SEPARATORS = [" ", " ", " ", " ", "\n", "\n\n"]
SPECIAL_CHARS = [*"*_[]!\\<>{}|#&\"'()/=+-~^:.,;?%@$`", "\t", "\r", "\x02", "\x03", "\x0c", "\x85"]
UNICODE_CHARS = [*"×αé−²≈·Δ", "\u0303", "\u00a0", "\u2028", "\u200b", "\u0661", "\ufeff"]
CONSTRUCTS = [
    *["(c)", "(r)", "(tm)", "(C)", "c/o", "+/-", "=/=", "-->", "<--", "<-->", "1/2", "3/4", "7/8", "2/7"],
    *["1st", "2nd", "3rd", "4th", "11th", "21st", "1.5", "1. ", "1) ", "- ", "+ ", "* ", "# ", "> ", "    ", "  \n"],
    *["!!! note\n", "??? note\n", "*[HTML]: x\n", "[x]: http://y\n", "{: .c}", "{#id}", "| a | b |\n", "---\n"],
    *["===\n", "```\n", "~~~\n", "``", "`#!py x`", "`:::py x`", "`` a ` b ``", "&amp;", "&#169;", "&copy"],
    *["<b>", "<div>\n", "</p>", "<!-- c -->", "<http://x.y>", "<a@b.c>", "http://x.y", "_x_", "__x__", "**b**"],
    *["[l](u)", "![i](u)", "\\`", "a\\\nb", "[TOC]", "`a<b`", "`a&amp;b`", "`*p`", "`a\\`", "`a\nb`", "` `"],
]
CODE_CHARS = [*"ab1 _>\"'#:-/=", "α"]

SPICE = SPECIAL_CHARS + UNICODE_CHARS + CONSTRUCTS

# Plain words and code spans with up to three special tokens dropped in anywhere: an all-special soup would be
# refused at once, so each text stays close enough to the subset's edge for the guard to have to get it right.
code_spans = st.text(alphabet=st.sampled_from(CODE_CHARS), max_size=8).map(lambda s: f"`{s}`")
plain = st.lists(st.tuples(st.sampled_from(SEPARATORS), st.one_of(st.sampled_from(WORDS), code_spans)), max_size=30)
spice = st.lists(st.tuples(st.integers(0, 200), st.sampled_from(SPICE)), max_size=3)


def spiced(words: list[tuple[str, str]], additions: list[tuple[int, str]]) -> str:
    text = "".join(separator + word for separator, word in words)[1:]
    for position, token in additions:
        position %= len(text) + 1
        text = text[:position] + token + text[position:]
    return text


texts = st.builds(spiced, plain, spice)


def assert_same_html(fast: FastPath, full: FullConverter, text: str) -> None:
    answer = fast(text)
    if answer is not None:
        assert answer == full(text), text


def fuzz(fast: FastPath, full: FullConverter, examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(texts)
    def check(text: str) -> None:
        assert_same_html(fast, full, text)

    check()


def test_fuzzed_text(full: FullConverter, request: pytest.FixtureRequest) -> None:
    fuzz(plain_html, full, examples=1000 if "site" in request.node.name else 300)


def random_texts(count: int, seed: int) -> Iterator[str]:
    """The fuzzer's mix without Hypothesis, to see how much of it the fast path answers (and check those too)."""
    rng = random.Random(seed)
    for _ in range(count):
        words = []
        for _ in range(rng.randint(0, 30)):
            code = "`" + "".join(rng.choices(CODE_CHARS, k=rng.randint(0, 8))) + "`"
            words.append((rng.choice(SEPARATORS), code if rng.random() < 0.2 else rng.choice(WORDS)))
        additions = [(rng.randint(0, 200), rng.choice(SPICE)) for _ in range(rng.randint(0, 3))]
        yield spiced(words, additions)


def test_fuzz_mix_is_not_vacuous(site_full: FullConverter) -> None:
    sample = list(random_texts(3000, seed=11))
    answered = [text for text in sample if plain_html(text) is not None]
    # Both sides of the guard must be exercised: many texts answered and compared, many refused.
    assert 0.1 < len(answered) / len(sample) < 0.9, len(answered)
    assert any("`" in text for text in answered) and any("\n\n" in text.strip("\n") for text in answered)
    assert list(mismatches(plain_html, site_full, answered)) == []


# ---------------------------------------------------------------- the checks above would catch a wrong fast path


def _unstripped_code(text: str) -> str | None:
    answer = plain_html(text)
    return None if answer is None else answer.replace("<code>", "<code> ")


WRONG_FAST_PATHS: dict[str, FastPath] = {
    "newlines joined": lambda text: None if (answer := plain_html(text)) is None else answer.replace("\n", " "),
    "code not stripped": _unstripped_code,
    "> left raw": lambda text: None if (answer := plain_html(text)) is None else answer.replace("&gt;", ">"),
    "refusing nothing": lambda text: plain_html(text) or f"<p>{text}</p>",
}


@pytest.mark.parametrize("name", list(WRONG_FAST_PATHS))
def test_a_wrong_fast_path_is_caught(name: str, site_full: FullConverter, bank: LoadedBank) -> None:
    wrong = WRONG_FAST_PATHS[name]
    sample = [*fragments(bank.questions), *random_texts(300, seed=5)]
    assert next(mismatches(wrong, site_full, sample), None) is not None
    with pytest.raises(AssertionError):
        fuzz(wrong, site_full, examples=300)


# ---------------------------------------------------------------- how much the fast path takes, and when it is used


def test_fast_path_takes_the_benchmark_texts() -> None:
    refused = [text for text in synthetic_fragments(1000) if plain_html(text) is None]
    assert refused == []


def test_fast_path_takes_most_of_the_real_bank(bank: LoadedBank) -> None:
    texts = fragments(bank.questions)
    share = sum(plain_html(text) is not None for text in texts) / len(texts)
    assert share >= REAL_BANK_FLOOR, f"the fast path now takes only {share:.1%} of the bank"


@pytest.mark.parametrize(
    "text",
    [
        "- item",
        "1. item",
        "# Heading",
        "> quote",
        "    indented",
        "Title\n===",
        "a\n---",
        "| a | b |",
        "!!! note",
        "??? note",
        "*[HTML]: x",
        "a {: .c}",
        "*em*",
        "_em_",
        "[link](u)",
        "a\\b",
        "two  \nlines",
        "(c) 2024",
        "c/o",
        "+/- 2",
        "a --> b",
        "=/=",
        "1/2 of it",
        "the 2nd run",
        "`#!python x`",
        "`:::python x`",
        "``a``",
        "`a` `b",
        "`<b>`",
        "non\u00a0breaking",
        "tab\there",
    ],
)
def test_refuses_syntax_outside_the_subset(text: str) -> None:
    assert plain_html(text) is None


def test_supports_only_verified_extensions_and_settings() -> None:
    assert supports(*site_extensions())
    assert supports(["attr_list", "md_in_html", "tables", "pymdownx.superfences"], {})
    assert not supports(["tables", "footnotes"], {})
    assert not supports(["pymdownx.magiclink"], {})
    assert not supports([markdown.extensions.Extension()], {})
    assert not supports(["toc"], {"toc": {"marker": "Contents"}})
    assert not supports(["pymdownx.inlinehilite"], {"pymdownx.inlinehilite": {"style_plain_text": True}})
    assert not supports(["pymdownx.highlight"], {"pymdownx.highlight": {"guess_lang": True}})


def test_renderer_uses_the_fast_path_only_when_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def spy(text: str) -> str | None:
        calls.append(text)
        return plain_html(text)

    monkeypatch.setattr(guide.render.renderer, "plain_html", spy)
    monkeypatch.setattr(guide.render.renderer, "_FRAGMENTS", {})
    assert Renderer(*site_extensions()).markdown("Plain `code` text.") == "<p>Plain <code>code</code> text.</p>"
    assert calls == ["Plain `code` text."]
    unverified = Renderer(["tables", "footnotes"])
    assert unverified.markdown("Other plain text.") == "<p>Other plain text.</p>"
    assert calls == ["Plain `code` text."]

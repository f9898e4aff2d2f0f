"""Question titles: the author's when given, otherwise derived from the stem, always plain one-line text."""

from __future__ import annotations

import pytest

from guide.bank.validate import LoadedBank
from guide.render.titles import LIMIT, derive_title, plain, question_title


@pytest.mark.parametrize(
    ("stem", "title"),
    [
        ("What does the LoRA rank `r` control?", "What does the LoRA rank r control?"),
        ("A team uses **QLoRA**. Which dtype holds the base weights?", "A team uses QLoRA"),
        ("See [the paper](https://arxiv.org/abs/1) e.g. the appendix. Then?", "See the paper e.g. the appendix"),
        ("Loss goes from 2.5 to 1.5x. Why?", "Loss goes from 2.5 to 1.5x"),
        ("Line one\nline two.\n\nSecond paragraph.", "Line one line two"),
    ],
)
def test_derived_from_the_first_sentence(stem: str, title: str) -> None:
    assert derive_title(stem) == title


def test_long_first_sentences_are_cut_at_a_word() -> None:
    stem = "A platform team must adapt a shared 7B-parameter base model so that it extracts fields from logs."
    title = derive_title(stem)
    assert len(title) <= LIMIT
    assert title.endswith("…")
    assert stem.startswith(title[:-1])
    assert not title[:-1].endswith(" ")


def test_plain_text_only() -> None:
    assert plain("Use `<b>` & *stars* and `lora_alpha` _here_") == "Use <b> & stars and lora_alpha here"


def test_every_question_in_the_bank_gets_a_short_title(bank: LoadedBank) -> None:
    titles = [question_title(q) for q in bank.questions]
    assert all(0 < len(t) <= 80 for t in titles)
    for q in bank.questions:
        if q.title:
            assert question_title(q) == plain(q.title)

"""A small valid bank as text, and helpers to mutate it and find the line a problem should point at."""

from __future__ import annotations

VALID = """\
objectives:
  - id: "5.2"
    domain: fine-tuning
    text: Apply contrastive loss for embeddings and use parameter-efficient techniques (LoRA, adapters, P-tuning).
  - id: "5.3"
    domain: fine-tuning
    text: Implement early stopping to prevent overfitting and select performance metrics for all phases.
topics:
  - id: peft
    title: PEFT
    summary: Low-rank adapters.
    lessons:
      - id: basics
        title: LoRA basics
questions:
  - id: lora-rank
    topic: peft
    lesson: basics
    domain: fine-tuning
    objectives: ["5.2"]
    select: 1
    difficulty: easy
    tags: [lora]
    stem: What does the LoRA rank `r` control?
    options:
      - text: The inner dimension of the low-rank matrices
        correct: true
        explanation: LoRA writes the update as B times A with inner dimension r.
      - text: The number of trainable layers
        correct: false
        explanation: That is `target_modules`.
      - text: The learning rate
        correct: false
        explanation: The learning rate is a separate setting.
    references:
      - title: LoRA paper
        url: https://arxiv.org/abs/2106.09685
  - id: lora-multi
    topic: peft
    lesson: basics
    domain: fine-tuning
    objectives: ["5.2"]
    select: 2
    stem: Which statements about LoRA are true?
    options:
      - text: The base weights stay frozen
        correct: true
        explanation: Only A and B train.
      - text: The adapter can be merged after training
        correct: true
        explanation: W + BA is one matrix.
      - text: It needs the attention layer replaced
        correct: false
        explanation: Nothing is replaced.
      - text: It trains every weight
        correct: false
        explanation: It does not.
    references:
      - title: LoRA paper
        url: https://arxiv.org/abs/2106.09685
"""


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line of the `occurrence`-th line containing `needle`."""
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{needle!r} (occurrence {occurrence}) not in text")


def replace_once(text: str, old: str, new: str, occurrence: int = 1) -> str:
    """Replace exactly the `occurrence`-th `old`, failing loudly if the fixture changed under the test."""
    start = -1
    for _ in range(occurrence):
        start = text.index(old, start + 1)
    return text[:start] + new + text[start + len(old) :]


def fit_to_publish() -> str:
    """VALID made fit to publish (the authoring rules pass): titles, difficulty, four options each."""
    text = replace_once(VALID, "    select: 1\n", "    title: The rank of a LoRA update\n    select: 1\n")
    text = replace_once(
        text,
        "        explanation: The learning rate is a separate setting.\n",
        "        explanation: The learning rate is a separate setting.\n"
        "      - text: The dropout on the adapter's input\n"
        "        correct: false\n"
        "        explanation: That is `lora_dropout`.\n",
    )
    return replace_once(
        text, "    select: 2\n", "    title: What LoRA leaves alone\n    difficulty: easy\n    select: 2\n"
    )

"""Distillation and pruning's figures: soft targets at two temperatures (the overview) and 2:4 structured sparsity."""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: temperature

SOFT_LOGITS = [("cat", 4.0), ("dog", 2.5), ("fox", 1.5), ("car", 0.0), ("cup", -1.0)]
SOFT_TEMPERATURES = (1, 4)
SOFT_TEXT = "q_i = exp(z_i/T) / Σ_j exp(z_j/T)"


def softmax(logits: list[float], temperature: float) -> list[float]:
    """Hinton et al.'s softened softmax, as the distillation page writes it."""
    exps = [math.exp(z / temperature) for z in logits]
    total = sum(exps)
    return [e / total for e in exps]


@figure("soft-targets")
def soft_targets(name: str) -> Figure:
    logits = [z for _, z in SOFT_LOGITS]
    c = Canvas(360, 318)
    box = Box(52, 40, 298, 170, (0, len(logits)), (0, 1))
    axes(c, box, [], [(v / 4, f"{v * 25}%") for v in range(0, 5, 2)], "")
    c.text(box.x - 8, box.y - 16, "probability", size=FONT - 1)
    slot = box.w / len(logits)
    bar = slot * 0.36
    for index, temperature in enumerate(SOFT_TEMPERATURES):
        for k, q in enumerate(softmax(logits, temperature)):
            x = box.x + k * slot + slot / 2 - bar - 2 + index * (bar + 4)
            c.rect(x, box.py(q), bar, box.py(0) - box.py(q), f"fig-solid-{index + 1} fig-soft-t{temperature}", rx=1)
            c.text(x + bar / 2, box.py(q) - 5, f"{q:.0%}", anchor="middle", size=FONT - 3)
    for k, (label, z) in enumerate(SOFT_LOGITS):
        x = box.x + k * slot + slot / 2
        c.text(x, box.y + box.h + 18, label, anchor="middle", size=FONT - 2, weight="700")
        c.text(x, box.y + box.h + 34, f"z = {num(z).replace('-', '−')}", anchor="middle", size=FONT - 3)
    c.text(box.x + box.w / 2, box.y + box.h + 56, "the teacher's classes for one input", anchor="middle", size=FONT - 1)
    legend(c, 10, 290, [("fig-solid-1", "T = 1: hard, like the label")])
    legend(c, 10, 312, [("fig-solid-2", "T = 4: soft targets")])
    svg = c.svg(
        name,
        "Soft targets: the same logits at temperature 1 and 4",
        "Bars for five classes with logits 4, 2.5, 1.5, 0 and −1. At T = 1 they get "
        + ", ".join(f"{q:.0%}" for q in softmax(logits, 1))
        + "; at T = 4 the distribution flattens to "
        + ", ".join(f"{q:.0%}" for q in softmax(logits, 4))
        + ", showing how the teacher ranks the wrong answers.",
    )
    return Figure(
        name,
        svg,
        f"{SOFT_TEXT}: a higher temperature flattens the teacher's distribution, so the student also learns which "
        "wrong answers the teacher finds nearly right.",
        plot=box.data() | {"logits": logits, "temperatures": list(SOFT_TEMPERATURES)},
    )


# ---------------------------------------------------------------- pruning.md: 2:4 structured sparsity

SPARSE_ROWS = [
    [0.8, 0.0, -0.3, 0.0, 0.0, 0.5, 0.0, -0.9],
    [0.0, 0.2, 0.0, -0.7, 0.6, 0.0, 0.4, 0.0],
    [-0.4, 0.0, 0.0, 0.9, 0.0, -0.2, 0.0, 0.3],
]  # an illustration: two non-zeros in every group of four


@figure("sparsity-24")
def sparsity_24(name: str) -> Figure:
    c = Canvas(360, 300)
    cell = 40
    c.text(10, 20, "weights, in groups of four", size=FONT - 2, weight="700")
    for r, row in enumerate(SPARSE_ROWS):
        for k, w in enumerate(row):
            x, y = 10 + k * cell + (k // 4) * 14, 32 + r * 34
            cls = "fig-box-1 fig-sparse-kept" if w else "fig-idle fig-sparse-zero"
            c.rect(x, y, cell - 4, 28, cls, rx=2)
            c.text(x + (cell - 4) / 2, y + 19, num(w).replace("-", "−") if w else "0", anchor="middle", size=FONT - 3)
    c.path("M180 136 V156", arrow=True)
    c.text(10, 178, "stored: the non-zero half", size=FONT - 2, weight="700")
    for r, row in enumerate(SPARSE_ROWS):
        kept = [(k, w) for k, w in enumerate(row) if w]
        for slot, (_, w) in enumerate(kept):
            x, y = 10 + slot * cell + (slot // 2) * 14, 188 + r * 30
            c.rect(x, y, cell - 4, 24, "fig-box-1 fig-sparse-stored", rx=2)
            c.text(x + (cell - 4) / 2, y + 17, num(w).replace("-", "−"), anchor="middle", size=FONT - 3)
        c.text(236, 188 + r * 30 + 17, " ".join(str(k % 4) for k, _ in kept), size=FONT - 3, cls="fig-text-muted")
    c.text(236, 178, "2-bit positions", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 292, "Sparse Tensor Cores multiply only the stored values", size=FONT - 3)
    svg = c.svg(
        name,
        "2:4 structured sparsity: two of every four weights are zero",
        "Three rows of eight weights in groups of four; in every group two are zero. The matrix is stored as the "
        "non-zero half, with a 2-bit position for each kept value, and Sparse Tensor Cores multiply only those.",
    )
    return Figure(
        name,
        svg,
        "Scattered zeros cost as much as any value in a dense GEMM; the fixed 2:4 pattern halves the stored matrix "
        "and lets Ampere and later GPUs skip the zeros.",
        plot={"rows": SPARSE_ROWS},
    )

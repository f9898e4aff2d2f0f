"""Evaluation's figures: precision and recall from a confusion matrix (the overview), pass@k and a benchmark's
error bar.
"""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: precision and recall

# An example of the figure's own: the judges lesson states the formulas without numbers, and the ticket-flagger
# question's counts (and so its precision, recall and F1) must not appear here.
CONFUSION = {"tp": 63, "fn": 7, "fp": 27, "tn": 903}


def scores(counts: dict[str, int]) -> dict[str, float]:
    """Precision TP/(TP+FP), recall TP/(TP+FN), F1 their harmonic mean, and accuracy, as the evaluation page states."""
    tp, fn, fp, tn = counts["tp"], counts["fn"], counts["fp"], counts["tn"]
    precision = tp / (tp + fp)
    recall = tp / (tp + fn)
    return {
        "precision": precision,
        "recall": recall,
        "f1": 2 * precision * recall / (precision + recall),
        "accuracy": (tp + tn) / (tp + fn + fp + tn),
    }


@figure("confusion-matrix")
def confusion_matrix(name: str) -> Figure:
    k = CONFUSION
    s = scores(k)
    c = Canvas(360, 344)
    left, top, cell = 96, 60, 80
    c.text(left + cell, 20, "predicted", anchor="middle", size=FONT - 1, weight="700")
    c.text(left + cell / 2, 48, "positive", anchor="middle", size=FONT - 2)
    c.text(left + cell * 1.5, 48, "negative", anchor="middle", size=FONT - 2)
    c.text(10, 48, "actual", size=FONT - 1, weight="700")
    c.text(left - 8, top + cell / 2 + 5, "positive", anchor="end", size=FONT - 2)
    c.text(left - 8, top + cell * 1.5 + 5, "negative", anchor="end", size=FONT - 2)
    cells = [("tp", 0, 0, "TP"), ("fn", 1, 0, "FN"), ("fp", 0, 1, "FP"), ("tn", 1, 1, "TN")]
    for key, col, row, label in cells:
        x, y = left + col * cell, top + row * cell
        c.rect(x, y, cell, cell, "fig-cell", rx=0)
        c.text(x + cell / 2, y + cell / 2 - 4, label, anchor="middle", size=FONT - 1, weight="700")
        c.text(x + cell / 2, y + cell / 2 + 16, f"{k[key]:,}", anchor="middle", size=FONT - 1)
    # Precision reads down the predicted-positive column, recall across the actual-positive row.
    c.rect(left + 4, top + 4, cell - 8, 2 * cell - 8, "fig-outline-1", rx=4)
    c.rect(left + 8, top + 8, 2 * cell - 16, cell - 16, "fig-outline-2 fig-dashed", rx=4)
    y = top + 2 * cell + 30
    c.text(10, y, "precision = TP/(TP+FP)", size=FONT - 1, cls="fig-text-1", weight="700")
    c.text(350, y, f"= {k['tp']}/{k['tp'] + k['fp']} = {s['precision']:.2f}", anchor="end", size=FONT - 1)
    c.text(10, y + 22, "recall = TP/(TP+FN)", size=FONT - 1, cls="fig-text-2", weight="700")
    c.text(350, y + 22, f"= {k['tp']}/{k['tp'] + k['fn']} = {s['recall']:.2f}", anchor="end", size=FONT - 1)
    wrong = k["fp"] / (k["tp"] + k["fp"])
    c.text(10, y + 48, f"F1 = {s['f1']:.2f}, accuracy = {s['accuracy']:.0%},", size=FONT - 2)
    c.text(10, y + 66, f"though {wrong:.0%} of the positive calls are wrong", size=FONT - 2)
    svg = c.svg(
        name,
        "Precision and recall read from a confusion matrix",
        f"A two-by-two table of a rare class: {k['tp']} true positives, {k['fn']} false negatives, {k['fp']} false "
        f"positives and {k['tn']} true negatives. Precision uses the predicted-positive column: "
        f"{k['tp']}/{k['tp'] + k['fp']} = {s['precision']:.2f}. Recall uses the actual-positive row: "
        f"{k['tp']}/{k['tp'] + k['fn']} = {s['recall']:.2f}. Accuracy is {s['accuracy']:.0%} all the same.",
    )
    return Figure(
        name,
        svg,
        "Precision divides along the predicted-positive column (solid outline), recall along the actual-positive row "
        "(dashed). On a rare class accuracy stays high whatever happens to the positives.",
        plot={"counts": k},
    )


# ---------------------------------------------------------------- metrics.md: pass@k

PASS_N = 20
PASS_C = 5


def pass_at_k(n: int, c: int, k: int) -> float:
    """Chen et al.'s unbiased estimator, 1 - C(n-c, k)/C(n, k)."""
    return 1 - math.comb(n - c, k) / math.comb(n, k) if n - c >= k else 1.0


@figure("pass-at-k")
def pass_at_k_figure(name: str) -> Figure:
    c = Canvas(360, 312)
    b = Box(52, 40, 280, 180, (1, PASS_N), (0, 1))
    axes(c, b, [(k, str(k)) for k in (1, 5, 10, 15, 20)], [(0, "0"), (0.5, "0.5"), (1, "1")], "k, samples allowed")
    c.text(b.x - 8, b.y - 16, f"pass@k for n = {PASS_N} samples, c = {PASS_C} correct", size=FONT - 1)
    ks = list(range(1, PASS_N + 1))
    c.polyline([(b.px(k), b.py(pass_at_k(PASS_N, PASS_C, k))) for k in ks], "fig-line-1 fig-series-unbiased")
    c.polyline([(b.px(k), b.py(1 - (1 - PASS_C / PASS_N) ** k)) for k in ks], "fig-line-2 fig-dashed fig-series-plugin")
    first = pass_at_k(PASS_N, PASS_C, 1)
    c.circle(b.px(1), b.py(first), 4, "fig-solid-1")
    c.text(b.px(1) + 10, b.py(first) + 16, f"pass@1 = {PASS_C}/{PASS_N} = {first:.2f}", size=FONT - 2, weight="700")
    legend(c, 10, 284, [("fig-solid-1", "1 − C(n−c, k)/C(n, k)")])
    legend(c, 10, 306, [("fig-solid-2", "1 − (1 − c/n)^k, biased (dashed)")])
    svg = c.svg(
        name,
        "pass@k: the unbiased estimator against the plug-in formula",
        f"Two rising curves for a problem with {PASS_N} samples of which {PASS_C} pass. The unbiased estimator "
        f"1 − C(n−c, k)/C(n, k) starts at {first:.2f} for k = 1 and reaches 1 once k exceeds the {PASS_N - PASS_C} "
        "failures; the plug-in formula 1 − (1 − c/n)^k agrees at k = 1 and stays below it for larger k.",
    )
    return Figure(
        name,
        svg,
        "Drawing k of the n samples without replacement, the chance that all k fail falls to zero once k exceeds "
        "the failures; plugging c/n into an independent-draws formula underestimates pass@k.",
        plot=b.data() | {"n": PASS_N, "c": PASS_C, "ks": ks},
    )


# ---------------------------------------------------------------- comparisons.md: a benchmark's error bar

ERR_P = 0.8
ERR_N = 400
ERR_SMALL = 50


def error_half_width(p: float, n: int) -> float:
    """A 95% interval's half-width, 1.96 standard errors of √(p(1 - p)/n), in points."""
    return 100 * 1.96 * math.sqrt(p * (1 - p) / n)


@figure("error-bars")
def error_bars(name: str) -> Figure:
    c = Canvas(360, 296)
    b = Box(52, 40, 280, 180, (0, 1000), (0, 12))
    axes(
        c,
        b,
        [(n, str(n)) for n in (0, 250, 500, 750, 1000)],
        [(v, f"±{v}") for v in (0, 4, 8, 12)],
        "questions in the benchmark, n",
    )
    c.text(b.x - 8, b.y - 16, f"95% interval at accuracy p = {ERR_P}, points", size=FONT - 1)
    sizes = list(range(50, 1001, 25))
    c.polyline([(b.px(n), b.py(error_half_width(ERR_P, n))) for n in sizes], "fig-line-1 fig-series-ci")
    for n in (ERR_SMALL, ERR_N):
        w = error_half_width(ERR_P, n)
        c.circle(b.px(n), b.py(w), 4, "fig-solid-1")
        c.text(b.px(n) + 10, b.py(w) - 6, f"n = {n}: ±{w:.1f}", size=FONT - 2, weight="700")
    c.text(10, 286, "halving the error bar takes four times the questions", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "How wide a benchmark's error bar is",
        f"A falling curve of the 95% interval, ±1.96·√(p(1 − p)/n), for an accuracy of {ERR_P}: about "
        f"±{error_half_width(ERR_P, ERR_SMALL):.1f} points with {ERR_SMALL} questions and "
        f"±{error_half_width(ERR_P, ERR_N):.1f} with {ERR_N}.",
    )
    return Figure(
        name,
        svg,
        "A score on a few hundred questions moves by several points from the draw of questions alone; a small "
        "internal set cannot separate checkpoints that are close.",
        plot=b.data() | {"p": ERR_P, "sizes": sizes},
    )

"""Training dynamics' figures: warm-up and decay (the overview), clipping by norm or by value, in-batch negatives
and early stopping.
"""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: warm-up and decay

# The lesson's own example (training-dynamics/schedules.md), not a question's: the rate is drawn as a share of the
# peak η, since the schedule only multiplies whatever peak is configured.
LR_WARMUP = 100
LR_STEPS = 1100
LR_HALF = 600  # the lesson: with W = 100 and T = 1,100, cosine decay is at half the peak at step 600
LR_TEXT = "the cosine schedule multiplies the peak by `0.5 · (1 + cos(π · progress))`"
LR_LINEAR_TEXT = "the linear one by `(T − t) / (T − W)`"
LR_PROGRESS_TEXT = "progress is (t − W)/(T − W)"


def lr_cosine(t: float, peak: float = 1.0, warmup: int = LR_WARMUP, steps: int = LR_STEPS) -> float:
    """Linear warm-up to the peak, then half a cosine down to zero (Transformers' get_cosine_schedule_with_warmup)."""
    if t < warmup:
        return peak * t / warmup
    return peak * 0.5 * (1 + math.cos(math.pi * (t - warmup) / (steps - warmup)))


def lr_linear(t: float, peak: float = 1.0, warmup: int = LR_WARMUP, steps: int = LR_STEPS) -> float:
    """The same warm-up, then a straight line down to zero (get_linear_schedule_with_warmup)."""
    if t < warmup:
        return peak * t / warmup
    return peak * (steps - t) / (steps - warmup)


@figure("lr-schedule")
def lr_schedule(name: str) -> Figure:
    c = Canvas(360, 316)
    box = Box(52, 40, 290, 180, (0, LR_STEPS), (0, 1))
    c.rect(box.px(0), box.y, box.px(LR_WARMUP) - box.px(0), box.h, "fig-band", rx=0)
    c.text(box.px(0) + 4, box.y + box.h - 8, "warm-up", size=FONT - 3)
    ticks = [0, LR_WARMUP, LR_HALF, LR_STEPS]
    axes(c, box, [(v, f"{v:,}") for v in ticks], [(0, "0"), (0.5, "½ η"), (1, "η")], "optimizer step t")
    c.text(box.x - 8, box.y - 20, "learning rate, as a share of the peak η", size=FONT - 1)
    steps = sorted({*range(0, LR_STEPS + 1, 10), LR_WARMUP})
    c.polyline([(box.px(t), box.py(lr_linear(t))) for t in steps], "fig-line-2 fig-dashed fig-series-linear")
    c.polyline([(box.px(t), box.py(lr_cosine(t))) for t in steps], "fig-line-1 fig-series-cosine")
    half = lr_cosine(LR_HALF)
    c.circle(box.px(LR_HALF), box.py(half), 4, "fig-solid-1 fig-series-half")
    c.text(box.px(LR_HALF) + 10, box.py(half) - 10, f"step {LR_HALF}: {half:.0%} of η", size=FONT - 2, weight="700")
    legend(c, box.x - 40, 286, [("fig-solid-1", "warm-up + cosine")])
    legend(c, box.x - 40, 308, [("fig-solid-2", "warm-up + linear (dashed)")])
    svg = c.svg(
        name,
        "Learning-rate schedule: linear warm-up, then cosine or linear decay",
        f"The rate rises in a straight line from 0 to its peak η over the first {LR_WARMUP} of {LR_STEPS:,} steps, "
        "then falls to 0 by the last step: along half a cosine (slowly at first, fastest in the middle, slowly at "
        f"the end), or along a straight line. Both pass half the peak at step {LR_HALF}, the middle of the decay; "
        "the cosine is higher before it and lower after.",
    )
    return Figure(
        name,
        svg,
        f"Warm-up for W = {LR_WARMUP} of T = {LR_STEPS:,} steps to the peak η, then cosine decay to zero (solid) or "
        f"linear decay (dashed). Both are at half the peak at step {LR_HALF}; the cosine keeps the rate near its peak "
        "for longer.",
        plot=box.data() | {"steps": steps, "warmup": LR_WARMUP, "half": LR_HALF},
    )


# ---------------------------------------------------------------- schedules.md: clipping by norm or by value

CLIP_MAX = 1.0  # the Trainer's max_grad_norm default
CLIP_GRADIENT = (1.5, 2.0)  # an example of the figure's own: norm 2.5
CLIP_SMALL = (0.6, 0.2)


def clip_by_norm(g: tuple[float, float], max_norm: float = CLIP_MAX) -> tuple[float, float]:
    """clip_grad_norm_: every gradient times max_norm / total_norm when the total norm exceeds max_norm."""
    total = math.hypot(*g)
    factor = min(1.0, max_norm / total)
    return g[0] * factor, g[1] * factor


def clip_by_value(g: tuple[float, float], limit: float = CLIP_MAX) -> tuple[float, float]:
    """clip_grad_value_: each element capped on its own."""
    return max(-limit, min(limit, g[0])), max(-limit, min(limit, g[1]))


@figure("grad-clipping")
def grad_clipping(name: str) -> Figure:
    c = Canvas(360, 360)
    b = Box(44, 24, 220, 220, (0, 2), (0, 2))
    axes(c, b, [(v / 2, num(v / 2)) for v in range(5)], [(v / 2, num(v / 2)) for v in range(1, 5)], "")
    c.path(
        f"M{num(b.px(CLIP_MAX))} {num(b.py(0))} A{num(b.px(CLIP_MAX) - b.px(0))} {num(b.py(0) - b.py(CLIP_MAX))} 0 0 0"
        f" {num(b.px(0))} {num(b.py(CLIP_MAX))}",
        "fig-line-1 fig-dashed",
    )
    c.text(b.px(0) + 6, b.py(CLIP_MAX) - 8, f"‖g‖ = {num(CLIP_MAX)}", size=FONT - 3, cls="fig-text-1")
    g = CLIP_GRADIENT
    vectors = [
        (g, "fig-axis fig-series-g", "g: norm 2.5", "start"),
        (clip_by_norm(g), "fig-line-1 fig-series-norm", "by norm", "end"),
        (clip_by_value(g), "fig-line-3 fig-series-value", "by value", "start"),
        (clip_by_norm(CLIP_SMALL), "fig-line-2 fig-series-small", "untouched", "start"),
    ]
    for (x, y), cls, label, anchor in vectors:
        c.line(b.px(0), b.py(0), b.px(x), b.py(y), cls, arrow=True)
        shift = 8 if anchor == "start" else -8
        c.text(b.px(x) + shift, b.py(y) + 4, label, anchor=anchor, size=FONT - 3, weight="700")
    nx, ny = clip_by_norm(g)
    vx, vy = clip_by_value(g)
    c.text(10, 296, f"clip_grad_norm_(max_norm={num(CLIP_MAX)}): g × 1/2.5 = ({num(nx)}, {num(ny)}),", size=FONT - 3)
    c.text(10, 314, "the same direction, a shorter step", size=FONT - 3)
    c.text(10, 336, f"clip_grad_value_({num(CLIP_MAX)}): ({num(vx)}, {num(vy)}), a new direction", size=FONT - 3)
    c.text(10, 354, "a gradient inside the circle is left as it is", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "Gradient clipping by norm and by value",
        f"A gradient g = ({num(g[0])}, {num(g[1])}) of norm 2.5 and a circle of radius max_norm = {num(CLIP_MAX)}. "
        f"Clipping by norm scales it by 1/2.5 to ({num(nx)}, {num(ny)}), on the same line. Clipping each value at "
        f"{num(CLIP_MAX)} gives ({num(vx)}, {num(vy)}), which points elsewhere. A small gradient inside the circle "
        "is not changed.",
    )
    return Figure(
        name,
        svg,
        "Clipping by the global norm only ever shortens a step and keeps its direction; clipping by value caps "
        "each element and turns the step.",
        plot=b.data() | {"max_norm": CLIP_MAX, "g": list(g), "small": list(CLIP_SMALL)},
    )


# ---------------------------------------------------------------- contrastive.md: in-batch negatives

NEG_BATCH = 4
NEG_DUPLICATES = (1, 3)  # rows 2 and 4 share one answer text
NEG_SCALE = 20


@figure("in-batch-negatives")
def in_batch_negatives(name: str) -> Figure:
    n = NEG_BATCH
    c = Canvas(360, 330)
    left, top, cell = 70, 56, 52
    c.text(10, 20, f"a batch of {n} (question, answer) pairs", size=FONT - 2)
    c.text(left + n * cell / 2, 46, "answers in the batch", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    a, b = NEG_DUPLICATES
    for i in range(n):
        c.text(left - 10, top + i * cell + cell / 2 + 5, f"q{i + 1}", anchor="end", size=FONT - 1, weight="700")
        c.text(
            left + i * cell + cell / 2, top + n * cell + 18, f"a{i + 1}", anchor="middle", size=FONT - 1, weight="700"
        )
        for j in range(n):
            x, y = left + j * cell, top + i * cell
            if i == j:
                cls, mark = "fig-box-2 fig-neg-positive", "target"
            elif {i, j} == {a, b}:
                cls, mark = "fig-box-4 fig-neg-false", "false −"
            else:
                cls, mark = "fig-box-0 fig-neg-negative", "−"
            c.rect(x + 2, y + 2, cell - 4, cell - 4, cls, rx=2)
            c.text(x + cell / 2, y + cell / 2 + 5, mark, anchor="middle", size=FONT - 3)
    c.text(left + n * cell + 10, top + 20, "softmax", size=FONT - 3)
    c.text(left + n * cell + 10, top + 36, "over each", size=FONT - 3)
    c.text(left + n * cell + 10, top + 52, "row", size=FONT - 3)
    y = top + n * cell + 46
    c.text(10, y, f"scores × scale {NEG_SCALE} (τ = {1 / NEG_SCALE:g}), cross-entropy per row", size=FONT - 3)
    c.text(10, y + 18, f"a{a + 1} = a{b + 1} (same text): each is a false negative", size=FONT - 3, weight="700")
    c.text(10, y + 36, "for the other row, hence NO_DUPLICATES", size=FONT - 3, weight="700")
    svg = c.svg(
        name,
        "In-batch negatives: a batch as a classification problem",
        f"A {n} by {n} grid of questions against the batch's answers. The diagonal holds each question's own answer, "
        "the target of a softmax over its row; every other answer is a negative. Two rows share the same answer "
        "text, so each copy is scored as a negative for the other question: a false negative.",
    )
    return Figure(
        name,
        svg,
        "MultipleNegativesRankingLoss needs only (anchor, positive) pairs: the other pairs in the batch are the "
        "negatives, so batch size sets how many there are and duplicates poison them.",
        plot={"batch": n, "duplicates": list(NEG_DUPLICATES), "scale": NEG_SCALE},
    )


# ---------------------------------------------------------------- stopping-forgetting.md: early stopping

STOP_LOSSES = [2.10, 1.72, 1.55, 1.49, 1.52, 1.50, 1.56]  # an illustration of validation loss per evaluation
STOP_PATIENCE = 3


def early_stop(losses: list[float], patience: int) -> tuple[int, int]:
    """(best evaluation, evaluation that stops): stop once the metric has failed to improve `patience` times in a
    row (EarlyStoppingCallback with threshold 0); indices from 0."""
    best, waited = 0, 0
    for index in range(1, len(losses)):
        if losses[index] < losses[best]:
            best, waited = index, 0
        else:
            waited += 1
            if waited == patience:
                return best, index
    return best, len(losses) - 1


@figure("early-stopping")
def early_stopping(name: str) -> Figure:
    c = Canvas(360, 306)
    n = len(STOP_LOSSES)
    b = Box(40, 40, 290, 170, (0.5, n + 0.5), (1.3, 2.2))
    axes(c, b, [(k, str(k)) for k in range(1, n + 1)], [], "evaluation (every eval_steps)")
    c.text(b.x - 8, b.y - 16, "validation loss, the metric_for_best_model", size=FONT - 1)
    best, stop = early_stop(STOP_LOSSES, STOP_PATIENCE)
    c.polyline([(b.px(k + 1), b.py(v)) for k, v in enumerate(STOP_LOSSES)], "fig-line-1 fig-series-eval")
    for k, v in enumerate(STOP_LOSSES):
        cls = "fig-solid-2 fig-stop-best" if k == best else "fig-solid-1"
        c.circle(b.px(k + 1), b.py(v), 5 if k == best else 3.5, cls)
        if best < k <= stop:
            c.text(b.px(k + 1), b.py(v) - 12, str(k - best), anchor="middle", size=FONT - 3, weight="700")
    c.line(b.px(stop + 1), b.y, b.px(stop + 1), b.y + b.h, "fig-axis fig-dashed")
    c.text(b.px(stop + 1) - 6, b.y + 14, "stop", anchor="end", size=FONT - 3, weight="700")
    c.text(
        b.px(best + 1),
        b.py(STOP_LOSSES[best]) + 22,
        "best",
        anchor="middle",
        size=FONT - 3,
        weight="700",
        cls="fig-text-2",
    )
    c.text(10, 282, f"early_stopping_patience={STOP_PATIENCE}: three evaluations without", size=FONT - 3)
    c.text(10, 300, "improvement stop it; load_best_model_at_end restores the best", size=FONT - 3)
    svg = c.svg(
        name,
        "Early stopping counts evaluations without improvement",
        f"Validation loss at {n} evaluations falls to its lowest at evaluation {best + 1}, then stays above it. With "
        f"a patience of {STOP_PATIENCE}, the evaluations after the best are counted 1, 2, 3 and training stops at "
        f"evaluation {stop + 1}; the best checkpoint, from evaluation {best + 1}, is reloaded at the end.",
    )
    return Figure(
        name,
        svg,
        "Patience counts evaluation calls, not steps or epochs; with a small, noisy validation set a patience of 1 "
        "stops on the first random uptick.",
        plot=b.data() | {"losses": STOP_LOSSES, "patience": STOP_PATIENCE, "best": best, "stop": stop},
    )

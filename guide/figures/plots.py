"""Figures that show numbers, each computed from the formula its page states.

Each formula lives here once, as a function, next to the words the page uses for it (`*_TEXT`);
tests/test_figures.py checks that the page still says those words and that the drawn numbers are the function's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from guide.figures import Figure
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- shared pieces


@dataclass(frozen=True)
class Box:
    """A plot area in SVG units and the data ranges it maps: x grows right, y grows up."""

    x: float
    y: float
    w: float
    h: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def px(self, value: float) -> float:
        lo, hi = self.x_range
        return self.x + (value - lo) / (hi - lo) * self.w

    def py(self, value: float) -> float:
        lo, hi = self.y_range
        return self.y + self.h - (value - lo) / (hi - lo) * self.h

    def data(self) -> dict[str, list[float]]:
        return {"box": [self.x, self.y, self.w, self.h], "x": list(self.x_range), "y": list(self.y_range)}


def axes(c: Canvas, box: Box, xticks: list[tuple[float, str]], yticks: list[tuple[float, str]], xlabel: str) -> None:
    """Axis lines, ticks with labels, light grid lines and the x label; the y label is the caller's (it varies)."""
    for value, label in yticks:
        y = box.py(value)
        c.line(box.x, y, box.x + box.w, y, "fig-grid")
        c.text(box.x - 8, y + 5, label, anchor="end", size=FONT - 2)
    for value, label in xticks:
        x = box.px(value)
        c.line(x, box.y + box.h, x, box.y + box.h + 5, "fig-axis")
        c.text(x, box.y + box.h + 21, label, anchor="middle", size=FONT - 2)
    c.line(box.x, box.y + box.h, box.x + box.w, box.y + box.h, "fig-axis")
    c.line(box.x, box.y, box.x, box.y + box.h, "fig-axis")
    c.text(box.x + box.w / 2, box.y + box.h + 42, xlabel, anchor="middle", size=FONT - 1)


def legend(c: Canvas, x: float, y: float, entries: list[tuple[str, str]], gap: float = 26) -> float:
    """Swatches with names in a row; returns the x where it ended."""
    for cls, label in entries:
        c.rect(x, y - 11, 14, 14, cls, rx=2)
        c.text(x + 20, y + 1, label, size=FONT - 1)
        x += 20 + len(label) * 7.6 + gap
    return x


# ---------------------------------------------------------------- training dynamics: warm-up and decay

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


def lr_schedule() -> Figure:
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
        "lr-schedule",
        "Learning-rate schedule: linear warm-up, then cosine or linear decay",
        f"The rate rises in a straight line from 0 to its peak η over the first {LR_WARMUP} of {LR_STEPS:,} steps, "
        "then falls to 0 by the last step: along half a cosine (slowly at first, fastest in the middle, slowly at "
        f"the end), or along a straight line. Both pass half the peak at step {LR_HALF}, the middle of the decay; "
        "the cosine is higher before it and lower after.",
    )
    return Figure(
        "lr-schedule",
        svg,
        f"Warm-up for W = {LR_WARMUP} of T = {LR_STEPS:,} steps to the peak η, then cosine decay to zero (solid) or "
        f"linear decay (dashed). Both are at half the peak at step {LR_HALF}; the cosine keeps the rate near its peak "
        "for longer.",
        plot=box.data() | {"steps": steps, "warmup": LR_WARMUP, "half": LR_HALF},
    )


# ---------------------------------------------------------------- parallelism: pipeline bubble

BUBBLE_TEXT = "(p − 1)/(m + p − 1)"


def bubble_share(p: int, m: int) -> float:
    """The share of a pipeline step that each GPU sits idle: (p - 1) of the (m + p - 1) slots (GPipe, 1F1B)."""
    return (p - 1) / (m + p - 1)


# The tensor-pipeline lesson's example (p = 4, m = 12), and micro-batch counts up to 24: the questions work with
# m = 32 (p = 8 and p = 4), so the figure states none of their numbers.
BUBBLE_MARK = (4, 12)
BUBBLE_MAX_M = 24


def bubble_fraction() -> Figure:
    c = Canvas(360, 284)
    top_m = BUBBLE_MAX_M
    box = Box(52, 40, 250, 180, (1, top_m), (0, 1))
    axes(
        c,
        box,
        [(m, str(m)) for m in (1, 8, 16, 24)],
        [(v / 4, f"{v * 25}%") for v in range(0, 5, 2)],
        "micro-batches per step, m",
    )
    c.text(box.x - 8, box.y - 16, "idle share of the step", size=FONT - 1)
    series = []
    label_y = box.y
    for index, p in enumerate((8, 4, 2), start=1):
        points = [(box.px(m), box.py(bubble_share(p, m))) for m in range(1, top_m + 1)]
        c.polyline(points, f"fig-line-{index} fig-series-p{p}")
        for m in (1, 6, 12, 18, 24):
            c.circle(box.px(m), box.py(bubble_share(p, m)), 3, f"fig-solid-{index}")
        x, y = points[-1]
        label_y = max(y + 5, label_y + 17)  # the curves meet at the right: keep their names apart
        c.text(x + 8, label_y, f"p = {p}", size=FONT - 1, weight="700")
        series.append(p)
    p, m = BUBBLE_MARK
    mark = bubble_share(p, m)
    c.line(box.px(m) + 3, box.py(mark) - 4, box.px(m) + 20, box.y + 34, "fig-axis")
    c.text(
        box.x + box.w,
        box.y + 28,
        f"p = {p}, m = {m}: {p - 1}/{m + p - 1} = {mark:.0%} idle",
        anchor="end",
        size=FONT - 2,
    )
    svg = c.svg(
        "bubble-fraction",
        "Pipeline bubble against the number of micro-batches",
        f"The idle share of each step, (p − 1)/(m + p − 1), for 2, 4 and 8 pipeline stages as the micro-batches per "
        f"step grow from 1 to {top_m}. At m = 1 an 8-stage pipeline idles {bubble_share(8, 1):.0%} of the time; a "
        f"{p}-stage pipeline with {m} micro-batches idles {p - 1}/{m + p - 1} = {mark:.0%} of the step, which is "
        f"{p - 1}/{m} = {(p - 1) / m:.0%} of the ideal compute time.",
    )
    return Figure(
        "bubble-fraction",
        svg,
        "The idle share (p − 1)/(m + p − 1) falls as micro-batches are added and grows with the number of stages p. "
        "Relative to the ideal compute time the bubble is (p − 1)/m.",
        plot=box.data() | {"series": series, "m": list(range(1, top_m + 1)), "mark": list(BUBBLE_MARK)},
    )


@dataclass(frozen=True)
class Op:
    stage: int
    kind: str  # "F" or "B"
    micro: int
    start: float
    end: float


def one_f_one_b(p: int, m: int, forward: float = 1, backward: float = 2) -> list[Op]:
    """The non-interleaved 1F1B schedule (PipeDream-Flush, Megatron's default): stage s runs p - s - 1 forward passes
    to fill the pipeline, then alternates one forward and one backward, then drains the remaining backwards. Each
    pass starts when its stage is free and its input has arrived."""
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", j) for j in range(warm)]
        for j in range(m - warm):
            order += [("F", warm + j), ("B", j)]
        order += [("B", j) for j in range(m - warm, m)]
        orders.append(order)
    done: dict[tuple[str, int, int], float] = {}
    free = [0.0] * p
    position = [0] * p
    ops: list[Op] = []
    while any(position[s] < len(orders[s]) for s in range(p)):
        progressed = False
        for s in range(p):
            if position[s] == len(orders[s]):
                continue
            kind, j = orders[s][position[s]]
            needs = ("F", s - 1, j) if kind == "F" else (("B", s + 1, j) if s + 1 < p else ("F", s, j))
            if kind == "F" and s == 0:
                ready = 0.0
            elif needs in done:
                ready = done[needs]
            else:
                continue
            start = max(free[s], ready)
            end = start + (forward if kind == "F" else backward)
            done[(kind, s, j)] = free[s] = end
            ops.append(Op(s, kind, j, start, end))
            position[s] += 1
            progressed = True
        if not progressed:
            raise RuntimeError("1F1B schedule deadlocked")  # cannot happen for p, m >= 1; a guard for edits
    return ops


PIPE_STAGES = 4
PIPE_MICRO = 8


def pipeline_1f1b() -> Figure:
    p, m = PIPE_STAGES, PIPE_MICRO
    ops = one_f_one_b(p, m)
    span = max(op.end for op in ops)
    left, top, row = 52, 34, 32
    c = Canvas(360, top + p * row + 96)
    unit = (360 - left - 6) / span
    c.text(left, 20, "time →", size=FONT - 2)
    for s in range(p):
        y = top + s * row
        c.text(left - 8, y + 19, f"GPU {s + 1}", anchor="end", size=FONT - 2)
        c.rect(left, y, span * unit, row - 6, f"fig-idle fig-stage-{s}", rx=0)
    for op in ops:
        x = left + op.start * unit
        y = top + op.stage * row
        cls = "fig-box-1 fig-op-f" if op.kind == "F" else "fig-box-2 fig-op-b"
        c.rect(x, y, (op.end - op.start) * unit, row - 6, f"{cls} fig-stage-{op.stage}", rx=1)
        c.text(x + (op.end - op.start) * unit / 2, y + 18, str(op.micro + 1), anchor="middle", size=FONT - 3)
    share = bubble_share(p, m)
    y = top + p * row + 18
    legend(c, 10, y, [("fig-box-1", "forward"), ("fig-idle", "idle")])
    legend(c, 10, y + 22, [("fig-box-2", "backward (twice as long)")])
    c.text(10, y + 48, f"p = {p} stages, m = {m} micro-batches:", size=FONT - 1)
    c.text(10, y + 68, f"idle {p - 1}/{m + p - 1} = {share:.0%} of the step on every GPU", size=FONT - 1)
    svg = c.svg(
        "pipeline-1f1b",
        f"A 1F1B pipeline schedule with {p} stages and {m} micro-batches",
        f"Four rows, one per GPU, along time. GPU 1 starts forward passes of micro-batches 1 to {p - 1} while the "
        "others wait; once the pipeline is full each GPU alternates one forward and one backward pass; at the end "
        "the backward passes drain towards GPU 1. The empty stretches at the start and end of every row are the "
        f"bubble: {p - 1} of {m + p - 1} time slots on every GPU.",
    )
    return Figure(
        "pipeline-1f1b",
        svg,
        f"1F1B with p = {p} stages and m = {m} micro-batches (numbers in the boxes): each GPU idles for p − 1 forward "
        "and backward slots while the pipeline fills and drains.",
        plot={"p": p, "m": m, "left": left, "unit": unit, "span": span},
    )


# ---------------------------------------------------------------- parallelism: ZeRO stages

ZERO_GPUS = 4
ZERO_K = 12


def zero_parts(stage: int, n: int = ZERO_GPUS, k: int = ZERO_K) -> dict[str, float]:
    """Bytes per parameter on one GPU (multiples of Ψ): the ZeRO paper's 2Ψ + 2Ψ + KΨ, each part divided by N once its
    stage shards it (optimizer states from stage 1, gradients from 2, weights from 3)."""
    return {
        "weights": 2 / n if stage >= 3 else 2,
        "gradients": 2 / n if stage >= 2 else 2,
        "optimizer": k / n if stage >= 1 else k,
    }


def zero_stages() -> Figure:
    n = ZERO_GPUS
    c = Canvas(360, 306)
    left, top, row, scale = 10, 64, 50, 340 / 16  # scale: SVG units per Ψ of bytes
    labels = ["0: plain data parallel", "1: optimizer states", "2: + gradients", "3: + weights (FSDP)"]
    formulas = ["16Ψ", "4Ψ + 12Ψ/N", "2Ψ + 14Ψ/N", "16Ψ/N"]
    c.text(left, 20, f"model states on one of N = {n} GPUs,", size=FONT - 2)
    c.text(left, 38, "mixed-precision Adam (2 + 2 + 12 bytes)", size=FONT - 2)
    for stage in range(4):
        y = top + stage * row
        c.text(left, y, f"ZeRO {labels[stage]}", size=FONT - 2)
        x: float = left
        parts = zero_parts(stage)
        for index, (part, size) in enumerate(parts.items(), start=1):
            c.rect(x, y + 7, size * scale, 22, f"fig-box-{index} fig-zero-{part}", rx=1)
            x += size * scale
        total = sum(parts.values())
        c.text(350, y, f"{formulas[stage]} = {num(total)}Ψ", anchor="end", size=FONT - 2, weight="700")
    y = top + 4 * row + 4
    legend(c, left, y, [("fig-box-1", "weights"), ("fig-box-2", "gradients")], gap=18)
    legend(c, left, y + 22, [("fig-box-3", "optimizer states")])
    svg = c.svg(
        "zero-stages",
        f"What each ZeRO stage shards, on {n} GPUs",
        "Four bars, one per ZeRO stage, for the model states one GPU holds. Without ZeRO: 2Ψ weights, 2Ψ gradients and "
        f"12Ψ optimizer states, 16Ψ in all. Stage 1 cuts the optimizer states to a 1/{n} share (7Ψ in all), stage 2 "
        f"the gradients too (5.5Ψ), stage 3 the weights as well (4Ψ, a 1/{n} share of everything).",
    )
    return Figure(
        "zero-stages",
        svg,
        f"Bytes per GPU in units of Ψ (the parameter count), with N = {n}. Each stage divides one more part by N; "
        "the parts left whole are what limits stages 1 and 2.",
        plot={"left": left, "scale": scale, "gpus": n, "k": ZERO_K},
    )


# ---------------------------------------------------------------- memory: where it goes

# The model-states lesson's table (a 13B model), not the 7B questions' numbers; an adapter size no question uses.
MEMORY_PARAMS = 13e9
MEMORY_ADAPTERS = 25e6
NF4_BITS = 4 + 8 / 64 + 32 / (64 * 256)  # the QLoRA paper's 4-bit codes plus double-quantized constants


def memory_cases() -> list[tuple[str, dict[str, float]]]:
    """Model states in bytes for a 13B model on one GPU, as docs/assets/calculator/calc-core.js counts them (the test
    runs that module on the same cases and compares): 2-byte weights and gradients, K bytes of optimizer state per
    trained parameter, a BF16 or NF4 frozen base for LoRA and QLoRA."""
    p, t = MEMORY_PARAMS, MEMORY_ADAPTERS
    return [
        ("Full, AdamW", {"weights": 2 * p, "gradients": 2 * p, "optimizer": 12 * p}),
        ("Full, 8-bit AdamW", {"weights": 2 * p, "gradients": 2 * p, "optimizer": 6 * p}),
        ("LoRA", {"weights": 2 * p + 2 * t, "gradients": 2 * t, "optimizer": 12 * t}),
        ("QLoRA", {"weights": NF4_BITS / 8 * p + 2 * t, "gradients": 2 * t, "optimizer": 12 * t}),
    ]


def memory_parts() -> Figure:
    cases = memory_cases()
    totals = [sum(parts.values()) for _, parts in cases]
    full, eight_bit, lora, qlora = (parts for _, parts in cases)
    billions, millions = f"{MEMORY_PARAMS / 1e9:.0f}B", f"{MEMORY_ADAPTERS / 1e6:.0f}M"
    c = Canvas(360, 306)
    left, top, row = 10, 64, 50
    scale = 340 / totals[0]  # SVG units per byte: full fine-tuning's bar spans 340
    c.text(left, 20, f"model states of a {billions} model on one GPU,", size=FONT - 2)
    c.text(left, 38, "before activations", size=FONT - 2)
    for index, (label, parts) in enumerate(cases):
        y = top + index * row
        c.text(left, y, label, size=FONT - 2)
        x: float = left
        for colour, (part, size) in enumerate(parts.items(), start=1):
            c.rect(x, y + 7, max(size * scale, 0.5), 22, f"fig-box-{colour} fig-memory-{part}", rx=1)
            x += size * scale
        c.text(350, y, f"{totals[index] / 1e9:.1f} GB", anchor="end", size=FONT - 2, weight="700")
    y = top + 4 * row + 4
    legend(c, left, y, [("fig-box-1", "weights"), ("fig-box-2", "gradients")], gap=18)
    legend(c, left, y + 22, [("fig-box-3", "optimizer states")])
    adapters = (lora["gradients"] + lora["optimizer"] + 2 * MEMORY_ADAPTERS) / 1e9
    svg = c.svg(
        "memory-parts",
        f"Where GPU memory goes when fine-tuning a {billions} model",
        f"Four bars of model-state memory. Full fine-tuning with AdamW: {full['weights'] / 1e9:.0f} GB weights, "
        f"{full['gradients'] / 1e9:.0f} GB gradients, {full['optimizer'] / 1e9:.0f} GB optimizer states, "
        f"{totals[0] / 1e9:.0f} GB in all. With 8-bit AdamW the optimizer states are "
        f"{eight_bit['optimizer'] / 1e9:.0f} GB, {totals[1] / 1e9:.0f} GB in all. LoRA with "
        f"{MEMORY_ADAPTERS / 1e6:.0f} million adapter parameters: the {2 * MEMORY_PARAMS / 1e9:.0f} GB frozen base and "
        f"about {adapters:.1f} GB for the adapters. QLoRA: a {(qlora['weights'] - 2 * MEMORY_ADAPTERS) / 1e9:.1f} GB "
        f"4-bit base and the same adapters, {totals[3] / 1e9:.1f} GB in all.",
    )
    return Figure(
        "memory-parts",
        svg,
        "Full fine-tuning pays for gradients and optimizer states on every parameter; LoRA and QLoRA pay for them on "
        f"the adapters only ({millions} parameters here), so the frozen base's weights dominate. Activations come on "
        "top.",
        plot={"left": left, "scale": scale, "cases": [label for label, _ in cases]},
    )


# ---------------------------------------------------------------- evaluation: precision and recall

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


def confusion_matrix() -> Figure:
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
        "confusion-matrix",
        "Precision and recall read from a confusion matrix",
        f"A two-by-two table of a rare class: {k['tp']} true positives, {k['fn']} false negatives, {k['fp']} false "
        f"positives and {k['tn']} true negatives. Precision uses the predicted-positive column: "
        f"{k['tp']}/{k['tp'] + k['fp']} = {s['precision']:.2f}. Recall uses the actual-positive row: "
        f"{k['tp']}/{k['tp'] + k['fn']} = {s['recall']:.2f}. Accuracy is {s['accuracy']:.0%} all the same.",
    )
    return Figure(
        "confusion-matrix",
        svg,
        "Precision divides along the predicted-positive column (solid outline), recall along the actual-positive row "
        "(dashed). On a rare class accuracy stays high whatever happens to the positives.",
        plot={"counts": k},
    )


# ---------------------------------------------------------------- data quality: padding and packing

# The formatting lesson's example (data-quality/formatting.md), not a question's.
PACK_EXAMPLE = 500
PACK_LENGTH = 4096


def packing_numbers() -> dict[str, float]:
    """The formatting lesson's example: 500-token examples padded, or packed whole, into 4,096-token rows."""
    per_row = PACK_LENGTH // PACK_EXAMPLE  # whole examples only, as TRL's default best-fit packing keeps them
    return {
        "padding": 1 - PACK_EXAMPLE / PACK_LENGTH,
        "per_row": per_row,
        "packed_padding": 1 - per_row * PACK_EXAMPLE / PACK_LENGTH,
    }


def packing() -> Figure:
    n = packing_numbers()
    per_row = int(n["per_row"])
    c = Canvas(360, 300)
    left, width = 10, 340
    unit = width / PACK_LENGTH
    c.text(left, 20, f"{PACK_LENGTH:,}-token rows holding {PACK_EXAMPLE}-token examples", size=FONT - 2)
    c.text(left, 46, "padded", size=FONT - 1, weight="700")
    for row in range(3):
        y = 54 + row * 30
        c.rect(left, y, width, 24, "fig-idle", rx=0)
        c.rect(left, y, PACK_EXAMPLE * unit, 24, f"fig-box-{row + 1} fig-pack-example", rx=0)
        c.text(left + PACK_EXAMPLE * unit + 8, y + 17, "padding", size=FONT - 3, cls="fig-text-muted")
    c.text(
        left + width, 166, f"{n['padding']:.0%} of the tokens are padding", anchor="end", size=FONT - 1, weight="700"
    )
    c.text(left, 196, "packed", size=FONT - 1, weight="700")
    y = 204
    c.rect(left, y, width, 24, "fig-idle", rx=0)
    for index in range(per_row):
        x = left + index * PACK_EXAMPLE * unit
        c.rect(x, y, PACK_EXAMPLE * unit, 24, f"fig-box-{index % 3 + 1} fig-pack-example fig-pack-packed", rx=0)
    c.text(left, y + 46, f"{per_row} whole examples per row, {n['packed_padding']:.0%} padding:", size=FONT - 2)
    c.text(left, y + 64, f"an epoch needs about {per_row}× fewer rows,", size=FONT - 2)
    c.text(left, y + 82, "with attention kept inside each example", size=FONT - 2)
    svg = c.svg(
        "packing",
        "Padding against packing",
        f"Three padded rows each hold one {PACK_EXAMPLE}-token example and {PACK_LENGTH - PACK_EXAMPLE:,} tokens of "
        f"padding, {n['padding']:.0%} waste. One packed row holds {per_row} whole examples end to end and "
        f"{PACK_LENGTH - per_row * PACK_EXAMPLE} tokens of padding, so the same examples fill about {per_row} times "
        "fewer rows.",
    )
    return Figure(
        "packing",
        svg,
        "Packing puts examples end to end instead of padding each one to the full length; boundary-aware attention "
        "keeps each example from attending to its neighbours.",
        plot={"left": left, "unit": unit, "example": PACK_EXAMPLE, "length": PACK_LENGTH, "per_row": per_row},
    )


# ---------------------------------------------------------------- distillation: temperature

SOFT_LOGITS = [("cat", 4.0), ("dog", 2.5), ("fox", 1.5), ("car", 0.0), ("cup", -1.0)]
SOFT_TEMPERATURES = (1, 4)
SOFT_TEXT = "q_i = exp(z_i/T) / Σ_j exp(z_j/T)"


def softmax(logits: list[float], temperature: float) -> list[float]:
    """Hinton et al.'s softened softmax, as the distillation page writes it."""
    exps = [math.exp(z / temperature) for z in logits]
    total = sum(exps)
    return [e / total for e in exps]


def soft_targets() -> Figure:
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
    for k, (name, z) in enumerate(SOFT_LOGITS):
        x = box.x + k * slot + slot / 2
        c.text(x, box.y + box.h + 18, name, anchor="middle", size=FONT - 2, weight="700")
        c.text(x, box.y + box.h + 34, f"z = {num(z).replace('-', '−')}", anchor="middle", size=FONT - 3)
    c.text(box.x + box.w / 2, box.y + box.h + 56, "the teacher's classes for one input", anchor="middle", size=FONT - 1)
    legend(c, 10, 290, [("fig-solid-1", "T = 1: hard, like the label")])
    legend(c, 10, 312, [("fig-solid-2", "T = 4: soft targets")])
    svg = c.svg(
        "soft-targets",
        "Soft targets: the same logits at temperature 1 and 4",
        "Bars for five classes with logits 4, 2.5, 1.5, 0 and −1. At T = 1 they get "
        + ", ".join(f"{q:.0%}" for q in softmax(logits, 1))
        + "; at T = 4 the distribution flattens to "
        + ", ".join(f"{q:.0%}" for q in softmax(logits, 4))
        + ", showing how the teacher ranks the wrong answers.",
    )
    return Figure(
        "soft-targets",
        svg,
        f"{SOFT_TEXT}: a higher temperature flattens the teacher's distribution, so the student also learns which "
        "wrong answers the teacher finds nearly right.",
        plot=box.data() | {"logits": logits, "temperatures": list(SOFT_TEMPERATURES)},
    )


# ---------------------------------------------------------------- quantization: number formats

FORMATS = [
    ("FP16", 5, 10, "65504"),
    ("BF16", 8, 7, "≈ 3.4×10³⁸"),
    ("FP8 E4M3", 4, 3, "±448"),
    ("FP8 E5M2", 5, 2, "±57344"),
]


def number_formats() -> Figure:
    c = Canvas(360, 290)
    left, top, row, bit = 10, 66, 50, 21
    c.text(left, 20, "one value's bits: sign, exponent (range),", size=FONT - 2)
    c.text(left, 38, "mantissa (precision)", size=FONT - 2)
    for index, (name, exponent, mantissa, largest) in enumerate(FORMATS):
        y = top + index * row
        c.text(left, y, name, size=FONT - 1, weight="700")
        c.text(left + 16 * bit - 2, y, f"max {largest}", anchor="end", size=FONT - 2)
        x: float = left
        for kind, count, cls in (
            ("sign", 1, "fig-box-4"),
            ("exponent", exponent, "fig-box-1"),
            ("mantissa", mantissa, "fig-box-2"),
        ):
            for _ in range(count):
                c.rect(x, y + 7, bit - 2, 22, f"{cls} fig-bit-{kind}", rx=1)
                x += bit
    legend(
        c,
        left,
        top + 4 * row + 4,
        [("fig-box-4", "sign"), ("fig-box-1", "exponent"), ("fig-box-2", "mantissa")],
        gap=14,
    )
    svg = c.svg(
        "number-formats",
        "Bit layouts of FP16, BF16 and the two FP8 formats",
        "FP16: 1 sign, 5 exponent and 10 mantissa bits. BF16: 1, 8 and 7, the same range as FP32 with less precision. "
        "FP8 E4M3: 1, 4 and 3, largest value 448. FP8 E5M2: 1, 5 and 2, largest value 57,344.",
    )
    return Figure(
        "number-formats",
        svg,
        "More exponent bits buy range, more mantissa bits buy precision: BF16 trades FP16's precision for FP32's "
        "range, "
        "and E4M3 suits forward values while E5M2's range suits gradients.",
        plot={"formats": [[name, exponent, mantissa] for name, exponent, mantissa, _ in FORMATS]},
    )


# ---------------------------------------------------------------- architecture: where the parameters are

# The blocks-tokens lesson's worked example (Llama-2-7B at LoRA rank 8), not the questions' Llama-3-8B.
LLAMA2_7B = {"vocab": 32000, "hidden": 4096, "layers": 32, "heads": 32, "kv_heads": 32, "ffn": 11008}
LORA_RANK = 8


def llama_parameters(shape: dict[str, int] = LLAMA2_7B) -> dict[str, int]:
    """A Llama model's parameters by part, from its config: untied input and output embeddings, four attention
    projections (k and v narrower under grouped-query attention), a three-matrix SwiGLU MLP, two RMSNorms a block."""
    h, layers, ffn = shape["hidden"], shape["layers"], shape["ffn"]
    kv = shape["kv_heads"] * h // shape["heads"]
    return {
        "embeddings": shape["vocab"] * h,
        "attention": layers * (2 * h * h + 2 * h * kv),
        "mlp": layers * 3 * h * ffn,
        "output": shape["vocab"] * h,
        "norms": layers * 2 * h + h,
    }


def llama_lora(rank: int = LORA_RANK, shape: dict[str, int] = LLAMA2_7B) -> int:
    """LoRA's r·(d + k) on every linear layer of the blocks (PEFT's all-linear, lm_head left out)."""
    h, ffn = shape["hidden"], shape["ffn"]
    kv = shape["kv_heads"] * h // shape["heads"]
    per_layer = 2 * (h + h) + 2 * (h + kv) + 3 * (h + ffn)
    return shape["layers"] * rank * per_layer


def parameter_parts() -> Figure:
    parts = llama_parameters()
    total = sum(parts.values())
    lora_count = llama_lora()
    c = Canvas(360, 250)
    left, width, top = 10, 340, 56
    c.text(left, 20, f"Llama-2-7B: {total / 1e9:.2f}B parameters by part", size=FONT - 1, weight="700")
    x: float = left
    # The wide parts carry their share inside the bar and their name below it; the two vocabulary matrices are too
    # narrow for that (about 2% each), so their name and share go above, at the bar's two ends.
    labels = {
        "embeddings": ("input embeddings", "start"),
        "attention": ("attention", "middle"),
        "mlp": ("MLP (SwiGLU)", "middle"),
        "output": ("output layer", "end"),
    }
    classes = {"embeddings": "fig-box-4", "attention": "fig-box-1", "mlp": "fig-box-2", "output": "fig-box-4"}
    for part, count in parts.items():
        w = count / total * width
        c.rect(x, top, max(w, 0.5), 40, f"{classes.get(part, 'fig-box-0')} fig-param-{part}", rx=0)
        if part in labels:
            name, anchor = labels[part]
            share = f"{count / total:.0%}"
            if anchor == "middle":
                c.text(x + w / 2, top + 25, share, anchor="middle", size=FONT - 2, weight="700")
                c.text(x + w / 2, top + 58, name, anchor="middle", size=FONT - 3)
            else:
                c.text(x if anchor == "start" else x + w, top - 8, f"{name} {share}", anchor=anchor, size=FONT - 3)
        x += w
    vocab = parts["embeddings"] + parts["output"]
    c.text(left, 148, f"the two vocabulary matrices: {vocab / 1e9:.2f}B;", size=FONT - 2)
    c.text(left, 166, f"the MLPs: {parts['mlp'] / total:.0%}", size=FONT - 2)
    c.text(left, 194, f"LoRA r = {LORA_RANK} on every linear layer", size=FONT - 2)
    c.text(left, 212, f"of the blocks adds {lora_count:,} ({lora_count / total:.1%})", size=FONT - 2)
    c.text(left, 236, "(q, k, v, o, gate, up, down; lm_head left out)", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "parameter-parts",
        "Where Llama-2-7B's parameters are",
        f"A bar of the model's {total / 1e9:.2f} billion parameters: the input embeddings take "
        f"{parts['embeddings'] / total:.0%}, attention {parts['attention'] / total:.0%}, the MLPs "
        f"{parts['mlp'] / total:.0%} and the output layer {parts['output'] / total:.0%}. LoRA at rank {LORA_RANK} on "
        f"every linear layer of the blocks adds {lora_count / 1e6:.1f} million.",
    )
    return Figure(
        "parameter-parts",
        svg,
        "The MLPs hold most of a Llama block's weights; with a 32,000-token vocabulary the two embedding matrices are "
        "small, and LoRA adapters on all linear layers are a fraction of a percent of the model.",
        plot={"parts": parts, "left": left, "width": width, "lora": lora_count, "rank": LORA_RANK},
    )


# ---------------------------------------------------------------- deployment: speculative decoding

SPEC_TEXT = "(1 − α^(γ+1)) / (1 − α)"
# The capacity-and-latency lesson's example (alpha = 0.6 with gamma = 3 and 8), not the speculative question's
# gamma = 4.
SPEC_GAMMAS = (1, 3, 8)
SPEC_ALPHA = 0.6


def speculative_tokens(alpha: float, gamma: int) -> float:
    """Expected tokens per target pass with acceptance rate alpha and gamma drafted tokens (Leviathan et al.)."""
    return gamma + 1 if alpha == 1 else (1 - alpha ** (gamma + 1)) / (1 - alpha)


def speculative() -> Figure:
    c = Canvas(360, 284)
    box = Box(44, 40, 250, 180, (0, 0.95), (1, 8))
    alphas = [round(a * 0.05, 2) for a in range(20)]
    axes(
        c,
        box,
        [(a / 10, f"{a / 10:.1f}") for a in range(0, 10, 2)],
        [(v, str(v)) for v in range(2, 9, 2)],
        "acceptance rate α of the draft's tokens",
    )
    c.text(box.x - 8, box.y - 16, "tokens per pass of the target model", size=FONT - 1)
    label_y = box.y
    for index, gamma in enumerate(sorted(SPEC_GAMMAS, reverse=True), start=1):
        points = [(box.px(a), box.py(speculative_tokens(a, gamma))) for a in alphas]
        c.polyline(points, f"fig-line-{index} fig-series-g{gamma}")
        x, y = points[-1]
        label_y = max(y + 5, label_y + 17)
        c.text(x + 8, label_y, f"γ = {gamma}", size=FONT - 1, weight="700")
    low, high = (speculative_tokens(SPEC_ALPHA, g) for g in (3, 8))
    for value in (low, high):
        c.circle(box.px(SPEC_ALPHA), box.py(value), 4, "fig-solid-1 fig-series-mark")
    c.line(box.px(SPEC_ALPHA), box.py(high) - 6, box.px(SPEC_ALPHA), box.y + 44, "fig-axis")
    c.text(
        box.x + 8,
        box.y + 16,
        f"α = {SPEC_ALPHA}: {low:.2f} (γ = 3), {high:.2f} (γ = 8)",
        size=FONT - 2,
        weight="700",
    )
    c.text(box.x + 8, box.y + 34, f"ceiling 1/(1 − α) = {1 / (1 - SPEC_ALPHA):.1f}", size=FONT - 2)
    svg = c.svg(
        "speculative",
        "Speculative decoding: tokens gained per pass of the target model",
        f"Curves of {SPEC_TEXT} for 1, 3 and 8 drafted tokens as the acceptance rate rises from 0 to 0.95. At "
        f"α = {SPEC_ALPHA}, γ = 3 gives {low:.2f} tokens per pass and γ = 8 gives {high:.2f}, close to the ceiling "
        f"1/(1 − α) = {1 / (1 - SPEC_ALPHA):.1f}; the longer draft pays off only at high α.",
    )
    return Figure(
        "speculative",
        svg,
        "Longer drafts pay off only when the target accepts most drafted tokens; a domain fine-tune that lowers α for "
        "a generic draft loses most of the gain.",
        plot=box.data() | {"alphas": alphas, "gammas": list(SPEC_GAMMAS), "alpha": SPEC_ALPHA},
    )


# ---------------------------------------------------------------- monitoring: A/B test sample size

# The release-gates lesson's example (a 2-point change around 50%), not the sample-size question's 70% rate.
AB_RATE = 0.5
AB_MARK = 2  # percentage points
AB_TEXT = "16·σ²/δ²"


def ab_sample_size(delta: float, rate: float = AB_RATE) -> float:
    """Answers per arm to detect a change of delta in a rate (5% significance, 80% power): about 16·σ²/δ², with
    σ² = p(1 - p)."""
    return 16 * rate * (1 - rate) / delta**2


def ab_sample() -> Figure:
    c = Canvas(360, 296)
    box = Box(52, 40, 280, 180, (0.5, 5), (2, 6))  # y is log10 of the answers per arm
    deltas = [round(0.5 + 0.25 * i, 2) for i in range(19)]
    short = {2: "100", 3: "1k", 4: "10k", 5: "100k", 6: "1M"}
    axes(
        c,
        box,
        [(d, f"{d:g}") for d in (0.5, 1, 2, 3, 4, 5)],
        [(e, short[e]) for e in range(2, 7)],
        "change to detect δ, in points",
    )
    c.text(box.x + box.w / 2, box.y + box.h + 60, f"of a {AB_RATE:.0%} rate", anchor="middle", size=FONT - 1)
    c.text(box.x - 8, box.y - 16, "answers per arm (log scale)", size=FONT - 1)
    points = [(box.px(d), box.py(math.log10(ab_sample_size(d / 100)))) for d in deltas]
    c.polyline(points, "fig-line-1 fig-series-n")
    for d in (1, AB_MARK):
        n = ab_sample_size(d / 100)
        c.circle(box.px(d), box.py(math.log10(n)), 4, "fig-solid-1")
        label = f"{d} point{'s' if d != 1 else ''}: {n:,.0f} per arm"
        c.text(box.px(d) + 10, box.py(math.log10(n)) - 6, label, size=FONT - 2, weight="700")
    svg = c.svg(
        "ab-sample",
        "How many rated answers an A/B test needs",
        f"A falling curve of {AB_TEXT} answers per arm at a {AB_RATE:.0%} rate, on a log scale: "
        f"{ab_sample_size(0.05):,.0f} to detect a 5-point change, {ab_sample_size(0.02):,.0f} for 2 points and "
        f"{ab_sample_size(0.01):,.0f} for 1 point.",
    )
    return Figure(
        "ab-sample",
        svg,
        "Halving the change to detect quadruples the sample: a one-point difference needs tens of thousands of rated "
        "answers per arm before it can be read.",
        plot=box.data() | {"deltas": deltas, "rate": AB_RATE},
    )

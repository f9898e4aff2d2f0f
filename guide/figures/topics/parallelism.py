"""Parallelism's figures: one layout of 16 GPUs (the overview), ZeRO's stages, the pipeline bubble and a 1F1B
schedule, tensor parallelism's splits and context parallelism's balanced chunks.
"""

from __future__ import annotations

from dataclasses import dataclass

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, box, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- data-parallel.md: ZeRO stages

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


@figure("zero-stages")
def zero_stages(name: str) -> Figure:
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
        name,
        f"What each ZeRO stage shards, on {n} GPUs",
        "Four bars, one per ZeRO stage, for the model states one GPU holds. Without ZeRO: 2Ψ weights, 2Ψ gradients and "
        f"12Ψ optimizer states, 16Ψ in all. Stage 1 cuts the optimizer states to a 1/{n} share (7Ψ in all), stage 2 "
        f"the gradients too (5.5Ψ), stage 3 the weights as well (4Ψ, a 1/{n} share of everything).",
    )
    return Figure(
        name,
        svg,
        f"Bytes per GPU in units of Ψ (the parameter count), with N = {n}. Each stage divides one more part by N; "
        "the parts left whole are what limits stages 1 and 2.",
        plot={"left": left, "scale": scale, "gpus": n, "k": ZERO_K},
    )


# ---------------------------------------------------------------- tensor-pipeline.md: pipeline bubble

BUBBLE_TEXT = "(p − 1)/(m + p − 1)"


def bubble_share(p: int, m: int) -> float:
    """The share of a pipeline step that each GPU sits idle: (p - 1) of the (m + p - 1) slots (GPipe, 1F1B)."""
    return (p - 1) / (m + p - 1)


# The tensor-pipeline lesson's example (p = 4, m = 12), and micro-batch counts up to 24: the questions work with
# m = 32 (p = 8 and p = 4), so the figure states none of their numbers.
BUBBLE_MARK = (4, 12)
BUBBLE_MAX_M = 24


@figure("bubble-fraction")
def bubble_fraction(name: str) -> Figure:
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
        name,
        "Pipeline bubble against the number of micro-batches",
        f"The idle share of each step, (p − 1)/(m + p − 1), for 2, 4 and 8 pipeline stages as the micro-batches per "
        f"step grow from 1 to {top_m}. At m = 1 an 8-stage pipeline idles {bubble_share(8, 1):.0%} of the time; a "
        f"{p}-stage pipeline with {m} micro-batches idles {p - 1}/{m + p - 1} = {mark:.0%} of the step, which is "
        f"{p - 1}/{m} = {(p - 1) / m:.0%} of the ideal compute time.",
    )
    return Figure(
        name,
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


@figure("pipeline-1f1b")
def pipeline_1f1b(name: str) -> Figure:
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
        name,
        f"A 1F1B pipeline schedule with {p} stages and {m} micro-batches",
        f"Four rows, one per GPU, along time. GPU 1 starts forward passes of micro-batches 1 to {p - 1} while the "
        "others wait; once the pipeline is full each GPU alternates one forward and one backward pass; at the end "
        "the backward passes drain towards GPU 1. The empty stretches at the start and end of every row are the "
        f"bubble: {p - 1} of {m + p - 1} time slots on every GPU.",
    )
    return Figure(
        name,
        svg,
        f"1F1B with p = {p} stages and m = {m} micro-batches (numbers in the boxes): each GPU idles for p − 1 forward "
        "and backward slots while the pipeline fills and drains.",
        plot={"p": p, "m": m, "left": left, "unit": unit, "span": span},
    )


# ---------------------------------------------------------------- tensor-pipeline.md: column and row splits


@figure("tensor-splits")
def tensor_splits(name: str) -> Figure:
    c = Canvas(360, 350)
    c.text(10, 20, "Megatron MLP on 2 GPUs:", size=FONT - 1, weight="700")
    c.text(10, 38, "Z = GeLU(X·A)·B", size=FONT - 1, weight="700")
    # The two weight matrices, split: A by columns, B by rows.
    c.rect(200, 8, 22, 44, "fig-box-1", rx=1)
    c.rect(222, 8, 22, 44, "fig-box-2", rx=1)
    c.text(222, 70, "A = [A₁ A₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(222, 86, "by columns", anchor="middle", size=FONT - 3)
    c.rect(280, 8, 44, 22, "fig-box-1", rx=1)
    c.rect(280, 30, 44, 22, "fig-box-2", rx=1)
    c.text(302, 70, "B = [B₁; B₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(302, 86, "by rows", anchor="middle", size=FONT - 3)
    for lane in (0, 1):
        y = 128 + lane * 90
        colour = f"fig-box-{lane + 1}"
        n = "₁" if lane == 0 else "₂"
        c.text(10, y - 8, f"GPU {lane + 1}", size=FONT - 1, weight="700")
        box(c, 10, y, 50, 48, ["X", "whole"], "fig-box-0")
        c.path(f"M60 {y + 24} H70", arrow=True)
        box(c, 72, y, 96, 48, [f"Y{n} = GeLU", f"(X·A{n})"], colour)
        c.path(f"M168 {y + 24} H178", arrow=True)
        box(c, 180, y, 92, 48, [f"Z{n} = Y{n}·B{n}", "partial sum"], colour)
        c.path(f"M272 {y + 24} H286", arrow=True)
    box(c, 288, 128, 64, 138, ["all-", "reduce", "Z₁ + Z₂"], "fig-box-3")
    c.path("M320 266 V292", arrow=True)
    c.text(320, 312, "Z", anchor="middle", size=FONT + 1, italic=True)
    c.text(10, 300, "no communication between", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 316, "the two matmuls", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "Tensor parallelism: a column-parallel then a row-parallel matrix multiply",
        "The MLP's first weight A is split by columns into A₁ and A₂, the second weight B by rows into B₁ and B₂. Each "
        "GPU gets the whole input X, computes its own half of Y = GeLU(X·A) with no communication, and multiplies it "
        "by its rows of B, giving a partial sum. One all-reduce adds the two partial sums into Z.",
    )
    return Figure(
        name,
        svg,
        "Splitting the first matrix by columns lets GeLU run on each GPU's half; splitting the second by rows makes "
        "each GPU's output a partial sum, so the forward pass needs one all-reduce per MLP (and one more in backward).",
    )


# ---------------------------------------------------------------- index.md: one layout of 16 GPUs

LAYOUT = {"tp": 4, "pp": 2, "cp": 1, "dp": 2}  # 4 nodes of 4 GPUs: an example of the figure's own


@figure("parallel-layout")
def parallel_layout(name: str) -> Figure:
    tp, pp, dp = LAYOUT["tp"], LAYOUT["pp"], LAYOUT["dp"]
    world = tp * pp * LAYOUT["cp"] * dp
    c = Canvas(360, 330)
    c.text(10, 20, f"{world} GPUs = TP {tp} × PP {pp} × DP {dp}", size=FONT - 1, weight="700")
    c.text(10, 38, "4 nodes of 4 GPUs, one replica per column", size=FONT - 3, cls="fig-text-muted")
    gpu = 0
    for replica in range(dp):
        x = 10 + replica * 180
        c.text(x + 80, 62, f"replica {replica + 1}", anchor="middle", size=FONT - 2, weight="700")
        for stage in range(pp):
            y = 72 + stage * 100
            c.rect(x, y, 160, 66, "fig-box-0 fig-node")
            c.text(x + 8, y + 17, f"node {replica * pp + stage + 1}: stage {stage + 1}", size=FONT - 3)
            for slot in range(tp):
                gpu += 1
                c.rect(x + 10 + slot * 37, y + 26, 30, 30, "fig-box-1 fig-gpu", rx=2)
                c.text(x + 25 + slot * 37, y + 46, str(gpu), anchor="middle", size=FONT - 3)
            if stage + 1 < pp:
                c.path(f"M{x + 80} {y + 66} V{y + 98}", arrow=True)
                c.text(x + 88, y + 88, "PP", size=FONT - 2, weight="700", cls="fig-text-2")
    c.path("M170 105 H188", arrow=True)
    c.path("M190 205 H172", arrow=True)
    c.text(180, 160, "DP", anchor="middle", size=FONT - 2, weight="700")
    c.text(10, 268, "TP: all-reduces in every layer, on NVLink", size=FONT - 3)
    c.text(10, 286, "PP: activations between stages, across nodes", size=FONT - 3)
    c.text(10, 304, "DP: replicas, gradients averaged each step", size=FONT - 3)
    c.text(10, 322, f"world size = TP × PP × CP × DP (CP = {LAYOUT['cp']} here)", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        f"Tensor, pipeline and data parallelism laid out on {world} GPUs",
        f"{world} GPUs in 4 nodes of 4. Each node holds one tensor-parallel group of {tp} GPUs, which all-reduce "
        f"inside every layer over NVLink. Two nodes, one above the other, form a pipeline of {pp} stages that pass "
        f"activations across nodes. The two columns are {dp} data-parallel replicas of the whole model, whose "
        "gradients are averaged once a step.",
    )
    return Figure(
        name,
        svg,
        "Tensor parallelism inside a node, pipeline stages across nodes, data-parallel replicas on top: the fastest "
        "links carry the most frequent communication. The product of the degrees is the number of GPUs.",
        plot=dict(LAYOUT),
    )


# ---------------------------------------------------------------- sequence-experts.md: CP under a causal mask

CP = 2
CP_TOKENS = 3  # tokens per chunk: 2·CP chunks of 3, twelve tokens


def cp_chunks(rank: int, cp: int = CP) -> tuple[int, int]:
    """Megatron's load-balanced split: rank r holds chunks r and 2·CP - 1 - r."""
    return rank, 2 * cp - 1 - rank


def causal_work(chunk: int, per_chunk: int = CP_TOKENS) -> int:
    """Query-key pairs a chunk's queries compute under a causal mask: query i attends to i + 1 keys."""
    return sum(i + 1 for i in range(chunk * per_chunk, (chunk + 1) * per_chunk))


@figure("cp-balance")
def cp_balance(name: str) -> Figure:
    chunks = 2 * CP
    n = chunks * CP_TOKENS
    owner = {chunk: rank for rank in range(CP) for chunk in cp_chunks(rank)}
    c = Canvas(360, 336)
    left, top, cell = 78, 52, 14
    c.text(10, 20, f"causal mask, {n} tokens in 2 × CP = {chunks} chunks", size=FONT - 2)
    c.text(left, top - 8, "keys →", size=FONT - 3, cls="fig-text-muted")
    c.rect(left, top, n * cell, n * cell, "fig-cell", rx=0)
    for i in range(n):
        rank = owner[i // CP_TOKENS]
        for j in range(i + 1):
            c.rect(left + j * cell, top + i * cell, cell, cell, f"fig-box-{rank + 1} fig-cp-rank{rank}", rx=0)
    for chunk in range(chunks):
        y = top + chunk * CP_TOKENS * cell + CP_TOKENS * cell / 2 + 5
        c.text(left - 8, y, f"chunk {chunk}", anchor="end", size=FONT - 3)
        rank = owner[chunk]
        c.text(left + n * cell + 10, y, f"rank {rank}: {causal_work(chunk)}", size=FONT - 3, cls=f"fig-text-{rank + 1}")
    y = top + n * cell + 30
    totals = [sum(causal_work(chunk) for chunk in cp_chunks(rank)) for rank in range(CP)]
    for rank in range(CP):
        a, b = cp_chunks(rank)
        c.text(
            10,
            y + rank * 20,
            f"rank {rank}, chunks {a} and {b}: {causal_work(a)} + {causal_work(b)} = {totals[rank]} pairs",
            size=FONT - 2,
            weight="700",
            cls=f"fig-text-{rank + 1}",
        )
    halves = [sum(causal_work(chunk) for chunk in range(h * CP, (h + 1) * CP)) for h in range(2)]
    c.text(10, y + 44, f"contiguous halves would give {halves[0]} and {halves[1]}", size=FONT - 3)
    svg = c.svg(
        name,
        "Context parallelism under a causal mask: balanced chunks",
        f"A lower-triangular attention mask over {n} tokens, cut into {chunks} chunks of {CP_TOKENS}. Rank 0 holds "
        f"chunks 0 and 3, rank 1 chunks 1 and 2, so each computes {totals[0]} query-key pairs; cutting the sequence "
        f"into two contiguous halves would give {halves[0]} and {halves[1]}.",
    )
    return Figure(
        name,
        svg,
        "Under a causal mask later queries attend to more keys; pairing an early chunk with a late one gives every "
        "context-parallel rank the same attention work.",
        plot={"cp": CP, "per_chunk": CP_TOKENS, "totals": totals, "halves": halves},
    )

"""Figures placed on lesson pages: each lesson's mechanism, split or worked example, drawn for a phone's column.

Figures of numbers compute them here from the formula and the example their lesson's notes state (the constants
below carry the notes' own numbers); tests/test_figures.py writes each formula out again from the notes' words,
reads the drawn numbers back and checks that the notes still say them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from guide.figures import Figure
from guide.figures.diagrams import box
from guide.figures.plots import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- parallelism (overview): one layout of 16 GPUs

LAYOUT = {"tp": 4, "pp": 2, "cp": 1, "dp": 2}  # 4 nodes of 4 GPUs: an example of the figure's own


def parallel_layout() -> Figure:
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
        "parallel-layout",
        f"Tensor, pipeline and data parallelism laid out on {world} GPUs",
        f"{world} GPUs in 4 nodes of 4. Each node holds one tensor-parallel group of {tp} GPUs, which all-reduce "
        f"inside every layer over NVLink. Two nodes, one above the other, form a pipeline of {pp} stages that pass "
        f"activations across nodes. The two columns are {dp} data-parallel replicas of the whole model, whose "
        "gradients are averaged once a step.",
    )
    return Figure(
        "parallel-layout",
        svg,
        "Tensor parallelism inside a node, pipeline stages across nodes, data-parallel replicas on top: the fastest "
        "links carry the most frequent communication. The product of the degrees is the number of GPUs.",
        plot=dict(LAYOUT),
    )


# ---------------------------------------------------------------- parallelism: context parallelism under a causal mask

CP = 2
CP_TOKENS = 3  # tokens per chunk: 2·CP chunks of 3, twelve tokens


def cp_chunks(rank: int, cp: int = CP) -> tuple[int, int]:
    """Megatron's load-balanced split: rank r holds chunks r and 2·CP - 1 - r."""
    return rank, 2 * cp - 1 - rank


def causal_work(chunk: int, per_chunk: int = CP_TOKENS) -> int:
    """Query-key pairs a chunk's queries compute under a causal mask: query i attends to i + 1 keys."""
    return sum(i + 1 for i in range(chunk * per_chunk, (chunk + 1) * per_chunk))


def cp_balance() -> Figure:
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
        "cp-balance",
        "Context parallelism under a causal mask: balanced chunks",
        f"A lower-triangular attention mask over {n} tokens, cut into {chunks} chunks of {CP_TOKENS}. Rank 0 holds "
        f"chunks 0 and 3, rank 1 chunks 1 and 2, so each computes {totals[0]} query-key pairs; cutting the sequence "
        f"into two contiguous halves would give {halves[0]} and {halves[1]}.",
    )
    return Figure(
        "cp-balance",
        svg,
        "Under a causal mask later queries attend to more keys; pairing an early chunk with a late one gives every "
        "context-parallel rank the same attention work.",
        plot={"cp": CP, "per_chunk": CP_TOKENS, "totals": totals, "halves": halves},
    )


# ---------------------------------------------------------------- PEFT (overview): where each method acts

PEFT_METHODS = ["prompt tuning", "prefix tuning", "LoRA", "adapter", "IA3"]


def peft_places() -> Figure:
    c = Canvas(360, 350)
    c.text(10, 20, "one transformer layer, frozen", size=FONT - 2, cls="fig-text-muted")
    c.rect(10, 32, 150, 40, "fig-frozen")
    for k in range(3):
        c.rect(18 + k * 16, 44, 12, 16, "fig-box-1", rx=1)
    c.text(72, 57, "input", size=FONT - 2)
    c.path("M85 72 V90", arrow=True)
    box(c, 10, 92, 150, 54, ["attention", "q k v o"], "fig-frozen")
    c.path("M85 146 V162", arrow=True)
    c.rect(30, 164, 110, 24, "fig-box-3")
    c.text(85, 181, "adapter", anchor="middle", size=FONT - 3)
    c.path("M85 188 V204", arrow=True)
    box(c, 10, 206, 150, 54, ["MLP", "gate up down"], "fig-frozen")
    c.path("M85 260 V276", arrow=True)
    c.rect(30, 278, 110, 24, "fig-box-3")
    c.text(85, 295, "adapter", anchor="middle", size=FONT - 3)
    c.path("M85 302 V322", arrow=True)
    c.text(85, 340, "next layer", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    notes = [
        (52, "fig-box-1", "prompt tuning", "n vectors before the input"),
        (104, "fig-box-1", "prefix tuning", "keys, values in every layer"),
        (146, "fig-box-2", "LoRA", "B·A beside W; merges"),
        (188, "fig-box-3", "adapter", "in series; cannot merge"),
        (240, "fig-box-4", "IA3", "vectors scale k, v, MLP"),
    ]
    for y, cls, name, what in notes:
        c.rect(180, y - 11, 12, 12, cls, rx=2)
        c.text(198, y, name, size=FONT - 2, weight="700")
        c.text(198, y + 17, what, size=FONT - 3)
    c.line(160, 52, 176, 52, "fig-axis")
    c.line(160, 110, 176, 104, "fig-axis")
    c.line(160, 130, 176, 146, "fig-axis")
    c.line(140, 176, 176, 188, "fig-axis")
    c.line(160, 233, 176, 240, "fig-axis")
    svg = c.svg(
        "peft-places",
        "Where each parameter-efficient method acts in a frozen transformer layer",
        "A frozen layer: input, attention, MLP. Prompt tuning adds trained vectors before the input; prefix tuning "
        "adds trained keys and values to the attention of every layer; LoRA adds a trained low-rank product beside "
        "the weight matrices and can be merged into them; bottleneck adapters sit in series after a sub-layer and "
        "cannot be merged; IA3 learns vectors that scale keys, values and the MLP's activations.",
    )
    return Figure(
        "peft-places",
        svg,
        "Every method leaves the pretrained weights frozen and trains something small: input vectors, per-layer "
        "keys and values, a low-rank update, a module in series, or scaling vectors.",
        plot={"methods": PEFT_METHODS},
    )


# ---------------------------------------------------------------- data quality: LSH banding

LSH_BANDS = 20
LSH_ROWS = 13
LSH_CHECK = 0.8  # the 24.12 API's Jaccard threshold for checking candidates


def lsh_candidate(s: float, bands: int = LSH_BANDS, rows: int = LSH_ROWS) -> float:
    """The chance that a pair of Jaccard similarity s shares at least one whole band: 1 - (1 - s^r)^b."""
    return 1 - (1 - s**rows) ** bands


def lsh_curve() -> Figure:
    c = Canvas(360, 300)
    box_ = Box(52, 40, 280, 180, (0, 1), (0, 1))
    axes(
        c,
        box_,
        [(v / 5, num(v / 5)) for v in range(6)],
        [(0, "0"), (0.5, "0.5"), (1, "1")],
        "Jaccard similarity s of two documents",
    )
    c.text(box_.x - 8, box_.y - 16, "chance the pair becomes a candidate", size=FONT - 1)
    steps = [round(i * 0.02, 2) for i in range(51)]
    c.polyline([(box_.px(s), box_.py(lsh_candidate(s))) for s in steps], "fig-line-1 fig-series-lsh")
    rise = (1 / LSH_BANDS) ** (1 / LSH_ROWS)
    c.line(box_.px(rise), box_.y, box_.px(rise), box_.y + box_.h, "fig-axis fig-dashed")
    c.text(box_.px(rise) - 6, box_.y + 16, f"(1/{LSH_BANDS})^(1/{LSH_ROWS}) ≈ {rise:.2f}", anchor="end", size=FONT - 2)
    c.text(box_.x + 8, box_.y + 60, f"b = {LSH_BANDS} bands", size=FONT - 2, weight="700")
    c.text(box_.x + 8, box_.y + 78, f"of r = {LSH_ROWS} hashes", size=FONT - 2, weight="700")
    c.text(10, 286, "an optional check then drops candidates under 0.8", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "lsh-curve",
        "LSH banding: the chance a pair is flagged against its similarity",
        f"An S-shaped curve of 1 − (1 − s^{LSH_ROWS})^{LSH_BANDS}: pairs below a Jaccard similarity of about 0.6 "
        f"are almost never candidates, pairs above 0.9 almost always; the steep rise sits near (1/{LSH_BANDS})^"
        f"(1/{LSH_ROWS}) ≈ {rise:.2f}.",
    )
    return Figure(
        "lsh-curve",
        svg,
        "Banding turns a MinHash similarity into a near step: NeMo Curator's 20 bands of 13 hashes flag pairs from "
        "about 0.8 Jaccard upwards, and a check against the real similarity removes false candidates.",
        plot=box_.data() | {"steps": steps, "bands": LSH_BANDS, "rows": LSH_ROWS},
    )


# ---------------------------------------------------------------- data quality: which positions carry loss

MASK_TOKENS = ["sys", "rules", "user", "Hi", "asst", "Hello", "EOS", "pad"]
# Which tokens each labelling trains: the assistant's reply and its EOS under assistant_only_loss=True; everything
# but the positions equal to the pad ID when the pad token is the EOS token (so the real EOS is masked too).
MASK_ROWS = [
    ("assistant_only_loss=True", {"Hello", "EOS"}),
    ("collator with pad = EOS", {"sys", "rules", "user", "Hi", "asst", "Hello"}),
]


def loss_mask() -> Figure:
    c = Canvas(360, 300)
    left, width = 10, 42
    c.text(left, 20, "input_ids", size=FONT - 1, weight="700")
    for k, token in enumerate(MASK_TOKENS):
        cls = "fig-box-0" if token != "EOS" else "fig-box-4"
        c.rect(left + k * width, 30, width - 4, 30, f"{cls} fig-mask-token")
        c.text(left + k * width + (width - 4) / 2, 50, token, anchor="middle", size=FONT - 3)
    for row, (label, trained) in enumerate(MASK_ROWS):
        y = 100 + row * 84
        c.text(left, y - 10, f"labels, {label}", size=FONT - 2, weight="700")
        for k, token in enumerate(MASK_TOKENS):
            on = token in trained
            cls = "fig-box-2 fig-mask-loss" if on else "fig-idle fig-mask-ignored"
            c.rect(left + k * width, y, width - 4, 30, cls)
            c.text(left + k * width + (width - 4) / 2, y + 20, "loss" if on else "−100", anchor="middle", size=FONT - 3)
    c.text(left, 256, "pad = EOS masks every real EOS as well:", size=FONT - 3)
    c.text(left, 274, "the model never learns to stop", size=FONT - 3, weight="700")
    svg = c.svg(
        "loss-mask",
        "Which tokens carry loss in a chat example",
        "Eight tokens: a system turn, a user turn, the assistant's reply Hello, the end-of-turn EOS token and a pad. "
        "With assistant_only_loss the labels keep only Hello and EOS and set the rest to −100. A language-modelling "
        "collator whose pad token is the EOS token trains every token except those equal to the pad ID, so the real "
        "EOS is masked and the model never learns to stop.",
    )
    return Figure(
        "loss-mask",
        svg,
        "A label of −100 removes a position from the loss. Decode a batch and check that the reply and its EOS "
        "are trained, and that the mask was not built from a pad token shared with EOS.",
        plot={"tokens": MASK_TOKENS, "rows": [[label, sorted(trained)] for label, trained in MASK_ROWS]},
    )


# ---------------------------------------------------------------- data quality: temperature-scaled mixing

MIX_SOURCES = (900_000, 100_000)  # the lesson's two sources
MIX_TEMPERATURES = (1, 2)


def mix_shares(sizes: tuple[int, ...], temperature: float) -> list[float]:
    """Each source's share of draws when sampled in proportion to its size raised to 1/T (T = inf: uniform)."""
    weights = [1.0 if math.isinf(temperature) else n ** (1 / temperature) for n in sizes]
    return [w / sum(weights) for w in weights]


def temperature_mix() -> Figure:
    c = Canvas(360, 270)
    left, width = 10, 340
    big, small = MIX_SOURCES
    c.text(left, 20, f"two sources: {big:,} and {small:,} examples", size=FONT - 2)
    c.text(left, 38, "share of draws when p ∝ size^(1/T)", size=FONT - 2, weight="700")
    rows = [*MIX_TEMPERATURES, math.inf]
    for index, temperature in enumerate(rows):
        y = 70 + index * 56
        label = "T → ∞: equal mixing" if math.isinf(temperature) else f"T = {temperature}"
        if temperature == 1:
            label += ": proportional"
        c.text(left, y, label, size=FONT - 2)
        x: float = left
        for k, share in enumerate(mix_shares(MIX_SOURCES, temperature)):
            w = share * width
            c.rect(x, y + 7, w, 26, f"fig-box-{k + 1} fig-mix-{k}", rx=1)
            c.text(x + w / 2, y + 25, f"{share:.0%}", anchor="middle", size=FONT - 2, weight="700")
            x += w
    legend(c, left, 248, [("fig-box-1", "large source"), ("fig-box-2", "small source")], gap=18)
    shares = mix_shares(MIX_SOURCES, 2)
    svg = c.svg(
        "temperature-mix",
        "Temperature-scaled sampling between two sources",
        f"Three bars for a {big:,}-example and a {small:,}-example source. Sampled in proportion to size (T = 1) "
        f"the small source gets 10% of draws; at T = 2, sizes under a square root, it gets {shares[1]:.0%}; as T "
        "grows without bound both get half.",
    )
    return Figure(
        "temperature-mix",
        svg,
        "Raising sizes to 1/T moves a mixture from proportional towards equal sampling; the small source's examples "
        "are then repeated more often, so watch it for overfitting.",
        plot={"sizes": list(MIX_SOURCES), "temperatures": [*MIX_TEMPERATURES, "inf"], "left": left, "width": width},
    )


# ---------------------------------------------------------------- training dynamics: clipping by norm or by value

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


def grad_clipping() -> Figure:
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
        "grad-clipping",
        "Gradient clipping by norm and by value",
        f"A gradient g = ({num(g[0])}, {num(g[1])}) of norm 2.5 and a circle of radius max_norm = {num(CLIP_MAX)}. "
        f"Clipping by norm scales it by 1/2.5 to ({num(nx)}, {num(ny)}), on the same line. Clipping each value at "
        f"{num(CLIP_MAX)} gives ({num(vx)}, {num(vy)}), which points elsewhere. A small gradient inside the circle "
        "is not changed.",
    )
    return Figure(
        "grad-clipping",
        svg,
        "Clipping by the global norm only ever shortens a step and keeps its direction; clipping by value caps "
        "each element and turns the step.",
        plot=b.data() | {"max_norm": CLIP_MAX, "g": list(g), "small": list(CLIP_SMALL)},
    )


# ---------------------------------------------------------------- training dynamics: in-batch negatives

NEG_BATCH = 4
NEG_DUPLICATES = (1, 3)  # rows 2 and 4 share one answer text
NEG_SCALE = 20


def in_batch_negatives() -> Figure:
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
        "in-batch-negatives",
        "In-batch negatives: a batch as a classification problem",
        f"A {n} by {n} grid of questions against the batch's answers. The diagonal holds each question's own answer, "
        "the target of a softmax over its row; every other answer is a negative. Two rows share the same answer "
        "text, so each copy is scored as a negative for the other question: a false negative.",
    )
    return Figure(
        "in-batch-negatives",
        svg,
        "MultipleNegativesRankingLoss needs only (anchor, positive) pairs: the other pairs in the batch are the "
        "negatives, so batch size sets how many there are and duplicates poison them.",
        plot={"batch": n, "duplicates": list(NEG_DUPLICATES), "scale": NEG_SCALE},
    )


# ---------------------------------------------------------------- memory: one layer's activations

ACT_HIDDEN = 4096
ACT_HEADS = 32
ACT_SEQ = 4096  # the lesson's example: 5·32·4096/4096 = 160 against 34


def activation_bytes(s: int, b: int = 1, h: int = ACT_HIDDEN, a: int = ACT_HEADS) -> tuple[float, float]:
    """Korthikanti et al.'s s·b·h·(34 + 5·a·s/h) bytes for one layer, as its two terms: the 34 part and the stored
    attention scores."""
    return s * b * h * 34, s * b * h * 5 * a * s / h


def activation_terms() -> Figure:
    c = Canvas(360, 300)
    top_s = 8192
    b = Box(52, 40, 280, 180, (0, top_s), (0, 12))
    axes(
        c,
        b,
        [(s, f"{s // 1024}k") for s in range(0, top_s + 1, 2048)],
        [(v, str(v)) for v in range(0, 13, 4)],
        "sequence length s (tokens)",
    )
    c.text(b.x - 8, b.y - 16, "GB per layer, one sequence (b = 1)", size=FONT - 1)
    lengths = list(range(0, top_s + 1, 256))
    linear = [(b.px(s), b.py(activation_bytes(s)[0] / 1e9)) for s in lengths]
    total = [(b.px(s), b.py(sum(activation_bytes(s)) / 1e9)) for s in lengths]
    c.polyline(total, "fig-line-1 fig-series-total")
    c.polyline(linear, "fig-line-2 fig-series-linear")
    low, high = activation_bytes(ACT_SEQ)
    ratio = ACT_HEADS * 5 * ACT_SEQ / ACT_HIDDEN
    c.circle(b.px(ACT_SEQ), b.py((low + high) / 1e9), 4, "fig-solid-1")
    c.text(b.x + 8, b.y + 14, "s·b·h·(34 + 5·a·s/h)", size=FONT - 2, weight="700", cls="fig-text-1")
    c.text(b.x + 8, b.y + 32, f"h = {ACT_HIDDEN:,}, a = {ACT_HEADS}", size=FONT - 3)
    c.text(
        b.px(ACT_SEQ) - 8,
        b.py((low + high) / 1e9) - 10,
        f"s = {ACT_SEQ:,}: {num(ratio)} vs 34",
        anchor="end",
        size=FONT - 3,
        weight="700",
    )
    c.text(
        b.x + b.w,
        b.py(activation_bytes(top_s)[0] / 1e9) - 8,
        "the 34 part",
        anchor="end",
        size=FONT - 3,
        cls="fig-text-2",
    )
    c.text(10, 290, "FlashAttention removes the s² term: the lower curve", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "activation-terms",
        "Activation memory of one transformer layer against sequence length",
        f"Two curves for one layer with hidden size {ACT_HIDDEN:,} and {ACT_HEADS} heads at micro-batch 1: the part "
        "that grows linearly with the sequence, 34·s·b·h bytes, and the total with the stored attention scores, "
        f"5·a·s²·b bytes, which grow with its square. At s = {ACT_SEQ:,} the attention term is {num(ratio)} against "
        "34, most of the total.",
    )
    return Figure(
        "activation-terms",
        svg,
        "Every term grows with the micro-batch; the stored attention scores grow with the square of the sequence "
        "and dominate long sequences, which is what FlashAttention and selective recomputation remove.",
        plot=b.data() | {"lengths": lengths, "hidden": ACT_HIDDEN, "heads": ACT_HEADS, "seq": ACT_SEQ},
    )


# ---------------------------------------------------------------- memory: FP8 delayed scaling

FP8_MAX = 448  # E4M3
FP8_HISTORY = 2.0
FP8_SPIKE = 3.0


def fp8_scale(amax: float, margin: int = 0, fp8_max: float = FP8_MAX) -> float:
    """Transformer Engine's delayed scaling: (FP8_MAX / amax) / 2^margin."""
    return fp8_max / amax / 2**margin


def fp8_scaling() -> Figure:
    c = Canvas(360, 276)
    left, width, top = 20, 320, 700  # value axis 0 to 700 in FP8 units
    unit = width / top
    c.text(10, 20, f"E4M3, largest value {FP8_MAX}; history amax {num(FP8_HISTORY)}", size=FONT - 2)
    rows = []
    for index, margin in enumerate((0, 1)):
        scale = fp8_scale(FP8_HISTORY, margin)
        y = 76 + index * 118
        c.text(
            10,
            y - 24,
            f"margin {margin}: scale = {num(FP8_MAX)}/{num(FP8_HISTORY)}"
            + (f"/2 = {num(scale)}" if margin else f" = {num(scale)}"),
            size=FONT - 2,
            weight="700",
        )
        c.rect(left, y, FP8_MAX * unit, 14, "fig-box-2 fig-fp8-range", rx=0)
        c.rect(left + FP8_MAX * unit, y, (top - FP8_MAX) * unit, 14, "fig-box-4", rx=0)
        c.text(left + FP8_MAX * unit, y + 32, str(FP8_MAX), anchor="middle", size=FONT - 3)
        c.text(left, y + 32, "0", anchor="middle", size=FONT - 3)
        for value, cls in ((FP8_HISTORY, "fig-solid-1"), (FP8_SPIKE, "fig-solid-3")):
            scaled = value * scale
            shown = min(scaled, FP8_MAX)
            c.circle(left + scaled * unit, y + 7, 5, f"{cls} fig-fp8-mark")
            c.text(left + scaled * unit, y - 6, f"{num(value)} → {num(scaled)}", anchor="middle", size=FONT - 3)
            rows.append([margin, value, scaled, shown])
        if FP8_SPIKE * scale > FP8_MAX:
            c.path(
                f"M{num(left + FP8_SPIKE * scale * unit)} {y + 16} V{y + 44} H{num(left + FP8_MAX * unit + 14)}",
                arrow=True,
            )
            c.text(left + FP8_MAX * unit + 14, y + 62, f"clipped to {FP8_MAX}", size=FONT - 3, weight="700")
    legend(c, 10, 266, [("fig-box-2", "fits"), ("fig-box-4", "beyond E4M3"), ("fig-solid-3", "a new value")], gap=12)
    svg = c.svg(
        "fp8-scaling",
        "FP8 delayed scaling: a scale from the history, and a margin",
        f"Two number lines in E4M3 units, up to its largest value {FP8_MAX}. With a history amax of "
        f"{num(FP8_HISTORY)} the scale is {num(fp8_scale(FP8_HISTORY))}: {num(FP8_HISTORY)} maps to {FP8_MAX}, and a "
        f"new value of {num(FP8_SPIKE)} maps to {num(FP8_SPIKE * fp8_scale(FP8_HISTORY))}, clipped to {FP8_MAX}. "
        f"With a margin of 1 the scale halves to {num(fp8_scale(FP8_HISTORY, 1))} and {num(FP8_SPIKE)} maps to "
        f"{num(FP8_SPIKE * fp8_scale(FP8_HISTORY, 1))}, inside the range.",
    )
    return Figure(
        "fp8-scaling",
        svg,
        "Delayed scaling predicts each tensor's scale from past maxima, so a value larger than any before is "
        "clipped; a margin trades a little precision for headroom.",
        plot={"rows": rows, "left": left, "unit": unit},
    )


# ---------------------------------------------------------------- memory: bytes per parameter

PER_PARAM: list[tuple[str, list[tuple[str, float]]]] = [
    ("Full, mixed-precision Adam", [("weights", 2), ("gradients", 2), ("master", 4), ("momentum", 4), ("variance", 4)]),
    (
        "Full, Adam moments in 8 bits",
        [("weights", 2), ("gradients", 2), ("master", 4), ("momentum", 1), ("variance", 1)],
    ),
    ("LoRA's frozen bf16 base", [("weights", 2)]),
    ("QLoRA's NF4 base", [("weights", (4 + 8 / 64 + 32 / (64 * 256)) / 8)]),
]
_PART_CLASS = {
    "weights": "fig-box-1",
    "gradients": "fig-box-2",
    "master": "fig-box-3",
    "momentum": "fig-box-3",
    "variance": "fig-box-3",
}


def bytes_per_param() -> Figure:
    c = Canvas(360, 316)
    left, scale = 10, 340 / 16
    c.text(left, 20, "bytes for each parameter, before activations", size=FONT - 2)
    for index, (label, parts) in enumerate(PER_PARAM):
        y = 58 + index * 54
        total = sum(size for _, size in parts)
        c.text(left, y, label, size=FONT - 2)
        c.text(
            350, y, f"{num(total)} B" if total >= 1 else f"≈ {total:.2f} B", anchor="end", size=FONT - 2, weight="700"
        )
        x: float = left
        for part, size in parts:
            w = max(size * scale, 0.5)
            c.rect(x, y + 7, w, 24, f"{_PART_CLASS[part]} fig-bpp-{part}", rx=1)
            if w >= 18:
                c.text(x + w / 2, y + 24, num(size), anchor="middle", size=FONT - 3)
            x += size * scale
    y = 58 + len(PER_PARAM) * 54 - 4
    legend(c, left, y, [("fig-box-1", "weights"), ("fig-box-2", "gradients")], gap=18)
    legend(c, left, y + 22, [("fig-box-3", "fp32 master, momentum, variance")])
    svg = c.svg(
        "bytes-per-param",
        "Bytes per parameter: full fine-tuning, 8-bit moments, a frozen base",
        "Four bars. Mixed-precision Adam: 2 bytes of weights, 2 of gradients and 4 each for the fp32 master copy, "
        "the momentum and the variance, 16 in all. With the moments in 8 bits: 2 + 2 + 4 + 1 + 1 = 10. A frozen "
        "bf16 base keeps only its 2 bytes of weights, and an NF4 base with double quantization about 0.52; the "
        "adapters' own 16 bytes each come on top.",
    )
    return Figure(
        "bytes-per-param",
        svg,
        "Freezing a weight removes its 14 bytes of gradient and optimizer state; 8-bit optimizers shrink only the "
        "two moments; QLoRA then shrinks the weight itself.",
        plot={"rows": [[label, [[p, s] for p, s in parts]] for label, parts in PER_PARAM], "scale": scale},
    )


# ---------------------------------------------------------------- architecture: key/value heads

KV_LAYOUTS = [("multi-head", 8), ("grouped-query", 2), ("multi-query", 1)]
KV_QUERIES = 8
# The lesson's example: Llama-2-70B, 80 layers, 8 key/value heads of dimension 128, 64 query heads, BF16.
KV_MODEL = {"layers": 80, "kv_heads": 8, "query_heads": 64, "head_dim": 128, "bytes": 2}


def kv_bytes_per_token(kv_heads: int, model: dict[str, int] = KV_MODEL) -> int:
    """2 (K and V) x layers x key/value heads x head dimension x bytes per value."""
    return 2 * model["layers"] * kv_heads * model["head_dim"] * model["bytes"]


def gqa_heads() -> Figure:
    c = Canvas(360, 384)
    c.text(10, 20, f"{KV_QUERIES} query heads and the key/value heads they read", size=FONT - 2)
    for row, (name, kv) in enumerate(KV_LAYOUTS):
        y = 52 + row * 92
        c.text(10, y, f"{name}: {kv} KV head{'s' if kv > 1 else ''}", size=FONT - 2, weight="700")
        group = KV_QUERIES // kv
        for q in range(KV_QUERIES):
            c.rect(14 + q * 42, y + 10, 30, 20, "fig-box-1 fig-kv-query", rx=2)
        for k in range(kv):
            centre = 14 + (k * group + (group - 1) / 2) * 42 + 15
            c.rect(centre - 15, y + 54, 30, 20, "fig-box-2 fig-kv-head", rx=2)
            for q in range(k * group, (k + 1) * group):
                c.line(14 + q * 42 + 15, y + 30, centre, y + 54, "fig-axis fig-kv-link")
    small, large = kv_bytes_per_token(KV_MODEL["kv_heads"]), kv_bytes_per_token(KV_MODEL["query_heads"])
    c.text(10, 338, f"Llama-2-70B, {KV_MODEL['kv_heads']} KV heads: {small // 1024} KiB per token;", size=FONT - 2)
    c.text(10, 356, f"one per query head ({KV_MODEL['query_heads']}): {large / 2**20:g} MiB", size=FONT - 2)
    legend(c, 10, 378, [("fig-box-1", "query"), ("fig-box-2", "key/value")], gap=18)
    svg = c.svg(
        "gqa-heads",
        "Multi-head, grouped-query and multi-query attention",
        f"Three rows of {KV_QUERIES} query heads. In multi-head attention each reads its own key/value head; in "
        "grouped-query attention four share one, two key/value heads in all; in multi-query attention all share a "
        f"single one. The KV cache follows the key/value heads: Llama-2-70B with 8 holds {small // 1024} KiB per "
        f"token in BF16, and would hold {large / 2**20:g} MiB with one per query head.",
    )
    return Figure(
        "gqa-heads",
        svg,
        "Only the key/value heads are cached, so sharing them across query heads divides the KV cache; the number "
        "of query heads does not enter its formula.",
        plot={"layouts": [list(row) for row in KV_LAYOUTS], "queries": KV_QUERIES, "model": KV_MODEL},
    )


# ---------------------------------------------------------------- architecture: a mixture-of-experts layer

MOE_EXPERTS = 8
MOE_TOP_K = 2
MOE_CHOSEN = (2, 5)
MOE_SCORES = [0.05, 0.08, 0.34, 0.04, 0.07, 0.29, 0.06, 0.07]  # an illustration; only their order matters
# The lesson's Mixtral-8x22B split, in billions of parameters.
MOE_PARTS = {"attention": 4.9, "experts": 135.3, "embeddings": 0.4}


def moe_routing() -> Figure:
    c = Canvas(360, 346)
    c.text(10, 20, "one MoE layer, for one token", size=FONT - 2)
    box(c, 90, 32, 180, 40, ["attention (shared)"], "fig-box-0")
    c.path("M180 72 V88", arrow=True)
    box(c, 90, 90, 180, 36, ["router: top-2 of 8"], "fig-box-3")
    width = 36
    for e in range(MOE_EXPERTS):
        x = 10 + e * 43
        chosen = e in MOE_CHOSEN
        height = MOE_SCORES[e] * 120
        c.rect(x + 6, 196 - height, width - 12, height, "fig-solid-1 fig-moe-score" if chosen else "fig-idle", rx=1)
        c.rect(x, 204, width, 34, "fig-box-2 fig-moe-active" if chosen else "fig-box-0 fig-moe-expert")
        c.text(x + width / 2, 226, f"E{e + 1}", anchor="middle", size=FONT - 3, weight="700" if chosen else "")
        if chosen:
            c.path(f"M{x + width / 2} 238 V256", arrow=True)
    c.rect(70, 258, 220, 30, "fig-box-0")
    c.text(180, 278, "weighted sum of the 2 outputs", anchor="middle", size=FONT - 3)
    total = sum(MOE_PARTS.values())
    active = MOE_PARTS["attention"] + MOE_PARTS["embeddings"] + MOE_PARTS["experts"] * MOE_TOP_K / MOE_EXPERTS
    c.text(10, 314, f"Mixtral-8x22B: all {total:.0f}B resident in memory,", size=FONT - 2, weight="700")
    c.text(10, 334, f"about {active:.0f}B used per token", size=FONT - 2, weight="700")
    svg = c.svg(
        "moe-routing",
        "A mixture-of-experts layer routes each token to two of eight experts",
        f"After the shared attention, a router scores the token for each of {MOE_EXPERTS} expert MLPs and sends it to "
        f"the two highest, whose outputs are summed with the router's weights; the other experts do nothing for this "
        f"token. Every expert must stay in memory, so Mixtral-8x22B holds about {total:.0f} billion parameters but "
        f"uses about {active:.0f} billion per token.",
    )
    return Figure(
        "moe-routing",
        svg,
        "Routing is decided token by token and layer by layer: memory follows the total parameter count, compute "
        "the active one.",
        plot={"experts": MOE_EXPERTS, "top_k": MOE_TOP_K, "parts": MOE_PARTS, "chosen": list(MOE_CHOSEN)},
    )


# ---------------------------------------------------------------- pruning: 2:4 structured sparsity

SPARSE_ROWS = [
    [0.8, 0.0, -0.3, 0.0, 0.0, 0.5, 0.0, -0.9],
    [0.0, 0.2, 0.0, -0.7, 0.6, 0.0, 0.4, 0.0],
    [-0.4, 0.0, 0.0, 0.9, 0.0, -0.2, 0.0, 0.3],
]  # an illustration: two non-zeros in every group of four


def sparsity_24() -> Figure:
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
        "sparsity-24",
        "2:4 structured sparsity: two of every four weights are zero",
        "Three rows of eight weights in groups of four; in every group two are zero. The matrix is stored as the "
        "non-zero half, with a 2-bit position for each kept value, and Sparse Tensor Cores multiply only those.",
    )
    return Figure(
        "sparsity-24",
        svg,
        "Scattered zeros cost as much as any value in a dense GEMM; the fixed 2:4 pattern halves the stored matrix "
        "and lets Ampere and later GPUs skip the zeros.",
        plot={"rows": SPARSE_ROWS},
    )


# ---------------------------------------------------------------- quantization: bits per NF4 weight

QLORA_BLOCK = 64
QLORA_BLOCK2 = 256
QLORA_PARAMS = 7e9


def qlora_bits(block: int = QLORA_BLOCK, double: bool = False) -> dict[str, float]:
    """Bits per weight: 4 for the code, plus the block constant: 32/block, or with double quantization
    8/block + 32/(block·256)."""
    constants = 8 / block + 32 / (block * QLORA_BLOCK2) if double else 32 / block
    return {"code": 4, "constants": constants}


def qlora_bits_figure() -> Figure:
    cases = [
        ("blocks of 64, FP32 constants", qlora_bits()),
        ("blocks of 128", qlora_bits(128)),
        ("blocks of 64, double quantized", qlora_bits(double=True)),
    ]
    c = Canvas(360, 276)
    left, scale = 10, 300 / 4.5
    c.text(left, 20, "bits for each NF4 weight", size=FONT - 2, weight="700")
    for index, (label, parts) in enumerate(cases):
        y = 58 + index * 56
        total = parts["code"] + parts["constants"]
        c.text(left, y, label, size=FONT - 2)
        # The bits per weight as the notes write them: 4 plus the constants (a total only where the notes give it).
        shown = f"≈ {total:.3f}" if index == 2 else f"4 + {parts['constants']:g}"
        c.text(350, y, shown, anchor="end", size=FONT - 2, weight="700")
        c.rect(left, y + 7, parts["code"] * scale, 24, "fig-box-1 fig-qbits-code", rx=1)
        c.text(left + 2 * scale, y + 24, "4-bit code", anchor="middle", size=FONT - 3)
        c.rect(
            left + parts["code"] * scale, y + 7, parts["constants"] * scale, 24, "fig-box-4 fig-qbits-constants", rx=1
        )
        c.text(
            left + parts["code"] * scale + parts["constants"] * scale + 6,
            y + 24,
            f"+{parts['constants']:.3f}".rstrip("0").rstrip("."),
            size=FONT - 3,
        )
    dq = sum(qlora_bits(double=True).values())
    saved = (qlora_bits()["constants"] - qlora_bits(double=True)["constants"]) * QLORA_PARAMS / 8 / 1e9
    c.text(left, 230, f"7B base: {QLORA_PARAMS * dq / 8 / 1e9:.1f} GB with double quantization,", size=FONT - 3)
    c.text(left, 248, f"{saved:.2f} GB less than with FP32 constants", size=FONT - 3)
    legend(c, left, 270, [("fig-box-1", "code"), ("fig-box-4", "scale constants")], gap=18)
    svg = c.svg(
        "qlora-bits",
        "Bits per weight of an NF4 base: codes and their scale constants",
        "Three bars. With one FP32 constant per block of 64 weights each weight costs 4 bits plus 0.5 for the "
        "constants; blocks of 128 halve the overhead to 0.25; double quantization stores the constants in 8 bits "
        f"and brings it to about {dq:.3f} bits. A 7B base then takes about {QLORA_PARAMS * dq / 8 / 1e9:.1f} GB.",
    )
    return Figure(
        "qlora-bits",
        svg,
        "Small blocks keep an outlier's damage local but cost constants; double quantization compresses the "
        "constants themselves.",
        plot={"cases": [[label, parts] for label, parts in cases], "scale": scale},
    )


# ---------------------------------------------------------------- quantization: symmetric and affine INT8

PTQ_RANGE = (-1.0, 4.0)  # the lesson's skewed tensor


def ptq_codes(low: float = PTQ_RANGE[0], high: float = PTQ_RANGE[1]) -> dict[str, float]:
    """Symmetric INT8: s = max|x|/127, codes from round(min/s) up; affine: s = (max - min)/255, all 256 codes."""
    symmetric = max(abs(low), abs(high)) / 127
    return {
        "symmetric": symmetric,
        "lowest_used": round(low / symmetric),
        "affine": (high - low) / 255,
        "zero_point": round(-low / ((high - low) / 255)) - 128,
    }


def ptq_scales() -> Figure:
    q = ptq_codes()
    low, high = PTQ_RANGE
    c = Canvas(360, 290)
    left, width = 20, 320
    unit = width / 256  # one code
    c.text(10, 20, f"a tensor from {num(low).replace('-', '−')} to {num(high)} onto 256 INT8 codes", size=FONT - 2)
    y = 68
    c.text(10, y - 16, f"symmetric: s = {num(high)}/127 ≈ {q['symmetric']:.3f}", size=FONT - 2, weight="700")
    used = q["lowest_used"]
    c.rect(left, y, (used + 128) * unit, 24, "fig-idle fig-ptq-unused", rx=0)
    c.rect(left + (used + 128) * unit, y, (127 - used + 1) * unit, 24, "fig-box-1 fig-ptq-used", rx=0)
    c.text(left + (used + 128) * unit / 2, y + 17, "unused", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.line(left + 128 * unit, y - 4, left + 128 * unit, y + 28, "fig-axis")
    for code, anchor in ((-128, "start"), (used, "middle"), (0, "middle"), (127, "end")):
        x = left + (code + 128) * unit if anchor != "end" else left + width
        c.text(x, y + 44, str(code).replace("-", "−"), anchor=anchor, size=FONT - 3)
    y = 170
    c.text(
        10, y - 16, f"affine: s = 5/255 ≈ {q['affine']:.3f}, zero-point {q['zero_point']}", size=FONT - 2, weight="700"
    )
    c.rect(left, y, width, 24, "fig-box-2 fig-ptq-used", rx=0)
    zero = left + (q["zero_point"] + 128) * unit
    c.line(zero, y - 4, zero, y + 28, "fig-axis")
    for code, x, anchor in ((-128, left, "start"), (q["zero_point"], zero, "middle"), (127, left + width, "end")):
        c.text(x, y + 44, str(code).replace("-", "−"), anchor=anchor, size=FONT - 3)
    c.text(10, 246, "both map 0.0 exactly (the marked code); the affine", size=FONT - 3)
    c.text(10, 264, "steps are finer, at the cost of a zero-point in", size=FONT - 3)
    c.text(10, 282, "every integer matrix product", size=FONT - 3)
    svg = c.svg(
        "ptq-scales",
        "Symmetric against affine INT8 for a skewed tensor",
        f"A tensor ranging from −1 to 4. Symmetric quantization sets s = 4/127 ≈ {q['symmetric']:.3f}, so the codes "
        f"from −128 to about {used} are never used. Affine quantization stretches the range over all 256 codes with "
        f"s = 5/255 ≈ {q['affine']:.3f} and a zero-point. Both represent 0.0 exactly.",
    )
    return Figure(
        "ptq-scales",
        svg,
        "A scale-only grid wastes the codes on the side a skewed tensor never reaches; a zero-point shifts the grid "
        "onto the observed range.",
        plot={"range": list(PTQ_RANGE), "codes": q, "left": left, "unit": unit},
    )


# ---------------------------------------------------------------- alignment: GRPO's group-relative advantages

GRPO_GROUPS = [
    ("1 of 4 correct", [1, 0, 0, 0], "mean"),
    ("all 4 correct", [1, 1, 1, 1], "mean"),
    ("leave-one-out, [1, 0, 0]", [1, 0, 0], "loo"),
]


def grpo_advantages(rewards: Sequence[float], baseline: str = "mean") -> list[float]:
    """r_i minus the group's mean (GRPO, before dividing by the standard deviation) or minus the mean of the other
    rewards (leave-one-out, no normalisation)."""
    if baseline == "loo":
        return [r - (sum(rewards) - r) / (len(rewards) - 1) for r in rewards]
    mean = sum(rewards) / len(rewards)
    return [r - mean for r in rewards]


def grpo_figure() -> Figure:
    c = Canvas(360, 400)
    c.text(10, 20, "advantage of each sampled answer, before ÷ std", size=FONT - 2)
    scale = 40  # units per 1.0 of advantage
    drawn = []
    for index, (label, rewards, baseline) in enumerate(GRPO_GROUPS):
        top = 36 + index * 116
        zero = top + 72
        c.text(10, top + 12, label, size=FONT - 2, weight="700")
        c.line(10, zero, 350, zero, "fig-axis")
        advantages = grpo_advantages(rewards, baseline)
        drawn.append(advantages)
        for k, (r, a) in enumerate(zip(rewards, advantages, strict=True)):
            x = 40 + k * 80
            cls = "fig-solid-2" if r else "fig-solid-3"
            h = abs(a) * scale
            if h:
                c.rect(x, zero - h if a > 0 else zero, 40, h, f"{cls} fig-grpo-bar", rx=1)
            else:
                c.rect(x, zero - 1, 40, 2, "fig-solid-3 fig-grpo-bar", rx=0)
            text = f"{a:+.2f}".replace("-", "−").rstrip("0").rstrip(".") if a else "0"
            c.text(x + 20, zero - h - 6 if a > 0 else zero - 6, text, anchor="middle", size=FONT - 3, weight="700")
            c.text(x + 20, top + 108, f"r = {r}", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 392, "all rewards equal: every advantage 0, only the KL acts", size=FONT - 3)
    svg = c.svg(
        "grpo-advantages",
        "GRPO's advantages: each reward against its group",
        "Three groups of sampled answers. One correct answer of four, mean reward 0.25: the correct one gets +0.75 "
        "and each wrong one −0.25, before division by the standard deviation. Four correct answers: every advantage "
        "is 0, so the prompt teaches nothing. Leave-one-out with rewards 1, 0, 0: the correct answer gets 1 and each "
        "wrong one −0.5.",
    )
    return Figure(
        "grpo-advantages",
        svg,
        "The group's own rewards are the baseline, so no value model is needed; a group whose answers all score "
        "the same gives no signal.",
        plot={
            "groups": [[label, rewards, baseline] for label, rewards, baseline in GRPO_GROUPS],
            "scale": scale,
            "advantages": drawn,
        },
    )


# ---------------------------------------------------------------- evaluation: pass@k

PASS_N = 20
PASS_C = 5


def pass_at_k(n: int, c: int, k: int) -> float:
    """Chen et al.'s unbiased estimator, 1 - C(n-c, k)/C(n, k)."""
    return 1 - math.comb(n - c, k) / math.comb(n, k) if n - c >= k else 1.0


def pass_at_k_figure() -> Figure:
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
        "pass-at-k",
        "pass@k: the unbiased estimator against the plug-in formula",
        f"Two rising curves for a problem with {PASS_N} samples of which {PASS_C} pass. The unbiased estimator "
        f"1 − C(n−c, k)/C(n, k) starts at {first:.2f} for k = 1 and reaches 1 once k exceeds the {PASS_N - PASS_C} "
        "failures; the plug-in formula 1 − (1 − c/n)^k agrees at k = 1 and stays below it for larger k.",
    )
    return Figure(
        "pass-at-k",
        svg,
        "Drawing k of the n samples without replacement, the chance that all k fail falls to zero once k exceeds "
        "the failures; plugging c/n into an independent-draws formula underestimates pass@k.",
        plot=b.data() | {"n": PASS_N, "c": PASS_C, "ks": ks},
    )


# ---------------------------------------------------------------- evaluation: a benchmark's error bar

ERR_P = 0.8
ERR_N = 400
ERR_SMALL = 50


def error_half_width(p: float, n: int) -> float:
    """A 95% interval's half-width, 1.96 standard errors of √(p(1 - p)/n), in points."""
    return 100 * 1.96 * math.sqrt(p * (1 - p) / n)


def error_bars() -> Figure:
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
        "error-bars",
        "How wide a benchmark's error bar is",
        f"A falling curve of the 95% interval, ±1.96·√(p(1 − p)/n), for an accuracy of {ERR_P}: about "
        f"±{error_half_width(ERR_P, ERR_SMALL):.1f} points with {ERR_SMALL} questions and "
        f"±{error_half_width(ERR_P, ERR_N):.1f} with {ERR_N}.",
    )
    return Figure(
        "error-bars",
        svg,
        "A score on a few hundred questions moves by several points from the draw of questions alone; a small "
        "internal set cannot separate checkpoints that are close.",
        plot=b.data() | {"p": ERR_P, "sizes": sizes},
    )


# ---------------------------------------------------------------- prompting: top-p

TOP_P = 0.75
TOP_PROBS = [0.40, 0.30, 0.20, 0.10]


def nucleus(probs: list[float], p: float) -> list[float]:
    """The shortest prefix (by probability) whose sum reaches p, renormalised."""
    kept, total = [], 0.0
    for q in sorted(probs, reverse=True):
        kept.append(q)
        total += q
        if total >= p - 1e-12:
            break
    return [q / total for q in kept]


def top_p() -> Figure:
    c = Canvas(360, 300)
    b = Box(52, 40, 280, 180, (0, len(TOP_PROBS)), (0, 1))
    axes(c, b, [], [(0, "0"), (0.5, "0.5"), (TOP_P, str(TOP_P)), (1, "1")], "")
    c.text(b.x - 8, b.y - 16, f"tokens by probability, p = {TOP_P}", size=FONT - 1)
    kept = nucleus(TOP_PROBS, TOP_P)
    slot = b.w / len(TOP_PROBS)
    running = 0.0
    cumulative = []
    for k, q in enumerate(TOP_PROBS):
        running += q
        cumulative.append(running)
        x = b.x + k * slot + slot * 0.2
        cls = "fig-solid-1 fig-top-kept" if k < len(kept) else "fig-idle fig-top-cut"
        c.rect(x, b.py(q), slot * 0.6, b.py(0) - b.py(q), cls, rx=1)
        c.text(x + slot * 0.3, b.py(q) - 6, f"{q:.2f}", anchor="middle", size=FONT - 3)
        label = f"→ {kept[k]:.2f}" if k < len(kept) else "cut"
        c.text(x + slot * 0.3, b.y + b.h + 20, label, anchor="middle", size=FONT - 3, weight="700")
    c.polyline([(b.x + (k + 0.8) * slot, b.py(v)) for k, v in enumerate(cumulative)], "fig-line-2 fig-series-sum")
    c.line(b.x, b.py(TOP_P), b.x + b.w, b.py(TOP_P), "fig-axis fig-dashed")
    c.text(b.x + b.w, b.py(TOP_P) - 6, "running total", anchor="end", size=FONT - 3, cls="fig-text-2")
    c.text(10, 268, f"the running total first reaches {TOP_P} at the third token;", size=FONT - 3)
    c.text(10, 286, "those three are renormalised, the rest never sampled", size=FONT - 3)
    svg = c.svg(
        "top-p",
        "Top-p sampling keeps the smallest set that reaches p",
        f"Four tokens with probabilities 0.40, 0.30, 0.20 and 0.10 and a running total of 0.40, 0.70, 0.90 and 1. "
        f"With p = {TOP_P} the total first reaches p at the third token, so three tokens are kept and renormalised "
        "to about " + ", ".join(f"{q:.2f}" for q in kept) + "; the fourth is never sampled.",
    )
    return Figure(
        "top-p",
        svg,
        "Nucleus sampling cuts the sorted distribution where its running total reaches p and renormalises what is "
        "left; only greedy decoding is deterministic.",
        plot=b.data() | {"probs": TOP_PROBS, "p": TOP_P, "kept": kept},
    )


# ---------------------------------------------------------------- monitoring: error-budget burn

BURN_SLO = 0.999
BURN_WINDOW = 30  # days
BURN_BAD = 0.008  # the lesson's example: 0.8% bad requests
BURN_PAGES = (14.4, 6, 1)


def budget_left(burn: float, days: float, window: float = BURN_WINDOW) -> float:
    """The share of the error budget left after `days` at a constant burn rate: a period uses b x period/window."""
    return max(0.0, 1 - burn * days / window)


def burn_rate() -> Figure:
    c = Canvas(360, 306)
    b = Box(52, 40, 280, 180, (0, 10), (0, 1))
    axes(c, b, [(d, str(d)) for d in (0, 2, 4, 6, 8, 10)], [(0, "0"), (0.5, "50%"), (1, "100%")], "days")
    c.text(b.x - 8, b.y - 16, f"error budget left, SLO {BURN_SLO:.1%} over {BURN_WINDOW} days", size=FONT - 1)
    burn = BURN_BAD / (1 - BURN_SLO)
    days = [round(d * 0.25, 2) for d in range(41)]
    rates = [*BURN_PAGES[:2], burn, BURN_PAGES[2]]
    styles = {
        BURN_PAGES[0]: "fig-line-1",
        BURN_PAGES[1]: "fig-line-2",
        burn: "fig-line-3 fig-dashed",
        BURN_PAGES[2]: "fig-axis",
    }
    for rate in rates:
        c.polyline([(b.px(d), b.py(budget_left(rate, d))) for d in days], f"{styles[rate]} fig-series-b{num(rate)}")
    end = BURN_WINDOW / burn
    c.circle(b.px(end), b.py(0), 4, "fig-solid-3")
    c.text(b.px(end) + 8, b.py(0) - 10, f"burn {num(burn)}: gone in {end:.2f} days", size=FONT - 3, weight="700")
    for rate, share, side in ((BURN_PAGES[0], 0.3, -1), (BURN_PAGES[1], 0.5, 1), (burn, 0.25, 1)):
        d = (1 - share) * BURN_WINDOW / rate
        anchor = "start" if side > 0 else "end"
        c.text(b.px(d) + 6 * side, b.py(share), f"{num(rate)}×", anchor=anchor, size=FONT - 3, weight="700")
    c.text(b.x + b.w - 4, b.py(budget_left(1, 10)) - 8, "1×", anchor="end", size=FONT - 3, weight="700")
    c.text(10, 282, "pages: 14.4× over 1 h and 5 min, 6× over 6 h and 30 min;", size=FONT - 3)
    c.text(10, 300, "a ticket: 1× over 3 days and 6 h", size=FONT - 3)
    svg = c.svg(
        "burn-rate",
        "Error budget left at four burn rates",
        f"Falling lines of the budget left under an SLO of {BURN_SLO:.1%} over {BURN_WINDOW} days. At burn rate 1 the "
        f"budget lasts the whole window; at {num(burn)}, which 0.8% bad requests give, it is gone in {end:.2f} days; "
        "at 6 in 5 days and at 14.4 in about 2 days.",
    )
    return Figure(
        "burn-rate",
        svg,
        "The burn rate is the bad share divided by the budget; alerting on it over a long and a short window pages "
        "for fast burns and files a ticket for slow ones.",
        plot=b.data() | {"days": days, "rates": rates, "slo": BURN_SLO, "window": BURN_WINDOW, "bad": BURN_BAD},
    )


# ---------------------------------------------------------------- deployment: static and continuous batching

BATCH_LENGTHS = [3, 8, 5, 2, 6, 4]  # answer lengths in decoding steps, an illustration: two waves of four slots
BATCH_SLOTS = 4


def continuous_schedule(lengths: list[int], slots: int) -> list[tuple[int, int, int]]:
    """(request, slot, start step) when each finished sequence's slot is refilled at the next step."""
    free = [0] * slots
    out = []
    for request, length in enumerate(lengths):
        slot = min(range(slots), key=lambda s: (free[s], s))
        out.append((request, slot, free[slot]))
        free[slot] += length
    return out


def static_schedule(lengths: list[int], slots: int) -> list[tuple[int, int, int]]:
    """A new batch starts only when the longest sequence of the last one has finished."""
    out, start = [], 0
    for first in range(0, len(lengths), slots):
        wave = lengths[first : first + slots]
        out += [(first + k, k, start) for k in range(len(wave))]
        start += max(wave)
    return out


def continuous_batching() -> Figure:
    c = Canvas(360, 330)
    left, unit, row = 52, 18, 24
    for panel, (title, schedule) in enumerate(
        (("static batches", static_schedule), ("continuous (in-flight) batching", continuous_schedule))
    ):
        top = 40 + panel * 150
        c.text(10, top - 12, title, size=FONT - 2, weight="700")
        placed = schedule(BATCH_LENGTHS, BATCH_SLOTS)
        span = max(start + BATCH_LENGTHS[r] for r, _, start in placed)
        for slot in range(BATCH_SLOTS):
            y = top + slot * row
            c.text(left - 8, y + 16, f"slot {slot + 1}", anchor="end", size=FONT - 3)
            c.rect(left, y, span * unit, row - 4, "fig-idle", rx=0)
        for request, slot, start in placed:
            y = top + slot * row
            c.rect(
                left + start * unit,
                y,
                BATCH_LENGTHS[request] * unit,
                row - 4,
                f"fig-box-{request % 3 + 1} fig-batch-{'static' if panel == 0 else 'continuous'}",
                rx=1,
            )
            c.text(left + start * unit + 6, y + 15, f"r{request + 1}", size=FONT - 3)
        c.text(left + span * unit + 6, top + 2 * row + 4, f"{span}", size=FONT - 2, weight="700")
    c.text(10, 318, "steps until the last answer ends, six requests", size=FONT - 3, cls="fig-text-muted")
    static_end = max(s + BATCH_LENGTHS[r] for r, _, s in static_schedule(BATCH_LENGTHS, BATCH_SLOTS))
    continuous_end = max(s + BATCH_LENGTHS[r] for r, _, s in continuous_schedule(BATCH_LENGTHS, BATCH_SLOTS))
    svg = c.svg(
        "continuous-batching",
        "Static against continuous batching on four slots",
        "Two timelines of four batch slots serving six requests of different lengths. With static batches the "
        "second batch waits until the longest answer of the first has finished, and short answers leave their "
        f"slots idle: {static_end} steps. With continuous batching a queued request takes a slot at the next step "
        f"after one finishes: {continuous_end} steps.",
    )
    return Figure(
        "continuous-batching",
        svg,
        "Scheduling every model iteration instead of every request lets finished sequences leave at once and queued "
        "ones take their place, so slots stay busy.",
        plot={"lengths": BATCH_LENGTHS, "slots": BATCH_SLOTS, "unit": unit, "left": left},
    )


# ---------------------------------------------------------------- training dynamics: early stopping

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


def early_stopping() -> Figure:
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
        "early-stopping",
        "Early stopping counts evaluations without improvement",
        f"Validation loss at {n} evaluations falls to its lowest at evaluation {best + 1}, then stays above it. With "
        f"a patience of {STOP_PATIENCE}, the evaluations after the best are counted 1, 2, 3 and training stops at "
        f"evaluation {stop + 1}; the best checkpoint, from evaluation {best + 1}, is reloaded at the end.",
    )
    return Figure(
        "early-stopping",
        svg,
        "Patience counts evaluation calls, not steps or epochs; with a small, noisy validation set a patience of 1 "
        "stops on the first random uptick.",
        plot=b.data() | {"losses": STOP_LOSSES, "patience": STOP_PATIENCE, "best": best, "stop": stop},
    )


# ---------------------------------------------------------------- PEFT: the LoRA multiplier, alpha/r or alpha/sqrt(r)

SCALE_ALPHA = 32
SCALE_RANKS = [4, 8, 16, 32, 64]


def lora_scaling() -> Figure:
    c = Canvas(360, 300)
    b = Box(40, 40, 290, 170, (2, 6), (0, 16))  # x is log2 of the rank
    axes(c, b, [(math.log2(r), str(r)) for r in SCALE_RANKS], [(v, str(v)) for v in (0, 4, 8, 12, 16)], "rank r")
    c.text(b.x - 8, b.y - 16, f"multiplier on B·A, lora_alpha = {SCALE_ALPHA}", size=FONT - 1)
    lora = [(b.px(math.log2(r)), b.py(SCALE_ALPHA / r)) for r in SCALE_RANKS]
    rs = [(b.px(math.log2(r)), b.py(SCALE_ALPHA / math.sqrt(r))) for r in SCALE_RANKS]
    c.polyline(lora, "fig-line-1 fig-series-lora")
    c.polyline(rs, "fig-line-2 fig-series-rslora")
    for (x, y), r in zip(lora, SCALE_RANKS, strict=True):
        c.circle(x, y, 3.5, "fig-solid-1")
        if r in (8, 32):
            c.text(x + 6, y - 8, f"{num(SCALE_ALPHA / r)}", size=FONT - 2, weight="700", cls="fig-text-1")
    for x, y in rs:
        c.circle(x, y, 3.5, "fig-solid-2")
    c.text(
        b.px(math.log2(16)),
        b.py(SCALE_ALPHA / 4) - 12,
        "α/√r, rsLoRA",
        size=FONT - 2,
        weight="700",
        cls="fig-text-2",
    )
    c.text(
        b.px(math.log2(4)) + 12, b.py(SCALE_ALPHA / 4) + 4, "α/r, LoRA", size=FONT - 2, weight="700", cls="fig-text-1"
    )
    c.text(10, 268, "at a fixed alpha, a higher rank learns as if at a lower", size=FONT - 3)
    c.text(10, 286, "rate; rsLoRA's √r lets high ranks keep their updates", size=FONT - 3)
    svg = c.svg(
        "lora-scaling",
        "The LoRA multiplier against the rank: α/r and rsLoRA's α/√r",
        f"Two falling curves for lora_alpha = {SCALE_ALPHA} at ranks 4 to 64. LoRA's α/r halves with every doubling "
        f"of the rank: {num(SCALE_ALPHA / 8)} at r = 8, {num(SCALE_ALPHA / 32)} at r = 32. rsLoRA's α/√r falls by "
        "only √2 per doubling.",
    )
    return Figure(
        "lora-scaling",
        svg,
        "Raising r while leaving alpha alone shrinks every update; keep alpha/r fixed, raise alpha with r, or use "
        "rsLoRA's square root.",
        plot=b.data() | {"alpha": SCALE_ALPHA, "ranks": SCALE_RANKS},
    )


# ---------------------------------------------------------------- PEFT: prompt tuning and prefix tuning

SOFT_VIRTUAL = 100
SOFT_HIDDEN = 4096
SOFT_LAYERS = 4  # drawn; the count is per layer


def soft_prompts() -> Figure:
    c = Canvas(360, 330)
    for panel, (title, deep) in enumerate((("prompt tuning", False), ("prefix tuning", True))):
        x0 = 10 + panel * 180
        c.text(x0, 20, title, size=FONT - 1, weight="700")
        for layer in range(SOFT_LAYERS):
            y = 200 - layer * 44
            c.rect(x0 + 46, y, 114, 34, "fig-frozen")
            c.text(x0 + 103, y + 22, f"layer {layer + 1}", anchor="middle", size=FONT - 3)
            if deep:
                c.rect(x0, y + 5, 38, 24, "fig-box-1 fig-soft-kv", rx=2)
                c.text(x0 + 19, y + 22, "K, V", anchor="middle", size=FONT - 3)
        c.rect(x0 + 46, 248, 114, 26, "fig-box-0")
        c.text(x0 + 103, 266, "tokens", anchor="middle", size=FONT - 3)
        if not deep:
            c.rect(x0, 248, 38, 26, "fig-box-1 fig-soft-input", rx=2)
            c.text(x0 + 19, 266, "P", anchor="middle", size=FONT - 3, weight="700")
        c.path(f"M{x0 + 103} 248 V236", arrow=True)
    c.text(10, 298, f"{SOFT_VIRTUAL} × {SOFT_HIDDEN:,} = {SOFT_VIRTUAL * SOFT_HIDDEN:,} values,", size=FONT - 3)
    c.text(10, 316, "at the input only", size=FONT - 3)
    c.text(190, 298, "keys and values of the", size=FONT - 3)
    c.text(190, 316, "prefix in every layer", size=FONT - 3)
    svg = c.svg(
        "soft-prompts",
        "Prompt tuning trains input vectors; prefix tuning trains keys and values in every layer",
        f"Two frozen stacks of layers. In prompt tuning, trained vectors P are prepended to the input tokens only: "
        f"{SOFT_VIRTUAL} of them at hidden size {SOFT_HIDDEN:,} are {SOFT_VIRTUAL * SOFT_HIDDEN:,} values. In prefix "
        "tuning every layer gets its own trained keys and values that the real tokens attend to, so the same number "
        "of virtual tokens trains more parameters and reaches the deep layers directly.",
    )
    return Figure(
        "soft-prompts",
        svg,
        "Both keep the model frozen and cost context positions; an input-only prompt reaches deep layers only "
        "through everything in between.",
        plot={"virtual": SOFT_VIRTUAL, "hidden": SOFT_HIDDEN, "layers": SOFT_LAYERS},
    )


# ---------------------------------------------------------------- data quality: split by source

SPLIT_GROUPS = [3, 2, 4, 3, 2]  # rows per source conversation, an illustration
SPLIT_ROWS = "TVT TV TTTV TTT VV"  # a row-level random split of the same rows, T training, V validation


def grouped_split() -> Figure:
    c = Canvas(360, 250)
    rows = SPLIT_ROWS.split()
    if [len(r) for r in rows] != SPLIT_GROUPS:
        raise ValueError("SPLIT_ROWS must give one letter per row of SPLIT_GROUPS")
    cell = 22  # 14 rows and 4 gaps between sources fit in 350 units
    for panel, title in enumerate(("split by row", "split by source")):
        top = 44 + panel * 94
        c.text(10, top - 12, title, size=FONT - 1, weight="700")
        x = 10
        for group, size in enumerate(SPLIT_GROUPS):
            side = "V" if group in (1, 4) else "T"
            for k in range(size):
                mine = rows[group][k] if panel == 0 else side
                cls = "fig-box-1 fig-split-train" if mine == "T" else "fig-box-2 fig-split-val"
                c.rect(x, top, cell - 3, 30, f"{cls} fig-split-g{group}", rx=2)
                c.text(x + (cell - 3) / 2, top + 20, chr(65 + group), anchor="middle", size=FONT - 3)
                x += cell
            x += 8
        leaks = sum(1 for r in rows if len(set(r)) > 1) if panel == 0 else 0
        c.text(10, top + 52, f"sources on both sides: {leaks}", size=FONT - 3, cls="fig-text-muted")
    legend(c, 10, 236, [("fig-box-1", "training"), ("fig-box-2", "validation")], gap=18)
    svg = c.svg(
        "grouped-split",
        "A row-level split against a split by source",
        f"{sum(SPLIT_GROUPS)} rows from {len(SPLIT_GROUPS)} source conversations, lettered A to E. Split row by row, "
        "siblings of most sources land in both training and validation, so validation measures memory. Split by "
        "source, each conversation's rows stay on one side.",
    )
    return Figure(
        "grouped-split",
        svg,
        "Rows made from one conversation or one ticket are siblings; a grouped splitter keeps every group on one "
        "side, before any augmentation.",
        plot={"groups": SPLIT_GROUPS, "rows": rows},
    )


# ---------------------------------------------------------------- monitoring: the population stability index

PSI_REFERENCE = [0.20, 0.30, 0.30, 0.20]
PSI_CURRENT = [0.30, 0.30, 0.22, 0.18]  # the first bin is the lesson's 20% to 30%


def psi_terms(reference: list[float], current: list[float]) -> list[float]:
    """(a_i - e_i)·ln(a_i / e_i) for each bin."""
    return [(a - e) * math.log(a / e) for e, a in zip(reference, current, strict=True)]


def psi() -> Figure:
    c = Canvas(360, 300)
    b = Box(40, 40, 300, 160, (0, len(PSI_REFERENCE)), (0, 0.4))
    axes(c, b, [], [(0, "0"), (0.2, "20%"), (0.4, "40%")], "")
    c.text(b.x - 8, b.y - 16, "share of prompts per bin: reference, current", size=FONT - 1)
    slot = b.w / len(PSI_REFERENCE)
    terms = psi_terms(PSI_REFERENCE, PSI_CURRENT)
    for k, (e, a) in enumerate(zip(PSI_REFERENCE, PSI_CURRENT, strict=True)):
        x = b.x + k * slot + slot * 0.15
        c.rect(x, b.py(e), slot * 0.33, b.py(0) - b.py(e), "fig-solid-1 fig-psi-reference", rx=1)
        c.rect(x + slot * 0.37, b.py(a), slot * 0.33, b.py(0) - b.py(a), "fig-solid-2 fig-psi-current", rx=1)
        c.text(b.x + (k + 0.5) * slot, b.y + b.h + 18, f"+{terms[k]:.3f}", anchor="middle", size=FONT - 3, weight="700")
    c.text(10, 246, f"PSI = Σ (aᵢ − eᵢ)·ln(aᵢ/eᵢ) = {sum(terms):.3f}: below 0.10,", size=FONT - 3)
    c.text(10, 264, "little change; the first bin's 20% → 30% adds 0.04", size=FONT - 3)
    legend(c, 10, 292, [("fig-solid-1", "reference eᵢ"), ("fig-solid-2", "current aᵢ")], gap=18)
    svg = c.svg(
        "psi",
        "The population stability index of a binned mix",
        "Four bins of prompts, reference against current shares: 20, 30, 30 and 20% before, 30, 30, 22 and 18% "
        f"now. Each bin adds (a − e)·ln(a/e), never negative; the first bin, from 20% to 30%, adds "
        f"{terms[0]:.3f}, and the index sums to {sum(terms):.3f}, little change by the usual reading.",
    )
    return Figure(
        "psi",
        svg,
        "PSI adds up how far each bin's share moved, weighted by the log of the ratio; its usual thresholds are rules "
        "of thumb, so calibrate them on stable history.",
        plot={"reference": PSI_REFERENCE, "current": PSI_CURRENT, "terms": terms},
    )


# ---------------------------------------------------------------- monitoring: shadow, then canary


def rollout() -> Figure:
    c = Canvas(360, 330)
    stages = [
        ("shadow", ["a copy of live requests,", "answers judged offline;", "no user sees them"], "fig-box-1"),
        ("canary", ["a small share of users,", "against the rest as", "control: an A/B test"], "fig-box-2"),
        ("full rollout", ["the previous version", "stays resident:", "rollback is routing"], "fig-box-3"),
    ]
    for index, (name, lines, cls) in enumerate(stages):
        y = 14 + index * 104
        box(c, 10, y, 120, 70, [name], cls)
        for k, line in enumerate(lines):
            c.text(146, y + 22 + k * 18, line, size=FONT - 3)
        if index + 1 < len(stages):
            c.path(f"M70 {y + 70} V{y + 102}", arrow=True)
    c.text(84, 104, "latency, diffs", size=FONT - 3, cls="fig-text-muted")
    c.text(84, 208, "user signal", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "rollout",
        "Shadow, canary, full rollout",
        "Three stages. A shadow gets a copy of live requests out of the user's path: it tests latency and output "
        "differences at no user risk, its answers judged offline. A canary serves a small share of users against "
        "the rest as control, in effect an A/B test that yields user signal. At full rollout the previous version "
        "stays loaded, so going back only changes routing.",
    )
    return Figure(
        "rollout",
        svg,
        "Each stage buys a different signal: the shadow risks no user and yields no feedback; the canary yields "
        "feedback from a few.",
    )


# ---------------------------------------------------------------- deployment: where latency goes

LAT_TTFT = 0.3  # seconds
LAT_ITL = 0.02
LAT_TOKENS = 500


def latency() -> Figure:
    c = Canvas(360, 250)
    left, width = 10, 340
    total = LAT_TTFT + (LAT_TOKENS - 1) * LAT_ITL
    unit = width / 12
    c.text(
        10,
        20,
        f"one {LAT_TOKENS}-token answer, TTFT {num(LAT_TTFT)} s, ITL {num(LAT_ITL * 1000)} ms",
        size=FONT - 2,
        weight="700",
    )
    c.rect(left, 40, LAT_TTFT * unit, 30, "fig-box-4 fig-lat-ttft", rx=1)
    c.rect(left + LAT_TTFT * unit, 40, (total - LAT_TTFT) * unit, 30, "fig-box-2 fig-lat-decode", rx=1)
    c.text(left + LAT_TTFT * unit + 6, 60, f"{LAT_TOKENS - 1} decode steps × {num(LAT_ITL)} s", size=FONT - 3)
    c.line(left + total * unit, 34, left + total * unit, 76, "fig-axis")
    c.text(left + total * unit, 92, f"≈ {total:.1f} s", anchor="middle", size=FONT - 2, weight="700")
    for s in range(0, 13, 2):
        c.text(left + s * unit, 112, f"{s}", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.text(180, 130, "seconds", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    legend(c, 10, 162, [("fig-box-4", "TTFT: queue, prefill"), ("fig-box-2", "generation")], gap=14)
    c.text(10, 198, "a longer answer adds one decode step per token", size=FONT - 3)
    c.text(10, 216, "and holds its KV cache for longer; the prompt", size=FONT - 3)
    c.text(10, 234, "moves only the first, short stretch", size=FONT - 3)
    svg = c.svg(
        "latency",
        "End-to-end latency: time to first token, then one step per token",
        f"A timeline of one answer of {LAT_TOKENS} tokens: {num(LAT_TTFT)} s to the first token, covering queueing "
        f"and prefill, then {LAT_TOKENS - 1} decode steps of {num(LAT_ITL)} s, about {total:.1f} s in all. "
        "Generation dominates, so answer length drives latency.",
    )
    return Figure(
        "latency",
        svg,
        "End-to-end latency is TTFT plus (output tokens − 1) × inter-token latency; a fine-tune that answers at "
        "greater length pays for every extra token.",
        plot={"ttft": LAT_TTFT, "itl": LAT_ITL, "tokens": LAT_TOKENS, "unit": unit},
    )

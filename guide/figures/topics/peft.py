"""PEFT's figures: where each method acts (the overview), LoRA's two paths and its multiplier, and soft prompts
against prefixes.
"""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, box
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- lora-basics.md: LoRA


@figure("lora")
def lora(name: str) -> Figure:
    c = Canvas(360, 300)
    c.text(180, 22, "h = W₀x + (α/r)·B·A·x", anchor="middle", size=FONT, weight="700")
    c.text(180, 42, "adds r·(d + k) parameters, not d·k", anchor="middle", size=FONT - 2)
    # The input, the frozen weight above, the two small trained matrices below, and their sum.
    c.rect(8, 70, 26, 110, "fig-box-0")
    c.text(21, 130, "x", anchor="middle", size=FONT + 1, italic=True)
    c.text(21, 198, "k", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.rect(60, 62, 110, 90, "fig-frozen")
    c.text(115, 102, "W₀", anchor="middle", size=FONT + 3, weight="700")
    c.text(115, 124, "d × k, frozen", anchor="middle", size=FONT - 2)
    c.rect(60, 180, 110, 22, "fig-box-1")
    c.text(115, 196, "A  r × k", anchor="middle", size=FONT - 2, weight="700")
    c.text(115, 222, "random init", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.rect(196, 170, 20, 100, "fig-box-2")
    c.text(206, 163, "B", anchor="middle", size=FONT - 1, weight="700")
    c.text(224, 250, "d × r", size=FONT - 2)
    c.text(224, 267, "zero init", size=FONT - 3, cls="fig-text-muted")
    c.text(60, 290, "only A and B are trained", size=FONT - 3, cls="fig-text-1")
    c.path("M34 100 H58", arrow=True)
    c.path("M34 160 C46 160 46 191 58 191", arrow=True)
    c.path("M170 191 H194", arrow=True)
    c.circle(282, 125, 14)
    c.text(282, 131, "+", anchor="middle", size=FONT + 5)
    c.path("M170 100 C230 100 250 125 266 125", arrow=True)
    c.path("M216 220 C262 220 282 180 282 141", arrow=True)
    c.text(250, 200, "× α/r", size=FONT - 2, weight="700")
    c.path("M296 125 H318", arrow=True)
    c.rect(320, 75, 26, 100, "fig-box-0")
    c.text(333, 130, "h", anchor="middle", size=FONT + 1, italic=True)
    c.text(333, 193, "d", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "LoRA: a frozen weight beside a trained low-rank update",
        "The input x goes through two paths. Above, the pretrained weight W₀, d by k, frozen. Below, two small trained "
        "matrices: A, r by k, initialised at random, then B, d by r, initialised at zero. The low-rank path is scaled "
        "by alpha over r and added to W₀x to give h. Only A and B get gradients and optimizer states.",
    )
    return Figure(
        name,
        svg,
        "LoRA trains only the thin matrices A and B (rank r) and adds their product to the frozen W₀. Because B starts "
        "at zero, training starts from the base model; after training B·A can be merged into W₀.",
    )


# ---------------------------------------------------------------- index.md: where each method acts

PEFT_METHODS = ["prompt tuning", "prefix tuning", "LoRA", "adapter", "IA3"]


@figure("peft-places")
def peft_places(name: str) -> Figure:
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
    for y, cls, method, what in notes:
        c.rect(180, y - 11, 12, 12, cls, rx=2)
        c.text(198, y, method, size=FONT - 2, weight="700")
        c.text(198, y + 17, what, size=FONT - 3)
    c.line(160, 52, 176, 52, "fig-axis")
    c.line(160, 110, 176, 104, "fig-axis")
    c.line(160, 130, 176, 146, "fig-axis")
    c.line(140, 176, 176, 188, "fig-axis")
    c.line(160, 233, 176, 240, "fig-axis")
    svg = c.svg(
        name,
        "Where each parameter-efficient method acts in a frozen transformer layer",
        "A frozen layer: input, attention, MLP. Prompt tuning adds trained vectors before the input; prefix tuning "
        "adds trained keys and values to the attention of every layer; LoRA adds a trained low-rank product beside "
        "the weight matrices and can be merged into them; bottleneck adapters sit in series after a sub-layer and "
        "cannot be merged; IA3 learns vectors that scale keys, values and the MLP's activations.",
    )
    return Figure(
        name,
        svg,
        "Every method leaves the pretrained weights frozen and trains something small: input vectors, per-layer "
        "keys and values, a low-rank update, a module in series, or scaling vectors.",
        plot={"methods": PEFT_METHODS},
    )


# ---------------------------------------------------------------- lora-variants.md: alpha/r or rsLoRA's alpha/sqrt(r)

SCALE_ALPHA = 32
SCALE_RANKS = [4, 8, 16, 32, 64]


@figure("lora-scaling")
def lora_scaling(name: str) -> Figure:
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
        name,
        "The LoRA multiplier against the rank: α/r and rsLoRA's α/√r",
        f"Two falling curves for lora_alpha = {SCALE_ALPHA} at ranks 4 to 64. LoRA's α/r halves with every doubling "
        f"of the rank: {num(SCALE_ALPHA / 8)} at r = 8, {num(SCALE_ALPHA / 32)} at r = 32. rsLoRA's α/√r falls by "
        "only √2 per doubling.",
    )
    return Figure(
        name,
        svg,
        "Raising r while leaving alpha alone shrinks every update; keep alpha/r fixed, raise alpha with r, or use "
        "rsLoRA's square root.",
        plot=b.data() | {"alpha": SCALE_ALPHA, "ranks": SCALE_RANKS},
    )


# ---------------------------------------------------------------- soft-prompts.md: prompt tuning and prefix tuning

SOFT_VIRTUAL = 100
SOFT_HIDDEN = 4096
SOFT_LAYERS = 4  # drawn; the count is per layer


@figure("soft-prompts")
def soft_prompts(name: str) -> Figure:
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
        name,
        "Prompt tuning trains input vectors; prefix tuning trains keys and values in every layer",
        f"Two frozen stacks of layers. In prompt tuning, trained vectors P are prepended to the input tokens only: "
        f"{SOFT_VIRTUAL} of them at hidden size {SOFT_HIDDEN:,} are {SOFT_VIRTUAL * SOFT_HIDDEN:,} values. In prefix "
        "tuning every layer gets its own trained keys and values that the real tokens attend to, so the same number "
        "of virtual tokens trains more parameters and reaches the deep layers directly.",
    )
    return Figure(
        name,
        svg,
        "Both keep the model frozen and cost context positions; an input-only prompt reaches deep layers only "
        "through everything in between.",
        plot={"virtual": SOFT_VIRTUAL, "hidden": SOFT_HIDDEN, "layers": SOFT_LAYERS},
    )

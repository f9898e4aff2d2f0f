"""Memory's figures: where a model's bytes go (the overview, counted as the GPU memory calculator counts them), one
layer's activations, FP8 delayed scaling and the bytes per parameter of mixed-precision training.
"""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: where it goes

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


@figure("memory-parts")
def memory_parts(name: str) -> Figure:
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
        name,
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
        name,
        svg,
        "Full fine-tuning pays for gradients and optimizer states on every parameter; LoRA and QLoRA pay for them on "
        f"the adapters only ({millions} parameters here), so the frozen base's weights dominate. Activations come on "
        "top.",
        plot={"left": left, "scale": scale, "cases": [label for label, _ in cases]},
    )


# ---------------------------------------------------------------- activations.md: one layer's activations

ACT_HIDDEN = 4096
ACT_HEADS = 32
ACT_SEQ = 4096  # the lesson's example: 5·32·4096/4096 = 160 against 34


def activation_bytes(s: int, b: int = 1, h: int = ACT_HIDDEN, a: int = ACT_HEADS) -> tuple[float, float]:
    """Korthikanti et al.'s s·b·h·(34 + 5·a·s/h) bytes for one layer, as its two terms: the 34 part and the stored
    attention scores."""
    return s * b * h * 34, s * b * h * 5 * a * s / h


@figure("activation-terms")
def activation_terms(name: str) -> Figure:
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
        name,
        "Activation memory of one transformer layer against sequence length",
        f"Two curves for one layer with hidden size {ACT_HIDDEN:,} and {ACT_HEADS} heads at micro-batch 1: the part "
        "that grows linearly with the sequence, 34·s·b·h bytes, and the total with the stored attention scores, "
        f"5·a·s²·b bytes, which grow with its square. At s = {ACT_SEQ:,} the attention term is {num(ratio)} against "
        "34, most of the total.",
    )
    return Figure(
        name,
        svg,
        "Every term grows with the micro-batch; the stored attention scores grow with the square of the sequence "
        "and dominate long sequences, which is what FlashAttention and selective recomputation remove.",
        plot=b.data() | {"lengths": lengths, "hidden": ACT_HIDDEN, "heads": ACT_HEADS, "seq": ACT_SEQ},
    )


# ---------------------------------------------------------------- mixed-precision.md: FP8 delayed scaling

FP8_MAX = 448  # E4M3
FP8_HISTORY = 2.0
FP8_SPIKE = 3.0


def fp8_scale(amax: float, margin: int = 0, fp8_max: float = FP8_MAX) -> float:
    """Transformer Engine's delayed scaling: (FP8_MAX / amax) / 2^margin."""
    return fp8_max / amax / 2**margin


@figure("fp8-scaling")
def fp8_scaling(name: str) -> Figure:
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
        name,
        "FP8 delayed scaling: a scale from the history, and a margin",
        f"Two number lines in E4M3 units, up to its largest value {FP8_MAX}. With a history amax of "
        f"{num(FP8_HISTORY)} the scale is {num(fp8_scale(FP8_HISTORY))}: {num(FP8_HISTORY)} maps to {FP8_MAX}, and a "
        f"new value of {num(FP8_SPIKE)} maps to {num(FP8_SPIKE * fp8_scale(FP8_HISTORY))}, clipped to {FP8_MAX}. "
        f"With a margin of 1 the scale halves to {num(fp8_scale(FP8_HISTORY, 1))} and {num(FP8_SPIKE)} maps to "
        f"{num(FP8_SPIKE * fp8_scale(FP8_HISTORY, 1))}, inside the range.",
    )
    return Figure(
        name,
        svg,
        "Delayed scaling predicts each tensor's scale from past maxima, so a value larger than any before is "
        "clipped; a margin trades a little precision for headroom.",
        plot={"rows": rows, "left": left, "unit": unit},
    )


# ---------------------------------------------------------------- model-states.md: bytes per parameter

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


@figure("bytes-per-param")
def bytes_per_param(name: str) -> Figure:
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
        name,
        "Bytes per parameter: full fine-tuning, 8-bit moments, a frozen base",
        "Four bars. Mixed-precision Adam: 2 bytes of weights, 2 of gradients and 4 each for the fp32 master copy, "
        "the momentum and the variance, 16 in all. With the moments in 8 bits: 2 + 2 + 4 + 1 + 1 = 10. A frozen "
        "bf16 base keeps only its 2 bytes of weights, and an NF4 base with double quantization about 0.52; the "
        "adapters' own 16 bytes each come on top.",
    )
    return Figure(
        name,
        svg,
        "Freezing a weight removes its 14 bytes of gradient and optimizer state; 8-bit optimizers shrink only the "
        "two moments; QLoRA then shrinks the weight itself.",
        plot={"rows": [[label, [[p, s] for p, s in parts]] for label, parts in PER_PARAM], "scale": scale},
    )

"""Quantization's figures: the number formats' bits (the overview), QLoRA's bits per NF4 weight and symmetric
against affine INT8.
"""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: number formats

FORMATS = [
    ("FP16", 5, 10, "65504"),
    ("BF16", 8, 7, "≈ 3.4×10³⁸"),
    ("FP8 E4M3", 4, 3, "±448"),
    ("FP8 E5M2", 5, 2, "±57344"),
]


@figure("number-formats")
def number_formats(name: str) -> Figure:
    c = Canvas(360, 290)
    left, top, row, bit = 10, 66, 50, 21
    c.text(left, 20, "one value's bits: sign, exponent (range),", size=FONT - 2)
    c.text(left, 38, "mantissa (precision)", size=FONT - 2)
    for index, (fmt, exponent, mantissa, largest) in enumerate(FORMATS):
        y = top + index * row
        c.text(left, y, fmt, size=FONT - 1, weight="700")
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
        name,
        "Bit layouts of FP16, BF16 and the two FP8 formats",
        "FP16: 1 sign, 5 exponent and 10 mantissa bits. BF16: 1, 8 and 7, the same range as FP32 with less precision. "
        "FP8 E4M3: 1, 4 and 3, largest value 448. FP8 E5M2: 1, 5 and 2, largest value 57,344.",
    )
    return Figure(
        name,
        svg,
        "More exponent bits buy range, more mantissa bits buy precision: BF16 trades FP16's precision for FP32's "
        "range, "
        "and E4M3 suits forward values while E5M2's range suits gradients.",
        plot={"formats": [[fmt, exponent, mantissa] for fmt, exponent, mantissa, _ in FORMATS]},
    )


# ---------------------------------------------------------------- low-precision-training.md: bits per NF4 weight

QLORA_BLOCK = 64
QLORA_BLOCK2 = 256
QLORA_PARAMS = 7e9


def qlora_bits(block: int = QLORA_BLOCK, double: bool = False) -> dict[str, float]:
    """Bits per weight: 4 for the code, plus the block constant: 32/block, or with double quantization
    8/block + 32/(block·256)."""
    constants = 8 / block + 32 / (block * QLORA_BLOCK2) if double else 32 / block
    return {"code": 4, "constants": constants}


@figure("qlora-bits")
def qlora_bits_figure(name: str) -> Figure:
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
        name,
        "Bits per weight of an NF4 base: codes and their scale constants",
        "Three bars. With one FP32 constant per block of 64 weights each weight costs 4 bits plus 0.5 for the "
        "constants; blocks of 128 halve the overhead to 0.25; double quantization stores the constants in 8 bits "
        f"and brings it to about {dq:.3f} bits. A 7B base then takes about {QLORA_PARAMS * dq / 8 / 1e9:.1f} GB.",
    )
    return Figure(
        name,
        svg,
        "Small blocks keep an outlier's damage local but cost constants; double quantization compresses the "
        "constants themselves.",
        plot={"cases": [[label, parts] for label, parts in cases], "scale": scale},
    )


# ---------------------------------------------------------------- ptq.md: symmetric and affine INT8

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


@figure("ptq-scales")
def ptq_scales(name: str) -> Figure:
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
        name,
        "Symmetric against affine INT8 for a skewed tensor",
        f"A tensor ranging from −1 to 4. Symmetric quantization sets s = 4/127 ≈ {q['symmetric']:.3f}, so the codes "
        f"from −128 to about {used} are never used. Affine quantization stretches the range over all 256 codes with "
        f"s = 5/255 ≈ {q['affine']:.3f} and a zero-point. Both represent 0.0 exactly.",
    )
    return Figure(
        name,
        svg,
        "A scale-only grid wastes the codes on the side a skewed tensor never reaches; a zero-point shifts the grid "
        "onto the observed range.",
        plot={"range": list(PTQ_RANGE), "codes": q, "left": left, "unit": unit},
    )

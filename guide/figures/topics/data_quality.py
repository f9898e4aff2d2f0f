"""Data quality's figures: padding against packing (the overview), LSH banding, which positions carry loss,
temperature-scaled mixing and a split by source.
"""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: padding and packing

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


@figure("packing")
def packing(name: str) -> Figure:
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
        name,
        "Padding against packing",
        f"Three padded rows each hold one {PACK_EXAMPLE}-token example and {PACK_LENGTH - PACK_EXAMPLE:,} tokens of "
        f"padding, {n['padding']:.0%} waste. One packed row holds {per_row} whole examples end to end and "
        f"{PACK_LENGTH - per_row * PACK_EXAMPLE} tokens of padding, so the same examples fill about {per_row} times "
        "fewer rows.",
    )
    return Figure(
        name,
        svg,
        "Packing puts examples end to end instead of padding each one to the full length; boundary-aware attention "
        "keeps each example from attending to its neighbours.",
        plot={"left": left, "unit": unit, "example": PACK_EXAMPLE, "length": PACK_LENGTH, "per_row": per_row},
    )


# ---------------------------------------------------------------- curation.md: LSH banding

LSH_BANDS = 20
LSH_ROWS = 13
LSH_CHECK = 0.8  # the 24.12 API's Jaccard threshold for checking candidates


def lsh_candidate(s: float, bands: int = LSH_BANDS, rows: int = LSH_ROWS) -> float:
    """The chance that a pair of Jaccard similarity s shares at least one whole band: 1 - (1 - s^r)^b."""
    return 1 - (1 - s**rows) ** bands


@figure("lsh-curve")
def lsh_curve(name: str) -> Figure:
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
        name,
        "LSH banding: the chance a pair is flagged against its similarity",
        f"An S-shaped curve of 1 − (1 − s^{LSH_ROWS})^{LSH_BANDS}: pairs below a Jaccard similarity of about 0.6 "
        f"are almost never candidates, pairs above 0.9 almost always; the steep rise sits near (1/{LSH_BANDS})^"
        f"(1/{LSH_ROWS}) ≈ {rise:.2f}.",
    )
    return Figure(
        name,
        svg,
        "Banding turns a MinHash similarity into a near step: NeMo Curator's 20 bands of 13 hashes flag pairs from "
        "about 0.8 Jaccard upwards, and a check against the real similarity removes false candidates.",
        plot=box_.data() | {"steps": steps, "bands": LSH_BANDS, "rows": LSH_ROWS},
    )


# ---------------------------------------------------------------- formatting.md: which positions carry loss

MASK_TOKENS = ["sys", "rules", "user", "Hi", "asst", "Hello", "EOS", "pad"]
# Which tokens each labelling trains: the assistant's reply and its EOS under assistant_only_loss=True; everything
# but the positions equal to the pad ID when the pad token is the EOS token (so the real EOS is masked too).
MASK_ROWS = [
    ("assistant_only_loss=True", {"Hello", "EOS"}),
    ("collator with pad = EOS", {"sys", "rules", "user", "Hi", "asst", "Hello"}),
]


@figure("loss-mask")
def loss_mask(name: str) -> Figure:
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
        name,
        "Which tokens carry loss in a chat example",
        "Eight tokens: a system turn, a user turn, the assistant's reply Hello, the end-of-turn EOS token and a pad. "
        "With assistant_only_loss the labels keep only Hello and EOS and set the rest to −100. A language-modelling "
        "collator whose pad token is the EOS token trains every token except those equal to the pad ID, so the real "
        "EOS is masked and the model never learns to stop.",
    )
    return Figure(
        name,
        svg,
        "A label of −100 removes a position from the loss. Decode a batch and check that the reply and its EOS "
        "are trained, and that the mask was not built from a pad token shared with EOS.",
        plot={"tokens": MASK_TOKENS, "rows": [[label, sorted(trained)] for label, trained in MASK_ROWS]},
    )


# ---------------------------------------------------------------- synthetic-mixing.md: temperature-scaled mixing

MIX_SOURCES = (900_000, 100_000)  # the lesson's two sources
MIX_TEMPERATURES = (1, 2)


def mix_shares(sizes: tuple[int, ...], temperature: float) -> list[float]:
    """Each source's share of draws when sampled in proportion to its size raised to 1/T (T = inf: uniform)."""
    weights = [1.0 if math.isinf(temperature) else n ** (1 / temperature) for n in sizes]
    return [w / sum(weights) for w in weights]


@figure("temperature-mix")
def temperature_mix(name: str) -> Figure:
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
        name,
        "Temperature-scaled sampling between two sources",
        f"Three bars for a {big:,}-example and a {small:,}-example source. Sampled in proportion to size (T = 1) "
        f"the small source gets 10% of draws; at T = 2, sizes under a square root, it gets {shares[1]:.0%}; as T "
        "grows without bound both get half.",
    )
    return Figure(
        name,
        svg,
        "Raising sizes to 1/T moves a mixture from proportional towards equal sampling; the small source's examples "
        "are then repeated more often, so watch it for overfitting.",
        plot={"sizes": list(MIX_SOURCES), "temperatures": [*MIX_TEMPERATURES, "inf"], "left": left, "width": width},
    )


# ---------------------------------------------------------------- privacy-splits.md: split by source

SPLIT_GROUPS = [3, 2, 4, 3, 2]  # rows per source conversation, an illustration
SPLIT_ROWS = "TVT TV TTTV TTT VV"  # a row-level random split of the same rows, T training, V validation


@figure("grouped-split")
def grouped_split(name: str) -> Figure:
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
        name,
        "A row-level split against a split by source",
        f"{sum(SPLIT_GROUPS)} rows from {len(SPLIT_GROUPS)} source conversations, lettered A to E. Split row by row, "
        "siblings of most sources land in both training and validation, so validation measures memory. Split by "
        "source, each conversation's rows stay on one side.",
    )
    return Figure(
        name,
        svg,
        "Rows made from one conversation or one ticket are siblings; a grouped splitter keeps every group on one "
        "side, before any augmentation.",
        plot={"groups": SPLIT_GROUPS, "rows": rows},
    )

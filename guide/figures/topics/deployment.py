"""Deployment's figures: speculative decoding (the overview), static against continuous batching and where
latency goes.
"""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: speculative decoding

SPEC_TEXT = "(1 − α^(γ+1)) / (1 − α)"
# The capacity-and-latency lesson's example (alpha = 0.6 with gamma = 3 and 8), not the speculative question's
# gamma = 4.
SPEC_GAMMAS = (1, 3, 8)
SPEC_ALPHA = 0.6


def speculative_tokens(alpha: float, gamma: int) -> float:
    """Expected tokens per target pass with acceptance rate alpha and gamma drafted tokens (Leviathan et al.)."""
    return gamma + 1 if alpha == 1 else (1 - alpha ** (gamma + 1)) / (1 - alpha)


@figure("speculative")
def speculative(name: str) -> Figure:
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
        name,
        "Speculative decoding: tokens gained per pass of the target model",
        f"Curves of {SPEC_TEXT} for 1, 3 and 8 drafted tokens as the acceptance rate rises from 0 to 0.95. At "
        f"α = {SPEC_ALPHA}, γ = 3 gives {low:.2f} tokens per pass and γ = 8 gives {high:.2f}, close to the ceiling "
        f"1/(1 − α) = {1 / (1 - SPEC_ALPHA):.1f}; the longer draft pays off only at high α.",
    )
    return Figure(
        name,
        svg,
        "Longer drafts pay off only when the target accepts most drafted tokens; a domain fine-tune that lowers α for "
        "a generic draft loses most of the gain.",
        plot=box.data() | {"alphas": alphas, "gammas": list(SPEC_GAMMAS), "alpha": SPEC_ALPHA},
    )


# ---------------------------------------------------------------- engines-and-servers.md: static, continuous batching

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


@figure("continuous-batching")
def continuous_batching(name: str) -> Figure:
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
        name,
        "Static against continuous batching on four slots",
        "Two timelines of four batch slots serving six requests of different lengths. With static batches the "
        "second batch waits until the longest answer of the first has finished, and short answers leave their "
        f"slots idle: {static_end} steps. With continuous batching a queued request takes a slot at the next step "
        f"after one finishes: {continuous_end} steps.",
    )
    return Figure(
        name,
        svg,
        "Scheduling every model iteration instead of every request lets finished sequences leave at once and queued "
        "ones take their place, so slots stay busy.",
        plot={"lengths": BATCH_LENGTHS, "slots": BATCH_SLOTS, "unit": unit, "left": left},
    )


# ---------------------------------------------------------------- capacity-and-latency.md: where latency goes

LAT_TTFT = 0.3  # seconds
LAT_ITL = 0.02
LAT_TOKENS = 500


@figure("latency")
def latency(name: str) -> Figure:
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
        name,
        "End-to-end latency: time to first token, then one step per token",
        f"A timeline of one answer of {LAT_TOKENS} tokens: {num(LAT_TTFT)} s to the first token, covering queueing "
        f"and prefill, then {LAT_TOKENS - 1} decode steps of {num(LAT_ITL)} s, about {total:.1f} s in all. "
        "Generation dominates, so answer length drives latency.",
    )
    return Figure(
        name,
        svg,
        "End-to-end latency is TTFT plus (output tokens − 1) × inter-token latency; a fine-tune that answers at "
        "greater length pays for every extra token.",
        plot={"ttft": LAT_TTFT, "itl": LAT_ITL, "tokens": LAT_TOKENS, "unit": unit},
    )

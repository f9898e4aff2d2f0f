"""Monitoring's figures: an A/B test's sample size (the overview), error-budget burn, the population stability
index and a shadow-then-canary rollout.
"""

from __future__ import annotations

import math

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, box, legend
from guide.figures.svg import FONT, Canvas, num

# ---------------------------------------------------------------- index.md: A/B test sample size

# The release-gates lesson's example (a 2-point change around 50%), not the sample-size question's 70% rate.
AB_RATE = 0.5
AB_MARK = 2  # percentage points
AB_TEXT = "16·σ²/δ²"


def ab_sample_size(delta: float, rate: float = AB_RATE) -> float:
    """Answers per arm to detect a change of delta in a rate (5% significance, 80% power): about 16·σ²/δ², with
    σ² = p(1 - p)."""
    return 16 * rate * (1 - rate) / delta**2


@figure("ab-sample")
def ab_sample(name: str) -> Figure:
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
        name,
        "How many rated answers an A/B test needs",
        f"A falling curve of {AB_TEXT} answers per arm at a {AB_RATE:.0%} rate, on a log scale: "
        f"{ab_sample_size(0.05):,.0f} to detect a 5-point change, {ab_sample_size(0.02):,.0f} for 2 points and "
        f"{ab_sample_size(0.01):,.0f} for 1 point.",
    )
    return Figure(
        name,
        svg,
        "Halving the change to detect quadruples the sample: a one-point difference needs tens of thousands of rated "
        "answers per arm before it can be read.",
        plot=box.data() | {"deltas": deltas, "rate": AB_RATE},
    )


# ---------------------------------------------------------------- serving-health.md: error-budget burn

BURN_SLO = 0.999
BURN_WINDOW = 30  # days
BURN_BAD = 0.008  # the lesson's example: 0.8% bad requests
BURN_PAGES = (14.4, 6, 1)


def budget_left(burn: float, days: float, window: float = BURN_WINDOW) -> float:
    """The share of the error budget left after `days` at a constant burn rate: a period uses b x period/window."""
    return max(0.0, 1 - burn * days / window)


@figure("burn-rate")
def burn_rate(name: str) -> Figure:
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
        name,
        "Error budget left at four burn rates",
        f"Falling lines of the budget left under an SLO of {BURN_SLO:.1%} over {BURN_WINDOW} days. At burn rate 1 the "
        f"budget lasts the whole window; at {num(burn)}, which 0.8% bad requests give, it is gone in {end:.2f} days; "
        "at 6 in 5 days and at 14.4 in about 2 days.",
    )
    return Figure(
        name,
        svg,
        "The burn rate is the bad share divided by the budget; alerting on it over a long and a short window pages "
        "for fast burns and files a ticket for slow ones.",
        plot=b.data() | {"days": days, "rates": rates, "slo": BURN_SLO, "window": BURN_WINDOW, "bad": BURN_BAD},
    )


# ---------------------------------------------------------------- quality-signals.md: the population stability index

PSI_REFERENCE = [0.20, 0.30, 0.30, 0.20]
PSI_CURRENT = [0.30, 0.30, 0.22, 0.18]  # the first bin is the lesson's 20% to 30%


def psi_terms(reference: list[float], current: list[float]) -> list[float]:
    """(a_i - e_i)·ln(a_i / e_i) for each bin."""
    return [(a - e) * math.log(a / e) for e, a in zip(reference, current, strict=True)]


@figure("psi")
def psi(name: str) -> Figure:
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
        name,
        "The population stability index of a binned mix",
        "Four bins of prompts, reference against current shares: 20, 30, 30 and 20% before, 30, 30, 22 and 18% "
        f"now. Each bin adds (a − e)·ln(a/e), never negative; the first bin, from 20% to 30%, adds "
        f"{terms[0]:.3f}, and the index sums to {sum(terms):.3f}, little change by the usual reading.",
    )
    return Figure(
        name,
        svg,
        "PSI adds up how far each bin's share moved, weighted by the log of the ratio; its usual thresholds are rules "
        "of thumb, so calibrate them on stable history.",
        plot={"reference": PSI_REFERENCE, "current": PSI_CURRENT, "terms": terms},
    )


# ---------------------------------------------------------------- release-gates.md: shadow, then canary


@figure("rollout")
def rollout(name: str) -> Figure:
    c = Canvas(360, 330)
    stages = [
        ("shadow", ["a copy of live requests,", "answers judged offline;", "no user sees them"], "fig-box-1"),
        ("canary", ["a small share of users,", "against the rest as", "control: an A/B test"], "fig-box-2"),
        ("full rollout", ["the previous version", "stays resident:", "rollback is routing"], "fig-box-3"),
    ]
    for index, (stage, lines, cls) in enumerate(stages):
        y = 14 + index * 104
        box(c, 10, y, 120, 70, [stage], cls)
        for k, line in enumerate(lines):
            c.text(146, y + 22 + k * 18, line, size=FONT - 3)
        if index + 1 < len(stages):
            c.path(f"M70 {y + 70} V{y + 102}", arrow=True)
    c.text(84, 104, "latency, diffs", size=FONT - 3, cls="fig-text-muted")
    c.text(84, 208, "user signal", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "Shadow, canary, full rollout",
        "Three stages. A shadow gets a copy of live requests out of the user's path: it tests latency and output "
        "differences at no user risk, its answers judged offline. A canary serves a small share of users against "
        "the rest as control, in effect an A/B test that yields user signal. At full rollout the previous version "
        "stays loaded, so going back only changes routing.",
    )
    return Figure(
        name,
        svg,
        "Each stage buys a different signal: the shadow risks no user and yields no feedback; the canary yields "
        "feedback from a few.",
    )

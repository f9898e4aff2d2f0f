"""Prompting's figures: where a behaviour should live (the overview) and top-p."""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import Box, axes, box
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: where a behaviour should live


@figure("where-it-lives")
def where_it_lives(name: str) -> Figure:
    c = Canvas(360, 330)
    box(c, 10, 8, 200, 38, ["what must change?"], "fig-box-0")
    routes = [
        (["facts that change", "or need citing"], ["retrieval", "an updatable index,", "answers cite it"], "fig-box-1"),
        (
            ["format, tone,", "fixed wording"],
            ["fine-tuning", "supervised examples", "teach the behaviour"],
            "fig-box-2",
        ),
        (["a few cases,", "low volume"], ["prompting", "few-shot or system", "prompt, every request"], "fig-box-3"),
    ]
    rows = [62 + row * 80 for row in range(len(routes))]
    c.path(f"M20 46 V{rows[-1] + 32}")
    for (question, tool, cls), y in zip(routes, rows, strict=True):
        c.path(f"M20 {y + 32} H28", arrow=True)
        c.rect(30, y, 140, 64, "fig-box-0")
        c.text(100, y + 28, question[0], anchor="middle", size=FONT - 2)
        c.text(100, y + 46, question[1], anchor="middle", size=FONT - 2)
        c.path(f"M170 {y + 32} H188", arrow=True)
        box(c, 190, y, 160, 64, tool, cls)
    c.path(f"M340 {rows[2]} V{rows[1] + 66}", arrow=True)
    c.text(10, 308, "↑ context distillation later trains a", size=FONT - 3)
    c.text(10, 324, "prompt's behaviour into the weights", size=FONT - 3)
    svg = c.svg(
        name,
        "Retrieval, fine-tuning or prompting: where a behaviour should live",
        "A choice with three branches. Facts that change or must be cited go in a retrieval index. Format, tone and "
        "fixed wording are taught by supervised fine-tuning. A few cases at low volume can stay in a few-shot or "
        "system prompt, paid for on every request; context distillation can later train that behaviour into the "
        "weights.",
    )
    return Figure(
        name,
        svg,
        "Knowledge in an index, behaviour in the weights; a prompt is the cheapest start and the dearest to run.",
    )


# ---------------------------------------------------------------- reasoning-decoding.md: top-p

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


@figure("top-p")
def top_p(name: str) -> Figure:
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
        name,
        "Top-p sampling keeps the smallest set that reaches p",
        f"Four tokens with probabilities 0.40, 0.30, 0.20 and 0.10 and a running total of 0.40, 0.70, 0.90 and 1. "
        f"With p = {TOP_P} the total first reaches p at the third token, so three tokens are kept and renormalised "
        "to about " + ", ".join(f"{q:.2f}" for q in kept) + "; the fourth is never sampled.",
    )
    return Figure(
        name,
        svg,
        "Nucleus sampling cuts the sorted distribution where its running total reaches p and renormalises what is "
        "left; only greedy decoding is deterministic.",
        plot=b.data() | {"probs": TOP_PROBS, "p": TOP_P, "kept": kept},
    )

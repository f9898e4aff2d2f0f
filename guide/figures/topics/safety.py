"""Safety's figure: guardrails around the model."""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import box
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: guardrails around the model

RAILS = ["input", "dialog", "retrieval", "execution", "output"]


@figure("guardrails")
def guardrails(name: str) -> Figure:
    c = Canvas(360, 370)
    c.text(10, 20, "NeMo Guardrails around the model", size=FONT - 1, weight="700")
    box(c, 20, 36, 130, 38, ["user"], "fig-box-0")
    c.path("M85 74 V90", arrow=True)
    box(c, 20, 92, 130, 44, ["input", "rail"], "fig-box-4")
    c.path("M85 136 V152", arrow=True)
    box(c, 20, 154, 130, 70, ["fine-tuned LLM", "trained-in", "alignment only"], "fig-box-2")
    c.path("M85 224 V240", arrow=True)
    box(c, 20, 242, 130, 44, ["output", "rail"], "fig-box-4")
    c.path("M85 286 V302", arrow=True)
    box(c, 20, 304, 130, 38, ["answer"], "fig-box-0")
    for index, (label, sub) in enumerate([("dialog", "flow"), ("retrieval", "chunks"), ("execution", "tools")]):
        y = 140 + index * 36
        c.rect(180, y, 166, 30, "fig-box-4 fig-rail")
        c.text(190, y + 20, label, size=FONT - 2, weight="700")
        c.text(336, y + 20, sub, anchor="end", size=FONT - 3)
        c.line(150, 189, 178, y + 15, "fig-axis")
    c.text(180, 270, "rails protect only", size=FONT - 3, cls="fig-text-muted")
    c.text(180, 286, "deployments that run them", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "Guardrails around a fine-tuned model",
        "A request passes an input rail before the fine-tuned model, and the model's answer passes an output rail "
        "before the user sees it. Dialog, retrieval and execution rails act inside the conversation, on retrieved "
        "chunks and on tool calls. Published weights keep only their trained-in alignment.",
    )
    return Figure(
        name,
        svg,
        "Input, dialog, retrieval, execution and output rails check what enters and leaves the model at serving time; "
        "they add to the model's own alignment and vanish when the weights are used elsewhere.",
        plot={"rails": RAILS},
    )

"""Hallucination's figure: a grounded answer, retrieved, cited and checked."""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import box
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: a grounded answer


@figure("rag-grounding")
def rag_grounding(name: str) -> Figure:
    c = Canvas(360, 320)
    # Three rows of two, read as a snake: right along the first, back along the second, right along the third.
    box(c, 10, 14, 160, 50, ["question"], "fig-box-0")
    c.path("M170 39 H188", arrow=True)
    box(c, 190, 14, 160, 50, ["retriever", "updatable index"], "fig-box-1")
    c.path("M270 64 V92", arrow=True)
    box(c, 190, 94, 160, 50, ["top-k passages", "reranked, k small"], "fig-box-0")
    c.path("M190 119 H172", arrow=True)
    box(c, 10, 94, 160, 50, ["generator", "fine-tuned LLM"], "fig-box-2")
    c.path("M90 144 V172", arrow=True)
    box(c, 10, 174, 160, 50, ["answer", "with citations"], "fig-box-0")
    c.path("M170 199 H188", arrow=True)
    box(c, 190, 174, 160, 50, ["check support", "NLI, fact-check rail"], "fig-box-3")
    c.path("M224 224 V244", arrow=True)
    c.path("M316 224 V244", arrow=True)
    c.text(224, 262, "supported:", anchor="middle", size=FONT - 3, weight="700")
    c.text(224, 278, "answer", anchor="middle", size=FONT - 3)
    c.text(316, 262, "unsupported:", anchor="middle", size=FONT - 3, weight="700")
    c.text(316, 278, "abstain", anchor="middle", size=FONT - 3)
    c.text(316, 294, "or retry", anchor="middle", size=FONT - 3)
    c.text(10, 258, "the model quotes its", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 274, "evidence; facts stay in", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 290, "the index, where they can", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 306, "be updated and traced", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "A grounded answer: retrieve, generate with citations, check support",
        "A question goes to a retriever over an updatable index, which returns a small, reranked set of passages. "
        "The fine-tuned generator answers from them with citations. A check, such as an NLI model or a fact-checking "
        "rail, tests whether the passages support the answer: if they do, the answer is given; if not, the system "
        "abstains or retries.",
    )
    return Figure(
        name,
        svg,
        "Grounding moves facts out of the weights into an index and checks the answer against what was retrieved, so "
        "an unsupported claim can be caught before it reaches the user.",
    )

"""Figures that show a mechanism or a flow rather than numbers: LoRA's two paths, tensor parallelism's column and row
splits, a grounded RAG answer, and the alignment methods with the models each keeps."""

from __future__ import annotations

from macros.figures import Figure
from macros.figures.svg import FONT, Canvas


def box(c: Canvas, x: float, y: float, w: float, h: float, lines: list[str], cls: str = "fig-box-0") -> None:
    """A labelled box: its lines centred, the first one bold."""
    c.rect(x, y, w, h, cls)
    top = y + h / 2 - (len(lines) - 1) * 9 + 5
    for index, line in enumerate(lines):
        c.text(
            x + w / 2,
            top + index * 18,
            line,
            anchor="middle",
            size=FONT - (1 if index == 0 else 3),
            weight="700" if index == 0 else "",
        )


# ---------------------------------------------------------------- PEFT: LoRA


def lora() -> Figure:
    c = Canvas(600, 330)
    # The input, the frozen weight above, the two small trained matrices below, and their sum.
    c.rect(20, 95, 30, 100, "fig-box-0")
    c.text(35, 150, "x", anchor="middle", size=FONT + 1, italic=True)
    c.text(35, 212, "k", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.rect(120, 30, 130, 130, "fig-frozen")
    c.text(185, 90, "W₀", anchor="middle", size=FONT + 3, weight="700")
    c.text(185, 112, "d × k, frozen", anchor="middle", size=FONT - 2)
    c.rect(120, 205, 130, 22, "fig-box-1")
    c.text(185, 221, "A  r × k", anchor="middle", size=FONT - 2, weight="700")
    c.text(185, 246, "random init", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.rect(300, 180, 22, 130, "fig-box-2")
    c.text(311, 174, "B", anchor="middle", size=FONT - 1, weight="700")
    c.text(292, 290, "d × r", anchor="end", size=FONT - 2)
    c.text(292, 308, "zero init", anchor="end", size=FONT - 3, cls="fig-text-muted")
    c.text(250, 198, "trained", size=FONT - 3, cls="fig-text-1")
    c.path("M50 130 H118", arrow=True)
    c.path("M50 170 C80 170 90 216 118 216", arrow=True)
    c.path("M250 216 H298", arrow=True)
    c.circle(450, 150, 16)
    c.text(450, 156, "+", anchor="middle", size=FONT + 5)
    c.path("M250 95 C350 95 400 150 432 150", arrow=True)
    c.path("M322 245 C400 245 440 210 448 168", arrow=True)
    c.text(395, 228, "× α/r", size=FONT - 2, weight="700")
    c.path("M466 150 H520", arrow=True)
    c.rect(522, 100, 30, 100, "fig-box-0")
    c.text(537, 155, "h", anchor="middle", size=FONT + 1, italic=True)
    c.text(537, 218, "d", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.text(380, 40, "h = W₀x + (α/r)·B·A·x", anchor="middle", size=FONT, weight="700")
    c.text(380, 62, "adds r·(d + k) parameters, not d·k", anchor="middle", size=FONT - 2)
    svg = c.svg(
        "lora",
        "LoRA: a frozen weight beside a trained low-rank update",
        "The input x goes through two paths. Above, the pretrained weight W₀, d by k, frozen. Below, two small trained "
        "matrices: A, r by k, initialised at random, then B, d by r, initialised at zero. The low-rank path is scaled "
        "by alpha over r and added to W₀x to give h. Only A and B get gradients and optimizer states.",
    )
    return Figure(
        "lora",
        svg,
        "LoRA trains only the thin matrices A and B (rank r) and adds their product to the frozen W₀. Because B starts "
        "at zero, training starts from the base model; after training B·A can be merged into W₀.",
    )


# ---------------------------------------------------------------- parallelism: column and row splits


def tensor_splits() -> Figure:
    c = Canvas(600, 360)
    c.text(20, 22, "Megatron MLP on 2 GPUs: Z = GeLU(X·A)·B", size=FONT - 1, weight="700")
    # The two weight matrices, split: A by columns, B by rows.
    c.rect(90, 40, 30, 60, "fig-box-1", rx=1)
    c.rect(120, 40, 30, 60, "fig-box-2", rx=1)
    c.text(120, 118, "A = [A₁ A₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(120, 134, "split by columns", anchor="middle", size=FONT - 3)
    c.rect(290, 40, 60, 30, "fig-box-1", rx=1)
    c.rect(290, 70, 60, 30, "fig-box-2", rx=1)
    c.text(320, 118, "B = [B₁; B₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(320, 134, "split by rows", anchor="middle", size=FONT - 3)
    for lane in (0, 1):
        y = 160 + lane * 90
        colour = f"fig-box-{lane + 1}"
        n = "₁" if lane == 0 else "₂"
        c.text(20, y + 30, f"GPU {lane + 1}", size=FONT - 1, weight="700")
        box(c, 80, y, 70, 50, ["X", "whole"], "fig-box-0")
        c.path(f"M150 {y + 25} H168", arrow=True)
        box(c, 170, y, 90, 50, [f"Y{n} = GeLU", f"(X·A{n})"], colour)
        c.path(f"M260 {y + 25} H278", arrow=True)
        box(c, 280, y, 80, 50, [f"Z{n} = Y{n}·B{n}", "partial sum"], colour)
        bend = y + 25 + (45 if lane == 0 else -45)  # both lanes meet at the all-reduce between them
        c.path(
            f"M360 {y + 25} C390 {y + 25} 400 {bend} 418 {bend}",
            arrow=True,
        )
    box(c, 420, 205, 100, 60, ["all-reduce", "Z = Z₁ + Z₂"], "fig-box-3")
    c.path("M520 235 H548", arrow=True)
    c.text(565, 241, "Z", anchor="middle", size=FONT + 1, italic=True)
    c.text(215, 346, "no communication between the two matmuls", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "tensor-splits",
        "Tensor parallelism: a column-parallel then a row-parallel matrix multiply",
        "The MLP's first weight A is split by columns into A₁ and A₂, the second weight B by rows into B₁ and B₂. Each "
        "GPU gets the whole input X, computes its own half of Y = GeLU(X·A) with no communication, and multiplies it "
        "by its rows of B, giving a partial sum. One all-reduce adds the two partial sums into Z.",
    )
    return Figure(
        "tensor-splits",
        svg,
        "Splitting the first matrix by columns lets GeLU run on each GPU's half; splitting the second by rows makes "
        "each GPU's output a partial sum, so the forward pass needs one all-reduce per MLP (and one more in backward).",
    )


# ---------------------------------------------------------------- hallucination: a grounded answer


def rag_grounding() -> Figure:
    c = Canvas(600, 270)
    top = [(20, ["question"]), (210, ["retriever", "updatable index"]), (400, ["top-k passages", "reranked, k small"])]
    for x, lines in top:
        box(c, x, 30, 170, 56, lines, "fig-box-1" if x == 210 else "fig-box-0")
    c.path("M190 58 H208", arrow=True)
    c.path("M380 58 H398", arrow=True)
    c.path("M485 86 V128", arrow=True)
    bottom = [
        (400, ["generator", "fine-tuned LLM"]),
        (210, ["answer", "with citations"]),
        (20, ["check support", "NLI, fact-check rail"]),
    ]
    for x, lines in bottom:
        box(c, x, 130, 170, 56, lines, "fig-box-2" if x == 400 else ("fig-box-3" if x == 20 else "fig-box-0"))
    c.path("M400 158 H382", arrow=True)
    c.path("M210 158 H192", arrow=True)
    c.path("M60 186 V212", arrow=True)
    c.path("M150 186 V212", arrow=True)
    c.text(60, 232, "supported:", anchor="middle", size=FONT - 2, weight="700")
    c.text(60, 250, "answer", anchor="middle", size=FONT - 2)
    c.text(160, 232, "unsupported:", anchor="middle", size=FONT - 2, weight="700")
    c.text(160, 250, "abstain or retry", anchor="middle", size=FONT - 2)
    c.text(300, 232, "the model quotes its evidence; facts stay in the index,", size=FONT - 3, cls="fig-text-muted")
    c.text(300, 250, "where they can be updated and traced", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "rag-grounding",
        "A grounded answer: retrieve, generate with citations, check support",
        "A question goes to a retriever over an updatable index, which returns a small, reranked set of passages. "
        "The fine-tuned generator answers from them with citations. A check, such as an NLI model or a fact-checking "
        "rail, tests whether the passages support the answer: if they do, the answer is given; if not, the system "
        "abstains or retries.",
    )
    return Figure(
        "rag-grounding",
        svg,
        "Grounding moves facts out of the weights into an index and checks the answer against what was retrieved, so "
        "an unsupported claim can be caught before it reaches the user.",
    )


# ---------------------------------------------------------------- alignment: the methods and their models

# Which models each method needs besides the policy, as the alignment page's table says (the test reads the table).
ALIGNMENT = [
    ("PPO-RLHF", {"reward model": True, "value model": True, "reference model": True, "samples": True}),
    ("DPO", {"reward model": False, "value model": False, "reference model": True, "samples": False}),
    ("GRPO", {"reward model": True, "value model": False, "reference model": True, "samples": True}),
]
_NOTES = {
    "PPO-RLHF": "samples; reward model trained on rankings",
    "DPO": "no sampling; (prompt, chosen, rejected) pairs",
    "GRPO": "G samples per prompt; reward from a model or a rule",
}
_CHIPS = {"policy": "policy", "reward model": "reward", "value model": "value", "reference model": "reference"}


def alignment_pipelines() -> Figure:
    c = Canvas(600, 300)
    box(c, 6, 115, 84, 56, ["pretrained", "model"], "fig-box-0")
    c.path("M90 143 H106", arrow=True)
    box(c, 108, 115, 112, 56, ["SFT", "demonstrations"], "fig-box-1")
    c.text(336, 18, "models kept while training", size=FONT - 3, cls="fig-text-muted")
    for lane, (method, needs) in enumerate(ALIGNMENT):
        y = 30 + lane * 88
        c.path(f"M220 143 C232 143 232 {y + 28} 246 {y + 28}", arrow=True)
        box(c, 248, y + 6, 80, 44, [method], "fig-box-2")
        x = 336
        chips = ["policy"] + [name for name in ("reward model", "value model", "reference model") if needs[name]]
        for chip in chips:
            label = _CHIPS[chip]
            width = 14 + len(label) * 7
            cls = "fig-box-2" if chip == "policy" else "fig-box-0"
            c.rect(x, y + 12, width, 28, f"{cls} fig-chip", rx=12)
            c.text(x + width / 2, y + 31, label, anchor="middle", size=FONT - 3)
            x += width + 6
        c.text(336, y + 62, _NOTES[method], size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        "alignment-pipelines",
        "SFT, then PPO-RLHF, DPO or GRPO, and the models each keeps in memory",
        "A pretrained model is fine-tuned on demonstrations (SFT), then aligned by one of three methods. PPO-RLHF "
        "keeps the policy, a reward model, a value model and a reference model, and samples during training. DPO "
        "keeps only the policy and a frozen reference and learns from preference pairs without sampling. GRPO keeps "
        "the policy, a reward (a model or a rule) and a reference, with no value model, and samples a group of G "
        "outputs per prompt.",
    )
    return Figure(
        "alignment-pipelines",
        svg,
        "After SFT, each method trades memory and complexity differently: DPO drops the reward and value models and "
        "the sampling; GRPO drops the value model by comparing samples within a group.",
        plot={"methods": [[method, [k for k, v in needs.items() if v]] for method, needs in ALIGNMENT]},
    )


# ---------------------------------------------------------------- prompting: where a behaviour should live


def where_it_lives() -> Figure:
    c = Canvas(600, 264)
    box(c, 200, 10, 200, 50, ["what must change?"], "fig-box-0")
    routes = [
        (
            20,
            ["facts that change", "or need citing"],
            "retrieval",
            ["an updatable index,", "answers cite it"],
            "fig-box-1",
        ),
        (
            215,
            ["format, tone,", "fixed wording"],
            "fine-tuning",
            ["supervised examples", "teach the behaviour"],
            "fig-box-2",
        ),
        (
            410,
            ["a few cases,", "low volume"],
            "prompting",
            ["few-shot or system", "prompt, every request"],
            "fig-box-3",
        ),
    ]
    for x, question, tool, note, cls in routes:
        c.path(f"M300 60 C300 80 {x + 85} 75 {x + 85} 92", arrow=True)
        c.text(x + 85, 110, question[0], anchor="middle", size=FONT - 3)
        c.text(x + 85, 126, question[1], anchor="middle", size=FONT - 3)
        box(c, x, 138, 170, 44, [tool], cls)
        c.text(x + 85, 204, note[0], anchor="middle", size=FONT - 3, cls="fig-text-muted")
        c.text(x + 85, 220, note[1], anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.path("M410 160 H388", arrow=True)
    c.text(
        300,
        252,
        "← context distillation later trains a prompt's behaviour into the weights",
        anchor="middle",
        size=FONT - 3,
    )
    svg = c.svg(
        "where-it-lives",
        "Retrieval, fine-tuning or prompting: where a behaviour should live",
        "A choice with three branches. Facts that change or must be cited go in a retrieval index. Format, tone and "
        "fixed wording are taught by supervised fine-tuning. A few cases at low volume can stay in a few-shot or "
        "system prompt, paid for on every request; context distillation can later train that behaviour into the "
        "weights.",
    )
    return Figure(
        "where-it-lives",
        svg,
        "Knowledge in an index, behaviour in the weights; a prompt is the cheapest start and the dearest to run.",
    )


# ---------------------------------------------------------------- safety: guardrails around the model

RAILS = ["input", "dialog", "retrieval", "execution", "output"]


def guardrails() -> Figure:
    c = Canvas(600, 230)
    c.text(20, 22, "NeMo Guardrails: rails around the fine-tuned model", size=FONT - 1, weight="700")
    box(c, 10, 90, 80, 50, ["user"], "fig-box-0")
    c.path("M90 115 H108", arrow=True)
    box(c, 110, 90, 80, 50, ["input", "rail"], "fig-box-4")
    c.path("M190 115 H208", arrow=True)
    box(c, 210, 70, 180, 90, ["fine-tuned LLM", "trained-in alignment only"], "fig-box-2")
    for index, (label, sub) in enumerate([("dialog", "flow"), ("retrieval", "chunks"), ("execution", "tools")]):
        x = 210 + index * 62
        c.rect(x, 170, 56, 40, "fig-box-4 fig-rail")
        c.text(x + 28, 187, label, anchor="middle", size=FONT - 4, weight="700")
        c.text(x + 28, 202, sub, anchor="middle", size=FONT - 4)
    c.path("M390 115 H408", arrow=True)
    box(c, 410, 90, 80, 50, ["output", "rail"], "fig-box-4")
    c.path("M490 115 H508", arrow=True)
    box(c, 510, 90, 80, 50, ["answer"], "fig-box-0")
    c.text(
        300, 54, "rails protect only deployments that run them", anchor="middle", size=FONT - 3, cls="fig-text-muted"
    )
    svg = c.svg(
        "guardrails",
        "Guardrails around a fine-tuned model",
        "A request passes an input rail before the fine-tuned model, and the model's answer passes an output rail "
        "before the user sees it. Dialog, retrieval and execution rails act inside the conversation, on retrieved "
        "chunks and on tool calls. Published weights keep only their trained-in alignment.",
    )
    return Figure(
        "guardrails",
        svg,
        "Input, dialog, retrieval, execution and output rails check what enters and leaves the model at serving time; "
        "they add to the model's own alignment and vanish when the weights are used elsewhere.",
        plot={"rails": RAILS},
    )

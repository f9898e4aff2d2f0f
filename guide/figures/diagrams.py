"""Figures that show a mechanism or a flow rather than numbers: LoRA's two paths, tensor parallelism's column and row
splits, a grounded RAG answer, and the alignment methods with the models each keeps."""

from __future__ import annotations

from guide.figures import Figure
from guide.figures.svg import FONT, Canvas


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
    c = Canvas(360, 350)
    c.text(10, 20, "Megatron MLP on 2 GPUs:", size=FONT - 1, weight="700")
    c.text(10, 38, "Z = GeLU(X·A)·B", size=FONT - 1, weight="700")
    # The two weight matrices, split: A by columns, B by rows.
    c.rect(200, 8, 22, 44, "fig-box-1", rx=1)
    c.rect(222, 8, 22, 44, "fig-box-2", rx=1)
    c.text(222, 70, "A = [A₁ A₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(222, 86, "by columns", anchor="middle", size=FONT - 3)
    c.rect(280, 8, 44, 22, "fig-box-1", rx=1)
    c.rect(280, 30, 44, 22, "fig-box-2", rx=1)
    c.text(302, 70, "B = [B₁; B₂]", anchor="middle", size=FONT - 2, weight="700")
    c.text(302, 86, "by rows", anchor="middle", size=FONT - 3)
    for lane in (0, 1):
        y = 128 + lane * 90
        colour = f"fig-box-{lane + 1}"
        n = "₁" if lane == 0 else "₂"
        c.text(10, y - 8, f"GPU {lane + 1}", size=FONT - 1, weight="700")
        box(c, 10, y, 50, 48, ["X", "whole"], "fig-box-0")
        c.path(f"M60 {y + 24} H70", arrow=True)
        box(c, 72, y, 96, 48, [f"Y{n} = GeLU", f"(X·A{n})"], colour)
        c.path(f"M168 {y + 24} H178", arrow=True)
        box(c, 180, y, 92, 48, [f"Z{n} = Y{n}·B{n}", "partial sum"], colour)
        c.path(f"M272 {y + 24} H286", arrow=True)
    box(c, 288, 128, 64, 138, ["all-", "reduce", "Z₁ + Z₂"], "fig-box-3")
    c.path("M320 266 V292", arrow=True)
    c.text(320, 312, "Z", anchor="middle", size=FONT + 1, italic=True)
    c.text(10, 300, "no communication between", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 316, "the two matmuls", size=FONT - 3, cls="fig-text-muted")
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
    c = Canvas(360, 330)
    box(c, 10, 10, 110, 50, ["pretrained", "model"], "fig-box-0")
    c.path("M120 35 H138", arrow=True)
    box(c, 140, 10, 140, 50, ["SFT", "demonstrations"], "fig-box-1")
    c.text(110, 88, "models kept while training", size=FONT - 3, cls="fig-text-muted")
    lanes = [96 + lane * 78 for lane in range(len(ALIGNMENT))]
    c.path(f"M210 60 V72 H12 V{lanes[-1] + 18}")
    for (method, needs), y in zip(ALIGNMENT, lanes, strict=True):
        c.path(f"M12 {y + 18} H20", arrow=True)
        box(c, 22, y, 80, 36, [method], "fig-box-2")
        x: float = 110
        chips = ["policy"] + [name for name in ("reward model", "value model", "reference model") if needs[name]]
        for chip in chips:
            label = _CHIPS[chip]
            width = 12 + len(label) * 6.6
            cls = "fig-box-2" if chip == "policy" else "fig-box-0"
            c.rect(x, y + 4, width, 28, f"{cls} fig-chip", rx=12)
            c.text(x + width / 2, y + 23, label, anchor="middle", size=FONT - 3)
            x += width + 5
        c.text(22, y + 54, _NOTES[method], size=FONT - 3, cls="fig-text-muted")
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

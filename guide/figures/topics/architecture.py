"""Architecture's figures: where Llama-2-7B's parameters are (the overview), key/value heads and a
mixture-of-experts layer.
"""

from __future__ import annotations

from guide.figures import Figure, figure
from guide.figures.chart import box, legend
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: where the parameters are

# The blocks-tokens lesson's worked example (Llama-2-7B at LoRA rank 8), not the questions' Llama-3-8B.
LLAMA2_7B = {"vocab": 32000, "hidden": 4096, "layers": 32, "heads": 32, "kv_heads": 32, "ffn": 11008}
LORA_RANK = 8


def llama_parameters(shape: dict[str, int] = LLAMA2_7B) -> dict[str, int]:
    """A Llama model's parameters by part, from its config: untied input and output embeddings, four attention
    projections (k and v narrower under grouped-query attention), a three-matrix SwiGLU MLP, two RMSNorms a block."""
    h, layers, ffn = shape["hidden"], shape["layers"], shape["ffn"]
    kv = shape["kv_heads"] * h // shape["heads"]
    return {
        "embeddings": shape["vocab"] * h,
        "attention": layers * (2 * h * h + 2 * h * kv),
        "mlp": layers * 3 * h * ffn,
        "output": shape["vocab"] * h,
        "norms": layers * 2 * h + h,
    }


def llama_lora(rank: int = LORA_RANK, shape: dict[str, int] = LLAMA2_7B) -> int:
    """LoRA's r·(d + k) on every linear layer of the blocks (PEFT's all-linear, lm_head left out)."""
    h, ffn = shape["hidden"], shape["ffn"]
    kv = shape["kv_heads"] * h // shape["heads"]
    per_layer = 2 * (h + h) + 2 * (h + kv) + 3 * (h + ffn)
    return shape["layers"] * rank * per_layer


@figure("parameter-parts")
def parameter_parts(name: str) -> Figure:
    parts = llama_parameters()
    total = sum(parts.values())
    lora_count = llama_lora()
    c = Canvas(360, 250)
    left, width, top = 10, 340, 56
    c.text(left, 20, f"Llama-2-7B: {total / 1e9:.2f}B parameters by part", size=FONT - 1, weight="700")
    x: float = left
    # The wide parts carry their share inside the bar and their name below it; the two vocabulary matrices are too
    # narrow for that (about 2% each), so their name and share go above, at the bar's two ends.
    labels = {
        "embeddings": ("input embeddings", "start"),
        "attention": ("attention", "middle"),
        "mlp": ("MLP (SwiGLU)", "middle"),
        "output": ("output layer", "end"),
    }
    classes = {"embeddings": "fig-box-4", "attention": "fig-box-1", "mlp": "fig-box-2", "output": "fig-box-4"}
    for part, count in parts.items():
        w = count / total * width
        c.rect(x, top, max(w, 0.5), 40, f"{classes.get(part, 'fig-box-0')} fig-param-{part}", rx=0)
        if part in labels:
            label, anchor = labels[part]
            share = f"{count / total:.0%}"
            if anchor == "middle":
                c.text(x + w / 2, top + 25, share, anchor="middle", size=FONT - 2, weight="700")
                c.text(x + w / 2, top + 58, label, anchor="middle", size=FONT - 3)
            else:
                c.text(x if anchor == "start" else x + w, top - 8, f"{label} {share}", anchor=anchor, size=FONT - 3)
        x += w
    vocab = parts["embeddings"] + parts["output"]
    c.text(left, 148, f"the two vocabulary matrices: {vocab / 1e9:.2f}B;", size=FONT - 2)
    c.text(left, 166, f"the MLPs: {parts['mlp'] / total:.0%}", size=FONT - 2)
    c.text(left, 194, f"LoRA r = {LORA_RANK} on every linear layer", size=FONT - 2)
    c.text(left, 212, f"of the blocks adds {lora_count:,} ({lora_count / total:.1%})", size=FONT - 2)
    c.text(left, 236, "(q, k, v, o, gate, up, down; lm_head left out)", size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "Where Llama-2-7B's parameters are",
        f"A bar of the model's {total / 1e9:.2f} billion parameters: the input embeddings take "
        f"{parts['embeddings'] / total:.0%}, attention {parts['attention'] / total:.0%}, the MLPs "
        f"{parts['mlp'] / total:.0%} and the output layer {parts['output'] / total:.0%}. LoRA at rank {LORA_RANK} on "
        f"every linear layer of the blocks adds {lora_count / 1e6:.1f} million.",
    )
    return Figure(
        name,
        svg,
        "The MLPs hold most of a Llama block's weights; with a 32,000-token vocabulary the two embedding matrices are "
        "small, and LoRA adapters on all linear layers are a fraction of a percent of the model.",
        plot={"parts": parts, "left": left, "width": width, "lora": lora_count, "rank": LORA_RANK},
    )


# ---------------------------------------------------------------- attention-context.md: key/value heads

KV_LAYOUTS = [("multi-head", 8), ("grouped-query", 2), ("multi-query", 1)]
KV_QUERIES = 8
# The lesson's example: Llama-2-70B, 80 layers, 8 key/value heads of dimension 128, 64 query heads, BF16.
KV_MODEL = {"layers": 80, "kv_heads": 8, "query_heads": 64, "head_dim": 128, "bytes": 2}


def kv_bytes_per_token(kv_heads: int, model: dict[str, int] = KV_MODEL) -> int:
    """2 (K and V) x layers x key/value heads x head dimension x bytes per value."""
    return 2 * model["layers"] * kv_heads * model["head_dim"] * model["bytes"]


@figure("gqa-heads")
def gqa_heads(name: str) -> Figure:
    c = Canvas(360, 384)
    c.text(10, 20, f"{KV_QUERIES} query heads and the key/value heads they read", size=FONT - 2)
    for row, (layout, kv) in enumerate(KV_LAYOUTS):
        y = 52 + row * 92
        c.text(10, y, f"{layout}: {kv} KV head{'s' if kv > 1 else ''}", size=FONT - 2, weight="700")
        group = KV_QUERIES // kv
        for q in range(KV_QUERIES):
            c.rect(14 + q * 42, y + 10, 30, 20, "fig-box-1 fig-kv-query", rx=2)
        for k in range(kv):
            centre = 14 + (k * group + (group - 1) / 2) * 42 + 15
            c.rect(centre - 15, y + 54, 30, 20, "fig-box-2 fig-kv-head", rx=2)
            for q in range(k * group, (k + 1) * group):
                c.line(14 + q * 42 + 15, y + 30, centre, y + 54, "fig-axis fig-kv-link")
    small, large = kv_bytes_per_token(KV_MODEL["kv_heads"]), kv_bytes_per_token(KV_MODEL["query_heads"])
    c.text(10, 338, f"Llama-2-70B, {KV_MODEL['kv_heads']} KV heads: {small // 1024} KiB per token;", size=FONT - 2)
    c.text(10, 356, f"one per query head ({KV_MODEL['query_heads']}): {large / 2**20:g} MiB", size=FONT - 2)
    legend(c, 10, 378, [("fig-box-1", "query"), ("fig-box-2", "key/value")], gap=18)
    svg = c.svg(
        name,
        "Multi-head, grouped-query and multi-query attention",
        f"Three rows of {KV_QUERIES} query heads. In multi-head attention each reads its own key/value head; in "
        "grouped-query attention four share one, two key/value heads in all; in multi-query attention all share a "
        f"single one. The KV cache follows the key/value heads: Llama-2-70B with 8 holds {small // 1024} KiB per "
        f"token in BF16, and would hold {large / 2**20:g} MiB with one per query head.",
    )
    return Figure(
        name,
        svg,
        "Only the key/value heads are cached, so sharing them across query heads divides the KV cache; the number "
        "of query heads does not enter its formula.",
        plot={"layouts": [list(row) for row in KV_LAYOUTS], "queries": KV_QUERIES, "model": KV_MODEL},
    )


# ---------------------------------------------------------------- moe-choice.md: a mixture-of-experts layer

MOE_EXPERTS = 8
MOE_TOP_K = 2
MOE_CHOSEN = (2, 5)
MOE_SCORES = [0.05, 0.08, 0.34, 0.04, 0.07, 0.29, 0.06, 0.07]  # an illustration; only their order matters
# The lesson's Mixtral-8x22B split, in billions of parameters.
MOE_PARTS = {"attention": 4.9, "experts": 135.3, "embeddings": 0.4}


@figure("moe-routing")
def moe_routing(name: str) -> Figure:
    c = Canvas(360, 346)
    c.text(10, 20, "one MoE layer, for one token", size=FONT - 2)
    box(c, 90, 32, 180, 40, ["attention (shared)"], "fig-box-0")
    c.path("M180 72 V88", arrow=True)
    box(c, 90, 90, 180, 36, ["router: top-2 of 8"], "fig-box-3")
    width = 36
    for e in range(MOE_EXPERTS):
        x = 10 + e * 43
        chosen = e in MOE_CHOSEN
        height = MOE_SCORES[e] * 120
        c.rect(x + 6, 196 - height, width - 12, height, "fig-solid-1 fig-moe-score" if chosen else "fig-idle", rx=1)
        c.rect(x, 204, width, 34, "fig-box-2 fig-moe-active" if chosen else "fig-box-0 fig-moe-expert")
        c.text(x + width / 2, 226, f"E{e + 1}", anchor="middle", size=FONT - 3, weight="700" if chosen else "")
        if chosen:
            c.path(f"M{x + width / 2} 238 V256", arrow=True)
    c.rect(70, 258, 220, 30, "fig-box-0")
    c.text(180, 278, "weighted sum of the 2 outputs", anchor="middle", size=FONT - 3)
    total = sum(MOE_PARTS.values())
    active = MOE_PARTS["attention"] + MOE_PARTS["embeddings"] + MOE_PARTS["experts"] * MOE_TOP_K / MOE_EXPERTS
    c.text(10, 314, f"Mixtral-8x22B: all {total:.0f}B resident in memory,", size=FONT - 2, weight="700")
    c.text(10, 334, f"about {active:.0f}B used per token", size=FONT - 2, weight="700")
    svg = c.svg(
        name,
        "A mixture-of-experts layer routes each token to two of eight experts",
        f"After the shared attention, a router scores the token for each of {MOE_EXPERTS} expert MLPs and sends it to "
        f"the two highest, whose outputs are summed with the router's weights; the other experts do nothing for this "
        f"token. Every expert must stay in memory, so Mixtral-8x22B holds about {total:.0f} billion parameters but "
        f"uses about {active:.0f} billion per token.",
    )
    return Figure(
        name,
        svg,
        "Routing is decided token by token and layer by layer: memory follows the total parameter count, compute "
        "the active one.",
        plot={"experts": MOE_EXPERTS, "top_k": MOE_TOP_K, "parts": MOE_PARTS, "chosen": list(MOE_CHOSEN)},
    )

"""Alignment's figures: the methods and the models each keeps (the overview; the test reads the page's table) and
GRPO's group-relative advantages.
"""

from __future__ import annotations

from collections.abc import Sequence

from guide.figures import Figure, figure
from guide.figures.chart import box
from guide.figures.svg import FONT, Canvas

# ---------------------------------------------------------------- index.md: the methods and their models

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


@figure("alignment-pipelines")
def alignment_pipelines(name: str) -> Figure:
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
        chips = ["policy"] + [model for model in ("reward model", "value model", "reference model") if needs[model]]
        for chip in chips:
            label = _CHIPS[chip]
            width = 12 + len(label) * 6.6
            cls = "fig-box-2" if chip == "policy" else "fig-box-0"
            c.rect(x, y + 4, width, 28, f"{cls} fig-chip", rx=12)
            c.text(x + width / 2, y + 23, label, anchor="middle", size=FONT - 3)
            x += width + 5
        c.text(22, y + 54, _NOTES[method], size=FONT - 3, cls="fig-text-muted")
    svg = c.svg(
        name,
        "SFT, then PPO-RLHF, DPO or GRPO, and the models each keeps in memory",
        "A pretrained model is fine-tuned on demonstrations (SFT), then aligned by one of three methods. PPO-RLHF "
        "keeps the policy, a reward model, a value model and a reference model, and samples during training. DPO "
        "keeps only the policy and a frozen reference and learns from preference pairs without sampling. GRPO keeps "
        "the policy, a reward (a model or a rule) and a reference, with no value model, and samples a group of G "
        "outputs per prompt.",
    )
    return Figure(
        name,
        svg,
        "After SFT, each method trades memory and complexity differently: DPO drops the reward and value models and "
        "the sampling; GRPO drops the value model by comparing samples within a group.",
        plot={"methods": [[method, [k for k, v in needs.items() if v]] for method, needs in ALIGNMENT]},
    )


# ---------------------------------------------------------------- grpo.md: GRPO's group-relative advantages

GRPO_GROUPS = [
    ("1 of 4 correct", [1, 0, 0, 0], "mean"),
    ("all 4 correct", [1, 1, 1, 1], "mean"),
    ("leave-one-out, [1, 0, 0]", [1, 0, 0], "loo"),
]


def grpo_advantages(rewards: Sequence[float], baseline: str = "mean") -> list[float]:
    """r_i minus the group's mean (GRPO, before dividing by the standard deviation) or minus the mean of the other
    rewards (leave-one-out, no normalisation)."""
    if baseline == "loo":
        return [r - (sum(rewards) - r) / (len(rewards) - 1) for r in rewards]
    mean = sum(rewards) / len(rewards)
    return [r - mean for r in rewards]


@figure("grpo-advantages")
def grpo_figure(name: str) -> Figure:
    c = Canvas(360, 400)
    c.text(10, 20, "advantage of each sampled answer, before ÷ std", size=FONT - 2)
    scale = 40  # units per 1.0 of advantage
    drawn = []
    for index, (label, rewards, baseline) in enumerate(GRPO_GROUPS):
        top = 36 + index * 116
        zero = top + 72
        c.text(10, top + 12, label, size=FONT - 2, weight="700")
        c.line(10, zero, 350, zero, "fig-axis")
        advantages = grpo_advantages(rewards, baseline)
        drawn.append(advantages)
        for k, (r, a) in enumerate(zip(rewards, advantages, strict=True)):
            x = 40 + k * 80
            cls = "fig-solid-2" if r else "fig-solid-3"
            h = abs(a) * scale
            if h:
                c.rect(x, zero - h if a > 0 else zero, 40, h, f"{cls} fig-grpo-bar", rx=1)
            else:
                c.rect(x, zero - 1, 40, 2, "fig-solid-3 fig-grpo-bar", rx=0)
            text = f"{a:+.2f}".replace("-", "−").rstrip("0").rstrip(".") if a else "0"
            c.text(x + 20, zero - h - 6 if a > 0 else zero - 6, text, anchor="middle", size=FONT - 3, weight="700")
            c.text(x + 20, top + 108, f"r = {r}", anchor="middle", size=FONT - 3, cls="fig-text-muted")
    c.text(10, 392, "all rewards equal: every advantage 0, only the KL acts", size=FONT - 3)
    svg = c.svg(
        name,
        "GRPO's advantages: each reward against its group",
        "Three groups of sampled answers. One correct answer of four, mean reward 0.25: the correct one gets +0.75 "
        "and each wrong one −0.25, before division by the standard deviation. Four correct answers: every advantage "
        "is 0, so the prompt teaches nothing. Leave-one-out with rewards 1, 0, 0: the correct answer gets 1 and each "
        "wrong one −0.5.",
    )
    return Figure(
        name,
        svg,
        "The group's own rewards are the baseline, so no value model is needed; a group whose answers all score "
        "the same gives no signal.",
        plot={
            "groups": [[label, rewards, baseline] for label, rewards, baseline in GRPO_GROUPS],
            "scale": scale,
            "advantages": drawn,
        },
    )

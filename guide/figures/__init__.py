"""The guide's figures: SVG drawn by this package at build time and written inline into the pages.

A page places one with `{{ figure("lora") }}`; the macro leaves a placeholder that macros/hooks.py fills after
Markdown conversion (like the quiz), so the SVG is never parsed as Markdown. Figures that plot numbers compute them
here from the formulas the pages state (guide/figures/plots.py); tests/test_figures.py checks each figure's
accessible name, size and colours, and that its plotted numbers match those formulas and the pages' text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from guide.errors import GuideError
from guide.render.renderer import Renderer


@dataclass(frozen=True)
class Figure:
    """One figure: the SVG (with its title and description inside), the caption under it, and for plots the data a
    test needs to read the numbers back (`plot`, written as JSON on the `<figure>`)."""

    name: str
    svg: Markup
    caption: str
    plot: dict[str, Any] | None = None


def _registry() -> dict[str, Callable[[], Figure]]:
    # Imported here, not at the top: the drawing modules import Figure from this one.
    from guide.figures import diagrams, lessons, plots

    return {
        "lora": diagrams.lora,
        "memory-parts": plots.memory_parts,
        "zero-stages": plots.zero_stages,
        "pipeline-1f1b": plots.pipeline_1f1b,
        "bubble-fraction": plots.bubble_fraction,
        "tensor-splits": diagrams.tensor_splits,
        "lr-schedule": plots.lr_schedule,
        "confusion-matrix": plots.confusion_matrix,
        "rag-grounding": diagrams.rag_grounding,
        "packing": plots.packing,
        "alignment-pipelines": diagrams.alignment_pipelines,
        "soft-targets": plots.soft_targets,
        "number-formats": plots.number_formats,
        "parameter-parts": plots.parameter_parts,
        "where-it-lives": diagrams.where_it_lives,
        "speculative": plots.speculative,
        "ab-sample": plots.ab_sample,
        "guardrails": diagrams.guardrails,
        "parallel-layout": lessons.parallel_layout,
        "cp-balance": lessons.cp_balance,
        "peft-places": lessons.peft_places,
        "lsh-curve": lessons.lsh_curve,
        "loss-mask": lessons.loss_mask,
        "temperature-mix": lessons.temperature_mix,
        "grad-clipping": lessons.grad_clipping,
        "in-batch-negatives": lessons.in_batch_negatives,
        "activation-terms": lessons.activation_terms,
        "fp8-scaling": lessons.fp8_scaling,
        "bytes-per-param": lessons.bytes_per_param,
        "gqa-heads": lessons.gqa_heads,
        "moe-routing": lessons.moe_routing,
        "sparsity-24": lessons.sparsity_24,
        "qlora-bits": lessons.qlora_bits_figure,
        "ptq-scales": lessons.ptq_scales,
        "grpo-advantages": lessons.grpo_figure,
        "pass-at-k": lessons.pass_at_k_figure,
        "error-bars": lessons.error_bars,
        "top-p": lessons.top_p,
        "burn-rate": lessons.burn_rate,
        "continuous-batching": lessons.continuous_batching,
        "early-stopping": lessons.early_stopping,
        "lora-scaling": lessons.lora_scaling,
        "soft-prompts": lessons.soft_prompts,
        "grouped-split": lessons.grouped_split,
        "psi": lessons.psi,
        "rollout": lessons.rollout,
        "latency": lessons.latency,
    }


def names() -> list[str]:
    return list(_registry())


def build(name: str) -> Figure:
    """The figure called `name`; a KeyError names the known ones."""
    registry = _registry()
    if name not in registry:
        raise KeyError(f"no figure named {name!r}; known: {', '.join(registry)}")
    return registry[name]()


def html(renderer: Renderer, name: str) -> Markup:
    figure = build(name)
    return renderer.render("figure.html.j2", figure=figure)


def place(block: Callable[[str], str], renderer: Renderer, name: str) -> str:
    """What `{{ figure(name) }}` leaves in a page: the figure's HTML as a block (`block` makes it one). An unknown
    name stops the build with the names there are."""
    try:
        return block(str(html(renderer, name)))
    except KeyError as error:
        raise GuideError(f"figure({name!r}): {error.args[0]}") from None

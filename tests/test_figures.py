"""The guide's figures (macros/figures/): each one's accessible name, size and colours, rendered in both palettes and in
print, and the numbers each plot draws read back from its SVG and compared with the formula its page states.

The formulas are written out again here, from the pages' words, rather than imported: a plot that drifted from its
text must fail, whichever of the two moved.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import re
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from macros import figures
from macros.figures import plots
from macros.printing import concept_markdown
from macros.render import Renderer
from tests.browser import Console, Requests
from tests.conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"
CSS = (ROOT / "docs/assets/figures.css").read_text(encoding="utf-8")
# Where each figure is shown: every topic page that existed when figures came has at least one.
PAGES = {
    "lora": "peft",
    "memory-parts": "memory",
    "zero-stages": "parallelism",
    "tensor-splits": "parallelism",
    "pipeline-1f1b": "parallelism",
    "bubble-fraction": "parallelism",
    "lr-schedule": "training-dynamics",
    "confusion-matrix": "evaluation",
    "rag-grounding": "hallucination",
    "packing": "data-quality",
    "alignment-pipelines": "alignment",
    "soft-targets": "distillation-pruning",
    "number-formats": "quantization",
    "parameter-parts": "architecture",
    "where-it-lives": "prompting",
    "speculative": "deployment",
    "ab-sample": "monitoring",
    "guardrails": "safety",
}
MAX_GZIPPED = 10_000


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


def page_text(topic: str) -> str:
    """A topic's overview (its front matter first), then its lessons' notes: a figure's numbers must be stated in
    the topic's own text, on its overview or in the lesson that teaches them."""
    folder = ROOT / f"docs/topics/{topic}"
    pages = [folder / "index.md", *sorted(p for p in folder.glob("*.md") if p.name != "index.md")]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def svg_of(name: str) -> ET.Element:
    return ET.fromstring(str(figures.build(name).svg))


def shapes(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in (element.get("points") or "").split())]


def to_data(plot: dict[str, list[float]], x: float, y: float) -> tuple[float, float]:
    """An SVG point back to data, through the plot box the figure says it drew into."""
    bx, by, bw, bh = plot["box"]
    (x0, x1), (y0, y1) = plot["x"], plot["y"]
    return x0 + (x - bx) / bw * (x1 - x0), y0 + (by + bh - y) / bh * (y1 - y0)


def table(markdown: str, first_header: str) -> list[list[str]]:
    """The rows of the Markdown table whose first header cell is `first_header`."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


# ---------------------------------------------------------------- every figure: placed, named, small, themed


def test_every_figure_is_on_its_page_and_every_topic_page_has_one() -> None:
    assert set(PAGES) == set(figures.names())
    for name, topic in PAGES.items():
        assert f'{{{{ figure("{name}") }}}}' in page_text(topic), f"{name} is not on docs/topics/{topic}/index.md"
        assert "assets/figures.css" in page_text(topic).split("\n---\n", 1)[0], f"{topic}.md does not load figures.css"
    assert "assets/figures.css" in (ROOT / "docs/print.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", figures.names())
def test_figure_has_an_accessible_name_and_description_and_is_small(renderer: Renderer, name: str) -> None:
    html = str(figures.html(renderer, name))
    assert len(gzip.compress(html.encode("utf-8"))) <= MAX_GZIPPED, f"{name} is over 10 kB gzipped"
    root = svg_of(name)
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == title.get("id") == f"fig-{name}-title"
    assert root.get("aria-describedby") == desc.get("id") == f"fig-{name}-desc"
    assert len((title.text or "").strip()) >= 15 and len((desc.text or "").strip()) >= 80
    assert f'<figure class="guide-figure" id="fig-{name}"' in html and "<figcaption>" in html
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert int(root.get("width") or 0) <= 600, "wider figures shrink too far on a phone"


def css_classes() -> set[str]:
    return set(re.findall(r"\.(fig-[a-z0-9-]+)", CSS))


@pytest.mark.parametrize("name", figures.names())
def test_figure_colours_come_from_the_theme(name: str) -> None:
    """No colour is written into a figure: shapes say what they are (a class the stylesheet colours from Material's
    variables) and fall back to currentColor, the page's text colour."""
    root = svg_of(name)
    source = str(figures.build(name).svg)
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(", source.replace(f"url(#fig-{name}-arrow)", ""))
    styled = {"fig-axis", "fig-grid"}  # lines whose colour is the stylesheet's, drawn on every plot
    known = css_classes() | {"fig"}
    for element in root.iter():
        for attribute in ("fill", "stroke"):
            value = element.get(attribute)
            assert value in (None, "none", "currentColor"), f"{name}: {element.tag} {attribute}={value}"
        for cls in (element.get("class") or "").split():
            # Classes that only mark a shape for the tests (fig-series-*, fig-op-*, ...) need no style.
            if not re.match(r"fig-(series|op|stage|zero|memory|pack|soft|bit|chip|param|rail)-?", cls):
                assert cls in known, f"{name}: class {cls} has no rule in figures.css"
    assert styled <= css_classes()


def test_stylesheet_colours_are_the_theme_variables_except_for_paper() -> None:
    screen, _, paper = CSS.partition("@media print")
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", screen), "screen colours must be Material's variables"
    for variable in re.findall(r"--fig-[a-z0-9]+:\s*([^;]+);", screen):
        assert variable.startswith("var(--md-"), variable
    assert '[data-md-color-scheme="slate"]' in paper, "printing from the dark palette switches to dark ink"


def test_printed_guide_holds_every_figure_once() -> None:
    seen: list[str] = []
    for topic in sorted(set(PAGES.values())):
        text = concept_markdown(
            ROOT / "docs", topic, figure=lambda name: seen.append(name) or f"<!-- figure:{name} -->"
        )
        assert "{{" not in text and "figure(" not in text
    assert sorted(seen) == sorted(PAGES)
    memory = concept_markdown(ROOT / "docs", "memory", figure=lambda name: "")
    assert "](calculator.md?params=7B)" in memory, "links are rebased from topics/ to the print page"


# ---------------------------------------------------------------- the plotted numbers


def cosine_lr(t: float, peak: float, warmup: int, steps: int) -> float:
    # training-dynamics.md: η·t/W during the warm-up, then η·½·(1 + cos(π·(t - W)/(T - W))).
    return peak * t / warmup if t < warmup else peak * 0.5 * (1 + math.cos(math.pi * (t - warmup) / (steps - warmup)))


def linear_lr(t: float, peak: float, warmup: int, steps: int) -> float:
    return peak * t / warmup if t < warmup else peak * (steps - t) / (steps - warmup)


def test_lr_schedule_plots_the_formula_the_page_states() -> None:
    text = " ".join(page_text("training-dynamics").split())
    assert plots.LR_TEXT in text and plots.LR_LINEAR_TEXT in text
    figure = figures.build("lr-schedule")
    plot = figure.plot
    assert plot is not None
    peak, steps = plot["y"][1], plot["x"][1]
    warmup = plots.LR_WARMUP
    assert "2×10⁻⁴" in text or "2×10⁻⁴" in figure.caption
    assert "QLoRA adapters used\n2×10⁻⁴" in page_text("training-dynamics") and peak == 2e-4
    root = svg_of("lr-schedule")
    for series, formula in (("fig-series-cosine", cosine_lr), ("fig-series-linear", linear_lr)):
        (line,) = shapes(root, series)
        drawn = [to_data(plot, x, y) for x, y in points(line)]
        assert [round(t) for t, _ in drawn] == plot["steps"]
        for t, lr in drawn:
            assert abs(lr - formula(round(t), peak, warmup, steps)) < peak * 1e-3, (series, t)
    assert drawn[0][1] == pytest.approx(0, abs=1e-7)


def test_bubble_plot_and_1f1b_schedule_match_the_bubble_formula() -> None:
    text = " ".join(page_text("parallelism").split())
    assert "`(p − 1)/(m + p − 1)`" in text and "`(p − 1)/m`" in text
    figure = figures.build("bubble-fraction")
    plot = figure.plot
    assert plot is not None
    root = svg_of("bubble-fraction")
    for p in plot["series"]:
        (line,) = shapes(root, f"fig-series-p{p}")
        for (m, share), expected_m in zip((to_data(plot, x, y) for x, y in points(line)), plot["m"], strict=True):
            assert round(m) == expected_m
            assert share == pytest.approx((p - 1) / (expected_m + p - 1), abs=2e-4)

    # The schedule: every forward waits for the stage before, every backward for the stage after, a stage runs one
    # pass at a time, and each GPU idles exactly (p - 1) of (m + p - 1) slots.
    for p, m in ((4, 8), (2, 3), (8, 8), (3, 1)):
        ops = plots.one_f_one_b(p, m)
        end = {(o.kind, o.stage, o.micro): o.end for o in ops}
        start = {(o.kind, o.stage, o.micro): o.start for o in ops}
        for o in ops:
            if o.kind == "F" and o.stage:
                assert o.start >= end[("F", o.stage - 1, o.micro)]
            if o.kind == "B":
                assert o.start >= end[("B", o.stage + 1, o.micro)] if o.stage + 1 < p else end[("F", o.stage, o.micro)]
        for s in range(p):
            mine = sorted((o.start, o.end) for o in ops if o.stage == s)
            assert all(a[1] <= b[0] for a, b in itertools.pairwise(mine))
            in_flight = max(
                sum(1 for j in range(m) if start[("F", s, j)] <= t < end.get(("B", s, j), math.inf)) for t, _ in mine
            )
            assert in_flight <= p - s, "1F1B keeps at most p − s micro-batches in flight on stage s"
        span = max(o.end for o in ops)
        assert span == (m + p - 1) * 3
        for s in range(p):
            busy = sum(o.end - o.start for o in ops if o.stage == s)
            assert 1 - busy / span == pytest.approx((p - 1) / (m + p - 1))
    drawn = figures.build("pipeline-1f1b").plot
    assert drawn is not None
    root = svg_of("pipeline-1f1b")
    for s in range(drawn["p"]):
        widths = sum(
            float(r.get("width") or 0) for r in shapes(root, f"fig-stage-{s}") if "fig-idle" not in r.get("class", "")
        )
        assert widths / drawn["unit"] == pytest.approx(drawn["m"] * 3, abs=0.05)


def test_zero_bars_are_the_zero_papers_formulas() -> None:
    figure = figures.build("zero-stages")
    plot = figure.plot
    assert plot is not None
    n, k, scale = plot["gpus"], plot["k"], plot["scale"]
    root = svg_of("zero-stages")
    # Rajbhandari et al.: baseline (2 + 2 + K)Ψ; P_os 4Ψ + KΨ/N; P_os+g 2Ψ + (2 + K)Ψ/N; P_os+g+p (4 + K)Ψ/N.
    expected = [
        (2, 2, k),
        (2, 2, k / n),
        (2, 2 / n, k / n),
        (2 / n, 2 / n, k / n),
    ]
    for part, index in (("weights", 0), ("gradients", 1), ("optimizer", 2)):
        widths = [float(r.get("width") or 0) / scale for r in shapes(root, f"fig-zero-{part}")]
        assert widths == pytest.approx([row[index] for row in expected], abs=0.01)
    assert "`4Ψ + 12Ψ/N`" in page_text("parallelism") and "`16Ψ/N`" in page_text("parallelism")


def calculator(cases: list[dict[str, str]]) -> list[dict[str, float]]:
    """docs/assets/calc-core.js itself, under Node, on the same cases."""
    script = (
        "const c = require(process.argv[1]);"
        "const cases = JSON.parse(process.argv[2]);"
        "console.log(JSON.stringify(cases.map(raw => Object.fromEntries("
        "c.evaluate(raw).result.parts.map(p => [p.id, p.bytes])))));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calc-core.js"), json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(out.stdout))


def test_memory_bars_are_the_calculators_numbers() -> None:
    figure = figures.build("memory-parts")
    plot = figure.plot
    assert plot is not None
    root = svg_of("memory-parts")
    raw = [
        {"params": "7B"},
        {"params": "7B", "optimizer": "adamw8bit"},
        {"params": "7B", "method": "lora", "trainable": "14M"},
        {"params": "7B", "method": "qlora", "trainable": "14M"},
    ]
    expected = calculator(raw)
    for part in ("weights", "gradients", "optimizer"):
        widths = [float(r.get("width") or 0) for r in shapes(root, f"fig-memory-{part}")]
        for width, case in zip(widths, expected, strict=True):
            assert width == pytest.approx(max(case[part] * plot["scale"], 0.5), abs=0.006), part
    labels = [t.text for t in root.iter(f"{SVG}text") if (t.text or "").endswith(" GB")]
    assert labels == [f"{sum(v for k, v in c.items() if k != 'activations') / 1e9:.1f} GB" for c in expected]
    assert labels[:2] == ["112.0 GB", "70.0 GB"], "the memory page's table: 16 and 10 bytes per parameter"


def test_confusion_matrix_states_precision_and_recall_by_the_pages_formulas() -> None:
    text = page_text("evaluation")
    assert "precision `TP/(TP+FP)`" in text and "recall `TP/(TP+FN)`" in text
    k = plots.CONFUSION
    labels = " ".join(t.text or "" for t in svg_of("confusion-matrix").iter(f"{SVG}text"))
    precision, recall = k["tp"] / (k["tp"] + k["fp"]), k["tp"] / (k["tp"] + k["fn"])
    assert f"= {precision:.2f}" in labels and f"= {recall:.2f}" in labels
    assert f"F1 = {2 * precision * recall / (precision + recall):.2f}" in labels
    assert f"accuracy = {(k['tp'] + k['tn']) / sum(k.values()):.0%}" in labels


def test_packing_figure_shows_the_data_pages_example() -> None:
    text = " ".join(page_text("data-quality").split())
    assert (
        "60,000 examples × 350 tokens = 21M tokens, about 10,254 packed 2,048-token sequences, against 83% padding"
        in text
    )
    labels = " ".join(t.text or "" for t in svg_of("packing").iter(f"{SVG}text"))
    assert f"{1 - 350 / 2048:.0%} of the tokens are padding" in labels and "83%" in labels
    assert f"{math.ceil(60_000 * 350 / 2048):,} sequences" in labels and "10,254" in labels
    plot = figures.build("packing").plot
    assert plot is not None
    examples = shapes(svg_of("packing"), "fig-pack-example")
    packed = [float(r.get("width") or 0) / plot["unit"] for r in examples[3:]]
    assert sum(packed) == pytest.approx(2048, abs=0.1) and packed[0] == pytest.approx(350, abs=0.1)


def test_soft_targets_are_the_softened_softmax() -> None:
    assert "`q_i = exp(z_i/T) / Σ_j exp(z_j/T)`" in page_text("distillation-pruning")
    plot = figures.build("soft-targets").plot
    assert plot is not None
    root = svg_of("soft-targets")
    for temperature in plot["temperatures"]:
        exps = [math.exp(z / temperature) for z in plot["logits"]]
        bars = shapes(root, f"fig-soft-t{temperature}")
        heights = [float(b.get("height") or 0) / plot["box"][3] for b in bars]
        assert heights == pytest.approx([e / sum(exps) for e in exps], abs=1e-3)


def test_number_formats_have_the_bits_the_table_gives() -> None:
    rows = table(page_text("quantization"), "Format")
    stated = {row[0]: [int(n) for n in row[1].split(" / ")] for row in rows}
    plot = figures.build("number-formats").plot
    assert plot is not None
    root = svg_of("number-formats")
    signs, exponents, mantissas = (shapes(root, f"fig-bit-{kind}") for kind in ("sign", "exponent", "mantissa"))
    assert len(signs) == len(rows)
    for name, exponent, mantissa in plot["formats"]:
        assert stated[name] == [exponent, mantissa], name
    assert len(exponents) == sum(e for _, e, _ in plot["formats"])
    assert len(mantissas) == sum(m for _, _, m in plot["formats"])


def test_alignment_figure_keeps_the_models_the_table_lists() -> None:
    rows = table(page_text("alignment"), "Method")
    plot = figures.build("alignment-pipelines").plot
    assert plot is not None
    drawn = {method: set(needs) for method, needs in plot["methods"]}
    columns = ["reward model", "value model", "reference model", "samples"]
    for row in rows:
        stated = {column for column, cell in zip(columns, row[1:], strict=True) if not cell.startswith("no")}
        assert drawn[row[0]] == stated, row[0]


def test_parameter_parts_add_up_to_the_presets_model_and_the_pages_shares() -> None:
    text = " ".join(page_text("architecture").split())
    assert "the MLPs hold about 70% of the 8.03B parameters and the two vocabulary matrices about 13%" in text
    assert "adds 41.9M" in text
    plot = figures.build("parameter-parts").plot
    assert plot is not None
    parts = plot["parts"]
    total = sum(parts.values())
    assert round(parts["mlp"] / total, 2) == 0.70 and round((parts["embeddings"] + parts["output"]) / total, 2) == 0.13
    # The same model in the calculator's presets, and LoRA counted by the calculator's own function.
    script = (
        "const c = require(process.argv[1]); const p = c.PRESETS.find(x => x.id === 'llama-3.1-8b');"
        "console.log(JSON.stringify([p.params, c.loraTrainable({rank: 16, layers: p.layers, hidden: p.hidden,"
        " heads: p.heads, kvHeads: p.kvHeads, ffn: p.ffn, targets: c.LORA_TARGETS}).count]));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calc-core.js")], capture_output=True, text=True, check=True
    )
    params, lora = json.loads(out.stdout)
    assert total == params and plot["lora"] == lora and f"{lora / 1e6:.1f}M" == "41.9M"
    root = svg_of("parameter-parts")
    for part, count in parts.items():
        (bar,) = shapes(root, f"fig-param-{part}")
        assert float(bar.get("width") or 0) == pytest.approx(max(count / total * plot["width"], 0.5), abs=0.006)


def test_speculative_decoding_plots_the_expected_tokens_per_pass() -> None:
    assert "(1 − α^(γ+1)) / (1 − α)" in page_text("deployment")
    plot = figures.build("speculative").plot
    assert plot is not None
    root = svg_of("speculative")
    for gamma in plot["gammas"]:
        (line,) = shapes(root, f"fig-series-g{gamma}")
        for (alpha, tokens), expected in zip(
            (to_data(plot, x, y) for x, y in points(line)), plot["alphas"], strict=True
        ):
            assert alpha == pytest.approx(expected, abs=1e-3)
            assert tokens == pytest.approx(sum(expected**i for i in range(gamma + 1)), abs=2e-3)


def test_ab_sample_size_is_the_pages_rule_of_thumb() -> None:
    text = " ".join(page_text("monitoring").split())
    assert "≈ 16·σ²/δ² per arm, so a one-point change in a 70% rate needs about 33,600 rated answers" in text
    plot = figures.build("ab-sample").plot
    assert plot is not None
    root = svg_of("ab-sample")
    (line,) = shapes(root, "fig-series-n")
    for (delta, log_n), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["deltas"], strict=True):
        assert delta == pytest.approx(expected, abs=1e-3)
        assert 10**log_n == pytest.approx(16 * 0.7 * 0.3 / (expected / 100) ** 2, rel=2e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "1 point: 33,600 per arm" in labels


def test_guardrails_figure_has_the_rails_the_page_lists() -> None:
    assert "NeMo Guardrails has input, dialog, retrieval, execution and output rails" in " ".join(
        page_text("safety").split()
    )
    plot = figures.build("guardrails").plot
    assert plot is not None and plot["rails"] == ["input", "dialog", "retrieval", "execution", "output"]
    labels = [t.text for t in svg_of("guardrails").iter(f"{SVG}text")]
    assert all(rail in labels for rail in plot["rails"])


# ---------------------------------------------------------------- in the browser: both palettes, print, offline


def colour_report(page: Page) -> dict[str, object]:
    """Every figure's drawn colours (computed fill and stroke of each shape, text fill), the theme's colours they
    may be, and the contrast of each text colour against the page's background."""
    return page.evaluate(
        """() => {
        const probe = document.createElement('span');
        document.querySelector('.md-typeset').appendChild(probe);
        const resolve = v => {
          probe.style.color = '';
          probe.style.color = `var(${v})`;
          return getComputedStyle(probe).color;
        };
        const names = ['--md-code-hl-keyword-color', '--md-code-hl-string-color', '--md-code-hl-function-color',
          '--md-code-hl-number-color', '--md-default-fg-color', '--md-default-fg-color--light',
          '--md-default-fg-color--lighter', '--md-default-fg-color--lightest', '--md-typeset-color'];
        const allowed = Object.fromEntries(names.map(n => [resolve(n), n]));
        probe.remove();
        const parse = c => (c.match(/[\\d.]+/g) || []).map(Number);
        const channel = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        const bg = parse(getComputedStyle(document.body).backgroundColor);
        const over = c => {
          const [r, g, b, a = 1] = parse(c);
          return [r, g, b].map((v, i) => v * a + bg[i] * (1 - a));
        };
        const contrast = c => {
          const l1 = lum(over(c)), l2 = lum(bg);
          return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
        };
        const out = {};
        document.querySelectorAll('figure[data-figure] svg').forEach(svg => {
          const name = svg.closest('figure').dataset.figure;
          const bad = [], texts = new Set(), low = [];
          svg.querySelectorAll('rect, line, polyline, path, circle, text').forEach(el => {
            if (el.closest('marker')) return;
            const s = getComputedStyle(el);
            for (const [prop, value] of [['fill', s.fill], ['stroke', s.stroke]]) {
              if (value === 'none') continue;
              if (!(value in allowed)) bad.push(`${el.tagName}.${el.getAttribute('class')} ${prop} ${value}`);
            }
            if (el.tagName === 'text') {
              texts.add(s.fill);
              if (contrast(s.fill) < 4.5) low.push(`${el.textContent} ${s.fill} ${contrast(s.fill).toFixed(2)}`);
            }
          });
          out[name] = { bad, texts: [...texts], low, name: svg.getAttribute('aria-labelledby') };
        });
        return { figures: out, text: resolve('--md-typeset-color') };
      }"""
    )


@pytest.fixture(scope="module")
def topic_pages() -> list[str]:
    return sorted(set(PAGES.values()))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_figures_render_in_both_palettes_with_theme_colours(
    browser: Browser, served_site: str, topic_pages: list[str], scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console = Console()
    console.attach(page)
    seen: dict[str, list[str]] = {}
    try:
        for topic in topic_pages:
            page.goto(f"{served_site}topics/{topic}/")
            expect(page.locator("body")).to_have_attribute(
                "data-md-color-scheme", "slate" if scheme == "dark" else "default"
            )
            report = colour_report(page)
            for name, found in report["figures"].items():  # type: ignore[union-attr]
                assert found["bad"] == [], f"{name} in {scheme}: colours not from the theme: {found['bad'][:5]}"
                assert found["low"] == [], f"{name} in {scheme}: text below 4.5:1: {found['low'][:5]}"
                seen[name] = found["texts"]
                title = svg_of(name).find(f"{SVG}title")
                assert title is not None and title.text
                image = page.get_by_role("img", name=title.text, exact=True)
                expect(image).to_have_count(1)
                expect(image).to_be_visible()
                box = image.bounding_box()
                assert box is not None and box["width"] > 300 and box["height"] > 150, name
        assert set(seen) == set(PAGES)
        assert console.errors == []
    finally:
        context.close()
    # The figures' main text is the page's text colour in each palette: it changes with the palette.
    assert all(texts for texts in seen.values())


def test_figure_text_follows_the_palette_and_prints_dark(browser: Browser, served_site: str) -> None:
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(f"{served_site}topics/parallelism/")
        colours[scheme] = page.locator("#fig-zero-stages text").first.evaluate("e => getComputedStyle(e).fill")
        if scheme == "dark":
            page.emulate_media(media="print")
            printed = page.locator("#fig-zero-stages text").first.evaluate("e => getComputedStyle(e).fill")
            bar = page.locator("#fig-zero-stages .fig-box-1").first.evaluate("e => getComputedStyle(e).stroke")
            assert printed == "rgba(0, 0, 0, 0.87)", "printed from the dark palette, text is dark ink on paper"
            assert bar == "rgb(63, 110, 198)", "and colours are the light palette's"
        context.close()
    assert colours["light"] != colours["dark"]


@pytest.fixture
def offline_page(browser: Browser) -> Iterator[tuple[Page, Requests]]:
    context = browser.new_context()
    requests = Requests(("file:", "data:", "blob:"))
    requests.attach(context)
    yield context.new_page(), requests
    context.close()


def test_figures_show_in_the_offline_copy_with_no_request(offline_page: tuple[Page, Requests], unzipped: Path) -> None:
    page, requests = offline_page
    for topic in ("parallelism", "peft"):
        page.goto((unzipped / "topics" / topic / "index.html").as_uri())
        for name in (n for n, t in PAGES.items() if t == topic):
            svg = page.locator(f"#fig-{name} svg")
            expect(svg).to_be_visible()
            fill = svg.locator(".fig-box-1, .fig-box-0, .fig-solid-1").first.evaluate("e => getComputedStyle(e).fill")
            assert fill != "none", f"{name}: figures.css did not load from disk"
    assert requests.seen and requests.refused == []

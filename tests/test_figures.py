"""The guide's figures (guide/figures/): each one's accessible name, size and colours, rendered in both palettes and in
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

from guide import figures
from guide.bank.validate import LoadedBank
from guide.figures.topics import evaluation, parallelism, training_dynamics
from guide.render.printing import concept_markdown
from guide.render.renderer import Renderer
from tests.browser import Console, Requests
from tests.conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"
CSS = (ROOT / "docs/assets/figures/figures.css").read_text(encoding="utf-8")
# The topic each figure belongs to: it is shown on that topic's overview or on one of its lesson pages, and every
# topic overview that existed when figures came keeps at least one. It is also the module under guide/figures/topics/
# that draws it.
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
    "parallel-layout": "parallelism",
    "cp-balance": "parallelism",
    "peft-places": "peft",
    "lsh-curve": "data-quality",
    "loss-mask": "data-quality",
    "temperature-mix": "data-quality",
    "grad-clipping": "training-dynamics",
    "in-batch-negatives": "training-dynamics",
    "activation-terms": "memory",
    "fp8-scaling": "memory",
    "bytes-per-param": "memory",
    "gqa-heads": "architecture",
    "moe-routing": "architecture",
    "sparsity-24": "distillation-pruning",
    "qlora-bits": "quantization",
    "ptq-scales": "quantization",
    "grpo-advantages": "alignment",
    "pass-at-k": "evaluation",
    "error-bars": "evaluation",
    "top-p": "prompting",
    "burn-rate": "monitoring",
    "continuous-batching": "deployment",
    "early-stopping": "training-dynamics",
    "lora-scaling": "peft",
    "soft-prompts": "peft",
    "grouped-split": "data-quality",
    "psi": "monitoring",
    "rollout": "monitoring",
    "latency": "deployment",
}
MAX_GZIPPED = 10_000
PHONE_MIN_PX = 11  # the smallest label a 375 px phone may render, in CSS pixels, without zoom


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


def page_text(topic: str) -> str:
    """A topic's overview (its front matter first), then its lessons' notes: a figure's numbers must be stated in
    the topic's own text, on its overview or in the lesson that teaches them."""
    folder = ROOT / f"docs/topics/{topic}"
    pages = [folder / "index.md", *sorted(p for p in folder.glob("*.md") if p.name != "index.md")]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def flat(text: str) -> str:
    """Text with every run of whitespace made one space: a sentence may wrap anywhere in the Markdown source."""
    return " ".join(text.split())


def call(name: str) -> str:
    return f'{{{{ figure("{name}") }}}}'


def placements() -> dict[str, list[Path]]:
    """Every page under docs/topics/ that places each figure."""
    found: dict[str, list[Path]] = {}
    for page in sorted((ROOT / "docs/topics").glob("*/*.md")):
        for name in re.findall(r"""\{\{\s*figure\(\s*["']([a-z0-9-]+)["']\s*\)\s*\}\}""", page.read_text("utf-8")):
            found.setdefault(name, []).append(page)
    return found


def page_url(page: Path) -> str:
    """Where a docs/topics/ page is served on the site: topics/<topic>/ or topics/<topic>/<lesson>/."""
    relative = page.relative_to(ROOT / "docs").with_suffix("")
    return f"{relative.parent if relative.name == 'index' else relative}/"


def svg_of(name: str) -> ET.Element:
    return ET.fromstring(str(figures.build(name).svg))


def shapes(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in (element.get("points") or "").split())]


def line_end(element: ET.Element) -> tuple[float, float]:
    return float(element.get("x2") or 0), float(element.get("y2") or 0)


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


def test_every_figure_is_on_its_page_and_every_topic_page_has_one(bank: LoadedBank) -> None:
    assert set(PAGES) == set(figures.names())
    placed = placements()
    assert set(placed) == set(PAGES), f"placed but unknown, or known but not placed: {set(placed) ^ set(PAGES)}"
    for name, topic in PAGES.items():
        assert len(placed[name]) == 1, f"{name} is placed on {len(placed[name])} pages: {placed[name]}"
        (page,) = placed[name]
        # The overview, or a page of one of the topic's own lessons (which the printed guide also prints).
        pages = {"index.md"} | {f"{lesson.id}.md" for lesson in bank.topic(topic).lessons}
        assert page.parent == ROOT / f"docs/topics/{topic}" and page.name in pages, f"{name} is on {page}"
        front = page.read_text(encoding="utf-8").split("\n---\n", 1)[0]
        assert "assets/figures/figures.css" in front, f"{page} places {name} but does not load figures.css"
    overviews = {page for pages in placed.values() for page in pages if page.name == "index.md"}
    for topic in set(PAGES.values()):
        assert ROOT / f"docs/topics/{topic}/index.md" in overviews, f"the {topic} overview has no figure"
    assert "assets/figures/figures.css" in (ROOT / "docs/print.md").read_text(encoding="utf-8")


def test_every_figure_is_filed_under_the_topic_whose_page_places_it() -> None:
    # guide/figures/topics/ has one module per topic: a figure drawn in another topic's module is hard to find.
    misfiled = {name: figures.topic(name) for name in figures.names() if figures.topic(name) != PAGES[name]}
    assert not misfiled, f"drawn in the wrong topic's module (guide/figures/topics/): {misfiled}"


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
    _, _, width, height = (float(n) for n in (root.get("viewBox") or "").split())
    # Drawn for a phone's 343 px column, shown a quarter larger where there is room (guide/figures/svg.py).
    assert width <= 360, "wider figures shrink their labels under 11 px on a 375 px phone"
    assert float(root.get("width") or 0) == width * 1.25 and float(root.get("height") or 0) == height * 1.25
    sizes = [float(t.get("font-size") or 0) for t in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) * 343 / width >= PHONE_MIN_PX, f"{name}: a label under {PHONE_MIN_PX} px on a phone"


@pytest.mark.parametrize("name", figures.names())
def test_figure_shapes_stay_inside_the_drawing(name: str) -> None:
    """The SVG shows what falls outside its viewBox (`overflow: visible`, so labels are never cut), so a shape
    drawn past the edge would spill into the page; every box, line and point stays inside."""
    root = svg_of(name)
    _, _, width, height = (float(n) for n in (root.get("viewBox") or "").split())
    spots: list[tuple[float, float]] = []
    for e in root.iter():
        if e.tag == f"{SVG}rect" and e.get("x") is not None:
            x, y, w, h = (float(e.get(k) or 0) for k in ("x", "y", "width", "height"))
            spots += [(x, y), (x + w, y + h)]
        elif e.tag == f"{SVG}line":
            spots += [(float(e.get("x1") or 0), float(e.get("y1") or 0)), line_end(e)]
        elif e.tag == f"{SVG}polyline":
            spots += points(e)
        elif e.tag == f"{SVG}circle":
            spots.append((float(e.get("cx") or 0), float(e.get("cy") or 0)))
    outside = [(x, y) for x, y in spots if not (-1 <= x <= width + 1 and -1 <= y <= height + 1)]
    assert not outside, f"{name}: shapes outside its {width:g} × {height:g} drawing: {outside[:4]}"


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
            if not re.match(
                r"fig-(series|op|stage|zero|memory|pack|soft|bit|chip|param|rail|gpu|node|cp|mask|mix|neg|fp8|bpp|kv|moe|sparse|qbits|ptq|grpo|top|batch|stop|soft|split|psi|lat)-?",
                cls,
            ):
                assert cls in known, f"{name}: class {cls} has no rule in figures.css"
    assert styled <= css_classes()


def test_stylesheet_colours_are_the_theme_variables_except_for_paper() -> None:
    screen, _, paper = CSS.partition("@media print")
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", screen), "screen colours must be Material's variables"
    for variable in re.findall(r"--fig-[a-z0-9]+:\s*([^;]+);", screen):
        assert variable.startswith("var(--md-"), variable
    assert '[data-md-color-scheme="slate"]' in paper, "printing from the dark palette switches to dark ink"


def test_printed_guide_holds_every_figure_once(bank: LoadedBank) -> None:
    """The printed guide prints each overview's and each lesson's notes (PrintViews.guide), figures included."""
    seen: list[str] = []

    def figure(name: str) -> str:
        seen.append(name)
        return f"<!-- figure:{name} -->"

    for topic in sorted(set(PAGES.values())):
        texts = [concept_markdown(ROOT / "docs", topic, figure=figure)]
        for lesson in bank.topic(topic).lessons:
            texts.append(concept_markdown(ROOT / "docs", topic, lesson.id, deeper=2, figure=figure))
        for text in texts:
            assert "{{" not in text and "figure(" not in text
    assert sorted(seen) == sorted(PAGES)
    memory = concept_markdown(ROOT / "docs", "memory", figure=lambda name: "")
    assert "](calculator.md?params=7B)" in memory, "links are rebased from topics/ to the print page"


def test_a_figure_on_a_lesson_page_is_printed_with_its_notes(tmp_path: Path) -> None:
    lesson = tmp_path / "topics/data-quality/formatting.md"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(
        "---\ntitle: T\nstyles:\n  - assets/figures/figures.css\n---\n\n# T\n\n## Key ideas\n\n- A note.\n\n"
        f'{call("packing")}\n\nAfter the figure.\n\n## Questions\n\n{{{{ quiz("data-quality", "formatting") }}}}\n',
        encoding="utf-8",
    )
    text = concept_markdown(tmp_path, "data-quality", "formatting", deeper=2, figure=lambda name: f"[{name}]")
    assert text.index("- A note.") < text.index("[packing]") < text.index("After the figure.")
    assert "quiz(" not in text and "styles" not in text


# ---------------------------------------------------------------- the plotted numbers


def cosine_lr(t: float, peak: float, warmup: int, steps: int) -> float:
    # The schedules lesson: warm-up rises linearly from 0 to the peak over W steps; then the peak times
    # 0.5 · (1 + cos(π · progress)), progress being (t - W)/(T - W) (the overview, beside the figure).
    return peak * t / warmup if t < warmup else peak * 0.5 * (1 + math.cos(math.pi * (t - warmup) / (steps - warmup)))


def linear_lr(t: float, peak: float, warmup: int, steps: int) -> float:
    # The same warm-up, then the peak times (T - t) / (T - W).
    return peak * t / warmup if t < warmup else peak * (steps - t) / (steps - warmup)


def test_lr_schedule_plots_the_formula_the_page_states() -> None:
    text = flat(page_text("training-dynamics"))
    assert "warm-up rises linearly from 0 to the configured (peak) rate over `num_warmup_steps`" in text
    assert (
        training_dynamics.LR_TEXT in text
        and training_dynamics.LR_LINEAR_TEXT in text
        and training_dynamics.LR_PROGRESS_TEXT in text
    )
    # The lesson's worked example is the figure's: its W and T, and the step where the cosine is at half the peak.
    example = re.search(r"with W = ([\d,]+) and T = ([\d,]+), cosine decay is at half the peak at step ([\d,]+)", text)
    assert example, "the schedules lesson no longer states the W = …, T = … example"
    warmup, steps, half = (int(n.replace(",", "")) for n in example.groups())
    assert cosine_lr(half, 1, warmup, steps) == pytest.approx(0.5)
    figure = figures.build("lr-schedule")
    plot = figure.plot
    assert plot is not None
    # The rate is drawn as a share of the peak η (the schedule multiplies whatever peak is set): no rate is given.
    assert plot["y"] == [0, 1] and plot["x"] == [0, steps] and plot["warmup"] == warmup and plot["half"] == half
    assert f"W = {warmup} of T = {steps:,} steps" in figure.caption
    assert f"half the peak at step {half}" in figure.caption
    root = svg_of("lr-schedule")
    for series, formula in (("fig-series-cosine", cosine_lr), ("fig-series-linear", linear_lr)):
        (line,) = shapes(root, series)
        drawn = [to_data(plot, x, y) for x, y in points(line)]
        assert [round(t) for t, _ in drawn] == plot["steps"]
        for t, lr in drawn:
            assert abs(lr - formula(round(t), 1, warmup, steps)) < 1e-3, (series, t)
        assert drawn[0][1] == pytest.approx(0, abs=1e-7) and drawn[-1][1] == pytest.approx(0, abs=1e-7)
    (mark,) = shapes(root, "fig-series-half")
    step, share = to_data(plot, float(mark.get("cx") or 0), float(mark.get("cy") or 0))
    assert round(step) == half and share == pytest.approx(0.5, abs=1e-3)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"step {half}: 50% of η" in labels


def test_bubble_plot_and_1f1b_schedule_match_the_bubble_formula() -> None:
    text = flat(page_text("parallelism"))
    assert "`(p − 1)/(m + p − 1)`" in text and "`(p − 1)/m`" in text
    example = re.search(
        r"Example: p = (\d+) and m = (\d+) give (\d+)/(\d+) = (\d+)% of the ideal time, "
        r"(\d+)/(\d+) = (\d+)% of the step",
        text,
    )
    assert example, "the tensor-pipeline lesson no longer states its bubble example"
    p, m, *stated = (int(n) for n in example.groups())
    assert stated == [p - 1, m, round(100 * (p - 1) / m), p - 1, m + p - 1, round(100 * (p - 1) / (m + p - 1))]
    figure = figures.build("bubble-fraction")
    plot = figure.plot
    assert plot is not None and plot["mark"] == [p, m]
    root = svg_of("bubble-fraction")
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"p = {p}, m = {m}: {p - 1}/{m + p - 1} = {stated[-1]}% idle" in labels
    for p in plot["series"]:
        (line,) = shapes(root, f"fig-series-p{p}")
        for (m, share), expected_m in zip((to_data(plot, x, y) for x, y in points(line)), plot["m"], strict=True):
            assert round(m) == expected_m
            assert share == pytest.approx((p - 1) / (expected_m + p - 1), abs=2e-4)

    # The schedule: every forward waits for the stage before, every backward for the stage after, a stage runs one
    # pass at a time, and each GPU idles exactly (p - 1) of (m + p - 1) slots.
    for p, m in ((4, 8), (2, 3), (8, 8), (3, 1)):
        ops = parallelism.one_f_one_b(p, m)
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
    """docs/assets/calculator/calc-core.js itself, under Node, on the same cases."""
    script = (
        "const c = require(process.argv[1]);"
        "const cases = JSON.parse(process.argv[2]);"
        "console.log(JSON.stringify(cases.map(raw => Object.fromEntries("
        "c.evaluate(raw).result.parts.map(p => [p.id, p.bytes])))));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calculator/calc-core.js"), json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(out.stdout))


def test_memory_bars_are_the_calculators_numbers_and_the_lessons_table() -> None:
    figure = figures.build("memory-parts")
    plot = figure.plot
    assert plot is not None
    root = svg_of("memory-parts")
    raw = [
        {"params": "13B"},
        {"params": "13B", "optimizer": "adamw8bit"},
        {"params": "13B", "method": "lora", "trainable": "25M"},
        {"params": "13B", "method": "qlora", "trainable": "25M"},
    ]
    expected = calculator(raw)
    for part in ("weights", "gradients", "optimizer"):
        widths = [float(r.get("width") or 0) for r in shapes(root, f"fig-memory-{part}")]
        for width, case in zip(widths, expected, strict=True):
            assert width == pytest.approx(max(case[part] * plot["scale"], 0.5), abs=0.006), part
    totals = [sum(v for k, v in c.items() if k != "activations") / 1e9 for c in expected]
    labels = [t.text for t in root.iter(f"{SVG}text") if (t.text or "").endswith(" GB")]
    assert labels == [f"{total:.1f} GB" for total in totals]
    # The model-states lesson's table, for the same 13B model: 16 and 10 bytes per parameter in full, then a 16-bit
    # and a 4-bit base to which the adapters add.
    rows = table(page_text("memory"), "Fine-tuning a 13B model, before activations")
    stated = [float(re.sub(r"[^\d.]", "", row[2].split("GB")[0])) for row in rows]
    assert [row[1] for row in rows[:2]] == ["2 + 2 + 12 = 16", "2 + 2 + 4 + 2 = 10"]
    assert [round(t) for t in totals[:2]] == stated[:2] == [208, 130]
    bases = [expected[2]["weights"] - 2 * 25e6, expected[3]["weights"] - 2 * 25e6]
    assert [round(b / 1e9) for b in bases] == stated[2:] == [26, 7]
    assert all(row[2].endswith("+ adapters") for row in rows[2:])


def test_confusion_matrix_states_precision_and_recall_by_the_pages_formulas(bank: LoadedBank) -> None:
    text = flat(page_text("evaluation"))
    assert "Precision `TP / (TP + FP)`" in text and "recall `TP / (TP + FN)`" in text
    assert "F1 is their harmonic mean `2PR / (P + R)`" in text
    k = evaluation.CONFUSION
    labels = " ".join(t.text or "" for t in svg_of("confusion-matrix").iter(f"{SVG}text"))
    precision, recall = k["tp"] / (k["tp"] + k["fp"]), k["tp"] / (k["tp"] + k["fn"])
    f1 = 2 * precision * recall / (precision + recall)
    assert f"= {k['tp']}/{k['tp'] + k['fp']} = {precision:.2f}" in labels
    assert f"= {k['tp']}/{k['tp'] + k['fn']} = {recall:.2f}" in labels
    assert f"F1 = {f1:.2f}" in labels
    assert f"accuracy = {(k['tp'] + k['tn']) / sum(k.values()):.0%}" in labels
    assert f"though {k['fp'] / (k['tp'] + k['fp']):.0%} of the" in labels
    # The figure's example is its own: none of the evaluation questions' scores appears in it.
    for question in bank.questions_for("evaluation"):
        if "precision" in question.tags:
            keys = " ".join(option.text for option in question.options if option.correct)
            for score in (precision, recall, f1):
                assert not re.search(rf"\b{score:.2f}\d*\b", keys) and not re.search(rf"\b{score:.3f}\b", keys)


def test_packing_figure_shows_the_data_pages_example() -> None:
    text = flat(page_text("data-quality"))
    assert "wastes `1 − mean length / max_length` of the slots" in text
    example = re.search(r"([\d,]+)-token examples padded to ([\d,]+) leave about (\d+)% empty", text)
    assert example, "the formatting lesson no longer states its padding example"
    mean, length, waste = (int(n.replace(",", "")) for n in example.groups())
    assert round(100 * (1 - mean / length)) == waste
    plot = figures.build("packing").plot
    assert plot is not None and (plot["example"], plot["length"]) == (mean, length)
    root = svg_of("packing")
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"{waste}% of the tokens are padding" in labels
    per_row = length // mean  # whole examples, as TRL's default best-fit packing keeps them
    assert f"{per_row} whole examples per row, {1 - per_row * mean / length:.0%} padding" in labels
    assert f"about {per_row}× fewer rows" in labels
    examples = shapes(root, "fig-pack-example")
    padded = [float(r.get("width") or 0) / plot["unit"] for r in examples if r not in shapes(root, "fig-pack-packed")]
    packed = [float(r.get("width") or 0) / plot["unit"] for r in shapes(root, "fig-pack-packed")]
    assert padded == pytest.approx([mean] * 3, abs=0.1)
    assert packed == pytest.approx([mean] * per_row, abs=0.1) and sum(packed) <= length


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
    text = flat(page_text("architecture"))
    assert (
        "Worked example, Llama-2-7B (hidden 4,096, 32 layers, 32 key/value heads, MLP width 11,008, vocabulary "
        "32,000, untied)" in text
    )
    assert "the two vocabulary matrices 0.26B, 6.74B in all, with about 64% in the MLPs" in text
    assert "For Llama-2-7B at r = 8, all-linear adds" in text
    assert "= 19,988,480 parameters, about 0.3% of the model" in text
    plot = figures.build("parameter-parts").plot
    assert plot is not None
    parts = plot["parts"]
    total = sum(parts.values())
    assert f"{total / 1e9:.2f}B" == "6.74B" and f"{(parts['embeddings'] + parts['output']) / 1e9:.2f}B" == "0.26B"
    assert round(parts["mlp"] / total, 2) == 0.64
    # The same model in the calculator's presets, and LoRA counted by the calculator's own function.
    script = (
        "const c = require(process.argv[1]); const p = c.PRESETS.find(x => x.id === 'llama-2-7b');"
        "console.log(JSON.stringify([p.params, c.loraTrainable({rank: 8, layers: p.layers, hidden: p.hidden,"
        " heads: p.heads, kvHeads: p.kvHeads, ffn: p.ffn, targets: c.LORA_TARGETS}).count]));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calculator/calc-core.js")],
        capture_output=True,
        text=True,
        check=True,
    )
    params, lora = json.loads(out.stdout)
    assert total == params and plot["lora"] == lora == 19_988_480 and plot["rank"] == 8
    assert f"{lora / total:.1%}" == "0.3%"
    root = svg_of("parameter-parts")
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))  # a sentence may wrap over two labels
    assert f"LoRA r = 8 on every linear layer of the blocks adds {lora:,} (0.3%)" in labels
    assert "the two vocabulary matrices: 0.26B; the MLPs: 64%" in labels
    for part, count in parts.items():
        (bar,) = shapes(root, f"fig-param-{part}")
        assert float(bar.get("width") or 0) == pytest.approx(max(count / total * plot["width"], 0.5), abs=0.006)


def expected_tokens(alpha: float, gamma: int) -> float:
    # The capacity-and-latency lesson: (1 - alpha^(gamma+1)) / (1 - alpha) tokens per target pass.
    return (1 - alpha ** (gamma + 1)) / (1 - alpha)


def test_speculative_decoding_plots_the_expected_tokens_per_pass() -> None:
    text = flat(page_text("deployment"))
    assert "(1 − α^(γ+1)) / (1 − α)" in text and "can never exceed 1 / (1 − α)" in text
    example = re.search(
        r"at α = ([\d.]+) it is about ([\d.]+) for γ = (\d+) and ([\d.]+) for γ = (\d+), against a ceiling of ([\d.]+)",
        text,
    )
    assert example, "the capacity-and-latency lesson no longer states its speculative-decoding example"
    alpha, low, short, high, long, ceiling = example.groups()
    a = float(alpha)
    assert f"{expected_tokens(a, int(short)):.2f}" == low and f"{expected_tokens(a, int(long)):.2f}" == high
    assert f"{1 / (1 - a):.1f}" == ceiling
    plot = figures.build("speculative").plot
    assert plot is not None and plot["alpha"] == a and {int(short), int(long)} <= set(plot["gammas"])
    root = svg_of("speculative")
    for gamma in plot["gammas"]:
        (line,) = shapes(root, f"fig-series-g{gamma}")
        for (x, tokens), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["alphas"], strict=True):
            assert x == pytest.approx(expected, abs=1e-3)
            assert tokens == pytest.approx(sum(expected**i for i in range(gamma + 1)), abs=2e-3)
    marks = [to_data(plot, float(m.get("cx") or 0), float(m.get("cy") or 0)) for m in shapes(root, "fig-series-mark")]
    assert marks == [pytest.approx((a, expected_tokens(a, int(g))), abs=2e-3) for g in (short, long)]
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"α = {alpha}: {low} (γ = {short}), {high} (γ = {long})" in labels
    assert f"ceiling 1/(1 − α) = {ceiling}" in labels


def test_ab_sample_size_is_the_pages_rule_of_thumb() -> None:
    text = flat(page_text("monitoring"))
    assert "n ≈ 2(1.96 + 0.84)²·σ²/δ² ≈ 16·σ²/δ², with σ² = p(1 − p) for a rate" in text
    assert round(2 * (1.96 + 0.84) ** 2) == 16
    example = re.search(
        r"detecting a (\d+)-point change around (\d+)% needs about 16 × ([\d.]+) / ([\d.]+)² = ([\d,]+) rated answers "
        r"per arm, a 1-point change four times as many",
        text,
    )
    assert example, "the release-gates lesson no longer states its sample-size example"
    points_, rate, variance, delta, answers = example.groups()
    p = int(rate) / 100
    assert float(variance) == pytest.approx(p * (1 - p)) and float(delta) == pytest.approx(int(points_) / 100)
    assert 16 * p * (1 - p) / float(delta) ** 2 == pytest.approx(int(answers.replace(",", "")))
    plot = figures.build("ab-sample").plot
    assert plot is not None and plot["rate"] == p
    root = svg_of("ab-sample")
    (line,) = shapes(root, "fig-series-n")
    for (d, log_n), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["deltas"], strict=True):
        assert d == pytest.approx(expected, abs=1e-3)
        assert 10**log_n == pytest.approx(16 * p * (1 - p) / (expected / 100) ** 2, rel=2e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"{points_} points: {answers} per arm" in labels
    assert f"1 point: {4 * int(answers.replace(',', '')):,} per arm" in labels, "a 1-point change four times as many"


def test_guardrails_figure_has_the_rails_the_page_lists() -> None:
    text = flat(page_text("safety"))
    start = text.index("NeMo Guardrails has five places to intervene.")
    bullet = text[start : text.index(" - **", start)]
    stated = [rail.lower() for rail in re.findall(r"\b(\w+) rails\b", bullet)]
    plot = figures.build("guardrails").plot
    assert plot is not None and plot["rails"] == ["input", "dialog", "retrieval", "execution", "output"]
    assert stated == plot["rails"] and len(stated) == 5, stated
    labels = [t.text for t in svg_of("guardrails").iter(f"{SVG}text")]
    assert all(rail in labels for rail in plot["rails"])


def lesson_text(topic: str, lesson: str) -> str:
    return flat((ROOT / f"docs/topics/{topic}/{lesson}.md").read_text(encoding="utf-8"))


def test_parallel_layout_has_as_many_gpus_as_the_degrees_multiply_to() -> None:
    assert "`world size = TP × PP × CP × DP`" in flat(page_text("parallelism"))
    assert "tensor parallelism up to the GPUs per node, pipeline parallelism across nodes" in flat(
        page_text("parallelism")
    )
    plot = figures.build("parallel-layout").plot
    assert plot is not None
    world = plot["tp"] * plot["pp"] * plot["cp"] * plot["dp"]
    root = svg_of("parallel-layout")
    assert len(shapes(root, "fig-gpu")) == world and len(shapes(root, "fig-node")) == plot["dp"] * plot["pp"]
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"{world} GPUs = TP {plot['tp']} × PP {plot['pp']} × DP {plot['dp']}" in labels
    assert [str(n) for n in range(1, world + 1)] == [label for label in labels if (label or "").isdigit()]


def test_context_parallel_chunks_balance_the_causal_work() -> None:
    text = lesson_text("parallelism", "sequence-experts")
    assert "gives rank r chunks r and 2·CP − 1 − r" in text
    assert "With CP = 2, rank 0 gets chunks 0 and 3 and rank 1 chunks 1 and 2" in text
    plot = figures.build("cp-balance").plot
    assert plot is not None and plot["cp"] == 2
    cp, per = plot["cp"], plot["per_chunk"]
    owned = {0: (0, 3), 1: (1, 2)}
    root = svg_of("cp-balance")
    # Query i of a causal mask attends to keys 0..i: a chunk's work is the cells in its rows of the triangle.
    work = {chunk: sum(i + 1 for i in range(chunk * per, (chunk + 1) * per)) for chunk in range(2 * cp)}
    for rank, chunks in owned.items():
        cells = shapes(root, f"fig-cp-rank{rank}")
        assert len(cells) == sum(work[chunk] for chunk in chunks) == plot["totals"][rank]
    assert plot["totals"][0] == plot["totals"][1]
    assert plot["halves"] == [work[0] + work[1], work[2] + work[3]] and plot["halves"][0] < plot["halves"][1]


def test_peft_figure_names_methods_the_topic_teaches() -> None:
    text = flat(page_text("peft")).lower()
    plot = figures.build("peft-places").plot
    assert plot is not None
    labels = [t.text for t in svg_of("peft-places").iter(f"{SVG}text")]
    for method in plot["methods"]:
        assert method.lower() in text and method in labels, method


def test_lsh_curve_is_the_banding_formula_with_curators_defaults() -> None:
    text = lesson_text("data-quality", "curation")
    assert "`P(candidate) = 1 − (1 − s^r)^b`" in text
    example = re.search(
        r"uses (\d+) bands of (\d+) hashes by default, which puts the steep rise near "
        r"\(1/\d+\)\^\(1/\d+\) ≈ (\d+\.\d+)",
        text,
    )
    assert example, "the curation lesson no longer states Curator's default banding"
    bands, rows, rise = int(example[1]), int(example[2]), example[3]
    assert f"{(1 / bands) ** (1 / rows):.2f}" == rise
    plot = figures.build("lsh-curve").plot
    assert plot is not None and (plot["bands"], plot["rows"]) == (bands, rows)
    root = svg_of("lsh-curve")
    (line,) = shapes(root, "fig-series-lsh")
    for (s, p), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["steps"], strict=True):
        assert s == pytest.approx(expected, abs=1e-3)
        assert p == pytest.approx(1 - (1 - expected**rows) ** bands, abs=2e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"(1/{bands})^(1/{rows}) ≈ {rise}" in labels


def test_loss_mask_trains_what_the_formatting_lesson_says() -> None:
    text = lesson_text("data-quality", "formatting")
    assert "restricting it to the replies takes `assistant_only_loss=True`" in text
    assert (
        "every position equal to the pad token ID to −100; if the pad token is the EOS token, every real EOS is "
        "masked too, the model never learns to stop" in text
    )
    plot = figures.build("loss-mask").plot
    assert plot is not None
    tokens = plot["tokens"]
    (only, assistant), (collator, pad_is_eos) = plot["rows"]
    assert "assistant_only_loss" in only and "pad = EOS" in collator
    reply = tokens.index("asst") + 1
    assert set(assistant) == set(tokens[reply : tokens.index("EOS") + 1]), "the reply and its EOS, nothing else"
    assert set(pad_is_eos) == {t for t in tokens if t not in ("EOS", "pad")}, "pad = EOS masks the EOS and pads"
    root = svg_of("loss-mask")
    assert len(shapes(root, "fig-mask-loss")) == len(assistant) + len(pad_is_eos)
    assert len(shapes(root, "fig-mask-ignored")) == 2 * len(tokens) - len(assistant) - len(pad_is_eos)


def test_temperature_mix_is_the_lessons_worked_example() -> None:
    text = lesson_text("data-quality", "synthetic-mixing")
    example = re.search(
        r"For two sources of ([\d,]+) and ([\d,]+) examples, T = (\d) gives √[\d,]+ ≈ (\d+) and √[\d,]+ ≈ (\d+), "
        r"so the small one rises from (\d+)% to about (\d+)% of draws",
        text,
    )
    assert example, "the synthetic-mixing lesson no longer states its two-source example"
    big, small = (int(n.replace(",", "")) for n in example.groups()[:2])
    t = int(example[3])
    assert (round(big ** (1 / t)), round(small ** (1 / t))) == (int(example[4]), int(example[5]))
    plot = figures.build("temperature-mix").plot
    assert plot is not None and plot["sizes"] == [big, small] and plot["temperatures"] == [1, t, "inf"]
    root = svg_of("temperature-mix")
    widths = [[float(r.get("width") or 0) / plot["width"] for r in shapes(root, f"fig-mix-{k}")] for k in (0, 1)]
    for row, temperature in enumerate(plot["temperatures"]):
        weights = [1.0, 1.0] if temperature == "inf" else [big ** (1 / temperature), small ** (1 / temperature)]
        assert [widths[0][row], widths[1][row]] == pytest.approx([w / sum(weights) for w in weights], abs=1e-3)
    assert round(100 * widths[1][0]) == int(example[6]) and round(100 * widths[1][1]) == int(example[7])
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"{example[6]}%" in labels and f"{example[7]}%" in labels


def test_gradient_clipping_scales_by_max_norm_over_total_norm() -> None:
    text = lesson_text("training-dynamics", "schedules")
    assert "multiplies every gradient by `max_norm / total_norm`; the direction is kept" in text
    assert "`max_grad_norm=1.0` by default" in text and "caps each element separately and changes the" in text
    plot = figures.build("grad-clipping").plot
    assert plot is not None and plot["max_norm"] == 1.0
    root = svg_of("grad-clipping")
    drawn = {
        name: to_data(plot, *line_end(shapes(root, f"fig-series-{name}")[0]))
        for name in ("g", "norm", "value", "small")
    }
    g, limit = plot["g"], plot["max_norm"]
    norm = math.hypot(*g)
    assert norm > limit and drawn["g"] == pytest.approx(tuple(g), abs=1e-3)
    assert drawn["norm"] == pytest.approx((g[0] * limit / norm, g[1] * limit / norm), abs=1e-3)
    assert drawn["value"] == pytest.approx(tuple(min(v, limit) for v in g), abs=1e-3)
    assert math.hypot(*plot["small"]) < limit and drawn["small"] == pytest.approx(tuple(plot["small"]), abs=1e-3)
    cross = drawn["norm"][0] * g[1] - drawn["norm"][1] * g[0]
    assert cross == pytest.approx(0, abs=1e-3), "clipping by norm keeps the direction"


def test_in_batch_negatives_grid_and_its_scale() -> None:
    text = lesson_text("training-dynamics", "contrastive")
    assert "the default 20 corresponds to τ = 0.05" in text and "`BatchSamplers.NO_DUPLICATES`" in text
    plot = figures.build("in-batch-negatives").plot
    assert plot is not None and plot["scale"] == 20 and 1 / plot["scale"] == 0.05
    root = svg_of("in-batch-negatives")
    n = plot["batch"]
    assert len(shapes(root, "fig-neg-positive")) == n
    assert len(shapes(root, "fig-neg-false")) == 2 and len(shapes(root, "fig-neg-negative")) == n * n - n - 2


def test_activation_plot_is_korthikantis_formula_and_the_lessons_example() -> None:
    text = lesson_text("memory", "activations")
    assert "`s·b·h·(34 + 5·a·s/h)`" in text
    example = re.search(
        r"For a model with h = (\d+) and a = (\d+) at s = (\d+), that second term is "
        r"5 × \d+ × \d+ / \d+ = (\d+), more than four times the 34",
        text,
    )
    assert example, "the activations lesson no longer states its attention-term example"
    h, a, s, term = (int(n) for n in example.groups())
    assert 5 * a * s / h == term
    plot = figures.build("activation-terms").plot
    assert plot is not None and (plot["hidden"], plot["heads"], plot["seq"]) == (h, a, s)
    root = svg_of("activation-terms")
    for series, formula in (
        ("fig-series-linear", lambda n: n * h * 34),
        ("fig-series-total", lambda n: n * h * (34 + 5 * a * n / h)),
    ):
        (line,) = shapes(root, series)
        for (x, gb), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["lengths"], strict=True):
            assert round(x) == expected and gb == pytest.approx(formula(expected) / 1e9, abs=2e-3), series
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"s = {s:,}: {term} vs 34" in labels


def test_fp8_scaling_is_the_delayed_scaling_example() -> None:
    text = lesson_text("memory", "mixed-precision")
    assert "`scale = (FP8_MAX / amax) / 2^margin`" in text and "E4M3 (±448" in text
    example = re.search(
        r"an E4M3 tensor whose history maximum is ([\d.]+) gets a scale of (\d+), so a sudden value of "
        r"([\d.]+) maps to (\d+) and is clipped to (\d+), while a margin of 1 would have halved",
        text,
    )
    assert example, "the mixed-precision lesson no longer states its delayed-scaling example"
    amax, scale, spike, mapped, clipped = (float(n) for n in example.groups())
    assert 448 / amax == scale and spike * scale == mapped and clipped == 448
    plot = figures.build("fp8-scaling").plot
    assert plot is not None
    rows = {(margin, value): (scaled, shown) for margin, value, scaled, shown in plot["rows"]}
    for margin in (0, 1):
        factor = 448 / amax / 2**margin
        for value in (amax, spike):
            assert rows[(margin, value)] == pytest.approx((value * factor, min(value * factor, 448)))
    assert rows[(0, spike)] == (mapped, clipped) and rows[(1, spike)][0] < 448, "the margin leaves room"
    marks = [float(m.get("cx") or 0) for m in shapes(svg_of("fp8-scaling"), "fig-fp8-mark")]
    assert marks == pytest.approx([plot["left"] + r[2] * plot["unit"] for r in plot["rows"]], abs=0.01)


def test_bytes_per_parameter_are_the_model_states_table() -> None:
    rows = table(page_text("memory"), "Fine-tuning a 13B model, before activations")
    plot = figures.build("bytes-per-param").plot
    assert plot is not None
    drawn = [(label, [size for _, size in parts]) for label, parts in plot["rows"]]
    stated = [row[1] for row in rows]
    assert stated[0] == "2 + 2 + 12 = 16" and sum(drawn[0][1]) == 16 and drawn[0][1][:2] == [2, 2]
    assert sum(drawn[0][1][2:]) == 12, "Adam's K = 12: master copy, momentum and variance, 4 bytes each"
    assert stated[1] == "2 + 2 + 4 + 2 = 10" and drawn[1][1] == [2, 2, 4, 1, 1]
    assert stated[2].startswith("2, plus 16 per adapter parameter") and drawn[2][1] == [2]
    assert stated[3].startswith("≈ 0.52") and f"{drawn[3][1][0]:.2f}" == "0.52"
    root = svg_of("bytes-per-param")
    for part in ("weights", "gradients", "master", "momentum", "variance"):
        widths = [float(r.get("width") or 0) / plot["scale"] for r in shapes(root, f"fig-bpp-{part}")]
        sizes = [size for _, parts in plot["rows"] for p, size in parts if p == part]
        assert widths == pytest.approx([max(size, 0.5 / plot["scale"]) for size in sizes], abs=1e-3), part


def test_kv_heads_figure_is_the_lessons_cache_arithmetic() -> None:
    text = lesson_text("architecture", "attention-context")
    assert "Bytes per token = 2 (K and V) × layers × key/value heads × head dimension × bytes per value" in text
    example = re.search(
        r"Llama-2-70B \((\d+) layers, (\d+) key/value heads of dimension (\d+)\) holds "
        r"2 × \d+ × \d+ × \d+ × 2 = ([\d,]+) bytes, (\d+) KiB, per token in BF16; with one key/value "
        r"head per each of its (\d+) query heads it would hold ([\d.]+) MiB",
        text,
    )
    assert example, "the attention-context lesson no longer states its Llama-2-70B example"
    layers, kv, dim, total, kib, queries, mib = example.groups()
    per_token = 2 * int(layers) * int(kv) * int(dim) * 2
    assert per_token == int(total.replace(",", "")) and per_token // 1024 == int(kib)
    assert per_token * int(queries) // int(kv) / 2**20 == float(mib)
    plot = figures.build("gqa-heads").plot
    assert plot is not None
    assert plot["model"] == {
        "layers": int(layers),
        "kv_heads": int(kv),
        "query_heads": int(queries),
        "head_dim": int(dim),
        "bytes": 2,
    }
    root = svg_of("gqa-heads")
    layouts = plot["layouts"]
    assert len(shapes(root, "fig-kv-query")) == plot["queries"] * len(layouts)
    assert len(shapes(root, "fig-kv-head")) == sum(heads for _, heads in layouts)
    assert len(shapes(root, "fig-kv-link")) == plot["queries"] * len(layouts), "every query head reads one KV head"
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"{kib} KiB per token" in labels and f"({queries}): {mib} MiB" in labels


def test_moe_figure_adds_up_the_lessons_mixtral_split() -> None:
    text = lesson_text("architecture", "moe-choice")
    example = re.search(r"Mixtral-8x22B has (\d+)B parameters, not 8 × 22B ≈ 176B, and uses (\d+)B per token", text)
    parts = re.search(r"about ([\d.]+)B of attention, ([\d.]+)B of experts and ([\d.]+)B of embeddings", text)
    assert example and parts and "8 SwiGLU experts" in text and "top-2" in text
    plot = figures.build("moe-routing").plot
    assert plot is not None and (plot["experts"], plot["top_k"]) == (8, 2)
    attention, experts, embeddings = (float(n) for n in parts.groups())
    assert plot["parts"] == {"attention": attention, "experts": experts, "embeddings": embeddings}
    assert round(attention + experts + embeddings) == int(example[1])
    assert round(attention + embeddings + experts * 2 / 8) == int(example[2])
    root = svg_of("moe-routing")
    assert len(shapes(root, "fig-moe-active")) == 2 and len(shapes(root, "fig-moe-expert")) == 6
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"all {example[1]}B resident" in labels and f"about {example[2]}B used per token" in labels


def test_sparsity_figure_keeps_two_of_every_four() -> None:
    assert "In every contiguous group of four weights at least two are zero" in lesson_text(
        "distillation-pruning", "pruning"
    )
    plot = figures.build("sparsity-24").plot
    assert plot is not None
    for row in plot["rows"]:
        for group in range(0, len(row), 4):
            assert sum(1 for w in row[group : group + 4] if w == 0) >= 2
    root = svg_of("sparsity-24")
    kept = sum(1 for row in plot["rows"] for w in row if w)
    assert len(shapes(root, "fig-sparse-kept")) == len(shapes(root, "fig-sparse-stored")) == kept
    assert kept * 2 == sum(len(row) for row in plot["rows"]), "stored at half size"


def test_qlora_bits_are_the_lessons_block_arithmetic() -> None:
    text = lesson_text("quantization", "low-precision-training")
    assert "each block's FP32 constant costs `32/64 = 0.5` bits per parameter" in text
    assert "blocks of 128 would halve that overhead to 0.25 bits" in text
    assert "`8/64 + 32/(64·256) ≈ 0.127` bits per parameter, about 4.127 bits per weight" in text
    assert "≈ 0.33 GB this way" in text and "≈ 3.6 GB" in text
    plot = figures.build("qlora-bits").plot
    assert plot is not None
    totals = [parts["code"] + parts["constants"] for _, parts in plot["cases"]]
    assert totals == pytest.approx([4 + 32 / 64, 4 + 32 / 128, 4 + 8 / 64 + 32 / (64 * 256)])
    root = svg_of("qlora-bits")
    widths = [float(r.get("width") or 0) / plot["scale"] for r in shapes(root, "fig-qbits-constants")]
    assert widths == pytest.approx([t - 4 for t in totals], abs=1e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "4.127" in labels and "3.6 GB" in labels and "0.33 GB" in labels
    assert f"{7e9 * totals[2] / 8 / 1e9:.1f}" == "3.6" and f"{(0.5 - (totals[2] - 4)) * 7e9 / 8 / 1e9:.2f}" == "0.33"


def test_ptq_scales_are_the_lessons_skewed_tensor() -> None:
    text = lesson_text("quantization", "ptq")
    example = re.search(
        r"For a skewed tensor from −1 to 4, symmetric gives a step of 4/127 ≈ ([\d.]+) and leaves the "
        r"codes below about −(\d+) unused, while affine gives 5/255 ≈ ([\d.]+)",
        text,
    )
    assert example, "the PTQ lesson no longer states its skewed-tensor example"
    assert "`q = round(x / s)` with `s = max|x| / 127`" in text and "`s = (max − min) / 255`" in text
    plot = figures.build("ptq-scales").plot
    assert plot is not None and plot["range"] == [-1, 4]
    codes = plot["codes"]
    assert f"{4 / 127:.3f}" == example[1] == f"{codes['symmetric']:.3f}"
    assert f"{5 / 255:.3f}" == example[3] == f"{codes['affine']:.3f}"
    assert round(-1 / (4 / 127)) == -int(example[2]) == codes["lowest_used"]
    # The affine grid maps -1 to the lowest code and keeps 0.0 exact: zero-point = round(-min/s) - 128.
    assert codes["zero_point"] == round(1 / (5 / 255)) - 128
    root = svg_of("ptq-scales")
    (unused,) = shapes(root, "fig-ptq-unused")
    assert float(unused.get("width") or 0) / plot["unit"] == pytest.approx(128 - int(example[2]))


def test_grpo_advantages_are_the_lessons_groups() -> None:
    text = lesson_text("alignment", "grpo")
    assert "the advantage `(r_i − mean(r))/std(r)`" in text
    assert (
        "With 1 of 4 correct, the mean is 0.25, so the correct answer gets `+0.75/std` and the three wrong ones "
        "`−0.25/std` each" in text
    )
    assert (
        "rewards [1, 0, 0] and no normalisation: the correct rollout gets 1 − 0 = 1, each wrong one 0 − 0.5 = "
        "−0.5" in text
    )
    assert "if all G rewards are equal (all right or all wrong) every advantage is 0" in text
    plot = figures.build("grpo-advantages").plot
    assert plot is not None
    expected = []
    for _, rewards, baseline in plot["groups"]:
        if baseline == "loo":
            expected.append([r - (sum(rewards) - r) / (len(rewards) - 1) for r in rewards])
        else:
            expected.append([r - sum(rewards) / len(rewards) for r in rewards])
    assert plot["advantages"] == expected
    assert expected == [[0.75, -0.25, -0.25, -0.25], [0, 0, 0, 0], [1, -0.5, -0.5]]
    bars = shapes(svg_of("grpo-advantages"), "fig-grpo-bar")
    heights = [float(b.get("height") or 0) / plot["scale"] for b in bars]
    assert heights == pytest.approx([abs(a) if a else 2 / plot["scale"] for group in expected for a in group])


def test_pass_at_k_is_the_unbiased_estimator() -> None:
    text = lesson_text("evaluation", "metrics")
    assert "`pass@k = 1 − C(n−c, k) / C(n, k)`" in text and "`1 − (1 − c/n)^k` is biased" in text
    example = re.search(r"With n = (\d+) and c = (\d+), pass@1 is simply \d+/\d+ = ([\d.]+)", text)
    assert example
    n, c, first = int(example[1]), int(example[2]), float(example[3])
    plot = figures.build("pass-at-k").plot
    assert plot is not None and (plot["n"], plot["c"]) == (n, c) and c / n == first
    root = svg_of("pass-at-k")
    for series, formula in (
        ("fig-series-unbiased", lambda k: 1 - math.comb(n - c, k) / math.comb(n, k)),
        ("fig-series-plugin", lambda k: 1 - (1 - c / n) ** k),
    ):
        (line,) = shapes(root, series)
        for (k, value), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["ks"], strict=True):
            assert round(k) == expected and value == pytest.approx(formula(expected), abs=2e-3), series
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"pass@1 = {c}/{n} = {first:.2f}" in labels


def test_error_bars_are_the_lessons_standard_error() -> None:
    text = lesson_text("evaluation", "comparisons")
    assert "the standard error is `√(p(1 − p)/n)`, and a 95% interval is about ±1.96 standard errors" in text
    example = re.search(
        r"at p = ([\d.]+) and n = (\d+) the standard error is (\d+) points and the interval about "
        r"±([\d.]+) points",
        text,
    )
    assert example
    p, n, se, half = float(example[1]), int(example[2]), int(example[3]), example[4]
    assert round(100 * math.sqrt(p * (1 - p) / n)) == se and f"{1.96 * se:.1f}" == half
    plot = figures.build("error-bars").plot
    assert plot is not None and plot["p"] == p
    (line,) = shapes(svg_of("error-bars"), "fig-series-ci")
    for (size, width), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["sizes"], strict=True):
        assert round(size) == expected
        assert width == pytest.approx(100 * 1.96 * math.sqrt(p * (1 - p) / expected), abs=2e-3)
    labels = " ".join(t.text or "" for t in svg_of("error-bars").iter(f"{SVG}text"))
    assert f"n = {n}: ±{half}" in labels


def test_top_p_keeps_the_lessons_three_tokens() -> None:
    text = lesson_text("prompting", "reasoning-decoding")
    example = re.search(
        r"With probabilities ([\d., and]+) and p = ([\d.]+), the running totals are ([\d., ]+), so "
        r"(\w+) tokens survive, renormalised to about ([\d.]+), ([\d.]+) and (\d\.\d+)",
        text,
    )
    assert example, "the reasoning-decoding lesson no longer states its top-p example"
    probs = [float(v) for v in re.findall(r"[\d.]+\d", example[1])]
    p = float(example[2])
    plot = figures.build("top-p").plot
    assert plot is not None and plot["probs"] == probs and plot["p"] == p
    running = list(itertools.accumulate(probs))
    keep = next(i for i, total in enumerate(running, start=1) if total >= p)
    assert example[4] == "three" and keep == 3
    kept = [q / running[keep - 1] for q in probs[:keep]]
    assert [f"{q:.2f}" for q in kept] == list(example.groups()[4:]) and plot["kept"] == pytest.approx(kept)
    root = svg_of("top-p")
    assert len(shapes(root, "fig-top-kept")) == keep and len(shapes(root, "fig-top-cut")) == len(probs) - keep
    bars = shapes(root, "fig-top-kept") + shapes(root, "fig-top-cut")
    heights = [float(b.get("height") or 0) / plot["box"][3] for b in bars]
    assert heights == pytest.approx(probs, abs=1e-3)
    (line,) = shapes(root, "fig-series-sum")
    assert [to_data(plot, x, y)[1] for x, y in points(line)] == pytest.approx(running, abs=1e-3)


def test_burn_rate_is_the_lessons_budget_arithmetic() -> None:
    text = lesson_text("monitoring", "serving-health")
    example = re.search(
        r"With an SLO of ([\d.]+)% good requests over (\d+) days, the budget is ([\d.]+)%.*?At "
        r"([\d.]+)% bad requests the burn is (\d+): the budget would be gone in ([\d.]+) days",
        text,
    )
    assert example, "the serving-health lesson no longer states its burn-rate example"
    slo, window, budget, bad, burn, days = (float(n) for n in example.groups())
    assert round(100 - slo, 6) == budget and bad / budget == burn and window / burn == days
    assert "pages above 14.4× over both 1 hour and 5 minutes" in text and "pages above 6× over both 6 hours" in text
    assert "opens a ticket above 1× over 3 days and 6 hours" in text
    plot = figures.build("burn-rate").plot
    assert plot is not None and plot["slo"] == pytest.approx(slo / 100) and plot["window"] == window
    assert plot["rates"] == pytest.approx([14.4, 6, burn, 1])
    root = svg_of("burn-rate")
    for rate in plot["rates"]:
        (line,) = shapes(root, f"fig-series-b{rate:g}")
        for (d, left), expected in zip((to_data(plot, x, y) for x, y in points(line)), plot["days"], strict=True):
            assert d == pytest.approx(expected, abs=1e-3)
            assert left == pytest.approx(max(0.0, 1 - rate * expected / window), abs=2e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"burn {burn:g}: gone in {days:.2f} days" in labels


def test_continuous_batching_refills_slots_and_static_batches_wait() -> None:
    text = lesson_text("deployment", "engines-and-servers")
    assert "A static batch holds its slots until its longest answer ends" in text
    assert "finished sequences leave at once and queued ones take their place" in text
    plot = figures.build("continuous-batching").plot
    assert plot is not None
    lengths, slots, unit = plot["lengths"], plot["slots"], plot["unit"]
    root = svg_of("continuous-batching")
    for kind in ("static", "continuous"):
        boxes = shapes(root, f"fig-batch-{kind}")
        assert sorted(round(float(b.get("width") or 0) / unit) for b in boxes) == sorted(lengths)
        busy: dict[float, list[tuple[float, float]]] = {}
        for b in boxes:
            x, w = float(b.get("x") or 0), float(b.get("width") or 0)
            busy.setdefault(float(b.get("y") or 0), []).append((x, x + w))
        assert len(busy) == slots
        for spans in busy.values():
            spans.sort()
            assert all(a[1] <= b[0] + 1e-6 for a, b in itertools.pairwise(spans)), "a slot runs one sequence"
        if kind == "continuous":  # each slot's next sequence starts the step its last one ends
            assert all(a[1] == pytest.approx(b[0]) for s in busy.values() for a, b in itertools.pairwise(s))
    first = lengths[:slots]
    static = [b for b in shapes(root, "fig-batch-static") if float(b.get("x") or 0) > plot["left"] + 0.5]
    assert {round((float(b.get("x") or 0) - plot["left"]) / unit) for b in static} == {max(first)}


def test_early_stopping_counts_evaluations_without_improvement() -> None:
    text = lesson_text("training-dynamics", "stopping-forgetting")
    assert "fails to improve for `early_stopping_patience` consecutive evaluation calls" in text
    assert "`load_best_model_at_end=True`" in text
    plot = figures.build("early-stopping").plot
    assert plot is not None
    losses, patience = plot["losses"], plot["patience"]
    best = min(range(len(losses)), key=losses.__getitem__)
    # Every evaluation after the best fails to improve on it; the patience-th such evaluation stops the run.
    assert all(v > losses[best] for v in losses[best + 1 :]) and (plot["best"], plot["stop"]) == (best, best + patience)
    root = svg_of("early-stopping")
    (line,) = shapes(root, "fig-series-eval")
    drawn = [to_data(plot, x, y) for x, y in points(line)]
    assert [x for x, _ in drawn] == pytest.approx(list(range(1, len(losses) + 1)), abs=1e-3)
    assert [y for _, y in drawn] == pytest.approx(losses, abs=1e-3)
    (mark,) = shapes(root, "fig-stop-best")
    assert to_data(plot, float(mark.get("cx") or 0), float(mark.get("cy") or 0)) == pytest.approx(
        (best + 1, losses[best]), abs=1e-3
    )
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert [str(k) for k in range(1, patience + 1)] == [t for t in labels if t in {"1", "2", "3"}][-patience:]


def test_lora_scaling_is_alpha_over_r_and_over_root_r() -> None:
    assert "(alpha 32 at r=8 gives 4, at r=32 gives 1)" in lesson_text("peft", "lora-basics")
    assert "replaces the `lora_alpha/r` multiplier with `lora_alpha/√r`" in lesson_text("peft", "lora-variants")
    plot = figures.build("lora-scaling").plot
    assert plot is not None and plot["alpha"] == 32
    root = svg_of("lora-scaling")
    for series, formula in (("fig-series-lora", lambda r: 32 / r), ("fig-series-rslora", lambda r: 32 / math.sqrt(r))):
        (line,) = shapes(root, series)
        drawn = [to_data(plot, x, y) for x, y in points(line)]
        assert [2**x for x, _ in drawn] == pytest.approx(plot["ranks"], rel=1e-3)
        assert [v for _, v in drawn] == pytest.approx([formula(r) for r in plot["ranks"]], abs=2e-3), series


def test_soft_prompt_figure_counts_the_lessons_prompt() -> None:
    text = lesson_text("peft", "soft-prompts")
    example = re.search(r"\((\d+) tokens × ([\d,]+) = ([\d,]+) values", text)
    assert example and "Prefix tuning puts trainable keys and values in every layer" in text
    n, hidden, values = (int(v.replace(",", "")) for v in example.groups())
    plot = figures.build("soft-prompts").plot
    assert plot is not None and (plot["virtual"], plot["hidden"]) == (n, hidden) and n * hidden == values
    root = svg_of("soft-prompts")
    assert len(shapes(root, "fig-soft-input")) == 1 and len(shapes(root, "fig-soft-kv")) == plot["layers"]
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"{n} × {hidden:,} = {values:,} values" in labels


def test_grouped_split_keeps_each_source_on_one_side() -> None:
    text = lesson_text("data-quality", "privacy-splits")
    assert "a random row-level split puts siblings on both sides" in text and "`GroupShuffleSplit`" in text
    plot = figures.build("grouped-split").plot
    assert plot is not None
    root = svg_of("grouped-split")
    for group, size in enumerate(plot["groups"]):
        cells = shapes(root, f"fig-split-g{group}")
        assert len(cells) == 2 * size
        by_row, by_source = cells[:size], cells[size:]
        sides = {"fig-split-train" in (c.get("class") or "") for c in by_source}
        assert len(sides) == 1, f"source {group} is split"
        row_sides = ["T" if "fig-split-train" in (c.get("class") or "") else "V" for c in by_row]
        assert "".join(row_sides) == plot["rows"][group]
    assert sum(1 for row in plot["rows"] if len(set(row)) > 1) >= 2, "the row-level split leaks sources"


def test_psi_is_the_lessons_formula_and_its_example_bin() -> None:
    text = lesson_text("monitoring", "quality-signals")
    assert "`PSI = Σ (aᵢ − eᵢ) · ln(aᵢ / eᵢ)`" in text
    assert (
        "a bin moving from 20% to 30% contributes 0.10 × ln 1.5 ≈ 0.04" in text and "below 0.10 little change" in text
    )
    plot = figures.build("psi").plot
    assert plot is not None
    e, a = plot["reference"], plot["current"]
    assert sum(e) == pytest.approx(1) and sum(a) == pytest.approx(1) and (e[0], a[0]) == (0.2, 0.3)
    terms = [(ai - ei) * math.log(ai / ei) for ei, ai in zip(e, a, strict=True)]
    assert plot["terms"] == pytest.approx(terms) and all(t >= 0 for t in terms)
    assert f"{terms[0]:.2f}" == "0.04" and sum(terms) < 0.10
    root = svg_of("psi")
    heights = [float(r.get("height") or 0) / 160 * 0.4 for r in shapes(root, "fig-psi-current")]
    assert heights == pytest.approx(a, abs=1e-3)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"= {sum(terms):.3f}: below 0.10" in labels


def test_rollout_stages_are_the_lessons() -> None:
    text = lesson_text("monitoring", "release-gates")
    assert "Shadow first for safety, canary next for user signal" in text
    assert "Keep the previous version resident and rollback becomes routing" in text
    labels = [t.text for t in svg_of("rollout").iter(f"{SVG}text")]
    assert [t for t in labels if t in {"shadow", "canary", "full rollout"}] == ["shadow", "canary", "full rollout"]


def test_latency_timeline_is_the_lessons_example() -> None:
    text = lesson_text("deployment", "capacity-and-latency")
    example = re.search(
        r"At TTFT ([\d.]+) s and ITL (\d+) ms \(50 tokens/s per user\), a (\d+)-token answer takes "
        r"[\d.]+ \+ \d+ × [\d.]+ ≈ ([\d.]+) s",
        text,
    )
    assert example, "the capacity-and-latency lesson no longer states its latency example"
    ttft, itl, tokens, total = float(example[1]), int(example[2]) / 1000, int(example[3]), example[4]
    assert f"{ttft + (tokens - 1) * itl:.1f}" == total
    plot = figures.build("latency").plot
    assert plot is not None and (plot["ttft"], plot["itl"], plot["tokens"]) == (ttft, itl, tokens)
    root = svg_of("latency")
    (first,) = shapes(root, "fig-lat-ttft")
    (decode,) = shapes(root, "fig-lat-decode")
    assert float(first.get("width") or 0) / plot["unit"] == pytest.approx(ttft)
    assert float(decode.get("width") or 0) / plot["unit"] == pytest.approx((tokens - 1) * itl, abs=0.01)
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"≈ {total} s" in labels and f"{tokens - 1} decode steps" in labels


# Numbers a figure once shared with a question (its givens or its worked answer), by question: a figure that shows
# one of them hands the learner a key, so each figure draws an example of its own or its lesson's.
NOT_SHOWN = {
    "lr-schedule": {
        "train-linear-schedule-early-stop-lr": ["3,000", "1,200", "0.62", "1,800", "2,900"],
        "train-warmup-cosine-schedule": ["2,000", "1,030"],
    },
    "confusion-matrix": {"eval-precision-recall-f1-classifier": ["0.667", "0.80", "0.727", "0.94"]},
    "packing": {"data-packing-padding-waste-steps": ["60,000", "350", "2,048", "83%", "10,254", "321", "1,875", "5.9"]},
    "parameter-parts": {
        "arch-llama3-8b-parameter-split": ["8.03B", "70%", "13%", "6.98B", "176.2M", "41.9M"],
        "arch-lora-all-linear-gqa-count": ["41,943,040"],
    },
    "ab-sample": {"mon-ab-sample-size": ["33,600", "67,200", "70%", "71%", "0.21"]},
    "memory-parts": {"mem-full-vs-lora-vs-qlora-7b": ["112", "14", "0.2", "3.5"]},
    "speculative": {"deploy-speculative-fine-tuned-target": ["3.4", "3.36", "1.65", "1.67"]},
    "bubble-fraction": {
        "par-pipeline-bubble-arithmetic": ["18%", "22%", "21.9%"],
        "par-seed-pipeline-bubble-low-utilization": ["43%", "8.6%", "9.4%"],
    },
}
NUMBER = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%|M\b|B\b)?")


def numbers(text: str) -> list[tuple[float, int, int]]:
    """Each number in a text as (value, decimals it is given to, significant digits): "83%" is (0.83, 2, 2),
    "41.9M" is (41.9e6, -5, 3)."""
    found = []
    for whole, fraction, unit in NUMBER.findall(text):
        digits = (whole.replace(",", "") + fraction[1:]).lstrip("0")
        shift = {"%": -2, "M": 6, "B": 9}.get(unit, 0)
        value = float(whole.replace(",", "") + fraction) * 10.0**shift
        found.append((value, (len(fraction) - 1 if fraction else 0) - shift, len(digits)))
    return found


def figure_text(name: str) -> str:
    figure = figures.build(name)
    return " ".join(t.text or "" for t in svg_of(name).iter()) + " " + figure.caption


@pytest.mark.parametrize("name", sorted(NOT_SHOWN))
def test_figure_shows_no_number_of_a_question_it_once_copied(bank: LoadedBank, name: str) -> None:
    questions = {q.id: q for q in bank.questions_for(PAGES[name])}
    shown = numbers(figure_text(name))
    for question_id, forbidden in NOT_SHOWN[name].items():
        question = questions[question_id]
        text = " ".join([question.stem, *(o.text + " " + o.explanation for o in question.options)])
        for token in forbidden:
            (number,) = numbers(token)
            assert number in numbers(text), f"{question_id} does not say {token}"
            # The figure shows it when one of its numbers of two or more digits is the question's value rounded as
            # the figure rounds (0.67 for 0.667); a one-digit number (the 7 of "7B", an axis tick) says too little.
            value = number[0]
            clash = [n for n in shown if n[2] >= 2 and round(value, n[1]) == pytest.approx(n[0], rel=1e-9)]
            assert not clash, f"{name} shows {token} from {question_id}: {clash}"


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
def figure_pages() -> list[str]:
    """The served address of every page that shows a figure, overviews and lesson pages alike."""
    return sorted({page_url(page) for pages in placements().values() for page in pages})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_figures_render_in_both_palettes_with_theme_colours(
    browser: Browser, served_site: str, figure_pages: list[str], scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console = Console()
    console.attach(page)
    seen: dict[str, list[str]] = {}
    try:
        for address in figure_pages:
            page.goto(f"{served_site}{address}")
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
        page.goto(f"{served_site}topics/parallelism/data-parallel/")
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
    # Two topics' overviews and lessons, as the offline copy names them (page files, topics/<topic>/<lesson>.html).
    shown: dict[Path, list[str]] = {}
    for name, (where,) in placements().items():
        if PAGES[name] in ("parallelism", "peft"):
            shown.setdefault(where.relative_to(ROOT / "docs").with_suffix(".html"), []).append(name)
    assert any(path.name != "index.html" for path in shown), "a lesson page is among them"
    for path, names in sorted(shown.items()):
        page.goto((unzipped / path).as_uri())
        for name in names:
            svg = page.locator(f"#fig-{name} svg")
            expect(svg).to_be_visible()
            fill = svg.locator(".fig-box-1, .fig-box-0, .fig-solid-1").first.evaluate("e => getComputedStyle(e).fill")
            assert fill != "none", f"{name}: figures.css did not load from disk"
    assert requests.seen and requests.refused == []


# ---------------------------------------------------------------- on a phone and on a wide screen


def text_report(page: Page) -> list[dict[str, object]]:
    """Every figure on the page: its box, the box of the page's content column, and each label's rendered font size
    (its computed size times the SVG's scale on screen, getScreenCTM) and box (getBoundingClientRect)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('figure[data-figure]')].map(figure => {
          const svg = figure.querySelector('svg');
          const column = figure.closest('.md-content__inner, .md-typeset');
          const box = r => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width });
          const texts = [...svg.querySelectorAll('text')].map(t => {
            const m = t.getScreenCTM();
            const scale = Math.hypot(m.a, m.b);
            return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
              box: box(t.getBoundingClientRect()) };
          });
          return { name: figure.dataset.figure, svg: box(svg.getBoundingClientRect()),
            column: box(column.getBoundingClientRect()), texts,
            scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth };
        })"""
    )


def test_figure_labels_are_readable_on_a_phone_and_nothing_overflows_on_a_wide_screen(
    browser: Browser, served_site: str, figure_pages: list[str]
) -> None:
    """At 375 px every label of every figure renders at 11 CSS px or more (no zoom needed); at 375 and 1280 px each
    figure and each of its labels stays inside the content column (the SVG draws outside its box when a label runs
    over: `overflow: visible`) and the page never scrolls sideways."""
    smallest: dict[str, tuple[float, str]] = {}
    problems: list[str] = []
    for width in (375, 1280):
        context = browser.new_context(viewport={"width": width, "height": 800}, reduced_motion="reduce")
        page = context.new_page()
        seen = set()
        try:
            for address in figure_pages:
                page.goto(f"{served_site}{address}")
                for figure in text_report(page):
                    name = str(figure["name"])
                    seen.add(name)
                    svg, column = figure["svg"], figure["column"]
                    if figure["scrolls"]:
                        problems.append(f"{address} at {width} px scrolls sideways")
                    if svg["left"] < column["left"] - 0.5 or svg["right"] > column["right"] + 0.5:
                        problems.append(f"{name} at {width} px is wider than the content column")
                    for text in figure["texts"]:
                        label, where = text["text"], text["box"]
                        if where["left"] < svg["left"] - 1 or where["right"] > svg["right"] + 1:
                            problems.append(f"{name} at {width} px: “{label}” runs outside the figure")
                        if width == 375:
                            smallest[name] = min(smallest.get(name, (99.0, "")), (round(text["px"], 2), label))
        finally:
            context.close()
        assert seen == set(PAGES)
    problems += [
        f"{name} at 375 px: “{label}” is {px} px" for name, (px, label) in smallest.items() if px < PHONE_MIN_PX
    ]
    print("smallest label at 375 px:", min(smallest.values()))
    assert not problems, "\n".join(problems)


# Numbers a figure shares with a question by coincidence, with what each is in the figure and in the question.
COINCIDENCES = {
    "confusion-matrix": {
        0.7: "the figure's precision 63/90; a pass@k option in the metrics lesson",
        0.97: "the figure's accuracy 966/1,000; one class's F1 in a distractor of the micro/macro question",
    },
    "soft-targets": {0.24: "the figure's dog class at T = 4; another toy vocabulary's T = 2 softmax"},
    "ab-sample": {10.0: "the axis tick 10k; a count of golden-set items"},
    "parallel-layout": {13.0: "the label of GPU 13; a 13B model"},
    "fp8-scaling": {112.0: "the scale 448/2.0/2 with a margin of 1; 7B parameters × 16 bytes in GB"},
    "speculative": {0.95: "the axis's top acceptance rate; 95% of requests under 96 tokens in a padding stem"},
    "memory-parts": {25.0: "the figure's 25M adapter parameters; profiler steps 25 to 27 in a distractor"},
}


@pytest.mark.parametrize("name", figures.names())
def test_figure_shows_no_question_number_its_notes_do_not_state(bank: LoadedBank, name: str) -> None:
    """A figure may draw the numbers its topic's notes state (its own worked example); a number of two or more
    digits that only a question states (a given or a worked answer) would hand the learner that question's key. A
    lesson's figure is checked against that lesson's questions, an overview's against every question of the topic."""
    (page,) = placements()[name]
    notes = {round(value, 9) for value, _, _ in numbers(page_text(PAGES[name]))}
    allowed = {round(value, 9) for value in COINCIDENCES.get(name, {})}
    questions = [q for q in bank.questions_for(PAGES[name]) if page.name in ("index.md", f"{q.lesson}.md")]
    assert questions
    for question in questions:
        text = " ".join([question.stem, *(o.text + " " + o.explanation for o in question.options)])
        for value, decimals, digits in numbers(figure_text(name)):
            # Round numbers (50%, 30%, 100) say too little; 4.127 or 192 say which case a question works.
            significant = len(f"{value:.9g}".replace(".", "").replace("e", "").lstrip("0-").rstrip("0"))
            if digits < 2 or significant < 2 or round(value, 9) in notes | allowed:
                continue
            clash = [v for v, _, _ in numbers(text) if round(v, decimals) == pytest.approx(value, rel=1e-9)]
            assert not clash, f"{name} shows {value}, which {question.id} states and the notes do not"

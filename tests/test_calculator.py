"""The GPU memory calculator page in a real browser: linked cases, the form, bad input, accessibility in both
palettes, a phone's width, no JavaScript, and the offline copy from file:// with no request.

The arithmetic itself is tested under Node (tests/js/calculator.test.js); here the page must show what it computes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import Console, Requests
from tests.test_accessibility import violations

ZERO_EXAMPLE = "params=7.5B&gpus=64&zero=1"
SHAPE = "layers=32&hidden=4096&heads=32&seq=2048&batch=1"


@pytest.fixture(scope="module")
def axe_source() -> str:
    from tests.test_accessibility import AXE

    return AXE.read_text(encoding="utf-8")


def parts(page: Page) -> dict[str, int]:
    return page.locator("[data-calc-part]").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.calcPart, Number(e.dataset.bytes)]))"
    )


def total(page: Page) -> int:
    return int(page.locator("[data-calc-total]").get_attribute("data-bytes") or "-1")


def open_case(page: Page, site: str, query: str) -> None:
    page.goto(f"{site}calculator/?{query}")
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-ready", "")


def test_a_linked_case_shows_its_parts_and_total(page: Page, served_site: str) -> None:
    # The ZeRO paper's example at stage 1: 2Ψ + 2Ψ + 12Ψ/N with Ψ = 7.5B, N = 64.
    open_case(page, served_site, ZERO_EXAMPLE)
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-state", "ok")
    assert parts(page) == {
        "weights": 15_000_000_000,
        "gradients": 15_000_000_000,
        "optimizer": 1_406_250_000,
        "activations": 0,
    }
    assert total(page) == 31_406_250_000
    expect(page.locator("[data-calc-total]")).to_contain_text("31.4 GB (29.2 GiB)")
    expect(page.locator("[data-calc-part=optimizer]")).to_contain_text("12 bytes × 7.5B parameters ÷ 64 GPUs")
    expect(page.locator("[data-calc-part=activations]")).to_contain_text("not counted")
    # The form shows the case it computed.
    expect(page.locator("#calc-params")).to_have_value("7.5B")
    expect(page.locator("#calc-gpus")).to_have_value("64")
    expect(page.locator("#calc-zero-1")).to_be_checked()
    expect(page.locator("[data-calc-link]")).to_have_attribute("href", f"?{ZERO_EXAMPLE}")


def test_a_linked_qlora_case_with_activations_and_checkpointing(page: Page, served_site: str) -> None:
    open_case(page, served_site, f"params=7B&method=qlora&trainable=14M&optimizer=adamw8bit&{SHAPE}&checkpointing=1")
    layer = 2048 * 4096 * (34 + 5 * 32 * 2048 // 4096)
    expected = {
        "weights": round(7e9 * (4 + 8 / 64 + 32 / (64 * 256)) / 8 + 2 * 14e6),
        "gradients": 28_000_000,
        "optimizer": 6 * 14_000_000,
        "activations": 2 * 2048 * 4096 * 32 + layer,
    }
    assert parts(page) == expected
    assert abs(total(page) - sum(expected.values())) <= 1
    expect(page.locator("#calc-method-qlora")).to_be_checked()
    expect(page.locator("#calc-checkpointing")).to_be_checked()
    # Each part links the lessons and questions that teach it, with the addresses MkDocs wrote for this copy.
    links = page.locator("[data-calc-part=activations] .calc-part__learn a")
    source = page.locator("[data-calc-learn=activations] a")
    expect(links).to_have_count(source.count())
    assert links.first.get_attribute("href") == source.first.get_attribute("href")
    assert re.search(r"/topics/memory/#key-concepts$", links.first.get_attribute("href") or "")


def test_editing_the_form_updates_the_result_and_the_address(page: Page, served_site: str) -> None:
    open_case(page, served_site, ZERO_EXAMPLE)
    page.locator("#calc-zero-3").check()
    assert total(page) == 120_000_000_000 // 64
    expect(page.locator("[data-calc-total]")).to_contain_text("1.9 GB")
    page.locator("#calc-method-lora").check()
    expect(page.locator("[data-calc-error=trainable]")).to_contain_text("missing")
    page.locator("#calc-trainable").fill("14M")
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-state", "ok")
    assert parts(page)["gradients"] == round(2 * 14e6 / 64)
    assert page.evaluate("location.search") == "?params=7.5B&method=lora&trainable=14M&gpus=64&zero=3"
    # The address now holds the case: reloading shows the same numbers.
    before = parts(page)
    page.reload()
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-ready", "")
    assert parts(page) == before


def test_a_preset_and_the_lora_counter_fill_the_form(page: Page, served_site: str) -> None:
    open_case(page, served_site, "params=7B")
    page.locator("[data-calc-preset]").select_option("llama-2-7b")
    expect(page.locator("#calc-params")).to_have_value("6.7B")  # readable, not 6738415616
    expect(page.locator("#calc-layers")).to_have_value("32")
    assert parts(page)["activations"] == 32 * 2048 * 4096 * (34 + 80)
    page.locator("#calc-method-lora").check()
    page.locator("[data-calc-lora] summary").click()
    for module in ("k", "o", "gate", "up", "down"):
        page.locator(f"[data-calc-lora-target={module}]").uncheck()
    expect(page.locator("[data-calc-lora-count]")).to_contain_text("8,388,608")  # the PEFT page's example
    page.locator("[data-calc-lora-use]").click()
    expect(page.locator("#calc-trainable")).to_have_value("8388608")
    assert parts(page)["gradients"] == 2 * 8_388_608


def test_bad_input_is_named_and_nothing_is_calculated(page: Page, served_site: str) -> None:
    open_case(page, served_site, "params=seven&zero=9&method=lora&trainable=1M&colour=red")
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-state", "invalid")
    expect(page.locator("[data-calc-error=params]")).to_contain_text("“seven” is not a number of parameters")
    expect(page.locator("[data-calc-error=zero]")).to_contain_text("“9” is not a ZeRO stage")
    expect(page.locator("[data-calc-warning=colour]")).to_contain_text("“colour”")
    expect(page.locator("[data-calc-part]")).to_have_count(0)
    expect(page.locator("[data-calc-total]")).to_have_count(0)
    params = page.locator("#calc-params")
    expect(params).to_have_value("seven")  # shown as given, never replaced
    expect(params).to_have_attribute("aria-invalid", "true")
    assert "calc-error-params" in (params.get_attribute("aria-describedby") or "")
    assert page.locator("[data-calc-input=zero]:checked").count() == 0
    # Fixing both makes the result appear.
    params.fill("7B")
    page.locator("#calc-zero-0").check()
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-state", "ok")
    assert total(page) == 14_000_000_000 + 16 * 1_000_000
    expect(params).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations_in_the_calculator(
    browser: Browser, served_site: str, axe_source: str, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        report: dict[str, list[str]] = {}
        for query in (ZERO_EXAMPLE, f"params=7B&method=lora&trainable=14M&{SHAPE}", "params=x&zero=5&foo=1"):
            open_case(page, served_site, query)
            expected = "slate" if scheme == "dark" else "default"
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)
            lora = page.locator("[data-calc-lora] summary")
            if lora.is_visible():
                lora.click()  # the LoRA counter open, so axe sees its fields too
            if found := violations(page, axe_source):
                report[query] = found
        assert report == {}
    finally:
        context.close()


def test_usable_at_375_px(browser: Browser, served_site: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    try:
        open_case(page, served_site, f"params=7B&method=lora&trainable=14M&{SHAPE}&checkpointing=1")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"page is {overflow}px wider than a 375px screen"
        box = page.locator("[data-calc-bar]").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    finally:
        context.close()


def test_without_javascript_the_page_says_what_it_is_and_shows_the_formulas(browser: Browser, served_site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{served_site}calculator/?{ZERO_EXAMPLE}")
        expect(page.locator("h1")).to_have_text(re.compile("GPU memory calculator"))
        expect(page.locator("[data-calc]")).to_contain_text("needs JavaScript")
        table = page.locator("article table").first
        expect(table).to_contain_text("2Ψ + 2Ψt")
        expect(table).to_contain_text("L·s·b·h·(34 + 5·a·s/h)")
        expect(page.locator("article")).to_contain_text("16 bytes per parameter")
    finally:
        context.close()


@pytest.fixture
def offline(browser: Browser) -> Iterator[tuple[Page, Requests, Console]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = Requests(("file:", "data:", "blob:"))
    requests.attach(context)
    page = context.new_page()
    console = Console()
    console.attach(page)
    yield page, requests, console
    context.close()


def test_the_offline_copy_runs_the_calculator_without_a_request(
    offline: tuple[Page, Requests, Console], unzipped: Path
) -> None:
    page, requests, console = offline
    page.goto((unzipped / "index.html").as_uri())
    page.locator(".md-nav__link", has_text="Memory calculator").first.click()
    expect(page).to_have_url(re.compile(r"/calculator\.html$"))
    expect(page.locator("[data-calc]")).to_have_attribute("data-calc-state", "ok")
    page.locator("article a", has_text="3").filter(has_text=re.compile(r"^3$")).click()  # the ZeRO example, stage 3
    expect(page).to_have_url(re.compile(r"/calculator\.html\?params=7\.5B&gpus=64&zero=3$"))
    expect(page.locator("[data-calc-total]")).to_have_attribute("data-bytes", str(120_000_000_000 // 64))
    page.locator("#calc-gpus").fill("8")
    expect(page.locator("[data-calc-total]")).to_have_attribute("data-bytes", str(120_000_000_000 // 8))
    page.locator("[data-calc-part=weights] .calc-part__learn a").first.click()
    expect(page).to_have_url(re.compile(r"/topics/memory/index\.html#key-concepts$"))
    assert requests.seen, "the guard saw no requests at all: it is not watching"
    assert requests.refused == []
    assert console.errors == []


def explanation_link(page: Page, question: str, letter: str) -> None:
    """Open one option's explanation by its address and follow the calculator link in it."""
    block = page.locator(f"#q-{question}")
    expect(block).to_have_attribute("data-quiz-ready", "")
    link = page.locator(f"#q-{question}-why-{letter} a", has_text="calculator")
    expect(link).to_be_visible()
    link.click()


def test_a_memory_question_links_its_case_in_the_calculator(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}topics/memory/model-states/#q-mem-adam-bytes-per-param-why-e")
    explanation_link(page, "mem-adam-bytes-per-param", "e")
    expect(page).to_have_url(f"{served_site}calculator/?params=7B")
    expect(page.locator("[data-calc-total]")).to_have_attribute("data-bytes", str(112_000_000_000))
    # The practice exam shows the same explanations from the question's content script, at another depth.
    page.goto(f"{served_site}practice/")
    href = page.evaluate(
        """() => new Promise((done) => window.llmGuide.bank.load(['par-zero-stage-memory'], () => {
          const q = window.llmGuide.bank.questions['par-zero-stage-memory'];
          const box = document.createElement('div');
          box.innerHTML = q.options.map(o => o.explanation).join('');
          done(new URL(box.querySelector('a[href*="calculator"]').getAttribute('href'), location.href).href);
        }))"""
    )
    assert href == f"{served_site}calculator/?params=7B&gpus=8&zero=2"


def test_a_memory_questions_calculator_link_works_from_the_offline_copy(
    offline: tuple[Page, Requests, Console], unzipped: Path
) -> None:
    page, requests, console = offline
    page.goto((unzipped / "topics/memory/model-states.html").as_uri() + "#q-mem-8bit-adam-savings-why-c")
    explanation_link(page, "mem-8bit-adam-savings", "c")
    expect(page).to_have_url(re.compile(r"/calculator\.html\?params=7B&optimizer=adamw8bit$"))
    expect(page.locator("[data-calc-total]")).to_have_attribute("data-bytes", str(70_000_000_000))
    assert requests.refused == [] and console.errors == []

"""Accessibility: axe-core on every page in both palettes, keyboard focus, narrow screens, zoom, user preferences."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import ROOT
from tests.test_browser import lesson_path

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
THEME_PARTIALS = Path(__import__("material").__file__).parent / "templates" / "partials"


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run scripts/test (it runs `npm ci`) to install it into node_modules/")
    return AXE.read_text(encoding="utf-8")


def site_pages(built_site: Path) -> list[str]:
    return sorted(
        "" if p.parent == built_site else p.parent.relative_to(built_site).as_posix() + "/"
        for p in built_site.rglob("index.html")
    )


def answer_everything(page: Page) -> None:
    """Put every question in a checked state (alternately right and wrong) and open every explanation, so axe sees
    verdict colours, marks and explanation bodies, not only the untouched page."""
    page.evaluate(
        """() => {
        document.querySelectorAll('[data-quiz-question][data-quiz-ready]').forEach((q, n) => {
          const key = JSON.parse(q.getAttribute('data-quiz-key'));
          const inputs = [...q.querySelectorAll('[data-quiz-input]')];
          const pick = n % 2 ? inputs.map((_, i) => i).filter(i => !key.includes(i)).slice(0, key.length) : key;
          pick.forEach(i => inputs[i].click());
          q.querySelector('[data-quiz-check]').click();
          q.querySelectorAll('details').forEach(d => { d.open = true; });
        });
      }"""
    )


def answer_any(question: Locator) -> None:
    """Tick as many options as the question asks for (its first N), so Check grades it."""
    for index in range(int(question.get_attribute("data-quiz-select") or 1)):
        question.locator("[data-quiz-input]").nth(index).check()


def violations(page: Page, axe_source: str) -> list[str]:
    page.add_script_tag(content=axe_source)
    found = page.evaluate(
        """() => axe.run(document).then(r => r.violations.map(v =>
          `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`))"""
    )
    return list(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations_on_any_page(
    browser: Browser, served_site: str, built_site: Path, axe_source: str, scheme: str
) -> None:
    # Reduced motion makes colour transitions instant, so axe never measures a button halfway through one.
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        report: dict[str, list[str]] = {}
        for path in site_pages(built_site):
            page.goto(f"{served_site}{path}")
            expected = "slate" if scheme == "dark" else "default"
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)
            answer_everything(page)
            if found := violations(page, axe_source):
                report[path or "/"] = found
        assert report == {}
    finally:
        context.close()


def test_search_override_differs_from_the_theme_only_by_its_name() -> None:
    ours = (ROOT / "overrides/partials/search.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    theirs = (THEME_PARTIALS / "search.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    assert ours.replace(" aria-label=\"{{ lang.t('search') }}\"", "", 1) == theirs, (
        "Material's search partial changed: copy it again into overrides/partials/search.html and re-add aria-label"
    )


def test_storage_override_keeps_the_theme_helpers() -> None:
    theirs = (THEME_PARTIALS / "javascripts/base.html").read_text(encoding="utf-8")
    ours = (ROOT / "overrides/partials/javascripts/base.html").read_text(encoding="utf-8")
    for name in ("__md_scope", "__md_hash", "__md_get", "__md_set"):
        assert f"{name}=" in theirs, f"Material renamed {name}: update overrides/partials/javascripts/base.html"
        assert f"{name}=" in ours


def focus_ring(page: Page) -> dict[str, str]:
    return page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return {style: s.outlineStyle, width: s.outlineWidth}; })()"
    )


def test_keyboard_focus_is_visible_on_quiz_controls(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}{lesson_path('peft')}")
    first_input = page.locator("[data-quiz-input]").first
    first_input.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # a keyboard-initiated focus, so :focus-visible applies
    ring = focus_ring(page)
    assert ring["style"] != "none" and ring["width"] != "0px", ring
    page.keyboard.press("Space")
    while not page.evaluate("document.activeElement.matches('[data-quiz-check]')"):
        page.keyboard.press("Tab")
    ring = focus_ring(page)
    assert ring["style"] != "none" and ring["width"] != "0px", ring


@pytest.fixture
def narrow_page(browser: Browser) -> Iterator[Page]:
    # 320 CSS px is the WCAG reflow width; 640 px at 200% zoom lays out the same way.
    context = browser.new_context(viewport={"width": 320, "height": 640}, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize(
    "path", ["", "topics/memory/", lesson_path("memory"), lesson_path("parallelism"), "q/", "practice/", "progress/"]
)
def test_usable_at_320_px_without_horizontal_scrolling(narrow_page: Page, served_site: str, path: str) -> None:
    narrow_page.goto(f"{served_site}{path}")
    overflow = narrow_page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"page is {overflow}px wider than a 320px screen"
    if path.count("/") == 3:  # a lesson page: answer a question there too
        question = narrow_page.locator("[data-quiz-question]").first
        answer_any(question)
        question.locator("[data-quiz-check]").click()
        expect(question.locator("[data-quiz-result]")).to_have_text(re.compile(r"^(Correct|Incorrect)"))
        box = question.locator("[data-quiz-check], [data-quiz-retry]").filter(has_text="Try again").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320


def test_zoom_200_percent_reflows(page: Page, served_site: str) -> None:
    page.set_viewport_size({"width": 640, "height": 800})
    page.goto(f"{served_site}{lesson_path('evaluation')}")
    page.evaluate("document.documentElement.style.zoom = '2'")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0


def test_reduced_motion_turns_transitions_off(browser: Browser, served_site: str) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")
        duration = page.evaluate("getComputedStyle(document.querySelector('.md-typeset a')).transitionDuration")
        assert all(float(part.rstrip("ms")) < 0.001 or part.endswith("ms") for part in duration.split(", "))
        assert all(float(part[:-2]) <= 0.01 for part in duration.split(", ") if part.endswith("ms")), duration
    finally:
        context.close()


def test_forced_colors_keep_verdicts_distinguishable(browser: Browser, served_site: str, axe_source: str) -> None:
    context = browser.new_context(forced_colors="active")
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")
        question = page.locator("[data-quiz-question]").first
        answer_any(question)
        question.locator("[data-quiz-check]").click()
        marks = question.locator("[data-quiz-mark]:not(:empty)")
        expect(marks.first).to_be_visible()
        # In forced colours the border colour is gone, so the verdict must be in text.
        assert re.search(r"(Your choice|Correct answer)", marks.first.inner_text())
        style = page.evaluate("getComputedStyle(document.querySelector('[data-quiz-status]')).borderLeftStyle")
        assert style != "none"
    finally:
        context.close()


def exam_states(page: Page, site: str) -> Iterator[str]:
    """Walk the practice exam, review and link builder through the states a learner sees, yielding each state's name
    once it is on screen: axe then checks what is actually shown, not only the empty set-up form."""
    page.goto(f"{site}practice/?topics=peft,memory&n=4&seed=5")
    yield "exam set-up"
    page.locator("[data-exam-start]").click()
    page.locator("[data-exam-input]").first.check()
    page.locator("[data-exam-confidence-input='sure']").check()
    page.locator("[data-exam-flag]").click()
    page.locator("[data-exam-next]").click()
    page.locator("[data-exam-input]").first.focus()  # a focused control, so focus styles are measured too
    yield "exam running, answered and flagged"
    page.locator("[data-exam-submit]").click()
    yield "submit warning"
    page.locator("[data-exam-confirm-submit]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "results")
    yield "exam results"
    page.goto(f"{site}review/")
    card = page.locator("[data-review-card]")
    if card.count():
        yield "review card"
        card.locator("[data-review-input]").first.check()
        card.locator("[data-review-check]").click()
        yield "review answered"
    page.goto(f"{site}instructors/")
    page.locator("[data-instructors-mode='ids']").check()
    page.locator("details.links-form__topic").first.locator("summary").click()
    page.locator("[data-instructors-pick]").first.check()
    yield "link builder"
    first = page.evaluate("Object.keys(window.llmGuide.bank.questions)[0]")
    page.goto(f"{site}q/#{first}")
    expect(page.locator(f"#q-{first}")).to_have_attribute("data-quiz-arrived", "")
    yield "lesson page reached by a question's permanent link"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_reports_no_violations_in_exam_and_review_states(
    browser: Browser, served_site: str, axe_source: str, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        report: dict[str, list[str]] = {}
        for state in exam_states(page, served_site):
            if found := violations(page, axe_source):
                report[state] = found
        assert report == {}
    finally:
        context.close()

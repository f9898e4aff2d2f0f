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
# IBM's Equal Access engine, a second opinion with rules of its own (labels, landmarks, groups), pinned in package.json.
ACE = ROOT / "node_modules" / "accessibility-checker-engine" / "ace.js"
THEME_PARTIALS = Path(__import__("material").__file__).parent / "templates" / "partials"


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run scripts/test (it runs `npm ci`) to install it into node_modules/")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ace_source() -> str:
    if not ACE.is_file():
        pytest.fail("accessibility-checker-engine is missing: run scripts/test (it runs `npm ci`) to install it")
    return ACE.read_text(encoding="utf-8")


def inject_checker(page: Page, source: str, name: str) -> None:
    """Load a checker's script into the page as a file of the page's own origin: the published pages' Content-Security-
    Policy refuses inline scripts it has no hash for (as it should), and a checker is not one of the guide's. The
    offline copy, opened from disk, has no policy, and no origin to route."""
    if not page.url.startswith("http"):
        page.add_script_tag(content=source)
        return
    url = f"{page.url.split('/', 3)[0]}//{page.url.split('/', 3)[2]}/__checkers__/{name}.js"
    page.unroute(url)  # one handler however many pages this page object checks
    page.route(url, lambda route: route.fulfill(body=source, content_type="text/javascript"))
    page.add_script_tag(url=url)


def ibm_violations(page: Page, ace_source: str) -> list[str]:
    """IBM's checker on the guide's own content (.md-content) as shown, every <details> in it open (a closed one hides
    its labels and legends, which the engine then reports as missing). Material's header, navigation and footer (its
    checkbox toggles: about 120 findings a page) are Material's to fix, and checking only the content keeps each page
    to a few seconds."""
    page.evaluate("document.querySelectorAll('.md-content details').forEach(d => { d.open = true; })")
    inject_checker(page, ace_source, "ace")
    found = page.evaluate(
        """async () => {
        const report = await new ace.Checker().check(document.querySelector('.md-content'), ['IBM_Accessibility']);
        return report.results.filter(r => r.value[0] === 'VIOLATION' && r.value[1] === 'FAIL')
          .map(r => `${r.ruleId}: ${r.path.dom} ${r.message}`);
      }"""
    )
    return list(found)


# IBM's engine takes seconds a page and the guide has over a hundred, most of them lessons built from the same
# templates: it checks one page of each kind, in both palettes (axe still checks every page).
IBM_PAGES = (
    "",
    "exam/",
    "topics/peft/",
    "topics/peft/lora-basics/",
    "topics/architecture/embeddings/",
    "practice/",
    "review/",
    "instructors/",
    "calculator/",
    "progress/",
    "download/",
    "q/",
    "about/",
)


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
    inject_checker(page, axe_source, "axe")
    found = page.evaluate(
        """() => axe.run(document).then(r => r.violations.map(v =>
          `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`))"""
    )
    return list(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_and_ibms_checker_report_no_violations_on_any_page(
    browser: Browser, served_site: str, built_site: Path, axe_source: str, ace_source: str, scheme: str
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
            if path in IBM_PAGES and (found := ibm_violations(page, ace_source)):
                report[f"{path or '/'} (IBM)"] = found
        assert report == {}
        assert set(IBM_PAGES) <= set(site_pages(built_site)), "a page IBM's checker was to read is gone"
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
def test_axe_and_ibms_checker_report_no_violations_in_exam_and_review_states(
    browser: Browser, served_site: str, axe_source: str, ace_source: str, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        report: dict[str, list[str]] = {}
        for state in exam_states(page, served_site):
            if found := violations(page, axe_source):
                report[state] = found
            if found := ibm_violations(page, ace_source):
                report[f"{state} (IBM)"] = found
        assert report == {}
    finally:
        context.close()


# ---------- found by another engine than axe (issue 30) ----------


def test_every_questions_choices_are_a_group_named_by_its_question(page: Page, served_site: str) -> None:
    # Not ten groups all named "Choose one.": each is named by its question's heading, on a lesson page and in the exam.
    page.goto(f"{served_site}{lesson_path('peft')}")
    groups = page.locator("[data-quiz-question] fieldset")
    assert groups.count() > 1
    for n in range(groups.count()):
        expect(groups.nth(n)).to_have_accessible_name(re.compile(rf"^Question {n + 1}: \S"))
    page.goto(f"{served_site}practice/?topics=peft&n=2&seed=1&timer=0")
    page.locator("[data-exam-start]").click()
    expect(page.locator("[data-exam-question] fieldset.exam-q__options")).to_have_accessible_name(
        re.compile(r"^Question 1 of 2 Choose")
    )


def test_materials_navigation_toggles_are_named(page: Page, served_site: str) -> None:
    # Material issue #4804: with navigation.indexes a section's toggle is a keyboard stop (a <label tabindex="0">) with
    # only an icon inside, and it names its section's <nav> too. Each is named by its section.
    page.goto(f"{served_site}{lesson_path('peft')}")
    toggles = page.locator(".md-sidebar--primary label.md-nav__link[tabindex='0']")
    assert toggles.count() > 3
    for n in range(toggles.count()):
        toggle = toggles.nth(n)
        section = toggle.locator("xpath=ancestor::li[contains(@class, 'md-nav__item--nested')][1]")
        name = " ".join((toggle.text_content() or "").split())
        assert name, f"toggle {toggle.get_attribute('for')} has no name"
        # An icon-only toggle (beside its section's own page) says the section's title, which also names its <nav>.
        container = section.locator(":scope > .md-nav__container .md-ellipsis")
        if container.count():
            assert name == container.first.inner_text().strip()
        if page.locator(f"[id='{toggle.get_attribute('for')}']").is_checked():  # a closed section's nav is hidden
            expect(section.locator(":scope > nav")).to_have_accessible_name(name)


def focused_in(page: Page, selector: str) -> bool:
    return bool(page.evaluate(f"!!document.activeElement && !!document.activeElement.closest({selector!r})"))


def test_the_closed_drawer_is_out_of_the_tab_order_at_375_px(browser: Browser, served_site: str) -> None:
    # On a phone Material's navigation is an off-screen drawer: closed, its links must not take Tab (a keyboard user
    # zoomed in saw focus vanish for about 60 presses); open, they must.
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")
        expect(page.locator("[data-quiz-question][data-quiz-ready]").first).to_be_attached()
        for _ in range(15):
            page.keyboard.press("Tab")
            assert not focused_in(page, ".md-sidebar--primary"), "Tab reached the closed drawer"
            if focused_in(page, ".md-content"):
                break
        assert focused_in(page, ".md-content"), "fifteen presses of Tab did not reach the page's content"
        page.locator("label.md-header__button[for='__drawer']").click()
        for _ in range(10):
            page.keyboard.press("Tab")
            if focused_in(page, ".md-sidebar--primary"):
                break
        assert focused_in(page, ".md-sidebar--primary"), "the open drawer's links are not in the tab order"
    finally:
        context.close()


def test_print_colours_come_from_the_sites_tokens_and_one_visually_hidden_rule() -> None:
    # The print stylesheet writes no colour of its own (the palettes and printing from the dark one change the
    # tokens), and the visually-hidden rule is written once, in site.css.
    assets = ROOT / "docs" / "assets"
    assert not re.findall(r"#[0-9a-fA-F]{3,8}\b", (assets / "print.css").read_text(encoding="utf-8"))
    own = [p for p in assets.rglob("*.css") if "vendor" not in p.parts]
    hiding = [
        p.relative_to(assets).as_posix() for p in own for _ in re.findall(r"clip-path:\s*inset\(50%\)", p.read_text())
    ]
    assert hiding == ["site.css"], hiding

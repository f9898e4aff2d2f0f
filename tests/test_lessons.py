"""Studying on a phone (issue 16): lessons one sitting long, answers hidden until the quiz is ready, one question after
another, a first screen that says where to start, and sticky bars that never cover what has focus."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from guide.bank.validate import LoadedBank
from tests.browser import Console
from tests.test_browser import choose, lesson_path, lesson_questions, open_topic, page_of, question, wrong_answer
from tests.test_topic_pages import UNCOVERED

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 900}


@pytest.fixture(params=[PHONE, LAPTOP], ids=["phone", "laptop"])
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    phone = request.param == PHONE
    context = browser.new_context(viewport=request.param, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    console = Console()
    console.attach(page)
    yield page
    context.close()
    assert console.errors == [], console.errors


def test_a_lesson_page_holds_at_most_twelve_interactive_questions(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    for topic in bank.topics[:3]:
        for lesson in topic.lessons:
            page.goto(f"{served_site}{lesson_path(topic.id, lesson.id)}")
            ready = page.locator("[data-quiz-question][data-quiz-ready]")
            expect(ready).to_have_count(len(bank.questions_in(topic.id, lesson.id)))
            assert ready.count() <= 12


def test_with_the_scripts_held_back_no_verdict_or_explanation_shows(browser: Browser, served_site: str) -> None:
    # quiz.js is held in flight: the page is parsed and painted, but the quiz has not mounted.
    context = browser.new_context(viewport=PHONE)
    held: list[Route] = []
    context.route(re.compile(r".*/assets/quiz/quiz\.js(\?.*)?$"), lambda route: held.append(route))
    page = context.new_page()
    try:
        # The page's scripts come after its content: parsing stops at the held script, with every question parsed.
        # Waiting for the request itself: the last question parsed so far can be attached before the parser reaches
        # the script.
        with page.expect_request(re.compile(r".*/assets/quiz/quiz\.js(\?.*)?$")):
            page.goto(f"{served_site}{lesson_path('peft')}", wait_until="commit")
        expect(page.locator("[data-quiz-question]").last).to_be_attached()
        assert held, "the quiz script was never requested"
        explanations = page.locator("[data-quiz-explanations]")
        for index in range(explanations.count()):
            expect(explanations.nth(index)).to_be_hidden()
        expect(page.locator("[data-quiz-verdict]").first).to_be_hidden()
        held[0].continue_()
        expect(page.locator("[data-quiz-question][data-quiz-ready]").first).to_be_attached()
    finally:
        context.close()


def test_when_the_scripts_fail_the_explanations_become_readable(browser: Browser, served_site: str) -> None:
    context = browser.new_context(viewport=PHONE)
    context.route(re.compile(r".*/assets/quiz/quiz\.js(\?.*)?$"), lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")  # waits for "load", when the fallback runs
        expect(page.locator("html")).not_to_have_attribute("data-guide-pending", "")
        first = page.locator("[data-quiz-question]").first
        expect(first.locator("[data-quiz-explanations]")).to_be_visible()
        expect(first.locator("[data-quiz-verdict]").first).to_be_visible()
    finally:
        context.close()


def test_without_javascript_everything_shows(browser: Browser, served_site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")
        expect(page.locator("[data-quiz-explanations]").first).to_be_visible()
        expect(page.locator(".quiz__howto")).to_be_hidden()  # it speaks of a Check button there is not
        expect(page.locator(".quiz__tools")).to_be_hidden()
    finally:
        context.close()


def test_next_question_moves_focus_to_the_following_question_uncovered(
    sized: Page, served_site: str, bank: LoadedBank
) -> None:
    questions = lesson_questions(bank, "memory")
    open_topic(sized, served_site, "memory")
    first, second = questions[0], questions[1]
    choose(sized, first, wrong_answer(first))
    question(sized, first).locator("[data-quiz-check]").click()
    following = question(sized, first).locator("[data-quiz-next-question]")
    expect(following).to_be_visible()
    following.click()
    heading = question(sized, second).locator(".quiz-q__title")
    expect(heading).to_be_focused()
    assert heading.evaluate(UNCOVERED), "the next question's heading is under a sticky bar"
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    assert top < sized.viewport_size["height"] / 3, f"the next question starts {top}px down, not at the top"  # type: ignore[index]


def test_the_last_question_offers_its_results_then_the_next_lesson(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    topic = bank.topic("memory")
    questions = lesson_questions(bank, "memory")
    open_topic(page, served_site, "memory")
    last = questions[-1]
    choose(page, last, last.key)
    question(page, last).locator("[data-quiz-check]").click()
    results = question(page, last).locator("[data-quiz-to-summary]")
    expect(results).to_have_text("Your results")
    expect(question(page, last).locator("[data-quiz-next-lesson], [data-quiz-after]")).to_have_count(0)
    results.click()
    summary = page.locator("[data-quiz-summary]")
    expect(summary).to_be_focused()
    # The learner's results come first, the next lesson after them.
    link = summary.locator("[data-quiz-next-lesson]")
    expect(link).to_have_text(f"Next: {topic.lessons[1].title}")
    head = summary.locator(".quiz__summary-head").bounding_box()
    box = link.bounding_box()
    assert head is not None and box is not None and head["y"] < box["y"]
    link.click()
    expect(page).to_have_url(re.compile(f"{lesson_path('memory', topic.lessons[1].id)}$"))


@pytest.mark.parametrize("multi", [False, True], ids=["choose-one", "choose-two"])
def test_nothing_moves_under_the_finger_on_check(sized: Page, served_site: str, bank: LoadedBank, multi: bool) -> None:
    topic = "memory"
    q = next(q for q in lesson_questions(bank, topic) if (q.select > 1) == multi)
    open_topic(sized, served_site, topic)
    # Where a learner reads it: its heading just below the sticky bars (the page's scroll padding).
    question(sized, q).evaluate("a => a.scrollIntoView({ block: 'start' })")
    choose(sized, q, [i for i in range(len(q.options)) if i not in q.key][: q.select])
    check = question(sized, q).locator("[data-quiz-check]")
    bar = sized.locator(".quiz__scorebar")
    before = {"bar": bar.evaluate("b => b.getBoundingClientRect().height"), "button": check.bounding_box()}
    assert before["button"] is not None
    # A finger's tap where Check is: no scrolling it into view first, as Playwright's click would.
    x, y = before["button"]["x"] + before["button"]["width"] / 2, before["button"]["y"] + before["button"]["height"] / 2
    assert check.evaluate(f"b => document.elementFromPoint({x}, {y}) === b"), "Check is not where the finger is"
    sized.mouse.click(x, y)
    expect(question(sized, q)).to_have_attribute("data-quiz-checked", "incorrect")
    # The button that replaces Check takes its place: Next question, focused; Try again beside it.
    following = question(sized, q).locator("[data-quiz-next-question]")
    expect(following).to_be_focused()
    after = {"bar": bar.evaluate("b => b.getBoundingClientRect().height"), "button": following.bounding_box()}
    assert before["button"] is not None and after["button"] is not None
    assert after["bar"] == before["bar"], f"the score bar changed height: {before} -> {after}"
    moved = abs(after["button"]["y"] - before["button"]["y"]) + abs(after["button"]["x"] - before["button"]["x"])
    assert moved < 1, f"the button under the finger moved on Check: {before['button']} -> {after['button']}"


def test_on_a_phone_the_score_and_next_unanswered_stay_in_reach(
    browser: Browser, served_site: str, bank: LoadedBank
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_topic(page, served_site, "peft")
        last = lesson_questions(bank, "peft")[-1]
        question(page, last).scroll_into_view_if_needed()
        for selector in ("[data-quiz-score-short]", "[data-quiz-next]"):
            expect(page.locator(selector)).to_be_in_viewport()
        assert page.locator(".quiz__scorebar").evaluate("b => b.getBoundingClientRect().height") <= 60
    finally:
        context.close()


def test_touch_screens_get_no_hover_look(browser: Browser, served_site: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_topic(page, served_site, "peft")
        assert page.evaluate("matchMedia('(hover: hover)').matches") is False
        row = page.locator("[data-quiz-option]").first
        plain = row.evaluate("r => getComputedStyle(r).borderTopColor")
        row.hover()
        assert row.evaluate("r => getComputedStyle(r).borderTopColor") == plain
    finally:
        context.close()


def test_an_old_one_page_link_finds_the_question_in_its_lesson(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = bank.questions_for("alignment")[-1]
    page.goto(f"{served_site}topics/alignment/#q-{q.id}-why-b")
    expect(page).to_have_url(f"{served_site}{page_of(q)}#q-{q.id}-why-b")
    expect(page.locator(f"#q-{q.id}-why-b")).to_have_attribute("open", "")


def test_an_unknown_permanent_link_is_named(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}q/#no-such-question")
    expect(page.locator("[data-permalink-notice]")).to_be_visible()
    expect(page.locator("[data-permalink-notice]")).to_contain_text("no-such-question")


def test_the_home_page_first_screen_says_where_to_start(browser: Browser, served_site: str, bank: LoadedBank) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(served_site)
        start = page.locator("[data-start-lesson]")
        exam = page.locator("[data-start-exam]")
        expect(start).to_be_in_viewport(ratio=1)
        expect(exam).to_be_in_viewport(ratio=1)
        expect(start).to_have_attribute("href", re.compile(f"{lesson_path('peft')}$"))
        expect(page.locator("[data-start-review]")).to_be_hidden()  # no history yet
        # With history: continue where the learner left off, and Review names what is due.
        q = lesson_questions(bank, "memory")[0]
        open_topic(page, served_site, "memory")
        choose(page, q, wrong_answer(q))
        question(page, q).locator("[data-quiz-check]").click()
        page.goto(served_site)
        expect(start).to_have_text(re.compile(r"^Continue: "))
        expect(page.locator("[data-start-review]")).to_have_text("Review: 1 due")
        expect(page.locator("[data-start-review]")).to_be_in_viewport(ratio=1)
    finally:
        context.close()


def pages_of(built_site: Path) -> list[str]:
    skip = {"404.html"}
    return sorted(
        "" if p.parent == built_site else p.parent.relative_to(built_site).as_posix() + "/"
        for p in built_site.rglob("index.html")
        if p.name not in skip and "assets" not in p.parts
    )


def test_no_page_scrolls_sideways_at_320_px(browser: Browser, built_site: Path, served_site: str) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
    page = context.new_page()
    wide: dict[str, int] = {}
    try:
        for path in pages_of(built_site):
            page.goto(f"{served_site}{path}")
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                wide[path or "/"] = overflow
    finally:
        context.close()
    assert wide == {}


def test_keyboard_focus_in_the_table_of_contents_is_never_under_its_title(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    open_topic(page, served_site, "parallelism")
    toc = page.locator(".md-sidebar--secondary")
    links = toc.locator("a.md-nav__link")
    expect(links.last).to_be_attached()
    links.last.focus()
    problems = []
    for _ in range(links.count() - 1):
        page.keyboard.press("Shift+Tab")
        inside = page.evaluate("!!document.activeElement.closest('.md-sidebar--secondary')")
        if not inside:
            break
        if not page.evaluate(f"({UNCOVERED})(document.activeElement)"):
            problems.append(page.evaluate("document.activeElement.textContent.trim()"))
    assert problems == []


def test_the_table_of_contents_marks_the_question_under_the_sticky_bars(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    questions = lesson_questions(bank, "parallelism")
    open_topic(page, served_site, "parallelism")
    target = questions[4]
    # The question's top just below the header and the score bar: what the learner reads now.
    question(page, target).evaluate("a => a.scrollIntoView({ block: 'start' })")
    active = page.locator(".md-sidebar--secondary a.md-nav__link--active")
    expect(active).to_have_attribute("href", re.compile(f"#q-{target.id}$"))

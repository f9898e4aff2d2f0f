"""Layer 4: what a person does, in Debian's Chromium driven by Playwright, against the real built site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from guide.bank.models import Question
from guide.bank.validate import LoadedBank, load_bank
from tests.browser import CORRUPT_STORAGE, FULL_STORAGE, THROWING_STORAGE, Console

# The real bank, for paths: a topic's questions are interactive on its lessons' pages.
BANK = load_bank(Path(__file__).resolve().parent.parent / "data/questions.yaml")


def lesson_path(topic: str, lesson: str | None = None) -> str:
    """The site path of a lesson page (the topic's first lesson by default)."""
    return f"topics/{topic}/{lesson or BANK.topic(topic).lessons[0].id}/"


def page_of(q: Question) -> str:
    """The site path of the lesson page that holds `q`."""
    return lesson_path(q.topic, q.lesson)


def lesson_questions(bank: LoadedBank, topic: str) -> list[Question]:
    """The questions of a topic's first lesson, in page order: what `open_topic` shows."""
    return bank.questions_in(topic, bank.topic(topic).lessons[0].id)


def first(bank: LoadedBank, topic: str, select: int) -> Question:
    return next(q for q in lesson_questions(bank, topic) if q.select == select)


def question(page: Page, q: Question) -> Locator:
    return page.locator(f'[data-quiz-question="{q.id}"]')


def choose(page: Page, q: Question, indexes: list[int]) -> None:
    block = question(page, q)
    for index in indexes:
        block.locator(f'[data-quiz-option="{index}"] [data-quiz-input]').check()


def wrong_answer(q: Question) -> list[int]:
    wrong = [i for i, o in enumerate(q.options) if not o.correct]
    return wrong[: q.select]


def open_topic(page: Page, site: str, topic: str) -> None:
    """Open the topic's first lesson, where its first questions are interactive."""
    page.goto(f"{site}{lesson_path(topic)}")
    expect(page.locator("[data-quiz-question][data-quiz-ready]").first).to_be_attached()


def test_single_select_wrong_then_right(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    block = question(page, q)
    explanations = block.locator("[data-quiz-explanations]")
    expect(explanations).to_be_hidden()

    choose(page, q, wrong_answer(q))
    block.locator("[data-quiz-check]").click()
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Incorrect\."))
    expect(block).to_have_attribute("data-quiz-checked", "incorrect")
    expect(block.locator(f'[data-quiz-option="{wrong_answer(q)[0]}"]')).to_have_attribute("data-quiz-status", "wrong")
    expect(block.locator(f'[data-quiz-option="{q.key[0]}"]')).to_have_attribute("data-quiz-status", "missed")
    expect(explanations).to_be_visible()
    verdicts = explanations.locator("[data-quiz-verdict]")
    expect(verdicts).to_have_count(len(q.options))
    expect(verdicts.nth(q.key[0])).to_have_text("Correct")
    # The chosen and the correct explanations open by themselves; the others wait for a click.
    details = explanations.locator("details")
    for index in range(len(q.options)):
        opened = index in q.key or index in wrong_answer(q)
        expect(details.nth(index)).to_have_attribute("open", "") if opened else expect(
            details.nth(index)
        ).not_to_have_attribute("open", "")
    expect(details.nth(q.key[0]).locator("summary + p")).to_be_visible()

    block.locator("[data-quiz-retry]").click()
    expect(explanations).to_be_hidden()
    expect(block.locator("[data-quiz-input]:checked")).to_have_count(0)
    choose(page, q, q.key)
    block.locator("[data-quiz-check]").click()
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct\."))
    expect(block.locator(f'[data-quiz-option="{q.key[0]}"]')).to_have_attribute("data-quiz-status", "hit")


def test_multi_select_is_all_or_nothing(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 2)
    open_topic(page, served_site, "peft")
    block = question(page, q)
    expect(block.locator("legend")).to_have_text("Choose two.")
    wrong = next(i for i, o in enumerate(q.options) if not o.correct)
    choose(page, q, [q.key[0]])
    block.locator("[data-quiz-check]").click()
    expect(block.locator("[data-quiz-result]")).to_have_text(
        "This question has two correct answers: choose exactly two (you chose one)."
    )
    expect(block).not_to_have_attribute("data-quiz-checked", re.compile(".*"))
    choose(page, q, [wrong])
    block.locator("[data-quiz-check]").click()
    result = block.locator("[data-quiz-result]")
    expect(result).to_have_text(
        re.compile(r"^Incorrect: 1 of your 2 choices was right\. The correct answers are marked")
    )
    expect(result).not_to_have_text(re.compile("correct answers:|has two"))
    expect(block.locator(f'[data-quiz-option="{q.key[1]}"]')).to_have_attribute("data-quiz-status", "missed")

    block.locator("[data-quiz-retry]").click()
    choose(page, q, q.key)
    block.locator("[data-quiz-check]").click()
    expect(result).to_have_text("Correct: you chose both correct answers.")


def test_keyboard_only(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "memory", 1)
    open_topic(page, served_site, "memory")
    block = question(page, q)
    block.locator(".quiz-q__title .headerlink").focus()
    # Tab into the radio group (stems have no links here; skip any if one is added later).
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-quiz-input]')"):
            break
    assert page.evaluate("document.activeElement.name") == f"q-{q.id}"
    assert page.evaluate("document.activeElement.value") == "0"
    # Arrow keys move within a radio group; Space selects the focused option.
    for _ in range(q.key[0]):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('[data-quiz-check]')")
    page.keyboard.press("Enter")
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct\."))
    # Focus stays inside the question, on the button in Check's place (Next question); Try again is the next stop.
    assert page.evaluate("document.activeElement.matches('[data-quiz-next-question]')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('[data-quiz-retry]')")
    page.keyboard.press("Enter")
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Answer cleared; your first attempt stays"))


def test_keyboard_multi_select(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "memory", 2)
    open_topic(page, served_site, "memory")
    block = question(page, q)
    block.locator('[data-quiz-option="0"] [data-quiz-input]').focus()
    for index in range(len(q.options)):
        if index in q.key:
            page.keyboard.press("Space")
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('[data-quiz-check]')")
    page.keyboard.press("Enter")
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct"))


def test_page_score_updates_persists_and_resets(page: Page, served_site: str, bank: LoadedBank) -> None:
    questions = lesson_questions(bank, "evaluation")
    open_topic(page, served_site, "evaluation")
    score = page.locator("[data-quiz-score]")
    expect(score).to_have_text(f"{len(questions)} questions on this page. Score: 0 of {len(questions)}.")
    right, wrong = questions[0], questions[1]
    choose(page, right, right.key)
    question(page, right).locator("[data-quiz-check]").click()
    choose(page, wrong, wrong_answer(wrong))
    question(page, wrong).locator("[data-quiz-check]").click()
    expect(score).to_have_text(f"Score: 1 of {len(questions)} correct (2 checked). First try: 1 of 2.")

    page.reload()
    expect(score).to_have_text(f"Score: 1 of {len(questions)} correct (2 checked). First try: 1 of 2.")
    expect(question(page, right)).to_have_attribute("data-quiz-checked", "correct")
    expect(question(page, right).locator("[data-quiz-explanations]")).to_be_visible()
    # Restored, not re-announced: the result sentence is back, in a region that is not live until the learner
    # focuses the question again.
    result = question(page, right).locator("[data-quiz-result]")
    expect(result).to_have_text(re.compile(r"^Correct[.:]"))
    expect(result).to_have_attribute("aria-live", "off")
    question(page, right).locator("[data-quiz-retry]").focus()
    expect(result).to_have_attribute("aria-live", "polite")

    # Reset asks first, and can be undone.
    page.locator("[data-quiz-reset]").click()
    page.locator("[data-quiz-reset-no]").click()
    expect(score).to_contain_text("(2 checked)")
    page.locator("[data-quiz-reset]").click()
    page.locator("[data-quiz-reset-yes]").click()
    expect(score).to_contain_text(f"Score: 0 of {len(questions)}.")
    expect(page.locator("[data-quiz-announce]")).to_contain_text("Answers on this page cleared.")
    expect(question(page, right).locator("[data-quiz-input]:checked")).to_have_count(0)
    expect(question(page, right).locator("[data-quiz-explanations]")).to_be_hidden()
    page.locator("[data-quiz-undo]").click()
    expect(score).to_have_text(f"Score: 1 of {len(questions)} correct (2 checked). First try: 1 of 2.")
    expect(question(page, right)).to_have_attribute("data-quiz-checked", "correct")
    page.locator("[data-quiz-reset]").click()
    page.locator("[data-quiz-reset-yes]").click()
    page.reload()
    expect(score).to_contain_text(f"Score: 0 of {len(questions)}.")


def test_quiz_survives_instant_navigation(page: Page, served_site: str, bank: LoadedBank) -> None:
    open_topic(page, served_site, "peft")
    # Material navigates instantly only to addresses its sitemap lists, fetched after the page loads: wait for it,
    # or on a busy machine the first click can be a full page load.
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__sameDocument = true")
    # The footer's "Next" link: the topic's second lesson.
    second = BANK.topic("peft").lessons[1].id
    page.locator(".md-footer__link--next").click()
    expect(page).to_have_url(re.compile(f"topics/peft/{second}/$"))
    expect(page.locator(f"[data-quiz-lesson='{second}']")).to_be_attached()
    page.go_back()
    expect(page).to_have_url(re.compile(f"{lesson_path('peft')}$"))
    expect(page.locator("[data-quiz-topic='peft']")).to_be_attached()
    # Still the same document: Material swapped the content in place rather than loading a new page.
    assert page.evaluate("window.__sameDocument === true")
    q = first(bank, "peft", 1)
    block = question(page, q)
    expect(block).to_have_attribute("data-quiz-ready", "")
    choose(page, q, q.key)
    block.locator("[data-quiz-check]").click()
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct\."))
    # One listener per event, not one per visit: a single check produces a single score update.
    expect(page.locator("[data-quiz-score]")).to_have_text(re.compile(r"\(1 checked\)"))


def test_no_console_errors_on_any_page(page: Page, served_site: str, built_site: Path) -> None:
    pages = sorted(p.relative_to(built_site).parent.as_posix() for p in built_site.rglob("index.html"))
    assert len(pages) >= 10
    for path in pages:
        url = served_site if path == "." else f"{served_site}{path}/"
        response = page.goto(url)
        assert response is not None and response.ok, url
        page.wait_for_load_state("load")
    # The page fixture asserts that nothing reached the console as an error.


def test_without_javascript_explanations_are_readable(browser: Browser, served_site: str, bank: LoadedBank) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        q = first(bank, "parallelism", 2)
        page.goto(f"{served_site}{lesson_path('parallelism')}")
        block = question(page, q)
        expect(block.locator("[data-quiz-explanations]")).to_be_visible()
        expect(block.locator("[data-quiz-actions]")).to_be_hidden()
        details = block.locator("details").nth(q.key[0])
        expect(details.locator("[data-quiz-verdict]")).to_have_text("Correct")
        details.locator("summary").click()
        expect(details.locator("summary + p")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(
    "script",
    [THROWING_STORAGE, FULL_STORAGE, CORRUPT_STORAGE],
    ids=["storage-throws", "storage-full", "storage-corrupt"],
)
def test_broken_storage_does_not_break_the_quiz(
    browser: Browser, served_site: str, bank: LoadedBank, script: str
) -> None:
    context = browser.new_context()
    context.add_init_script(script)
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        q = first(bank, "peft", 1)
        open_topic(page, served_site, "peft")
        choose(page, q, q.key)
        question(page, q).locator("[data-quiz-check]").click()
        expect(question(page, q).locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct\."))
        expect(page.locator("[data-quiz-score]")).to_have_text(re.compile(r"Score: 1 of"))
    finally:
        context.close()
    assert console.errors == [], console.errors


def test_pure_grading_functions(page: Page, served_site: str) -> None:
    open_topic(page, served_site, "peft")
    result = page.evaluate("window.llmGuide.answerCore.grade([0, 2], [0, 1], 4)")
    assert result["correct"] is False
    assert (result["hits"], result["wrong"], result["missed"]) == (1, 1, 1)
    assert result["statuses"] == ["hit", "missed", "wrong", "none"]
    assert page.evaluate("window.llmGuide.answerCore.grade([1, 0], [0, 1], 4).correct") is True
    assert page.evaluate("window.llmGuide.answerCore.parseKey('[1,0]', 4)") == [0, 1]
    for bad in ["'[0,0]'", "'[4]'", "'[0,1,2,3]'", "'nope'", "'[]'", "'[1.5]'"]:
        assert page.evaluate(f"window.llmGuide.answerCore.parseKey({bad}, 4)") is None, bad
    assert page.evaluate("window.llmGuide.answerCore.selectionProblem(2, 2)") == ""
    assert page.evaluate("window.llmGuide.answerCore.selectionProblem(3, 2)").endswith("(you chose three).")
    assert page.evaluate("window.llmGuide.answerCore.selectionProblem(0, 1)") == "Choose an answer first."


def test_hand_edited_markup_falls_back_to_readable(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    marker = f'data-quiz-question="{q.id}" data-quiz-select="{q.select}" data-quiz-key="['

    def corrupt(route: Route) -> None:
        html = route.fetch().text()
        assert marker in html
        route.fulfill(body=html.replace(marker, marker + "9,", 1), content_type="text/html")

    page.route(re.compile(f".*/{lesson_path('peft')}$"), corrupt)
    open_topic(page, served_site, "peft")
    block = question(page, q)
    expect(block).not_to_have_attribute("data-quiz-ready", "")
    expect(block.locator("[data-quiz-explanations]")).to_be_visible()
    expect(block.locator("[data-quiz-actions]")).to_be_hidden()


def test_print_shows_explanations(page: Page, served_site: str, bank: LoadedBank) -> None:
    open_topic(page, served_site, "peft")
    page.emulate_media(media="print")
    q = first(bank, "peft", 1)
    expect(question(page, q).locator("[data-quiz-explanations]")).to_be_visible()


def test_links_to_a_question_and_to_an_explanation(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = lesson_questions(bank, "alignment")[-1]
    page.goto(f"{served_site}{page_of(q)}#q-{q.id}")
    expect(question(page, q)).to_be_in_viewport()
    expect(question(page, q).locator("[data-quiz-explanations]")).to_be_hidden()
    # An instructor's link to one explanation opens it, without grading the question.
    explanation = page.locator(f"#q-{q.id}-why-b")
    for arrive in ("hash change on the open page", "fresh load"):
        if arrive == "hash change on the open page":
            page.goto(f"{served_site}{page_of(q)}#q-{q.id}-why-b")
        else:
            page.reload()
        expect(explanation).to_be_visible()
        expect(explanation).to_have_attribute("open", "")
        expect(explanation).to_be_in_viewport()
        expect(question(page, q)).not_to_have_attribute("data-quiz-checked", re.compile(".*"))

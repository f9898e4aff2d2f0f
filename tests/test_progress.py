"""Progress across the guide (issue 9): home page and navigation, first attempts kept, reset with undo, export and
import between browsers, refused files, and storage that does not work."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from guide.bank.validate import LoadedBank
from tests.browser import FULL_STORAGE, THROWING_STORAGE, Console
from tests.test_browser import choose, first, lesson_path, lesson_questions, open_topic, page_of, question, wrong_answer
from tests.test_exam import answer_current, exam_order, start, submit


def answer(page: Page, q: object, right: bool) -> None:
    choose(page, q, q.key if right else wrong_answer(q))  # type: ignore[attr-defined]
    question(page, q).locator("[data-quiz-check]").click()  # type: ignore[arg-type]


def home_row(page: Page, topic: str) -> list[str]:
    row = page.locator(f'[data-progress-topic="{topic}"]')
    expect(row).to_be_visible()
    return [c.strip() for c in row.locator("th, td").all_inner_texts()]


def test_an_answer_from_the_lesson_page_the_exam_and_review_carries_its_topic_and_lesson(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    # Every writer of an attempt goes through storeCore.attempt: what each one stored is read back here, and the
    # lesson's navigation marker still counts the question after an exam answer (its latest attempt).
    q = lesson_questions(bank, "peft")[0]
    wrong = wrong_answer(q)

    def last() -> dict[str, object]:
        return page.evaluate(f"window.llmGuide.store.question({q.id!r}).last")

    def lesson_mark() -> object:
        nav = page.locator(".md-sidebar--primary")
        return nav.locator(f".md-nav__link[href$='{lesson_path('peft')}'] [data-progress-mark]").first

    open_topic(page, served_site, "peft")
    answer(page, q, right=False)
    at = last()["at"]
    assert last() == {"selected": sorted(wrong), "correct": False, "at": at, "confidence": None, "source": "topic",
                      "topic": q.topic, "lesson": q.lesson}  # fmt: skip
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    answer_current(page, bank, right=True, confidence="unsure")
    submit(page)
    at = last()["at"]
    assert last() == {"selected": sorted(q.key), "correct": True, "at": at, "confidence": "unsure", "source": "exam",
                      "topic": q.topic, "lesson": q.lesson}  # fmt: skip
    # The home page does not re-tag records with their lesson: the marker counts only what the exam wrote.
    page.goto(served_site)
    expect(lesson_mark()).to_contain_text(f"1/{len(lesson_questions(bank, 'peft'))}")
    page.goto(f"{served_site}review/")
    card = page.locator(f"[data-review-card='{q.id}']")
    expect(card).to_be_visible()
    for index in wrong:
        card.locator(f"[data-review-option='{index}'] [data-review-input]").check()
    card.locator("[data-review-confidence-input='sure']").check()
    card.locator("[data-review-check]").click()
    expect(card.locator("[data-review-result]")).to_contain_text("Incorrect")
    at = last()["at"]
    assert last() == {"selected": sorted(wrong), "correct": False, "at": at, "confidence": "sure", "source": "review",
                      "topic": q.topic, "lesson": q.lesson}  # fmt: skip
    expect(lesson_mark()).to_contain_text(f"1/{len(lesson_questions(bank, 'peft'))}")


def test_answers_on_two_pages_show_on_home_and_in_the_navigation(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    peft, memory = lesson_questions(bank, "peft"), lesson_questions(bank, "memory")
    all_peft = bank.questions_for("peft")
    open_topic(page, served_site, "peft")
    answer(page, peft[0], right=True)
    answer(page, peft[1], right=False)
    open_topic(page, served_site, "memory")
    answer(page, memory[0], right=True)
    # The topic's marker counts the whole topic; the lesson's, the lesson.
    mark = page.locator(".md-sidebar--primary .md-nav__link[href$='topics/peft/'] [data-progress-mark]")
    expect(mark.first).to_contain_text(f"2/{len(all_peft)}")
    expect(mark.first.locator(".progress-mark__sr").last).to_have_text(f"2 of {len(all_peft)} answered")
    nav = page.locator(".md-sidebar--primary")
    lesson_mark = nav.locator(f".md-nav__link[href$='{lesson_path('peft')}'] [data-progress-mark]")
    expect(lesson_mark.first).to_contain_text(f"2/{len(peft)}")
    page.goto(served_site)
    assert home_row(page, "peft")[1:] == ["2", "1", str(len(all_peft))]
    assert home_row(page, "memory")[1:] == ["1", "1", str(len(bank.questions_for("memory")))]
    cont = page.locator("[data-progress-continue] a")
    expect(cont).to_have_text(re.compile(r"GPU memory.*question 2"))
    expect(cont).to_have_attribute("href", re.compile(f"{page_of(memory[1])}#q-{memory[1].id}$"))
    start = page.locator("[data-start-lesson]")
    expect(start).to_have_attribute("href", re.compile(f"{page_of(memory[1])}#q-{memory[1].id}$"))
    cont.click()
    # links.js places a question it arrives at below the sticky bars once the page has settled.
    expect(question(page, memory[1])).to_have_attribute("data-quiz-arrived", "")
    expect(question(page, memory[1])).to_be_in_viewport()


def test_try_again_keeps_the_first_attempt(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    answer(page, q, right=False)
    question(page, q).locator("[data-quiz-retry]").click()
    answer(page, q, right=True)
    score = page.locator("[data-quiz-score]")
    expect(score).to_contain_text("Score: 1 of")
    expect(score).to_contain_text("First try: 0 of 1.")
    summary = page.locator("[data-quiz-summary]")
    expect(summary).to_contain_text(
        "1 of 17 answered, 0 right the first time, 1 right now".replace("17", str(len(lesson_questions(bank, "peft"))))
    )
    expect(summary.locator(f'a[href="#q-{q.id}"]')).to_be_visible()
    record = page.evaluate("id => llmGuide.store.question(id)", q.id)
    assert record["first"]["correct"] is False and record["last"]["correct"] is True
    assert record["first"]["at"] > 0
    page.goto(served_site)
    assert home_row(page, "peft")[1:3] == ["1", "0"]


def export_file(page: Page, served_site: str, tmp_path: Path) -> Path:
    page.goto(f"{served_site}progress/")
    with page.expect_download() as download:
        page.locator("[data-progress-export]").click()
    target = tmp_path / "progress.json"
    download.value.save_as(target)
    return target


def test_export_then_import_in_a_fresh_browser(
    browser: Browser, served_site: str, bank: LoadedBank, tmp_path: Path
) -> None:
    q1, q2 = lesson_questions(bank, "evaluation")[:2]
    one = browser.new_context(accept_downloads=True)
    page = one.new_page()
    open_topic(page, served_site, "evaluation")
    answer(page, q1, right=True)
    answer(page, q2, right=False)
    exported = export_file(page, served_site, tmp_path)
    one.close()
    data = json.loads(exported.read_text())
    data["questions"]["no-such-question-anywhere"] = data["questions"][q1.id]
    exported.write_text(json.dumps(data))

    two = browser.new_context()
    page = two.new_page()
    console = Console()
    console.attach(page)
    try:
        page.goto(f"{served_site}progress/")
        page.locator("[data-progress-import]").set_input_files(str(exported))
        message = page.locator("[data-progress-message]")
        expect(message).to_contain_text("Imported 2 questions.")
        expect(message).to_contain_text("Skipped 1 this guide does not have: no-such-question-anywhere.")
        assert home_row(page, "evaluation")[1:3] == ["2", "1"]
        open_topic(page, served_site, "evaluation")
        expect(question(page, q1)).to_have_attribute("data-quiz-checked", "correct")
        expect(question(page, q2)).to_have_attribute("data-quiz-checked", "incorrect")
    finally:
        two.close()
    assert console.errors == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"format": "someone-elses-quiz", "questions": {}}', "not a progress export from this guide"),
        (
            b'{"format": "llm-ft-guide-progress", "version": 2, "questions": {}, "exam": {"history": "lots"}}',
            "its practice exam results are not a list",
        ),
        (
            b'{"format": "llm-ft-guide-progress", "version": 3, "questions": {},'
            b' "exam": {"current": {"v": 1, "ids": []}}}',
            "its unfinished practice exam has no questions",
        ),
    ],
    ids=["corrupt", "foreign", "damaged-exam-results", "damaged-unfinished-exam"],
)
def test_a_corrupt_or_foreign_file_is_refused_and_changes_nothing(
    page: Page, served_site: str, bank: LoadedBank, content: bytes, reason: str
) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    answer(page, q, right=True)
    page.goto(f"{served_site}progress/")
    before = page.evaluate("() => JSON.stringify(localStorage)")
    page.locator("[data-progress-import]").set_input_files(
        files=[{"name": "progress.json", "mimeType": "application/json", "buffer": content}]
    )
    expect(page.locator("[data-progress-message]")).to_contain_text(reason)
    expect(page.locator("[data-progress-message]")).to_contain_text("Nothing was changed.")
    assert page.evaluate("() => JSON.stringify(localStorage)") == before


def test_reset_everything_asks_and_can_be_undone(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    answer(page, q, right=True)
    page.goto(f"{served_site}progress/")
    page.locator("[data-progress-reset-all]").click()
    page.locator("[data-progress-reset-no]").click()
    assert home_row(page, "peft")[1] == "1"
    page.locator("[data-progress-reset-all]").click()
    page.locator("[data-progress-reset-yes]").click()
    assert home_row(page, "peft")[1] == "0"
    page.locator("[data-progress-undo]").click()
    assert home_row(page, "peft")[1] == "1"
    expect(page.locator("[data-progress-undo]")).to_have_count(0)


@pytest.mark.parametrize(
    "script",
    [THROWING_STORAGE, FULL_STORAGE],
    ids=["storage-throws", "storage-full"],
)
def test_storage_that_does_not_keep_shows_one_calm_notice(
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
        notice = page.locator("[data-progress-notice]:visible")
        expect(notice).to_have_count(1)
        expect(notice).to_contain_text("not keeping your answers")
        answer(page, q, right=True)
        expect(page.locator("[data-quiz-score]")).to_contain_text("Score: 1 of")
        # Within the visit, the answer still counts everywhere, and export still has it.
        page.locator(".md-sidebar--primary .md-nav__link[href$='progress/']").first.click()
        expect(page.locator('[data-progress-topic="peft"] td').first).to_have_text("1")
        expect(page.locator("[data-progress-notice]:visible")).to_have_count(1)
        with page.expect_download() as download:
            page.locator("[data-progress-export]").click()
        assert q.id in Path(download.value.path()).read_text()
    finally:
        context.close()
    assert console.errors == []


def take_an_exam_and_set_a_date(page: Page, served_site: str, bank: LoadedBank, date: str) -> str:
    """One finished practice exam (one question, answered right) and an exam date on Review; returns the question."""
    q = lesson_questions(bank, "peft")[0]
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    answer_current(page, bank, right=True)
    submit(page)
    page.goto(f"{served_site}review/")
    page.locator("[data-review-exam-date]").fill(date)
    expect(page.locator("[data-review-exam-date]")).to_have_value(date)
    return q.id


def test_export_and_import_carry_exam_results_and_the_exam_date(
    browser: Browser, served_site: str, bank: LoadedBank, tmp_path: Path
) -> None:
    one = browser.new_context(accept_downloads=True)
    page = one.new_page()
    take_an_exam_and_set_a_date(page, served_site, bank, "2027-03-01")
    exported = export_file(page, served_site, tmp_path)
    expect(page.locator("[data-progress-message]")).to_contain_text(
        "Exported 1 answered question and 1 practice exam result, with your exam date,"
    )
    history = page.evaluate("window.llmGuide.store.get('exam:history')")
    one.close()
    data = json.loads(exported.read_text())
    assert data["version"] == 3 and data["exam"]["history"] == history and data["review"]["examDate"] == "2027-03-01"

    two = browser.new_context()
    page = two.new_page()
    console = Console()
    console.attach(page)
    try:
        page.goto(f"{served_site}progress/")
        page.locator("[data-progress-import]").set_input_files(str(exported))
        message = page.locator("[data-progress-message]")
        expect(message).to_contain_text("Imported 1 question and 1 practice exam result.")
        expect(message).to_contain_text("Your exam date is now 2027-03-01.")
        # The same file again adds nothing twice.
        page.locator("[data-progress-import]").set_input_files(str(exported))
        expect(message).to_have_text("Imported 1 question.")
        page.goto(f"{served_site}practice/")
        expect(page.locator("[data-exam-history] tbody tr")).to_have_count(1)
        expect(page.locator("[data-exam-history] tbody td").nth(1)).to_have_text("1 of 1")
        page.goto(f"{served_site}review/")
        expect(page.locator("[data-review-exam-date]")).to_have_value("2027-03-01")
    finally:
        two.close()
    assert console.errors == []


def test_an_import_keeps_this_browsers_exam_date_and_says_so(
    browser: Browser, served_site: str, bank: LoadedBank, tmp_path: Path
) -> None:
    one = browser.new_context(accept_downloads=True)
    page = one.new_page()
    take_an_exam_and_set_a_date(page, served_site, bank, "2027-03-01")
    exported = export_file(page, served_site, tmp_path)
    one.close()
    two = browser.new_context()
    page = two.new_page()
    try:
        take_an_exam_and_set_a_date(page, served_site, bank, "2027-04-15")
        page.goto(f"{served_site}progress/")
        page.locator("[data-progress-import]").set_input_files(str(exported))
        expect(page.locator("[data-progress-message]")).to_contain_text(
            "This browser's exam date (2027-04-15) was kept; the file's was 2027-03-01."
        )
        # Two exams, one from each browser, newest first; nothing of this browser's was replaced.
        history = page.evaluate("window.llmGuide.store.get('exam:history')")
        assert len(history) == 2 and history[0]["at"] > history[1]["at"], history
        assert page.evaluate("window.llmGuide.store.get('review:settings')") == {"examDate": "2027-04-15"}
    finally:
        two.close()


def test_reset_says_what_it_clears_clears_exam_results_too_and_undo_brings_them_back(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    take_an_exam_and_set_a_date(page, served_site, bank, "2027-03-01")
    page.goto(f"{served_site}progress/")
    page.locator("[data-progress-reset-all]").click()
    confirm = page.locator("[data-progress-confirm]")
    expect(confirm).to_contain_text("every answer in every topic (first attempts included) with its Review schedule")
    expect(confirm).to_contain_text("your practice exam results and any unfinished exam")
    expect(confirm).to_contain_text("Your exam date for Review is kept.")
    before = page.evaluate(
        "() => ({ history: llmGuide.store.get('exam:history'), last: llmGuide.store.get('exam:last') })"
    )
    assert before["history"] and before["last"]
    page.locator("[data-progress-reset-yes]").click()
    expect(confirm).to_contain_text("Your exam date was kept.")
    gone = "() => ['exam:history', 'exam:last', 'exam:current'].map(n => llmGuide.store.get(n))"
    assert page.evaluate(gone) == [None, None, None]
    assert page.evaluate("llmGuide.store.get('review:settings')") == {"examDate": "2027-03-01"}
    assert home_row(page, "peft")[1] == "0"
    page.locator("[data-progress-undo]").click()
    after = page.evaluate(
        "() => ({ history: llmGuide.store.get('exam:history'), last: llmGuide.store.get('exam:last') })"
    )
    assert after == before
    assert home_row(page, "peft")[1] == "1"
    # Reset again and leave: the practice page has no past results and no last result to show.
    page.locator("[data-progress-reset-all]").click()
    page.locator("[data-progress-reset-yes]").click()
    page.goto(f"{served_site}practice/")
    expect(page.locator("[data-exam-history]")).to_have_text("None yet.")
    expect(page.locator("[data-exam-show-last]")).to_have_count(0)


def test_an_unfinished_exam_goes_through_the_file_and_resumes_at_the_same_question(
    browser: Browser, served_site: str, bank: LoadedBank, tmp_path: Path
) -> None:
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        take_an_exam_and_set_a_date(page, served_site, bank, "2027-03-01")
        last = page.evaluate("llmGuide.store.get('exam:last')")
        start(page, f"{served_site}practice/?topics=peft&n=5&seed=3&timer=0")
        order = exam_order(page)
        answered = answer_current(page, bank, right=False, confidence="unsure")
        page.locator("[data-exam-next]").click()
        page.locator("[data-exam-flag]").click()
        exported = export_file(page, served_site, tmp_path)
        expect(page.locator("[data-progress-message]")).to_contain_text(
            "It also holds your last exam's full result and your unfinished exam (at question 2 of 5)."
        )
        page.evaluate("localStorage.clear()")
        page.goto(f"{served_site}progress/")
        page.locator("[data-progress-import]").set_input_files(str(exported))
        message = page.locator("[data-progress-message]")
        expect(message).to_contain_text("The practice exam page now shows the file's last result.")
        expect(message).to_contain_text(
            "Your unfinished practice exam was restored: it resumes at question 2 of 5 on the practice exam page."
        )
        assert page.evaluate("llmGuide.store.get('exam:last')") == last
        page.goto(f"{served_site}practice/")
        expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
        expect(page.locator("[data-exam-notice]").filter(has_text="resumed")).to_have_count(1)
        assert exam_order(page) == order
        expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", order[1])
        expect(page.locator(f"[data-exam-id='{answered}']")).to_have_attribute("data-state", "answered")
        expect(page.locator(f"[data-exam-id='{order[1]}']")).to_have_attribute("data-flagged", "")
        page.locator("[data-exam-prev]").click()
        expect(page.locator("[data-exam-confidence-input='unsure']")).to_be_checked()
        # Importing the same file again keeps the exam now in progress here, and says nothing of it.
        page.goto(f"{served_site}progress/")
        page.locator("[data-progress-import]").set_input_files(str(exported))
        expect(message).not_to_contain_text("unfinished")
    finally:
        context.close()
    assert console.errors == []


def test_an_unfinished_exam_of_questions_no_longer_in_the_bank_is_refused_in_words(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    q = lesson_questions(bank, "peft")[0]
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    page.goto(f"{served_site}progress/")  # off the exam page, which would save its own copy on leaving
    page.evaluate(
        "() => { const s = llmGuide.store.get('exam:current'); s.ids.push('removed-from-the-bank');"
        " llmGuide.store.set('exam:current', s); }"
    )
    console = Console()
    console.attach(page)
    page.goto(f"{served_site}practice/")
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    expect(page.locator("[data-exam-notice]")).to_contain_text(
        "Your unfinished exam cannot be resumed: it holds a question this guide no longer has (removed-from-the-bank)."
    )
    assert console.errors == []

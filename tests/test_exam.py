"""The practice exam, question links and the Review page in a real browser: what a learner and an instructor do.

Time is driven with Playwright's fake clock (`page.clock`), never waited for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from guide.bank.validate import LoadedBank
from tests.browser import THROWING_STORAGE, Console
from tests.conftest import assert_vendored
from tests.test_browser import lesson_path, lesson_questions, page_of
from tests.test_topic_pages import UNCOVERED


def test_vendored_scheduler_is_the_pinned_ts_fsrs() -> None:
    assert_vendored("ts-fsrs", {"index.umd.js": "dist/index.umd.js", "LICENSE": "LICENSE"})


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def freeze_time(page: Page) -> None:
    """A fake clock that moves only when the test says: timers fire during run_for(), never on their own."""
    page.clock.install(time=1_800_000_000_000)
    page.clock.pause_at(1_800_000_001_000)


def exam_order(page: Page) -> list[str]:
    # After Start the grid comes with the run view, once the first question's script is in.
    page.locator("[data-exam-grid] [data-exam-id]").first.wait_for()
    return page.locator("[data-exam-grid] [data-exam-id]").evaluate_all("els => els.map(e => e.dataset.examId)")


def start(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    page.locator("[data-exam-start]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")


def answer_current(page: Page, bank: LoadedBank, right: bool, confidence: str | None = None) -> str:
    """Answer the question on screen, right or wrong; returns its id."""
    qid = page.locator("[data-exam-question]").get_attribute("data-exam-question") or ""
    q = bank.question(qid)
    options = len(q.options)
    pick = q.key if right else [i for i in range(options) if i not in q.key][: q.select]
    for index in pick:
        page.locator(f"[data-exam-option='{index}'] [data-exam-input]").check()
    if confidence:
        page.locator(f"[data-exam-confidence-input='{confidence}']").check()
    return qid


def submit(page: Page) -> None:
    page.locator("[data-exam-submit]").click()
    page.locator("[data-exam-confirm-submit]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "results")


def test_the_same_seed_gives_the_same_questions_in_the_same_order(
    browser: Browser, served_site: str, bank: LoadedBank
) -> None:
    orders = []
    for _ in range(2):
        context = browser.new_context()  # a different student: nothing shared
        page = context.new_page()
        start(page, f"{served_site}practice/?topics=peft,memory&n=12&seed=7")
        orders.append(exam_order(page))
        context.close()
    assert orders[0] == orders[1]
    assert len(orders[0]) == 12 and len(set(orders[0])) == 12
    assert all(bank.question(i).topic in {"peft", "memory"} for i in orders[0])
    context = browser.new_context()
    page = context.new_page()
    start(page, f"{served_site}practice/?topics=peft,memory&n=12&seed=8")
    assert exam_order(page) != orders[0]
    context.close()


def test_a_drawn_exam_puts_its_seed_in_the_address(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}practice/")
    page.locator("[data-exam-count]").fill("5")
    page.locator("[data-exam-start]").click()
    expect(page).to_have_url(re.compile(r"practice/\?n=5&seed=\d+$"))
    order = exam_order(page)
    seed = re.search(r"seed=(\d+)", page.url)
    assert seed is not None
    page.locator("[data-exam-abandon]").click()
    page.locator("[data-exam-confirm-abandon]").click()
    start(page, f"{page.url.split('?')[0]}?n=5&seed={seed.group(1)}")
    assert exam_order(page) == order


def test_ids_keep_their_order_and_unknown_ones_are_named(page: Page, served_site: str, bank: LoadedBank) -> None:
    ids = [bank.questions[5].id, "no-such-question", bank.questions[0].id, bank.questions[9].id]
    start(page, f"{served_site}practice/?ids={','.join(ids)}&topics=peft,astrology&timer=0")
    assert exam_order(page) == [ids[0], ids[2], ids[3]]
    notices = page.locator("[data-exam-notice]")
    expect(notices.filter(has_text="no-such-question")).to_have_count(1)
    expect(notices.filter(has_text="astrology")).to_have_count(1)
    expect(page.locator("[data-exam-pause]")).to_be_visible()  # timer=0: untimed, so it can pause


def test_timer_expiry_submits(page: Page, served_site: str, bank: LoadedBank) -> None:
    freeze_time(page)
    ids = [q.id for q in bank.questions[:3]]
    start(page, f"{served_site}practice/?ids={','.join(ids)}")
    expect(page.locator("[data-exam-clock]")).to_have_text("6:00")
    expect(page.locator("[data-exam-pause]")).to_have_count(0)  # a timed exam cannot be paused
    answer_current(page, bank, right=True)
    page.clock.run_for("03:01")
    expect(page.locator("[data-exam-clock]")).to_have_text("2:59")
    expect(page.locator("[data-exam-announce]")).to_have_text("3 minutes left.")  # halfway; not every second
    page.clock.run_for("03:00")
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "results")
    expect(page.locator("[data-exam-notice]").filter(has_text="Time is up")).to_have_count(1)
    expect(page.locator("[data-exam-score]")).to_have_attribute("data-correct", "1")


def test_reload_mid_exam_resumes_with_the_time_left(page: Page, served_site: str, bank: LoadedBank) -> None:
    freeze_time(page)
    start(page, f"{served_site}practice/?topics=peft&n=10&seed=3")
    order = exam_order(page)
    first = answer_current(page, bank, right=True, confidence="sure")
    page.locator("[data-exam-next]").click()
    page.locator("[data-exam-flag]").click()
    page.clock.run_for("07:00")
    expect(page.locator("[data-exam-clock]")).to_have_text("13:00")
    page.reload()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(page.locator("[data-exam-notice]").filter(has_text="resumed")).to_have_count(1)
    assert exam_order(page) == order
    expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", order[1])
    expect(page.locator("[data-exam-clock]")).to_have_text("13:00")
    expect(page.locator(f"[data-exam-id='{first}']")).to_have_attribute("data-state", "answered")
    expect(page.locator(f"[data-exam-id='{order[1]}']")).to_have_attribute("data-flagged", "")
    page.locator("[data-exam-prev]").click()
    expect(page.locator("[data-exam-confidence-input='sure']")).to_be_checked()


def test_flagged_questions_show_in_the_grid_and_the_submit_warning(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    ids = [q.id for q in bank.questions[:4]]
    start(page, f"{served_site}practice/?ids={','.join(ids)}")
    answer_current(page, bank, right=True)
    page.locator("[data-exam-flag]").click()
    expect(page.locator("[data-exam-flag]")).to_have_attribute("aria-pressed", "true")
    page.locator(f"[data-exam-id='{ids[2]}']").click()
    page.locator("[data-exam-flag]").click()
    grid = page.locator("[data-exam-grid]")
    expect(grid.locator("[data-flagged]")).to_have_count(2)
    expect(grid.locator(f"[data-exam-id='{ids[0]}']")).to_have_attribute("aria-label", "Question 1: answered, flagged")
    expect(grid.locator(f"[data-exam-id='{ids[1]}']")).to_have_attribute("data-state", "unanswered")
    page.locator("[data-exam-submit]").click()
    expect(page.locator("[data-exam-warning]")).to_have_text(
        "3 questions are unanswered (2, 3 and 4). 2 questions are flagged for review (1 and 3)."
    )
    expect(page.locator("#exam-confirm-title")).to_be_focused()


def test_results_add_up_and_retry_holds_exactly_the_missed(page: Page, served_site: str, bank: LoadedBank) -> None:
    start(page, f"{served_site}practice/?topics=peft,evaluation,alignment&n=8&seed=11&timer=0")
    order = exam_order(page)
    right = {}
    for n, qid in enumerate(order):
        is_right = n % 3 != 1
        answer_current(page, bank, right=is_right, confidence=["guessed", "sure", "unsure"][n % 3])
        right[qid] = is_right
        if n < len(order) - 1:
            page.locator("[data-exam-next]").click()
    submit(page)
    score = page.locator("[data-exam-score]")
    correct = sum(right.values())
    expect(score).to_have_attribute("data-correct", str(correct))
    expect(score).to_have_attribute("data-total", "8")
    for table in ("[data-exam-by-topic]", "[data-exam-by-domain]"):
        rows = page.locator(f"{table} tbody tr")
        sums = rows.evaluate_all(
            "rs => rs.reduce((s, r) => [s[0] + +r.dataset.correct, s[1] + +r.dataset.total], [0, 0])"
        )
        assert sums == [correct, 8], table
    expect(page.locator("[data-exam-verdict]")).to_contain_text("assumption")
    # Right with "guessed" is lucky; wrong with "sure" is a confident mistake.
    lucky = {q for n, q in enumerate(order) if n % 3 == 0}
    mistakes = {q for n, q in enumerate(order) if n % 3 == 1}
    assert set(page.locator("[data-exam-lucky] a").evaluate_all("as => as.map(a => a.hash.slice(13))")) == lucky
    assert (
        set(page.locator("[data-exam-confident-mistakes] a").evaluate_all("as => as.map(a => a.hash.slice(13))"))
        == mistakes
    )
    # The review shows every question with the learner's answer, the key, every explanation and the sources.
    item = page.locator(f"[data-exam-review-item='{order[1]}']")
    expect(item.locator("[data-exam-review-verdict]")).to_contain_text("Incorrect: you chose")
    expect(item.locator(".is-key")).to_have_count(bank.question(order[1]).select)
    expect(item.locator(".exam-review__why")).to_have_count(len(bank.question(order[1]).options))
    expect(item.locator(".exam-review__refs a").first).to_have_attribute("href", re.compile("^https?://"))
    expect(page.locator("[data-exam-history] tbody tr")).to_have_count(1)
    # Exam answers are attempts too, with the confidence and the source.
    record = page.evaluate(f"window.llmGuide.store.question({order[1]!r})")
    assert record["last"]["source"] == "exam" and record["last"]["confidence"] == "sure"
    assert record["last"]["correct"] is False
    page.locator("[data-exam-retry-missed]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    assert exam_order(page) == [q for q in order if not right[q]]
    expect(page).to_have_url(re.compile(r"\?ids="))


def test_throwing_storage_still_runs_an_exam_to_its_result(
    browser: Browser, served_site: str, bank: LoadedBank
) -> None:
    context = browser.new_context()
    context.add_init_script(THROWING_STORAGE)
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        ids = [q.id for q in bank.questions[:2]]
        start(page, f"{served_site}practice/?ids={','.join(ids)}")
        expect(page.locator("[data-exam-notice]").filter(has_text="not keeping data")).to_have_count(1)
        answer_current(page, bank, right=True)
        page.locator("[data-exam-next]").click()
        answer_current(page, bank, right=False)
        submit(page)
        expect(page.locator("[data-exam-score]")).to_have_attribute("data-correct", "1")
    finally:
        context.close()
    assert console.errors == [], console.errors


def test_instant_navigation_into_and_out_of_the_exam(page: Page, served_site: str, bank: LoadedBank) -> None:
    freeze_time(page)
    page.goto(f"{served_site}{lesson_path('peft')}")
    # Topic pages do not load the exam's code.
    assert page.evaluate("!window.llmGuide || !window.llmGuide.examCore")
    # Material navigates instantly only to addresses its sitemap lists, fetched after the page loads: wait for it,
    # or on a busy machine the first click can be a full page load.
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-nav__link[href$='practice/']").first.click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    page.locator("[data-exam-count]").fill("4")
    page.locator("[data-exam-start]").click()
    order = exam_order(page)
    page.clock.run_for("01:00")
    page.locator(".md-nav__link[href$='about/']").first.click()
    expect(page).to_have_url(re.compile(r"about/$"))
    # The address changes before Material swaps the content in: on a busy machine, running the clock in between
    # counted real ticks of an exam still on screen.
    expect(page.locator("[data-exam]")).to_have_count(0)
    page.clock.run_for("10:00")  # time away from the page is not counted
    page.go_back()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    assert exam_order(page) == order
    # Leaving is noticed by the next second's tick at the latest, so at most one second of the time away counts.
    expect(page.locator("[data-exam-clock]")).to_have_text(re.compile(r"^(7:00|6:59)$"))
    assert page.evaluate("window.__sameDocument === true")
    # One set of listeners, not one per visit: a click on Next moves exactly one question.
    page.locator("[data-exam-next]").click()
    expect(page.locator("#exam-q-title")).to_have_text("Question 2 of 4")


def test_the_exam_leaving_mid_run_stops_its_clock_and_keeps_the_time(
    page: Page, served_site: str, bank: LoadedBank, console: Console
) -> None:
    # Material's instant navigation replaces the content first and tells the page (document$) only after the new
    # content's scripts are in: in between, the clock's next tick finds the exam off the page and must stop it itself,
    # keeping the time up to the last tick it was seen on.
    freeze_time(page)
    ids = [q.id for q in bank.questions[:3]]
    start(page, f"{served_site}practice/?ids={','.join(ids)}")
    expect(page.locator("[data-exam-clock]")).to_have_text("6:00")
    page.clock.run_for("01:00")
    expect(page.locator("[data-exam-clock]")).to_have_text("5:00")
    page.evaluate("document.querySelector('[data-exam]').remove()")
    page.clock.run_for(3000)
    assert console.errors == []
    stored = page.evaluate("JSON.parse(localStorage.getItem('llm-ft-guide:v2:exam:current'))")
    assert stored["elapsedMs"] == 60_000
    page.reload()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(page.locator("[data-exam-clock]")).to_have_text("5:00")


def test_a_page_script_that_failed_to_load_loads_on_the_next_visit(
    browser: Browser, served_site: str, bank: LoadedBank
) -> None:
    # A dropped connection while instant navigation brings the practice page in: its scripts fail to load. The page
    # loader must not remember them as loaded, or the exam never starts again in this visit. Its own page: the failed
    # requests are the point, not errors of the page.
    page = browser.new_page()
    offline = [True]

    def exam_script(route: Route) -> None:
        if offline[0]:
            route.abort()
        else:
            route.continue_()

    page.route(re.compile(r"/assets/exam/exam\.js"), exam_script)
    page.goto(f"{served_site}{lesson_path('peft')}")
    page.wait_for_load_state("networkidle")  # Material's sitemap, which instant navigation needs
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-nav__link[href$='practice/']").first.click()
    expect(page).to_have_url(re.compile(r"practice/$"))
    page.wait_for_load_state("networkidle")
    expect(page.locator("[data-exam]")).not_to_have_attribute("data-exam-view", re.compile("."))
    offline[0] = False
    page.locator(".md-nav__link[href$='about/']").first.click()
    expect(page).to_have_url(re.compile(r"about/$"))
    page.locator(".md-nav__link[href$='practice/']").first.click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    assert page.evaluate("window.__sameDocument === true")
    page.close()


def test_keyboard_only_exam(page: Page, served_site: str, bank: LoadedBank) -> None:
    ids = [q.id for q in bank.questions[:2]]
    page.goto(f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    page.locator("[data-exam-start]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")

    def tab_to(selector: str) -> None:
        for _ in range(60):
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("[data-exam-input]")
    page.keyboard.press("Space")
    tab_to("[data-exam-next]")
    page.keyboard.press("Enter")
    expect(page.locator("#exam-q-title")).to_be_focused()
    tab_to("[data-exam-submit]")
    page.keyboard.press("Enter")
    tab_to("[data-exam-confirm-submit]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "results")
    expect(page.locator("#exam-result-title")).to_be_focused()


def test_exam_at_320_px(browser: Browser, served_site: str, bank: LoadedBank) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    try:
        for _ in range(1):
            start(page, f"{served_site}practice/?topics=peft&n=12&seed=2")
            answer_current(page, bank, right=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"exam is {overflow}px wider than 320px"
            submit(page)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"results are {overflow}px wider than 320px"
        for path in ("review/", "instructors/"):
            page.goto(f"{served_site}{path}")
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{path} is {overflow}px wider than 320px"
    finally:
        context.close()


def test_exam_works_from_file_urls(browser: Browser, unzipped: Path, bank: LoadedBank) -> None:
    # The offline download is what a learner opens from disk (file URLs, no instant navigation, local search).
    context = browser.new_context()
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        ids = [q.id for q in bank.questions[:2]]
        page.goto(f"{(unzipped / 'practice.html').as_uri()}?ids={','.join(ids)}&timer=0")
        page.locator("[data-exam-start]").click()
        assert exam_order(page) == ids
        answer_current(page, bank, right=False)
        submit(page)
        page.goto((unzipped / "review.html").as_uri())
        expect(page.locator(f"[data-review-card='{ids[0]}']")).to_be_visible()
    finally:
        context.close()
    assert console.errors == [], console.errors


# ---------- links to questions ----------


def test_deep_link_lands_fully_visible_and_focused(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = bank.questions_for("memory")[6]
    where = f"{served_site}{page_of(q)}#q-{q.id}"

    def check_arrival() -> None:
        article = page.locator(f"#q-{q.id}")
        expect(article).to_be_focused()
        expect(article).to_have_attribute("data-quiz-arrived", "")
        # Fully below the sticky header and score bar: nothing covers the question's top edge.
        covered = page.evaluate(
            """id => { const el = document.getElementById(id); const r = el.getBoundingClientRect();
              const bars = [...document.querySelectorAll('.md-header, .quiz__scorebar')]
                .map(b => b.getBoundingClientRect().bottom);
              return { top: r.top, bar: Math.max(...bars) }; }""",
            f"q-{q.id}",
        )
        assert covered["top"] >= covered["bar"] - 1, covered

    page.goto(where)
    check_arrival()
    # After instant navigation from another page.
    page.goto(f"{served_site}instructors/")
    page.evaluate(
        """href => { const a = document.createElement('a'); a.href = href; a.textContent = 'go';
          document.querySelector('.md-content').appendChild(a); a.click(); }""",
        where,
    )
    expect(page).to_have_url(re.compile(f"#q-{q.id}$"))
    check_arrival()


def test_copy_link_on_every_question(browser: Browser, served_site: str, bank: LoadedBank) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('peft')}")
        buttons = page.locator("[data-links-copy-link]")
        expect(buttons).to_have_count(len(lesson_questions(bank, "peft")))
        q = lesson_questions(bank, "peft")[2]
        page.locator(f"#q-{q.id} [data-links-copy-link]").click()
        expect(page.locator(f"#q-{q.id} [data-links-copy-status]")).to_have_text("Link copied.")
        # The permanent link, which finds the question's lesson wherever it moves.
        link = page.evaluate("navigator.clipboard.readText()")
        assert link == f"{served_site}q/#{q.id}"
        page.goto(link)
        expect(page).to_have_url(f"{served_site}{page_of(q)}#q-{q.id}")
        expect(page.locator(f"#q-{q.id}")).to_have_attribute("data-quiz-arrived", "")
    finally:
        context.close()


def test_instructors_builder_makes_working_links(page: Page, served_site: str, bank: LoadedBank) -> None:
    page.goto(f"{served_site}instructors/")
    page.locator("[data-instructors-topic='peft']").check()
    page.locator("[data-instructors-count]").fill("5")
    page.locator("[data-instructors-seed]").fill("42")
    page.locator("[data-instructors-timer]").uncheck()
    expect(page.locator("[data-instructors-output]")).to_have_value(
        f"{served_site}practice/?topics=peft&n=5&seed=42&timer=0"
    )
    page.locator("[data-instructors-mode='ids']").check()
    second, first = bank.questions[3].id, bank.questions[1].id
    page.locator("details.links-form__topic").first.locator("summary").click()
    for qid in (second, first):
        box = page.locator(f"[data-instructors-pick='{qid}']")
        box.evaluate("b => b.closest('details').open = true")
        box.check()
    # A chosen set keeps its order, so its link holds no seed.
    link = f"{served_site}practice/?ids={second},{first}&timer=0"
    expect(page.locator("[data-instructors-output]")).to_have_value(link)
    page.locator("[data-instructors-open]").click()
    page.locator("[data-exam-start]").click()
    assert exam_order(page) == [second, first]


# ---------- review ----------


def test_a_missed_question_comes_back_on_review_and_moves_out_when_right(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    q = bank.questions[4]
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    answer_current(page, bank, right=False)
    submit(page)
    page.goto(f"{served_site}review/")
    card = page.locator(f"[data-review-card='{q.id}']")
    expect(card).to_be_visible()
    expect(page.locator("[data-review-summary]")).to_have_attribute("data-due", "1")
    for index in q.key:
        card.locator(f"[data-review-option='{index}'] [data-review-input]").check()
    card.locator("[data-review-confidence-input='sure']").check()
    expect(card.locator("[data-review-topic]")).to_have_text(
        re.compile(re.escape(bank.topic(q.topic).title) + " · " + re.escape(bank.lesson(q).title))
    )
    expect(page.locator(f"[data-review-later-item='{q.id}']")).to_have_count(0)
    card.locator("[data-review-check]").click()
    result = card.locator("[data-review-result]")
    expect(result).to_contain_text("Correct.")
    # Plain words, not the scheduler's: no "Rated Easy".
    expect(card.locator("[data-review-next-date]")).to_have_text(
        re.compile(r"^You'll see it again in \d+ days \(.+\): right and sure, so it waits longer\.$")
    )
    expect(result).not_to_contain_text("Rated")
    next_date = int(card.locator("[data-review-next-date]").get_attribute("data-review-next-date") or 0)
    assert next_date > page.evaluate("Date.now()") + 2 * 86400000
    # "Coming up" and the summary show the new schedule at once, before Next.
    expect(page.locator(f"[data-review-later-item='{q.id}']")).to_be_visible()
    expect(page.locator("[data-review-summary]")).to_have_attribute("data-due", "0")
    expect(page.locator("[data-review-summary]")).to_contain_text("Nothing more is due today.")
    page.locator("[data-review-next]").click()
    expect(page.locator("[data-review-summary]")).to_have_attribute("data-due", "0")
    expect(page.locator(f"[data-review-later-item='{q.id}']")).to_be_visible()
    record = page.evaluate(f"window.llmGuide.store.question({q.id!r})")
    assert record["extra"]["review"]["rating"] == "easy" and record["last"]["source"] == "review"
    # An exam date before that review pulls it forward to the day before the exam.
    page.locator("[data-review-exam-date]").fill(
        page.evaluate("new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10)")
    )
    due = int(page.locator(f"[data-review-later-item='{q.id}']").get_attribute("data-due") or 0)
    assert due < next_date


def test_scheduler_is_loaded_on_the_review_page_only(page: Page, served_site: str) -> None:
    for path in ("", lesson_path("peft"), "practice/"):
        page.goto(f"{served_site}{path}")
        assert page.evaluate("typeof window.FSRS") == "undefined", path
    page.goto(f"{served_site}review/")
    assert page.evaluate("typeof window.FSRS.fsrs") == "function"


# ---------- the clock, option rows, shuffled options, the result, wording (issue 17) ----------

CLOCK_LOOK = """() => { const bar = document.querySelector('[data-exam-bar]');
  const clock = bar.querySelector('.exam-bar__clock');
  return { level: bar.getAttribute('data-exam-time'), border: getComputedStyle(bar).borderBottomWidth,
    weight: getComputedStyle(bar.querySelector('[data-exam-clock]')).fontWeight,
    icon: getComputedStyle(clock, '::before').content,
    note: bar.querySelector('[data-exam-time-note]').textContent }; }"""


def test_the_clock_changes_look_at_five_and_at_one_minute_left(page: Page, served_site: str, bank: LoadedBank) -> None:
    freeze_time(page)
    ids = [q.id for q in bank.questions[:4]]
    start(page, f"{served_site}practice/?ids={','.join(ids)}")
    clock = page.locator("[data-exam-clock]")
    expect(clock).to_have_text("8:00")
    calm = page.evaluate(CLOCK_LOOK)
    assert calm["level"] is None and calm["note"] == "" and calm["icon"] == "none", calm
    page.clock.run_for("02:59")
    expect(clock).to_have_text("5:01")
    assert page.evaluate(CLOCK_LOOK) == calm, "the look changes only at 5 minutes left"
    page.clock.run_for("00:01")
    expect(clock).to_have_text("5:00")
    expect(page.locator("[data-exam-bar]")).to_have_attribute("data-exam-time", "low")
    low = page.evaluate(CLOCK_LOOK)
    # Not told by colour alone: a heavier border and clock, and the words beside it.
    assert low["note"] == "under 5 minutes", low
    assert float(low["border"][:-2]) > float(calm["border"][:-2]) and int(low["weight"]) > int(calm["weight"]), low
    page.clock.run_for("04:00")
    expect(clock).to_have_text("1:00")
    expect(page.locator("[data-exam-bar]")).to_have_attribute("data-exam-time", "last")
    last = page.evaluate(CLOCK_LOOK)
    assert last["note"] == "last minute" and "⚠" in last["icon"], last
    # Untimed exams never turn: there is no time to run out.
    page.locator("[data-exam-abandon]").click()
    page.locator("[data-exam-confirm-abandon]").click()
    start(page, f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    page.clock.run_for("09:00")
    expect(page.locator("[data-exam-clock]")).to_have_text("9:00")
    expect(page.locator("[data-exam-bar]")).not_to_have_attribute("data-exam-time", re.compile("."))


def uncovered_at(page: Page, selector: str) -> bool:
    """Whether the element's own top-left area is what the page shows there (nothing lies over it)."""
    return bool(page.locator(selector).evaluate(UNCOVERED))


@pytest.mark.parametrize("width", [375, 1280])
def test_the_clock_stays_in_view_while_reading(
    browser: Browser, served_site: str, bank: LoadedBank, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740})
    page = context.new_page()
    try:
        start(page, f"{served_site}practice/?topics=peft&n=12&seed=4&timer=0")
        bar = page.locator("[data-exam-bar]")
        expect(bar).to_have_css("position", "sticky")
        # Compact: one line on a phone, so it takes little of the screen.
        assert (bar.bounding_box() or {"height": 999})["height"] <= 44
        for target in ("[data-exam-confidence]", "[data-exam-grid]", "[data-exam-submit]"):
            page.locator(target).scroll_into_view_if_needed()
            page.mouse.wheel(0, 300)
            expect(page.locator("[data-exam-clock]")).to_be_in_viewport()
            assert uncovered_at(page, "[data-exam-clock]"), f"the clock is covered after scrolling to {target}"
        # What the keyboard reaches lands below the bar: the page's scroll padding counts it.
        padding = page.evaluate("parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)")
        assert padding >= (bar.bounding_box() or {"y": 0, "height": 0})["height"] + 48
    finally:
        context.close()


BACK_TO_TOP = """(covers) => { const pill = document.querySelector('.md-top');
  const shown = !!pill && !pill.hidden && getComputedStyle(pill).display !== 'none';
  if (!shown) return { shown, over: [] };
  const a = pill.getBoundingClientRect();
  const over = covers.filter(s => [...document.querySelectorAll(s)].some(el => { const b = el.getBoundingClientRect();
    return b.width > 0 && !(a.bottom <= b.top || a.top >= b.bottom || a.right <= b.left || a.left >= b.right); }));
  return { shown, over }; }"""


# Scroll by a script and resolve once the page has had the scroll event (events come with the next rendered frame).
SCROLLED = """(how) => new Promise(done => {
  addEventListener('scroll', () => done(scrollY), { once: true });
  const before = scrollY;
  (new Function(how))();
  if (scrollY === before) done(scrollY); })"""


@pytest.mark.parametrize("width", [375, 1280])
def test_back_to_top_never_covers_the_clock_or_the_text(
    browser: Browser, served_site: str, bank: LoadedBank, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740})
    page = context.new_page()
    try:
        freeze_time(page)
        q = bank.questions[4]
        start(page, f"{served_site}practice/?topics=peft&n=6&seed=4&timer=0")
        reports = []
        for where in ("practice", "review"):
            if where == "review":
                page.locator("[data-exam-abandon]").click()
                page.locator("[data-exam-confirm-abandon]").click()
                start(page, f"{served_site}practice/?ids={q.id}&timer=0")
                answer_current(page, bank, right=False)
                submit(page)
                page.goto(f"{served_site}review/")
                expect(page.locator(f"[data-review-card='{q.id}']")).to_be_visible()
            # Material shows its pill when the reader scrolls back up (scrolled by script, each scroll's event
            # awaited: a wheel's smooth scroll runs on the compositor's own clock, not the page's fake one).
            page.evaluate(SCROLLED, "scrollTo(0, document.documentElement.scrollHeight)")
            page.clock.run_for(500)
            page.evaluate(SCROLLED, "scrollBy(0, -300)")
            page.clock.run_for(500)
            report = page.evaluate(BACK_TO_TOP, ["[data-exam-bar]", ".md-content", ".md-footer"])
            assert report["over"] == [], f"{where}: the Back-to-top pill covers {report['over']}"
            reports.append(report["shown"])
        # On a wide screen it sits in the free column beside the text; on a phone there is none, so it is not shown.
        assert reports == ([True, True] if width == 1280 else [False, False]), reports
    finally:
        context.close()


def test_option_rows_are_one_large_target_like_the_topic_pages(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = next(q for q in bank.questions if q.select == 2)
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    rows = page.locator("[data-exam-option] label.quiz-option")
    expect(rows).to_have_count(len(q.options))
    heights = rows.evaluate_all("rs => rs.map(r => r.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    # The topic pages' drawn controls, not the small native ones.
    assert page.locator("[data-exam-input]").first.evaluate("i => getComputedStyle(i).appearance") == "none"
    # A click on the row's far end, away from the text and the box, chooses the option; a second click unticks it.
    for n in range(2):
        row = rows.nth(n)
        box = row.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 6, box["y"] + box["height"] / 2)
        expect(row.locator("[data-exam-input]")).to_be_checked()
    expect(page.locator("[data-exam-instruction]")).to_have_text("Choose two · two chosen")
    box = rows.nth(0).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 6, box["y"] + 4)
    expect(rows.nth(0).locator("[data-exam-input]")).not_to_be_checked()


def shown_orders(page: Page, count: int) -> dict[str, list[int]]:
    """Each question's options as the exam shows them (bank indexes, top to bottom), walking with Next."""
    orders = {}
    for n in range(count):
        qid = page.locator("[data-exam-question]").get_attribute("data-exam-question") or ""
        orders[qid] = page.locator("[data-exam-option]").evaluate_all("els => els.map(e => +e.dataset.examOption)")
        if n < count - 1:
            page.locator("[data-exam-next]").click()
    return orders


def test_options_are_shuffled_the_same_for_everyone_and_the_review_keeps_the_letters(
    browser: Browser, served_site: str, bank: LoadedBank
) -> None:
    link = f"{served_site}practice/?topics=peft,memory&n=6&seed=5&timer=0"
    seen = []
    for _ in range(2):
        context = browser.new_context()  # another student: nothing shared
        page = context.new_page()
        start(page, link)
        seen.append(shown_orders(page, 6))
        context.close()
    assert seen[0] == seen[1], "the same link gave two students different option orders"
    assert any(order != sorted(order) for order in seen[0].values()), "no question's options were shuffled"
    context = browser.new_context()
    page = context.new_page()
    try:
        start(page, link)
        qid = page.locator("[data-exam-question]").get_attribute("data-exam-question") or ""
        q = bank.question(qid)
        # No topic during the exam: the real one does not say.
        assert bank.topic(q.topic).title not in (page.locator("[data-exam-question]").text_content() or "")
        # The learner picks the option shown second, "B", whatever it is in the bank.
        second = page.locator("[data-exam-option]").nth(1)
        expect(second).to_have_attribute("data-exam-letter", "B")
        bank_index = int(second.get_attribute("data-exam-option") or -1)
        second.locator("[data-exam-input]").check()
        submit(page)
        item = page.locator(f"[data-exam-review-item='{qid}']")
        expect(item.locator("[data-exam-review-topic]")).to_contain_text(bank.topic(q.topic).title)
        mine = item.locator(".is-mine")
        expect(mine).to_have_attribute("data-exam-letter", "B")
        expect(mine).to_have_attribute("data-exam-review-option", str(bank_index))
        assert (
            item.locator("[data-exam-review-option]").evaluate_all("els => els.map(e => +e.dataset.examReviewOption)")
            == seen[0][qid]
        ), "the review shows the options in the order the learner saw"
        verdict = item.locator("[data-exam-review-verdict]")
        expect(verdict).to_have_text(re.compile(r"^Correct: B\.|^Incorrect: you chose B; the answer is [A-E]\."))
        # The record and the grade use the bank's own index.
        record = page.evaluate(f"window.llmGuide.store.question({qid!r})")
        assert record["last"]["selected"] == [bank_index]
        assert record["last"]["correct"] is (bank_index in q.key)
    finally:
        context.close()


def test_the_result_filters_missed_and_flagged_and_reads_naturally(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    freeze_time(page)
    ids = [bank.questions_for("peft")[0].id, bank.questions_for("memory")[0].id, bank.questions_for("peft")[1].id]
    ids.append(bank.questions_for("evaluation")[0].id)
    start(page, f"{served_site}practice/?ids={','.join(ids)}")
    answer_current(page, bank, right=True)
    page.locator("[data-exam-next]").click()
    answer_current(page, bank, right=True)
    page.locator("[data-exam-flag]").click()
    page.locator("[data-exam-next]").click()
    answer_current(page, bank, right=False)
    page.locator("[data-exam-flag]").click()
    # A reload shows "resumed"; the result never does.
    page.reload()
    expect(page.locator("[data-exam-notice]").filter(has_text="resumed")).to_have_count(1)
    submit(page)
    expect(page.locator("[data-exam-notice]")).to_have_count(0)
    verdict = page.locator("[data-exam-verdict]")
    expect(verdict).to_have_attribute("data-exam-verdict", "fail")
    expect(page.locator("[data-exam-score]")).to_have_text("Below the 70% line: 2 of 4 (50%).")
    assert (page.locator("[data-exam-body]").text_content() or "").count("assumption") == 1
    # One line per area drawn from: the exam holds three topics, so three topic rows, whatever the bank holds.
    expect(page.locator("[data-exam-by-topic] tbody tr")).to_have_count(3)
    domains = {bank.question(i).domain for i in ids}
    expect(page.locator("[data-exam-by-domain] tbody tr")).to_have_count(len(domains))
    assert all(
        int(t) > 0
        for t in page.locator("[data-exam-by-domain] tbody tr").evaluate_all("rs => rs.map(r => r.dataset.total)")
    )
    items = page.locator("[data-exam-review-item]")
    visible = "els => els.filter(e => !e.hidden && e.offsetParent !== null).map(e => e.dataset.examReviewItem)"
    expect(page.locator("[data-exam-review-filter='missed'] + label")).to_have_text("Missed only (2)")
    expect(page.locator("[data-exam-review-filter='flagged'] + label")).to_have_text("Flagged only (2)")
    page.locator("[data-exam-review-filter='missed']").check()
    assert items.evaluate_all(visible) == [ids[2], ids[3]]
    expect(page.locator("[data-exam-review-shown]")).to_have_text("Showing 2 of 4 questions.")
    page.locator("[data-exam-review-filter='flagged']").check()
    assert items.evaluate_all(visible) == [ids[1], ids[2]]
    page.locator("[data-exam-review-filter='all']").check()
    assert items.evaluate_all(visible) == ids
    # After "Set up a new exam" no notice of that exam is left either.
    page.locator("[data-exam-new]").click()
    expect(page.locator('[data-exam-notice="info"]')).to_have_count(0)


def test_instructors_builder_names_unknown_ids_counts_and_gives_a_chosen_set_no_seed(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.goto(f"{served_site}instructors/")
    output = page.locator("[data-instructors-output]")
    expect(output).to_have_value(re.compile(r"practice/\?.*seed=\d+$"))  # drawn questions: a seed
    page.locator("[data-instructors-mode='ids']").check()
    expect(page.locator("[data-instructors-seed]")).to_be_hidden()
    first, second = bank.questions[2].id, bank.questions[7].id
    page.locator("[data-instructors-ids]").fill(f"{first},no-such-question")
    warning = page.locator("[data-instructors-unknown]")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("no-such-question")
    expect(output).to_have_value(f"{served_site}practice/?ids={first}")
    expect(page.locator("[data-instructors-picked]")).to_have_text("1 question chosen.")
    box = page.locator(f"[data-instructors-pick='{second}']")
    box.evaluate("b => b.closest('details').open = true")
    box.check()
    expect(page.locator("[data-instructors-picked]")).to_have_attribute("data-instructors-picked", "2")
    expect(page.locator("[data-instructors-picked]")).to_have_text("2 questions chosen.")
    page.locator("[data-instructors-ids]").fill(f"{first},{second}")
    expect(warning).to_be_hidden()
    expect(output).to_have_value(f"{served_site}practice/?ids={first},{second}")
    page.locator("[data-instructors-open]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    expect(page.locator("[data-exam-fixed-set]")).to_have_attribute("data-exam-fixed-set", "2")
    expect(page.locator("[data-exam-seed]")).to_have_count(0)  # a fixed set has no seed to set


def test_bad_settings_are_named_with_what_is_wrong(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}practice/?topics=peft&n=3&seed=-1&timer=maybe")
    expect(page.locator("[data-exam-notice]")).to_have_text(
        "Not used from this link: the seed “-1” (a seed must be 0 or more); the timer “maybe” (use 1 for timed or 0 "
        "for untimed). The rest of it works."
    )
    expect(page.locator("[data-exam-timer]")).to_be_checked()  # the default, since "maybe" says neither
    page.locator("[data-exam-seed]").fill("-1")
    page.locator("[data-exam-start]").click()
    expect(page.locator("[data-exam-setup-error]")).to_have_text(
        "The seed “-1” cannot be used: a seed must be 0 or more. Leave it empty for a new random exam."
    )
    expect(page.locator("[data-exam-seed]")).to_be_focused()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    page.locator("[data-exam-seed]").fill("12")
    page.locator("[data-exam-start]").click()
    expect(page).to_have_url(re.compile(r"seed=12"))


def test_multi_select_questions_say_choose_two_in_words(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = next(q for q in bank.questions if q.select == 2)
    start(page, f"{served_site}practice/?ids={q.id}&timer=0")
    expect(page.locator("[data-exam-instruction]")).to_have_text("Choose two · zero chosen")
    page.locator(f"[data-exam-option='{q.key[0]}'] [data-exam-input]").check()
    submit(page)
    page.goto(f"{served_site}review/")
    expect(page.locator(f"[data-review-card='{q.id}'] legend").first).to_have_text("Choose two.")


def content_requests(page: Page) -> list[str]:
    """Question ids whose content script the page asks for, as it asks (collected from now on)."""
    asked: list[str] = []
    pattern = re.compile(r"/assets/generated/bank/q/([a-z0-9-]+)\.js\?v=[0-9a-f]{10}$")

    def seen(url: str) -> None:
        found = pattern.search(url)
        if found:
            asked.append(found.group(1))

    page.on("request", lambda request: seen(request.url))
    return asked


def test_the_pages_load_the_questions_they_show_and_no_others(page: Page, served_site: str, bank: LoadedBank) -> None:
    asked = content_requests(page)
    page.goto(f"{served_site}practice/")
    expect(page.locator("[data-exam-start]")).to_be_visible()
    page.wait_for_load_state("networkidle")
    # The set-up needs the index, and the first question of the exam it has drawn ahead of Start, no more.
    first = page.locator("[data-exam-setup]").evaluate("(form) => form.__prepared && form.__prepared.plan.ids[0]")
    assert first and asked == [first], asked
    asked.clear()
    ids = [q.id for q in bank.questions[10:15]]
    start(page, f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", ids[0])
    page.wait_for_load_state("networkidle")
    # The first question first, then the rest of this exam once it shows; each once, and nothing else.
    assert asked[0] == ids[0] and sorted(asked) == sorted(ids), asked
    for qid in ids[:2]:
        answer_current(page, bank, right=False)
        page.locator("[data-exam-next]").click()
        expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", ids[ids.index(qid) + 1])
    submit(page)
    expect(page.locator("[data-exam-review-item]")).to_have_count(5)
    expect(page.locator("[data-exam-review-missing]")).to_have_count(0)
    assert sorted(asked) == sorted(ids), "moving on and the result load nothing more"
    # Review: the card it shows and the questions "Coming up" names, no more.
    asked.clear()
    page.goto(f"{served_site}review/")
    expect(page.locator("[data-review-card]")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert asked == [ids[0]] or sorted(asked) == sorted(ids[:2]), asked


def test_a_question_that_cannot_be_loaded_is_named_and_the_exam_goes_on(
    page: Page, served_site: str, bank: LoadedBank, console: Console
) -> None:
    ids = [q.id for q in bank.questions[20:23]]
    page.route(f"**/generated/bank/q/{ids[1]}.js*", lambda route: route.abort())
    start(page, f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    answer_current(page, bank, right=True)
    page.locator("[data-exam-next]").click()
    expect(page.locator("[data-exam-loading-text]")).to_contain_text("could not be loaded")
    expect(page.locator("#exam-q-title")).to_have_text("Question 2 of 3")
    page.locator("[data-exam-goto='2']").click()
    expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", ids[2])
    submit(page)
    # The score still counts every answer; the one question without its text says so.
    expect(page.locator("[data-exam-score]")).to_have_attribute("data-total", "3")
    expect(page.locator("[data-exam-notice='warning']")).to_contain_text(
        "1 question's explanations could not be loaded"
    )
    expect(page.locator(f"#exam-review-{ids[1]} [data-exam-review-missing]")).to_be_visible()
    # The refused script is the only error the console saw (checked again when the page closes).
    refused = [e for e in console.errors if "Failed to load resource" in e]
    assert len(refused) == 1 and len(console.errors) == 1, console.errors
    console.errors.clear()


def test_start_puts_the_run_view_the_set_up_built_ahead_on_the_page_in_the_click_itself(
    page: Page, served_site: str
) -> None:
    # The set-up draws the exam its form describes, loads its first question and builds its run view off the page in
    # idle time (exam-setup.js, prepare): the click only puts that view on the page, with nothing to wait for.
    page.goto(f"{served_site}practice/?n=5")
    page.wait_for_function(
        "() => { const f = document.querySelector('[data-exam-setup]');"
        " return !!(f && f.__prepared && f.__prepared.built); }"
    )
    first = page.evaluate(
        "() => { const ready = document.querySelector('[data-exam-setup]').__prepared;"
        " window.builtQuestion = ready.built.view.querySelector('[data-exam-question]'); return ready.plan.ids[0]; }"
    )
    same = page.locator("[data-exam-start]").evaluate(
        "(button) => { button.click(); const q = document.querySelector('[data-exam-question]');"
        " return !!q && q === window.builtQuestion; }"
    )
    assert same, "the click shows the question built ahead, at once"
    expect(page.locator("[data-exam-question]")).to_have_attribute("data-exam-question", first)
    expect(page.locator("#exam-q-title")).to_be_focused()
    expect(page.locator("[data-exam-clock]")).to_have_text(re.compile(r"^(10:00|9:5\d)$"))
    expect(page.locator("[data-exam-grid] [data-exam-id]")).to_have_count(5)
    expect(page.locator("[data-exam-progress]")).to_have_text("0 of 5 answered")


def test_start_uses_the_exam_drawn_while_the_form_was_read_only_if_the_form_still_says_it(
    page: Page, served_site: str
) -> None:
    # The set-up draws the exam its form describes in idle time (exam-setup.js, prepare), so Start does not draw; a
    # change since then is honoured. With the fake clock paused, idle callbacks run only when it is moved.
    page.clock.install(time=1_800_000_000_000)
    page.goto(f"{served_site}practice/")
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    page.clock.pause_at(1_800_000_001_000)
    page.locator("[data-exam-count]").fill("5")
    page.clock.run_for(3000)  # the idle preparation: 5 questions, a random seed
    prepared = page.evaluate("document.querySelector('[data-exam-setup]').__prepared.plan.ids")
    assert len(prepared) == 5
    page.locator("[data-exam-start]").click()
    assert exam_order(page) == prepared
    page.locator("[data-exam-abandon]").click()
    page.locator("[data-exam-confirm-abandon]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    page.locator("[data-exam-count]").fill("5")
    page.clock.run_for(3000)
    stale = page.evaluate("document.querySelector('[data-exam-setup]').__prepared.plan.ids")
    page.locator("[data-exam-count]").fill("4")  # after the preparation: Start must not use it
    page.locator("[data-exam-start]").click()
    drawn = exam_order(page)
    assert len(drawn) == 4 and len(stale) == 5


# ---------- NVIDIA's objectives (issue 27) ----------


def test_a_link_by_objective_draws_only_its_questions_and_the_result_breaks_down_by_objective(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    wanted = {"7.4", "4.4"}
    pool = [q.id for q in bank.questions if wanted & set(q.objectives)]
    start(page, f"{served_site}practice/?objectives=7.4,4.4,9.9&n=6&seed=3&timer=0")
    expect(page.locator("[data-exam-notice]").filter(has_text="9.9")).to_have_count(1)
    ids = exam_order(page)
    assert len(ids) == 6 and set(ids) <= set(pool)
    expect(page).to_have_url(re.compile(r"practice/\?objectives=7\.4,4\.4&n=6&seed=3&timer=0$"))
    for _ in ids[:-1]:
        answer_current(page, bank, right=True)
        page.locator("[data-exam-next]").click()
    answer_current(page, bank, right=False)
    submit(page)
    rows = page.locator("[data-exam-by-objective] tbody tr")
    drawn = [o.id for o in bank.objectives if any(o.id in bank.question(i).objectives for i in ids)]
    expect(rows).to_have_count(len(drawn))
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.id)") == drawn
    totals = dict(zip(drawn, rows.evaluate_all("rs => rs.map(r => Number(r.dataset.total))"), strict=True))
    assert totals == {o: sum(1 for i in ids if o in bank.question(i).objectives) for o in drawn}
    wrong = ids[-1]
    for o in bank.question(wrong).objectives:
        row = page.locator(f"[data-exam-by-objective] tbody tr[data-id='{o}']")
        expect(row).to_have_attribute("data-correct", str(totals[o] - 1))
    # Folded under its summary at first, the table opens to show each objective in the study guide's words.
    expect(rows.first).to_be_hidden()
    page.locator("details.exam-breakdown summary").click()
    expect(rows.first).to_be_visible()
    assert (rows.first.locator("th").text_content() or "").startswith(drawn[0] + " ")


def test_the_set_up_names_a_links_objectives_and_the_builder_makes_such_links(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.goto(f"{served_site}practice/?objectives=6.3")
    box = page.locator("[data-exam-objectives]")
    expect(box).to_have_attribute("data-exam-objectives", "6.3")
    count = sum(1 for q in bank.questions if "6.3" in q.objectives)
    expect(box).to_contain_text(f"({count} questions)")
    page.goto(f"{served_site}instructors/")
    page.locator("details.links-form__objectives summary").click()
    page.locator("[data-instructors-objective='4.5']").check()
    page.locator("[data-instructors-seed]").fill("9")
    expect(page.locator("[data-instructors-output]")).to_have_value(
        re.compile(r"practice/\?objectives=4\.5&n=\d+&seed=9$")
    )

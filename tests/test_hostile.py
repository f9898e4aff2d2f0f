"""The red-team review's findings in the browser (issue 33): a storage filled by another page of the origin, hostile
progress files, a broken Review card in storage, one exam and one Review card in two tabs, and the low findings a
learner sees (counts above the bank, echoed input). Time is Playwright's fake clock, never waited for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from guide.bank.validate import LoadedBank
from tests.browser import Console
from tests.test_browser import choose, lesson_questions, open_topic, question, wrong_answer
from tests.test_exam import answer_current, start, submit

PREFIX = "llm-ft-guide:v2:"
# The red team's filler, run in another page of the same origin: strings halving in size until nothing more fits.
FILL_QUOTA = """() => {
  let chunk = 'x'.repeat(1 << 20), i = 0;
  while (chunk.length) {
    try { localStorage.setItem('filler:' + i++, chunk); } catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
  }
  try { localStorage.setItem('filler:probe', 'x'); return false; } catch (e) { return e.name === 'QuotaExceededError'; }
}"""
GUIDE_KEYS = f"() => Object.keys(localStorage).filter(k => k.startsWith({PREFIX!r})).sort()"


@pytest.fixture
def tabs(browser: Browser) -> Iterator[BrowserContext]:
    # One browser profile, several tabs: they share localStorage, as a learner's tabs do. Any page error fails the test.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    console = Console()
    context.on("page", console.attach)
    yield context
    context.close()
    assert console.errors == [], console.errors


def answer(page: Page, q: object, right: bool) -> None:
    choose(page, q, q.key if right else wrong_answer(q))  # type: ignore[attr-defined]
    question(page, q).locator("[data-quiz-check]").click()  # type: ignore[arg-type]


def stored(page: Page, name: str) -> object:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({PREFIX + name!r}))")


def freeze(context: BrowserContext) -> None:
    """Every tab's clock moves only when the test says (timers fire in run_for())."""
    context.clock.install(time=1_800_000_000_000)
    context.clock.pause_at(1_800_000_001_000)


# ---------- finding 2: storage filled by another page of the origin ----------


def test_a_full_storage_still_shows_exports_and_resets_everything(
    tabs: BrowserContext, served_site: str, bank: LoadedBank, tmp_path: Path
) -> None:
    q1, q2, q3 = lesson_questions(bank, "peft")[:3]
    page = tabs.new_page()
    open_topic(page, served_site, "peft")
    answer(page, q1, right=True)
    answer(page, q2, right=False)
    start(page, f"{served_site}practice/?ids={q3.id}&timer=0")
    answer_current(page, bank, right=True)
    submit(page)
    keys = page.evaluate(GUIDE_KEYS)
    # Another page of the same origin fills the quota (every file:// page in Chromium is one origin).
    other = tabs.new_page()
    other.goto(f"{served_site}about/")
    assert other.evaluate(FILL_QUOTA), "the quota is full"
    other.close()

    page.goto(f"{served_site}progress/")
    notice = page.locator("[data-progress-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("this browser's storage for the site is full")
    expect(notice).to_contain_text("Everything kept before still shows and counts")
    row = page.locator('[data-progress-topic="peft"] td')
    expect(row.first).to_have_text("3")  # two on the lesson page, one in the exam: read, though nothing can be written
    footprint = page.locator("[data-progress-footprint]")
    expect(footprint).to_contain_text("3 questions with answers")
    expect(footprint).to_contain_text("1 practice exam result")
    assert int(footprint.get_attribute("data-bytes") or 0) < 5000, "the guide's own footprint stays small"

    with page.expect_download() as download:
        page.locator("[data-progress-export]").click()
    target = tmp_path / "full.json"
    download.value.save_as(target)
    data = json.loads(target.read_text())
    assert sorted(data["questions"]) == sorted([q1.id, q2.id, q3.id])
    assert len(data["exam"]["history"]) == 1 and data["exam"]["last"]["ids"] == [q3.id]
    expect(page.locator("[data-progress-message]")).to_contain_text("Exported 3 answered questions and 1 practice")
    expect(page.locator("[data-progress-message]")).not_to_contain_text("could not read")

    page.locator("[data-progress-reset-all]").click()
    page.locator("[data-progress-reset-yes]").click()
    expect(page.locator("[data-progress-message]")).to_contain_text(
        "Cleared 3 answered questions, 1 practice exam result and your last exam's full result. "
        "Your exam date was kept."
    )
    # Removing needs no room: storage itself no longer holds them, so a reload shows nothing either.
    assert page.evaluate(GUIDE_KEYS) == [], keys
    page.reload()
    expect(page.locator('[data-progress-topic="peft"] td').first).to_have_text("0")


# ---------- finding 3: hostile progress files, a broken card ----------


def record(at: int, **more: object) -> dict[str, object]:
    attempt = {"selected": [0], "correct": False, "at": at}
    return {"first": attempt, "last": attempt, **more}


def progress_file(questions: dict[str, object], **more: object) -> bytes:
    return json.dumps({"format": "llm-ft-guide-progress", "version": 3, "questions": questions, **more}).encode()


@pytest.mark.parametrize(
    ("hostile", "reason"),
    [
        ("padded", "This file is 6 MB, more than a progress file of this guide can be (5 MB)."),
        ("record", "more than a record of the guide ever does (4 kB)"),
        ("future", "dated 3000-01-01, which cannot be right"),
        ("history", "it holds 10,000 practice exam results, where the guide keeps the last 50"),
        ("time-used", "has a start time that cannot be right (1e+308)"),
    ],
)
def test_a_hostile_progress_file_is_refused_and_changes_nothing(
    tabs: BrowserContext, served_site: str, bank: LoadedBank, hostile: str, reason: str
) -> None:
    q1, q2 = lesson_questions(bank, "peft")[:2]
    page = tabs.new_page()
    open_topic(page, served_site, "peft")
    answer(page, q1, right=True)
    now = page.evaluate("Date.now()")
    files = {
        "padded": progress_file({q2.id: record(now, extra={"pad": "x" * 6_000_000})}),
        "record": progress_file({q2.id: record(now, extra={"pad": "x" * 5000})}),
        "future": progress_file({q2.id: record(32503680000000)}),
        "history": progress_file({}, exam={"history": [{"at": now, "correct": 1, "total": 2}] * 10000}),
        "time-used": progress_file(
            {},
            exam={
                "current": {
                    "v": 1,
                    "ids": [q2.id],
                    "seed": 0,
                    "query": "",
                    "timed": True,
                    "limitMs": 1e308,
                    "startedAt": 1e308,
                    "elapsedMs": 1e308,
                    "runningSince": 1e308,
                    "current": 0,
                    "answers": {},
                    "flags": {},
                    "confidence": {},
                    "submittedAt": None,
                    "expired": False,
                }
            },
        ),
    }
    page.goto(f"{served_site}progress/")
    before = page.evaluate("() => JSON.stringify(localStorage)")
    page.locator("[data-progress-import]").set_input_files(
        files=[{"name": "progress.json", "mimeType": "application/json", "buffer": files[hostile]}]
    )
    message = page.locator("[data-progress-message]")
    expect(message).to_contain_text(reason)
    expect(message).to_contain_text("Nothing was changed.")
    assert len(message.inner_text()) < 400
    assert page.evaluate("() => JSON.stringify(localStorage)") == before


def test_a_broken_review_card_is_dropped_on_import_and_starts_afresh_in_storage(
    tabs: BrowserContext, served_site: str, bank: LoadedBank
) -> None:
    q1, q2 = [q for q in lesson_questions(bank, "peft") if q.select == 1][:2]
    page = tabs.new_page()
    page.goto(f"{served_site}progress/")
    now = page.evaluate("Date.now()")
    broken = {
        "card": {"due": "2000-01-01T00:00:00Z", "stability": "x", "state": 99, "last_review": "garbage"},
        "rating": "again",
        "at": 1,
    }
    page.locator("[data-progress-import]").set_input_files(
        files=[
            {
                "name": "p.json",
                "mimeType": "application/json",
                "buffer": progress_file({q1.id: record(now, extra={"review": broken, "pad": "x" * 100})}),
            }
        ]
    )
    message = page.locator("[data-progress-message]")
    expect(message).to_contain_text("Imported 1 question.")
    expect(message).to_contain_text(f"{q1.id} extra.pad")
    expect(message).to_contain_text(f"{q1.id} extra.review (it has a last review that is not a date)")
    assert "extra" not in stored(page, f"q:{q1.id}")  # type: ignore[operator]
    # The same card written into storage by something else (another page of the origin, an older guide).
    page.evaluate(
        f"() => localStorage.setItem({PREFIX + 'q:' + q2.id!r}, JSON.stringify("
        f"{json.dumps(record(now, extra={'review': broken}))}))"
    )
    page.goto(f"{served_site}review/")
    for q in (q1, q2):
        card = page.locator(f"[data-review-card='{q.id}']")
        expect(card).to_be_visible()
        card.locator(f"[data-review-option='{q.key[0]}'] [data-review-input]").check()
        card.locator("[data-review-check]").click()
        expect(card.locator("[data-review-result]")).to_contain_text("Correct.")
        schedule = stored(page, f"q:{q.id}")["extra"]["review"]  # type: ignore[index]
        assert schedule["card"]["reps"] == 1, schedule  # a fresh schedule, not the broken one
        page.locator("[data-review-next]").click()
    expect(page.locator("[data-review-summary]")).to_have_attribute("data-due", "0")


# ---------- finding 4: one exam, one Review card, in two tabs ----------


def exam_tabs(tabs: BrowserContext, served_site: str, bank: LoadedBank) -> tuple[Page, Page, list[str]]:
    """Tab A starts an untimed exam of three questions and answers the first; tab B opens the practice page."""
    freeze(tabs)
    ids = [q.id for q in lesson_questions(bank, "peft")[:3]]
    a = tabs.new_page()
    start(a, f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    answer_current(a, bank, right=True)
    tabs.clock.run_for(2000)  # a moment later (before A's next checkpoint), the exam is opened in another tab
    b = tabs.new_page()
    b.goto(f"{served_site}practice/")
    expect(b.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    return a, b, ids


def test_one_exam_in_two_tabs_loses_no_answer_and_is_recorded_once(
    tabs: BrowserContext, served_site: str, bank: LoadedBank
) -> None:
    a, b, ids = exam_tabs(tabs, served_site, bank)
    # B resumed the exam with A's answer, so it is B's now: A stops and says so, and saves nothing over it.
    expect(a.locator("[data-exam-elsewhere]")).to_have_attribute("data-exam-elsewhere", "moved")
    expect(b.locator(f"[data-exam-grid] [data-exam-id='{ids[0]}']")).to_have_attribute("data-state", "answered")
    b.locator("[data-exam-next]").click()
    answer_current(b, bank, right=False)
    held = stored(b, "exam:current")
    tabs.clock.run_for(12_000)  # both tabs' 5-second checkpoints, twice
    assert stored(a, "exam:current")["answers"] == held["answers"]  # type: ignore[index]
    assert sorted(held["answers"]) == sorted(ids[:2]), "no answer lost"  # type: ignore[index]
    # A picks it up again, with B's answer; B in turn stops.
    a.locator("[data-exam-elsewhere-continue]").click()
    expect(a.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(a.locator(f"[data-exam-grid] [data-exam-id='{ids[1]}']")).to_have_attribute("data-state", "answered")
    expect(b.locator("[data-exam-elsewhere]")).to_have_attribute("data-exam-elsewhere", "moved")
    submit(a)
    # B hears the submit: it offers A's result, records nothing and writes nothing back.
    expect(b.locator("[data-exam-elsewhere]")).to_have_attribute("data-exam-elsewhere", "submitted")
    tabs.clock.run_for(12_000)
    assert stored(b, "exam:current") is None
    assert len(stored(b, "exam:history")) == 1  # type: ignore[arg-type]
    b.locator("[data-exam-elsewhere-result]").click()
    expect(b.locator("[data-exam]")).to_have_attribute("data-exam-view", "results")
    assert len(stored(b, "exam:history")) == 1  # type: ignore[arg-type]
    record = stored(b, f"q:{ids[0]}")
    assert record["last"]["source"] == "exam"  # type: ignore[index]
    b.goto(f"{served_site}practice/")
    expect(b.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")  # nothing to resume


def test_a_reset_in_another_tab_ends_the_exam_here_and_nothing_is_written_back(
    tabs: BrowserContext, served_site: str, bank: LoadedBank
) -> None:
    freeze(tabs)
    ids = [q.id for q in lesson_questions(bank, "peft")[:2]]
    a = tabs.new_page()
    start(a, f"{served_site}practice/?ids={','.join(ids)}&timer=0")
    answer_current(a, bank, right=True)
    b = tabs.new_page()
    b.goto(f"{served_site}progress/")
    b.locator("[data-progress-reset-all]").click()
    b.locator("[data-progress-reset-yes]").click()
    expect(b.locator("[data-progress-message]")).to_contain_text("your unfinished exam")
    expect(a.locator("[data-exam-elsewhere]")).to_have_attribute("data-exam-elsewhere", "ended")
    expect(a.locator("[data-exam-clock]")).to_have_count(0)
    tabs.clock.run_for(12_000)
    a.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # leaving the tab checkpoints: not over the reset
    assert stored(a, "exam:current") is None
    a.locator("[data-exam-elsewhere-continue]").click()
    expect(a.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")


def test_one_review_card_checked_in_two_tabs_counts_once(
    tabs: BrowserContext, served_site: str, bank: LoadedBank
) -> None:
    q = next(q for q in lesson_questions(bank, "peft") if q.select == 1)
    topic = tabs.new_page()
    open_topic(topic, served_site, "peft")
    answer(topic, q, right=False)
    a, b = tabs.new_page(), tabs.new_page()
    for page in (a, b):
        page.goto(f"{served_site}review/")
        expect(page.locator(f"[data-review-card='{q.id}']")).to_be_visible()
    for page in (a, b):
        card = page.locator(f"[data-review-card='{q.id}']")
        card.locator(f"[data-review-option='{q.key[0]}'] [data-review-input]").check()
        card.locator("[data-review-confidence-input='sure']").check()
        card.locator("[data-review-check]").click()
    expect(a.locator("[data-review-result]")).to_contain_text("Correct.")
    expect(b.locator("[data-review-elsewhere]")).to_contain_text("just checked in another tab")
    saved = stored(b, f"q:{q.id}")
    assert saved["extra"]["review"]["card"]["reps"] == 1, saved  # type: ignore[index]
    assert saved["last"]["source"] == "review"  # type: ignore[index]
    expect(b.locator("[data-review-next]")).to_be_focused()


# ---------- low findings a learner sees ----------


def test_a_count_above_the_bank_is_named_and_the_exam_still_starts(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.goto(f"{served_site}practice/?topics=peft&n=400&timer=0")
    peft = len([q for q in bank.questions if q.topic == "peft"])
    expect(page.locator("[data-exam-notice]")).to_contain_text(
        f"the count “400” (the questions chosen hold {peft}, so the exam has all {peft})"
    )
    expect(page.locator("[data-exam-count]")).to_have_value(str(peft))
    page.locator("[data-exam-start]").click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(page.locator("[data-exam-grid] [data-exam-id]")).to_have_count(peft)


def test_the_instructors_builder_lowers_a_count_and_counts_a_typed_id_once(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.goto(f"{served_site}instructors/")
    page.locator("[data-instructors-topic='peft']").check()
    page.locator("[data-instructors-seed]").fill("7")
    page.locator("[data-instructors-count]").fill("400")
    peft = len([q for q in bank.questions if q.topic == "peft"])
    expect(page.locator("[data-instructors-count-note]")).to_have_text(
        f"The questions chosen hold {peft}, so the link asks for {peft}."
    )
    expect(page.locator("[data-instructors-output]")).to_have_value(
        f"{served_site}practice/?topics=peft&n={peft}&seed=7"
    )
    page.locator("[data-instructors-mode='ids']").check()
    qid = bank.questions[0].id
    page.locator("[data-instructors-ids]").fill(f"{qid},{qid}, {qid}")
    expect(page.locator("[data-instructors-picked]")).to_have_text("1 question chosen.")
    expect(page.locator("[data-instructors-output]")).to_have_value(f"{served_site}practice/?ids={qid}")


def test_notices_echo_a_line_of_hostile_input_not_a_page(page: Page, served_site: str) -> None:
    ids = ",".join(f"no-such-id-{i}" for i in range(1000))
    page.goto(f"{served_site}practice/?ids={ids}")
    notice = page.locator("[data-exam-notice]").filter(has_text="Not in the question bank")
    expect(notice).to_contain_text("no-such-id-4 and 995 more")
    assert len(notice.inner_text()) < 600
    page.goto(f"{served_site}q/#{'x' * 20000}")
    expect(page.locator("[data-permalink-notice]")).to_be_visible()
    assert len(page.locator("[data-permalink-notice]").inner_text()) < 300
    page.goto(f"{served_site}calculator/?params=7B&" + "&".join(f"u{i}=1" for i in range(2000)))
    expect(page.locator("[data-calc-warning='more']")).to_contain_text("1995 more names")
    assert page.locator("[data-calc-warning]").count() <= 8

"""The phone flow, second pass (issue 32): at 375x740 and 360x640 with touch, a lesson's first screen leads to its
questions, Check and Next question are under the thumb on every question, Previous/Flag/Next on every question of a
20-question exam, one clock rule for timed exams (hidden, frozen, navigated away, resumed), the home page's resume
link, no sideways scrolling at 200% text, the calculator's verdict, and progress tables within 360 px."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from guide.bank.validate import LoadedBank
from tests.browser import Console
from tests.test_browser import lesson_path, lesson_questions, question
from tests.test_lessons import pages_of

ROOT = Path(__file__).resolve().parent.parent
PHONES = [{"width": 375, "height": 740}, {"width": 360, "height": 640}]

# In reach: on the screen, and the element itself (not a sticky bar over it) is what a tap at its centre hits.
IN_REACH = """e => { const r = e.getBoundingClientRect(); if (!r.height || !r.width) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
  const hit = document.elementFromPoint(x, y); return !!hit && (hit === e || e.contains(hit)); }"""

# Words a line break cut inside (a break at a hyphen is not one): every word's pieces should sit on one line.
BROKEN_WORDS = """() => { const out = [];
  for (const el of document.querySelectorAll('.md-button, button, [data-quiz-verdict]')) {
    if (!el.getClientRects().length) continue;
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const re = /[^\\s\\u2010-\\u2014-]+/g; let m;
      while ((m = re.exec(n.data))) {
        const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      } } }
  return out; }"""


@pytest.fixture(params=PHONES, ids=["375x740", "360x640"])
def phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=request.param, has_touch=True, is_mobile=True)
    page = context.new_page()
    console = Console()
    console.attach(page)
    yield page
    context.close()
    assert console.errors == [], console.errors


def in_reach(locator: Locator) -> bool:
    return bool(locator.evaluate(IN_REACH))


def freeze_time(page: Page) -> None:
    page.clock.install(time=1_800_000_000_000)
    page.clock.pause_at(1_800_000_001_000)


def set_hidden(page: Page, hidden: bool) -> None:
    # What the browser does when the phone is locked or another tab or app comes to the front.
    page.evaluate(
        """hidden => { Object.defineProperty(document, 'visibilityState', { configurable: true,
             get: () => hidden ? 'hidden' : 'visible' });
           document.dispatchEvent(new Event('visibilitychange', { bubbles: true })); }""",
        hidden,
    )


# ---------- the lesson ----------


def test_a_lesson_first_screen_counts_its_questions_and_links_to_them(
    phone: Page, served_site: str, bank: LoadedBank
) -> None:
    count = len(lesson_questions(bank, "peft"))
    phone.goto(f"{served_site}{lesson_path('peft')}")
    lead = phone.locator("[data-lesson-lead]")
    expect(lead).to_contain_text(re.compile(rf"Go to the {count} questions\s*About \d+ min of questions"))
    link = lead.locator("[data-lesson-to-questions]")
    height = phone.viewport_size["height"]  # type: ignore[index]
    box = link.bounding_box()
    assert box is not None
    # The distance, in screens, from the lesson's first screen to its first question's link: none.
    assert box["y"] + box["height"] <= height, f"the link to the questions is {box['y'] / height:.2f} screens down"
    assert in_reach(link)
    link.tap()
    first = question(phone, lesson_questions(bank, "peft")[0])
    # One tap lands at the questions: the first question starts within the screen it shows.
    expect(first).to_be_in_viewport()


def test_check_and_next_in_reach_on_every_question_of_a_lesson(phone: Page, served_site: str, bank: LoadedBank) -> None:
    questions = lesson_questions(bank, "peft")
    phone.goto(f"{served_site}{lesson_path('peft')}")
    question(phone, questions[0]).evaluate("a => a.scrollIntoView({ block: 'start' })")
    out_of_reach: list[str] = []
    for number, q in enumerate(questions, start=1):
        block = question(phone, q)
        check = block.locator("[data-quiz-check]")
        if not in_reach(check):
            out_of_reach.append(f"Check of question {number}")
        for index in q.key:
            option = block.locator(f'[data-quiz-option="{index}"]')
            option.scroll_into_view_if_needed()
            option.tap()
        check.tap()
        expect(block).to_have_attribute("data-quiz-checked", "correct")
        following = block.locator("[data-quiz-next-question]")
        if not in_reach(following):
            out_of_reach.append(f"Next of question {number}")
        following.tap()
        if number < len(questions):
            expect(question(phone, questions[number]).locator(".quiz-q__title")).to_be_focused()
    assert out_of_reach == []
    # After the last question: the learner's results, then the next lesson.
    expect(phone.locator("[data-quiz-summary]")).to_be_focused()
    assert in_reach(phone.locator("[data-quiz-summary] .quiz__summary-head"))


def test_continue_on_the_home_page_lands_where_it_says(phone: Page, served_site: str, bank: LoadedBank) -> None:
    topic = bank.topic("peft")
    first = lesson_questions(bank, "peft")
    phone.goto(f"{served_site}{lesson_path('peft')}")
    block = question(phone, first[0])
    block.locator(f'[data-quiz-option="{first[0].key[0]}"] [data-quiz-input]').check()
    if first[0].select > 1:
        for index in first[0].key[1:]:
            block.locator(f'[data-quiz-option="{index}"] [data-quiz-input]').check()
    block.locator("[data-quiz-check]").click()
    phone.goto(served_site)
    start = phone.locator("[data-start-lesson]")
    # A started lesson: its next question, by number, and the score bar links back to the notes.
    expect(start).to_have_text(f"Continue: {topic.lessons[0].title}, question 2")
    expect(start).to_have_attribute("href", re.compile(rf"#q-{re.escape(first[1].id)}$"))
    start.click()
    expect(question(phone, first[1])).to_be_in_viewport()
    notes = phone.locator("[data-quiz-notes]")
    assert in_reach(notes)
    notes.tap()
    expect(phone.locator("[data-lesson-lead]")).to_be_in_viewport()
    # A lesson not started yet: its notes, where it starts.
    for q in first[1:]:
        phone.evaluate(
            "([id, sel]) => localStorage.setItem('llm-ft-guide:v2:q:' + id, JSON.stringify({ draft: [], "
            "first: { selected: sel, correct: true, at: 1, source: 'topic', topic: 'peft', lesson: null }, "
            "last: { selected: sel, correct: true, at: 1, source: 'topic', topic: 'peft', lesson: null } }))",
            [q.id, q.key],
        )
    phone.goto(served_site)
    expect(start).to_have_text(f"Continue: {topic.lessons[1].title}")
    expect(start).to_have_attribute("href", re.compile(rf"{lesson_path('peft', topic.lessons[1].id)}$"))


# ---------- the practice exam ----------


def test_a_20_question_exam_is_one_tap_away_with_previous_flag_next_in_reach(phone: Page, served_site: str) -> None:
    phone.goto(f"{served_site}practice/")
    quick = phone.locator('[data-exam-quick="20"]')
    assert in_reach(quick), "the 20-question start is not on the first screen"
    assert in_reach(phone.locator('[data-exam-quick="10"]')) and in_reach(phone.locator('[data-exam-quick="65"]'))
    expect(phone.locator("[data-exam-filters]")).not_to_have_attribute("open", "")
    expect(phone.locator("[data-exam-clock-rule]")).to_contain_text("only while this page is on screen")
    quick.tap()
    expect(phone.locator("#exam-q-title")).to_have_text("Question 1 of 20")
    out_of_reach: list[str] = []
    for number in range(1, 21):
        expect(phone.locator("#exam-q-title")).to_have_text(f"Question {number} of 20")
        expect(phone.locator("[data-exam-question]")).to_be_attached()
        for name in ("prev", "flag", "next"):
            if not in_reach(phone.locator(f"[data-exam-{name}]")):
                out_of_reach.append(f"{name} on question {number}")
        phone.locator("[data-exam-option]").first.tap()
        if number < 20:
            phone.locator("[data-exam-next]").tap()
    assert out_of_reach == []


def start_short_exam(page: Page, served_site: str) -> None:
    # Five questions, timed: 10 minutes.
    page.goto(f"{served_site}practice/?n=5&seed=3")
    page.locator("[data-exam-start]").click()
    expect(page.locator("[data-exam-clock]")).to_have_text("10:00")


def test_the_clock_stops_while_the_page_is_hidden_and_says_so_on_return(phone: Page, served_site: str) -> None:
    freeze_time(phone)
    start_short_exam(phone, served_site)
    phone.clock.run_for("01:00")
    expect(phone.locator("[data-exam-clock]")).to_have_text("9:00")
    set_hidden(phone, True)  # the phone is locked
    phone.clock.run_for("06:00")
    set_hidden(phone, False)
    expect(phone.locator("[data-exam-clock]")).to_have_text("9:00")
    expect(phone.locator("[data-exam-away]")).to_have_text(
        "The clock stopped while this page was away (6 minutes) and goes on with 9:00 left."
    )
    phone.clock.run_for("01:00")
    expect(phone.locator("[data-exam-clock]")).to_have_text("8:00")
    # Away for longer than the time left: the exam is still there, not submitted behind the learner's back.
    set_hidden(phone, True)
    phone.clock.run_for("30:00")
    set_hidden(phone, False)
    expect(phone.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(phone.locator("[data-exam-clock]")).to_have_text("8:00")
    expect(phone.locator("[data-exam-away]")).to_have_count(1)
    expect(phone.locator("[data-exam-away]")).to_contain_text("(30 minutes)")


def test_a_frozen_page_does_not_count_the_time_it_was_frozen(phone: Page, served_site: str) -> None:
    freeze_time(phone)
    start_short_exam(phone, served_site)
    phone.clock.run_for("01:00")
    # The browser froze the page while it looked visible (a sleeping laptop): no timer fired for six minutes.
    phone.clock.fast_forward("06:00")
    phone.clock.run_for(2000)
    expect(phone.locator("[data-exam-clock]")).to_have_text(re.compile(r"^8:5[89]$"))
    expect(phone.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")


def test_leaving_the_exam_then_resuming_from_the_home_page(phone: Page, served_site: str) -> None:
    freeze_time(phone)
    start_short_exam(phone, served_site)
    phone.locator("[data-exam-option]").first.tap()
    phone.locator("[data-exam-next]").tap()
    phone.clock.run_for("01:00")
    expect(phone.locator("[data-exam-clock]")).to_have_text("9:00")
    phone.goto(served_site)  # another page
    phone.clock.run_for("25:00")
    resume = phone.locator("[data-start-exam]")
    expect(resume).to_have_text(re.compile(r"^Resume exam: 1 of 5, (9:00|8:59) left$"))
    assert in_reach(resume)
    resume.tap()
    expect(phone.locator("[data-exam]")).to_have_attribute("data-exam-view", "run")
    expect(phone.locator("[data-exam-clock]")).to_have_text(re.compile(r"^(9:00|8:59)$"))
    expect(phone.locator("[data-exam-notice='info']").first).to_contain_text("only while this page is on screen")
    # The question's heading at the top of the screen, focused.
    heading = phone.locator("#exam-q-title")
    expect(heading).to_be_focused()
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    assert top < phone.viewport_size["height"] / 4, f"the resumed question starts {top}px down"  # type: ignore[index]


# ---------- 200% text ----------


def test_no_page_scrolls_sideways_or_breaks_words_at_200_percent_text(
    browser: Browser, built_site: Path, served_site: str
) -> None:
    context = browser.new_context(viewport=PHONES[0], has_touch=True, is_mobile=True)
    page = context.new_page()
    # Android's font scaling: the browser's text size doubled (every size on the site is in rem).
    cdp = context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    problems: dict[str, object] = {}
    try:
        for path in pages_of(built_site):
            if path.rstrip("/") in {"print", "worksheet", "answer-key"}:
                continue  # paper pages
            page.goto(f"{served_site}{path}")
            quiz = page.locator("[data-quiz-question]")
            if quiz.count():
                first = quiz.first
                first.locator("[data-quiz-option]").first.evaluate("row => row.click()")
                first.locator("[data-quiz-check]").evaluate("b => b.click()")
                score = page.locator("[data-quiz-score-short]")
                whole = score.evaluate("s => s.scrollWidth <= s.clientWidth + 1 && s.getBoundingClientRect().width > 0")
                if not whole:
                    problems[f"{path}: score"] = score.text_content()
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                problems[f"{path}: sideways"] = overflow
            broken = page.evaluate(BROKEN_WORDS)
            if broken:
                problems[f"{path}: words broken"] = broken
    finally:
        context.close()
    assert problems == {}


# ---------- the calculator ----------

CASES = [
    # (address, GPU memory in GB): QLoRA 70B on 2 x H100 80 GB fits; full fine-tuning of 7B on one 24 GB card does not;
    # LoRA 7B without activation checkpointing on an L40S 48 GB is just over.
    (
        "params=70.6B&method=qlora&trainable=207M&gpus=2&gpu=80&seq=2048&batch=1&checkpointing=1"
        "&layers=80&hidden=8192&heads=64",
        80,
    ),
    ("params=7B&method=full&gpu=24", 24),
    ("params=7B&method=lora&trainable=14M&gpu=48&layers=32&hidden=4096&heads=32&seq=2048&batch=1", 48),
]


def core_verdict(address: str) -> dict[str, object]:
    script = (
        "const c = require(process.argv[1]); const q = c.parseQuery('?' + process.argv[2]);"
        "console.log(JSON.stringify(c.evaluate(q.raw, q).verdict));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calculator/calc-core.js"), address],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(("address", "gpu"), CASES, ids=["qlora-70b-2xh100", "full-7b-4090", "lora-7b-l40s"])
def test_the_calculator_says_whether_it_fits(phone: Page, served_site: str, address: str, gpu: int) -> None:
    expected = core_verdict(address)
    phone.goto(f"{served_site}calculator/?{address}")
    verdict = phone.locator("[data-calc-verdict]")
    expect(verdict).to_have_attribute("data-calc-fits", "yes" if expected["fits"] else "no")
    expect(verdict).to_contain_text(str(expected["text"]))
    expect(verdict).to_contain_text(f"of each {gpu} GB")  # the allowance it assumes, stated
    # The total stays in view while editing: the summary sticks to the bottom of the screen.
    phone.locator("[data-calc-input='gpus']").scroll_into_view_if_needed()
    assert in_reach(phone.locator("[data-calc-summary]"))


# ---------- progress ----------


def test_progress_tables_fit_360_px(browser: Browser, served_site: str) -> None:
    context = browser.new_context(viewport=PHONES[1], has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        for path in ("", "progress/"):
            page.goto(f"{served_site}{path}")
            table = page.locator("[data-progress-table] table")
            expect(table).to_be_attached()
            width = table.evaluate("t => t.getBoundingClientRect().width")
            assert width <= 360 - 16, f"{path or 'home'}: the progress table is {width}px wide"
        page.goto(served_site)
        summary = page.locator("[data-progress-table]")
        height = summary.evaluate("t => t.getBoundingClientRect().height")
        assert height <= 640, f"the home page's progress summary is {height / 640:.2f} screens tall"
    finally:
        context.close()


def test_the_header_override_is_materials_plus_the_progress_link() -> None:
    theme = Path(__import__("material").__file__).parent / "templates/partials/header.html"
    ours = (ROOT / "overrides/partials/header.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    added = re.compile(r"    \{#- guide:.*?\{% endfor %\}\n", re.S)
    assert added.search(ours), "the progress link is gone from the header"
    assert added.sub("", ours) == theme.read_text(encoding="utf-8"), (
        "Material's header partial changed: copy it again into overrides/partials/header.html with the progress link"
    )


@pytest.mark.parametrize("path", ["", "topics/peft/", "practice/", "calculator/"])
def test_your_progress_is_one_tap_from_any_page(phone: Page, served_site: str, path: str) -> None:
    phone.goto(f"{served_site}{path}")
    link = phone.locator("[data-header-progress]")
    assert in_reach(link)
    link.tap()
    expect(phone).to_have_url(re.compile(r"progress/$"))
    expect(phone.locator("[data-progress-page]")).to_be_attached()


def test_the_calculator_answers_the_70b_question_from_the_form(phone: Page, served_site: str) -> None:
    # "Can I QLoRA-fine-tune a 70B on 2 x H100 80 GB?": a preset, QLoRA (the adapters counted from the preset's
    # shape), 2 GPUs and the GPU's preset, with the answer in view at the bottom of the screen all along.
    phone.goto(f"{served_site}calculator/")
    phone.locator("[data-calc-preset]").select_option("llama-3.1-70b")
    expect(phone.locator("#calc-params")).to_have_value("70.6B")
    phone.locator("#calc-method-qlora").check()
    expect(phone.locator("#calc-trainable")).to_have_value("207.094M")
    phone.locator("#calc-gpus").fill("2")
    phone.locator("#calc-checkpointing").check()
    phone.locator("[data-calc-gpu-preset]").select_option("h100-80")
    expect(phone.locator("#calc-gpu")).to_have_value("80")
    summary = phone.locator("[data-calc-summary]")
    expect(summary).to_have_text("Total per GPU: 44.3 GB · fits, 27.7 GB to spare")
    assert in_reach(summary)
    expect(phone.locator("[data-calc-verdict]")).to_have_attribute("data-calc-fits", "yes")
    expect(phone).to_have_url(re.compile(r"gpus=2&gpu=80"))

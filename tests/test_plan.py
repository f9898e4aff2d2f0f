"""The study plan and readiness (issue 29): the plan's days under a fake clock, a domain's row moving with answers,
its objectives opened from it, and "Practise this domain" drawing only that domain. The logic itself is tested under
Node (tests/js/plan.test.js, readiness.test.js, readiness-calibration.test.js)."""

from __future__ import annotations

import datetime
import re
import subprocess
from pathlib import Path

from playwright.sync_api import Page, expect

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from tests.test_browser import choose, question, wrong_answer
from tests.test_exam import exam_order

ROOT = Path(__file__).resolve().parents[1]

# A fixed morning in the browser's own time zone: the plan counts calendar days from it.
TODAY = datetime.datetime(2026, 3, 10, 9, 0)


def at_fixed_time(page: Page) -> None:
    page.clock.install(time=TODAY)


def test_setting_a_date_on_the_home_page_shows_the_plan_with_its_days(page: Page, served_site: str) -> None:
    at_fixed_time(page)
    page.goto(served_site)
    plan = page.locator("[data-plan]")
    expect(plan).to_have_attribute("data-plan-state", "none")
    # Without a date the home page still offers where to go on and Review.
    expect(page.locator("[data-start-lesson]")).to_be_visible()
    page.locator("[data-plan-date]").fill((TODAY + datetime.timedelta(days=21)).strftime("%Y-%m-%d"))
    expect(plan).to_have_attribute("data-plan-state", "plan")
    expect(plan).to_have_attribute("data-days-left", "21")
    expect(plan.locator("[data-plan-days]")).to_contain_text("21 days left")
    today = plan.locator("[data-plan-today]")
    expect(today.locator("[data-plan-item=review]")).to_be_visible()
    expect(today.locator("[data-plan-item=lesson]").first).to_be_visible()
    expect(plan.locator("[data-plan-warning]")).to_have_count(0)
    # The same date as Review's, in its one record.
    stored = page.evaluate("window.llmGuide.store.get(window.llmGuide.storeCore.DOCS.reviewSettings)")
    assert stored == {"examDate": "2026-03-31"}
    # Two days out: too close for the whole guide, and it says so.
    page.locator("[data-plan-date]").fill((TODAY + datetime.timedelta(days=2)).strftime("%Y-%m-%d"))
    expect(plan).to_have_attribute("data-days-left", "2")
    expect(plan.locator("[data-plan-warning]")).to_be_visible()
    expect(today.locator("[data-plan-item=lesson]")).to_have_count(4)
    # A date in the past makes no plan of lessons.
    page.locator("[data-plan-date]").fill((TODAY - datetime.timedelta(days=3)).strftime("%Y-%m-%d"))
    expect(plan).to_have_attribute("data-plan-state", "past")
    page.reload()
    expect(page.locator("[data-plan-date]")).to_have_value("2026-03-07")


def same_domain_questions(bank: LoadedBank) -> tuple[str, list[Question]]:
    """A domain, and questions of it from one lesson page: the first lesson with three of one domain."""
    for topic in bank.topics:
        for lesson in topic.lessons:
            questions = bank.questions_in(topic.id, lesson.id)
            for domain in dict.fromkeys(q.domain for q in questions):
                mine = [q for q in questions if q.domain == domain]
                if len(mine) >= 3:
                    return domain, mine
    raise AssertionError("no lesson with three questions of one domain")


def test_three_answers_in_one_domain_move_its_row(page: Page, served_site: str, bank: LoadedBank) -> None:
    domain, mine = same_domain_questions(bank)
    # Ten right answers elsewhere in the domain first, so it has an estimate for three misses to move.
    others = [q for q in bank.questions if q.domain == domain and q not in mine][:10]
    page.goto(f"{served_site}progress/")
    row = page.locator(f'[data-readiness-domain="{domain}"]')
    expect(row).to_have_attribute("data-answered", "0")
    expect(row).to_have_attribute("data-estimate", "")
    page.evaluate(
        """(ids) => ids.forEach((id) => {
          const g = window.llmGuide;
          const q = g.bank.questions[id];
          g.store.recordAttempt(id, g.storeCore.attempt(q, q.key, true, { source: "exam", at: Date.now() }));
        })""",
        [q.id for q in others],
    )
    expect(row).to_have_attribute("data-answered", "10")
    before = int(row.get_attribute("data-estimate") or "-1")
    assert before > 70
    lesson = f"{served_site}topics/{mine[0].topic}/{mine[0].lesson}/"
    page.goto(lesson)
    for q in mine[:3]:
        choose(page, q, wrong_answer(q))
        question(page, q).locator("[data-quiz-check]").click()
    page.goto(f"{served_site}progress/")
    expect(row).to_have_attribute("data-answered", "13")
    after = int(row.get_attribute("data-estimate") or "-1")
    assert 0 <= after < before - 5, (before, after)
    # Its objectives open from the row, each with its own evidence.
    row.locator("[data-readiness-open]").click()
    expect(row.locator("[data-readiness-open]")).to_have_attribute("aria-expanded", "true")
    objectives = page.locator(f'[data-readiness-objectives="{domain}"]')
    expect(objectives).to_be_visible()
    in_domain = {o.id for o in bank.objectives if o.domain == domain}
    trained = next(o for q in mine[:3] for o in q.objectives if o in in_domain)
    expect(objectives.locator(f'[data-readiness-objective="{trained}"]')).not_to_have_attribute("data-answered", "0")


def test_practise_this_domain_draws_only_that_domain(page: Page, served_site: str, bank: LoadedBank) -> None:
    domain = "evaluation"
    page.goto(f"{served_site}progress/")
    page.locator(f'[data-readiness-domain="{domain}"] [data-readiness-practise]').click()
    expect(page.locator("[data-exam]")).to_have_attribute("data-exam-view", "setup")
    assert f"domain={domain}" in page.url
    page.locator("[data-exam-start]").click()
    ids = exam_order(page)
    assert len(ids) == 10
    assert {bank.question(i).domain for i in ids} == {domain}


def test_an_unknown_domain_in_a_link_is_named(page: Page, served_site: str) -> None:
    page.goto(f"{served_site}practice/?domain=cooking,evaluation")
    expect(page.locator("[data-exam-notice]").filter(has_text="cooking")).to_be_visible()
    expect(page.locator("[data-exam-domain]")).to_have_attribute("data-exam-domain", "evaluation")


def test_the_calibration_benchmark_runs_on_the_built_bank(built_site: Path) -> None:
    # bench/RESULTS.md's command, on a few learners: it reads the built bank and prints the table at 20, 50 and 100.
    out = subprocess.run(
        ["node", "bench/readiness_calibration.js", str(built_site), "--learners", "20"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    assert re.search(r"^Bank: \d{3,} questions; 20 simulated learners", out, re.M), out
    for answers in (20, 50, 100):
        assert re.search(rf"^\| {answers} \| [\d.]+% \|", out, re.M), out

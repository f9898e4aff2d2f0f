"""A bank at scale and hostile content, built for real and used in the browser."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import yaml
from playwright.sync_api import Browser, Dialog, expect

from guide.bank.validate import load_bank
from tests.browser import Console
from tests.conftest import ROOT, copy_project, free_port, run_mkdocs, serve
from tests.test_browser import lesson_path

MANY = 1000
# What the build accepts (a tag that could run script outside code is refused: tests/test_banktext.py): script in a
# code span, a tag without attributes, an entity and a backslashed backtick, which Markdown reads as no code span.
HOSTILE_STEM = (
    "Is `<script>window.__owned = 1</script>` & `{{ x }}` | \"quoted\" 'single' 🙂 "
    "<PERSON> &copy; \\`<b>bold?</b>` safe?"
)
SHOWN_STEM = (
    "Is <script>window.__owned = 1</script> & {{ x }} | \"quoted\" 'single' 🙂 <PERSON> &copy; `<b>bold?</b>` safe?"
)
HOSTILE_OPTION = "<b>bold?</b> & {% raw %} | `code <b>`"


def generated_bank() -> dict[str, object]:
    """The real bank (its topics, lessons and questions, which the pages and their links name), with PEFT's first
    lesson replaced by MANY generated questions, some of them hostile."""
    real = load_bank(ROOT / "data/questions.yaml")
    first = real.topic("peft").lessons[0].id
    topics = [topic.model_dump(mode="json", exclude_none=True) for topic in real.topics]
    questions: list[dict[str, object]] = [
        question.model_dump(mode="json", exclude_none=True)
        for question in real.questions
        if not (question.topic == "peft" and question.lesson == first)
    ]
    for n in range(MANY):
        select = 2 if n % 3 == 0 else 1
        questions.append(
            {
                "id": f"peft-gen-{n}",
                "topic": "peft",
                "lesson": first,
                "domain": "fine-tuning",
                "objectives": ["5.2"],
                "stem": HOSTILE_STEM if n == 1 else f"Generated question {n} about **peft**?",
                "select": select,
                "options": [
                    {
                        "text": HOSTILE_OPTION if (n == 1 and i == 1) else f"Option {i} of {n}",
                        "correct": i < select,
                        "explanation": f"Explanation {i} with `code` and a [link](https://example.org/{i}).",
                    }
                    for i in range(4)
                ],
                "references": [{"title": "LoRA", "url": "https://arxiv.org/abs/2106.09685"}],
            }
        )
    objectives = [objective.model_dump(mode="json") for objective in real.objectives]
    return {"objectives": objectives, "topics": topics, "questions": questions}


@pytest.fixture(scope="module")
def big_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    project = copy_project(tmp_path_factory.mktemp("big"), ("mkdocs.yml", "docs", "guide", "macros", "overrides"))
    (project / "data").mkdir()
    (project / "data/questions.yaml").write_text(yaml.safe_dump(generated_bank(), allow_unicode=True), encoding="utf-8")
    port = free_port()
    site = project / "site"
    result = run_mkdocs(project, site, env={"SITE_URL": f"http://127.0.0.1:{port}/"})
    assert result.returncode == 0, result.stdout + result.stderr
    with serve(site, port) as url:
        yield url


def test_a_thousand_questions_on_one_page(browser: Browser, big_site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        page.goto(f"{big_site}{lesson_path('peft')}")
        expect(page.locator("[data-quiz-question][data-quiz-ready]")).to_have_count(MANY)
        last = page.locator(f'[data-quiz-question="peft-gen-{MANY - 2}"]')  # a single-select one near the end
        last.locator('[data-quiz-option="0"] [data-quiz-input]').check()
        last.locator("[data-quiz-check]").click()
        expect(last.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct\."))
        expect(page.locator("[data-quiz-score]")).to_have_text(
            f"Score: 1 of {MANY} correct (1 checked). First try: 1 of 1."
        )
    finally:
        context.close()
    assert console.errors == []


def test_hostile_content_renders_as_text_and_never_runs(browser: Browser, big_site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[Dialog] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog))
    try:
        page.goto(f"{big_site}{lesson_path('peft')}")
        question = page.locator('[data-quiz-question="peft-gen-1"]')
        stem = question.locator(".quiz-q__stem")
        expect(stem).to_have_text(SHOWN_STEM)
        expect(stem.locator("code")).to_have_text(["<script>window.__owned = 1</script>", "{{ x }}"])
        expect(stem.locator("script, img, b")).to_have_count(0)
        label = question.locator('[data-quiz-option="1"]')
        expect(label).to_contain_text("<b>bold?</b> & {% raw %} |")
        expect(label.locator("code")).to_have_text("code <b>")
        assert page.evaluate("window.__owned === undefined")
        assert dialogs == []
    finally:
        context.close()

"""Layer 2: rendering a single and a multi-select question to HTML, without MkDocs."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup, Tag
from markupsafe import Markup

from guide.bank.validate import LoadedBank, load_text
from guide.render.renderer import Renderer, instruction
from guide.render.titles import question_title
from tests.bankfixtures import VALID


@pytest.fixture(scope="module")
def small_bank() -> LoadedBank:
    return load_text(VALID, "data/questions.yaml")


def render(bank: LoadedBank, qid: str) -> Tag:
    html = Renderer().question(bank.question(qid), number=1)
    article = BeautifulSoup(html, "html.parser").find("article")
    assert isinstance(article, Tag)
    return article


def test_single_select_question(small_bank: LoadedBank) -> None:
    article = render(small_bank, "lora-rank")
    assert article["id"] == "q-lora-rank"
    assert article["data-quiz-select"] == "1"
    assert json.loads(str(article["data-quiz-key"])) == [0]
    inputs = article.select("fieldset input[data-quiz-input]")
    assert [i["type"] for i in inputs] == ["radio"] * 3
    assert len({i["name"] for i in inputs}) == 1
    # Each input sits in its option's label: the whole row is the click target, with no ids to keep unique.
    for index, input_ in enumerate(inputs):
        label = input_.parent
        assert label.name == "label" and label["data-quiz-option"] == str(index)
        assert label.get_text().strip().startswith(f"{'ABC'[index]}.")
    assert article.select_one("fieldset > legend").get_text() == "Choose one."
    stem = article.select_one(".quiz-q__stem")
    assert stem.select_one("code").get_text() == "r"
    assert article.select_one("fieldset")["aria-describedby"] == stem["id"]
    # The group is named by its question, not by "Choose one." (which every single-select group would share).
    assert article.select_one("fieldset")["aria-labelledby"] == article.select_one("h3")["id"]
    # Check, Try again and the result line exist only with the script (quiz.js adds them): without it there is
    # nothing to check, and thousands of questions would each carry hidden controls.
    assert article.select("button, [data-quiz-result]") == []


def test_every_option_has_an_explanation_with_its_verdict(small_bank: LoadedBank) -> None:
    article = render(small_bank, "lora-rank")
    details = article.select("[data-quiz-explanations] details")
    assert len(details) == 3
    verdicts = [d.select_one("summary [data-quiz-verdict]").get_text() for d in details]
    assert verdicts == ["Correct", "Incorrect", "Incorrect"]
    assert "target_modules" in details[1].select_one("code").get_text()
    assert [d["id"] for d in details] == ["q-lora-rank-why-a", "q-lora-rank-why-b", "q-lora-rank-why-c"]
    assert article.select_one(".quiz-q__refs a")["href"] == "https://arxiv.org/abs/2106.09685"


def test_multi_select_question(small_bank: LoadedBank) -> None:
    article = render(small_bank, "lora-multi")
    assert [i["type"] for i in article.select("input[data-quiz-input]")] == ["checkbox"] * 4
    assert article.select_one("legend").get_text() == "Choose two."
    assert json.loads(str(article["data-quiz-key"])) == [0, 1]
    assert "Multiple answers" in article.get_text()


def test_instruction_is_derived_from_select() -> None:
    assert [instruction(n) for n in (1, 2, 3, 9)] == ["Choose one.", "Choose two.", "Choose three.", "Choose 9."]


def test_each_question_is_rendered_once_per_build(small_bank: LoadedBank) -> None:
    renderer = Renderer()
    calls = 0
    original = renderer.markdown

    def counting(text: str) -> Markup:
        nonlocal calls
        calls += 1
        return original(text)

    renderer.markdown = counting  # type: ignore[method-assign]
    first = renderer.question(small_bank.question("lora-rank"), 1)
    after_first = calls
    assert renderer.question(small_bank.question("lora-rank"), 1) == first
    renderer.lesson(small_bank, "peft", "basics")
    assert calls == after_first + sum(  # the topic's other questions, once each
        1 + 2 * len(q.options)
        for q in small_bank.questions_for(small_bank.question("lora-rank").topic)
        if q.id != "lora-rank"
    )


def test_special_characters_are_escaped_not_executed() -> None:
    text = VALID.replace(
        "stem: What does the LoRA rank `r` control?",
        "stem: 'Is <script>alert(1)</script> & `{{ x }}` | \"q\" 🙂 safe?'",
    )
    article = render(load_text(text, "data/questions.yaml"), "lora-rank")
    stem = article.select_one(".quiz-q__stem")
    assert stem.find("script") is None
    assert stem.get_text().strip() == 'Is <script>alert(1)</script> & {{ x }} | "q" 🙂 safe?'
    assert stem.select_one("code").get_text() == "{{ x }}"
    # The short title the scripts read (README's contract), escaped for its attribute: the same plain text, no tag.
    assert article["data-quiz-title"] == 'Is <script>alert(1)</script> & {{ x }} | "q" 🙂 safe?'
    assert article.find("script") is None


def test_the_title_is_stated_as_an_attribute_not_left_in_the_heading(small_bank: LoadedBank) -> None:
    # quiz.js and links.js read data-quiz-title: a heading whose number is wrapped in an element changes nothing.
    q = small_bank.question("lora-rank")
    article = render(small_bank, "lora-rank")
    assert article["data-quiz-title"] == question_title(q)
    heading = article.select_one(".quiz-q__title")
    assert heading is not None and heading.get_text().startswith(f"Question 1: {question_title(q)}")


def test_a_topic_is_rendered_again_only_when_its_questions_change() -> None:
    # `mkdocs serve` makes a new Renderer per rebuild; a topic whose questions did not change is reused, and an edit
    # (here: one explanation) shows at once.
    bank = load_text(VALID, "data/questions.yaml")
    topic = bank.question("lora-rank").topic
    first = Renderer().lesson(bank, topic, "basics")
    assert Renderer().lesson(load_text(VALID, "data/questions.yaml"), topic, "basics") is first
    edited = load_text(VALID.replace("explanation: ", "explanation: Edited now. ", 1), "data/questions.yaml")
    again = Renderer().lesson(edited, topic, "basics")
    assert "Edited now." in again and "Edited now." not in first

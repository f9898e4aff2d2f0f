"""Topic pages as a learner finds them (issue 10): nothing hidden under sticky bars, explanations that open, big
option rows, questions listed by title in the TOC and in search, and a jump to the next unanswered question."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.render.titles import question_title
from tests.browser import Console
from tests.conftest import ROOT
from tests.test_browser import choose, first, lesson_questions, open_topic, page_of, question, wrong_answer

# True when the element's top edge is really visible: the topmost element there is the element itself (or inside
# it, or the label of an input), not the header, the score bar or Material's Back-to-top pill.
UNCOVERED = """(el) => {
  // A link that wraps has several boxes; its first is where it starts.
  const r = el.getClientRects()[0] || el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return true;
  const x = Math.min(Math.max(r.left + Math.min(r.width / 2, 12), 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 3), 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  if (!hit) return false;
  if (hit === el || el.contains(hit)) return true;
  return !!(el.id && hit.closest && hit.closest(`label[for="${el.id}"]`));
}"""

FOCUS_REPORT = """(check) => {
  const el = document.activeElement;
  const inContent = !!el.closest('.md-content');
  const covered = inContent && !(new Function('return ' + check)())(el);
  return {inContent, footer: !!el.closest('.md-footer'), covered,
          what: el.outerHTML.slice(0, 120)};
}"""


@pytest.fixture(params=[(1280, 900), (375, 812)], ids=["wide", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    console = Console()
    console.attach(page)
    yield page
    context.close()
    assert console.errors == []


def test_deep_links_land_clear_of_the_sticky_bars(sized_page: Page, served_site: str, bank: LoadedBank) -> None:
    q = lesson_questions(bank, "peft")[5]
    sized_page.goto(f"{served_site}{page_of(q)}#q-{q.id}")
    heading = question(sized_page, q).locator(".quiz-q__title")
    expect(heading).to_be_in_viewport()
    sized_page.wait_for_timeout(300)  # Material may adjust the scroll once its components mount
    assert heading.evaluate(UNCOVERED), "a linked question lands under the header or the score bar"
    sized_page.goto(f"{served_site}{page_of(q)}#q-{q.id}-why-c")
    summary = sized_page.locator(f"#q-{q.id}-why-c > summary")
    expect(summary).to_be_visible()
    sized_page.wait_for_timeout(300)
    assert summary.evaluate(UNCOVERED), "a linked explanation lands under the header or the score bar"


def test_keyboard_focus_is_never_under_a_sticky_element(sized_page: Page, served_site: str, bank: LoadedBank) -> None:
    open_topic(sized_page, served_site, "peft")
    # Answer two questions so that their explanations, links and Try again buttons are focusable too.
    for q in lesson_questions(bank, "peft")[:2]:
        choose(sized_page, q, wrong_answer(q))
        question(sized_page, q).locator("[data-quiz-check]").click()
    sized_page.locator(".md-content h1").first.evaluate("h => { h.tabIndex = -1; h.focus(); }")
    seen, problems = focus_walk(sized_page, 600)
    assert seen > 40
    assert problems == []


def focus_walk(page: Page, presses: int) -> tuple[int, list[str]]:
    """Tab forward to the footer, then Shift+Tab back out of the content, from the focused element: how many focus
    stops were in the content, and which of them a sticky element covered."""
    seen = 0
    problems: list[str] = []
    for key in ("Tab", "Shift+Tab"):
        for _ in range(presses):
            page.keyboard.press(key)
            report = page.evaluate(FOCUS_REPORT, UNCOVERED)
            if report["footer"] or (key == "Shift+Tab" and not report["inContent"] and seen > 20):
                break
            if report["inContent"]:
                seen += 1
                if report["covered"]:
                    problems.append(f"{key}: {report['what']}")
    return seen, problems


def test_after_a_wrong_answer_the_chosen_and_the_correct_explanations_are_open(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    q = first(bank, "memory", 2)
    open_topic(page, served_site, "memory")
    chosen = wrong_answer(q)[:1] + q.key[:1]
    choose(page, q, chosen)
    question(page, q).locator("[data-quiz-check]").click()
    for index in range(len(q.options)):
        details = question(page, q).locator(f'[data-quiz-explanation="{index}"]')
        if index in chosen or index in q.key:
            expect(details).to_have_attribute("open", "")
            expect(details.locator("summary + p")).to_be_visible()
        else:
            expect(details).not_to_have_attribute("open", "")
    # Body size, and the summary's option text in normal weight.
    sizes = page.evaluate(
        """(id) => { const a = document.getElementById('q-' + id);
        const body = getComputedStyle(a.querySelector('.quiz-why > summary + p')).fontSize;
        const stem = getComputedStyle(a.querySelector('.quiz-q__stem p')).fontSize;
        const weight = getComputedStyle(a.querySelector('.quiz-why > summary')).fontWeight;
        return [body, stem, weight]; }""",
        q.id,
    )
    assert sizes[0] == sizes[1] and sizes[2] == "400", sizes


def test_a_click_on_the_row_padding_selects_the_option(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    row = question(page, q).locator('[data-quiz-option="2"]')
    box = row.bounding_box()
    assert box is not None
    row.click(position={"x": box["width"] - 12, "y": 6})  # right of the text, in the row's padding
    expect(row.locator("[data-quiz-input]")).to_be_checked()


def test_choose_first_is_a_warning(page: Page, served_site: str, bank: LoadedBank) -> None:
    q = first(bank, "peft", 1)
    open_topic(page, served_site, "peft")
    question(page, q).locator("[data-quiz-check]").click()
    result = question(page, q).locator("[data-quiz-result]")
    expect(result).to_have_text("Choose an answer first.")
    expect(result).to_have_attribute("data-quiz-warning", "")
    box = question(page, q).locator("[data-quiz-check]").bounding_box()
    assert box is not None and box["height"] >= 40


def test_the_table_of_contents_lists_every_question_by_title(page: Page, served_site: str, bank: LoadedBank) -> None:
    open_topic(page, served_site, "alignment")
    toc = page.locator(".md-sidebar--secondary")
    questions = lesson_questions(bank, "alignment")
    for number, q in enumerate(questions, start=1):
        link = toc.locator(f'a[href$="#q-{q.id}"]')
        expect(link).to_have_count(1)
        expect(link).to_have_text(f"{number}. {question_title(q)}")
    expect(question(page, questions[2]).locator("h3")).to_contain_text(f"Question 3: {question_title(questions[2])}")


def unique_stem_word(bank: LoadedBank) -> tuple[Question, str]:
    """A question and a long word that appears in its stem and nowhere else: no other stem, option, title or page."""
    pages = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md")).lower()
    words = lambda text: set(re.findall(r"[a-z]{9,}", text.lower()))  # noqa: E731
    elsewhere: Counter[str] = Counter()
    for q in bank.questions:
        elsewhere.update(words(q.stem) | words(" ".join(o.text for o in q.options)) | words(q.title or ""))
    for q in bank.questions:
        for word in sorted(words(q.stem)):
            if (
                elsewhere[word] == 1
                and word not in pages
                and word not in words(" ".join(o.explanation for o in q.options))
            ):
                return q, word
    raise AssertionError("no stem has a word of its own")


def test_search_finds_a_stem_phrase_first_named_by_its_title(page: Page, served_site: str, bank: LoadedBank) -> None:
    # A word only one question's stem holds, and no other text of the guide's pages (Material ranks by page group
    # first, with titles boosted 1000x, so a word that some other page or title also has can rank that page first).
    q, word = unique_stem_word(bank)
    page.goto(served_site)
    page.locator(".md-search__input").click()
    page.keyboard.type(word)
    hit = page.locator(".md-search-result__link[href*='#q-']").first
    expect(hit).to_have_attribute("href", re.compile(f"#q-{q.id}-title$"))
    expect(hit.locator("h2")).to_contain_text(question_title(q))
    # Controls and verdicts are not indexed.
    index = page.evaluate("fetch('search/search_index.json').then(r => r.json())")
    text = " ".join(d["text"] + " " + d["title"] for d in index["docs"] if "#q-" in d["location"])
    for words in ("Try again", "Your choice:", "Choose one.", "Choose two.", "Sources:", "Multiple answers"):
        assert words not in text, words
    assert not re.search(r"\b[A-E]\.? (Correct|Incorrect)\b", text)


def test_next_unanswered_moves_focus(page: Page, served_site: str, bank: LoadedBank) -> None:
    questions = lesson_questions(bank, "evaluation")
    open_topic(page, served_site, "evaluation")
    choose(page, questions[1], questions[1].key)
    question(page, questions[1]).locator("[data-quiz-check]").click()
    question(page, questions[0]).locator("[data-quiz-input]").first.focus()
    page.locator("[data-quiz-next]").click()
    # From question 1, question 2 is answered: the next unanswered one is question 3.
    assert page.evaluate("[document.activeElement.name, document.activeElement.value]") == [f"q-{questions[2].id}", "0"]
    heading = question(page, questions[2]).locator(".quiz-q__title")
    assert heading.evaluate(UNCOVERED)


def test_back_to_top_never_covers_the_score(page: Page, served_site: str) -> None:
    open_topic(page, served_site, "peft")
    page.mouse.wheel(0, 4000)
    page.wait_for_timeout(200)
    page.mouse.wheel(0, -400)
    pill = page.locator(".md-top")
    expect(pill).to_be_visible()
    overlap = page.evaluate(
        """() => { const a = document.querySelector('.md-top').getBoundingClientRect();
        const b = document.querySelector('.quiz__scorebar').getBoundingClientRect();
        return !(a.bottom <= b.top || a.top >= b.bottom || a.right <= b.left || a.left >= b.right); }"""
    )
    assert not overlap


def test_graded_checkboxes_stay_legible_in_dark(browser: Browser, served_site: str, bank: LoadedBank) -> None:
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    try:
        q = first(bank, "peft", 2)
        open_topic(page, served_site, "peft")
        choose(page, q, q.key)
        question(page, q).locator("[data-quiz-check]").click()
        colours = (
            question(page, q)
            .locator("[data-quiz-input]")
            .evaluate_all("els => els.map(e => [e.checked, getComputedStyle(e).backgroundColor])")
        )
        checked = {c for on, c in colours if on}
        unchecked = {c for on, c in colours if not on}
        assert len(checked) == 1 and checked.isdisjoint(unchecked), colours
    finally:
        context.close()

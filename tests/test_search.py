"""Search that knows code: identifiers split into words (mkdocs.yml's `search.separator`), and a question that holds
every word of a search listed above its lesson's notes (macros/searchrank.py). Each case is typed into the served
site's search box as a learner types it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from guide.bank.validate import LoadedBank
from macros import searchrank

LESSON = "topics/peft/lora-basics/"


def search(page: Page, served_site: str, words: str) -> Locator:
    page.goto(served_site)
    page.locator(".md-search__input").click()
    page.keyboard.type(words, delay=20)
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(r"\d+ matching document"))
    return page.locator(".md-search-result__item")


def group(results: Locator, page_path: str) -> Locator:
    """The result group of one page: its sections' links, best first, as Material lists them."""
    item = results.filter(has=results.page.locator(f".md-search-result__link[href*='{page_path}?']")).first
    expect(item).to_be_visible()
    return item.locator(".md-search-result__link")


def question_with(bank: LoadedBank, identifier: str) -> str:
    found = [
        q.id
        for q in bank.questions
        if f"{q.topic}/{q.lesson}/" == LESSON.removeprefix("topics/") and identifier in q.stem
    ]
    assert found, identifier
    return found[0]


@pytest.mark.parametrize(("words", "identifier"), [("dropout", "lora_dropout"), ("target modules", "target_modules")])
def test_a_word_of_an_identifier_finds_it_and_the_question_leads_its_lesson(
    page: Page, served_site: str, bank: LoadedBank, words: str, identifier: str
) -> None:
    qid = question_with(bank, identifier)
    links = group(search(page, served_site, words), LESSON)
    hrefs = [str(href) for href in links.evaluate_all("(links) => links.map(a => a.getAttribute('href'))")]
    sections = [h.split("#", 1)[1] for h in hrefs if "#" in h]
    assert f"q-{qid}-title" in sections, (identifier, sections)
    # The question holds every word searched for; the lesson's notes hold them too, more often and in a longer text,
    # and it still comes first.
    assert "key-ideas" in sections, sections
    assert sections.index(f"q-{qid}-title") < sections.index("key-ideas"), sections


def test_the_index_tells_the_browser_how_to_split_and_what_to_boost(served_site: str, page: Page) -> None:
    index = page.request.get(f"{served_site}search/search_index.json").json()
    separator = re.compile(index["config"]["separator"])
    assert [
        t for t in separator.split("lora_dropout=0.05 LoraConfig(target_modules=[q_proj]) model.generate") if t
    ] == ["lora", "dropout", "0.05", "Lora", "Config", "target", "modules", "q", "proj", "model", "generate"]
    questions = [d for d in index["docs"] if searchrank.QUESTION_SECTION.search(d["location"])]
    assert questions and all(d.get("boost") == searchrank.QUESTION_BOOST for d in questions)
    assert not any("boost" in d for d in index["docs"] if d not in questions), "only questions are boosted"

"""Publishing and print: no third-party requests online, link previews, descriptions, sitemap and 404, no placeholder
host in a local build, and what a printed page, the worksheet and the answer key show."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from urllib.parse import urlparse

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, Page, expect

from guide.bank.validate import LoadedBank
from tests.browser import Console, Requests
from tests.conftest import TEST_REPO_URL
from tests.test_browser import lesson_path, lesson_questions


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("index.html"))


# ---------- metadata in the built HTML ----------


def test_every_page_has_its_own_description_and_preview_tags(built_site: Path, site_url: str) -> None:
    default = soup(built_site / "404.html").select_one("meta[name=description]")["content"]  # type: ignore[index]
    seen = set()
    for page in pages(built_site):
        html = soup(page)
        description = str(html.select_one("meta[name=description]")["content"])  # type: ignore[index]
        where = page.relative_to(built_site).as_posix()
        assert description != default, f"{where}: add a `description:` to the page's front matter"
        seen.add(description)
        meta = {str(m.get("property") or m.get("name")): str(m["content"]) for m in html.select("meta[content]")}
        assert meta["og:description"] == meta["twitter:description"] == description
        assert meta["og:title"] and meta["twitter:card"] == "summary_large_image"
        assert meta["og:image"] == meta["twitter:image"] == f"{site_url}assets/social-card.png"
        assert meta["og:url"] == html.select_one("link[rel=canonical]")["href"]  # type: ignore[index]
        assert meta["og:url"].startswith(site_url)
    assert len(seen) == len(pages(built_site)), "descriptions are page-specific"


def test_preview_image_is_a_1200_by_630_png(built_site: Path) -> None:
    data = (built_site / "assets" / "social-card.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1200, 630)


def test_published_build_has_sitemap_repository_and_edit_links(built_site: Path, site_url: str) -> None:
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{site_url}topics/peft/</loc>" in sitemap
    topic = soup(built_site / "topics/peft/index.html")
    assert topic.select_one("a.md-source")["href"] == TEST_REPO_URL  # type: ignore[index]
    edit = topic.select_one("a.md-content__button[rel=edit]")
    assert edit is not None and edit["href"] == f"{TEST_REPO_URL}/edit/main/docs/topics/peft/index.md"
    about = soup(built_site / "about/index.html")
    assert about.select_one(f'a[href="{TEST_REPO_URL}/issues"]') is not None


def test_local_build_writes_no_placeholder_host(local_site: Path) -> None:
    """A `scripts/site build` without SITE_URL: relative links only, no sitemap, nothing pointing at a made-up host."""
    for path in local_site.rglob("*"):
        if path.suffix in {".html", ".xml", ".js", ".json", ".txt"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            assert "example.org" not in text and "example.com" not in text, path
    assert not (local_site / "sitemap.xml").exists()
    home = soup(local_site / "index.html")
    assert home.select_one("link[rel=canonical]") is None
    assert home.select_one("meta[property='og:image']")["content"] == "assets/social-card.png"  # type: ignore[index]
    assert home.select_one("a.md-source") is None and home.select_one("a[rel=edit]") is None
    about = soup(local_site / "about/index.html").get_text(" ")
    assert "built without a repository address" in about


def test_404_page_offers_topics_and_search(built_site: Path, bank: LoadedBank, site_url: str) -> None:
    page = soup(built_site / "404.html")
    assert "search" in page.select_one("article").get_text(" ").lower()  # type: ignore[union-attr]
    links = {str(a["href"]) for a in page.select(".guide-404 a")}
    root = urlparse(site_url).path
    for topic in bank.topics:
        assert f"{root}topics/{topic.id}/" in links


# ---------- online: no third party ----------


def test_online_site_requests_nothing_from_other_hosts(
    browser: Browser, served_site: str, built_site: Path, bank: LoadedBank
) -> None:
    context = browser.new_context()
    requests = Requests((served_site, "data:", "blob:"))
    requests.attach(context)
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        for path in pages(built_site):
            relative = path.parent.relative_to(built_site).as_posix()
            page.goto(served_site if relative == "." else f"{served_site}{relative}/")
            page.wait_for_load_state("load")
        q = next(q for q in lesson_questions(bank, "peft") if q.select == 1)
        page.goto(f"{served_site}{lesson_path('peft')}")
        block = page.locator(f'[data-quiz-question="{q.id}"]')
        block.locator(f'[data-quiz-option="{q.key[0]}"] [data-quiz-input]').check()
        block.locator("[data-quiz-check]").click()
        page.keyboard.press("s")
        page.locator(".md-search__input").press_sequentially("adapter", delay=20)
        expect(page.locator(".md-search-result__item").first).to_be_visible()
    finally:
        context.close()
    assert len(requests.seen) > 20
    assert requests.refused == []
    assert console.errors == []


# ---------- print ----------


@pytest.mark.parametrize("javascript", [True, False], ids=["with-js", "without-js"])
def test_printed_topic_page_shows_key_and_explanations(
    browser: Browser, served_site: str, bank: LoadedBank, javascript: bool
) -> None:
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    try:
        page.goto(f"{served_site}{lesson_path('memory')}")
        page.emulate_media(media="print")
        for q in lesson_questions(bank, "memory")[:3]:
            block = page.locator(f"#q-{q.id}")
            for index, option in enumerate(q.options):
                why = block.locator("details").nth(index)
                expect(why.locator("[data-quiz-verdict]")).to_have_text("Correct" if option.correct else "Incorrect")
                body = why.locator("summary + p")
                expect(body).to_be_visible()
                first_words = " ".join(option.explanation.split()[:3]).replace("`", "")
                expect(body).to_contain_text(re.sub(r"[*_]", "", first_words)[:12])
        visible_buttons = [b for b in page.locator("button, .md-content__button, .headerlink").all() if b.is_visible()]
        assert visible_buttons == []
        for chrome in (".md-header", ".md-sidebar--primary", ".md-footer"):
            expect(page.locator(chrome).first).to_be_hidden()
        # Negative control: on screen, with the script, explanations wait for a check.
        if javascript:
            page.emulate_media(media="screen")
            expect(page.locator(f"#q-{lesson_questions(bank, 'memory')[0].id} [data-quiz-explanations]")).to_be_hidden()
    finally:
        context.close()


def visible_text(page: Page) -> str:
    return page.locator("article").first.inner_text()


@pytest.mark.parametrize("javascript", [True, False], ids=["with-js", "without-js"])
def test_print_views(browser: Browser, served_site: str, bank: LoadedBank, javascript: bool) -> None:
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    try:
        q = next(q for q in bank.questions if q.select > 1)
        key_text = q.options[q.key[0]].explanation.split()[:4]

        page.goto(f"{served_site}print/")
        page.emulate_media(media="print")
        expect(page.locator(".print-q")).to_have_count(len(bank.questions))
        expect(page.locator(".print-index li a")).to_have_count(len(bank.questions))
        block = page.locator(f"#q-{q.id}")
        expect(block.locator(".print-q__option--key")).to_have_count(q.select)
        expect(block.locator(".print-q__why")).to_have_count(len(q.options))
        expect(block.locator(".print-q__why--correct").first).to_contain_text(key_text[0].strip("`*_"))
        expect(block.locator(".print-q__verdict").first).to_be_visible()

        page.goto(f"{served_site}worksheet/")
        page.emulate_media(media="print")
        expect(page.locator(".print-q")).to_have_count(len(bank.questions))
        sheet = page.locator(f"#q-{q.id}")
        expect(sheet.locator(".print-q__options li")).to_have_count(len(q.options))
        for hidden in (".print-q__option--key", ".print-q__verdict", ".print-q__why", ".print-q__explanations"):
            expect(page.locator(hidden)).to_have_count(0)
        assert "Correct" not in visible_text(page)

        page.goto(f"{served_site}answer-key/")
        row = page.locator(f"#key-q-{q.id} td").nth(1)
        expect(row).to_have_text(", ".join(chr(65 + i) for i in q.key))
        expect(page.locator("tr[id^='key-q-']")).to_have_count(len(bank.questions))
    finally:
        context.close()

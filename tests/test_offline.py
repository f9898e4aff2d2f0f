"""The offline download: built and zipped as `scripts/site build` does, unzipped, and used from file:// in Chromium
with no request to any network address. Also the vendored search shim and the offline configuration."""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, Page, expect

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.outputs import offline
from tests.browser import Console, Requests
from tests.conftest import ROOT, assert_vendored

LOCAL = ("file:", "data:", "blob:")
THEME = Path(__import__("material").__file__).parent / "templates"


class _Loader(yaml.SafeLoader):
    """mkdocs.yml uses MkDocs' !ENV tag; for comparing the two configs its default value is what matters."""


_Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


def config(name: str) -> dict[str, object]:
    return dict(yaml.load((ROOT / name).read_text(encoding="utf-8"), Loader=_Loader))  # a SafeLoader subclass


@pytest.fixture(scope="session")
def archive(offline_archive: Path) -> Path:
    return offline_archive


# ---------- vendoring and configuration ----------


def test_vendored_iframe_worker_is_the_pinned_package() -> None:
    assert_vendored("iframe-worker", {"shim.js": "shim/index.js", "LICENSE": "LICENSE"})


def test_offline_config_is_the_online_one_without_instant_navigation() -> None:
    online, offline_config = config("mkdocs.yml"), config("mkdocs.offline.yml")
    assert offline_config["INHERIT"] == "mkdocs.yml"
    features = online["theme"]["features"]  # type: ignore[index]
    assert "navigation.instant" in features
    assert offline_config["theme"]["features"] == [f for f in features if f != "navigation.instant"]  # type: ignore[index]
    assert offline_config["plugins"] == [*online["plugins"], "offline"]  # type: ignore[misc]
    assert offline_config["use_directory_urls"] is False
    assert offline_config["extra"]["polyfills"] == ["assets/vendor/iframe-worker/shim.js"]  # type: ignore[index]


def test_source_override_differs_from_the_theme_only_by_the_api_call() -> None:
    ours = (ROOT / "overrides/partials/source.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    theirs = (THEME / "partials/source.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    assert ours == theirs.replace(' data-md-component="source"', "", 1), (
        "Material's source partial changed: copy it again into overrides/partials/source.html without the component"
    )


def test_make_zip_and_describe(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "topics").mkdir(parents=True)
    (site / "index.html").write_text("home")
    (site / "topics" / "peft.html").write_text("peft")
    (site / "bundle.js.map").write_text("debug only")
    when = dt.datetime(2026, 3, 4, 5, 6, 7, tzinfo=dt.UTC)
    first = offline.make_zip(site, tmp_path / "a" / "guide-1.2.3-offline.zip", "llm-finetuning-guide-1.2.3", when)
    again = offline.make_zip(site, tmp_path / "b" / "guide-1.2.3-offline.zip", "llm-finetuning-guide-1.2.3", when)
    assert first.read_bytes() == again.read_bytes(), "same inputs, same archive"
    with zipfile.ZipFile(first) as zipped:
        assert zipped.namelist() == [
            "llm-finetuning-guide-1.2.3/index.html",
            "llm-finetuning-guide-1.2.3/topics/peft.html",
        ]
    info = offline.describe(first)
    assert (info.version, info.built, info.size) == ("1.2.3", dt.date(2026, 3, 4), first.stat().st_size)


# ---------- the archive ----------


def test_archive_holds_one_folder_with_the_whole_guide(archive: Path, unzipped: Path, bank: LoadedBank) -> None:
    version = offline.version()
    assert archive.name == f"llm-finetuning-guide-{version}-offline.zip"
    assert unzipped.name == f"llm-finetuning-guide-{version}"
    for path in ["index.html", "download.html", "print.html", "search/search_index.js"]:
        assert (unzipped / path).is_file(), path
    assert (unzipped / "assets/vendor/iframe-worker/shim.js").is_file()
    assert not list(unzipped.rglob("*.map")), "source maps are left out"
    for topic in bank.topics:
        assert (unzipped / "topics" / topic.id / "index.html").is_file()
        for lesson in topic.lessons:
            assert (unzipped / "topics" / topic.id / f"{lesson.id}.html").is_file()
    assert (unzipped / "q.html").is_file()


def test_archive_references_nothing_outside_itself(unzipped: Path) -> None:
    """Every script, stylesheet, icon and image is a relative file; only reading links point elsewhere."""
    problems = []
    for page in unzipped.rglob("*.html"):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.select("script[src], link[href], img[src], iframe[src], source[src]"):
            ref = str(tag.get("src") or tag.get("href"))
            if tag.name == "link" and tag.get("rel") in (["canonical"], ["alternate"]):
                continue
            if re.match(r"^[a-z]+:|^//", ref) and not ref.startswith("data:"):
                problems.append(f"{page.name}: {tag.name} {ref}")
    assert problems == []
    assert "unpkg.com" not in "".join(p.read_text(encoding="utf-8") for p in unzipped.rglob("*.html"))


# ---------- the Download page ----------


def test_download_page_states_size_version_and_date(local_site: Path, archive: Path) -> None:
    published = local_site / "downloads" / archive.name
    assert published.read_bytes() == archive.read_bytes()
    page = BeautifulSoup((local_site / "download/index.html").read_text(encoding="utf-8"), "html.parser")
    link = page.select_one("a.guide-download__link")
    assert link is not None and link["href"] == f"../downloads/{archive.name}"
    text = page.select_one(".guide-download").get_text(" ")  # type: ignore[union-attr]
    info = offline.describe(archive)
    assert info.size_text in text and f"version {offline.version()}" in text
    assert page.select_one(".guide-download time")["datetime"] == info.built.isoformat()  # type: ignore[index]
    assert page.find(id="exports-for-instructors-and-flashcard-apps") is not None, "the exports' section is kept"
    home = BeautifulSoup((local_site / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert home.select_one("a.guide-download__link")["href"] == f"downloads/{archive.name}"  # type: ignore[index]


def test_offline_copy_says_which_copy_it_is(unzipped: Path) -> None:
    text = BeautifulSoup((unzipped / "download.html").read_text(encoding="utf-8"), "html.parser").get_text(" ")
    assert f"offline copy: version {offline.version()}" in text


# ---------- in the browser, from file:// ----------


@pytest.fixture
def offline_page(browser: Browser) -> Iterator[tuple[Page, Requests, Console]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = Requests(LOCAL)
    requests.attach(context)
    page = context.new_page()
    console = Console()
    console.attach(page)
    yield page, requests, console
    context.close()


def search_word(q: Question) -> str:
    """A distinctive word from the stem: long, plain letters, so the search index has it as typed."""
    words = re.findall(r"(?<![\w`-])([A-Za-z]{7,})(?![\w`-])", q.stem)
    assert words, q.id
    return max(words, key=len).lower()


def answer(page: Page, q: Question) -> None:
    block = page.locator(f'[data-quiz-question="{q.id}"]')
    expect(block).to_have_attribute("data-quiz-ready", "")
    for index in q.key:
        block.locator(f'[data-quiz-option="{index}"] [data-quiz-input]').check()
    block.locator("[data-quiz-check]").click()
    expect(block.locator("[data-quiz-result]")).to_have_text(re.compile(r"^Correct"))


def test_offline_copy_works_from_disk_without_network(
    offline_page: tuple[Page, Requests, Console], unzipped: Path, bank: LoadedBank
) -> None:
    page, requests, console = offline_page
    page.goto((unzipped / "index.html").as_uri())
    expect(page.locator("h1").first).to_contain_text("LLM Fine-Tuning Study Guide")

    # Links across pages: from the home page's topic table to a topic's overview, its first lesson, then the footer's
    # next page (the second lesson).
    lessons = bank.topic("peft").lessons
    # The topics table's link (the readiness table, drawn above it, links practice exams).
    page.locator("article table a[href$='topics/peft/index.html']").first.click()
    expect(page).to_have_url(re.compile(r"/topics/peft/index\.html$"))
    page.locator(f"[data-lesson='peft/{lessons[0].id}'] h3 a").first.click()
    expect(page).to_have_url(re.compile(f"/topics/peft/{lessons[0].id}\\.html$"))
    expect(page.locator("[data-quiz-question][data-quiz-ready]").first).to_be_attached()
    page.locator("a.md-footer__link--next").click()
    expect(page).to_have_url(re.compile(f"/topics/peft/{lessons[1].id}\\.html$"))

    # Search: a word from a question's stem finds its lesson page, and the result opens it.
    q = next(q for q in bank.questions_for("parallelism") if q.select == 1)
    lesson_file = f"topics/parallelism/{q.lesson}.html"
    page.keyboard.press("s")
    page.locator(".md-search__input").press_sequentially(search_word(q), delay=20)
    result = page.locator(".md-search-result__item a").first
    expect(result).to_be_visible(timeout=15_000)
    page.locator(f".md-search-result__item a[href*='{lesson_file}']").first.click()
    expect(page).to_have_url(re.compile(lesson_file.replace(".", "\\.")))

    # A single and a multi-select question grade from disk.
    answer(page, q)
    multi = next(q for q in bank.questions if q.select > 1)
    page.goto((unzipped / "topics" / multi.topic / f"{multi.lesson}.html").as_uri())
    answer(page, multi)

    # A question's permanent link works from disk and finds its lesson; an unknown id is named.
    page.goto((unzipped / "q.html").as_uri() + f"#{multi.id}")
    expect(page).to_have_url(re.compile(f"/topics/{multi.topic}/{multi.lesson}\\.html#q-{multi.id}$"))
    page.goto((unzipped / "q.html").as_uri() + "#no-such-question")
    expect(page.locator("[data-permalink-notice]")).to_contain_text("no-such-question")

    # Links handed out from disk say that they only work on this computer (this copy was built with no published
    # address to give instead).
    page.goto((unzipped / "instructors.html").as_uri())
    expect(page.locator("[data-instructors-where]")).to_have_text(re.compile("works on this computer only"))

    assert requests.seen, "the guard saw no requests at all: it is not watching"
    assert requests.refused == []
    assert console.errors == []


def test_request_guard_catches_a_network_request(offline_page: tuple[Page, Requests, Console], unzipped: Path) -> None:
    """Negative control: a page that reaches for the network is reported."""
    page, requests, _ = offline_page
    page.goto((unzipped / "about.html").as_uri())
    page.evaluate("fetch('https://cdn.invalid/x.js').catch(() => null)")
    expect(page.locator("h1").first).to_be_visible()
    page.wait_for_timeout(200)
    assert any("cdn.invalid" in url for url in requests.refused)


def test_offline_topic_page_prints_key_and_explanations(browser: Browser, unzipped: Path, bank: LoadedBank) -> None:
    for javascript in (True, False):
        context = browser.new_context(java_script_enabled=javascript)
        page = context.new_page()
        try:
            q = bank.questions_for("peft")[0]
            page.goto((unzipped / "topics" / "peft" / f"{q.lesson}.html").as_uri())
            page.emulate_media(media="print")
            block = page.locator(f"#q-{q.id}")
            why = block.locator("details").nth(q.key[0])
            expect(why.locator("[data-quiz-verdict]")).to_have_text("Correct")
            expect(why.locator("summary + p")).to_be_visible()
            expect(page.locator("[data-quiz-check]").first).to_be_hidden()
        finally:
            context.close()


def test_the_not_found_page_is_styled_and_its_links_work_from_disk(
    offline_page: tuple[Page, Requests, Console], unzipped: Path
) -> None:
    """MkDocs writes 404.html with root-absolute addresses, which from disk point at the disk's root (issue 33)."""
    html = (unzipped / "404.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    addresses = [tag.get("href") or tag.get("src") for tag in soup.select("[href], [src]")]
    local = [str(a).split("#")[0].split("?")[0] for a in addresses if a and not re.match(r"[a-z]+:|#", str(a))]
    assert local and not [a for a in local if a.startswith("/")], local
    assert not [a for a in local if a and not (unzipped / a).exists()]
    page, requests, console = offline_page
    page.goto((unzipped / "404.html").as_uri())
    # Styled: Material's header has its colour and the guide's own stylesheet loaded.
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "transparent"), header
    sheets = page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map(l => Boolean(l.sheet))")
    assert len(sheets) >= 2 and all(sheets), sheets  # a stylesheet that failed to load has no sheet
    page.locator(".md-header__title a, a.md-header__button.md-logo").first.click()
    expect(page).to_have_url(re.compile(r"/index\.html$"))
    expect(page.locator("h1").first).to_contain_text("LLM Fine-Tuning Study Guide")
    assert requests.refused == []
    assert console.errors == []

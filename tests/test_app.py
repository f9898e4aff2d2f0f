"""The guide as an installable app: the manifest and its icons, the service worker's list (every page and file at its
content digest), the whole guide offline after one visit, updates that never mix versions, answers kept through an
update, and no worker in the offline copy (file://).

Service workers need a real http origin and a context that allows them (tests/browser.py blocks them elsewhere).
Each browser test serves its own folder on its own port, so a worker never outlives its test in another's origin.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, BrowserContext, Page, expect

from guide.bank.validate import LoadedBank
from guide.outputs import serviceworker
from guide.outputs.fingerprint import DIGITS
from tests.browser import Console
from tests.conftest import TEST_REPO_URL, copy_project, free_port, run_mkdocs, serve
from tests.test_exam import answer_current, start, submit
from tests.test_offline import answer, search_word

PREFIX = "self.GUIDE_OFFLINE="


def worker_list(site: Path) -> dict[str, object]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert text.startswith(PREFIX)
    return json.loads(text[len(PREFIX) : text.index(";\n")])


def pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if not p.relative_to(site).as_posix().startswith("assets/"))


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# ---------- the build ----------


def test_every_page_links_the_manifest_and_the_manifest_installs(built_site: Path) -> None:
    for path in pages(built_site):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        link = soup.find("link", rel="manifest")
        assert link is not None, path
        href = str(link["href"])
        # 404.html is served at any address: its links start at the site's root path.
        where = built_site / href.lstrip("/") if href.startswith("/") else path.parent / href
        assert where.resolve() == (built_site / "manifest.webmanifest").resolve()
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "LLM Fine-Tuning Study Guide"
    assert 0 < len(manifest["short_name"]) <= 12  # what a home screen shows under the icon
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), icon in icons.items():
        width, height = png_size(built_site / icon["src"])
        assert f"{width}x{height}" == sizes
        assert icon["type"] == "image/png"


def test_the_worker_lists_every_page_and_file_at_its_content_digest(built_site: Path) -> None:
    listed = worker_list(built_site)
    files = {at: (own, size) for at, own, size in listed["files"]}  # type: ignore[attr-defined]
    # Every page, at the address its links use.
    for path in pages(built_site):
        relative = path.relative_to(built_site).as_posix()
        assert serviceworker.page_path(relative, True) in files, relative
    assert "" in files and "topics/peft/" in files and "404.html" in files
    # Every script and style a page loads, at the very address it loads it from.
    wanted = set()
    for path in pages(built_site):
        for value in re.findall(r'(?:src|href)="([^"#:]+\?v=[0-9a-f]+)"', path.read_text(encoding="utf-8")):
            wanted.add((path.parent / value.split("?")[0]).resolve().relative_to(built_site).as_posix())
            assert any(at.endswith(value.split("/")[-1]) for at in files), value
    assert wanted
    # Every question's content script, the search index, Material's bundle and its search worker.
    questions = list((built_site / "assets/generated/bank/q").glob("*.js"))
    assert len([at for at in files if at.startswith("assets/generated/bank/q/")]) == len(questions)
    assert "search/search_index.json" in files
    assert any(at.startswith("assets/javascripts/workers/search.") for at in files)
    # Each digest is the file's own, so the install can check what the server sends.
    for at, (own, size) in files.items():
        page = at == "" or at.endswith("/")
        path = built_site / at / "index.html" if page else built_site / at.split("?")[0]
        data = path.read_bytes()
        assert own == hashlib.sha256(data).hexdigest()[:DIGITS] and size == len(data), at
    # Not the downloads, the source maps, the worker itself or its source.
    assert not [at for at in files if at.startswith("downloads/") or at.endswith(".map") or "sw.js" in at]
    assert not (built_site / serviceworker.SOURCE).exists()
    assert listed["bytes"] == sum(size for _, size in files.values())
    assert listed["pages"] == len(pages(built_site))


def test_a_changed_file_changes_the_worker_and_an_equal_build_does_not(tmp_path: Path) -> None:
    def build(script: str) -> str:
        site = tmp_path / "site"
        shutil.rmtree(site, ignore_errors=True)
        (site / "assets/app").mkdir(parents=True)
        (site / "assets/quiz").mkdir(parents=True)
        (site / "index.html").write_text('<script src="assets/quiz/quiz.js?v=x"></script>', encoding="utf-8")
        (site / "assets/quiz/quiz.js").write_text(script, encoding="utf-8")
        (site / serviceworker.SOURCE).write_text("/* worker */", encoding="utf-8")
        versions = {"assets/quiz/quiz.js": hashlib.sha256(script.encode()).hexdigest()[:DIGITS]}
        target = serviceworker.write(site, versions, True, app=True)
        assert target is not None
        return target.read_text(encoding="utf-8")

    first = build("var a = 1;")
    assert build("var a = 1;") == first
    assert build("var a = 2;") != first


def test_builds_without_the_app_have_no_worker_and_no_manifest(tmp_path: Path) -> None:
    (tmp_path / "assets/app").mkdir(parents=True)
    (tmp_path / serviceworker.SOURCE).write_text("/* worker */", encoding="utf-8")
    (tmp_path / serviceworker.MANIFEST).write_text("{}", encoding="utf-8")
    assert serviceworker.write(tmp_path, {}, False, app=False) is None
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == []


def test_the_offline_copy_has_no_worker_and_no_manifest(unzipped: Path) -> None:
    assert not (unzipped / "sw.js").exists()
    assert not (unzipped / serviceworker.MANIFEST).exists()
    assert not (unzipped / serviceworker.SOURCE).exists()
    for path in pages(unzipped):
        assert 'rel="manifest"' not in path.read_text(encoding="utf-8"), path


def test_the_offline_copy_registers_nothing_and_logs_nothing_from_disk(page: Page, unzipped: Path) -> None:
    page.goto((unzipped / "topics/peft/index.html").as_uri())
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # past the idle moment in which a served page registers its worker
    assert page.evaluate("() => !!document.querySelector('[data-app-notice]')") is False
    # The `page` fixture fails the test on any console error.


# ---------- in the browser ----------


@pytest.fixture
def app_context(browser: Browser, console: Console) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow", viewport={"width": 375, "height": 800})
    context.on("page", console.attach)
    yield context
    context.close()
    assert console.errors == [], console.errors


def wait_until_ready(page: Page) -> None:
    """After the first visit: the worker holds the guide and says so on the page."""
    notice = page.locator("[data-app-notice]")
    expect(notice).to_contain_text("ready offline", timeout=120_000)
    expect(notice).to_contain_text(re.compile(r"\d+ pages and their questions, [\d.]+ MB kept on this device"))


@pytest.fixture
def own_site(built_site: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The built site served from a folder of its own, on a port of its own (a worker is per origin)."""
    folder = tmp_path / "served"
    shutil.copytree(built_site, folder)
    with serve(folder, free_port()) as url:
        yield url, folder


def test_after_one_visit_the_whole_guide_works_with_the_network_off(
    app_context: BrowserContext, own_site: tuple[str, Path], bank: LoadedBank
) -> None:
    url, _ = own_site
    page = app_context.new_page()
    page.goto(url)
    wait_until_ready(page)
    # Chromium would offer to install it: its only objection is the test's private profile.
    cdp = app_context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = {error["errorId"] for error in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}, errors
    app_context.set_offline(True)

    # A lesson never opened loads and grades (a single and a multi-select question).
    q = next(q for q in bank.questions_for("parallelism") if q.select == 1)
    page.goto(f"{url}topics/{q.topic}/{q.lesson}/")
    answer(page, q)
    multi = next(q for q in bank.questions if q.select > 1 and q.topic != "parallelism")
    page.goto(f"{url}topics/{multi.topic}/{multi.lesson}/")
    answer(page, multi)

    # The practice exam starts and submits; Review then has the missed question, and it grades.
    missed = bank.questions[4]
    start(page, f"{url}practice/?ids={missed.id}&timer=0")
    answer_current(page, bank, right=False)
    submit(page)
    page.goto(f"{url}review/")
    card = page.locator(f"[data-review-card='{missed.id}']")
    for index in missed.key:
        card.locator(f"[data-review-option='{index}'] [data-review-input]").check()
    card.locator("[data-review-confidence-input='sure']").check()
    card.locator("[data-review-check]").click()
    expect(card.locator("[data-review-result]")).to_contain_text("Correct.")

    # The calculator computes a linked case.
    page.goto(f"{url}calculator/?params=7.5B&gpus=64&zero=1")
    expect(page.locator("[data-calc-total]")).to_contain_text("31.4 GB (29.2 GiB)")

    # Search finds a question's lesson, from the index the worker keeps.
    s = next(q for q in bank.questions_for("memory") if q.select == 1)
    page.goto(f"{url}about/")
    page.keyboard.press("s")
    page.locator(".md-search__input").press_sequentially(search_word(s), delay=20)
    expect(page.locator(f".md-search-result__item a[href*='topics/memory/{s.lesson}/']").first).to_be_visible(
        timeout=15_000
    )
    # A page the guide does not have: its own "not found" page, not the browser's error.
    page.goto(f"{url}no-such-page/")
    expect(page.locator("h1")).to_contain_text("Page not found")


MARK = "window.llmGuideBuildMark = 'B';\n"


@pytest.fixture(scope="module")
def second_build(tmp_path_factory: pytest.TempPathFactory, site_url: str) -> Path:
    """The same guide with one script changed, built as built_site is: the deploy after the learner's visit."""
    project = copy_project(tmp_path_factory.mktemp("second-project"))
    script = project / "docs/assets/links/links.js"
    script.write_text(script.read_text(encoding="utf-8") + MARK, encoding="utf-8")
    site = tmp_path_factory.mktemp("second-site")
    result = run_mkdocs(project, site, env={"SITE_URL": site_url, "REPO_URL": TEST_REPO_URL, "OFFLINE_ZIP": ""})
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def deploy(build: Path, folder: Path) -> None:
    shutil.rmtree(folder)
    shutil.copytree(build, folder)


def build_of(page: Page, second: Path) -> str:
    """'A' or 'B': which build this page is, by its HTML; raises when its script is of the other build."""
    src = page.locator('script[src*="assets/links/links.js"]').get_attribute("src") or ""
    digest = src.split("?v=")[-1]
    second_digest = hashlib.sha256((second / "assets/links/links.js").read_bytes()).hexdigest()[:DIGITS]
    page_build = "B" if digest == second_digest else "A"
    script_build = "B" if page.evaluate("() => window.llmGuideBuildMark || null") == "B" else "A"
    assert page_build == script_build, f"a page of build {page_build} ran links.js of build {script_build}"
    return page_build


def answered(page: Page, qid: str) -> bool:
    return bool(page.evaluate(f"() => !!localStorage.getItem('llm-ft-guide:v2:q:{qid}')"))


def test_a_deploy_arrives_on_reload_never_mixed_and_answers_stay(
    app_context: BrowserContext, own_site: tuple[str, Path], second_build: Path, bank: LoadedBank
) -> None:
    url, folder = own_site
    q = next(q for q in bank.questions_for("peft") if q.select == 1)
    lesson = f"{url}topics/{q.topic}/{q.lesson}/"
    page = app_context.new_page()
    page.goto(lesson)
    wait_until_ready(page)
    answer(page, q)
    assert build_of(page, second_build) == "A"

    deploy(second_build, folder)
    # The first load after the deploy still comes from the worker in charge: build A, whole.
    page.reload()
    assert build_of(page, second_build) == "A"
    # The browser has found the new worker; once it is installed the page offers it.
    expect(page.locator("[data-app-update]")).to_be_visible(timeout=120_000)
    # A reload with only this page open brings build B, whole.
    page.reload()
    assert build_of(page, second_build) == "B"
    expect(page.locator("[data-app-update]")).to_be_hidden()
    assert answered(page, q.id)
    # And from now on build B offline too.
    app_context.set_offline(True)
    page.goto(f"{url}topics/memory/")
    assert build_of(page, second_build) == "B"


def test_a_deploy_arrives_with_one_tap_on_the_notice_with_two_pages_open(
    app_context: BrowserContext, own_site: tuple[str, Path], second_build: Path, bank: LoadedBank
) -> None:
    url, folder = own_site
    q = next(q for q in bank.questions_for("memory") if q.select == 1)
    page = app_context.new_page()
    page.goto(f"{url}topics/{q.topic}/{q.lesson}/")
    wait_until_ready(page)
    answer(page, q)
    other = app_context.new_page()
    other.goto(f"{url}review/")

    deploy(second_build, folder)
    page.reload()
    update = page.locator("[data-app-update]")
    expect(update).to_be_visible(timeout=120_000)
    # With another page open, a reload keeps build A (the other page still runs it).
    page.reload()
    assert build_of(page, second_build) == "A"
    expect(update).to_be_visible(timeout=30_000)
    # One tap: this page reloads into build B; the other page, left with scripts the new worker no longer serves,
    # reloads too (it is not in view) or offers the update; it never runs a mix.
    with page.expect_navigation():
        update.click()
    assert build_of(page, second_build) == "B"
    assert answered(page, q.id)
    other.wait_for_load_state("load")
    assert build_of(other, second_build) in ("A", "B")


# ---------- what every visit gets: the search index when needed, kept answers, sending progress ----------


def test_the_search_index_waits_until_search_is_used(page: Page, served_site: str, bank: LoadedBank) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "search_index" in request.url else None)
    page.goto(f"{served_site}about/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(1500)  # well past the page's idle moment: a page no worker serves still holds it
    assert asked == []
    q = next(q for q in bank.questions_for("evaluation") if q.select == 1)
    page.keyboard.press("s")
    page.locator(".md-search__input").press_sequentially(search_word(q), delay=20)
    expect(page.locator(f".md-search-result__item a[href*='topics/evaluation/{q.lesson}/']").first).to_be_visible(
        timeout=15_000
    )
    assert len(asked) == 1


# navigator.storage and the share sheet as a phone has them: each call is counted where the test can read it.
PHONE_APIS = """
  window.__calls = { persist: 0, share: [] };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: {
    persist: () => { window.__calls.persist += 1; return Promise.resolve(true); },
    persisted: () => Promise.resolve(localStorage.getItem('test:persisted') === 'yes'),
    estimate: () => Promise.resolve({ usage: 0, quota: 1 }),
  } });
  navigator.canShare = (data) => !!(data && data.files && data.files.length);
  navigator.share = (data) => data.files[0].text().then((text) => {
    window.__calls.share.push({ name: data.files[0].name, type: data.files[0].type, text });
  });
"""


def test_answering_asks_the_browser_to_keep_the_answers_and_the_progress_page_says_so(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.add_init_script(PHONE_APIS)
    q = next(q for q in bank.questions_for("peft") if q.select == 1)
    page.goto(f"{served_site}topics/{q.topic}/{q.lesson}/")
    expect(page.locator(f'[data-quiz-question="{q.id}"]')).to_have_attribute("data-quiz-ready", "")
    assert page.evaluate("() => window.__calls.persist") == 0  # not for a visit that answers nothing
    answer(page, q)
    page.wait_for_function("() => window.__calls.persist === 1")
    page.goto(f"{served_site}progress/")
    status = page.locator("[data-app-status]")
    expect(status).to_contain_text("may clear your answers")
    expect(status).to_contain_text("Not kept offline yet")  # this test's browser runs no worker
    page.evaluate("() => localStorage.setItem('test:persisted', 'yes')")
    page.reload()
    expect(status).to_contain_text("agreed to keep your answers")


def test_send_my_progress_shares_the_progress_file(page: Page, served_site: str, bank: LoadedBank) -> None:
    page.goto(f"{served_site}progress/")
    # A browser whose share sheet takes no files (this desktop Chromium): only Export.
    expect(page.locator("[data-progress-export]")).to_be_visible()
    expect(page.locator("[data-progress-share]")).to_be_hidden()
    page.add_init_script(PHONE_APIS)
    q = next(q for q in bank.questions_for("memory") if q.select == 1)
    page.goto(f"{served_site}topics/{q.topic}/{q.lesson}/")
    answer(page, q)
    page.goto(f"{served_site}progress/")
    page.locator("[data-progress-share]").click()
    expect(page.locator("[data-progress-message]")).to_contain_text("Sent.")
    (shared,) = page.evaluate("() => window.__calls.share")
    assert re.fullmatch(r"llm-guide-progress-\d{4}-\d\d-\d\d\.json", shared["name"])
    assert shared["type"] == "application/json"
    document = json.loads(shared["text"])
    assert document["format"] == "llm-ft-guide-progress" and q.id in document["questions"]

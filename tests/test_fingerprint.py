"""Every script and style the guide ships is loaded at an address that names its content (guide/outputs/fingerprint.py).

The real builds are checked page by page, and a build whose scripts differ shows that a changed file gets a new address
in every page that loads it while the others keep theirs.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from guide.outputs.fingerprint import digest, rewrite_page, shipped_versions
from tests.conftest import TEST_REPO_URL, copy_project, run_mkdocs

ADDRESS = re.compile(r'\s(?:src|href)="([^"#:]+)"')


def references(site: Path) -> dict[str, dict[str, str]]:
    """Page -> {shipped file it loads: the address it loads it at}, for every page of a build."""
    shipped = set(shipped_versions(site))
    found: dict[str, dict[str, str]] = {}
    for page in sorted(site.rglob("*.html")):
        name = page.relative_to(site).as_posix()
        for value in ADDRESS.findall(page.read_text(encoding="utf-8")):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), value.split("?")[0]))
            if target in shipped:
                found.setdefault(name, {})[target] = value
    return found


def check_every_reference_names_its_content(site: Path, unused: tuple[str, ...] = ()) -> None:
    """`unused`: shipped files this build loads nowhere (the offline copy's search shim, online)."""
    pages = references(site)
    assert pages, "no page loads any of the guide's scripts"
    for page, loaded in pages.items():
        for target, value in loaded.items():
            want = digest((site / target).read_bytes())
            assert value.endswith(f"?v={want}"), f"{page} loads {target} at {value!r}, not at ?v={want}"
    # Every file is named, at its versioned address, by a page that loads it: no script loads one a page does not name.
    loaded_anywhere = {target for loaded in pages.values() for target in loaded}
    for target in shipped_versions(site):
        if target.startswith(unused):
            continue
        assert target in loaded_anywhere, f"{target} is loaded by no page, so at no versioned address"


def test_the_online_build_loads_every_asset_by_content(built_site: Path) -> None:
    check_every_reference_names_its_content(built_site, unused=("assets/vendor/iframe-worker/",))
    peft = references(built_site)["topics/peft/index.html"]
    assert {"assets/quiz/quiz.js", "assets/site.css", "assets/base/store.js", "assets/base/boot.js"} <= set(peft)
    practice = references(built_site)["practice/index.html"]
    assert {"assets/exam/exam.js", "assets/generated/bank/index.js", "assets/exam/exam.css"} <= set(practice)


def test_the_offline_copy_loads_every_asset_by_content(unzipped: Path) -> None:
    # Relative addresses with a query: file:// ignores the query, and test_offline.py uses these pages from disk.
    check_every_reference_names_its_content(unzipped)
    assert 'src="assets/quiz/quiz.js?v=' in (unzipped / "index.html").read_text(encoding="utf-8")


def test_rewrite_resolves_relative_addresses_and_leaves_the_rest() -> None:
    versions = {"assets/quiz/quiz.js": "aaaa", "assets/generated/questions.js": "bbbb", "assets/exam/exam.css": "cccc"}
    html = (
        '<script src="../../assets/quiz/quiz.js"></script>'
        '<link rel="preload" as="script" href="../../assets/generated/questions.js" data-page-script>'
        '<link rel="stylesheet" href="../../assets/exam/exam.css?v=old">'  # already versioned: left as it is
        '<script src="../../assets/javascripts/bundle.1234.min.js"></script>'  # Material's: hashed already
        '<a href="../../assets/quiz/quiz.js#x">a link with a fragment</a>'
        '<img src="https://example.org/assets/quiz.js">'
        "<code>src=&quot;../../assets/quiz/quiz.js&quot;</code>"  # text on the page, not an attribute
    )
    out = rewrite_page(html, "topics/peft/index.html", versions)
    assert '<script src="../../assets/quiz/quiz.js?v=aaaa"></script>' in out
    assert 'href="../../assets/generated/questions.js?v=bbbb" data-page-script' in out
    rest = out.replace("quiz.js?v=aaaa", "quiz.js").replace("questions.js?v=bbbb", "questions.js")
    assert rest == html
    # The same file from the site root, and a path that only looks like it from another folder.
    tag = '<script src="assets/quiz/quiz.js">'
    assert rewrite_page(tag, "index.html", versions) == '<script src="assets/quiz/quiz.js?v=aaaa">'
    assert rewrite_page(tag, "topics/index.html", versions) == tag


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory: pytest.TempPathFactory, site_url: str) -> Path:
    """The site built again with three scripts changed: quiz.js (every page), exam.js (the practice page only) and
    progress-page.js (the home and progress pages)."""
    project = copy_project(tmp_path_factory.mktemp("changed") / "project")
    for name in ("quiz/quiz.js", "exam/exam.js", "progress/progress-page.js"):
        script = project / "docs" / "assets" / name
        script.write_text(script.read_text(encoding="utf-8") + "\nwindow.__changedByTheTest = 1;\n", encoding="utf-8")
    site = project / "site"
    result = run_mkdocs(project, site, env={"SITE_URL": site_url, "REPO_URL": TEST_REPO_URL, "OFFLINE_ZIP": ""})
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def test_a_changed_script_gets_a_new_address_in_every_page_that_loads_it(built_site: Path, changed_site: Path) -> None:
    before, after = references(built_site), references(changed_site)
    assert before.keys() == after.keys()
    changed = {"assets/quiz/quiz.js", "assets/exam/exam.js", "assets/progress/progress-page.js"}
    pages_loading = {name: [page for page, loaded in before.items() if name in loaded] for name in changed}
    # On every page, through extra_javascript, but the embed page, which loads only what shows a question alone.
    assert sorted(pages_loading["assets/quiz/quiz.js"]) == sorted(p for p in before if p != "embed/index.html")
    assert pages_loading["assets/exam/exam.js"] == ["practice/index.html"]
    assert pages_loading["assets/progress/progress-page.js"] == ["index.html", "progress/index.html"]
    for page, loaded in before.items():
        assert loaded.keys() == after[page].keys(), page
        for target, value in loaded.items():
            if target in changed:
                assert after[page][target] != value, f"{page} still loads the old {target} at {value}"
            else:
                assert after[page][target] == value, f"{page}: {target} did not change, but its address did"
    check_every_reference_names_its_content(changed_site, unused=("assets/vendor/iframe-worker/",))


def test_page_scripts_are_asked_for_at_versioned_addresses(page: Page, served_site: str, built_site: Path) -> None:
    # The home page's own scripts (its front matter), after instant navigation to Home as on a full load.
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(served_site + "topics/peft/")
    page.locator(".md-sidebar--primary").get_by_role("link", name="Home", exact=True).first.click()
    page.wait_for_url(served_site)
    # The home page lists only topics started (none here), under a table that is always drawn.
    expect(page.locator("[data-progress-table] table").first).to_be_visible()
    for name in (
        "assets/progress/progress-file.js",
        "assets/generated/topic-ids.js",
        "assets/progress/progress-page.js",
    ):
        want = f"{served_site}{name}?v={digest((built_site / name).read_bytes())}"
        assert want in requested, f"{name}: asked for {[url for url in requested if name in url]}"
    material = ("/assets/javascripts/", "/assets/stylesheets/")  # the theme's bundle: a hash in its name already
    ours = [url for url in requested if "/assets/" in url and not any(part in url for part in material)]
    assert ours and not [url for url in ours if url.endswith((".js", ".css"))], "asked for without a version"

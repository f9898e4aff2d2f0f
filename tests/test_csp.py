"""The published site's Content-Security-Policy (issue 33): one `<meta>` policy in every page before any script,
naming the hash of every inline script the built pages carry; every page works under it, with instant navigation
too, and a script slipped into a page does not run."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from guide.bank.validate import LoadedBank
from guide.outputs import csp
from tests.browser import Console
from tests.test_browser import lesson_path

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_inline_scripts_are_the_ones_that_run() -> None:
    html = (
        '<script>a()</script><script src="x.js"></script><script type="application/json">{"a": 1}</script>'
        '<script type="text/javascript">b()</script><SCRIPT type=module>c()</SCRIPT>'
    )
    assert csp.inline_scripts(html) == ["a()", "b()", "c()"]
    # The hash browsers compute: base64 of the SHA-256 of the script's text.
    assert csp.source("alert(1)") == "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"


def test_apply_puts_one_policy_first_in_every_head_and_can_run_again(tmp_path: Path) -> None:
    page = tmp_path / "a/index.html"
    page.parent.mkdir()
    page.write_text('<html><head><meta charset="utf-8"><script>x()</script></head><body></body></html>')
    (tmp_path / "index.html").write_text("<html><head><meta charset=utf-8></head><body><script>y()</script></body>")
    first = csp.apply(tmp_path)
    assert csp.source("x()") in first and csp.source("y()") in first
    again = csp.apply(tmp_path)
    assert again == first
    html = page.read_text()
    assert META.findall(html) == [first]
    assert html.index("Content-Security-Policy") < html.index("<script")


def test_every_built_page_carries_the_policy_before_any_script(built_site: Path) -> None:
    policies = set()
    hashes = set()
    for path in pages(built_site):
        html = path.read_text(encoding="utf-8")
        found = META.findall(html)
        assert len(found) == 1, path
        if "<script" in html:
            assert html.index("Content-Security-Policy") < html.index("<script"), path
        policies.add(found[0])
        hashes |= {csp.source(body) for body in csp.inline_scripts(html)}
    (policy,) = policies
    assert policy == csp.policy(hashes)
    # Material's and the guide's inline scripts: a handful, not one per page.
    assert 5 <= len(hashes) <= 20, len(hashes)
    directives = dict(d.split(" ", 1) for d in policy.split("; "))
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'self'"
    assert directives["worker-src"] == "'self'" and directives["manifest-src"] == "'self'"
    assert "frame-ancestors" not in directives  # an embed page is meant to be framed by any site
    assert "unsafe-inline" not in directives["script-src"] and "unsafe-eval" not in policy
    assert not re.search(r"https?:|\*", policy), "no other host"


def test_the_offline_copy_has_no_policy(unzipped: Path) -> None:
    """Decided, not forgotten: guide/outputs/csp.py says why a `<meta>` policy cannot hold from `file://`."""
    assert not [p for p in pages(unzipped) if "Content-Security-Policy" in p.read_text(encoding="utf-8")]


def test_every_page_loads_under_the_policy_without_a_violation(
    browser: Browser, built_site: Path, served_site: str
) -> None:
    context = browser.new_context()
    page = context.new_page()
    console = Console()
    console.attach(page)
    try:
        for path in pages(built_site):
            page.goto(served_site + path.relative_to(built_site).as_posix(), wait_until="load")
            assert console.errors == [], (path, console.errors)
        # Start pages (the exam's page script, loaded by the inline loader) actually ran.
        page.goto(f"{served_site}practice/")
        expect(page.locator("[data-exam-view]")).to_be_attached()
    finally:
        context.close()
    assert console.errors == []


def test_instant_navigation_across_folder_depths_keeps_every_script(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    """The first page's policy governs every page swapped in after it: move between depths and page scripts."""
    page.goto(served_site)
    page.evaluate("window.__sameVisit = true")
    topic = bank.topics[0]
    page.locator(f"article a[href$='topics/{topic.id}/']").first.click()
    expect(page.locator(f"[data-lessons='{topic.id}']")).to_be_attached()
    page.locator(f"[data-lesson='{topic.id}/{topic.lessons[0].id}'] h3 a").first.click()
    expect(page).to_have_url(re.compile(re.escape(lesson_path(topic.id))))
    expect(page.locator("[data-quiz-question][data-quiz-ready]").first).to_be_attached()
    assert page.evaluate("typeof document$") == "object", "instant navigation is on"
    page.locator(".md-tabs a, .md-nav a").filter(has_text="Practice exam").first.click()
    expect(page.locator("[data-exam-view]")).to_be_attached()
    assert page.evaluate("window.__sameVisit") is True, "every move was an instant navigation, not a reload"
    # The page fixture fails the test on any console error, a refused script included.


def test_a_script_slipped_into_a_page_does_not_run(browser: Browser, served_site: str) -> None:
    """Negative control: the policy blocks an inline script and an inline handler, and the console guard sees it."""
    context = browser.new_context()
    page = context.new_page()
    console = Console()
    console.attach(page)

    def inject(route: Route) -> None:
        response = route.fetch()
        body = response.text().replace(
            "</article>", '<script>window.__pwn = 1</script><img src="x.png" onerror="window.__pwn = 2"></article>', 1
        )
        route.fulfill(response=response, body=body)

    try:
        page.route(f"{served_site}about/", inject)
        page.goto(f"{served_site}about/")
        # With instant navigation on, Material makes the page's relative addresses absolute: match the end.
        expect(page.locator("article img[src$='x.png']")).to_be_attached()
        page.wait_for_function("document.readyState === 'complete'")
        assert page.evaluate("window.__pwn") is None
    finally:
        context.close()
    refused = [e for e in console.errors if "Content Security Policy" in e]
    assert any("inline script" in e for e in refused), console.errors
    assert any("event handler" in e for e in refused), console.errors

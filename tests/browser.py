"""Browser fixtures shared by the browser test modules: Debian's Chromium through Playwright, with console capture."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Route, sync_playwright

from tests.conftest import chromium_path

# Flags for a sandboxed root container with a closed network: no background fetches that would be refused.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Console:
    """Collects everything a page reports as an error, so each test can assert there was none."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    # Service workers only where a test asks for them (tests/test_app.py: `service_workers="allow"`): the guide's
    # worker starts keeping the whole guide (19 MB) once a page is idle, work that a test of anything else would
    # only wait behind on a busy machine.
    new_context, new_page = browser.new_context, browser.new_page

    def context_without_workers(**options: Any) -> BrowserContext:
        options.setdefault("service_workers", "block")
        return new_context(**options)

    def page_without_workers(**options: Any) -> Page:
        options.setdefault("service_workers", "block")
        return new_page(**options)

    browser.new_context = context_without_workers  # type: ignore[method-assign]
    browser.new_page = page_without_workers  # type: ignore[method-assign]
    yield browser
    browser.close()


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def page(browser: Browser, console: Console) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console.attach(page)
    yield page
    context.close()
    assert console.errors == [], console.errors


class Requests:
    """Every request a page makes, split into allowed and not: the offline copy may load only file:, data: and blob:
    URLs; the online site only its own origin. Requests that are not allowed are also aborted, so a leak cannot
    hang a test on a closed network."""

    def __init__(self, allowed: tuple[str, ...]) -> None:
        self.allowed = allowed
        self.seen: list[str] = []
        self.refused: list[str] = []

    def attach(self, context: BrowserContext) -> None:
        context.on("request", lambda request: self._note(request.url))
        context.route("**/*", self._route)

    def _note(self, url: str) -> None:
        self.seen.append(url)
        if not url.startswith(self.allowed):
            self.refused.append(url)

    def _route(self, route: Route) -> None:
        if route.request.url.startswith(self.allowed):
            route.continue_()
        else:
            route.abort()


# Init scripts that break localStorage the ways browsers do: blocked (private modes, cookies off, some file:// pages),
# full, and holding corrupt data. Tests of every feature that stores run against them.
THROWING_STORAGE = (
    "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });"
)
FULL_STORAGE = "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"
CORRUPT_STORAGE = "Storage.prototype.getItem = function () { return '{not json'; };"

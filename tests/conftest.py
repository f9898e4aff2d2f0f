"""Shared fixtures: a real strict build of the site, a local HTTP server for it, and Debian's Chromium."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

# Browser fixtures (Chromium, pages that fail on console errors) live in their own module.
pytest_plugins = ["tests.browser"]

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def run_mkdocs(project: Path, site_dir: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real CLI, as an author would, so config loading, plugins and --strict are all exercised."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(site_dir)],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
        check=False,
    )


@pytest.fixture(scope="session")
def server_address() -> tuple[str, int]:
    """Reserve a port first: Material's instant navigation only handles URLs under `site_url`, so the site is built
    for the exact address it will be served from."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return "127.0.0.1", probe.getsockname()[1]


@pytest.fixture(scope="session")
def site_url(server_address: tuple[str, int]) -> str:
    host, port = server_address
    return f"http://{host}:{port}/"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_url: str) -> Path:
    site = tmp_path_factory.mktemp("site")
    result = run_mkdocs(ROOT, site, env={"SITE_URL": site_url})
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def served_site(built_site: Path, server_address: tuple[str, int], site_url: str) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(server_address, handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site_url
    finally:
        server.shutdown()
        server.server_close()


def chromium_path() -> str:
    configured = os.environ.get("CHROMIUM")
    for candidate in ([configured] if configured else []) + list(CHROMIUM_CANDIDATES):
        if candidate and shutil.which(candidate):
            return candidate
    # Never a skip: browser tests are part of the suite, and `scripts/test` installs Chromium before running it.
    pytest.fail(
        "Chromium not found: run scripts/test (it installs Debian's chromium) or set CHROMIUM=/path/to/chromium"
    )

"""Shared fixtures: a real strict build of the site, a local HTTP server for it, and Debian's Chromium."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

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
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    result = run_mkdocs(ROOT, site)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - signature fixed by the base class
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def chromium_path() -> str:
    configured = os.environ.get("CHROMIUM")
    for candidate in ([configured] if configured else []) + list(CHROMIUM_CANDIDATES):
        if candidate and shutil.which(candidate):
            return candidate
    # Never a skip: browser tests are part of the suite, and `scripts/test` installs Chromium before running it.
    pytest.fail("Chromium not found: run scripts/test (it installs Debian's chromium) or set CHROMIUM=/path/to/chromium")

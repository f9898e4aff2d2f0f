"""Shared fixtures: a real strict build of the site, a local HTTP server for it, and Debian's Chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from guide.bank.validate import LoadedBank, load_bank
from guide.outputs.offline import DOWNLOADS
from guide.outputs.offline_build import main as build_offline

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


PROJECT_FILES = ("mkdocs.yml", "docs", "guide", "macros", "overrides", "data")


def copy_project(target: Path, names: tuple[str, ...] = PROJECT_FILES) -> Path:
    """A throwaway copy of the site's sources, for builds that must differ from (or break) the real one."""
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target / name)
    return target


def free_port() -> int:
    """Reserve a port before building: Material's instant navigation only handles URLs under `site_url`, so a site
    is built for the exact address it will be served from."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path, port: int) -> Iterator[str]:
    """Serve `directory` on 127.0.0.1:`port` in a background thread; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def bank() -> LoadedBank:
    """The real question bank, loaded once for every test module that checks content or pages against it."""
    return load_bank(ROOT / "data/questions.yaml")


@pytest.fixture(scope="session")
def port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def site_url(port: int) -> str:
    return f"http://127.0.0.1:{port}/"


# A repository address makes the build render its repository link and edit buttons, as the published site does.
TEST_REPO_URL = "https://github.com/llm-guide-tests/llm-finetuning-guide"


def announce(config: pytest.Config, what: str) -> None:
    """Say what a slow shared fixture is doing, so a run that builds before its first dot does not look stuck."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"[tests] {what}")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_url: str, pytestconfig: pytest.Config) -> Path:
    announce(pytestconfig, "building the site with `mkdocs build --strict` (shared by every test that needs it)")
    site = tmp_path_factory.mktemp("site")
    result = run_mkdocs(ROOT, site, env={"SITE_URL": site_url, "REPO_URL": TEST_REPO_URL, "OFFLINE_ZIP": ""})
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}"
    return site


@pytest.fixture(scope="session")
def offline_archive(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Path:
    """The offline zip exactly as `scripts/site build` makes it (same module, same arguments)."""
    announce(pytestconfig, "building the offline copy and its zip")
    build = tmp_path_factory.mktemp("build")
    assert build_offline([str(build)]) == 0
    found = list((build / DOWNLOADS).glob("*.zip"))
    assert len(found) == 1
    return found[0]


@pytest.fixture(scope="session")
def unzipped(offline_archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline zip unpacked into a fresh folder, as a reader would: everything must come from inside it."""
    target = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(offline_archive) as zipped:
        zipped.extractall(target)
    (folder,) = target.iterdir()
    return folder


@pytest.fixture(scope="session")
def local_site(offline_archive: Path, tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Path:
    """The online build as a local `scripts/site build` makes it: no SITE_URL or REPO_URL, with the offline zip."""
    announce(pytestconfig, "building the site as a local `scripts/site build` makes it")
    site = tmp_path_factory.mktemp("local-site")
    result = run_mkdocs(ROOT, site, env={"SITE_URL": "", "REPO_URL": "", "OFFLINE_ZIP": str(offline_archive)})
    assert result.returncode == 0, result.stdout + result.stderr
    return site


@pytest.fixture(scope="session")
def served_site(built_site: Path, port: int) -> Iterator[str]:
    with serve(built_site, port) as url:
        yield url


def chromium_path() -> str:
    configured = os.environ.get("CHROMIUM")
    for candidate in ([configured] if configured else []) + list(CHROMIUM_CANDIDATES):
        if candidate and shutil.which(candidate):
            return candidate
    # Never a skip: browser tests are part of the suite, and `scripts/test` installs Chromium before running it.
    pytest.fail(
        "Chromium not found: run scripts/test (it installs Debian's chromium) or set CHROMIUM=/path/to/chromium"
    )


def assert_vendored(package: str, files: dict[str, str]) -> None:
    """`docs/assets/vendor/<package>/` holds byte copies of the npm package at the version package.json pins: each
    vendored file name maps to its path inside the package (installed by `npm ci`, which scripts/test runs)."""
    installed = ROOT / "node_modules" / package
    if not installed.is_dir():
        pytest.fail(f"{package} is missing: run scripts/test (it runs `npm ci`) to install it into node_modules/")
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"][package]
    assert json.loads((installed / "package.json").read_text(encoding="utf-8"))["version"] == pinned
    vendor = ROOT / "docs" / "assets" / "vendor" / package
    for vendored, original in files.items():
        assert (vendor / vendored).read_bytes() == (installed / original).read_bytes(), (
            f"docs/assets/vendor/{package}/{vendored} differs from node_modules/{package}/{original}: copy it again"
        )

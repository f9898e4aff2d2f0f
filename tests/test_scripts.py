"""The README's commands as a person runs them: `scripts/site` serves and a kill leaves nothing behind, `scripts/site
build` gives the same bytes twice and says only what a person needs, `scripts/check` is the author's loop."""

from __future__ import annotations

import datetime as dt
import filecmp
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from guide.outputs import reproducible
from tests.conftest import PROJECT_FILES, ROOT, copy_project, free_port

# A fresh clone holds these; .venv is linked to this checkout's, which setup.sh then finds current.
CLONE_FILES = (*PROJECT_FILES, "mkdocs.offline.yml", "scripts", "tests", "pyproject.toml", "requirements.txt")
COMMIT_TIME = "2026-03-04T05:06:07+00:00"
OUTPUTS = ("site", "build")


def env(**extra: str) -> dict[str, str]:
    """This process's environment without what would change the build (the tests' own site address, a fixed date)."""
    base = {
        k: v for k, v in os.environ.items() if k not in {"SITE_URL", "REPO_URL", "OFFLINE_ZIP", "SOURCE_DATE_EPOCH"}
    }
    return {**base, **extra}


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project in a repository of its own, with one commit at a known time."""
    project = copy_project(tmp_path_factory.mktemp("clone") / "guide", CLONE_FILES)
    (project / ".venv").symlink_to((ROOT / ".venv").resolve())
    (project / ".gitignore").write_text("\n".join([".venv", "site/", "build/", "__pycache__/", ""]), encoding="utf-8")
    git = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-C", str(project)]
    dated = env(GIT_COMMITTER_DATE=COMMIT_TIME, GIT_AUTHOR_DATE=COMMIT_TIME)
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the guide"]):
        subprocess.run([*git, *command], check=True, env=dated, capture_output=True)
    return project


def site_build(project: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(project / "scripts" / "site"), "build"],
        cwd=project,
        capture_output=True,
        text=True,
        env=env(**extra),
        timeout=600,
        check=False,
    )


def tree(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_scripts_site_build_twice_gives_the_same_bytes(clone: Path, tmp_path: Path) -> None:
    first = site_build(clone)
    assert first.returncode == 0, first.stdout + first.stderr
    for name in OUTPUTS:
        shutil.move(clone / name, tmp_path / name)
    second = site_build(clone)
    assert second.returncode == 0, second.stdout + second.stderr

    for name in OUTPUTS:
        files = tree(clone / name)
        assert files == tree(tmp_path / name), name
        _, differ, errors = filecmp.cmpfiles(clone / name, tmp_path / name, files, shallow=False)
        assert not differ and not errors, f"{name}: these differ between two builds of one commit: {differ}"
    downloads = {Path(f).name for f in tree(clone / "site") if f.startswith("downloads/")}
    assert {"llm-finetuning-guide.apkg", "llm-finetuning-guide.qti.zip", "llm-finetuning-guide-0.1.0-offline.zip"} <= (
        downloads
    )
    assert (clone / "build/offline/index.html").is_file()

    # Dated by the last commit, since SOURCE_DATE_EPOCH was not set.
    committed = dt.datetime.fromisoformat(COMMIT_TIME)
    with zipfile.ZipFile(clone / "site/downloads/llm-finetuning-guide.apkg") as deck:
        assert {info.date_time for info in deck.infolist()} == {reproducible.zip_date(int(committed.timestamp()))}
    download = BeautifulSoup((clone / "site/download/index.html").read_text(encoding="utf-8"), "html.parser")
    dates = {str(time["datetime"]) for time in download.select(".guide-download time")}
    assert dates == {committed.date().isoformat()}, dates

    # What it prints: the two times and the zip with the size the Download page states; nothing on stderr.
    lines = second.stdout.splitlines()
    assert len(lines) == 2 and re.fullmatch(r"Offline build and zip: \d+ ms; online build: \d+ ms", lines[0]), lines
    size = re.fullmatch(r"Site: site/; offline download: site/downloads/\S+\.zip \((\d+(?:\.\d)? [kM]B)\)", lines[1])
    assert size, lines[1]
    assert size.group(1) in download.get_text(" "), "the build and the Download page state different sizes"
    assert second.stderr == "", second.stderr


def test_source_date_epoch_wins_over_the_commit(clone: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(reproducible.VARIABLE, raising=False)
    committed = int(dt.datetime.fromisoformat(COMMIT_TIME).timestamp())
    assert reproducible.epoch(clone) == committed
    monkeypatch.setenv(reproducible.VARIABLE, "1700000000")
    assert reproducible.epoch(clone) == 1_700_000_000
    monkeypatch.setenv(reproducible.VARIABLE, "yesterday")
    with pytest.raises(reproducible.EpochError, match="SOURCE_DATE_EPOCH must be a whole number"):
        reproducible.epoch(clone)
    # Zip dates start in 1980; an earlier epoch (0 is common) is written as the earliest there is.
    assert reproducible.zip_date(0) == (1980, 1, 1, 0, 0, 0)


def test_a_bad_source_date_epoch_stops_the_build_with_a_message(clone: Path) -> None:
    result = site_build(clone, SOURCE_DATE_EPOCH="last tuesday")
    assert result.returncode != 0
    assert "SOURCE_DATE_EPOCH must be a whole number of seconds" in result.stderr and "Traceback" not in result.stderr


def wait_for(url: str, process: subprocess.Popen[str]) -> None:
    for _ in range(1200):  # a bound on the first build (seconds on this machine), not a timing assertion
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            pass
        assert process.poll() is None, f"scripts/site exited with {process.returncode}"
        time.sleep(0.25)
    pytest.fail(f"scripts/site never answered at {url}")


def test_scripts_site_serves_and_a_kill_leaves_nothing_behind(tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    port = free_port()
    process = subprocess.Popen(
        [str(ROOT / "scripts" / "site")],
        cwd=ROOT,
        env=env(PORT=str(port), TMPDIR=str(tmp)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_for(url, process)
        # Served for its own address, which instant navigation needs: so it has a sitemap for that address.
        with urllib.request.urlopen(url + "sitemap.xml", timeout=10) as response:
            assert url.encode() in response.read()
        assert [p.name for p in tmp.iterdir() if p.name.startswith("mkdocs_")], "the served build should be in TMPDIR"
        process.send_signal(signal.SIGTERM)  # scripts/site execs mkdocs, so this is what `kill` reaches
        output, _ = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert sorted(p.name for p in tmp.iterdir()) == [], "left in the temporary directory after a kill"
    assert "[macros]" not in output, output
    assert "Serving on " + url in output and "Shutting down" in output, output


def test_scripts_check_passes_and_stops_at_a_broken_bank(clone: Path) -> None:
    command = [str(clone / "scripts" / "check")]
    result = subprocess.run(command, cwd=clone, capture_output=True, text=True, env=env(), timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "passed" in result.stdout and "a strict build: all passed in" in result.stdout, result.stdout

    bank = clone / "data" / "questions.yaml"
    original = bank.read_text(encoding="utf-8")
    try:
        bank.write_text(original.replace("    select: 1\n", "    select: 7\n", 1), encoding="utf-8")
        broken = subprocess.run(command, cwd=clone, capture_output=True, text=True, env=env(), timeout=600, check=False)
    finally:
        bank.write_text(original, encoding="utf-8")
    assert broken.returncode == 1
    assert re.search(r"data/questions\.yaml:\d+ \[question [\w-]+\]: ", broken.stderr), broken.stderr
    assert "passed" not in broken.stdout, "it should stop at the bank check"

"""The exports and questions script are written beside the build (guide/outputs/background.py): what the work writes
ends up
in the site, and a failure fails the build with its message instead of vanishing with the child process."""

from __future__ import annotations

from pathlib import Path

import pytest

from guide.outputs.background import BackgroundError, Job


def write_two(folder: Path) -> None:
    (folder / "downloads").mkdir()
    (folder / "downloads/a.txt").write_text("a", encoding="utf-8")
    (folder / "b.txt").write_text("b", encoding="utf-8")


def fail(folder: Path) -> None:
    raise ValueError("the bank has no questions")


@pytest.mark.parametrize("fork", [True, False])
def test_what_the_work_writes_is_moved_into_the_site(tmp_path: Path, fork: bool) -> None:
    site = tmp_path / "site"
    (site / "downloads").mkdir(parents=True)
    (site / "downloads/kept.txt").write_text("kept", encoding="utf-8")
    job = Job(write_two, fork=fork)
    assert (job.pid is not None) is fork
    moved = job.finish(site)
    assert sorted(p.relative_to(site).as_posix() for p in moved) == ["b.txt", "downloads/a.txt"]
    assert (site / "downloads/a.txt").read_text(encoding="utf-8") == "a"
    assert (site / "downloads/kept.txt").exists()
    assert not job.folder.exists()


@pytest.mark.parametrize("fork", [True, False])
def test_a_failure_is_reported_with_its_message(tmp_path: Path, fork: bool) -> None:
    job = Job(fail, fork=fork)
    with pytest.raises((BackgroundError, ValueError), match="the bank has no questions"):
        job.finish(tmp_path)
    assert not job.folder.exists()

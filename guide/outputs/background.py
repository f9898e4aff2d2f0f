"""Work that needs only the bank, done beside the build on another core: the exports and the questions script.

MkDocs builds pages on one core. The exports (GIFT, QTI, Anki, JSON) and `questions.js` depend on the bank alone, so a
forked child writes them into a private folder while the parent builds the pages, and the build moves them into the
site at the end. The child starts with the parent's memory, bank and converted fragments included, and reports a
failure through a file, which the build turns into a clear error. Where there is no fork (Windows), the same work
runs in the build at the end, as before.

The child only computes and writes files: everything it runs is imported before the fork, and it logs nothing, so it
takes no lock another thread of `mkdocs serve` could be holding.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

FAILED = ".failed"


class BackgroundError(Exception):
    """The background work failed; the message says how."""


class Job:
    """`work(folder)` writes files into `folder`; `finish(target)` waits for it and moves them into `target`."""

    def __init__(self, work: Callable[[Path], object], *, fork: bool | None = None) -> None:
        self.work = work
        self.folder = Path(tempfile.mkdtemp(prefix="llm-guide-"))
        self.pid: int | None = None
        # A build that stops before its end (an error, Ctrl-C, SIGTERM through macros/hooks.py) never calls finish():
        # its child and its folder still go when the process ends.
        atexit.register(self._discard)
        if fork if fork is not None else hasattr(os, "fork"):
            self.pid = os.fork()
            if self.pid == 0:
                self._run_child()

    def _discard(self) -> None:
        if self.pid:
            # Still running: stopped first, or it would go on writing into (and so re-create) the folder.
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            self.pid = None
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run_child(self) -> None:
        code = 0
        try:
            self.work(self.folder)
        except BaseException:  # whatever it is, the parent must hear of it, not see a silent exit
            (self.folder / FAILED).write_text(traceback.format_exc(), encoding="utf-8")
            code = 1
        finally:
            # Skip the parent's exit handlers and buffered output: they belong to the build, not to this copy of it.
            os._exit(code)

    def finish(self, target: Path) -> list[Path]:
        """Wait for the work (or do it now, without fork), then move what it wrote into `target`."""
        try:
            if self.pid is None:
                self.work(self.folder)
            else:
                _, status = os.waitpid(self.pid, 0)
                self.pid = None  # reaped: nothing for _discard to stop
                failure = self.folder / FAILED
                if failure.exists():
                    raise BackgroundError(failure.read_text(encoding="utf-8").strip().splitlines()[-1])
                if os.waitstatus_to_exitcode(status) != 0:
                    raise BackgroundError(f"the background build process ended with status {status}")
            moved = []
            for path in sorted(self.folder.rglob("*")):
                if path.is_file():
                    destination = target / path.relative_to(self.folder)
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    shutil.move(path, destination)
                    moved.append(destination)
            return moved
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

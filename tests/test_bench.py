"""CI smoke test of the benchmark: it runs end to end at a tiny size and reports every budget (it asserts no time)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.conftest import ROOT


def test_benchmark_runs_and_reports_every_budget() -> None:
    # Its own temporary directory, to see what it leaves there: `mkdocs serve`, stopped by SIGTERM, must remove its
    # build (macros/hooks.py makes SIGTERM stop it like Ctrl-C), and every background job its folder. A short path
    # (not pytest's tmp_path): Chromium refuses a profile whose socket path is longer than a Unix socket allows.
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        result = subprocess.run(
            [sys.executable, "scripts/bench.py", "--smoke"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
            env={**os.environ, "TMPDIR": tmp},
        )
        assert result.returncode == 0, result.stderr[-3000:]
        assert sorted(p.name for p in Path(tmp).iterdir()) == [], "left in the temporary directory"
    out = result.stdout
    assert "| 20 |" in out and "| 60 |" in out, out
    for line in (
        "guide/floor at the largest size:",
        "serve rebuild / clean build:",
        "topic-page HTML per question / the floor's:",
        "topic page JS+CSS gzipped (KB):",
        "Lighthouse mobile performance, lowest page:",
    ):
        assert line in out, out
    assert "check an answer, 200-question page (ms script): " in out and "not measured" in out, out

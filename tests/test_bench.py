"""CI smoke test of the benchmark: it runs end to end at a tiny size and reports every budget (it asserts no time)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_benchmark_runs_and_reports_every_budget() -> None:
    result = subprocess.run(
        [sys.executable, "scripts/bench.py", "--smoke"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stderr[-3000:]
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

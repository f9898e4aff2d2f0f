"""The GitHub Pages workflow, which no test run can execute: its syntax against the workflow schema, zizmor's security
audit, and the rules the README states (pinned actions, per-job permissions, no persisted credentials)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"
BIN = Path(sys.executable).parent


def zizmor(*paths: Path) -> subprocess.CompletedProcess[str]:
    # --offline: no GitHub API calls (the tests run without network); every audit that needs none still runs.
    return subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--no-progress", "--min-severity=medium", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )


def schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    # The workflow schema that check-jsonschema ships (from SchemaStore), so this runs offline too.
    return subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def workflow() -> dict[str, object]:
    # PyYAML reads the key `on` as True (YAML 1.1); that key is not checked here.
    return yaml.safe_load(PAGES.read_text(encoding="utf-8"))


def test_zizmor_reports_nothing_at_or_above_medium() -> None:
    result = zizmor(WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_would_report_an_unpinned_action(tmp_path: Path) -> None:
    # Negative control: the audit above can fail.
    text = PAGES.read_text(encoding="utf-8")
    broken = re.sub(r"actions/checkout@[0-9a-f]{40}", "actions/checkout@v4", text)
    assert broken != text
    (tmp_path / "pages.yml").write_text(broken, encoding="utf-8")
    result = zizmor(tmp_path / "pages.yml")
    assert result.returncode != 0 and "unpinned-uses" in result.stdout + result.stderr


def test_the_workflow_is_valid_against_the_schema(tmp_path: Path) -> None:
    result = schema_check(PAGES)
    assert result.returncode == 0, result.stdout + result.stderr
    # Negative control: a misspelt key fails.
    (tmp_path / "pages.yml").write_text(
        PAGES.read_text(encoding="utf-8").replace("runs-on:", "runs_on:", 1), encoding="utf-8"
    )
    result = schema_check(tmp_path / "pages.yml")
    assert result.returncode != 0 and "runs_on" in result.stdout, result.stdout


def test_every_action_is_pinned_to_a_commit_with_its_version_named() -> None:
    uses = re.findall(r"^\s*(?:- )?uses: (\S+)(.*)$", PAGES.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(uses) == 6, uses
    for action, rest in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", action), f"{action} is not pinned to a commit"
        assert re.fullmatch(r"\s+# v\d+\.\d+\.\d+", rest), f"{action}: say which release the commit is ({rest!r})"


def test_permissions_are_per_job_and_least() -> None:
    data = workflow()
    assert data["permissions"] == {}
    jobs = data["jobs"]
    assert isinstance(jobs, dict)
    assert jobs["build"]["permissions"] == {"contents": "read", "pages": "read"}
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_no_checkout_keeps_its_credentials() -> None:
    jobs = workflow()["jobs"]
    assert isinstance(jobs, dict)
    steps = [step for job in jobs.values() for step in job["steps"]]
    checkouts = [step for step in steps if str(step.get("uses", "")).startswith("actions/checkout@")]
    assert checkouts and all(step["with"]["persist-credentials"] is False for step in checkouts)


@pytest.mark.parametrize(("name", "command"), [("Test", "scripts/test"), ("Build", "scripts/site build")])
def test_the_workflow_runs_the_readme_commands(name: str, command: str) -> None:
    jobs = workflow()["jobs"]
    assert isinstance(jobs, dict)
    steps = {step.get("name"): step for step in jobs["build"]["steps"]}
    assert steps[name]["run"] == command

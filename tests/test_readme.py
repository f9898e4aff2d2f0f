"""The README cannot drift: every command in it is run here or by a named test, every YAML example is validated as
the bank would be, the error it shows is the one the check prints, and its table of test layers lists every test."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from guide.bank import rules
from guide.bank.validate import BankError, load_text
from tests.conftest import ROOT, free_port

# The README is a quick start and a map; the author's guide and the reference are the files it links. All three are
# held to what they say, as one text.
DOCUMENTS = ("README.md", "CONTRIBUTING.md", "MAINTAINING.md")
README = "\n\n".join((ROOT / name).read_text(encoding="utf-8") for name in DOCUMENTS)
BANK = ROOT / "data" / "questions.yaml"
PY = sys.executable


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", README, re.MULTILINE | re.DOTALL)


def block_commands() -> list[str]:
    """Each line of every bash block, without its comment."""
    lines = [line.split("  #")[0].strip() for block in blocks("bash") for line in block.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


_COMMAND = re.compile(r"^(?:[A-Z_]+=\S+ )*(?:scripts/[\w.-]+|\.venv/bin/\w+|python3?|node|npm|npx|mkdocs)(?: \S.*)?$")


def inline_commands() -> list[str]:
    """Code spans in the prose that are commands: a program with arguments, or one of the scripts by itself."""
    prose = re.sub(r"^```.*?^```$", "", README, flags=re.MULTILINE | re.DOTALL)
    found = []
    for span in re.findall(r"`([^`\n]+)`", prose):
        alone = " " not in span
        runnable = (ROOT / span).is_file() and (ROOT / span).suffix == "" and span.startswith("scripts/")
        if _COMMAND.match(span) and (not alone or runnable):
            found.append(span)
    return found


def run(command: list[str], cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env={**os.environ, **env})


# ---------------------------------------------------------------- commands run here


def check_bank() -> None:
    result = run([PY, "-m", "guide", "check", "data/questions.yaml"])
    assert result.returncode == 0 and ": OK, " in result.stdout, result.stdout + result.stderr


def cues() -> None:
    for extra in ([], ["--topic", "peft"]):
        result = run([PY, "-m", "guide", "cues", "data/questions.yaml", *extra])
        assert result.returncode == 0 and result.stdout.strip(), result.stderr


def schema(tmp: Path) -> None:
    # It writes data/questions.schema.json under the current folder: run it in a scratch one and compare.
    (tmp / "data").mkdir()
    result = run([PY, "-m", "guide", "schema"], cwd=tmp, PYTHONPATH=str(ROOT))
    assert result.returncode == 0, result.stderr
    written = (tmp / "data" / "questions.schema.json").read_text(encoding="utf-8")
    assert written == (ROOT / "data" / "questions.schema.json").read_text(encoding="utf-8")


def http_server(site: Path) -> None:
    # The README's command, with an address and a free port so it cannot collide with anything already on 8000.
    port = free_port()
    command = [PY, "-m", "http.server", "-d", str(site), "-b", "127.0.0.1", str(port)]
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as server:
        try:
            for _ in range(300):  # a bound on waiting for it to listen, not a timing assertion
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                        assert response.status == 200 and b"<html" in response.read(2000).lower()
                        return
                except (urllib.error.URLError, ConnectionError):
                    assert server.poll() is None, "python3 -m http.server exited"
                    time.sleep(0.1)
            pytest.fail("python3 -m http.server never answered")
        finally:
            server.terminate()


def scripts_test_passes_arguments_to_pytest() -> None:
    text = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert text.rstrip().endswith('exec .venv/bin/python -m pytest "$@"')
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")  # what CI runs


def scripts_test_runs_node() -> None:
    assert re.search(r"^node --test .*tests/js/$", (ROOT / "scripts" / "test").read_text(encoding="utf-8"), re.M)


def scripts_test_runs_tsc() -> None:
    # The type check runs beside the Node tests, with the TypeScript that package-lock.json pins.
    assert re.search(r"^npx tsc --noEmit$", (ROOT / "scripts" / "test").read_text(encoding="utf-8"), re.M)
    assert '"typescript": "' in (ROOT / "package.json").read_text(encoding="utf-8")
    assert (ROOT / "tsconfig.json").is_file() and (ROOT / "types" / "guide.d.ts").is_file()


def scripts_test_runs_npm_ci() -> None:
    # scripts/test installs node_modules/ with it whenever package-lock.json changes.
    assert re.search(r"^\s+npm ci\b", (ROOT / "scripts" / "test").read_text(encoding="utf-8"), re.MULTILINE)


def social_card() -> None:
    # Not run (Pillow is not a test dependency): the pin exists, and the script says the same command.
    pins = (ROOT / "scripts" / "social_card.requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^pillow==\d+\.\d+\.\d+$", pins, re.MULTILINE), pins
    docstring = (ROOT / "scripts" / "social_card.py").read_text(encoding="utf-8")
    assert SOCIAL_CARD in docstring


def app_icons() -> None:
    # Not run either: the same pinned Pillow, and the script names this command.
    social_card()
    assert APP_ICONS in (ROOT / "scripts" / "app_icons.py").read_text(encoding="utf-8")


APP_ICONS = ".venv/bin/python scripts/app_icons.py"
SOCIAL_CARD = (
    ".venv/bin/python -m pip install -r scripts/social_card.requirements.txt && .venv/bin/python scripts/social_card.py"
)

# How each command is checked: a function run here, or the test that runs it (module::function).
Check = Callable[[], None] | str
SITE_SERVE = "tests/test_scripts.py::test_scripts_site_serves_and_a_kill_leaves_nothing_behind"
SITE_BUILD = "tests/test_scripts.py::test_scripts_site_build_twice_gives_the_same_bytes"
CHECK = "tests/test_scripts.py::test_scripts_check_passes_and_stops_at_a_broken_bank"
BENCH = "tests/test_bench.py::test_benchmark_runs_and_reports_every_budget"
TWO_ENGINES = "tests/test_library.py::test_mkdocs_and_properdocs_build_the_same_site"
POSTBUILD = "tests/test_library.py::test_the_post_build_step_on_its_own_writes_what_the_build_writes"
CALIBRATION = "tests/test_plan.py::test_the_calibration_benchmark_runs_on_the_built_bank"
COMMANDS: dict[str, Check] = {
    "scripts/site": SITE_SERVE,
    "PORT=8001 scripts/site": SITE_SERVE,
    "scripts/site build": SITE_BUILD,
    "scripts/check": CHECK,
    "scripts/test": scripts_test_passes_arguments_to_pytest,
    "scripts/test -k browser -x": scripts_test_passes_arguments_to_pytest,
    "node --test tests/js/": scripts_test_runs_node,
    "node --test": scripts_test_runs_node,
    "npm ci": scripts_test_runs_npm_ci,
    ".venv/bin/python -m guide check data/questions.yaml": check_bank,
    ".venv/bin/python -m guide cues data/questions.yaml [--topic peft]": cues,
    "python -m guide cues": cues,
    ".venv/bin/python -m guide schema": "tests/test_readme.py::test_readme_schema_command",
    "npx tsc --noEmit": scripts_test_runs_tsc,
    "python3 -m http.server -d site": "tests/test_readme.py::test_readme_http_server_command",
    ".venv/bin/python scripts/bench.py": BENCH,
    "scripts/bench.py --smoke": BENCH,
    "mkdocs build --strict": "tests/test_site.py::test_negative_control_bank_with_wrong_key_fails_the_build",
    "mkdocs serve": SITE_SERVE,
    SOCIAL_CARD: social_card,
    APP_ICONS: app_icons,
    ".venv/bin/properdocs build -f mkdocs.yml": TWO_ENGINES,
    ".venv/bin/properdocs serve -f mkdocs.yml": TWO_ENGINES,
    "python -m guide postbuild": POSTBUILD,
    "node bench/readiness_calibration.js site": CALIBRATION,
}


def test_every_command_in_the_readme_is_checked() -> None:
    found = block_commands() + inline_commands()
    assert "scripts/site" in found and "scripts/check" in found  # the extraction sees the quick start
    unchecked = sorted(set(found) - set(COMMANDS))
    assert not unchecked, f"README commands no test runs or checks; add each to COMMANDS: {unchecked}"
    for command, check in COMMANDS.items():
        assert command in found, f"{command!r} is no longer in the README; drop it from COMMANDS"
        if isinstance(check, str):
            module, name = check.split("::")
            test_module = importlib.import_module(module.removesuffix(".py").replace("/", "."))
            assert callable(getattr(test_module, name, None)), f"{command!r}: no test {check}"


@pytest.mark.parametrize(
    "command", sorted({c for c, check in COMMANDS.items() if callable(check)}, key=str), ids=lambda c: c[:40]
)
def test_readme_command_runs(command: str) -> None:
    check = COMMANDS[command]
    assert callable(check)
    check()


def test_readme_schema_command(tmp_path: Path) -> None:
    schema(tmp_path)


def test_readme_http_server_command(built_site: Path) -> None:
    http_server(built_site)


# ---------------------------------------------------------------- YAML and the error it shows


def question_example() -> str:
    (example,) = [block for block in blocks("yaml") if block.lstrip().startswith("- id:")]
    return example


def with_example(example: str) -> str:
    """The bank with the example appended under `questions:` (the bank's last section), as an author would."""
    text = BANK.read_text(encoding="utf-8")
    after = text.split("\nquestions:\n")
    assert len(after) == 2 and not re.search(r"^\w", after[1], re.MULTILINE), "questions: is no longer the last section"
    return text.rstrip("\n") + "\n\n" + example


def test_the_question_example_passes_the_check_when_added_to_the_bank() -> None:
    example = question_example()
    data = yaml.safe_load(example)
    assert isinstance(data, list) and len(data) == 1, "one question, as a list item"
    bank = load_text(with_example(example), "data/questions.yaml")
    # The whole rule set, as scripts/check applies it: the authoring rules too, not only the schema.
    assert rules.problems(bank) == []
    added = bank.questions[-1]
    existing = {q.id for q in load_text(BANK.read_text(encoding="utf-8"), "data/questions.yaml").questions}
    assert added.id == data[0]["id"] and added.id not in existing, "the example must not reuse an id"
    assert added.title == data[0]["title"]
    # The example follows the README's own advice: the key is not first.
    assert added.key != [0]


def test_the_topic_example_is_a_valid_topic() -> None:
    (topics,) = [block for block in blocks("yaml") if block.startswith("topics:")]
    question = question_example()
    # The objectives are declared once, at the top of the bank: the example topic reuses them.
    bank = BANK.read_text(encoding="utf-8")
    objectives = bank[bank.index("objectives:") : bank.index("\ntopics:\n") + 1]
    text = objectives + topics + "questions:\n" + question
    data = yaml.safe_load(topics)
    assert data["topics"][0]["lessons"][0]["id"] == yaml.safe_load(question)[0]["lesson"]
    try:
        load_text(text, "example.yaml")
    except BankError as error:
        pytest.fail(f"the README's topic and question examples do not make a valid bank:\n{error}")


def test_the_error_shown_is_the_error_the_check_gives() -> None:
    (shown,) = [block for block in blocks("text") if "problem in the question bank" in block]
    example = question_example()
    # The README's mistake: one more option marked correct than `select` says.
    broken = example.replace("correct: false", "correct: true", 1)
    assert broken != example
    with pytest.raises(BankError) as caught:
        load_text(with_example(broken), "data/questions.yaml")
    got = " ".join(str(caught.value).split())
    want = " ".join(shown.split())
    # The line number depends on the bank's length when the example is added; everything else is exact.
    line = re.compile(r"questions\.yaml:\d+")
    assert line.sub("questions.yaml:N", got) == line.sub("questions.yaml:N", want)


# ---------------------------------------------------------------- the test layers


def test_the_table_of_test_layers_lists_every_test_file() -> None:
    table = README[README.index("| layer | files |") :].split("\n\n")[0]
    listed = set(re.findall(r"`(test_\w+\.py)`", table))
    present = {path.name for path in (ROOT / "tests").glob("test_*.py")}
    assert listed == present, f"missing from the README: {sorted(present - listed)}; gone: {sorted(listed - present)}"
    assert "`tests/js/*.test.js`" in table


def test_the_front_end_tree_is_the_folder() -> None:
    """The tree under "The front end" names every file of docs/assets/ (vendored and generated folders as one line)
    and nothing that is not there."""
    section = README.split("### The front end", 1)[1]
    tree = re.search(r"^```text\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert tree is not None, "README: the front-end tree is missing"
    listed: set[str] = set()
    folder = ""
    for line in tree.group(1).splitlines()[1:]:
        depth, name = len(line) - len(line.lstrip()), line.split()[0]
        if depth not in (2, 4):
            continue  # a description's second line
        if depth == 4:
            listed.add(folder + name)
            continue
        folder = name if name.endswith("/") else ""
        if not folder or name in ("vendor/", "generated/"):
            listed.add(name)
    assets = ROOT / "docs" / "assets"
    present = {
        path.relative_to(assets).as_posix()
        for path in assets.rglob("*")
        if path.is_file() and path.suffix in (".js", ".css") and path.relative_to(assets).parts[0] not in ("vendor",)
    }
    present |= {"vendor/", "generated/"}
    assert listed == present, (
        f"README lists {sorted(listed - present)} that do not exist; misses {sorted(present - listed)}"
    )

"""The build as a library with MkDocs as one engine (issue 34): the library imports no engine, the post-build step
runs on its own over a folder an engine built, pages need no hook to be complete, and MkDocs and ProperDocs build the
same site."""

from __future__ import annotations

import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from guide import config as site_config
from tests.conftest import ROOT, copy_project, run_mkdocs

ENGINES = ("mkdocs", "material", "mkdocs_macros", "properdocs")
# Fixed for every build here, so two builds differ only in what a test changes.
DATE = {"SOURCE_DATE_EPOCH": "1800000000", "SITE_URL": "", "REPO_URL": "", "OFFLINE_ZIP": ""}
GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')


def imported_after(code: str) -> list[str]:
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return result.stdout.split()


def engine_modules(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in ENGINES]


def test_the_bank_check_and_the_cue_report_import_no_engine() -> None:
    modules = imported_after(
        "from guide.__main__ import main\n"
        "assert main(['check', 'data/questions.yaml']) == 0\n"
        "assert main(['cues', 'data/questions.yaml', '--topic', 'peft']) == 0"
    )
    assert "guide.bank.validate" in modules and "guide.bank.cues" in modules  # negative control: it did run
    assert engine_modules(modules) == []


def test_no_library_module_imports_an_engine() -> None:
    # Every module of guide/, imported together: none brings in MkDocs, Material or the macros plugin.
    names = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "guide").rglob("*.py")
        if p.name != "__main__.py"
    )
    modules = imported_after("\n".join(f"import {name}" for name in names))
    assert set(names) <= set(modules)
    assert engine_modules(modules) == []
    assert engine_modules(imported_after("import macros")) != []  # the adapter does import MkDocs


def test_no_python_module_of_the_build_is_over_600_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in [*(ROOT / "guide").rglob("*.py"), *(ROOT / "macros").rglob("*.py")]
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert not long, long


def test_the_config_reader_reads_what_mkdocs_reads() -> None:
    from mkdocs.config import load_config

    for name in ("mkdocs.yml", "mkdocs.offline.yml"):
        ours = site_config.read(ROOT / name)
        theirs = load_config(str(ROOT / name))
        assert ours.markdown_extensions == list(theirs.markdown_extensions), name
        assert ours.mdx_configs == dict(theirs.mdx_configs), name
        assert ours.use_directory_urls == theirs.use_directory_urls, name
        assert ours.extra.get("offline_build") == theirs.extra.get("offline_build"), name


def same_tree(left: Path, right: Path, ignore: re.Pattern[bytes] | None = None) -> list[str]:
    """Files that differ, or exist on one side only, between two built folders."""
    names = {p.relative_to(left).as_posix() for p in left.rglob("*") if p.is_file()}
    names |= {p.relative_to(right).as_posix() for p in right.rglob("*") if p.is_file()}
    different = []
    for name in sorted(names):
        a, b = left / name, right / name
        if not (a.is_file() and b.is_file()):
            different.append(name)
            continue
        if filecmp.cmp(a, b, shallow=False):
            continue
        if ignore is not None and ignore.sub(b"", a.read_bytes()) == ignore.sub(b"", b.read_bytes()):
            continue
        different.append(name)
    return different


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as MkDocs builds it, post-build step included."""
    site = tmp_path_factory.mktemp("reference")
    result = run_mkdocs(ROOT, site, env=DATE)
    assert result.returncode == 0, result.stdout + result.stderr
    return site


def test_the_post_build_step_on_its_own_writes_what_the_build_writes(
    reference: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    pages = tmp_path_factory.mktemp("pages-only")
    result = run_mkdocs(ROOT, pages, env={**DATE, "GUIDE_PAGES_ONLY": "1"})
    assert result.returncode == 0, result.stdout + result.stderr
    # The pages alone are complete: every question is on its page, no placeholder waits for a hook ...
    lesson = (pages / "topics/peft/lora-basics/index.html").read_text(encoding="utf-8")
    assert 'data-quiz-topic="peft" data-quiz-lesson="lora-basics"' in lesson
    assert not re.search(r"<!-- (quiz|figure|print)", lesson)
    # ... but nothing is written after them, so this folder differs from the reference (negative control).
    assert not (pages / "assets/generated/bank/index.js").exists()
    assert same_tree(reference, pages)
    env = {**os.environ, **DATE}
    run = subprocess.run(
        [sys.executable, "-m", "guide", "postbuild", str(pages)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert same_tree(reference, pages) == []


def test_the_post_build_step_refuses_a_folder_that_is_not_a_build(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "guide", "postbuild", str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2 and "not a built site" in run.stderr


def test_the_post_build_step_finds_a_lesson_on_no_page(tmp_path: Path) -> None:
    # A lesson page that lost its quiz() call, built by an engine without hooks: the post-build step finds the
    # lesson on no page from the built HTML alone, and fails.
    project = copy_project(tmp_path / "project")
    page = project / "docs/topics/peft/soft-prompts.md"
    page.write_text(page.read_text(encoding="utf-8").replace('{{ quiz("peft", "soft-prompts") }}', ""), "utf-8")
    site = tmp_path / "site"
    # Not --strict: MkDocs would stop first on the links to the missing lesson's questions, which another engine
    # does not check; the post-build step must find the missing lesson on its own.
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(project / "mkdocs.yml"), "-d", str(site)],
        cwd=project,
        env={**os.environ, **DATE, "GUIDE_PAGES_ONLY": "1", "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    run = subprocess.run(
        [sys.executable, "-m", "guide", "postbuild", str(site), "--config", str(project / "mkdocs.yml")],
        cwd=project,
        env={**os.environ, **DATE, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert "lesson `peft/soft-prompts`: its questions are on no page" in run.stderr


def test_mkdocs_and_properdocs_build_the_same_site(reference: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    engine = shutil.which("properdocs", path=str(Path(sys.executable).parent))
    assert engine, "properdocs is pinned in requirements.txt; run scripts/setup.sh"
    site = tmp_path_factory.mktemp("properdocs")
    result = subprocess.run(
        [engine, "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT,
        env={**os.environ, **DATE},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert GENERATOR.search((site / "index.html").read_bytes())  # the only thing allowed to differ is there
    assert same_tree(reference, site, ignore=GENERATOR) in ([], ["sw.js"])
    # The app's worker lists every file by its digest, so it differs exactly where the pages' generator tags do: the
    # same files at the same addresses, and another digest only for a page.
    mkdocs_list, properdocs_list = worker_files(reference), worker_files(site)
    assert mkdocs_list.keys() == properdocs_list.keys()
    changed = [at for at in mkdocs_list if mkdocs_list[at] != properdocs_list[at]]
    assert changed and all(at == "" or at.endswith(("/", ".html")) for at in changed), changed


def worker_files(site: Path) -> dict[str, str]:
    """The app worker's list (guide/outputs/serviceworker.py): each address with its digest."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    head = json.loads(text[len("self.GUIDE_OFFLINE=") : text.index("};\n") + 1])
    return {at: digest for at, digest, _size in head["files"]}


def test_serving_a_broken_bank_shows_its_problems_on_the_page(tmp_path: Path) -> None:
    # `mkdocs serve --strict` with a bank that cannot be loaded: the page says why, instead of the browser waiting.
    import urllib.request

    from tests.conftest import free_port

    project = copy_project(tmp_path / "project")
    bank = project / "data/questions.yaml"
    bank.write_text(bank.read_text(encoding="utf-8").replace("    select: 2\n", "    select: 7\n", 1), "utf-8")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}", "-f", "mkdocs.yml"],
        cwd=project,
        env={**os.environ, **DATE, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": f"http://127.0.0.1:{port}/"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        page = ""
        for _ in range(600):  # until the first build answers (a readiness poll, not a timed assertion)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                if server.poll() is not None:
                    break
                subprocess.run(["sleep", "0.5"], check=False)
        assert server.poll() is None, server.stderr.read() if server.stderr else ""
        assert "The question bank has problems" in page
        assert "must be smaller than the number of options" in page
    finally:
        server.terminate()
        server.wait(timeout=60)

"""What Zensical builds of the guide today: a trial, not a test (CI does not run it).

    .venv/bin/python scripts/zensical_trial.py [--keep]

It installs the newest Zensical that pip can resolve here into a throwaway virtual environment (with the guide's
own runtime packages), builds a copy of the project with `zensical build`, runs the guide's post-build step over the
result (`python -m guide postbuild`, what an engine without MkDocs hooks needs), and reports, one line each, what the
built site has and lacks against an MkDocs build. Nothing is written into the clone; `--keep` leaves the temporary
folder for a look. Update MAINTAINING.md ("Switching engines") with what it prints when a newer Zensical installs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the library needs at run time, without MkDocs, Material or the macros plugin.
RUNTIME = ["pydantic", "PyYAML", "Jinja2", "Markdown", "pymdown-extensions", "genanki", "rjsmin", "rcssmin"]
PROJECT = ("mkdocs.yml", "docs", "guide", "macros", "overrides", "data", "pyproject.toml")


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def checks(site: Path) -> list[tuple[str, bool]]:
    lesson = site / "topics/peft/lora-basics/index.html"
    text = lesson.read_text(encoding="utf-8") if lesson.is_file() else ""
    overview = site / "topics/peft/index.html"
    return [
        ("a lesson page", lesson.is_file()),
        ("its questions, finished (no placeholder)", "data-quiz-lesson" in text and "<!-- quiz" not in text),
        ("a figure on the topic overview", overview.is_file() and "guide-figure" in overview.read_text("utf-8")),
        ("the bank's scripts", (site / "assets/generated/bank/index.js").is_file()),
        ("the topic scripts", (site / "assets/generated/topics.js").is_file()),
        ("the exports", (site / "downloads/llm-finetuning-guide.json").is_file()),
        ("content addresses (?v=)", bool(re.search(r"assets/base/boot\.js\?v=[0-9a-f]{8}", text))),
        ("the guide's scripts on the page", "assets/quiz/quiz.js" in text),
        ("Material's theme", "md-header" in text),
        ("search", (site / "search/search_index.json").is_file() or (site / "search.json").is_file()),
    ]


def main(argv: list[str]) -> int:
    keep = "--keep" in argv
    work = Path(tempfile.mkdtemp(prefix="zensical-trial-"))
    try:
        env_dir = work / "venv"
        venv.create(env_dir, with_pip=True)
        py = env_dir / "bin" / "python"
        install = run([str(py), "-m", "pip", "install", "-q", "zensical", *RUNTIME], work)
        if install.returncode:
            print("Zensical does not install here:\n" + install.stderr[-2000:])
            return 1
        version = run([str(py), "-c", "import importlib.metadata as m; print(m.version('zensical'))"], work)
        print(f"Zensical {version.stdout.strip()} installed")
        project = work / "project"
        project.mkdir()
        for name in PROJECT:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
            elif source.is_file():
                shutil.copy(source, project / name)
        build = run([str(env_dir / "bin" / "zensical"), "build", "-f", "mkdocs.yml"], project)
        print(f"zensical build: exit {build.returncode}")
        if build.returncode:
            print((build.stdout + build.stderr)[-3000:])
        site = project / "site"
        if site.is_dir():
            post = run([str(py), "-m", "guide", "postbuild", str(site)], project)
            print(f"python -m guide postbuild: exit {post.returncode}")
            if post.returncode:
                print((post.stdout + post.stderr)[-2000:])
            for what, ok in checks(site):
                print(f"  {'yes' if ok else 'NO '}  {what}")
        return 0
    finally:
        if keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

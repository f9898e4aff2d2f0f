"""Build-speed benchmark: the quiz build against the same text as plain Markdown, reported as ratios.

    .venv/bin/python scripts/bench.py [--sizes 1000 5000] [--repeats 3]

For each size N it makes two throwaway projects with the site's real mkdocs.yml, theme overrides and assets:
  quiz   N generated questions in data/questions.yaml, rendered by the macros into the topic pages;
  plain  the same stems, options and explanations written out as ordinary Markdown, without the macros plugin.
It reports the best of `repeats` wall-clock builds and two ratios that do not depend on the machine's speed:
quiz/plain at each size (overhead of the quiz), and time(N_max)/time(N_min) divided by N_max/N_min (1.0 = linear).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from macros.validate import load_bank  # noqa: E402 - needs the project root on sys.path first


def questions(n: int, topic_ids: list[str]) -> list[dict[str, object]]:
    rows = []
    for i in range(n):
        select = 2 if i % 4 == 0 else 1
        rows.append(
            {
                "id": f"bench-{i}",
                "topic": topic_ids[i % len(topic_ids)],
                "domain": "fine-tuning",
                "stem": f"A team fine-tunes a **{7 + i % 60}B** model with `r={8 + i % 5}`. Which statement {i} holds?",
                "select": select,
                "options": [
                    {
                        "text": f"Option {k} for question {i} with `code`",
                        "correct": k < select,
                        "explanation": f"Because of *reason {k}*: 16 bytes × {i} params.\n\n"
                        "See the [paper](https://arxiv.org/abs/2106.09685).",
                    }
                    for k in range(4)
                ],
                "references": [{"title": "LoRA", "url": "https://arxiv.org/abs/2106.09685"}],
            }
        )
    return rows


def plain_markdown(rows: list[dict[str, object]], topic: str) -> str:
    parts = [f"# {topic}\n"]
    for n, q in enumerate(r for r in rows if r["topic"] == topic):
        parts.append(f"### Question {n + 1}\n\n{q['stem']}\n")
        for k, option in enumerate(q["options"]):  # type: ignore[arg-type]
            parts.append(f"{k + 1}. {option['text']}\n")
        for k, option in enumerate(q["options"]):  # type: ignore[arg-type]
            verdict = "Correct" if option["correct"] else "Incorrect"
            body = option["explanation"].replace("\n", "\n    ")
            parts.append(f'\n??? note "{chr(65 + k)}. {verdict}"\n    {body}\n')
    return "\n".join(parts)


def make_project(base: Path, kind: str, rows: list[dict[str, object]], topics: list[dict[str, str]]) -> Path:
    project = base / kind
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "overrides", project / "overrides")
    shutil.copytree(ROOT / "macros", project / "macros", ignore=shutil.ignore_patterns("__pycache__"))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "data").mkdir()
    (project / "data/questions.yaml").write_text(
        yaml.safe_dump({"topics": topics, "questions": rows}, allow_unicode=True), encoding="utf-8"
    )
    if kind == "plain":
        config = config.replace(
            "  - macros:\n      module_name: macros\n      on_error_fail: true\n      on_undefined: strict\n", ""
        )
        for topic in topics:
            page = project / "docs/topics" / f"{topic['id']}.md"
            page.write_text(plain_markdown(rows, topic["id"]), encoding="utf-8")
        (project / "docs/index.md").write_text("# Home\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


def build_seconds(project: Path, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--quiet",
                "-f",
                str(project / "mkdocs.yml"),
                "-d",
                str(project / "site"),
            ],
            check=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    bank = load_bank(ROOT / "data/questions.yaml")
    topics = [{"id": t.id, "title": t.title, "summary": t.summary} for t in bank.topics]
    results: dict[int, tuple[float, float]] = {}
    print(f"{'questions':>10} {'quiz s':>8} {'plain s':>8} {'quiz/plain':>10}")
    for n in args.sizes:
        rows = questions(n, [t["id"] for t in topics])
        with tempfile.TemporaryDirectory() as tmp:
            quiz = build_seconds(make_project(Path(tmp), "quiz", rows, topics), args.repeats)
            plain = build_seconds(make_project(Path(tmp), "plain", rows, topics), args.repeats)
        results[n] = (quiz, plain)
        print(f"{n:>10} {quiz:>8.2f} {plain:>8.2f} {quiz / plain:>10.2f}")
    if len(results) > 1:
        small, large = min(results), max(results)
        for label, index in (("quiz", 0), ("plain", 1)):
            growth = (results[large][index] / results[small][index]) / (large / small)
            print(f"{label} scaling {small}->{large}: {growth:.2f} (1.00 = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

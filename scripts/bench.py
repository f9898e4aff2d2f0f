"""Benchmark: the guide against the floor (plain Material) and the best-known peer (mkdocs-quiz), as ratios.

    .venv/bin/python scripts/bench.py                      # the full run; appends a dated table to bench/RESULTS.md
    .venv/bin/python scripts/bench.py --smoke              # a small, quick run (what CI runs): no peer, no Lighthouse

For each size N, three throwaway projects with the site's real mkdocs.yml, theme overrides and assets:
  guide  N synthetic questions in data/questions.yaml, rendered by the macros into five topic pages;
  floor  the same text as plain Markdown, every explanation in a collapsible `??? note`, no quiz;
  peer   the same questions in mkdocs-quiz's syntax, built with it in its own virtual environment (bench/.peer-venv).
Each is built `--repeats` times; medians are reported, with peak memory (the build process's max RSS), HTML bytes per
question, and the JavaScript and CSS a topic page loads. Then: a `mkdocs serve` rebuild after editing one explanation
against a clean build, the script time of checking an answer on a 200-question page and of starting a 60-question exam
(when the site has one; the median of `--start-runs` starts), and Lighthouse (npm lighthouse 12, Debian's Chromium,
served with gzip), median of five runs.
Nothing here asserts a time: it measures, compares with the budgets of issue 11, and writes the table.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import gzip
import http.server
import io
import json
import os
import platform
import queue
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import yaml

if TYPE_CHECKING:
    from playwright.sync_api import Browser, CDPSession

ROOT = Path(__file__).resolve().parent.parent
PEER_VENV = ROOT / "bench/.peer-venv"
LIGHTHOUSE = ROOT / "bench/.lighthouse"
LIGHTHOUSE_VERSION = "12.2.3"  # 13 needs Node 22; the machine has Node 20
PEER_REQUIREMENTS = ["mkdocs-quiz==1.7.1", "mkdocs==1.6.1", "mkdocs-material==9.8.1", "pymdown-extensions==13.1"]
TOPICS = [
    {
        "id": f"topic-{i}",
        "title": f"Topic {i}",
        "summary": f"Synthetic topic {i}.",
        "lessons": [{"id": "all", "title": "All"}],
    }
    for i in range(1, 6)
]
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": ""}
# The real lesson page set beside the same questions as plain Material and as mkdocs-quiz (issue 16).
LESSON = ("peft", "lora-basics")
# Issue 16's budgets for that lesson page, mobile: at most, and at least the peer's score on the same questions.
LESSON_BUDGETS = {"lesson page TBT, mobile (ms)": 200.0, "lesson page DOM elements": 1500.0,
                  "check an answer, lesson page (ms script)": 16.0}  # fmt: skip
LESSON_AT_LEAST = {"lesson page mobile performance minus the peer's": 0.0}
# Lower bounds: Lighthouse on every page measured, mobile, median of the runs.
AT_LEAST = {
    "Lighthouse mobile performance, lowest page": 95.0,
    "Lighthouse mobile accessibility, best practices and SEO, lowest": 100.0,
}
BUDGETS = {
    "guide/floor at the largest size": 1.0,
    "guide/peer at the largest size": 0.4,
    "growth 1k->5k (time ratio)": 4.5,
    "serve rebuild / clean build": 0.5,
    "topic-page HTML per question / the floor's": 1.0,
    "topic page JS+CSS gzipped (KB)": 8.0,
    "check an answer, 200-question page (ms script)": 16.0,
    "start a 60-question exam from the bank (ms script)": 16.0,
}
# Issue 17: what the practice and Review pages load at the largest size (gzipped question data, and script time).
BANK_BUDGETS = {
    "practice page ready: question data (KB gzipped)": 60.0,
    "a started 60-question exam: question data in all (KB gzipped)": 150.0,
    "Review with 60 due: question data (KB gzipped)": 150.0,
    "start a 60-question exam (ms script)": 16.0,
    "answer a question in the exam (ms script)": 16.0,
}

# ---------------------------------------------------------------- synthetic content

_WORDS = str.split(
    "adapter rank gradient optimizer tensor pipeline shard batch token sequence memory precision weight activation "
    "checkpoint learning rate warmup schedule loss validation dataset template mask packing reward policy preference "
    "quantize calibrate distill teacher student prune sparsity throughput latency kernel bandwidth cluster node GPU "
    "the a of to in and for with on by that this which when while after before each every some many fewer more"
)


def sentence(rng: random.Random, low: int, high: int) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(low, high))]
    words[rng.randrange(len(words))] = f"`r={rng.randint(4, 64)}`"
    return (" ".join(words)).capitalize()


def synthetic_bank(n: int, seed: int = 7) -> list[dict[str, object]]:
    """Realistic lengths: a 40-80 word stem, 4 or 5 options with 40-80 word explanations, every 4th multi-select.
    Ids of three or four words like the real ones (a counter would compress better than any real bank's index), and
    every exam domain."""
    sys.path.insert(0, str(ROOT))
    from guide.bank.models import DOMAINS

    domains = list(DOMAINS)
    rng = random.Random(seed)
    rows = []
    ids: set[str] = set()
    words = [w.lower() for w in _WORDS if len(w) > 3]
    for i in range(n):
        select = 2 if i % 4 == 0 else 1
        count = 5 if i % 3 == 0 else 4
        qid = ""
        while not qid or qid in ids:
            qid = "-".join([f"t{i % len(TOPICS) + 1}", *rng.sample(words, rng.randint(3, 4))])
        ids.add(qid)
        rows.append(
            {
                "id": qid,
                "topic": TOPICS[i % len(TOPICS)]["id"],
                "lesson": "all",
                "domain": domains[i % len(domains)],
                # The first objective of its domain: the study guide numbers domains 1 to 10 in DOMAINS' order.
                "objectives": [f"{i % len(domains) + 1}.1"],
                "difficulty": ["easy", "medium", "hard"][i % 3],
                "select": select,
                "stem": sentence(rng, 40, 80) + "?",
                "options": [
                    {
                        "text": sentence(rng, 6, 14),
                        "correct": k < select,
                        "explanation": sentence(rng, 40, 80) + ".",
                    }
                    for k in range(count)
                ],
                "references": [{"title": "LoRA", "url": "https://arxiv.org/abs/2106.09685"}],
            }
        )
    return rows


def floor_markdown(rows: list[dict[str, object]], topic: str) -> str:
    parts = [f"# {topic}\n\n## Questions\n"]
    for n, q in enumerate((r for r in rows if r["topic"] == topic), start=1):
        parts.append(f"### Question {n}\n\n{q['stem']}\n")
        for k, option in enumerate(q["options"]):  # type: ignore[arg-type]
            parts.append(f"{k + 1}. {option['text']}")
        for k, option in enumerate(q["options"]):  # type: ignore[arg-type]
            verdict = "Correct" if option["correct"] else "Incorrect"
            parts.append(f'\n??? note "{chr(65 + k)}. {verdict}"\n    {option["explanation"]}\n')
    return "\n".join(parts) + "\n"


def peer_markdown(rows: list[dict[str, object]], topic: str) -> str:
    # mkdocs-quiz: a question, checkbox answers (- [x] right), per-answer feedback as blockquotes, then content.
    parts = [f"# {topic}\n\n## Questions\n"]
    for q in (r for r in rows if r["topic"] == topic):
        parts.append(f"<quiz>\n{q['stem']}")
        for option in q["options"]:  # type: ignore[attr-defined]
            parts.append(f"- [{'x' if option['correct'] else ' '}] {option['text']}")
            parts.append(f"> {option['explanation']}")
        parts.append("\nSee the sources.\n</quiz>\n")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------- projects and builds


def topic_page(kind: str, topic: str) -> str:
    """The site path of the page that holds a synthetic topic's questions: the guide puts them on the topic's one
    lesson page (`all`), the floor and the peer on one page per topic."""
    return f"topics/{topic}/all/" if kind == "guide" else f"topics/{topic}/"


def objectives() -> list[dict[str, str]]:
    """The real bank's declaration of the study guide's objectives, which every synthetic question names one of."""
    sys.path.insert(0, str(ROOT))
    from guide.bank.validate import load_bank

    return [o.model_dump(mode="json") for o in load_bank(ROOT / "data/questions.yaml").objectives]


def make_project(base: Path, kind: str, rows: list[dict[str, object]]) -> Path:
    project = base / kind
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "overrides", project / "overrides")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    if kind == "guide":
        nav = "".join(
            f"      - {t['title']}:\n          - topics/{t['id']}/index.md\n          - topics/{t['id']}/all.md\n"
            for t in TOPICS
        )
    else:
        nav = "".join(f"      - topics/{t['id']}.md\n" for t in TOPICS)
    # The real topics' sections give way to the synthetic ones.
    config = re.sub(r"(  - Topics:\n)(?:(?!  - ).*\n)+", lambda m: m.group(1) + nav, config)
    shutil.rmtree(project / "docs/topics")
    (project / "docs/topics").mkdir()
    if kind == "guide":
        for package in ("guide", "macros"):
            shutil.copytree(ROOT / package, project / package, ignore=shutil.ignore_patterns("__pycache__"))
        (project / "data").mkdir()
        bank = {"objectives": objectives(), "topics": TOPICS, "questions": rows}
        (project / "data/questions.yaml").write_text(yaml.safe_dump(bank, allow_unicode=True), encoding="utf-8")
        for topic in TOPICS:
            folder = project / "docs/topics" / str(topic["id"])
            folder.mkdir()
            lessons = f'{{{{ lessons("{topic["id"]}") }}}}'
            overview = f"# {topic['title']}\n\n## Key concepts\n\nSummary.\n\n## Lessons\n\n{lessons}\n"
            (folder / "index.md").write_text(overview, encoding="utf-8")
            call = f'{{{{ quiz("{topic["id"]}", "all") }}}}'
            (folder / "all.md").write_text(f"# All\n\n## Key ideas\n\nNotes.\n\n{call}\n", encoding="utf-8")
    else:
        # Neither the macros plugin nor its hook: pages that call macros are replaced by plain ones.
        config = re.sub(r"  - macros:\n(      .*\n)+", "", config)
        config = re.sub(r"hooks:\n(  - .*\n)+", "", config)
        config = re.sub(r"watch:\n(  - .*\n)+", "", config)
        # Nor the guide's own scripts and styles: the floor is Material alone, the peer Material plus what it adds.
        config = re.sub(r"extra_(?:css|javascript):\n(  - .*\n)+", "", config)
        if kind == "peer":
            config = config.replace("plugins:\n", "plugins:\n  - mkdocs_quiz\n", 1)
        writer = floor_markdown if kind == "floor" else peer_markdown
        for topic in TOPICS:
            (project / f"docs/topics/{topic['id']}.md").write_text(writer(rows, topic["id"]), encoding="utf-8")
        for page in (project / "docs").rglob("*.md"):
            if "{{" in page.read_text(encoding="utf-8"):
                page.write_text(f"# {page.stem}\n\nPlain page.\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


def python_for(kind: str) -> str:
    return str(PEER_VENV / "bin/python") if kind == "peer" else sys.executable


def ensure_peer() -> None:
    if (PEER_VENV / "bin/python").exists():
        return
    print("Setting up the peer's virtual environment (mkdocs-quiz) in bench/.peer-venv ...", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
    pip = [str(PEER_VENV / "bin/python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, *PEER_REQUIREMENTS], check=True)


@dataclass
class Build:
    seconds: list[float] = field(default_factory=list)
    peak_mb: float = 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def build(project: Path, kind: str, repeats: int) -> Build:
    result = Build()
    command = [python_for(kind), "-m", "mkdocs", "build", "--quiet", "-f", str(project / "mkdocs.yml")]
    for _ in range(repeats):
        start = time.perf_counter()
        process = subprocess.Popen([*command, "-d", str(project / "site")], env=ENV, cwd=project)
        _, status, usage = os.wait4(process.pid, 0)
        result.seconds.append(time.perf_counter() - start)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{kind} build failed in {project}")
        result.peak_mb = max(result.peak_mb, usage.ru_maxrss / 1024)
    return result


def html_bytes_per_question(site: Path, n: int) -> float:
    return sum(p.stat().st_size for p in (site / "topics").rglob("*.html")) / n


def search_index_kb(site: Path) -> tuple[float, float]:
    """Material's search index, which every search first downloads: KB raw and gzipped."""
    data = (site / "search" / "search_index.json").read_bytes()
    return len(data) / 1024, len(gzip.compress(data, 9)) / 1024


def page_assets(site: Path, page: Path) -> tuple[int, int]:
    """The guide's own JS and CSS a page loads (files under assets/, not the theme's), raw and gzipped bytes; for
    the peer, the inline <script>/<style> blocks its plugin adds."""
    html = page.read_text(encoding="utf-8")
    blobs: list[bytes] = []
    for src in re.findall(r'<(?:script[^>]+src|link[^>]+href)="([^"]+)"', html):
        path = (page.parent / src.split("?")[0]).resolve()
        theirs = "/assets/javascripts/" in src or "/assets/stylesheets/" in src
        if "/assets/" in src and not theirs and path.suffix in {".js", ".css"} and path.exists():
            blobs.append(path.read_bytes())
    for block in re.findall(r"<(?:script|style)[^>]*>(.*?)</(?:script|style)>", html, re.DOTALL):
        if "quiz" in block and len(block) > 2000:  # the peer's inlined assets
            blobs.append(block.encode())
    raw = sum(len(b) for b in blobs)
    return raw, sum(len(gzip.compress(b, 9)) for b in blobs)


# ---------------------------------------------------------------- serve rebuild


def serve_rebuild(project: Path, edits: int = 3) -> tuple[float, float]:
    """Median rebuild time reported by `mkdocs serve` after editing one explanation, and its first full build.

    MkDocs reports the first build before it starts watching, so each edit waits for the server to be serving, and is
    made again if no rebuild follows within a while: an edit the watcher missed must not hang the benchmark.
    """
    port = free_port()
    command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(project / "mkdocs.yml"), "-a", f"127.0.0.1:{port}"]
    process = subprocess.Popen(command, env=ENV, cwd=project, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stderr or []], daemon=True).start()
    bank = project / "data/questions.yaml"

    def next_build(limit: float) -> float | None:
        deadline = time.monotonic() + limit
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = lines.get(timeout=left)
            except queue.Empty:
                return None
            match = re.search(r"Documentation built in ([\d.]+) seconds", line)
            if match:
                return float(match.group(1))
        return None

    def edit(n: int) -> None:
        text = bank.read_text(encoding="utf-8")
        bank.write_text(text.replace("explanation: ", f"explanation: Edited {n} ", 1), encoding="utf-8")

    try:
        first = next_build(600)
        if first is None:
            raise SystemExit("mkdocs serve did not build")
        time.sleep(2.0)  # the watcher starts after the first build is reported
        times: list[float] = []
        for n in range(1, 1 + edits * 3):
            if len(times) == edits:
                break
            edit(n)
            took = next_build(60)
            if took is not None:
                times.append(took)
                time.sleep(1.0)
        if not times:
            raise SystemExit("mkdocs serve never rebuilt after an edit")
    finally:
        process.terminate()
        process.wait(timeout=30)
    return statistics.median(times), first


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- in the browser


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static host as GitHub Pages is one: gzip for text, when the browser asks for it."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> io.BytesIO | BinaryIO | None:  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()
            path = path / "index.html"
        gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        if not path.is_file() or not gzip_ok or path.suffix not in {".html", ".js", ".css", ".json", ".svg"}:
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(body)


@contextlib.contextmanager
def gzip_server(directory: Path) -> Iterator[str]:
    port = free_port()
    handler = lambda *a, **k: _GzipHandler(*a, directory=str(directory), **k)  # noqa: E731
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()


def chromium() -> str:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def script_ms(cdp: CDPSession) -> float:
    """The page's script time so far (ms), from Chromium's own counter: a difference of two readings is what ran."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return 1000 * float(metrics["ScriptDuration"])


# Starting an exam, from the click to the end of the frame that first shows a question: a task posted from that
# frame's animation callbacks runs once the frame is drawn. The first question's script arrives in between (its own
# task); what the exam does in idle moments after that frame (its other questions, the address) is not starting.
START_WINDOW = (
    "async (el) => { const frame = () => new Promise((done) => requestAnimationFrame(done)); el.click(); "
    "do { await frame(); } while (!document.querySelector('[data-exam-question]')); "
    "await new Promise((done) => setTimeout(done)); }"
)


def timed_starts(browser: Browser, site_url: str, want: int, runs: int) -> list[float]:
    """Script time (ms) of starting a `want`-question exam, once in each of `runs` fresh browser profiles (no exam in
    progress, nothing cached but what the set-up itself loads). A few milliseconds of script move by as much from run
    to run on a shared machine: callers report the median with the range."""
    starts = []
    for _ in range(runs):
        fresh = browser.new_context()
        page = fresh.new_page()
        counter = fresh.new_cdp_session(page)
        counter.send("Performance.enable")
        page.goto(f"{site_url}practice/")
        page.wait_for_selector("[data-exam-start]")
        page.wait_for_load_state("networkidle")
        page.fill("[data-exam-count]", str(want))
        page.wait_for_timeout(300)
        before = script_ms(counter)
        page.locator("[data-exam-start]").first.evaluate(START_WINDOW)
        starts.append(script_ms(counter) - before)
        if not page.locator("[data-exam-question]").count():
            raise SystemExit("starting an exam showed no question")
        fresh.close()
    return starts


def interaction_costs(site_url: str, start_runs: int) -> dict[str, float | None]:
    """Script time (ms, from the browser's own counters) of checking an answer on a 200-question topic page, and of
    starting a 60-question exam when the site has a practice page (the median of `start_runs` starts)."""
    from playwright.sync_api import sync_playwright

    costs: dict[str, float | None] = {"check": None, "exam": None}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = browser.new_page()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        # The click is dispatched from inside the page and the window closes after the page's own follow-up work (a
        # timer and a frame): Playwright's actionability checks and polling run script in the page too, and would
        # otherwise be counted as the guide's.
        settle = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))"
        page.goto(f"{site_url}{topic_page('guide', 'topic-2')}")
        page.wait_for_selector("[data-quiz-ready]")
        samples = []
        articles = page.locator("[data-quiz-question]")
        total = articles.count()
        for index in range(1, 6):
            article = articles.nth(index * total // 6)
            article.locator("[data-quiz-input]").first.check()
            page.wait_for_timeout(200)
            before = script_ms(cdp)
            article.evaluate(f"async (el) => {{ el.querySelector('[data-quiz-check]').click(); await {settle}; }}")
            samples.append(script_ms(cdp) - before)
            if not article.get_attribute("data-quiz-checked"):
                raise SystemExit("checking an answer did not grade it")
        costs["check"] = statistics.median(samples)
        page.goto(f"{site_url}practice/")
        if page.url.rstrip("/").endswith("practice") and page.locator("[data-exam-start]").count():
            costs["exam"] = statistics.median(timed_starts(browser, site_url, 60, start_runs))
        browser.close()
    return costs


def bank_data_loaded(site_url: str, site: Path, n: int, start_runs: int = 5) -> dict[str, float]:
    """What the practice and Review pages load of the bank (its index and question scripts under
    assets/generated/bank/, gzipped as served), and the script time of starting a 60-question exam and answering a
    question: the same window-and-counter method as interaction_costs. Smaller banks than 60 draw all they have."""
    want = min(60, n)
    from playwright.sync_api import sync_playwright

    settle = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))"
    out: dict[str, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = browser.new_page()
        loaded: list[str] = []

        def counted(response: object) -> None:
            url = getattr(response, "url", "")
            if "/assets/generated/bank/" in url:
                loaded.append(url.split("?")[0].removeprefix(site_url))

        def kb() -> float:
            return sum(len(gzip.compress((site / name).read_bytes())) for name in set(loaded)) / 1024

        page.on("response", counted)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        page.goto(f"{site_url}practice/")
        page.wait_for_selector("[data-exam-start]")
        page.wait_for_load_state("networkidle")
        out["ready"] = kb()
        page.fill("[data-exam-count]", str(want))
        page.wait_for_timeout(300)
        before = script_ms(cdp)
        # From the click to the end of the frame that shows the first question (START_WINDOW).
        page.locator("[data-exam-start]").first.evaluate(START_WINDOW)
        out["start ms"] = script_ms(cdp) - before
        page.wait_for_load_state("networkidle")
        page.wait_for_function(
            "() => window.llmGuide.bank.order.filter((id) => window.llmGuide.bank.loaded(id)).length >= " + str(want)
        )
        out["exam"] = kb()
        starts = [out["start ms"], *timed_starts(browser, site_url, want, start_runs - 1)]
        out["start ms"] = statistics.median(starts)
        out["start ms low"], out["start ms high"] = min(starts), max(starts)
        samples = []
        for _ in range(min(5, want - 1)):
            option = page.locator("[data-exam-question] [data-exam-input]").first
            before = script_ms(cdp)
            option.evaluate(f"async (el) => {{ el.click(); await {settle}; }}")
            samples.append(script_ms(cdp) - before)
            page.locator("[data-exam-next]").click()
            page.wait_for_selector("[data-exam-question]")
        out["answer ms"] = statistics.median(samples)
        # Review with 60 questions due: wrong first attempts two days ago, in a fresh page of its own.
        context = browser.new_context()
        review = context.new_page()
        loaded.clear()
        review.on("response", counted)
        review.goto(f"{site_url}practice/")
        review.evaluate(
            """() => {
              const at = Date.now() - 2 * 86400000;
              window.llmGuide.bank.order.slice(0, WANT).forEach((id, i) => {
                const attempt = { selected: [0], correct: false, at: at + i, source: "topic" };
                localStorage.setItem("llm-ft-guide:v2:q:" + id, JSON.stringify({ first: attempt, last: attempt }));
              });
            }""".replace("WANT", str(want))
        )
        loaded.clear()
        review.goto(f"{site_url}review/")
        review.wait_for_selector("[data-review-card]")
        review.wait_for_load_state("networkidle")
        due = review.locator("[data-review-summary]").get_attribute("data-due")
        if due != str(want):
            raise SystemExit(f"the review page shows {due} due, not {want}")
        out["review"] = kb()
        browser.close()
    return out


def lesson_check_cost(site_url: str) -> float:
    """Script time (ms) of checking an answer on the real lesson page, on a phone-sized window with Chromium's 4x CPU
    slowdown: what a learner's phone spends between the tap and the result."""
    from playwright.sync_api import sync_playwright

    settle = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 375, "height": 740})
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"{site_url}topics/{LESSON[0]}/{LESSON[1]}/")
        page.wait_for_selector("[data-quiz-ready]")
        samples = []
        articles = page.locator("[data-quiz-question]")
        for index in range(min(5, articles.count())):
            article = articles.nth(index)
            # The key's options: a "choose two" question with one tick is refused, not graded.
            for option in json.loads(article.get_attribute("data-quiz-key") or "[]"):
                article.locator(f'[data-quiz-option="{option}"] [data-quiz-input]').check()
            page.wait_for_timeout(200)
            before = script_ms(cdp)
            article.evaluate(f"async (el) => {{ el.querySelector('[data-quiz-check]').click(); await {settle}; }}")
            samples.append(script_ms(cdp) - before)
            if not article.get_attribute("data-quiz-checked"):
                raise SystemExit("checking an answer on the lesson page did not grade it")
        browser.close()
    return statistics.median(samples)


def lighthouse(url: str, preset: str, runs: int) -> dict[str, float]:
    """Median of `runs` Lighthouse runs: the four category scores and FCP, LCP, TBT, CLS."""
    binary = LIGHTHOUSE / "node_modules/.bin/lighthouse"
    if not binary.exists():
        # Only the benchmark needs it: installed on demand, outside the test tools' package.json.
        print(f"Installing lighthouse@{LIGHTHOUSE_VERSION} into {LIGHTHOUSE} ...", flush=True)
        npm = ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", str(LIGHTHOUSE)]
        subprocess.run([*npm, f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)
    results = []
    for _ in range(runs):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            command = [
                str(binary), url, "--quiet", "--output=json", f"--output-path={out.name}",
                f"--chrome-path={chromium()}", "--chrome-flags=--headless=new --no-sandbox",
                "--only-categories=performance,accessibility,best-practices,seo",
            ]  # fmt: skip
            if preset == "desktop":
                command.append("--preset=desktop")
            subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": chromium()})
            report = json.loads(Path(out.name).read_text(encoding="utf-8"))
        audits = report["audits"]
        results.append(
            {
                **{k: 100 * v["score"] for k, v in report["categories"].items()},
                "DOM": audits["dom-size"]["numericValue"],
                "FCP s": audits["first-contentful-paint"]["numericValue"] / 1000,
                "LCP s": audits["largest-contentful-paint"]["numericValue"] / 1000,
                "TBT ms": audits["total-blocking-time"]["numericValue"],
                "CLS": audits["cumulative-layout-shift"]["numericValue"],
            }
        )
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def repeat_visit(url: str, runs: int) -> dict[str, float]:
    """Lighthouse mobile on a repeat visit: a Chromium with a profile of its own opens the page first and waits until
    the guide's service worker holds the guide, then Lighthouse drives that browser without clearing its storage or
    cache, so each run is a learner coming back (the page from the worker, no network wait)."""
    from playwright.sync_api import sync_playwright

    binary = LIGHTHOUSE / "node_modules/.bin/lighthouse"
    port = free_port()
    results = []
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium(), headless=True,
            args=["--no-sandbox", f"--remote-debugging-port={port}"],
        )  # fmt: skip
        page = context.new_page()
        page.goto(url)
        page.locator("[data-app-notice]").filter(has_text="ready offline").wait_for(timeout=180_000)
        page.close()
        for _ in range(runs):
            with tempfile.NamedTemporaryFile(suffix=".json") as out:
                command = [
                    str(binary), url, "--quiet", "--output=json", f"--output-path={out.name}", f"--port={port}",
                    "--disable-storage-reset", "--only-categories=performance",
                ]  # fmt: skip
                subprocess.run(command, check=True)
                report = json.loads(Path(out.name).read_text(encoding="utf-8"))
            audits = report["audits"]
            results.append(
                {
                    "performance": 100 * report["categories"]["performance"]["score"],
                    "FCP s": audits["first-contentful-paint"]["numericValue"] / 1000,
                    "LCP s": audits["largest-contentful-paint"]["numericValue"] / 1000,
                    "TBT ms": audits["total-blocking-time"]["numericValue"],
                    "requests": len(
                        [r for r in audits["network-requests"]["details"]["items"] if r.get("transferSize", 0) > 0]
                    ),
                }
            )
        context.close()
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def lesson_rows() -> list[dict[str, object]]:
    """The real lesson's questions as rows for the floor and the peer (as topic-1's, the page they build)."""
    sys.path.insert(0, str(ROOT))
    from guide.bank.validate import load_bank

    bank = load_bank(ROOT / "data/questions.yaml")
    return [
        {
            "id": q.id,
            "topic": "topic-1",
            "lesson": "all",
            "domain": q.domain,
            "objectives": list(q.objectives),
            "select": q.select,
            # One line each: the floor's admonitions and the peer's blockquotes take a single paragraph.
            "stem": " ".join(q.stem.split()),
            "options": [
                {"text": o.text, "correct": o.correct, "explanation": " ".join(o.explanation.split())}
                for o in q.options
            ],
            "references": [{"title": r.title, "url": r.url} for r in q.references],
        }
        for q in bank.questions_in(*LESSON)
    ]


def side_by_side(guide_url: str, tmp: Path, runs: int) -> tuple[list[str], dict[str, dict[str, float]]]:
    """Lighthouse on the real lesson page and on the same questions as plain Material and as mkdocs-quiz, runs
    alternating between the three (so a slow moment of the machine hits each alike), mobile and desktop; medians."""
    rows = lesson_rows()
    kinds = {"guide": guide_url + f"topics/{LESSON[0]}/{LESSON[1]}/"}
    servers = []
    with contextlib.ExitStack() as stack:
        for kind in ("floor", "peer"):
            project = make_project(tmp / "side", kind, rows)
            build(project, kind, 1)
            servers.append(stack.enter_context(gzip_server(project / "site")))
            kinds[kind] = servers[-1] + "topics/topic-1/"
        samples: dict[tuple[str, str], list[dict[str, float]]] = {}
        for _ in range(runs):
            for kind, url in kinds.items():
                for preset in ("mobile", "desktop"):
                    samples.setdefault((kind, preset), []).append(lighthouse(url, preset, 1))
    medians = {
        f"{kind} {preset}": {key: statistics.median(r[key] for r in got) for key in got[0]}
        for (kind, preset), got in samples.items()
    }
    lines = [
        "",
        f"The lesson page `/{'/'.join(LESSON)}/` ({len(rows)} questions) beside the same questions as plain Material "
        f"(floor) and as mkdocs-quiz (peer), Lighthouse 12, runs alternating, median of {runs}:",
        "",
        "| page | preset | performance | DOM elements | TBT ms | LCP s | CLS |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in medians.items():
        kind, preset = name.split()
        lines.append(
            f"| {kind} | {preset} | {r['performance']:.0f} | {r['DOM']:.0f} | {r['TBT ms']:.0f} | {r['LCP s']:.2f} | "
            f"{r['CLS']:.3f} |"
        )
    return lines, medians


# ---------------------------------------------------------------- the run


def machine() -> str:
    cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
    cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo if "model name" in line), platform.processor())
    memory = next(line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines() if "MemTotal" in line)
    software = f"Python {platform.python_version()}, {platform.system()}"
    return f"{os.cpu_count()} cores, {cpu}, {int(memory) // 1024**2} GiB, {software}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--lighthouse-runs", type=int, default=5)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--no-browser", action="store_true", help="skip interaction costs and Lighthouse")
    parser.add_argument("--start-runs", type=int, default=9, help="exam starts timed at each size (median)")
    parser.add_argument("--smoke", action="store_true", help="--sizes 20 60 --repeats 1 --no-peer, no Lighthouse")
    parser.add_argument("--out", type=Path, default=ROOT / "bench/RESULTS.md")
    args = parser.parse_args()
    if args.smoke:
        args.sizes, args.repeats, args.no_peer, args.lighthouse_runs, args.start_runs = [20, 60], 1, True, 0, 2
    kinds = ["guide", "floor"] + ([] if args.no_peer else ["peer"])
    if not args.no_peer:
        ensure_peer()

    lines = [f"## {dt.date.today().isoformat()}", "", f"Machine: {machine()}.", ""]
    lines += ["| questions | " + " | ".join(f"{k} s (median)" for k in kinds) + " | guide/floor | guide/peer |"]
    lines += ["| ---: | " + " | ".join("---:" for _ in kinds) + " | ---: | ---: |"]
    extra: list[str] = []
    builds: dict[int, dict[str, Build]] = {}
    budgets: dict[str, float | None] = dict.fromkeys(
        [*BUDGETS, *BANK_BUDGETS, *AT_LEAST, *LESSON_BUDGETS, *LESSON_AT_LEAST]
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            rows = synthetic_bank(n)
            projects = {kind: make_project(Path(tmp) / str(n), kind, rows) for kind in kinds}
            builds[n] = {kind: build(projects[kind], kind, args.repeats) for kind in kinds}
            b = builds[n]
            peer = f"{b['guide'].median / b['peer'].median:.2f}" if "peer" in b else "n/a"
            cells = " | ".join(f"{b[k].median:.2f}" for k in kinds)
            lines.append(f"| {n:,} | {cells} | {b['guide'].median / b['floor'].median:.2f} | {peer} |")
            print(lines[-1], flush=True)
            memory = ", ".join(f"{k} {b[k].peak_mb:.0f} MB" for k in kinds)
            per_q = ", ".join(f"{k} {html_bytes_per_question(projects[k] / 'site', n) / 1024:.1f} KB" for k in kinds)
            index = ", ".join(
                "{} {:.0f} KB ({:.0f} KB gzipped)".format(k, *search_index_kb(projects[k] / "site")) for k in kinds
            )
            extra.append(
                f"- {n:,} questions: peak memory {memory}; topic-page HTML per question {per_q}; search index {index}."
            )
            if not args.no_browser:
                site = projects["guide"] / "site"
                with gzip_server(site) as url:
                    data = bank_data_loaded(url, site, n, args.start_runs)
                extra.append(
                    f"- {n:,} questions, question data loaded (gzipped): practice page ready {data['ready']:.1f} KB, "
                    f"after starting a 60-question exam {data['exam']:.1f} KB, "
                    f"Review with 60 due {data['review']:.1f} KB;"
                    f" script time: starting the exam {data['start ms']:.1f} ms (median of {args.start_runs}, "
                    f"{data['start ms low']:.1f}–{data['start ms high']:.1f}), answering a question "
                    f"{data['answer ms']:.1f} ms."
                )
                print(extra[-1], flush=True)
                if n == max(args.sizes):
                    budgets["practice page ready: question data (KB gzipped)"] = data["ready"]
                    budgets["a started 60-question exam: question data in all (KB gzipped)"] = data["exam"]
                    budgets["Review with 60 due: question data (KB gzipped)"] = data["review"]
                    budgets["start a 60-question exam (ms script)"] = data["start ms"]
                    budgets["answer a question in the exam (ms script)"] = data["answer ms"]
            if n == max(args.sizes):
                html = {k: html_bytes_per_question(projects[k] / "site", n) for k in ("guide", "floor")}
                budgets["topic-page HTML per question / the floor's"] = html["guide"] / html["floor"]
        largest, middle = max(args.sizes), sorted(args.sizes)[-2] if len(args.sizes) > 1 else None
        big = builds[largest]
        budgets["guide/floor at the largest size"] = big["guide"].median / big["floor"].median
        if "peer" in big:
            budgets["guide/peer at the largest size"] = big["guide"].median / big["peer"].median
        if middle:
            growth = {k: builds[largest][k].median / builds[middle][k].median for k in kinds}
            budgets["growth 1k->5k (time ratio)"] = growth["guide"]
            extra.append(
                f"- Growth {middle:,} -> {largest:,} ({largest / middle:.0f}x the questions): "
                + ", ".join(f"{k} {g:.2f}x" for k, g in growth.items())
                + "."
            )

        serve_size = 1000 if 1000 in args.sizes else max(args.sizes)
        project = Path(tmp) / str(serve_size) / "guide"
        rebuild, first = serve_rebuild(project)
        clean = builds[serve_size]["guide"].median
        budgets["serve rebuild / clean build"] = rebuild / clean
        extra.append(
            f"- `mkdocs serve` at {serve_size:,} questions: rebuild after editing one explanation {rebuild:.2f} s "
            f"(median of 3; its first build {first:.2f} s), clean build {clean:.2f} s: ratio {rebuild / clean:.2f}."
        )

        guide_site = Path(tmp) / str(serve_size) / "guide" / "site"
        for kind in kinds:
            site = Path(tmp) / str(serve_size) / kind / "site"
            raw, packed = page_assets(site, site / topic_page(kind, "topic-1") / "index.html")
            sizes = f"{raw / 1024:.1f} KB of its own JS and CSS ({packed / 1024:.1f} KB gzipped)"
            extra.append(f"- A {kind} topic page loads {sizes}.")
            if kind == "guide":
                budgets["topic page JS+CSS gzipped (KB)"] = packed / 1024

        if not args.no_browser:
            with gzip_server(guide_site) as url:
                costs = interaction_costs(url, args.start_runs)
            budgets["check an answer, 200-question page (ms script)"] = costs["check"]
            budgets["start a 60-question exam from the bank (ms script)"] = costs["exam"]
            extra.append(
                f"- Script time: checking an answer on a {serve_size // 5}-question page {costs['check']:.1f} ms"
                + (f"; starting a 60-question exam {costs['exam']:.1f} ms." if costs["exam"] is not None else ".")
            )

    if args.lighthouse_runs and not args.no_browser:
        site = ROOT / "site"
        command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(site)]
        subprocess.run(command, check=True, env=ENV, cwd=ROOT)
        extra += [
            "",
            f"Lighthouse 12 on the real site, served with gzip, median of {args.lighthouse_runs} runs:",
            "",
            "| page | preset | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        lesson = f"topics/{LESSON[0]}/{LESSON[1]}/"
        pages = ["", "topics/peft/", lesson] + (["practice/"] if (site / "practice/index.html").exists() else [])
        mobile: list[dict[str, float]] = []
        with gzip_server(site) as url:
            for page in pages:
                for preset in ("mobile", "desktop"):
                    r = lighthouse(url + page, preset, args.lighthouse_runs)
                    if preset == "mobile":
                        mobile.append(r)
                    extra.append(
                        f"| /{page} | {preset} | {r['performance']:.0f} | {r['accessibility']:.0f} | "
                        f"{r['best-practices']:.0f} | {r['seo']:.0f} | {r['FCP s']:.2f} | {r['LCP s']:.2f} | "
                        f"{r['TBT ms']:.0f} | {r['CLS']:.3f} |"
                    )
                    print(extra[-1], flush=True)
            extra += [
                "",
                "First and repeat visits on a phone (Lighthouse mobile: Moto G Power, slow 4G, 4x CPU). The repeat "
                "visit comes after the page's service worker has kept the guide; requests: those that crossed the "
                "network:",
                "",
                "| page | visit | performance | FCP s | LCP s | TBT ms | requests |",
                "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
            ]
            for page, first in ((pages[0], mobile[0]), (lesson, mobile[pages.index(lesson)])):
                again = repeat_visit(url + page, args.lighthouse_runs)
                for visit, r in (("first", first), ("repeat", again)):
                    requests = f"{r['requests']:.0f}" if "requests" in r else ""
                    extra.append(
                        f"| /{page} | {visit} | {r['performance']:.0f} | {r['FCP s']:.2f} | {r['LCP s']:.2f} | "
                        f"{r['TBT ms']:.0f} | {requests} |"
                    )
                print("\n".join(extra[-2:]), flush=True)
            if not args.no_peer:
                with tempfile.TemporaryDirectory() as side_tmp:
                    table, medians = side_by_side(url, Path(side_tmp), args.lighthouse_runs)
                extra += table
                print("\n".join(table), flush=True)
                guide, peer = medians["guide mobile"], medians["peer mobile"]
                budgets["lesson page mobile performance minus the peer's"] = guide["performance"] - peer["performance"]
                budgets["lesson page TBT, mobile (ms)"] = guide["TBT ms"]
                budgets["lesson page DOM elements"] = guide["DOM"]
            budgets["check an answer, lesson page (ms script)"] = lesson_check_cost(url)
        budgets["Lighthouse mobile performance, lowest page"] = min(r["performance"] for r in mobile)
        budgets["Lighthouse mobile accessibility, best practices and SEO, lowest"] = min(
            r[k] for r in mobile for k in ("accessibility", "best-practices", "seo")
        )

    lines += ["", *extra, "", "Budgets (issue 11):", ""]
    for name, limit in BUDGETS.items():
        value = budgets[name]
        verdict = "not measured" if value is None else ("holds" if value <= limit else "MISSED")
        shown = "" if value is None else f"{value:.2f}"
        lines.append(f"- {name}: {shown} (budget {limit}) {verdict}")
    for name, limit in BANK_BUDGETS.items():
        value = budgets[name]
        verdict = "not measured" if value is None else ("holds" if value <= limit else "MISSED")
        shown = "" if value is None else f"{value:.1f}"
        lines.append(f"- {name}: {shown} (budget {limit:.0f}) {verdict}")
    for name, limit in LESSON_BUDGETS.items():
        value = budgets[name]
        verdict = "not measured" if value is None else ("holds" if value <= limit else "MISSED")
        shown = "" if value is None else f"{value:.1f}"
        lines.append(f"- {name}: {shown} (budget {limit:.0f}) {verdict}")
    for name, floor in {**AT_LEAST, **LESSON_AT_LEAST}.items():
        value = budgets[name]
        verdict = "not measured" if value is None else ("holds" if value >= floor else "MISSED")
        shown = "" if value is None else f"{value:.0f}"
        lines.append(f"- {name}: {shown} (budget at least {floor:.0f}) {verdict}")
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.smoke:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        previous = args.out.read_text(encoding="utf-8") if args.out.exists() else "# Benchmark results\n\n"
        head, _, rest = previous.partition("\n\n")
        args.out.write_text(f"{head}\n\n{text}\n{rest}", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

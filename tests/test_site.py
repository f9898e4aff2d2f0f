"""Layer 3: a real `mkdocs build --strict`, checked by parsing its HTML, with negative controls."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from guide.bank.validate import LoadedBank
from tests.conftest import copy_project, run_mkdocs


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_every_question_appears_exactly_once_on_its_lesson_page(built_site: Path, bank: LoadedBank) -> None:
    found: Counter[str] = Counter()
    page_of: dict[str, str] = {}
    for page in built_site.rglob("*.html"):
        for article in soup(page).select("article[data-quiz-question]"):
            qid = str(article["data-quiz-question"])
            found[qid] += 1
            page_of[qid] = page.relative_to(built_site).as_posix()
    assert set(found) == {q.id for q in bank.questions}
    assert all(count == 1 for count in found.values()), [q for q, c in found.items() if c != 1]
    for question in bank.questions:
        assert page_of[question.id] == f"topics/{question.topic}/{question.lesson}/index.html", question.id


def test_lesson_pages_number_questions_and_overviews_list_them(built_site: Path, bank: LoadedBank) -> None:
    for topic in bank.topics:
        overview = soup(built_site / "topics" / topic.id / "index.html")
        assert overview.select("article[data-quiz-question]") == [], f"{topic.id}: the overview holds no quiz"
        assert overview.select_one("h2") is not None, f"{topic.id}: the overview should open with key concepts"
        for lesson in topic.lessons:
            page = soup(built_site / "topics" / topic.id / lesson.id / "index.html")
            articles = page.select("article[data-quiz-question]")
            expected = [f"q-{q.id}" for q in bank.questions_in(topic.id, lesson.id)]
            assert [a["id"] for a in articles] == expected
            assert 6 <= len(articles) <= 12, f"{topic.id}/{lesson.id}: a lesson holds 6 to 12 questions"
            root = page.select_one("[data-quiz]")
            assert root is not None and root["data-quiz-total"] == str(len(articles))
            assert root["data-quiz-lesson"] == lesson.id
            listed = overview.select(f"[data-lesson='{topic.id}/{lesson.id}'] [data-lesson-question]")
            assert [f"q-{a['data-lesson-question']}" for a in listed] == expected


def test_every_question_has_a_permanent_link(built_site: Path, bank: LoadedBank) -> None:
    page = soup(built_site / "q" / "index.html")
    links = {str(a["data-permalink"]): a for a in page.select("a[data-permalink]")}
    assert set(links) == {q.id for q in bank.questions}
    for question in bank.questions:
        link = links[question.id]
        assert link["id"] == question.id, "without JavaScript, q/#<id> scrolls to the entry"
        assert link["href"] == f"../topics/{question.topic}/{question.lesson}/#q-{question.id}"


def test_home_page_counts_come_from_the_bank(built_site: Path, bank: LoadedBank) -> None:
    page = soup(built_site / "index.html")
    rows = {
        row.select_one("a").get_text(): row.select("td")[1].get_text()
        for row in page.select("table tbody tr")
        if row.select_one("a")
    }
    for topic in bank.topics:
        assert rows[topic.title] == str(len(bank.questions_for(topic.id)))
    assert re.search(r"not affiliated with[^.]*NVIDIA", page.get_text(" "), re.IGNORECASE)


def test_assets_are_files_not_inline(built_site: Path) -> None:
    page = soup(built_site / "topics" / "peft" / "lora-basics" / "index.html")
    scripts = [s.get("src", "") for s in page.select("script")]
    assert any(src.split("?")[0].endswith("assets/quiz/quiz.js") for src in scripts)
    styles = [link.get("href", "").split("?")[0] for link in page.select("link[rel=stylesheet]")]
    assert any(href.endswith("assets/site.css") for href in styles)
    assert not any("data-quiz" in (s.string or "") for s in page.select("script"))
    assert (built_site / "assets" / "quiz" / "quiz.js").is_file()


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def test_negative_control_bank_with_wrong_key_fails_the_build(project_copy: Path, tmp_path: Path) -> None:
    bank_file = project_copy / "data" / "questions.yaml"
    text = bank_file.read_text(encoding="utf-8")
    match = re.search(r"^ *- id: (\S+)\n(?: +\S.*\n)*? +select: 1\n", text, re.MULTILINE)
    assert match, "fixture expects a single-select question"
    qid = match.group(1)
    start = match.end()
    broken = text[:start] + text[start:].replace("correct: false", "correct: true", 1)
    bank_file.write_text(broken, encoding="utf-8")
    select_line = broken[: match.end()].count("\n")
    result = run_mkdocs(project_copy, tmp_path / "out")
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert f"data/questions.yaml:{select_line} [question {qid}]: `select: 1` but 2 options are marked" in output
    assert "Traceback" not in output
    assert not (tmp_path / "out" / "topics").exists(), "a bad bank must not publish pages"


@pytest.mark.parametrize(
    ("path", "old", "new", "message"),
    [
        pytest.param(
            "docs/topics/memory/activations.md",
            '{{ quiz("memory", "activations") }}',
            "",
            "lesson `memory/activations`: its questions are on no page",
            id="lesson-page-without-quiz",
        ),
        pytest.param(
            "docs/topics/memory/activations.md",
            'quiz("memory", "activations")',
            'quiz("memroy", "activations")',
            "unknown topic `memroy`",
            id="unknown-topic-in-page",
        ),
        pytest.param(
            "docs/topics/memory/activations.md",
            'quiz("memory", "activations")',
            'quiz("memory", "activation")',
            "topic `memory` has no lesson 'activation'",
            id="unknown-lesson-in-page",
        ),
        pytest.param(
            "docs/about.md",
            "# About this guide\n",
            '# About this guide\n\n{{ quiz("peft", "lora-basics") }}\n',
            "lesson `peft/lora-basics`: `{{ quiz('peft', 'lora-basics') }}` is used 2 times",
            id="lesson-on-two-pages",
        ),
    ],
)
def test_negative_control_misplaced_questions_fail_the_strict_build(
    project_copy: Path, tmp_path: Path, path: str, old: str, new: str, message: str
) -> None:
    target = project_copy / path
    text = target.read_text(encoding="utf-8")
    assert old in text, "the fixture no longer contains what this control edits"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = run_mkdocs(project_copy, tmp_path / "out")
    assert result.returncode != 0
    assert message in result.stdout + result.stderr


def test_links_to_question_anchors_are_validated(project_copy: Path, tmp_path: Path, bank: LoadedBank) -> None:
    about = project_copy / "docs" / "about.md"
    q = bank.questions_for("peft")[0]
    page = f"topics/peft/{q.lesson}.md"
    good = f"\n[A question]({page}#q-{q.id}) and [an explanation]({page}#q-{q.id}-why-b).\n"
    about.write_text(about.read_text(encoding="utf-8") + good, encoding="utf-8")
    assert run_mkdocs(project_copy, tmp_path / "good").returncode == 0
    about.write_text(about.read_text(encoding="utf-8") + f"\n[Gone]({page}#q-no-such-question)\n")
    result = run_mkdocs(project_copy, tmp_path / "bad")
    assert result.returncode != 0
    assert "does not contain an anchor '#q-no-such-question'" in result.stdout + result.stderr


def test_symbolic_links_out_of_the_repository_are_refused(project_copy: Path, tmp_path: Path) -> None:
    """A link in docs/ to a file or folder elsewhere on the machine would publish it (issue 33); one that stays
    inside the repository is fine."""
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "key.txt").write_text("not for the web", encoding="utf-8")
    (project_copy / "docs/assets/leak.txt").symlink_to(secret / "key.txt")
    (project_copy / "docs/assets/leakdir").symlink_to(secret)
    (project_copy / "docs/inside.md").symlink_to(project_copy / "docs/about.md")
    result = run_mkdocs(project_copy, tmp_path / "out")
    output = result.stdout + result.stderr
    assert result.returncode != 0
    for name in ("docs/assets/leak.txt", "docs/assets/leakdir"):
        assert f"{name} is a symbolic link to {secret}" in output, output
    assert "outside the repository, which the build would publish" in output
    assert "inside.md" not in output
    assert "Traceback" not in output
    assert not (tmp_path / "out/assets/leak.txt").exists()

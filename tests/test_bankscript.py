"""The questions script the exam, review and instructors pages load (macros/export.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from macros.bankscript import SCRIPT_PATH, bank_data, bank_script, safe_json
from macros.models import DOMAINS
from macros.render import Renderer
from macros.validate import LoadedBank


def test_safe_json_cannot_end_a_script_element_or_a_string() -> None:
    text = safe_json({"a": "</script><!-- & \u2028 \u2029"})
    assert "</" not in text and "<!--" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"a": "</script><!-- & \u2028 \u2029"}


def test_every_question_with_rendered_html_and_its_domain(bank: LoadedBank) -> None:
    data = bank_data(bank, Renderer())
    assert data["order"] == [q.id for q in bank.questions]
    assert [d["id"] for d in data["domains"]] == list(DOMAINS)
    q = bank.questions[0]
    item = data["questions"][q.id]
    assert item["key"] == q.key and item["domain"] == q.domain and item["select"] == q.select
    assert item["stem"].startswith("<p>") and len(item["options"]) == len(q.options)
    assert all(o["explanation"] for o in item["options"])
    assert item["references"][0]["url"] == q.references[0].url


def test_the_script_assigns_the_bank_and_escapes_authors_html(bank: LoadedBank) -> None:
    script = bank_script(bank, Renderer())
    assert script.splitlines()[1] == "window.llmGuide = window.llmGuide || {};"
    payload = re.search(r"window\.llmGuide\.bank = (.*);\n\Z", script, re.DOTALL)
    assert payload is not None
    assert "</script" not in script.lower()
    assert set(json.loads(payload.group(1))["questions"]) == {q.id for q in bank.questions}


def test_the_build_writes_it(built_site: Path, bank: LoadedBank) -> None:
    shipped = (built_site / SCRIPT_PATH).read_text(encoding="utf-8")  # minified by the build
    payload = re.search(r"window\.llmGuide\.bank=(.*);\s*\Z", shipped, re.DOTALL)
    assert payload is not None, shipped[:200]
    assert set(json.loads(payload.group(1))["questions"]) == {q.id for q in bank.questions}
    practice = (built_site / "practice/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./assets/generated/questions\.js\?v=[0-9a-f]+" data-page-script', practice)
    topic = (built_site / "topics/peft/lora-basics/index.html").read_text(encoding="utf-8")
    assert "exam.js" not in topic and "questions.js" not in topic and "ts-fsrs" not in topic

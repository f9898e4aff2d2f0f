"""The bank as the exam, Review and instructors pages load it (guide/outputs/bankscript.py, assets/base/bank.js): a
compact
index every such page loads, and each question's content in a script of its own, loaded when it is shown."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from pathlib import Path

from guide.bank.models import DOMAINS
from guide.bank.validate import LoadedBank
from guide.outputs.bankscript import (
    CONTENT_FOLDER,
    INDEX_PATH,
    TITLES_PATH,
    bank_scripts,
    index_data,
    key_bits,
    safe_json,
)
from guide.render.renderer import Renderer
from tests.conftest import ROOT


def payload(script: str, name: str) -> dict:
    found = re.search(rf"window\.llmGuide\.{name}\s*=\s*(.*?);\s*\Z", script, re.DOTALL)
    assert found is not None, script[:200]
    return json.loads(found.group(1))


def test_safe_json_cannot_end_a_script_element_or_a_string() -> None:
    text = safe_json({"a": "</script><!-- & \u2028 \u2029"})
    assert "</" not in text and "<!--" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"a": "</script><!-- & \u2028 \u2029"}


def test_the_index_has_one_compact_row_per_question_in_study_order(bank: LoadedBank) -> None:
    data = index_data(bank, "v1")
    assert [row[0] for row in data["rows"]] == [q.id for q in bank.questions]
    assert [d["id"] for d in data["domains"]] == list(DOMAINS)
    assert [o["id"] for o in data["objectives"]] == [o.id for o in bank.objectives]
    for q, row in zip(bank.questions, data["rows"], strict=True):
        topic = data["topics"][row[1]]
        assert (topic["id"], topic["lessons"][row[2]]["id"]) == (q.topic, q.lesson)
        assert data["domains"][row[3]]["id"] == q.domain
        assert row[4:7] == [q.select, key_bits(q.key), len(q.options)]
        assert [data["objectives"][k]["id"] for k in row[7]] == q.objectives
    # Nothing a page shows is in the index: that is what keeps it small.
    assert '"stem"' not in json.dumps(data) and bank.questions[0].title not in json.dumps(data)


def test_each_question_has_a_content_script_with_rendered_html(bank: LoadedBank) -> None:
    files = bank_scripts(bank, Renderer())
    assert set(files) == {f"{CONTENT_FOLDER}/{q.id}.js" for q in bank.questions} | {INDEX_PATH, TITLES_PATH}
    q = bank.questions[0]
    script = files[f"{CONTENT_FOLDER}/{q.id}.js"]
    assert "</script" not in script.lower()
    found = re.search(r"window\.llmGuide\.bank\.arrive\((.*)\);\n\Z", script, re.DOTALL)
    assert found is not None
    item = json.loads(found.group(1))
    assert item["id"] == q.id and item["title"] == q.title
    assert item["stem"].startswith("<p>") and len(item["options"]) == len(q.options)
    assert all(o["explanation"] for o in item["options"])
    assert item["references"][0]["url"] == q.references[0].url
    assert payload(files[TITLES_PATH], "bankTitles") == {q.id: q.title for q in bank.questions}


def test_the_version_names_the_content(bank: LoadedBank) -> None:
    # A deploy that changes one explanation changes the address of every content script (the index's version).
    before = payload(bank_scripts(bank, Renderer())[INDEX_PATH], "bankIndex")["version"]
    changed = bank.questions[0].model_copy(update={"stem": bank.questions[0].stem + " (edited)"})
    other = LoadedBank(bank.path, bank.topics, (changed, *bank.questions[1:]), bank.lines, bank.objectives)
    after = payload(bank_scripts(other, Renderer())[INDEX_PATH], "bankIndex")["version"]
    assert re.fullmatch(r"[0-9a-f]{10}", before) and before != after


def test_the_browser_expands_the_index_as_the_build_wrote_it(bank: LoadedBank, tmp_path: Path) -> None:
    # assets/base/bank.js under Node, on the real index: every question's topic, lesson, domain, select, key and
    # objectives.
    index = tmp_path / "index.json"
    index.write_text(json.dumps(index_data(bank, "v1")), encoding="utf-8")
    script = (
        "const core = require(process.argv[1]); const index = require(process.argv[2]);"
        "process.stdout.write(JSON.stringify(core.expand(index)));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/base/bank.js"), str(index)],
        capture_output=True,
        text=True,
        check=True,
    )
    expanded = json.loads(out.stdout)
    assert expanded["order"] == [q.id for q in bank.questions]
    for q in bank.questions:
        got = expanded["questions"][q.id]
        assert (got["topic"], got["lesson"], got["domain"], got["select"], got["key"], got["n"], got["objectives"]) == (
            q.topic,
            q.lesson,
            q.domain,
            q.select,
            list(q.key),
            len(q.options),
            q.objectives,
        )


def test_the_build_writes_them_and_pages_load_only_what_they_use(built_site: Path, bank: LoadedBank) -> None:
    index = payload((built_site / INDEX_PATH).read_text(encoding="utf-8"), "bankIndex")  # minified by the build
    assert [row[0] for row in index["rows"]] == [q.id for q in bank.questions]
    contents = sorted((built_site / CONTENT_FOLDER).glob("*.js"))
    assert {p.stem for p in contents} == {q.id for q in bank.questions}
    # The index grows by a few bytes a question; the practice page is ready on it alone.
    packed = len(gzip.compress((built_site / INDEX_PATH).read_bytes()))
    assert packed < 40 * len(bank.questions), packed
    practice = (built_site / "practice/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./assets/generated/bank/index\.js\?v=[0-9a-f]+" data-page-script', practice)
    assert "titles.js" not in practice and "generated/bank/q/" not in practice
    assert "titles.js" in (built_site / "instructors/index.html").read_text(encoding="utf-8")
    topic = (built_site / "topics/peft/lora-basics/index.html").read_text(encoding="utf-8")
    assert "exam.js" not in topic and "generated/bank" not in topic and "ts-fsrs" not in topic

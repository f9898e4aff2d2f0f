"""The exports, each read back by an independent reader and compared with the bank.

GIFT by a strict parser written here from Moodle's format description (not the writer's code); QTI as XML; the Anki
deck as what it is, a zip holding SQLite; JSON against the published JSON Schema.
"""

from __future__ import annotations

import html
import json
import os
import re
import sqlite3
import subprocess
import tempfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest

from guide.bank.validate import LoadedBank, load_bank
from guide.outputs import history
from guide.outputs.exports import EXPORTS, anki, gift, jsonbank, qti, write_all
from guide.render import doclinks
from guide.render.renderer import Renderer
from tests.bankfixtures import VALID, replace_once
from tests.conftest import ROOT

QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
SPECIAL = r"Tricky: a~b = c#d {e} f:g \ h \n"


@pytest.fixture(scope="module")
def exported(bank: LoadedBank, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("exports")
    write_all(bank, Renderer(), out)
    return out


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[LoadedBank, Path]:
    """A bank whose texts hold every character GIFT treats specially, and raw HTML."""
    text = replace_once(VALID, "The number of trainable layers", json.dumps(SPECIAL))
    text = replace_once(text, "What does the LoRA rank `r` control?", json.dumps("Is <b>x</b> {1:2} = ~#? `a=b`"))
    text = replace_once(text, "That is `target_modules`.", json.dumps("Feedback with # and = and }"))
    path = tmp_path_factory.mktemp("hostile") / "bank.yaml"
    path.write_text(text, encoding="utf-8")
    bank = load_bank(path)
    out = path.parent / "out"
    write_all(bank, Renderer(), out)
    return bank, out


# ---------------------------------------------------------------- GIFT, read by a strict parser


def gift_unescape(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\":
            nxt = text[i + 1]
            assert nxt in "~=#{}:\\n", f"unknown escape \\{nxt}"
            out.append("\n" if nxt == "n" else nxt)
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def split_unescaped(text: str, chars: str) -> list[tuple[str, str]]:
    """Split at each unescaped character in `chars`, returning (separator, piece) pairs."""
    pieces, current, sep, i = [], [], "", 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            current.append(text[i : i + 2])
            i += 2
            continue
        if c in chars:
            pieces.append((sep, "".join(current)))
            sep, current = c, []
        else:
            current.append(c)
        i += 1
    pieces.append((sep, "".join(current)))
    return pieces


def parse_gift(source: str) -> list[dict[str, object]]:
    """Questions as dicts: title, stem, options [(weight, text, feedback)], general feedback. Fails on anything odd."""
    questions = []
    for block in re.split(r"\n\s*\n", source):
        lines = [line for line in block.splitlines() if line.strip() and not line.startswith("//")]
        lines = [line for line in lines if not line.startswith("$CATEGORY:")]
        if not lines:
            continue
        body = "\n".join(lines)
        match = re.fullmatch(r"::((?:[^:\\]|\\.)*)::(.*?)(?<!\\)\{(.*)(?<!\\)\}", body, re.DOTALL)
        assert match, f"not a GIFT question: {body[:120]!r}"
        title, stem, answers = match.groups()
        assert split_unescaped(stem, "{}~=#") == [("", stem)], "unescaped special character in the stem"
        options, general = [], None
        for sep, piece in split_unescaped(answers, "~="):
            piece = piece.strip()
            if not sep:
                assert piece == "", f"text before the first answer: {piece!r}"
                continue
            if piece.startswith("####") or "####" in piece:
                piece, _, general_text = piece.partition("####")
                general = gift_unescape(general_text.strip())
                piece = piece.strip()
            weight_match = re.match(r"%(-?\d+(?:\.\d+)?)%", piece)
            weight = float(weight_match.group(1)) if weight_match else (100.0 if sep == "=" else 0.0)
            if weight_match:
                piece = piece[weight_match.end() :]
            parts = split_unescaped(piece, "#")
            assert len(parts) == 2, f"each option has exactly one feedback: {piece[:80]!r}"
            options.append((weight, gift_unescape(parts[0][1].strip()), gift_unescape(parts[1][1].strip())))
        questions.append(
            {"title": gift_unescape(title), "stem": gift_unescape(stem), "options": options, "general": general}
        )
    return questions


def html_text(fragment: str) -> str:
    fragment = re.sub(r"^\[html\]", "", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def plain(markdown_text: str) -> str:
    return " ".join(markdown_text.replace("`", "").replace("**", "").split())


def check_gift_against_bank(source: str, bank: LoadedBank) -> None:
    parsed = parse_gift(source)
    assert len(parsed) == len(bank.questions)
    for question, got in zip(bank.questions, parsed, strict=True):
        options = got["options"]
        assert isinstance(options, list) and len(options) == len(question.options), question.id
        weights = [w for w, _, _ in options]
        if question.select == 1:
            assert [i for i, w in enumerate(weights) if w == 100] == question.key, question.id
        else:
            positive = [i for i, w in enumerate(weights) if w > 0]
            assert positive == question.key, question.id
            assert sum(w for w in weights if w > 0) == pytest.approx(100, abs=0.001), question.id
        for option, (_, text, feedback) in zip(question.options, options, strict=True):
            assert html_text(text) == plain(option.text), question.id
            assert html_text(feedback), question.id
        assert all(ref.title in html.unescape(str(got["general"])) for ref in question.references), question.id


def test_gift_holds_every_question_key_and_explanation(exported: Path, bank: LoadedBank) -> None:
    source = (exported / "llm-finetuning-guide.gift.txt").read_text(encoding="utf-8")
    check_gift_against_bank(source, bank)
    # Moodle files each question under its topic's category, one level per lesson.
    categories = re.findall(r"^// (\S+)\n// NCP-GENL objectives: [^\n]+\n\$CATEGORY: (.+)$", source, re.MULTILINE)
    objectives = dict(re.findall(r"^// (\S+)\n// NCP-GENL objectives: ([^\n]+)$", source, re.MULTILINE))
    assert objectives == {q.id: ", ".join(q.objectives) for q in bank.questions}
    titles = {topic.id: topic.title for topic in bank.topics}
    for question_id, category in categories:
        question = bank.question(question_id)
        lesson = bank.lesson(question).title.replace("/", "-")
        assert category == f"$course$/LLM fine-tuning guide/{titles[question.topic].replace('/', '-')}/{lesson}"
    assert len(categories) == len(bank.questions)


def test_gift_escapes_special_characters(hostile: tuple[LoadedBank, Path]) -> None:
    bank, out = hostile
    source = (out / "llm-finetuning-guide.gift.txt").read_text(encoding="utf-8")
    check_gift_against_bank(source, bank)
    parsed = parse_gift(source)
    assert "{1:2} = ~#?" in html_text(str(parsed[0]["stem"]))
    assert "&lt;b&gt;" in str(parsed[0]["stem"]), "raw HTML in the bank stays text"
    assert html_text(str(parsed[0]["options"][1][1])) == SPECIAL.strip()


def test_gift_parser_rejects_unescaped_text() -> None:
    # Negative control: the reader must notice what a broken writer would produce.
    with pytest.raises(AssertionError):
        parse_gift("::t::[html]a = b{\n=[html]x#[html]y\n~[html]z#[html]w\n}")
    assert gift.escape_text("a\\b{c}") == "a\\\\b\\{c\\}"


# ---------------------------------------------------------------- QTI


def qti_items(path: Path) -> list[ElementTree.Element]:
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        manifest = ElementTree.fromstring(archive.read("imsmanifest.xml"))
        hrefs = [f.get("href") for f in manifest.iter("{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}file")]
        assert hrefs and all(h in names for h in hrefs), "the manifest lists every file in the package"
        root = ElementTree.fromstring(archive.read(str(hrefs[0])))
    assert root.tag == f"{QTI}questestinterop"
    return list(root.iter(f"{QTI}item"))


def check_qti_against_bank(path: Path, bank: LoadedBank) -> None:
    items = qti_items(path)
    assert len(items) == len(bank.questions)
    idents: set[str] = set()
    for question, item in zip(bank.questions, items, strict=True):
        ident = item.get("ident") or ""
        assert ident not in idents and re.fullmatch(r"[A-Za-z_][\w.-]*", ident), "idents are unique XML names"
        idents.add(ident)
        meta = {
            f.findtext(f"{QTI}fieldlabel"): f.findtext(f"{QTI}fieldentry") for f in item.iter(f"{QTI}qtimetadatafield")
        }
        assert meta["guide_question_id"] == question.id
        assert meta["guide_lesson"] == bank.lesson(question).title
        assert meta["guide_objectives"] == " ".join(question.objectives)
        assert meta["question_type"] == (
            "multiple_answers_question" if question.select > 1 else "multiple_choice_question"
        )
        lid = item.find(f".//{QTI}response_lid")
        assert lid is not None and lid.get("rcardinality") == ("Multiple" if question.select > 1 else "Single")
        labels = lid.findall(f".//{QTI}response_label")
        assert [html_text(label.findtext(f".//{QTI}mattext") or "") for label in labels] == [
            plain(o.text) for o in question.options
        ]
        # Full marks go to the condition that requires exactly the key.
        scoring = [c for c in item.iter(f"{QTI}respcondition") if c.find(f"{QTI}setvar") is not None]
        assert len(scoring) == 1 and scoring[0].findtext(f"{QTI}setvar") == "100"
        required = [v.text for v in scoring[0].iter(f"{QTI}varequal") if v not in list(scoring[0].iter(f"{QTI}not"))]
        negated = {v.text for n in scoring[0].iter(f"{QTI}not") for v in n.iter(f"{QTI}varequal")}
        key = {labels[i].get("ident") for i in question.key}
        assert {r for r in required if r not in negated} == key, question.id
        feedback = {
            f.get("ident"): html_text(f.findtext(f".//{QTI}mattext") or "") for f in item.iter(f"{QTI}itemfeedback")
        }
        for label in labels:
            assert feedback[f"{label.get('ident')}_fb"], "every option has its explanation"
        assert all(ref.title in feedback["general_fb"] for ref in question.references)


def test_qti_holds_every_question_key_and_explanation(exported: Path, bank: LoadedBank) -> None:
    check_qti_against_bank(exported / "llm-finetuning-guide.qti.zip", bank)


CANVAS = "{http://canvas.instructure.com/xsd/cccv1p0}"


def test_qti_carries_the_quizs_settings_and_how_many_to_choose(exported: Path, bank: LoadedBank) -> None:
    """Canvas's exports hold the quiz's settings in assessment_meta.xml, named by the manifest as a dependency of the
    assessment; "choose N" items say N in `maxnumber`, which readers use to stop a learner ticking more."""
    path = exported / "llm-finetuning-guide.qti.zip"
    with zipfile.ZipFile(path) as archive:
        manifest = ElementTree.fromstring(archive.read("imsmanifest.xml"))
        ns = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"
        resources = {r.get("identifier"): r for r in manifest.iter(f"{ns}resource")}
        assessment = next(r for r in resources.values() if r.get("type") == "imsqti_xmlv1p2")
        dependency = assessment.find(f"{ns}dependency")
        assert dependency is not None, "the assessment names its settings file"
        meta_resource = resources[dependency.get("identifierref")]
        meta_path = str(meta_resource.get("href"))
        assert meta_path.endswith("/assessment_meta.xml")
        assert [f.get("href") for f in meta_resource.iter(f"{ns}file")] == [meta_path]
        meta = ElementTree.fromstring(archive.read(meta_path))
    assert meta.tag == f"{CANVAS}quiz" and meta.get("identifier") == qti.ASSESSMENT_ID
    assert meta.findtext(f"{CANVAS}title") == qti.TITLE
    assert meta.findtext(f"{CANVAS}description") == qti.DESCRIPTION
    assert meta.findtext(f"{CANVAS}shuffle_answers") == "false"
    assert float(meta.findtext(f"{CANVAS}points_possible") or "0") == len(bank.questions)
    items = qti_items(path)
    points = [
        f.findtext(f"{QTI}fieldentry")
        for item in items
        for f in item.iter(f"{QTI}qtimetadatafield")
        if f.findtext(f"{QTI}fieldlabel") == "points_possible"
    ]
    assert sum(float(p or "0") for p in points) == len(bank.questions), "the total is the items' points"
    for question, item in zip(bank.questions, items, strict=True):
        choice = item.find(f".//{QTI}render_choice")
        assert choice is not None
        expected = str(question.select) if question.select > 1 else None
        assert choice.get("maxnumber") == expected, question.id
    assert any(q.select > 1 for q in bank.questions) and any(q.select == 1 for q in bank.questions)


def test_qti_keeps_special_characters_as_text(hostile: tuple[LoadedBank, Path]) -> None:
    bank, out = hostile
    check_qti_against_bank(out / "llm-finetuning-guide.qti.zip", bank)
    stem = qti_items(out / "llm-finetuning-guide.qti.zip")[0].findtext(f".//{QTI}mattext") or ""
    assert "&lt;b&gt;x&lt;/b&gt;" in stem, "raw HTML in the bank reaches the LMS as text, not markup"


# ---------------------------------------------------------------- Anki


def anki_notes(path: Path) -> list[tuple[str, list[str], str]]:
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "collection.anki2"
        with zipfile.ZipFile(path) as archive:
            copy.write_bytes(archive.read("collection.anki2"))
        connection = sqlite3.connect(copy)
        try:
            rows = connection.execute("select guid, flds, tags from notes order by id").fetchall()
        finally:
            connection.close()
    return [(guid, fields.split("\x1f"), tags) for guid, fields, tags in rows]


def test_anki_deck_has_one_stable_note_per_question(exported: Path, bank: LoadedBank) -> None:
    notes = {
        fields[0]: (guid, fields, tags.split())
        for guid, fields, tags in anki_notes(exported / "llm-finetuning-guide.apkg")
    }
    assert set(notes) == {q.id for q in bank.questions}
    for question in bank.questions:
        guid, fields, tags = notes[question.id]
        assert guid == anki.guid(question.id), "the guid derives from the id, so re-importing updates the note"
        letters = ", ".join(chr(65 + i) for i in question.key)
        answer = html.unescape(fields[3])
        assert f"Answer: {letters}" in answer
        assert answer.count('class="why ') == len(question.options), "every option's explanation is on the back"
        assert f"topic::{question.topic}" in tags and f"difficulty::{question.difficulty}" in tags
        assert f"lesson::{question.topic}::{question.lesson}" in tags
        assert [t for t in tags if t.startswith("objective::")] == [f"objective::{o}" for o in question.objectives]
        assert all(ref.url in fields[4] for ref in question.references)


def test_anki_ids_do_not_change_between_builds(hostile: tuple[LoadedBank, Path], tmp_path: Path) -> None:
    bank, out = hostile
    write_all(bank, Renderer(), tmp_path)
    first = [guid for guid, _, _ in anki_notes(out / "llm-finetuning-guide.apkg")]
    again = [guid for guid, _, _ in anki_notes(tmp_path / "llm-finetuning-guide.apkg")]
    assert first == again


def git(repo: Path, *args: str, when: str | None = None) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    if when:
        env |= {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def anki_times(path: Path) -> dict[str, tuple[int, int]]:
    """Each note's (note mod, card mod), by its question id."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "collection.anki2"
        with zipfile.ZipFile(path) as archive:
            copy.write_bytes(archive.read("collection.anki2"))
        connection = sqlite3.connect(copy)
        try:
            rows = connection.execute(
                "select n.flds, n.mod, c.mod from notes n join cards c on c.nid = n.id order by n.id"
            ).fetchall()
        finally:
            connection.close()
    return {fields.split("\x1f")[0]: (note, card) for fields, note, card in rows}


def test_anki_notes_change_only_with_their_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two releases, one question edited between them: only that note is newer, so re-importing the second deck
    updates that note alone (Anki updates a note only when the incoming one is newer). The same commit built twice
    gives the same bytes."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    repo = tmp_path / "repo"
    repo.mkdir()
    bank_file = repo / "bank.yaml"
    bank_file.write_text(VALID, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "bank.yaml")
    git(repo, "commit", "-q", "-m", "first", when="2026-01-05T10:00:00Z")
    (repo / "notes.txt").write_text("unrelated", encoding="utf-8")
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-q", "-m", "an unrelated change", when="2026-01-20T10:00:00Z")

    def build(name: str) -> Path:
        out = tmp_path / name
        out.mkdir()
        anki.write(load_bank(bank_file), Renderer(), out / "deck.apkg")
        return out / "deck.apkg"

    first = build("first")
    assert first.read_bytes() == build("again").read_bytes(), "a rebuild of the same commit is byte-identical"
    before = anki_times(first)
    january = 1_767_607_200  # 2026-01-05T10:00:00Z, when the bank was committed, not the later unrelated commit
    assert set(before.values()) == {(january, january)}

    bank_file.write_text(replace_once(VALID, "The learning rate", '"The learning-rate schedule"'), encoding="utf-8")
    git(repo, "commit", "-q", "-am", "edit one option", when="2026-02-01T10:00:00Z")
    after = anki_times(build("second"))
    changed = {qid for qid in after if after[qid] != before[qid]}
    assert changed == {"lora-rank"}, "only the edited question's note moves"
    assert after["lora-rank"][0] > before["lora-rank"][0], "and it is newer, so Anki takes it"


def test_anki_note_times_without_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a repository every note carries the build's date: every note looks changed (a longer import), never
    an edited note older than the learner's copy."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767607200")
    bank_file = tmp_path / "bank.yaml"
    bank_file.write_text(VALID, encoding="utf-8")
    anki.write(load_bank(bank_file), Renderer(), tmp_path / "deck.apkg")
    assert set(anki_times(tmp_path / "deck.apkg").values()) == {(1_767_607_200, 1_767_607_200)}
    assert set(history.entries(VALID)) == {"lora-rank", "lora-multi"}, "the entries are the questions, not topics"


# ---------------------------------------------------------------- JSON


@pytest.mark.parametrize("site_url", ["https://example.org/guide/", ""])
def test_json_export_resolves_links_to_the_guides_pages(bank: LoadedBank, tmp_path: Path, site_url: str) -> None:
    """The bank's `guide:calculator.md?…` links only mean something on the site: the JSON export writes them as
    absolute addresses on the published site, or as their text alone without one, as the GIFT, QTI and Anki
    exports do (guide/render/doclinks.py). The rest of the Markdown is the bank's own."""
    source = {q.id: q for q in bank.questions}
    linked = [q for q in bank.questions if "](guide:" in " ".join([q.stem, *(o.explanation for o in q.options)])]
    assert linked, "the bank has no guide: link left to test"
    renderer = doclinks.LinkedRenderer(
        Renderer(),
        lambda html: doclinks.absolute(html, site_url, True),
        lambda text: doclinks.absolute_source(text, site_url, True),
    )
    path = tmp_path / "bank.json"
    jsonbank.write(bank, renderer, path)
    text = path.read_text(encoding="utf-8")
    assert "](guide:" not in text  # no link of the bank's own scheme left (titles may say "guide:")
    document = json.loads(text)
    jsonschema.validate(document, json.loads((ROOT / "data/questions.schema.json").read_text(encoding="utf-8")))
    for question in document["questions"]:
        original = source[question["id"]]
        for option, mine in zip(original.options, question["options"], strict=True):
            expected = re.sub(
                r"\[([^\]]*)\]\(guide:calculator\.md(\?[^)]*)?\)",
                (lambda m: f"[{m[1]}]({site_url}calculator/{m[2] or ''})") if site_url else (lambda m: m[1]),
                option.explanation,
            )
            assert mine["explanation"] == expected
    if site_url:
        assert "](https://example.org/guide/calculator/?params=7B&method=lora&trainable=14M)" in text
    else:
        assert "https://example.org" not in text and "[Work this case in the memory calculator]" not in text


def test_json_export_is_valid_against_the_published_schema(exported: Path, bank: LoadedBank) -> None:
    document = json.loads((exported / "llm-finetuning-guide.json").read_text(encoding="utf-8"))
    published = json.loads((exported / "questions.schema.json").read_text(encoding="utf-8"))
    assert published == json.loads((ROOT / "data/questions.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, published)
    assert [q["id"] for q in document["questions"]] == [q.id for q in bank.questions]
    for question, data in zip(bank.questions, document["questions"], strict=True):
        assert [i for i, o in enumerate(data["options"]) if o["correct"]] == question.key
    document["questions"][0]["options"][0]["correct"] = "yes"  # negative control
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, published)


def test_every_export_is_listed_and_written(exported: Path) -> None:
    assert sorted(p.name for p in exported.iterdir()) == sorted(e.filename for e in EXPORTS)


def test_the_build_publishes_the_exports_and_links_them(built_site: Path) -> None:
    for export in EXPORTS:
        assert (built_site / "downloads" / export.filename).stat().st_size > 0
    page = (built_site / "download" / "index.html").read_text(encoding="utf-8")
    for export in EXPORTS:
        assert f'href="../downloads/{export.filename}"' in page

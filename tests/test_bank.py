"""Layer 1: the loader and validator. Every rule has a negative case naming file, line and question id."""

from __future__ import annotations

from pathlib import Path

import pytest

from guide.bank import rules
from guide.bank.validate import BankError, Problem, load_bank, load_text
from tests.bankfixtures import VALID, fit_to_publish, line_of, replace_once

FILE = "data/questions.yaml"


def problems(text: str) -> list[Problem]:
    with pytest.raises(BankError) as caught:
        load_text(text, FILE)
    return caught.value.problems


def only(text: str) -> Problem:
    found = problems(text)
    assert len(found) == 1, "\n".join(map(str, found))
    return found[0]


def test_valid_bank_loads() -> None:
    bank = load_text(VALID, FILE)
    assert [q.id for q in bank.questions] == ["lora-rank", "lora-multi"]
    assert bank.question("lora-multi").key == [0, 1]
    assert bank.lines["lora-multi"] == line_of(VALID, "- id: lora-multi")


def test_yaml_syntax_error_names_line() -> None:
    text = replace_once(VALID, "    select: 2", "    select: [2")
    problem = only(text)
    assert problem.path == FILE
    assert "YAML syntax error" in problem.message
    assert line_of(text, "select: [2") <= problem.line <= line_of(text, "select: [2") + 2


def test_misspelled_field_suggests_the_right_one() -> None:
    text = replace_once(VALID, "        explanation: That is", "        explaination: That is")
    found = problems(text)
    messages = {p.message for p in found}
    assert "unknown field `explaination`; did you mean `explanation`?" in messages
    assert "missing required field `explanation`; add it" in messages
    assert {p.question_id for p in found} == {"lora-rank"}
    unknown = next(p for p in found if "unknown field" in p.message)
    assert unknown.line == line_of(text, "explaination:")


def test_unknown_top_level_field() -> None:
    problem = only("version: 2\n" + VALID)
    assert problem.line == 1 and "unknown field `version`" in problem.message


def test_missing_required_field_points_at_the_question() -> None:
    text = replace_once(VALID, "    stem: Which statements about LoRA are true?\n", "")
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.message == "missing required field `stem`; add it"
    assert problem.line == line_of(text, "- id: lora-multi")


def test_wrong_type_is_not_coerced() -> None:
    text = replace_once(VALID, "correct: false", 'correct: "no"')
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert problem.line == line_of(text, 'correct: "no"')
    assert "`correct` must be `true` or `false`" in problem.message


def test_duplicate_question_id() -> None:
    text = replace_once(VALID, "- id: lora-multi", "- id: lora-rank")
    found = problems(text)
    duplicate = next(p for p in found if "duplicate question id" in p.message)
    assert duplicate.question_id == "lora-rank"
    assert duplicate.line == line_of(text, "- id: lora-rank", 2)
    assert f"first on line {line_of(text, '- id: lora-rank')}" in duplicate.message


def test_id_must_be_a_slug() -> None:
    text = replace_once(VALID, "- id: lora-multi", "- id: LoRA Multi")
    problem = only(text)
    assert problem.question_id == "LoRA Multi"
    assert problem.line == line_of(text, "- id: LoRA Multi")
    assert "must be a slug" in problem.message


def test_unknown_topic() -> None:
    text = replace_once(VALID, "    topic: peft", "    topic: pfet", 2)
    found = problems(text)
    unknown = next(p for p in found if "unknown topic" in p.message)
    assert unknown.question_id == "lora-multi"
    assert unknown.line == line_of(text, "topic: pfet")
    assert "use one of: peft" in unknown.message


LESSONS = "    lessons:\n      - id: basics\n        title: Basics\n"


def test_topic_without_questions() -> None:
    memory = "  - id: memory\n    title: Memory\n    summary: GPU memory.\n" + LESSONS
    text = replace_once(VALID, "topics:\n", "topics:\n" + memory)
    problem = only(text)
    assert problem.line == line_of(text, "- id: memory")
    assert "topic `memory` has no questions" in problem.message


def test_unknown_lesson() -> None:
    text = replace_once(VALID, "    lesson: basics", "    lesson: bascis", 2)
    found = problems(text)
    unknown = next(p for p in found if "unknown lesson" in p.message)
    assert unknown.question_id == "lora-multi"
    assert unknown.line == line_of(text, "lesson: bascis")
    assert "use one of: basics" in unknown.message


def test_question_without_lesson() -> None:
    text = replace_once(VALID, "    lesson: basics\n", "")
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert "missing required field `lesson`" in problem.message


def test_lesson_without_questions() -> None:
    text = replace_once(
        VALID,
        "        title: LoRA basics\n",
        "        title: LoRA basics\n      - id: serving\n        title: Serving\n",
    )
    problem = only(text)
    assert problem.line == line_of(text, "- id: serving")
    assert "lesson `serving` of topic `peft` has no questions" in problem.message


def test_duplicate_lesson_id() -> None:
    text = replace_once(
        VALID, "        title: LoRA basics\n", "        title: LoRA basics\n      - id: basics\n        title: Again\n"
    )
    problem = only(text)
    assert problem.line == line_of(text, "- id: basics", 2)
    assert "duplicate lesson id `basics` in topic `peft`" in problem.message


def test_topic_without_lessons() -> None:
    text = replace_once(VALID, "    lessons:\n      - id: basics\n        title: LoRA basics\n", "")
    problem = only(text)
    assert "missing required field `lessons`" in problem.message
    assert problem.line == line_of(text, "- id: peft")


def test_fewer_than_three_options() -> None:
    text = replace_once(
        VALID,
        "      - text: The learning rate\n        correct: false\n        explanation: The learning rate is a separate"
        " setting.\n",
        "",
    )
    found = problems(text)
    short = next(p for p in found if "at least 3 options" in p.message)
    assert short.question_id == "lora-rank"
    assert short.line == line_of(text, "    options:")


def test_duplicate_option_text() -> None:
    text = replace_once(VALID, "- text: It trains every weight", "- text: The base weights  stay frozen")
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.line == line_of(text, "The base weights  stay frozen")
    assert "option D has the same text as option A" in problem.message


def test_option_without_explanation() -> None:
    text = replace_once(VALID, "        explanation: Nothing is replaced.", '        explanation: "  "')
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.line == line_of(text, 'explanation: "  "')
    assert "must not be empty" in problem.message


def test_no_references() -> None:
    text = replace_once(
        VALID,
        "    references:\n      - title: LoRA paper\n        url: https://arxiv.org/abs/2106.09685\n",
        "    references: []\n",
    )
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert problem.line == line_of(text, "references: []")
    assert "at least 1 references" in problem.message and "primary source" in problem.message


def test_reference_url_must_be_http() -> None:
    text = replace_once(VALID, "url: https://arxiv.org/abs/2106.09685", "url: ftp://example.org/paper.pdf", 2)
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.line == line_of(text, "ftp://")
    assert "http(s) URL" in problem.message


@pytest.mark.parametrize(
    ("old", "new", "marked"), [("correct: false", "correct: true", 2), ("correct: true", "correct: false", 0)]
)
def test_marked_correct_must_equal_select(old: str, new: str, marked: int) -> None:
    text = replace_once(VALID, old, new)
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert problem.line == line_of(text, "select: 1")
    assert f"`select: 1` but {marked} option" in problem.message
    assert "mark exactly 1 correct or change `select`" in problem.message


def test_select_must_be_smaller_than_option_count() -> None:
    text = VALID.replace("select: 2", "select: 4").replace("correct: false", "correct: true")
    found = problems(text)
    assert any(
        p.question_id == "lora-multi" and "must be smaller than the number of options (4)" in p.message for p in found
    )


def test_all_problems_are_reported_at_once() -> None:
    text = replace_once(VALID, "    topic: peft", "    topic: nope")
    text = replace_once(text, "select: 2", "select: 3")
    text = replace_once(text, "url: https://arxiv.org/abs/2106.09685", "url: arxiv", 2)
    found = problems(text)
    assert {p.question_id for p in found} == {"lora-rank", "lora-multi"}
    assert any("unknown topic `nope`" in p.message for p in found)
    assert any("http(s) URL" in p.message for p in found)
    assert str(found[0]).startswith(f"{FILE}:")


def test_duplicate_yaml_key() -> None:
    text = replace_once(VALID, "    select: 1\n", "    select: 1\n    select: 2\n")
    duplicate = next(p for p in problems(text) if "duplicate key" in p.message)
    assert duplicate.line == line_of(text, "select: 2")
    assert duplicate.question_id == "lora-rank"
    assert f"duplicate key `select` (first on line {line_of(text, 'select: 1')}); keep one" in duplicate.message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BankError) as caught:
        load_bank(tmp_path / "nope.yaml", display_path="data/nope.yaml")
    assert "data/nope.yaml:1: file not found" in str(caught.value)


def test_error_text_lists_file_line_and_id() -> None:
    text = replace_once(VALID, "correct: true", "correct: false", 2)
    with pytest.raises(BankError) as caught:
        load_text(text, FILE)
    line = line_of(text, "select: 2")
    assert f"{FILE}:{line} [question lora-multi]: `select: 2` but 1 option is marked" in str(caught.value)


def test_duplicate_topic_id_is_reported_once_at_the_second() -> None:
    text = VALID.replace(
        "topics:\n",
        "topics:\n  - id: peft\n    title: Again\n    summary: Twice.\n" + LESSONS,
        1,
    )
    problem = only(text)
    assert problem.line == line_of(text, "- id: peft", 2)
    assert f"duplicate topic id `peft` (first on line {line_of(text, '- id: peft')})" in problem.message


def test_a_broken_question_does_not_also_empty_its_topic() -> None:
    text = replace_once(VALID, "    topic: peft", "    topic: peft\n    colour: blue")
    text = replace_once(text, "    topic: peft", "    topic: peft\n    colour: red", 2)
    found = problems(text)
    assert not any("has no questions" in p.message for p in found)
    assert len(found) == 2


# ---------------------------------------------------------------- objectives (issue 27)


def test_a_question_without_objectives_is_refused() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]\n', "", occurrence=2)
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.message == "missing required field `objectives`; add it"
    assert problem.line == line_of(text, "- id: lora-multi")


def test_an_empty_objectives_list_is_refused() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]', "    objectives: []")
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert "`objectives` needs at least 1 objectives" in problem.message and '["4.4"]' in problem.message
    assert problem.line == line_of(text, "objectives: []")


def test_an_unknown_objective_is_named_with_its_domains_declared_ones() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]', '    objectives: ["5.4"]', occurrence=2)
    problem = only(text)
    assert problem.question_id == "lora-multi"
    assert problem.message.startswith("unknown objective `5.4`; that domain's are 5.2, 5.3")
    assert problem.line == line_of(text, 'objectives: ["5.4"]')


def test_an_unquoted_objective_number_is_explained() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]', "    objectives: [5.2]")
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert "quote it" in problem.message


def test_an_objective_named_twice_in_a_question() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]', '    objectives: ["5.2", "5.3", "5.2"]')
    problem = only(text)
    assert problem.message == "objective `5.2` is named twice; name it once"


def test_a_domain_that_none_of_its_objectives_has_is_refused() -> None:
    text = replace_once(VALID, "    domain: fine-tuning\n    objectives", "    domain: evaluation\n    objectives")
    problem = only(text)
    assert problem.question_id == "lora-rank"
    assert problem.message.startswith(
        "`domain: evaluation` is not the domain of any objective it names (`fine-tuning`)"
    )
    assert problem.line == line_of(text, "domain: evaluation")


def test_objective_declarations_are_checked() -> None:
    text = replace_once(VALID, '  - id: "5.3"', '  - id: "5.2"')
    assert only(text).message == "objective `5.2` is declared twice; keep one"
    text = replace_once(VALID, '  - id: "5.3"', '  - id: "five"')
    problem = only(text)
    assert problem.message == "`id` must be an objective number such as \"4.4\" (quoted), got 'five'"
    assert problem.line == line_of(text, 'id: "five"')
    text = replace_once(
        VALID, "    domain: fine-tuning\n    text: Implement", "    domain: tuning\n    text: Implement"
    )
    assert "`domain` must be one of" in only(text).message


def test_a_bank_without_objectives_is_refused() -> None:
    start = VALID.index("objectives:")
    text = VALID[:start] + VALID[VALID.index("topics:") :]
    found = problems(text)
    assert "missing required field `objectives`; add it" in {p.message for p in found}


def test_a_lesson_teaches_the_objectives_its_questions_name() -> None:
    text = replace_once(VALID, '    objectives: ["5.2"]', '    objectives: ["5.3", "5.2"]')
    bank = load_text(text, FILE)
    assert [o.id for o in bank.lesson_objectives("peft", "basics")] == ["5.2", "5.3"]


# ---------------------------------------------------------------- the authoring rules (issue 34: one rule set)


def _ruled() -> str:
    return fit_to_publish()


def rule_problems(text: str) -> list[Problem]:
    return rules.problems(load_text(text, FILE))


def test_a_bank_fit_to_publish_passes_the_rules() -> None:
    assert rule_problems(_ruled()) == []
    assert rule_problems(VALID)  # negative control: the bare fixture lacks titles and options


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("    title: The rank of a LoRA update\n", "", "give it a `title:`"),
        (
            "    title: The rank of a LoRA update\n",
            "    title: What the rank of a LoRA update controls in the low-rank product.\n",
            "`title` is 64 characters and ends with a period; make it 60 or fewer",
        ),
        ("    difficulty: easy\n", "", "add `difficulty:` (easy, medium or hard)"),
        ("      - text: The dropout on the adapter's input\n", "      - text: The dropout on the input\n", None),
        (
            "    stem: What does the LoRA rank `r` control?",
            "    stem: What does `r` control? Choose one.",
            "the stem says",
        ),
        (
            "    stem: What does the LoRA rank `r` control?",
            "    stem: Which two does `r` control?",
            "but `select` is 1",
        ),
        (
            "        url: https://arxiv.org/abs/2106.09685\n",
            "        url: https://example.org/lora\n",
            "primary source",
        ),
        (
            "        url: https://arxiv.org/abs/2106.09685\n",
            "        url: https://arxiv.org/abs/2106.09685\n      - title: Dumps\n        url: https://www.examtopics.com/x\n",
            "is an exam-prep site",
        ),
    ],
)
def test_each_authoring_rule_names_the_question_and_what_to_change(old: str, new: str, message: str | None) -> None:
    text = replace_once(_ruled(), old, new)
    found = rule_problems(text)
    if message is None:  # a rewording that breaks no rule
        assert found == []
        return
    assert len(found) == 1, found
    (problem,) = found
    assert problem.question_id == "lora-rank" and problem.line == line_of(text, "- id: lora-rank")
    assert message in problem.message


def test_five_options_pass_and_three_do_not() -> None:
    three = replace_once(
        _ruled(),
        "      - text: The dropout on the adapter's input\n"
        "        correct: false\n"
        "        explanation: That is `lora_dropout`.\n",
        "",
    )
    (problem,) = rule_problems(three)
    assert problem.message == "it has 3 options; exam questions have 4 or 5: add or remove options"


def test_the_check_command_applies_the_rules(tmp_path: Path) -> None:
    from guide.bank import check

    ok, broken = tmp_path / "ok.yaml", tmp_path / "broken.yaml"
    ok.write_text(_ruled(), encoding="utf-8")
    broken.write_text(VALID, encoding="utf-8")
    assert check.main([str(ok)]) == 0
    assert check.main([str(broken)]) == 1


@pytest.mark.parametrize(
    ("old", "new", "hint"),
    [
        (
            "    stem: Which statements about LoRA are true?",
            "    stem: |\n      Which statements\n    about LoRA are true?",
            "indented less than the block's first line",
        ),
        (
            "    stem: What does the LoRA rank `r` control?",
            "    stem: Rank: what does `r` control?",
            "a colon and a space",
        ),
    ],
)
def test_a_yaml_syntax_error_names_its_question_and_the_usual_cause(old: str, new: str, hint: str) -> None:
    text = replace_once(VALID, old, new)
    problem = only(text)
    question = "lora-multi" if "LoRA are true" in old else "lora-rank"
    assert problem.question_id == question
    assert problem.message.startswith("YAML syntax error") and hint in problem.message
    changed = line_of(text, new.split("\n")[-1].strip())
    assert changed <= problem.line <= changed + 1


# ---------------------------------------------------------------- hostile input to the parser (issue 33, low)


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(BankError) as caught:
        load_text(text, FILE)
    return caught.value.problems


@pytest.mark.parametrize(
    ("old", "new", "kind"),
    [
        ("  - id: lora-rank\n", "  - id: constructor\n", "question"),
        ("  - id: peft\n", "  - id: constructor\n", "topic"),
        ("      - id: basics\n", "      - id: constructor\n", "lesson"),
    ],
)
def test_ids_named_like_javascript_object_members_are_refused(old: str, new: str, kind: str) -> None:
    text = replace_once(VALID, old, new)
    found = [p for p in problems_of(text) if "JavaScript object" in p.message]
    assert len(found) == 1, found
    assert found[0].line == line_of(text, new.strip())
    assert found[0].message.startswith(f"`constructor` cannot be a {kind} id")


def test_yaml_aliases_and_anchors_are_refused_at_their_line() -> None:
    alias = replace_once(VALID, "    lesson: basics\n", "    lesson: &l basics\n")
    alias = replace_once(alias, "    lesson: basics\n", "    lesson: *l\n")
    (problem,) = problems_of(alias)
    assert problem.line == line_of(alias, "lesson: &l") and "`&l` is a YAML anchor" in problem.message
    assert problem.question_id == "lora-rank"
    only_alias = replace_once(VALID, "topics:\n", "x: *nowhere\ntopics:\n")
    (problem,) = problems_of(only_alias)
    assert problem.line == line_of(only_alias, "*nowhere") and "`*nowhere` is a YAML alias" in problem.message


def test_a_billion_laughs_is_refused_before_anything_is_expanded() -> None:
    levels = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    levels += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 12)]  # 10^12 strings expanded
    (problem,) = problems_of("\n".join(levels) + "\n" + VALID)
    assert problem.line == 1 and "YAML anchor" in problem.message


@pytest.mark.parametrize("depth", [40, 10_000, 100_000])
def test_deep_nesting_is_refused_without_a_traceback(depth: int) -> None:
    flow = VALID + "extra: " + "[" * depth + "]" * depth + "\n"
    (problem,) = problems_of(flow)
    assert problem.line == line_of(flow, "extra:") and "nested more than 32 levels deep" in problem.message
    block = VALID + "extra:\n" + "".join(" " * n + "-\n" for n in range(1, min(depth, 3000)))
    (problem,) = problems_of(block)
    assert "nested more than 32 levels deep" in problem.message


def test_invalid_utf8_and_control_characters_are_reported_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "bank.yaml"
    raw = VALID.encode().replace(b"Low-rank adapters.", b"Low-rank \xff adapters.")
    path.write_bytes(raw)
    with pytest.raises(BankError) as caught:
        load_bank(path, display_path=FILE)
    (problem,) = caught.value.problems
    assert problem.line == line_of(VALID, "Low-rank adapters.")
    assert problem.message == "byte 0xFF at column 23 is not UTF-8 text; save the file as UTF-8"
    for char in ("\x00", "\x07"):
        text = replace_once(VALID, "Low-rank adapters.", f"Low-rank {char} adapters.")
        (problem,) = problems_of(text)
        assert problem.line == line_of(VALID, "Low-rank adapters.")
        assert problem.message.startswith(f"U+{ord(char):04X} at column 23 is a control character")

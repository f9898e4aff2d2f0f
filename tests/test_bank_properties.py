"""Property-based: whatever text reaches the loader, it either loads or fails with the project's own error."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from guide.bank.validate import BankError, LoadedBank, load_text
from tests.bankfixtures import VALID

FILE = "data/questions.yaml"
LINES = VALID.splitlines(keepends=True)


def outcome(text: str) -> LoadedBank | BankError:
    """The loader's only two answers. Any other exception escapes and fails the test with its traceback."""
    try:
        return load_text(text, FILE)
    except BankError as error:
        assert error.problems, "a BankError must say what is wrong"  # noqa: PT017 - checking the error itself
        for problem in error.problems:
            assert problem.path == FILE
            # YAML, like editors, also breaks lines at \r, NEL and LS, so count lines the way splitlines() does.
            assert 1 <= problem.line <= len(text.splitlines()) + 1, problem
            assert problem.message.strip()
            assert "Traceback" not in problem.message
        return error


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(["peft", "lora-rank", "https://arxiv.org/abs/2106.09685", "true", "<script>", "{{ x }}"]),
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "topic",
                    "lesson",
                    "lessons",
                    "domain",
                    "objectives",
                    "stem",
                    "select",
                    "options",
                    "text",
                    "correct",
                    "explanation",
                    "references",
                    "title",
                    "url",
                    "summary",
                    "topics",
                    "questions",
                    "difficulty",
                    "tags",
                    "extra",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=25,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_any_text_loads_or_fails_cleanly(text: str) -> None:
    outcome(text)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(values)
@example({"questions": [{"id": None, "topic": []}]})  # a list where a topic id goes once raised TypeError
def test_any_yaml_structure_loads_or_fails_cleanly(data: object) -> None:
    outcome(yaml.safe_dump(data, allow_unicode=True))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["delete", "duplicate", "swap", "replace", "indent"]),
            st.integers(0, len(LINES) - 1),
            st.integers(0, len(LINES) - 1),
            scalars,
        ),
        max_size=4,
    )
)
def test_mutated_banks_load_or_fail_cleanly(mutations: list[tuple[str, int, int, object]]) -> None:
    lines = list(LINES)
    for kind, first, second, value in mutations:
        first %= len(lines) or 1
        second %= len(lines) or 1
        if not lines:
            break
        if kind == "delete":
            del lines[first]
        elif kind == "duplicate":
            lines.insert(first, lines[first])
        elif kind == "swap":
            lines[first], lines[second] = lines[second], lines[first]
        elif kind == "indent":
            lines[first] = "  " + lines[first]
        elif ":" in lines[first]:
            key = lines[first].split(":", 1)[0]
            lines[first] = (
                f"{key}: {yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}\n"
            )
    outcome("".join(lines))


def test_unmutated_fixture_loads() -> None:
    assert isinstance(outcome(VALID), LoadedBank)

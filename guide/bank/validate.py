"""Load and validate the bank, collecting every problem with its file, line and question id.

The core promise of the guide lives here: a question is only published when exactly `select` of its options are
marked correct. Nothing raises past `load_bank` except `BankError`, which carries all problems at once.
"""

from __future__ import annotations

import difflib
import gc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from guide.bank.models import (
    OBJECTIVE_PATTERN,
    SLUG_PATTERN,
    Bank,
    Lesson,
    Objective,
    Option,
    Question,
    Reference,
    Topic,
)
from guide.bank.yamlsource import Loc, SourceMap, parse

MIN_OPTIONS = 3
# The members every JavaScript object inherits: an id named like one looks present in any plain object the pages'
# scripts keep (and vanished from links, issue 33), so the bank refuses them. Only `constructor` is a valid slug today;
# the others are listed so a wider id pattern cannot let them in.
OBJECT_MEMBERS = frozenset(
    {
        *("constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString"),
        *("valueOf", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"),
    }
)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing an author must change."""

    path: str
    line: int
    question_id: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}"
        who = f" [question {self.question_id}]" if self.question_id else ""
        return f"{where}{who}: {self.message}"


class BankError(Exception):
    """The bank cannot be published; `problems` says every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        count = len(self.problems)
        header = f"{count} problem{'s' if count != 1 else ''} in the question bank:"
        super().__init__("\n".join([header, *(f"  {problem}" for problem in self.problems)]))


@dataclass(frozen=True)
class LoadedBank:
    """A validated bank, with the topic order and question lines the renderer and tools need."""

    path: Path
    topics: tuple[Topic, ...]
    questions: tuple[Question, ...]
    lines: dict[str, int]
    objectives: tuple[Objective, ...] = ()
    # The line of each Markdown text, by (question id, "stem") or (question id, "options", index, "text" or
    # "explanation"), and (topic id, "summary"): so a problem found in rendered text names its field's line.
    text_lines: dict[tuple[str | int, ...], int] = field(default_factory=dict)

    def texts(self) -> list[tuple[str | None, tuple[str | int, ...], str]]:
        """Every Markdown text of the bank: (question id or None for a topic, field, text)."""
        found: list[tuple[str | None, tuple[str | int, ...], str]] = [
            (None, (topic.id, "summary"), topic.summary) for topic in self.topics
        ]
        for question in self.questions:
            found.append((question.id, (question.id, "stem"), question.stem))
            for index, option in enumerate(question.options):
                found.append((question.id, (question.id, "options", index, "text"), option.text))
                found.append((question.id, (question.id, "options", index, "explanation"), option.explanation))
        return found

    def line_of(self, place: tuple[str | int, ...]) -> int:
        """The line of a text named as in `texts`, or of its question."""
        return self.text_lines.get(place) or self.lines.get(str(place[0]), 1)

    def topic(self, topic_id: str) -> Topic:
        for topic in self.topics:
            if topic.id == topic_id:
                return topic
        known = ", ".join(t.id for t in self.topics)
        raise KeyError(f"unknown topic `{topic_id}`; known topics: {known}")

    def questions_for(self, topic_id: str) -> list[Question]:
        return [q for q in self.questions if q.topic == topic_id]

    def lesson(self, question: Question) -> Lesson:
        """The lesson a question belongs to (validation guarantees there is one)."""
        return next(lesson for lesson in self.topic(question.topic).lessons if lesson.id == question.lesson)

    def questions_in(self, topic_id: str, lesson_id: str) -> list[Question]:
        return [q for q in self.questions if q.topic == topic_id and q.lesson == lesson_id]

    def in_study_order(self, topic_id: str) -> list[Question]:
        """A topic's questions lesson by lesson, as a learner meets them (print views and progress follow it)."""
        return [q for lesson in self.topic(topic_id).lessons for q in self.questions_in(topic_id, lesson.id)]

    def lesson_objectives(self, topic_id: str, lesson_id: str) -> list[Objective]:
        """The objectives a lesson teaches: those its questions name, in the study guide's order."""
        named = {o for q in self.questions_in(topic_id, lesson_id) for o in q.objectives}
        return [o for o in self.objectives if o.id in named]

    def question(self, question_id: str) -> Question:
        for question in self.questions:
            if question.id == question_id:
                return question
        raise KeyError(f"unknown question `{question_id}`")


_FIELDS: dict[type[BaseModel], list[str]] = {
    model: list(model.model_fields) for model in (Bank, Objective, Topic, Lesson, Question, Option, Reference)
}


def load_bank(path: Path, display_path: str | None = None) -> LoadedBank:
    """Read, parse and validate `path`; raise `BankError` listing every problem."""
    shown = display_path or str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BankError([Problem(shown, 1, None, "file not found; create it or fix the configured path")]) from None
    except OSError as error:
        raise BankError([Problem(shown, 1, None, f"cannot be read: {error}")]) from None
    try:
        # As read_text: universal newlines, so line numbers count what an editor shows.
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - data.rfind(b"\n", 0, error.start)
        message = f"byte 0x{data[error.start]:02X} at column {column} is not UTF-8 text; save the file as UTF-8"
        raise BankError([Problem(shown, line, None, message)]) from None
    return load_text(text, shown)


def load_text(text: str, shown: str) -> LoadedBank:
    """Validate bank text; `shown` is the file name used in messages."""
    # Parsing and validating create a million objects and no garbage; the cyclic collector's repeated scans of them
    # were a third of the time at 5,000 questions. It runs again as soon as the bank is loaded.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _load(text, shown)
    finally:
        if collecting:
            gc.enable()


def _load(text: str, shown: str) -> LoadedBank:
    data, source, yaml_problems = parse(text, Path(shown))
    if data is None and yaml_problems:
        raise BankError([Problem(shown, p.line, p.question_id, p.message) for p in yaml_problems])
    checker = _Checker(shown, source, data, [])
    for yaml_problem in yaml_problems:
        checker.add_at(yaml_problem.line, yaml_problem.loc or (), yaml_problem.message)
    bank = checker.run()
    if checker.problems:
        raise BankError(checker.problems)
    assert bank is not None  # run() only returns None after recording a problem
    return bank


class _Checker:
    def __init__(self, shown: str, source: SourceMap, data: Any, problems: list[Problem]) -> None:
        self.shown = shown
        self.source = source
        self.data = data
        self.problems = problems

    def add(self, loc: Loc, message: str) -> None:
        self.problems.append(Problem(self.shown, self.source.line_of(loc), self._question_id(loc), message))

    def add_at(self, line: int, loc: Loc, message: str) -> None:
        self.problems.append(Problem(self.shown, line, self._question_id(loc), message))

    def _question_id(self, loc: Loc) -> str | None:
        if len(loc) >= 2 and loc[0] == "questions" and isinstance(loc[1], int) and isinstance(self.data, dict):
            items = self.data.get("questions")
            if isinstance(items, list) and loc[1] < len(items) and isinstance(items[loc[1]], dict):
                qid = items[loc[1]].get("id")
                return str(qid) if qid is not None else f"#{loc[1] + 1} (no id)"
        return None

    def run(self) -> LoadedBank | None:
        if not isinstance(self.data, dict):
            self.add((), "the file must be a mapping with `topics:` and `questions:`")
            return None
        self._check_fields(Bank, self.data, ())
        objectives = self._items("objectives", Objective)
        topics = self._items("topics", Topic)
        if self.data.get("topics") == []:
            self.add(("topics",), "`topics` is empty; declare at least one topic (`id`, `title`, `summary`)")
        questions = self._items("questions", Question)
        self._check_bank(topics, questions)
        self._check_objectives(objectives, questions)
        if self.problems:
            return None
        lines = {q.id: self.source.line_of(("questions", i)) for i, q in questions}
        text_lines: dict[tuple[str | int, ...], int] = {}
        for i, q in questions:
            text_lines[(q.id, "stem")] = self.source.line_of(("questions", i, "stem"))
            for j in range(len(q.options)):
                for name in ("text", "explanation"):
                    text_lines[(q.id, "options", j, name)] = self.source.line_of(("questions", i, "options", j, name))
        for i, t in topics:
            text_lines[(t.id, "summary")] = self.source.line_of(("topics", i, "summary"))
        return LoadedBank(
            path=Path(self.shown),
            topics=tuple(t for _, t in topics),
            questions=tuple(q for _, q in questions),
            lines=lines,
            objectives=tuple(o for _, o in objectives),
            text_lines=text_lines,
        )

    def _check_fields(self, model: type[BaseModel], value: dict[str, Any], loc: Loc) -> None:
        for name in model.model_fields:
            if model.model_fields[name].is_required() and name not in value:
                self.add(loc, f"missing required field `{name}`; add it")
        for name in value:
            if name not in model.model_fields:
                self.add((*loc, str(name)), _explain({"type": "extra_forbidden"}, (*loc, str(name))))

    def _items(self, key: str, model: type[Objective] | type[Topic] | type[Question]) -> list[tuple[int, Any]]:
        items = self.data.get(key)
        if items is None:
            return []
        if not isinstance(items, list):
            self.add((key,), f"`{key}` must be a list (each item starting with `- `)")
            return []
        adapter: TypeAdapter[Any] = TypeAdapter(model)
        valid = []
        for index, item in enumerate(items):
            try:
                valid.append((index, adapter.validate_python(item)))
            except ValidationError as error:
                for detail in error.errors():
                    loc = (key, index, *detail["loc"])
                    self.add(loc, _explain(detail, loc))
        return valid

    def _check_bank(self, topics: list[tuple[int, Topic]], questions: list[tuple[int, Question]]) -> None:
        topic_ids = {t.id for _, t in topics}
        first_topic: dict[str, int] = {}
        for index, topic in topics:
            here: Loc = ("topics", index, "id")
            self._not_a_member(here, "topic", topic.id)
            line = first_topic.setdefault(topic.id, self.source.line_of(here))
            if line != self.source.line_of(here):
                self.add(here, f"duplicate topic id `{topic.id}` (first on line {line}); topic ids must be unique")
            first_lesson: dict[str, int] = {}
            for position, lesson in enumerate(topic.lessons):
                at = ("topics", index, "lessons", position, "id")
                self._not_a_member(at, "lesson", lesson.id)
                seen = first_lesson.setdefault(lesson.id, self.source.line_of(at))
                if seen != self.source.line_of(at):
                    self.add(at, f"duplicate lesson id `{lesson.id}` in topic `{topic.id}` (first on line {seen})")
        lessons = {t.id: [lesson.id for lesson in t.lessons] for _, t in topics}
        raw_topics = self.data.get("topics")
        named = (
            {item.get("id") for item in raw_topics if isinstance(item, dict)} if isinstance(raw_topics, list) else set()
        )
        invalid_topics = {name for name in named if isinstance(name, str)} - topic_ids
        first_question: dict[str, int] = {}
        for index, question in questions:
            here = ("questions", index)
            self._not_a_member((*here, "id"), "question", question.id)
            line = first_question.setdefault(question.id, self.source.line_of((*here, "id")))
            if line != self.source.line_of((*here, "id")):
                self.add(
                    (*here, "id"),
                    f"duplicate question id `{question.id}` (first on line {line}); "
                    "ids are permalinks and storage keys, so give this question a new one",
                )
            if question.topic in invalid_topics:
                pass  # the topic's own error is reported; its questions' topic and lesson cannot be checked
            elif question.topic not in topic_ids:
                known = ", ".join(sorted(topic_ids)) or "none"
                self.add((*here, "topic"), f"unknown topic `{question.topic}`; use one of: {known}")
            elif question.lesson not in lessons[question.topic]:
                self.add(
                    (*here, "lesson"),
                    f"unknown lesson `{question.lesson}` in topic `{question.topic}`; "
                    f"use one of: {', '.join(lessons[question.topic])}, or declare it under the topic's `lessons:`",
                )
            self._check_question(question, here)
        # Count topics from the raw items too, so a topic whose only question has an error is not also "empty".
        raw = self.data.get("questions")
        items = raw if isinstance(raw, list) else []
        # Only text can name a topic; anything else there is already reported on its question.
        used = {item["topic"] for item in items if isinstance(item, dict) and isinstance(item.get("topic"), str)}
        used_lessons = {
            (item["topic"], item["lesson"])
            for item in items
            if isinstance(item, dict) and isinstance(item.get("topic"), str) and isinstance(item.get("lesson"), str)
        }
        for index, topic in topics:
            if topic.id not in used:
                self.add(("topics", index, "id"), f"topic `{topic.id}` has no questions; add some or remove the topic")
                continue
            for position, lesson in enumerate(topic.lessons):
                if (topic.id, lesson.id) not in used_lessons:
                    self.add(
                        ("topics", index, "lessons", position, "id"),
                        f"lesson `{lesson.id}` of topic `{topic.id}` has no questions; "
                        "give some questions `lesson: " + lesson.id + "` or remove the lesson",
                    )

    def _not_a_member(self, loc: Loc, kind: str, name: str) -> None:
        if name in OBJECT_MEMBERS:
            self.add(
                loc,
                f"`{name}` cannot be a {kind} id: every JavaScript object has a member of that name, so the pages' "
                "scripts could take it for one they already know; choose another id",
            )

    def _check_objectives(self, objectives: list[tuple[int, Objective]], questions: list[tuple[int, Question]]) -> None:
        declared: dict[str, Objective] = {}
        for index, objective in objectives:
            if objective.id in declared:
                self.add(("objectives", index, "id"), f"objective `{objective.id}` is declared twice; keep one")
            declared.setdefault(objective.id, objective)
        raw = self.data.get("objectives")
        if not declared and raw not in (None, []):
            return  # each declaration's own error is reported; questions cannot be checked against them
        known = ", ".join(declared) or "none declared"
        for index, question in questions:
            here = ("questions", index, "objectives")
            seen: set[str] = set()
            for position, name in enumerate(question.objectives):
                if name in seen:
                    self.add((*here, position), f"objective `{name}` is named twice; name it once")
                seen.add(name)
                if name not in declared:
                    major = name.split(".")[0] + "."
                    same = [o for o in declared if o.startswith(major)]
                    hint = f"that domain's are {', '.join(same)}" if same else f"use one of: {known}"
                    self.add(
                        (*here, position),
                        f"unknown objective `{name}`; {hint} (the study guide's numbers, declared under `objectives:`)",
                    )
            domains = {declared[name].domain for name in question.objectives if name in declared}
            if domains and question.domain not in domains:
                names = ", ".join(f"`{d}`" for d in sorted(domains))
                self.add(
                    ("questions", index, "domain"),
                    f"`domain: {question.domain}` is not the domain of any objective it names ({names}); "
                    "set `domain` to one of those, or name an objective of its domain",
                )

    def _check_question(self, question: Question, here: Loc) -> None:
        count = len(question.options)
        marked = len(question.key)
        if marked != question.select:
            listed = ", ".join(chr(65 + i) for i in question.key) or "none"
            self.add(
                (*here, "select"),
                f"`select: {question.select}` but {marked} option{'s are' if marked != 1 else ' is'} marked "
                f"`correct: true` (options {listed}); mark exactly {question.select} correct or change `select`",
            )
        if question.select >= count:
            self.add(
                (*here, "select"),
                f"`select: {question.select}` must be smaller than the number of options ({count}); "
                "a question where every option is correct tests nothing",
            )
        seen: dict[str, int] = {}
        for index, option in enumerate(question.options):
            normal = " ".join(option.text.split()).casefold()
            if normal in seen:
                self.add(
                    (*here, "options", index, "text"),
                    f"option {chr(65 + index)} has the same text as option {chr(65 + seen[normal])}; "
                    "make each option distinct",
                )
            seen.setdefault(normal, index)


def _explain(detail: Any, loc: Loc) -> str:
    """Turn a pydantic error into a sentence that says what to change."""
    kind = detail["type"]
    field = str(loc[-1]) if loc else "value"
    value = detail.get("input")
    if kind == "missing":
        return f"missing required field `{field}`; add it"
    if kind == "extra_forbidden":
        parent = _model_at(loc[:-1])
        allowed = _FIELDS.get(parent, []) if parent else []
        close = difflib.get_close_matches(field, allowed, n=1)
        hint = f"did you mean `{close[0]}`?" if close else f"allowed fields: {', '.join(allowed)}"
        return f"unknown field `{field}`; {hint}"
    if kind == "string_pattern_mismatch":
        if detail["ctx"].get("pattern") == OBJECTIVE_PATTERN:
            return f'`{field}` must be an objective number such as "4.4" (quoted), got {value!r}'
        if detail["ctx"].get("pattern") == SLUG_PATTERN:
            return (
                f"`{field}` must be a slug (lowercase letters, digits and single hyphens, e.g. `peft-lora-rank`), "
                f"got {value!r}"
            )
        return f"`{field}` must be an http(s) URL, got {value!r}"
    if kind in {"string_too_short"}:
        return f"`{field}` must not be empty; write the text"
    if kind == "too_short":
        minimum = detail["ctx"].get("min_length")
        noun = {
            "options": "options",
            "references": "references",
            "topics": "topics",
            "lessons": "lessons",
            "objectives": "objectives",
        }.get(field, "items")
        extra = {
            "references": " (a primary source: paper or official documentation)",
            "objectives": ' (the study guide\'s numbers, such as `objectives: ["4.4"]`)',
        }.get(field, "")
        return f"`{field}` needs at least {minimum} {noun}{extra}, got {len(value) if value else 0}"
    if kind == "literal_error":
        return f"`{field}` must be one of {detail['ctx']['expected']}, got {value!r}"
    if kind == "bool_type":
        return f"`{field}` must be `true` or `false`, got {value!r}"
    if kind in {"int_type", "int_parsing"}:
        return f"`{field}` must be a whole number, got {value!r}"
    if kind == "greater_than_equal":
        return f"`{field}` must be at least {detail['ctx']['ge']}, got {value!r}"
    if kind == "string_type":
        return f"`{field}` must be text, got {type(value).__name__} {value!r}; quote it if YAML read it as another type"
    if kind == "list_type":
        return f"`{field}` must be a list (items starting with `- `), got {type(value).__name__}"
    if kind in {"model_type", "dict_type", "model_attributes_type"}:
        return f"`{field}` must be a mapping of fields (`name: value`), got {type(value).__name__}"
    return f"`{field}`: {detail['msg']}"


def _model_at(loc: Loc) -> type[BaseModel] | None:
    """Which model describes the mapping at `loc` (used to suggest the nearest valid field name)."""
    shape = tuple("*" if isinstance(part, int) else part for part in loc)
    models: dict[tuple[str | int, ...], type[BaseModel]] = {
        (): Bank,
        ("objectives", "*"): Objective,
        ("topics", "*"): Topic,
        ("topics", "*", "lessons", "*"): Lesson,
        ("questions", "*"): Question,
        ("questions", "*", "options", "*"): Option,
        ("questions", "*", "references", "*"): Reference,
    }
    return models.get(shape)

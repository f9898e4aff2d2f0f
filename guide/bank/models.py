"""The question bank's schema, declared once.

These models are the single definition of what an author may write in `data/questions.yaml`. The loader validates
against them, and `python -m guide.bank.schema` exports them as the JSON Schema editors use while an author types.
Cross-field rules (how many options are correct, unknown topics, duplicates) live in `guide.bank.validate`, because they
need the whole bank and must point at a precise line.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
URL_PATTERN = r"^https?://\S+$"

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]

# The topic areas of NVIDIA's study guide for the NCP-GENL exam (r1, September 2025), as slugs. A question names the
# one it trains, so the practice exam can draw in the exam's proportions. Weights in percent, from that guide.
DOMAINS: dict[str, tuple[str, int]] = {
    "llm-architecture": ("LLM Architecture", 6),
    "prompt-engineering": ("Prompt Engineering", 13),
    "data-preparation": ("Data Preparation", 9),
    "model-optimization": ("Model Optimization", 17),
    "fine-tuning": ("Fine-Tuning", 13),
    "evaluation": ("Evaluation", 7),
    "gpu-acceleration": ("GPU Acceleration and Optimization", 14),
    "model-deployment": ("Model Deployment", 9),
    "production-monitoring": ("Production Monitoring and Reliability", 7),
    "safety-ethics": ("Safety, Ethics, and Compliance", 5),
}
Domain = Literal[
    "llm-architecture",
    "prompt-engineering",
    "data-preparation",
    "model-optimization",
    "fine-tuning",
    "evaluation",
    "gpu-acceleration",
    "model-deployment",
    "production-monitoring",
    "safety-ethics",
]
NonEmptyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
# An official objective of the study guide, numbered within its domain: "1.1" to "10.5".
OBJECTIVE_PATTERN = r"^(?:[1-9]|10)\.[1-9]$"
ObjectiveId = Annotated[str, StringConstraints(pattern=OBJECTIVE_PATTERN)]


class _Strict(BaseModel):
    # `extra="forbid"` turns a misspelled field into an error instead of a silently ignored key.
    # `strict=True` keeps YAML's loose typing honest: `correct: "yes"` is not quietly coerced to True.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Objective(_Strict):
    """One numbered objective of NVIDIA's study guide, in its official wording."""

    id: ObjectiveId = Field(description='The study guide\'s number, such as "4.4"; questions name it in `objectives:`.')
    domain: Domain = Field(description="The domain the study guide lists it under.")
    text: NonEmptyText = Field(description="The official wording, verbatim.")


class Lesson(_Strict):
    """A part of a topic a learner finishes in one sitting: 6 to 12 questions on one concept."""

    id: Slug = Field(description="Stable slug, unique within its topic; questions name it in `lesson:`.")
    title: NonEmptyText


class Topic(_Strict):
    """A topic page of the guide."""

    id: Slug = Field(description="Stable slug; the page lives at topics/<id>/.")
    title: NonEmptyText
    summary: NonEmptyText = Field(description="One or two sentences shown on the home page.")
    lessons: Annotated[list[Lesson], Field(min_length=1)] = Field(
        description="The topic's lessons in study order; every question of the topic names one in `lesson:`."
    )


class Option(_Strict):
    """One answer option; every option explains itself, right or wrong."""

    text: NonEmptyText = Field(description="Markdown, one line.")
    correct: bool
    explanation: NonEmptyText = Field(description="Markdown: why this option is right or wrong.")


class Reference(_Strict):
    """A primary source: a paper or official documentation."""

    title: NonEmptyText
    url: Annotated[str, StringConstraints(pattern=URL_PATTERN)]


class Question(_Strict):
    """One question. Its `id` is the permalink (#q-<id>) and the browser storage key: never reuse one."""

    id: Slug
    topic: Slug
    lesson: Slug = Field(description="The id of one of its topic's `lessons`.")
    domain: Domain = Field(description="The exam study guide's topic area this question trains.")
    objectives: Annotated[list[str], Field(min_length=1)] = Field(
        description='The official objectives it trains, main one first, such as ["4.4"]; each declared under '
        "the bank's `objectives:`, and the question's `domain` is the domain of one of them."
    )
    title: NonEmptyText | None = Field(
        default=None,
        max_length=80,
        description="A short name for the table of contents and search; derived from the stem when absent.",
    )
    stem: NonEmptyText = Field(description="Markdown. Do not write 'Choose N.': the site derives it from `select`.")
    select: Annotated[int, Field(ge=1, description="How many options are correct; 1 means single answer.")]
    options: Annotated[list[Option], Field(min_length=3)]
    references: Annotated[list[Reference], Field(min_length=1)]
    difficulty: Literal["easy", "medium", "hard"] | None = None
    tags: list[Slug] = Field(default_factory=list)

    @property
    def key(self) -> list[int]:
        """Indexes of the correct options, in order."""
        return [i for i, option in enumerate(self.options) if option.correct]


class Bank(_Strict):
    """The whole file: the official objectives, topics, then questions."""

    objectives: Annotated[list[Objective], Field(min_length=1)] = Field(
        description="The study guide's numbered objectives; every question names one or more."
    )
    topics: Annotated[list[Topic], Field(min_length=1)]
    questions: list[Question]

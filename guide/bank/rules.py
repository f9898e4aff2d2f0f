"""The authoring rules beyond the schema: what a question must be to publish, each broken rule a problem with file,
line, question id and what to change.

The schema and `validate` decide whether the bank can be read at all (the build refuses it otherwise); these rules
decide whether a readable question is fit to publish, and `python -m guide check` (so `scripts/check` and
`scripts/test`) applies both. The content tests assert that the real bank passes them, so there is one rule set,
written here once. Rules that need the whole bank to judge (surface cues, where keys sit, near-identical stems) stay
statistical tests in tests/test_content.py.
"""

from __future__ import annotations

import re
from urllib.parse import urlparse

from guide.bank.validate import LoadedBank, Problem

TITLE_LIMIT = 60
OPTIONS = range(4, 6)  # exam questions have four or five options
# Papers and official documentation. A question must cite at least one of these, whatever else it cites.
PRIMARY_SOURCES = re.compile(
    r"^https?://("
    r"arxiv\.org/abs/\d{4}\.\d{4,5}|aclanthology\.org/|proceedings\.(neurips|mlr)\.|openreview\.net/|"
    r"docs\.nvidia\.com/|nvidia\.github\.io/|developer\.nvidia\.com/|"
    r"huggingface\.co/docs/|(docs\.)?pytorch\.org/docs/|scikit-learn\.org/|(www\.)?deepspeed\.ai/|"
    r"deepspeed\.readthedocs\.io/|infolab\.stanford\.edu/|"
    r"github\.com/(NVIDIA|NVIDIA-NeMo|huggingface|EleutherAI|artidoro|tatsu-lab|microsoft|google-research)/"
    r")"
)
EXAM_PREP_SITES = ("examtopics", "whizlabs", "udemy", "certlibrary", "dumps", "pass4sure", "skillcertpro", "itexams")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_CHOOSE = re.compile(r"\bchoose\s+(one|two|three|four|five|\d)\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"\b(?:choose|select|pick|which)\s+(one|two|three|four|five|\d)\b", re.IGNORECASE)


def problems(bank: LoadedBank) -> list[Problem]:
    """Every broken authoring rule of the bank, each at its question's line."""
    found: list[Problem] = []
    shown = str(bank.path)
    for question in bank.questions:
        line = bank.lines.get(question.id, 1)

        def add(message: str, line: int = line, qid: str = question.id) -> None:
            found.append(Problem(shown, line, qid, message))

        if not question.title:
            add(f"give it a `title:` of at most {TITLE_LIMIT} characters that names it without giving the answer")
        elif len(question.title) > TITLE_LIMIT or question.title.endswith("."):
            period = " and ends with a period" if question.title.endswith(".") else ""
            add(f"`title` is {len(question.title)} characters{period}; make it {TITLE_LIMIT} or fewer, no final period")
        if question.difficulty is None:
            add("add `difficulty:` (easy, medium or hard)")
        if len(question.options) not in OPTIONS:
            add(f"it has {len(question.options)} options; exam questions have 4 or 5: add or remove options")
        if _CHOOSE.search(question.stem):
            add("the stem says how many to choose; remove it: the site adds 'Choose N.' from `select`")
        else:
            for match in _HOW_MANY.finditer(question.stem):
                said = match.group(1).lower()
                number = int(said) if said.isdigit() else NUMBER_WORDS[said]
                if number != question.select:
                    add(f"the stem says {match.group(0)!r} but `select` is {question.select}; make them agree")
        urls = [reference.url for reference in question.references]
        if not any(PRIMARY_SOURCES.match(url) for url in urls):
            add(
                "cite at least one primary source (a paper on arXiv, ACL, NeurIPS, PMLR or OpenReview, or official "
                "documentation: docs.nvidia.com, huggingface.co/docs, pytorch.org/docs, ...)"
            )
        for url in urls:
            host = urlparse(url).netloc.lower()
            if any(site in host for site in EXAM_PREP_SITES):
                add(f"{url} is an exam-prep site; cite the primary source instead")
    return found

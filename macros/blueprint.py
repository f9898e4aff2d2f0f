"""NVIDIA's blueprint for the exam, set against the bank: the "About the exam" page's tables.

The domains and their weights are `models.DOMAINS`; the 45 objectives are declared in the bank itself. What only the
study guide says, and the bank has no place for, is here: the courses NVIDIA recommends for each domain.
"""

from __future__ import annotations

import posixpath
from collections import Counter

from macros.models import DOMAINS
from macros.validate import LoadedBank

# NVIDIA's recommended Deep Learning Institute courses per domain, as the study guide (r1, SEP25, pages 2-11) lists
# them. Titles only: the guide names no addresses, and course pages move.
COURSES: dict[str, tuple[str, ...]] = {
    "llm-architecture": ("Rapid Application Development With LLMs", "Building Transformer-Based NLP Applications"),
    "prompt-engineering": ("Building LLM Applications With Prompt Engineering", "Building RAG Agents With LLMs"),
    "data-preparation": ("Adding New Knowledge to LLMs", "Building Transformer-Based NLP Applications"),
    "model-optimization": (
        "Building Transformer-Based NLP Applications",
        "Adding New Knowledge to LLMs",
        "Deploying RAG Pipelines for Production at Scale",
        "Model Parallelism: Building and Deploying Large Neural Networks",
    ),
    "fine-tuning": ("Adding New Knowledge to LLMs",),
    "evaluation": ("Deploying RAG Pipelines for Production at Scale",),
    "gpu-acceleration": (
        "Optimizing CUDA Machine Learning Codes With NVIDIA Nsight Profiling Tools",
        "Model Parallelism: Building and Deploying Large Neural Networks",
    ),
    "model-deployment": ("Deploying RAG Pipelines for Production at Scale", "Building RAG Agents With LLMs"),
    "production-monitoring": ("Deploying RAG Pipelines for Production at Scale",),
    "safety-ethics": (
        "Building RAG Agents With LLMs",
        "Building LLM Applications With Prompt Engineering",
        "Deploying RAG Pipelines for Production at Scale",
    ),
}
LESSON_PAGE = "topics/{topic}/{lesson}.md"
PRACTICE_PAGE = "practice.md"
MOST_LESSONS = 4  # an objective's row names its few main lessons, not every lesson that touches it


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def domain_table(bank: LoadedBank) -> str:
    """The ten domains: weight, the bank's questions, and the bank's share against the weight."""
    counts = Counter(q.domain for q in bank.questions)
    total = len(bank.questions)
    rows = [
        "| # | Domain | Exam weight | Questions here | Share here |",
        "| ---: | --- | ---: | ---: | ---: |",
    ]
    for number, (domain, (title, weight)) in enumerate(DOMAINS.items(), start=1):
        share = 100 * counts[domain] / total if total else 0
        rows.append(f"| {number} | [{_cell(title)}](#domain-{domain}) | {weight}% | {counts[domain]} | {share:.0f}% |")
    rows.append(f"| | **All domains** | **100%** | **{total}** | |")
    return "\n".join(rows)


def objectives(bank: LoadedBank, page_src_uri: str) -> str:
    """Per domain: its objectives in the official wording, the lessons that teach each, the questions that train it,
    and a practice exam drawn from it; then NVIDIA's recommended courses."""
    here = posixpath.dirname(page_src_uri) or "."
    practice = posixpath.relpath(PRACTICE_PAGE, here)
    titles = {(t.id, lesson.id): lesson.title for t in bank.topics for lesson in t.lessons}
    blocks: list[str] = []
    for number, (domain, (title, weight)) in enumerate(DOMAINS.items(), start=1):
        mine = [o for o in bank.objectives if o.domain == domain]
        in_domain = sum(1 for q in bank.questions if q.domain == domain)
        ids = ",".join(o.id for o in mine)
        blocks.append(f"### {number}. {_cell(title)} ({weight}%) {{ #domain-{domain} }}\n")
        blocks.append(
            f"{in_domain} questions here. [Practise this domain]({practice}?objectives={ids}){{ data-practice-domain="
            f'"{domain}" }}\n'
        )
        rows = ["| Objective | Taught in | Questions | Practice |", "| --- | --- | ---: | --- |"]
        for objective in mine:
            training = [q for q in bank.questions if objective.id in q.objectives]
            lessons = Counter((q.topic, q.lesson) for q in training)
            ranked = sorted(lessons.items(), key=lambda item: (-item[1], titles[item[0]]))
            links = [
                f"[{_cell(titles[key])}]({posixpath.relpath(LESSON_PAGE.format(topic=key[0], lesson=key[1]), here)})"
                for key, _ in ranked[:MOST_LESSONS]
            ]
            more = len(ranked) - MOST_LESSONS
            taught = ", ".join(links) + (f" and {more} more" if more > 0 else "")
            rows.append(
                f"| **{objective.id}** {_cell(objective.text)} {{ #objective-{objective.id.replace('.', '-')} }} "
                f"| {taught or 'none yet'} | {len(training)} "
                f"| [Practise]({practice}?objectives={objective.id}) |"
            )
        blocks.append("\n".join(rows) + "\n")
        courses = COURSES.get(domain, ())
        if courses:
            blocks.append("NVIDIA's recommended courses: " + "; ".join(f"*{_cell(c)}*" for c in courses) + ".\n")
    return "\n".join(blocks)

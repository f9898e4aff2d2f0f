"""Moodle GIFT: one question per block, HTML text from the site's renderer, every option with its feedback.

GIFT gives `~ = # { } :` a meaning, and backslash escapes them, so every text is escaped (backslashes first). A blank
line ends a question, so line breaks inside a text are written as GIFT's `\\n`.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup, escape

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from guide.render.renderer import Renderer

_SPECIAL = "~=#{}:"
# Moodle accepts only some percentages; these are the ones an equal share of 100% needs for 1-6 correct options.
_SHARES = {1: "100", 2: "50", 3: "33.33333", 4: "25", 5: "20", 6: "16.66667"}


def escape_text(text: str) -> str:
    """Escape a text for use inside GIFT: backslash, then each special character, then line breaks."""
    out = text.replace("\\", "\\\\")
    for char in _SPECIAL:
        out = out.replace(char, "\\" + char)
    return out.replace("\r\n", "\n").replace("\n", "\\n")


def _html(markup: Markup | str) -> str:
    return "[html]" + escape_text(str(markup).strip())


def question_block(question: Question, renderer: Renderer, category: str, lesson: str | None = None) -> str:
    # The category line is a path read to the end of the line, not GIFT text: no escaping, but "/" would nest, so
    # "/" inside a title becomes "-" and only the topic/lesson boundary nests.
    path = "/".join(part.replace("/", "-") for part in (category, lesson) if part)
    # GIFT has no metadata field: the study guide's objectives go in a comment, which importers skip.
    lines = [
        f"// {question.id}",
        f"// NCP-GENL objectives: {', '.join(question.objectives)}",
        f"$CATEGORY: $course$/LLM fine-tuning guide/{path}",
        "",
    ]
    title = question.title or question.id
    lines.append(f"::{escape_text(title)}::{_html(renderer.markdown(question.stem))}{{")
    for option in question.options:
        if question.select == 1:
            mark = "=" if option.correct else "~"
        else:
            mark = f"~%{_SHARES[question.select]}%" if option.correct else "~%-100%"
        feedback = _html(renderer.markdown(option.explanation))
        lines.append(f"\t{mark}{_html(renderer.inline(option.text))}#{feedback}")
    sources = "; ".join(f'<a href="{escape(ref.url)}">{escape(ref.title)}</a>' for ref in question.references)
    lines.append(f"\t####{_html('<p>Sources: ' + sources + '</p>')}")
    lines.append("}")
    return "\n".join(lines)


def render(bank: LoadedBank, renderer: Renderer) -> str:
    titles = {topic.id: topic.title for topic in bank.topics}
    header = (
        "// LLM Fine-Tuning Study Guide: the whole question bank in Moodle GIFT format.\n"
        "// Independent study material; not affiliated with, endorsed by or sponsored by NVIDIA.\n"
    )
    blocks = [question_block(q, renderer, titles[q.topic], bank.lesson(q).title) for q in bank.questions]
    return header + "\n\n" + "\n\n".join(blocks) + "\n"


def write(bank: LoadedBank, renderer: Renderer, path: Path) -> None:
    path.write_text(render(bank, renderer), encoding="utf-8")

"""Where a page's quizzes sit and what the table of contents lists for their questions.

The questions reach a page as finished HTML (a raw block Markdown does not read), so the toc extension never sees
their headings. An engine adapter that has a table of contents to extend (MkDocs: `macros/hooks.py`) lists each
question by title under the heading the quiz sits below.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from guide.bank.models import Question
from guide.render.titles import question_title

# The quiz block's opening tag, as guide/render/templates/quiz.html.j2 writes it.
_QUIZ = re.compile(r'<div class="quiz" data-quiz data-quiz-topic="([^"]+)" data-quiz-lesson="([^"]+)"')


def question_links(questions: Iterable[Question]) -> list[tuple[str, str]]:
    """(anchor id, TOC text) per question, numbered as on the page."""
    return [(f"q-{q.id}", f"{n}. {question_title(q)}") for n, q in enumerate(questions, start=1)]


def quiz_positions(html: str) -> list[tuple[int, str, str]]:
    """(offset, topic id, lesson id) of every lesson's quiz in a page's HTML."""
    return [(m.start(), m[1], m[2]) for m in _QUIZ.finditer(html)]

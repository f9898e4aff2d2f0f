"""A lesson page's first screen: how many questions it holds, roughly how long they and the notes take, and a link
straight to the questions.

A phone learner otherwise meets several screens of notes with no sign of the quiz below them. The line goes under the
page's title, before the notes, and carries the id `lesson-notes` so that a question's "Notes" link (the score bar)
can bring the learner back to the start of the notes.
"""

from __future__ import annotations

import math
import re
from html import unescape

# Reading speed for the notes and the time a question takes with its explanations: round figures, said as "about".
WORDS_PER_MINUTE = 230
MINUTES_PER_QUESTION = 1.5

_H1_END = re.compile(r"</h1>")
_QUESTIONS = re.compile(r'<h2 id="questions"')
_TAG = re.compile(r"<[^>]+>")
_SKIP = re.compile(r"<(svg|figure|script|style)\b.*?</\1>", re.S)


def minutes(count: int, per: float) -> int:
    """Whole minutes, at least one."""
    return max(1, math.ceil(count * per))


def note_words(html: str) -> int:
    """Words a reader reads in `html` (figures and code listings' markup left out)."""
    return len(unescape(_TAG.sub(" ", _SKIP.sub(" ", html))).split())


def lesson_lead(html: str, questions: int) -> str:
    """`html` with the lead line inserted after its first `<h1>`; unchanged when it has no title or no Questions
    heading (the line would point nowhere)."""
    title = _H1_END.search(html)
    heading = _QUESTIONS.search(html)
    if title is None or heading is None or heading.start() < title.end() or questions < 1:
        return html
    read = minutes(note_words(html[title.end() : heading.start()]), 1 / WORDS_PER_MINUTE)
    answer = minutes(questions, MINUTES_PER_QUESTION)
    noun = "question" if questions == 1 else "questions"
    line = (
        f'<p class="lesson-lead" id="lesson-notes" data-lesson-lead data-lesson-questions="{questions}" '
        f"data-search-exclude>"
        f'<a class="md-button md-button--primary" href="#questions" data-lesson-to-questions>'
        f"Go to the {questions} {noun}</a> "
        f"<span>About {answer} min of questions, after about {read} min of notes below.</span></p>"
    )
    return html[: title.end()] + line + html[title.end() :]

"""What one MkDocs build knows about the quiz: the bank, the renderer, and which topics were placed on pages.

Kept apart from `define_env` so the build-time rules (each topic rendered exactly once) can be tested without MkDocs.
"""

from __future__ import annotations

import logging
import os
import posixpath
import re
from collections import Counter
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from macros import doclinks, exports
from macros.background import Job
from macros.bankscript import write_bank_script
from macros.render import Renderer
from macros.titles import question_title
from macros.toc import add_questions, question_links
from macros.validate import BankError, LoadedBank, load_bank

# Logged under `mkdocs.plugins` so that `mkdocs build --strict` counts these warnings as failures.
log = logging.getLogger("mkdocs.plugins.quiz")

DEFAULT_BANK = "data/questions.yaml"
# A topic is a section: an overview page, then one page per lesson. Questions are interactive on their lesson's page.
TOPIC_PAGE = "topics/{id}/index.md"
LESSON_PAGE = "topics/{topic}/{lesson}.md"
# The permanent link of every question: `q/#<id>` finds its lesson wherever the question moves.
PERMALINK_PAGE = "q.md"
_ID = re.compile(r'\sid="([^"]+)"')


class QuizSite:
    """The quiz for one build. Pages get a placeholder comment from `quiz()`; `substitute()` swaps in the HTML after
    MkDocs has converted the page, so Python-Markdown never re-parses thousands of lines of finished HTML."""

    def __init__(self, bank: LoadedBank, renderer: Renderer) -> None:
        self.bank = bank
        self.renderer = renderer
        self.blocks: dict[str, str] = {}
        self.links: dict[str, list[tuple[str, str]]] = {}
        self.placed: Counter[str] = Counter()
        # "topic/lesson" -> the URL of the page that holds its questions; "topic" -> the topic's overview page
        self.page_urls: dict[str, str] = {}
        self.generated: Job | None = None  # the exports and questions script, being written beside the build
        self.directory_urls = True
        self.site_url = ""

    @classmethod
    def from_config(cls, config: Any, bank_setting: str | None = None) -> QuizSite:
        root = Path(config.config_file_path).parent
        relative = bank_setting or DEFAULT_BANK
        try:
            bank = load_bank(root / relative, display_path=relative)
        except BankError as error:
            # A PluginError ends `mkdocs build` with this message and no traceback.
            raise PluginError(str(error)) from None
        site = cls(bank, Renderer(config.markdown_extensions, config.mdx_configs))
        site.directory_urls = bool(config.use_directory_urls)
        # The offline copy is built without a site_url (no canonical links to a host), but it still knows the
        # published address when the build was given one: a link copied from disk should work for others.
        site.site_url = config.site_url or os.environ.get("SITE_URL", "")
        return site

    def quiz(self, topic_id: str, lesson_id: str | None = None, page_url: str | None = None) -> str:
        """A placeholder for one lesson's questions, with the page score; `page_url` is the calling page's."""
        call = f"quiz({topic_id!r}, {lesson_id!r})"
        try:
            topic = self.bank.topic(topic_id)
        except KeyError as error:
            raise PluginError(f"{call}: {error.args[0]}") from None
        known = [lesson.id for lesson in topic.lessons]
        if lesson_id not in known:
            raise PluginError(
                f"{call}: topic `{topic_id}` has no lesson {lesson_id!r}; name one of: {', '.join(known)} "
                f"(a lesson page calls quiz('{topic_id}', '<lesson id>'))"
            )
        token = placeholder(topic_id, lesson_id)
        if page_url is not None:
            self.page_urls[f"{topic_id}/{lesson_id}"] = page_url
        self.blocks[token] = self.renderer.lesson(self.bank, topic_id, lesson_id, self.permalinks(page_url))
        self.links[token] = question_links(self.bank.questions_in(topic_id, lesson_id))
        # A comment on its own lines is a raw HTML block that Python-Markdown passes through unchanged.
        return f"\n\n{token}\n\n"

    def permalinks(self, page_url: str | None) -> dict[str, str]:
        """Where the permanent-link page is, seen from `page_url` (relative, so it works from disk too), and its
        published address when the build knows the site's (so a link copied in the offline copy works for others)."""
        here = posixpath.dirname(page_url or "") or "."

        def local(page: str) -> str:
            target = f"{page}/" if self.directory_urls else f"{page}.html"
            return posixpath.relpath(target, here) + ("/" if target.endswith("/") else "")

        # The published site always has folder URLs, whichever build this is (the offline copy has file URLs).
        published = self.site_url.rstrip("/") + "/q/" if self.site_url else ""
        # `exam`: the About the exam page, where a lesson's objectives link to their official wording.
        return {"local": local("q"), "published": published, "exam": local("exam")}

    def lessons(self, topic_id: str, page_src_uri: str, page_url: str | None = None) -> str:
        """A topic overview's list of lessons, as Markdown: each lesson's title (linked), size and the learner's
        progress (filled in by progress.js), and its questions by title, whose links also let an old
        `topics/<id>/#q-<question>` address find the lesson the question now lives in (links.js)."""
        try:
            topic = self.bank.topic(topic_id)
        except KeyError as error:
            raise PluginError(f"lessons({topic_id!r}): {error.args[0]}") from None
        if page_url is not None:
            self.page_urls[topic_id] = page_url
        here = posixpath.dirname(page_src_uri) or "."
        count = len(topic.lessons)
        # The count lives here, not in each overview's text, so a new lesson cannot leave it stale.
        lessons = f"{count} lesson{'s' if count != 1 else ''}"
        lead = f"The questions of this topic come in {lessons}, each short enough for one sitting."
        blocks = [lead + "\n", '<div class="guide-lessons" markdown data-lessons="' + topic.id + '">\n']
        for number, lesson in enumerate(topic.lessons, start=1):
            questions = self.bank.questions_in(topic.id, lesson.id)
            link = posixpath.relpath(LESSON_PAGE.format(topic=topic.id, lesson=lesson.id), here)
            count = len(questions)
            blocks.append(
                f'<section class="guide-lesson" markdown data-lesson="{topic.id}/{lesson.id}">\n\n'
                f"### Lesson {number}: [{_md_text(lesson.title)}]({link}) {{ #lesson-{lesson.id} }}\n\n"
                f'<p class="guide-lesson__meta">{count} question{"s" if count != 1 else ""}'
                f'<span data-lesson-progress="{topic.id}/{lesson.id}" data-search-exclude></span></p>\n\n'
                f'<details class="guide-lesson__questions" markdown data-search-exclude>\n'
                f"<summary>Its questions</summary>\n\n"
                + "\n".join(
                    f'{n}. [{_md_text(question_title(q))}]({link}#q-{q.id}){{ data-lesson-question="{q.id}" }}'
                    for n, q in enumerate(questions, start=1)
                )
                + "\n\n</details>\n\n</section>\n"
            )
        blocks.append("</div>\n")
        return "\n\n" + "\n".join(blocks) + "\n\n"

    def first_lesson(self) -> str:
        """The docs path of the first lesson of the first topic: where the home page's "Start" goes."""
        topic = self.bank.topics[0]
        return LESSON_PAGE.format(topic=topic.id, lesson=topic.lessons[0].id)

    def question_index(self, page_src_uri: str) -> str:
        """The permanent-link page: every question by topic and lesson, each entry carrying the question's id, so
        `q/#<id>` scrolls to it without JavaScript and links.js forwards to the lesson with it."""
        here = posixpath.dirname(page_src_uri) or "."
        parts = []
        for topic in self.bank.topics:
            parts.append(f"## {_md_text(topic.title)} {{ #topic-{topic.id} }}\n")
            for lesson in topic.lessons:
                link = posixpath.relpath(LESSON_PAGE.format(topic=topic.id, lesson=lesson.id), here)
                parts.append(f"### {_md_text(lesson.title)} {{ #lesson-{topic.id}-{lesson.id} }}\n")
                parts.append(
                    "\n".join(
                        f"- [{_md_text(question_title(q))}]({link}#q-{q.id})"
                        f'{{ #{q.id} .guide-permalink data-permalink="{q.id}" }}'
                        for q in self.bank.questions_in(topic.id, lesson.id)
                    )
                    + "\n"
                )
        return "\n".join(parts)

    def block(self, token: str, html: str) -> str:
        """Register finished HTML for `token` (a comment); returns the token as its own Markdown block. Only `quiz()`
        tokens count towards the one-page-per-topic rule, so other views of the questions use other tokens."""
        self.blocks[token] = html
        # A comment on its own lines is a raw HTML block that Python-Markdown passes through unchanged.
        return f"\n\n{token}\n\n"

    def add_to_toc(self, html: str, toc: Any) -> None:
        """List the questions of each quiz placed in `html` (not yet substituted) in the page's `toc`."""
        for token, links in self.links.items():
            position = html.find(token)
            if position != -1:
                add_questions(toc, html[:position], links)

    def substitute(self, html: str) -> tuple[str, set[str]]:
        """Put each topic's rendered questions where its placeholder ended up in the page's HTML.

        Also returns the ids the questions bring (q-<id>, q-<id>-why-b, ...): MkDocs collected the page's anchors
        before this point, and needs them to validate links to a question from other pages.
        """
        ids: set[str] = set()
        for token, block in self.blocks.items():
            if token in html:
                self.placed[token] += html.count(token)
                html = html.replace(token, block)
                ids.update(_ID.findall(block))
        return html, ids

    def topic_table(self, page_src_uri: str) -> str:
        """A Markdown table of topics with counts, linking to the topic pages relative to the calling page."""
        here = posixpath.dirname(page_src_uri)
        rows = ["| Topic | Questions | What it covers |", "| --- | ---: | --- |"]
        for topic in self.bank.topics:
            link = posixpath.relpath(TOPIC_PAGE.format(id=topic.id), here or ".")
            count = len(self.bank.questions_for(topic.id))
            title = topic.title.replace("|", "\\|")
            summary = topic.summary.replace("|", "\\|").replace("\n", " ")
            rows.append(f"| [{title}]({link}) | {count} | {summary} |")
        rows.append(f"| **All topics** | **{len(self.bank.questions)}** | |")
        return "\n".join(rows)

    def write_downloads(self, site_dir: Path) -> list[Path]:
        """The exports (GIFT, QTI, Anki, JSON) into `<site_dir>/downloads/`, rendered like the site's pages; links to
        the guide's pages are absolute, as the files are read elsewhere (text alone without a published address)."""
        renderer = doclinks.LinkedRenderer(
            self.renderer,
            lambda html: doclinks.absolute(html, self.site_url, self.directory_urls),
            lambda text: doclinks.absolute_source(text, self.site_url, self.directory_urls),
        )
        return exports.write_all(self.bank, renderer, site_dir / exports.DOWNLOADS)

    def write_generated(self, site_dir: Path) -> list[Path]:
        """Everything built from the bank alone: the exports, and the questions script that the exam, review and
        instructors pages read (a script, not JSON: file:// pages cannot fetch)."""
        # The pages that read the script (practice, review, instructors, q) sit at the top of the site.
        top = "practice/" if self.directory_urls else "practice.html"
        renderer = doclinks.LinkedRenderer(self.renderer, lambda html: doclinks.resolve(html, top, self.directory_urls))
        return [*self.write_downloads(site_dir), write_bank_script(self.bank, renderer, site_dir)]

    def downloads_table(self, page_url: str) -> str:
        """A Markdown table of the exports, linked relative to the calling page's URL.

        The files are written after the build, so they are not documentation files: plain HTML links, which MkDocs
        neither rewrites nor validates, computed for directory URLs (`download/`) and file URLs (`download.html`).
        """
        here = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
        rows = ["| Format | File | Use it for |", "| --- | --- | --- |"]
        for export in exports.EXPORTS:
            link = posixpath.relpath(f"{exports.DOWNLOADS}/{export.filename}", here or ".")
            rows.append(f'| {export.label} | <a href="{link}" download>{export.filename}</a> | {export.description} |')
        return "\n".join(rows)

    def check_placement(self) -> list[str]:
        """Every lesson must appear on exactly one page, or questions silently vanish from the site (or repeat)."""
        problems = []
        for topic in self.bank.topics:
            for lesson in topic.lessons:
                times = self.placed[placeholder(topic.id, lesson.id)]
                call = f"`{{{{ quiz('{topic.id}', '{lesson.id}') }}}}`"
                if times == 0:
                    page = LESSON_PAGE.format(topic=topic.id, lesson=lesson.id)
                    problems.append(
                        f"lesson `{topic.id}/{lesson.id}`: its questions are on no page; call {call} on one page "
                        f"(usually docs/{page}, listed in mkdocs.yml's nav) and keep `hooks: [macros/hooks.py]`"
                    )
                elif times > 1:
                    problems.append(
                        f"lesson `{topic.id}/{lesson.id}`: {call} is used {times} times; use it on exactly one page"
                    )
        return problems


_current: QuizSite | None = None


def placeholder(topic_id: str, lesson_id: str) -> str:
    return f"<!-- quiz-questions:{topic_id}/{lesson_id} -->"


def _md_text(text: str) -> str:
    # Titles go into Markdown link text and headings: keep their characters literal.
    return re.sub(r"([\\`*_{}\[\]<>#|])", r"\\\1", text)


def activate(site: QuizSite) -> None:
    """Make `site` the one that `macros/hooks.py` fills pages from during this build."""
    global _current
    _current = site


def current() -> QuizSite | None:
    return _current

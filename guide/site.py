"""What one MkDocs build knows about the quiz: the bank, the renderer, and which topics were placed on pages.

Kept apart from `define_env` so the build-time rules (each topic rendered exactly once) can be tested without MkDocs.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Any

from guide.bank.validate import BankError, LoadedBank, load_bank
from guide.errors import GuideError
from guide.outputs import exports
from guide.outputs.background import Job
from guide.outputs.bankscript import write_bank_script
from guide.render import doclinks
from guide.render.renderer import Renderer
from guide.render.titles import question_title

DEFAULT_BANK = "data/questions.yaml"
# A topic is a section: an overview page, then one page per lesson. Questions are interactive on their lesson's page.
TOPIC_PAGE = "topics/{id}/index.md"
LESSON_PAGE = "topics/{topic}/{lesson}.md"
# The permanent link of every question: `q/#<id>` finds its lesson wherever the question moves.
PERMALINK_PAGE = "q.md"


class QuizSite:
    """The quiz for one build. Every macro returns finished HTML as its own raw HTML block, which Python-Markdown (and
    any engine's Markdown) passes through unchanged, with the bank's links to the guide's pages already made relative
    to the page: nothing is left in a page for a later hook to fill."""

    def __init__(self, bank: LoadedBank, renderer: Renderer) -> None:
        self.bank = bank
        self.renderer = renderer
        # "topic/lesson" -> the pages whose quiz() call placed its questions (the rule: exactly one)
        self.placed: dict[str, list[str]] = {}
        # "topic/lesson" -> the URL of the page that holds its questions; "topic" -> the topic's overview page
        self.page_urls: dict[str, str] = {}
        self.generated: Job | None = None  # the exports and questions script, being written beside the build
        self.directory_urls = True
        self.site_url = ""
        self.docs_dir: Path | None = None
        # Problems a page's macros found that do not stop the page (a link to a missing page): the adapter reports
        # them as warnings, which fail a strict build.
        self.warnings: list[str] = []

    @classmethod
    def from_config(cls, config: Any, bank_setting: str | None = None) -> QuizSite:
        """The site for an engine's configuration: anything with MkDocs' names for the config file's path, the
        Markdown extensions and their settings, `use_directory_urls`, `site_url` and `docs_dir`."""
        root = Path(config.config_file_path).parent
        if links := outside_links(Path(config.docs_dir), root):
            raise GuideError("\n".join(links))
        relative = bank_setting or DEFAULT_BANK
        try:
            bank = load_bank(root / relative, display_path=relative)
        except BankError as error:
            raise GuideError(str(error)) from None
        site = cls(bank, Renderer(config.markdown_extensions, config.mdx_configs))
        # Text the sanitizer would change, or markup written as text, is refused before any page shows it.
        if problems := site.renderer.problems(bank):
            raise GuideError(str(BankError(problems)))
        site.directory_urls = bool(config.use_directory_urls)
        # The offline copy is built without a site_url (no canonical links to a host), but it still knows the
        # published address when the build was given one: a link copied from disk should work for others.
        site.site_url = config.site_url or os.environ.get("SITE_URL", "")
        site.docs_dir = Path(config.docs_dir)
        return site

    def quiz(
        self, topic_id: str, lesson_id: str | None = None, page_url: str | None = None, page_src: str | None = None
    ) -> str:
        """One lesson's questions with the page score, as finished HTML; `page_url` and `page_src` are the calling
        page's URL and file."""
        call = f"quiz({topic_id!r}, {lesson_id!r})"
        try:
            topic = self.bank.topic(topic_id)
        except KeyError as error:
            raise GuideError(f"{call}: {error.args[0]}") from None
        known = [lesson.id for lesson in topic.lessons]
        if lesson_id not in known:
            raise GuideError(
                f"{call}: topic `{topic_id}` has no lesson {lesson_id!r}; name one of: {', '.join(known)} "
                f"(a lesson page calls quiz('{topic_id}', '<lesson id>'))"
            )
        key = f"{topic_id}/{lesson_id}"
        self.placed.setdefault(key, []).append(page_src or page_url or "a page")
        if page_url is not None:
            self.page_urls[key] = page_url
        html = self.renderer.lesson(self.bank, topic_id, lesson_id, self.permalinks(page_url))
        return self.block(html, page_url, page_src)

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
            raise GuideError(f"lessons({topic_id!r}): {error.args[0]}") from None
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

    def block(self, html: str, page_url: str | None = None, page_src: str | None = None) -> str:
        """Finished HTML as its own Markdown block (a raw HTML block Markdown passes through unchanged), with the
        bank's links to the guide's own pages made relative to the page at `page_url`."""
        if doclinks.SCHEME in html and page_url is not None:
            if self.docs_dir is not None:
                for doc in doclinks.missing(doclinks.targets(html), self.docs_dir):
                    self.warnings.append(
                        f"A question on {page_src or page_url} links to guide:{doc}, which is not a page in docs/"
                    )
            html = doclinks.resolve(html, page_url, self.directory_urls)
        return f"\n\n{html}\n\n"

    def topic_table(self, page_src_uri: str) -> str:
        """A Markdown table of topics with counts, linking to the topic pages relative to the calling page."""
        here = posixpath.dirname(page_src_uri)
        rows = ["| Topic | Questions | What it covers |", "| --- | ---: | --- |"]
        for topic in self.bank.topics:
            link = posixpath.relpath(TOPIC_PAGE.format(id=topic.id), here or ".")
            count = len(self.bank.questions_for(topic.id))
            title = _md_text(topic.title)
            # The summary as the bank renders it (no raw HTML), kept on the table's one line.
            summary = str(self.renderer.inline(topic.summary)).replace("|", "&#124;").replace("\n", " ")
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
                pages = self.placed.get(f"{topic.id}/{lesson.id}", [])
                call = f"`{{{{ quiz('{topic.id}', '{lesson.id}') }}}}`"
                if not pages:
                    page = LESSON_PAGE.format(topic=topic.id, lesson=lesson.id)
                    problems.append(
                        f"lesson `{topic.id}/{lesson.id}`: its questions are on no page; call {call} on one page "
                        f"(usually docs/{page}, listed in mkdocs.yml's nav)"
                    )
                elif len(pages) > 1:
                    problems.append(
                        f"lesson `{topic.id}/{lesson.id}`: {call} is used {len(pages)} times "
                        f"({', '.join(pages)}); use it on exactly one page"
                    )
        return problems


def outside_links(docs_dir: Path, root: Path) -> list[str]:
    """Symbolic links under `docs_dir` whose target is outside `root` (the repository), each as a sentence: MkDocs
    copies a link's target into the site (and so into the offline zip), whatever it is."""
    found = []
    top = root.resolve()
    for folder, dirs, files in os.walk(docs_dir, followlinks=False):
        for name in sorted(dirs + files):
            path = Path(folder) / name
            if path.is_symlink() and not path.resolve().is_relative_to(top):
                found.append(
                    f"{path.relative_to(root) if path.is_relative_to(root) else path} is a symbolic link to "
                    f"{os.readlink(path)}, outside the repository, which the build would publish; copy what you mean "
                    "to publish into docs/, or remove the link"
                )
    return found


_current: QuizSite | None = None


def _md_text(text: str) -> str:
    # Titles go into Markdown link text and headings: keep their characters literal.
    return re.sub(r"([\\`*_{}\[\]<>#|])", r"\\\1", text)


def activate(site: QuizSite | None) -> None:
    """Make `site` the one this build's engine events (the MkDocs hooks) report on."""
    global _current
    _current = site


def current() -> QuizSite | None:
    return _current

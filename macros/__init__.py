"""MkDocs macros entry point: registers the macros pages call and nothing else (the work lives in plain modules)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from macros import blueprint, figures, pages
from macros.background import BackgroundError, Job
from macros.printing import PrintViews
from macros.site import QuizSite, activate, current, log
from macros.topicsdata import write_topic_scripts


def define_env(env: Any) -> None:
    """Load and validate the bank once per build, then expose the macros pages call."""
    site = QuizSite.from_config(env.conf, env.variables.get("quiz_bank"))
    activate(site)
    # The exports and the questions script need the bank only: written beside the build, moved in at its end.
    site.generated = Job(site.write_generated)
    views = PrintViews(site, Path(env.conf.docs_dir))
    env.macro(lambda topic_id, lesson_id=None: site.quiz(topic_id, lesson_id, env.page.url), "quiz")
    env.macro(lambda topic_id: site.lessons(topic_id, env.page.file.src_uri, env.page.url), "lessons")
    env.macro(lambda: site.question_index(env.page.file.src_uri), "question_index")
    env.macro(site.first_lesson, "first_lesson")
    env.macro(lambda: site.site_url, "published_url")
    env.macro(lambda: site.topic_table(env.page.file.src_uri), "topic_table")
    env.macro(lambda: site.downloads_table(env.page.url), "downloads_table")
    env.macro(lambda: blueprint.domain_table(site.bank), "domain_table")
    env.macro(lambda: blueprint.objectives(site.bank, env.page.file.src_uri), "blueprint_objectives")
    env.macro(views.guide, "print_guide")
    env.macro(views.worksheet, "print_worksheet")
    env.macro(views.answer_key, "print_answer_key")
    env.macro(
        lambda short=False: pages.offline_download(site.renderer, env.conf, env.page.url, short), "offline_download"
    )
    env.macro(lambda: pages.report_link(env.conf), "report_link")
    env.macro(lambda name: figures.place(site.block, site.renderer, name), "figure")


def on_post_build(env: Any) -> None:
    """Write the exports and the generated scripts; fail a strict build when a topic's questions are on no page or on
    two."""
    site = current()
    if site is not None:
        if site.generated is not None:
            try:
                site.generated.finish(Path(env.conf["site_dir"]))
            except BackgroundError as error:
                raise PluginError(f"Writing the exports and assets/generated/questions.js failed: {error}") from None
        # Every page's topic list (for the navigation markers) and the home and progress pages' question ids.
        write_topic_scripts(site.bank, site.page_urls, Path(env.conf["site_dir"]))
        for problem in site.check_placement():
            log.warning(problem)

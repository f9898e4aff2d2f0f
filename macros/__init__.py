"""MkDocs macros entry point: registers the quiz macros and nothing else (the work lives in plain modules)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from macros.site import QuizSite, activate, current, log


def define_env(env: Any) -> None:
    """Load and validate the bank once per build, then expose the macros pages call."""
    site = QuizSite.from_config(env.conf, env.variables.get("quiz_bank"))
    activate(site)
    env.macro(site.quiz, "quiz")
    env.macro(lambda: site.topic_table(env.page.file.src_uri), "topic_table")
    env.macro(lambda: site.downloads_table(env.page.url), "downloads_table")


def on_post_build(env: Any) -> None:
    """Write the exports; fail a strict build when a topic's questions are missing from the site or rendered twice."""
    site = current()
    if site is not None:
        site.write_downloads(Path(env.conf["site_dir"]))
        for problem in site.check_placement():
            log.warning(problem)

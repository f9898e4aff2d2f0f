"""MkDocs macros entry point: registers the quiz macros and nothing else (the work lives in plain modules)."""

from __future__ import annotations

from typing import Any

from macros.export import write_bank_script
from macros.site import QuizSite, activate, current, log


def define_env(env: Any) -> None:
    """Load and validate the bank once per build, then expose the macros pages call."""
    site = QuizSite.from_config(env.conf, env.variables.get("quiz_bank"))
    activate(site)
    env.macro(site.quiz, "quiz")
    env.macro(lambda: site.topic_table(env.page.file.src_uri), "topic_table")


def on_post_build(env: Any) -> None:
    """Write the questions script; fail a strict build when a topic's questions are on no page or on two."""
    site = current()
    if site is not None:
        # The exam, review and instructors pages read the questions from this script (no fetch: file:// works).
        write_bank_script(site.bank, site.renderer, env.conf["site_dir"])
        for problem in site.check_placement():
            log.warning(problem)

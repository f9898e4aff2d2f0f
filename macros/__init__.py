"""The mkdocs-macros adapter: `define_env` loads the guide for this build and registers the macros pages call.

Every macro is a call into the library (`guide`), which returns finished Markdown or HTML; this module only
translates the engine's objects (its config, the page being rendered) into the library's arguments, and the
library's `GuideError` into MkDocs' `PluginError`, which ends a build with the message and no traceback. Everything
after the pages is one step, `guide.outputs.postbuild`, run by `macros/hooks.py` (or on its own, for an engine
without hooks).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from mkdocs.exceptions import PluginError

from guide import figures
from guide.errors import GuideError
from guide.outputs.background import Job
from guide.render import blueprint, pages
from guide.render.printing import PrintViews
from guide.site import QuizSite, activate

# Logged under `mkdocs.plugins` so that `mkdocs build --strict` counts these warnings as failures.
log = logging.getLogger("mkdocs.plugins.quiz")
PAGES_ONLY = "GUIDE_PAGES_ONLY"
P = ParamSpec("P")
T = TypeVar("T")


def _engine_errors(macro: Callable[P, T]) -> Callable[P, T]:
    @functools.wraps(macro)
    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return macro(*args, **kwargs)
        except GuideError as error:
            raise PluginError(str(error)) from None

    return call


def define_env(env: Any) -> None:
    """Load and validate the bank once per build, then expose the macros pages call."""
    site = _engine_errors(QuizSite.from_config)(env.conf, env.variables.get("quiz_bank"))
    activate(site)
    # The exports and the bank's scripts need the bank only: written beside the build, moved in by the post-build.
    # GUIDE_PAGES_ONLY builds the pages alone, as an engine without hooks does (tests/test_library.py).
    if not os.environ.get(PAGES_ONLY):
        site.generated = Job(site.write_generated)
    views = PrintViews(site, Path(env.conf.docs_dir))

    def page() -> tuple[str, str]:
        return env.page.url, env.page.file.src_uri

    macros: dict[str, Callable[..., str]] = {
        "quiz": lambda topic_id, lesson_id=None: site.quiz(topic_id, lesson_id, *page()),
        "lessons": lambda topic_id: site.lessons(topic_id, env.page.file.src_uri, env.page.url),
        "question_index": lambda: site.question_index(env.page.file.src_uri),
        "first_lesson": site.first_lesson,
        "published_url": lambda: site.site_url,
        "topic_table": lambda: site.topic_table(env.page.file.src_uri),
        "downloads_table": lambda: site.downloads_table(env.page.url),
        "domain_table": lambda: blueprint.domain_table(site.bank),
        "blueprint_objectives": lambda: blueprint.objectives(site.bank, env.page.file.src_uri),
        "print_guide": lambda: views.guide(env.page.url),
        "print_worksheet": lambda: views.worksheet(env.page.url),
        "print_answer_key": lambda: views.answer_key(env.page.url),
        "offline_download": lambda short=False: pages.offline_download(site.renderer, env.conf, env.page.url, short),
        "report_link": lambda: pages.report_link(env.conf),
        "figure": lambda name: figures.place(site.block, site.renderer, name),
    }
    for name, macro in macros.items():
        env.macro(_engine_errors(macro), name)

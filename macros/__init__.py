"""The mkdocs-macros adapter: `define_env` loads the guide for this build and registers the macros pages call.

Every macro is a call into the library (`guide`), which returns finished Markdown or HTML; this module only
translates the engine's objects (its config, the page being rendered) into the library's arguments, and the
library's `GuideError` into the engine's error (MkDocs' `PluginError`), which ends a build with the message and no
traceback. Everything after the pages is one step, `guide.outputs.postbuild`, run by `macros/hooks.py` (or on its own,
`python -m guide postbuild`, after an engine without hooks).
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

# An engine may load this package by path (Zensical's macros extension does): make the library beside it importable.
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

try:
    # MkDocs (and ProperDocs, which answers to its name) shows a PluginError's message without a traceback.
    from mkdocs.exceptions import PluginError as EngineError
except ImportError:  # another engine with a macros extension (Zensical) shows any error's message
    EngineError = RuntimeError  # type: ignore[misc, assignment]

from guide import config as site_config  # noqa: E402 - needs the path above
from guide import figures  # noqa: E402
from guide.errors import GuideError  # noqa: E402
from guide.outputs.background import Job  # noqa: E402
from guide.render import blueprint, pages  # noqa: E402
from guide.render.printing import PrintViews  # noqa: E402
from guide.site import QuizSite, activate  # noqa: E402

# Logged under `mkdocs.plugins` so that `mkdocs build --strict` counts these warnings as failures.
log = logging.getLogger("mkdocs.plugins.quiz")
PAGES_ONLY = "GUIDE_PAGES_ONLY"
# Set by the hooks while `mkdocs serve` runs: a broken bank then shows its problems on every page (hooks.py) instead of
# stopping the rebuild, which would leave the browser waiting on the last good build until the bank is fixed.
SERVING = "GUIDE_SERVING"
load_error: list[str] = []  # the bank's problems when it could not be loaded, while serving
P = ParamSpec("P")
T = TypeVar("T")


def _engine_errors(macro: Callable[P, T]) -> Callable[P, T]:
    @functools.wraps(macro)
    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return macro(*args, **kwargs)
        except GuideError as error:
            raise EngineError(str(error)) from None

    return call


def _config(conf: Any) -> Any:
    """MkDocs' configuration as it is; another engine's (a mapping without MkDocs' names, as Zensical's macros
    extension passes): the settings the library reads from the configuration file itself."""
    if hasattr(conf, "config_file_path") and hasattr(conf, "mdx_configs"):
        return conf
    path = conf.get("config_file_path") if isinstance(conf, dict) else None
    return site_config.read(Path(path or "mkdocs.yml"))


def define_env(env: Any) -> None:
    """Load and validate the bank once per build, then expose the macros pages call."""
    conf = _config(env.conf)
    load_error.clear()
    try:
        site = QuizSite.from_config(conf, env.variables.get("quiz_bank"))
    except GuideError as error:
        if not os.environ.get(SERVING):
            raise EngineError(str(error)) from None
        load_error.append(str(error))
        activate(None)
        for name in MACROS:
            env.macro(lambda *_, **__: "", name)
        return
    activate(site)
    # The exports and the bank's scripts need the bank only: written beside the build, moved in by the post-build.
    # GUIDE_PAGES_ONLY builds the pages alone, as an engine without hooks does (tests/test_library.py).
    if not os.environ.get(PAGES_ONLY):
        site.generated = Job(site.write_generated)
    views = PrintViews(site, Path(conf.docs_dir))

    # The page being rendered: MkDocs names its source `page.file.src_uri`, Zensical `page.path`.
    def url() -> str:
        return str(env.page.url)

    def src() -> str:
        file = getattr(env.page, "file", None)
        return str(file.src_uri if file is not None else env.page.path)

    def page() -> tuple[str, str]:
        return url(), src()

    macros: dict[str, Callable[..., str]] = {
        "quiz": lambda topic_id, lesson_id=None: site.quiz(topic_id, lesson_id, *page()),
        "lessons": lambda topic_id: site.lessons(topic_id, src(), url()),
        "question_index": lambda: site.question_index(src()),
        "first_lesson": site.first_lesson,
        "published_url": lambda: site.site_url,
        "topic_table": lambda: site.topic_table(src()),
        "downloads_table": lambda: site.downloads_table(url()),
        "domain_table": lambda: blueprint.domain_table(site.bank),
        "blueprint_objectives": lambda: blueprint.objectives(site.bank, src()),
        "print_guide": lambda: views.guide(url()),
        "print_worksheet": lambda: views.worksheet(url()),
        "print_answer_key": lambda: views.answer_key(url()),
        "offline_download": lambda short=False: pages.offline_download(site.renderer, conf, url(), short),
        "report_link": lambda: pages.report_link(conf),
        "figure": lambda name: figures.place(site.block, site.renderer, name),
    }
    assert set(macros) == set(MACROS)
    for name, macro in macros.items():
        env.macro(_engine_errors(macro), name)


MACROS = (
    "quiz",
    "lessons",
    "question_index",
    "first_lesson",
    "published_url",
    "topic_table",
    "downloads_table",
    "domain_table",
    "blueprint_objectives",
    "print_guide",
    "print_worksheet",
    "print_answer_key",
    "offline_download",
    "report_link",
    "figure",
)

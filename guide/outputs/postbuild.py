"""Everything a build writes after its pages, as one step over the built folder.

The MkDocs adapter runs it at the end of a build (`macros/hooks.py`, `on_post_build`). An engine that runs the
guide's macros but no hooks (Zensical) builds the pages, then runs it on its own:

    python -m guide postbuild [SITE_DIR] [--config mkdocs.yml]

In order: the exports and the bank as scripts (written beside the build when the engine started them early), the
topic scripts (with each lesson's page, as the engine reported it or as found in the built pages), the check that
every lesson's questions are on exactly one page, the offline copy's not-found page made to work from disk,
minified assets, content addresses (`?v=`) once every file is final, the Content-Security-Policy (it hashes the
pages' inline scripts as shipped), the offline zip copied in, no sitemap without a site address, and last the app's
service worker listing every file by its final bytes. Run on its own over a folder the engine built without it, it
writes the same bytes the MkDocs build does (`tests/test_postbuild.py`).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from guide import config as site_config
from guide.errors import GuideError
from guide.outputs import csp, offline, serviceworker
from guide.outputs.background import BackgroundError
from guide.outputs.fingerprint import fingerprint
from guide.outputs.minify import minify_assets
from guide.outputs.topicsdata import write_topic_scripts
from guide.site import QuizSite

_QUIZ = re.compile(r'data-quiz-topic="([^"]+)" data-quiz-lesson="([^"]+)"')
_LESSONS = re.compile(r'data-lessons="([^"]+)"')


def page_url(path: Path, site_dir: Path, directory_urls: bool) -> str:
    """The URL of a built page file, as the engine gave it: `topics/peft/lora/` or `topics/peft/lora.html`."""
    relative = path.relative_to(site_dir).as_posix()
    if directory_urls and relative.endswith("index.html"):
        return relative[: -len("index.html")]
    return relative


def found_pages(site: QuizSite, site_dir: Path) -> None:
    """What the engine did not report (it ran no hook): each lesson's and topic's page, from the built HTML."""
    for path in sorted(site_dir.rglob("*.html")):
        if path.parts[len(site_dir.parts)] in {"assets", "downloads", "search"}:
            continue
        text = path.read_text(encoding="utf-8")
        url = page_url(path, site_dir, site.directory_urls)
        for topic, lesson in _QUIZ.findall(text):
            site.placed.setdefault(f"{topic}/{lesson}", []).append(url)
            site.page_urls[f"{topic}/{lesson}"] = url
        for topic in _LESSONS.findall(text):
            site.page_urls.setdefault(topic, url)


def run(site: QuizSite, site_dir: Path, offline_zip: str = "", app: bool = False, policy: bool = True) -> list[str]:
    """Write every output into the built `site_dir`; return the problems that fail a strict build. `app`: the
    installable app's worker (guide/outputs/serviceworker.py), for the published site only. `policy=False` leaves the
    Content-Security-Policy out, for `mkdocs serve`, whose live reload is an inline script it adds to every page."""
    if site.generated is not None:
        try:
            site.generated.finish(site_dir)
        except BackgroundError as error:
            raise GuideError(f"Writing the exports and the bank's scripts failed: {error}") from None
    else:
        site.write_generated(site_dir)
    if not site.placed:
        found_pages(site, site_dir)
    write_topic_scripts(site.bank, site.page_urls, site_dir)
    problems = site.check_placement()
    if not site.directory_urls:
        offline.relative_not_found(site_dir)  # the offline copy: pages are files, opened from disk
    minify_assets(site_dir)
    versions = fingerprint(site_dir)
    if policy and site.directory_urls:
        # Last of the steps that change pages, so its hashes are of the inline scripts as shipped; the offline copy
        # gets none (guide/outputs/csp.py says why).
        csp.apply(site_dir)
    if offline_zip:
        offline.publish(Path(offline_zip), site_dir)
    if not site.site_url:
        # Without a site_url the sitemap can only list root-relative paths, which no crawler can use; leave it out.
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (site_dir / name).unlink(missing_ok=True)
    # Last: the worker lists every file the build leaves, by its final bytes.
    serviceworker.write(site_dir, versions, site.directory_urls, app)
    return problems


def main(argv: list[str]) -> int:
    """`postbuild [SITE_DIR] [--config FILE]`: the default folder is the configuration's `site_dir`."""
    args = list(argv)
    config_path = Path("mkdocs.yml")
    if "--config" in args:
        at = args.index("--config")
        if at + 1 >= len(args):
            print("usage: python -m guide postbuild [SITE_DIR] [--config mkdocs.yml]", file=sys.stderr)
            return 2
        config_path = Path(args[at + 1])
        del args[at : at + 2]
    if not config_path.is_file():
        print(f"{config_path}: no such configuration file; pass --config", file=sys.stderr)
        return 2
    conf = site_config.read(config_path)
    site_dir = Path(args[0]) if args else Path(conf.site_dir)
    if not (site_dir / "index.html").is_file():
        print(f"{site_dir}: not a built site (no index.html); build the pages first", file=sys.stderr)
        return 2
    try:
        site = QuizSite.from_config(conf, conf.extra.get("quiz_bank"))
        offline_zip = str(conf.extra.get("offline_zip") or os.environ.get("OFFLINE_ZIP", ""))
        problems = run(site, site_dir, offline_zip, bool(conf.extra.get("app")))
    except GuideError as error:
        print(error, file=sys.stderr)
        return 1
    for problem in problems:
        print(f"WARNING - {problem}", file=sys.stderr)
    return 1 if problems else 0

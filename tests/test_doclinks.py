"""Links from the bank to the guide's own pages (`guide:calculator.md?...`): right from every page that shows a
question, online and offline, in the questions script and in the exports."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from guide.render import doclinks
from guide.render.renderer import Renderer
from tests.conftest import ROOT

LINK = '<p>See <a href="guide:calculator.md?params=7B&amp;zero=2#x">this case</a>.</p>'


@pytest.mark.parametrize(
    ("doc", "folders", "files"),
    [
        ("calculator.md", "calculator/", "calculator.html"),
        ("index.md", "", "index.html"),
        ("topics/memory/index.md", "topics/memory/", "topics/memory/index.html"),
        ("topics/memory/activations.md", "topics/memory/activations/", "topics/memory/activations.html"),
    ],
)
def test_page_urls_are_mkdocs_own(doc: str, folders: str, files: str) -> None:
    assert doclinks.page_url(doc, True) == folders
    assert doclinks.page_url(doc, False) == files


@pytest.mark.parametrize(
    ("page", "folders", "files"),
    [
        ("topics/memory/model-states", "../../../calculator/", "../../calculator.html"),
        ("print", "../calculator/", "calculator.html"),
        ("index", "calculator/", "calculator.html"),
        ("calculator", "./", "calculator.html"),
    ],
)
def test_links_are_relative_to_the_page_that_shows_them(page: str, folders: str, files: str) -> None:
    online = doclinks.page_url(page + ".md", True)
    offline = doclinks.page_url(page + ".md", False)
    assert doclinks.resolve(LINK, online, True) == LINK.replace("guide:calculator.md", folders)
    assert doclinks.resolve(LINK, offline, False) == LINK.replace("guide:calculator.md", files)


def test_exports_get_absolute_links_or_the_text_alone() -> None:
    assert doclinks.absolute(LINK, "https://example.org/guide/", True) == LINK.replace(
        "guide:calculator.md", "https://example.org/guide/calculator/"
    )
    assert doclinks.absolute(LINK, "", True) == "<p>See this case.</p>"
    assert doclinks.absolute("<p>plain</p>", "", True) == "<p>plain</p>"


def test_markdown_source_gets_absolute_links_or_the_text_alone() -> None:
    """The JSON export keeps Markdown: its `guide:` links are made absolute, or text, like the other exports'."""
    text = "See [this case](guide:calculator.md?params=7B&zero=2#x), [Home](guide:index.md) and [x](https://a.b/)."
    assert doclinks.absolute_source(text, "https://example.org/guide", True) == (
        "See [this case](https://example.org/guide/calculator/?params=7B&zero=2#x), [Home](https://example.org/guide/)"
        " and [x](https://a.b/)."
    )
    assert doclinks.absolute_source(text, "https://example.org/", False).startswith(
        "See [this case](https://example.org/calculator.html?params=7B&zero=2#x), [Home](https://example.org/index.html)"
    )
    assert doclinks.absolute_source(text, "", True) == "See this case, Home and [x](https://a.b/)."
    assert doclinks.absolute_source("user guide: no link", "", True) == "user guide: no link"


def test_missing_targets_are_named() -> None:
    html = LINK + '<a href="guide:no-such-page.md">x</a>'
    assert doclinks.targets(html) == ["calculator.md", "no-such-page.md"]
    assert doclinks.missing(doclinks.targets(html), ROOT / "docs") == ["no-such-page.md"]


def test_a_linked_renderer_rewrites_its_markdown_and_leaves_the_original_alone() -> None:
    renderer = Renderer()
    text = "Try [this case](guide:calculator.md?params=7B)."
    linked = doclinks.LinkedRenderer(renderer, lambda html: doclinks.resolve(html, "practice/", True))
    assert 'href="../calculator/?params=7B"' in str(linked.markdown(text))
    assert 'href="../calculator/?params=7B"' in str(linked.inline(text))
    assert 'href="guide:calculator.md?params=7B"' in str(renderer.markdown(text)), "the page renderer is unchanged"


def test_bank_links_point_to_pages_that_exist_and_to_cases_the_calculator_accepts() -> None:
    """Every `guide:` link in the bank names a page of docs/; every calculator case is one the calculator computes
    (checked under Node with docs/assets/calculator/calc-core.js)."""
    text = (ROOT / "data/questions.yaml").read_text(encoding="utf-8")
    found = re.findall(r"\]\(guide:([^)?#\s]+)(\?[^)#\s]*)?", text)
    assert found, "the memory questions link worked cases in the calculator"
    assert doclinks.missing([doc for doc, _ in found], ROOT / "docs") == []
    queries = [query for doc, query in found if doc == "calculator.md"]
    script = (
        "const c = require(process.argv[1]);"
        "console.log(JSON.stringify(JSON.parse(process.argv[2]).map(q => { const p = c.parseQuery(q);"
        " const out = c.evaluate(p.raw, p); return [q, out.ok, out.errors, out.warnings]; })));"
    )
    result = subprocess.run(
        ["node", "-e", script, str(ROOT / "docs/assets/calculator/calc-core.js"), json.dumps(queries)],
        capture_output=True,
        text=True,
        check=True,
    )
    for query, ok, errors, warnings in json.loads(result.stdout):
        assert ok and not warnings, f"{query}: {errors or warnings}"

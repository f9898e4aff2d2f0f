"""Bank text runs nothing (issue 33, finding 1): each route the red team found is shown as typed or refused by the
check and the build with file, line, question id and what to change; the real bank passes the sanitizer unchanged;
the exports carry the same safe HTML."""

from __future__ import annotations

import functools
import re
import sqlite3
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from guide import config as site_config
from guide.bank import check
from guide.bank.validate import LoadedBank, load_text
from guide.outputs.exports import write_all
from guide.render import sanitize
from guide.render.renderer import Renderer
from tests.bankfixtures import fit_to_publish, line_of, replace_once
from tests.conftest import ROOT, copy_project, run_mkdocs

FILE = "data/questions.yaml"
# Each route of finding 1, as an author would type it, and the words of the problem it must get.
ROUTES = {
    "backslash-backtick": (r"a \`<img src=x onerror=alert(1)>` b", "could run script"),
    "backslash-backtick-script": (r"\`<script>alert(1)</script>`", "could run script"),
    "double-backtick": ("`` ` ``<img src=x onerror=alert(1)>`` ` ``", "could run script"),
    "raw-script": ("<script>alert(1)</script>", "could run script"),
    "raw-block": ("<div>\n<script>alert(1)</script>\n</div>", "could run script"),
    "attr-list": ('Para\n{: tabindex="0" autofocus onfocus="alert(1)" }', "attribute list"),
    "attr-list-link": ("[x](https://example.org){: onclick=alert(1) }", "attribute list"),
    "javascript-link": ("[x](javascript:alert(1))", "would lose its `href`"),
    "javascript-mixed-case": ("[x](JaVaScRiPt:alert(1))", "would lose its `href`"),
    "data-link": ("[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "would lose its `href`"),
    "vbscript-link": ("[x](vbscript:msgbox(1))", "would lose its `href`"),
    "reference-javascript": ("[x][a]\n\n[a]: javascript:alert(1)", "would lose its `href`"),
    "reference-data": ('[x][a]\n\n[a]: data:text/html,<script>alert(1)</script> "t"', "would lose its `href`"),
    "javascript-image": ("![i](javascript:alert(1))", "would lose its `src`"),
    "angle-bracket-link": ("[x](<javascript:alert(1)>)", "would lose its `href`"),
    "entity-in-scheme": ("[x](java&#x73;cript&#58;alert(1))", "would lose its `href`"),
    "abbreviation-title": ("*[HTML]: <img src=x onerror=alert(1)>\n\nHTML here", "could run script"),
}


@functools.cache
def site_renderer() -> Renderer:
    conf = site_config.read(ROOT / "mkdocs.yml")
    return Renderer(conf.markdown_extensions, conf.mdx_configs)


def block(text: str, indent: int) -> str:
    return "".join(" " * indent + line + "\n" if line else "\n" for line in text.split("\n"))


def with_stem(route: str) -> str:
    """The publishable fixture with the first question's stem replaced by `route`, as a `|` block."""
    old = "    stem: What does the LoRA rank `r` control?\n"
    return replace_once(fit_to_publish(), old, "    stem: |\n" + block(route, 6))


@pytest.mark.parametrize("name", list(ROUTES))
def test_each_route_is_refused_by_the_check_with_file_line_and_id(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    route, words = ROUTES[name]
    text = with_stem(route)
    path = tmp_path / "bank.yaml"
    path.write_text(text, encoding="utf-8")
    assert check.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{line_of(text, '    stem: |')} [question lora-rank]: `stem`: " in err, err
    assert words in err, err
    # Negative control: the same bank without the route passes.
    path.write_text(fit_to_publish(), encoding="utf-8")
    assert check.main([str(path)]) == 0


def test_an_option_or_explanation_is_named_with_its_own_line() -> None:
    text = replace_once(fit_to_publish(), "explanation: That is `target_modules`.", "explanation: '[x](javascript:1)'")
    (problem,) = site_renderer().problems(load_text(text, FILE))
    assert problem.line == line_of(text, "[x](javascript:1)")
    assert problem.question_id == "lora-rank"
    assert problem.message.startswith('option B\'s `explanation`: `<a href="javascript:1">` would lose its `href`')
    summary = replace_once(fit_to_publish(), "summary: Low-rank adapters.", "summary: 'See <img src=x onerror=1>'")
    (problem,) = site_renderer().problems(load_text(summary, FILE))
    assert problem.line == line_of(summary, "summary:") and problem.question_id is None
    assert problem.message.startswith("topic `peft`'s `summary`: ")


@pytest.mark.parametrize("name", list(ROUTES))
def test_each_route_renders_inert_even_unchecked(name: str) -> None:
    """The renderer's own line: whatever the check says, no route yields a script, a handler or a live scheme."""
    html = str(site_renderer().markdown(ROUTES[name][0]))
    parsed = Elements()
    parsed.feed(html)
    assert "script" not in parsed.tags, html
    assert not [a for a in parsed.attributes if a[0].startswith("on") or a[0] in {"autofocus", "tabindex", "style"}]
    live = [v for k, v in parsed.attributes if k in {"href", "src"} and re.match(r"\s*[a-z]+:", v)]
    assert not [v for v in live if not v.startswith("https:")], html


def test_raw_html_and_entities_show_as_typed() -> None:
    renderer = site_renderer()
    assert renderer.markdown("Hi <PERSON>, &copy; & <b>x</b>") == (
        "<p>Hi &lt;PERSON&gt;, &amp;copy; &amp; &lt;b&gt;x&lt;/b&gt;</p>"
    )
    assert renderer.markdown(r"a \`<b>` c") == "<p>a `&lt;b&gt;` c</p>"
    assert renderer.markdown("<https://example.org>") == "<p>&lt;https://example.org&gt;</p>"
    assert renderer.markdown("Para\n{: .x }") == "<p>Para\n{: .x }</p>"


def test_every_text_of_the_real_bank_passes_the_sanitizer_unchanged(bank: LoadedBank) -> None:
    renderer = site_renderer()
    seen = Elements()
    for _, _, text in bank.texts():
        html = str(renderer.markdown(text))
        assert sanitize.problem(html) is None, (text, html)
        assert renderer.refused(text) is None, text
        seen.feed(html)
    assert renderer.problems(bank) == []
    # The allowlist is exercised by what the bank really writes, not only by paragraphs.
    assert {"span", "pre", "table", "a", "ul", "em", "strong", "sup"} <= seen.tags
    assert ("class", "highlight") in seen.attributes


def test_the_sanitizer_refuses_what_the_old_pre_escaping_let_through() -> None:
    """The second line holds on its own: HTML the renderer no longer makes is still caught."""
    assert "onerror" in (sanitize.problem('<p>a `<img src=x onerror="alert(1)">` b</p>') or "")
    assert "`<script>`" in (sanitize.problem("<p>`<script>alert(1)</script>`</p>") or "")
    assert "onfocus" in (sanitize.problem('<p autofocus onfocus="alert(1)" tabindex="0">x</p>') or "")
    assert sanitize.problem('<p><a href="https://example.org" title="t">x</a><br /></p>') is None
    assert sanitize.problem('<table><tbody><tr><td style="text-align: center;">1</td></tr></tbody></table>') is None
    assert sanitize.problem('<table><tbody><tr><td style="position: fixed;">1</td></tr></tbody></table>') is not None


def test_the_build_refuses_every_route(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    bank_file = project / FILE
    text = bank_file.read_text(encoding="utf-8")
    expected = []
    for number, (name, (route, _)) in enumerate(ROUTES.items(), start=1):
        at = -1
        for _ in range(number):
            at = text.index("    stem: |\n", at + 1)
        at += len("    stem: |\n")
        text = text[:at] + block(route, 6) + "\n" + text[at:]
        line = text[:at].count("\n")
        qid = re.findall(r"^  - id: (\S+)", text[:at], re.MULTILINE)[-1]
        expected.append((name, f"{FILE}:{line} [question {qid}]: `stem`: "))
    bank_file.write_text(text, encoding="utf-8")
    result = run_mkdocs(project, tmp_path / "out")
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"{len(ROUTES)} problems in the question bank" in output, output
    for name, where in expected:
        assert where in output, (name, output)
    assert "Traceback" not in output
    assert not (tmp_path / "out" / "topics").exists(), "a refused bank must not publish pages"


def test_the_anki_deck_carries_only_the_safe_html(tmp_path: Path) -> None:
    """The exports render with the same converter: even a bank the check would refuse exports nothing that runs."""
    text = fit_to_publish()
    routes = [route for route, _ in ROUTES.values()]
    groups = (("Only A and B train.", routes[::2]), ("The learning rate is a separate setting.", routes[1::2]))
    for old, group in groups:
        hostile = "\n\n".join([*group, old])
        text = replace_once(text, f"explanation: {old}\n", "explanation: |\n" + block(hostile, 10))
    bank = load_text(text, FILE)
    write_all(bank, site_renderer(), tmp_path)
    with zipfile.ZipFile(tmp_path / "llm-finetuning-guide.apkg") as deck:
        (tmp_path / "c.anki2").write_bytes(deck.read("collection.anki2"))
    with sqlite3.connect(tmp_path / "c.anki2") as db:
        fields = [f for (row,) in db.execute("select flds from notes") for f in row.split("\x1f")]
    parsed = Elements()
    for field in fields:
        parsed.feed(field)
    assert "onerror" in "".join(fields)  # the routes are in the deck, as text
    assert "script" not in parsed.tags
    assert not [name for name, _ in parsed.attributes if name.startswith("on") or name == "autofocus"]
    schemes = {re.match(r"([a-z]+):", v)[1] for k, v in parsed.attributes if k == "href" and re.match(r"[a-z]+:", v)}
    assert schemes <= {"https"}, schemes


class Elements(HTMLParser):
    """Every tag and (name, value) attribute pair in what it is fed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes |= {(name, value or "") for name, value in attrs}

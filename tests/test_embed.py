"""The embed page (docs/embed.md) in a course page on another origin, as an instructor uses it: the host page is
served from a second port, holds the frame and the sizing script the instructors' page hands out, and records every
message the frame posts. Also the offline copy's embed from file://, and the instructors' page's working embeds."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, FrameLocator, Page, expect

from guide.bank.models import Question
from guide.bank.validate import LoadedBank
from tests.browser import Console, Requests
from tests.conftest import free_port, serve

LESSON = ("peft", "soft-prompts")


def sizing_script(built_site: Path) -> str:
    """The sizing script exactly as the instructors' page gives it to instructors (its code block), so the script
    tested here is the one they paste."""
    soup = BeautifulSoup((built_site / "instructors" / "index.html").read_text(encoding="utf-8"), "html.parser")
    blocks = [pre.get_text() for pre in soup.select("pre") if "llm-guide:height" in pre.get_text()]
    assert len(blocks) == 1, "the instructors' page shows the sizing script once"
    return blocks[0]


@pytest.fixture(scope="module")
def host(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A course page's server on another port (another origin than the guide's)."""
    folder = tmp_path_factory.mktemp("host")
    (folder / "favicon.ico").write_bytes(b"")
    with serve(folder, free_port()) as url:
        yield url, folder


def host_page(
    page: Page, host: tuple[str, Path], site: str, query: str, script: str, width: int = 800, name: str = "course"
) -> FrameLocator:
    url, folder = host
    # A new file for each page: a browser may answer the same address from its cache.
    name = f"{name}-{len(list(folder.iterdir()))}"
    (folder / f"{name}.html").write_text(
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head>
<body style="margin:0"><h1>Week 3</h1>
<script>window.messages = []; addEventListener("message", function (e) {{ window.messages.push(e.data); }});</script>
<iframe src="{site}embed/?{query}" title="Questions from the LLM Fine-Tuning Study Guide" width="100%" height="150"
        style="border:0" data-llm-guide></iframe>
{script}
</body></html>""",
        encoding="utf-8",
    )
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{url}{name}.html")
    frame = page.frame_locator("iframe[data-llm-guide]")
    expect(frame.locator("[data-embed][data-embed-ready]")).to_be_attached()
    return frame


def messages(page: Page, kind: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.evaluate("window.messages")
    return [m for m in found if isinstance(m, dict) and m.get("type") == kind]


def frame_fits(page: Page) -> None:
    """The frame is exactly as tall as its document: the sizing script applied the last height posted."""
    page.wait_for_function(
        """() => {
          const f = document.querySelector("iframe[data-llm-guide]");
          const last = window.messages.filter(m => m && m.type === "llm-guide:height").pop();
          return last && Math.abs(f.getBoundingClientRect().height - last.height) < 1;
        }"""
    )


def single(bank: LoadedBank) -> Question:
    return next(q for q in bank.questions_for(LESSON[0]) if q.select == 1)


def test_a_question_embedded_on_another_origin(
    page: Page, built_site: Path, served_site: str, host: tuple[str, Path], bank: LoadedBank
) -> None:
    q = single(bank)
    frame = host_page(page, host, served_site, f"q={q.id}", sizing_script(built_site))
    # Only the question: none of the site's header, navigation, table of contents, footer or search.
    for chrome in (".md-header", ".md-sidebar", ".md-footer", ".md-search", ".md-tabs", "[data-md-component=header]"):
        expect(frame.locator(chrome)).to_have_count(0)
    expect(frame.locator("[data-embed-question]")).to_have_count(1)
    form = frame.locator(f'[data-embed-question="{q.id}"]')
    expect(form.locator("h2")).to_have_text(q.title or q.id)
    expect(frame.locator("[data-embed-source] a")).to_have_attribute("href", re.compile(f"#q-{q.id}$"))
    assert messages(page, "llm-guide:height"), "the frame told the page its height"
    frame_fits(page)

    # A wrong answer, then Try again and the right one: a result message after each Check, counted.
    wrong = next(i for i in range(len(q.options)) if i not in q.key)
    form.locator(f'[data-embed-option="{wrong}"] [data-embed-input]').check()
    before = len(messages(page, "llm-guide:height"))
    form.locator("[data-embed-check]").click()
    expect(form.locator("[data-embed-result]")).to_have_attribute("data-embed-correct", "false")
    expect(form.locator("[data-embed-explained] li")).to_have_count(len(q.options))
    page.wait_for_function("() => window.messages.some(m => m && m.type === 'llm-guide:result')")
    assert messages(page, "llm-guide:result") == [
        {"type": "llm-guide:result", "id": q.id, "correct": False, "selected": [wrong], "attempt": 1}
    ]
    page.wait_for_function(f"() => window.messages.filter(m => m && m.type === 'llm-guide:height').length > {before}")
    frame_fits(page)
    form.locator("[data-embed-retry]").click()
    for index in q.key:
        form.locator(f'[data-embed-option="{index}"] [data-embed-input]').check()
    form.locator("[data-embed-check]").click()
    expect(form.locator("[data-embed-result]")).to_have_attribute("data-embed-correct", "true")
    page.wait_for_function("() => window.messages.filter(m => m && m.type === 'llm-guide:result').length === 2")
    assert messages(page, "llm-guide:result")[1] == {
        "type": "llm-guide:result",
        "id": q.id,
        "correct": True,
        "selected": sorted(q.key),
        "attempt": 2,
    }
    # Kept under the same record as the lesson page's answers, the first attempt kept for good.
    stored = frame.locator("body").evaluate(f"() => JSON.parse(localStorage.getItem('llm-ft-guide:v2:q:{q.id}'))")
    assert stored["first"]["selected"] == [wrong] and stored["last"]["correct"] is True
    assert stored["last"]["source"] == "embed" and stored["last"]["lesson"] == q.lesson


@pytest.mark.parametrize("width", [320, 800])
def test_the_frame_fits_its_lesson_at_every_width(
    browser: Browser, built_site: Path, served_site: str, host: tuple[str, Path], bank: LoadedBank, width: int
) -> None:
    context = browser.new_context()
    page = context.new_page()
    console = Console()
    console.attach(page)
    frame = host_page(page, host, served_site, f"lesson={LESSON[0]}/{LESSON[1]}", sizing_script(built_site), width)
    ids = [q.id for q in bank.questions_for(LESSON[0]) if q.lesson == LESSON[1]]
    expect(frame.locator("[data-embed-question]")).to_have_count(len(ids))
    assert (
        frame.locator("[data-embed-question]").evaluate_all("(forms) => forms.map(f => f.dataset.embedQuestion)") == ids
    )
    expect(frame.locator("h1[data-embed-lesson]")).to_contain_text(bank.topic(LESSON[0]).lessons[-1].title)
    frame_fits(page)
    # Nothing wider than the frame, and no scroll bar inside it: the frame is as tall as the questions.
    inner = frame.locator("html").evaluate(
        "(html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth, scrollHeight: html.scrollHeight,"
        " innerHeight: window.innerHeight })"
    )
    assert inner["scrollWidth"] <= inner["clientWidth"], inner
    assert inner["scrollHeight"] <= inner["innerHeight"] + 1, inner
    height = page.locator("iframe[data-llm-guide]").evaluate("(f) => f.getBoundingClientRect().height")
    assert height > (4000 if width == 320 else 2000), "a lesson is tall, taller still on a phone"
    context.close()
    assert console.errors == [], console.errors


def test_unknown_ids_and_lessons_are_named(
    page: Page, built_site: Path, served_site: str, host: tuple[str, Path], bank: LoadedBank
) -> None:
    frame = host_page(page, host, served_site, "q=no-such-question", "")
    expect(frame.locator("[data-embed-notice]")).to_contain_text("“no-such-question”")
    expect(frame.locator("[data-embed-question]")).to_have_count(0)
    q = single(bank)
    frame = host_page(page, host, served_site, f"ids=gone-one,{q.id}", "")
    expect(frame.locator("[data-embed-notice]")).to_contain_text("“gone-one”")
    expect(frame.locator(f'[data-embed-question="{q.id}"]')).to_have_count(1)
    frame = host_page(page, host, served_site, "lesson=peft/nowhere", "")
    expect(frame.locator("[data-embed-notice]")).to_contain_text("“peft/nowhere”")
    frame = host_page(page, host, served_site, f"q={q.id}&palette=blue", "")
    expect(frame.locator("[data-embed-notice]")).to_contain_text("palette=blue")


@pytest.mark.parametrize(
    ("query", "scheme", "expected"),
    [
        ("&palette=dark", "light", "slate"),
        ("&palette=light", "dark", "default"),
        ("", "dark", "slate"),
        ("", "light", "default"),
    ],
)
def test_the_palette_is_the_links_or_the_readers(
    browser: Browser, served_site: str, bank: LoadedBank, query: str, scheme: str, expected: str
) -> None:
    context = browser.new_context(color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{served_site}embed/?q={single(bank).id}{query}")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)
    context.close()


def test_the_embed_loads_only_what_it_shows(page: Page, served_site: str, bank: LoadedBank) -> None:
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    q = single(bank)
    page.goto(f"{served_site}embed/?q={q.id}")
    expect(page.locator("[data-embed-ready]")).to_be_attached()
    scripts = sorted(re.sub(r"\?.*", "", u.removeprefix(served_site)) for u in seen if ".js" in u)
    assert [s for s in scripts if "/bank/q/" in s] == [f"assets/generated/bank/q/{q.id}.js"]
    for absent in ("assets/javascripts/bundle", "quiz/quiz.js", "progress/progress.js", "search", "links/links.js"):
        assert not any(absent in s for s in scripts), (absent, scripts)
    # No inline script of the page's own: only those every page of the site has (the theme's storage helpers, its
    # tabs' fragment handler, the site's head script), which a content security policy lists once for all.
    inline = page.locator("script:not([src])").evaluate_all("(s) => s.map(e => e.textContent)")
    home = page.context.new_page()
    home.goto(f"{served_site}about/")  # a page as deep as embed/: the theme's helpers name the site root relatively
    everywhere = set(home.locator("script:not([src])").evaluate_all("(s) => s.map(e => e.textContent)"))
    home.close()
    assert inline and set(inline) <= everywhere, [s[:40] for s in inline if s not in everywhere]


def test_offline_embed_from_disk(browser: Browser, unzipped: Path, bank: LoadedBank) -> None:
    context = browser.new_context()
    requests = Requests(("file:", "data:", "blob:"))
    requests.attach(context)
    page = context.new_page()
    console = Console()
    console.attach(page)
    q = next(q for q in bank.questions if q.select > 1)
    page.goto((unzipped / "embed.html").as_uri() + f"?q={q.id}")
    form = page.locator(f'[data-embed-question="{q.id}"]')
    for index in q.key:
        form.locator(f'[data-embed-option="{index}"] [data-embed-input]').check()
    form.locator("[data-embed-check]").click()
    expect(form.locator("[data-embed-result]")).to_have_attribute("data-embed-correct", "true")
    expect(page.locator("[data-embed-source] a")).to_have_attribute(
        "href", re.compile(f"/topics/{q.topic}/{q.lesson}\\.html#q-{q.id}$")
    )
    page.goto((unzipped / "embed.html").as_uri() + "?q=no-such-question")
    expect(page.locator("[data-embed-notice]")).to_contain_text("no-such-question")
    context.close()
    assert requests.seen and requests.refused == []
    assert console.errors == [], console.errors


def test_the_instructors_page_shows_working_embeds_and_builds_them(
    page: Page, served_site: str, bank: LoadedBank
) -> None:
    page.goto(f"{served_site}instructors/")
    frames = page.locator("iframe[data-llm-guide]")
    expect(frames).to_have_count(2)
    frames.nth(0).scroll_into_view_if_needed()  # lazy frames load near the screen
    question = page.frame_locator("[data-instructors-example] iframe >> nth=0")
    lesson = page.frame_locator("[data-instructors-example] iframe >> nth=1")
    expect(question.locator("[data-embed-question]")).to_have_count(1)
    expect(lesson.locator("[data-embed-question]")).to_have_count(
        len([q for q in bank.questions_for(LESSON[0]) if q.lesson == LESSON[1]])
    )
    # The page sizes its frames from their messages, as the script it gives instructors does.
    frames.nth(1).scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('iframe[data-llm-guide]')].every(f => {"
        " const doc = f.contentDocument;"
        " return doc && doc.querySelector('[data-embed-ready]') &&"
        " Math.abs(f.getBoundingClientRect().height - doc.documentElement.getBoundingClientRect().height) < 2; })"
    )
    # The builder: a lesson's frame, and the questions chosen above as one.
    builder = page.locator("[data-instructors-builder]")
    builder.locator("[data-instructors-embed-lesson]").select_option(f"{LESSON[0]}/{LESSON[1]}")
    builder.locator("[data-instructors-embed-palette]").select_option("dark")
    expect(builder.locator("[data-instructors-embed-output]")).to_have_value(
        f"{served_site}embed/?lesson={LESSON[0]}/{LESSON[1]}&palette=dark"
    )
    snippet = builder.locator("[data-instructors-embed-snippet]")
    expect(snippet).to_have_value(re.compile(r'^<iframe src="[^"]+embed/\?lesson=peft/soft-prompts&palette=dark"'))
    ids = [q.id for q in bank.questions[:2]]
    builder.locator("[data-instructors-mode=ids]").check()
    builder.locator("[data-instructors-ids]").fill(",".join(ids))
    builder.locator("[data-instructors-embed-lesson]").select_option("")
    expect(builder.locator("[data-instructors-embed-output]")).to_have_value(
        f"{served_site}embed/?ids={','.join(ids)}&palette=dark"
    )
    assert json.dumps(snippet.input_value()).count("data-llm-guide") == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_embedded_lesson_answered_has_no_accessibility_violations(
    browser: Browser, served_site: str, bank: LoadedBank, scheme: str
) -> None:
    """axe and IBM's checker on a lesson's embed with one question answered wrongly and one rightly (verdicts,
    explanations and sources shown), and on an unknown id's notice, in both palettes."""
    from tests.test_accessibility import ACE, AXE, ibm_violations, violations

    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce")  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{served_site}embed/?lesson={LESSON[0]}/{LESSON[1]}")
    forms = page.locator("[data-embed-question]")
    expect(forms.first).to_be_attached()
    questions = [q for q in bank.questions_for(LESSON[0]) if q.lesson == LESSON[1]]
    for n, q in enumerate(questions[:2]):
        pick = q.key if n else [i for i in range(len(q.options)) if i not in q.key][: q.select]
        for index in pick:
            forms.nth(n).locator(f'[data-embed-option="{index}"] [data-embed-input]').check()
        forms.nth(n).locator("[data-embed-check]").click()
        expect(forms.nth(n).locator("[data-embed-result]")).to_have_attribute(
            "data-embed-correct", str(bool(n)).lower()
        )
    found = violations(page, AXE.read_text(encoding="utf-8")) + ibm_violations(page, ACE.read_text(encoding="utf-8"))
    page.goto(f"{served_site}embed/?q=no-such-question")
    expect(page.locator("[data-embed-notice]")).to_be_visible()
    found += violations(page, AXE.read_text(encoding="utf-8"))
    context.close()
    assert found == []

"""The build ships the guide's own scripts and styles minified; sources and vendored files stay as they are."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

from guide.outputs.minify import minify
from tests.conftest import ROOT

ASSETS = ROOT / "docs/assets"


def test_built_assets_are_minified_and_still_parse(built_site: Path, tmp_path: Path) -> None:
    # Every file of every feature folder; vendored files ship as their packages made them.
    sources = [p for p in ASSETS.rglob("*") if p.suffix in (".js", ".css") and "vendor" not in p.parts]
    assert len(sources) > 20 and any(len(p.relative_to(ASSETS).parts) > 1 for p in sources)
    for source in sources:
        name = source.relative_to(ASSETS).as_posix()
        built = built_site / "assets" / name
        if name == "app/sw.js":
            # The app's worker ships at the site's root, its list of files in front (guide/outputs/serviceworker.py).
            built = built_site / "sw.js"
            code = built.read_text(encoding="utf-8").split(";\n", 1)[1]
            assert len(code) < source.stat().st_size, f"{name} was not minified"
        else:
            assert built.stat().st_size < source.stat().st_size, f"{name} was not minified"
        if source.suffix == ".js":
            # Node parses the shipped file: minifying must not break the script.
            copy = tmp_path / name.replace("/", "-")
            copy.write_bytes(built.read_bytes())
            subprocess.run(["node", "--check", str(copy)], check=True)


def test_vendored_files_ship_unchanged(built_site: Path) -> None:
    for source in (ASSETS / "vendor").rglob("*.js"):
        assert (built_site / "assets" / source.relative_to(ASSETS)).read_bytes() == source.read_bytes()


def test_minifying_keeps_behaviour_and_saves_bytes() -> None:
    script = "/* why */\nvar a = 1;  // note\nfunction f(x) { return x + a; }\nvar re = /\\/\\*not a comment\\*\\//;\n"
    small = minify(script, ".js")
    assert "why" not in small and "note" not in small and "/\\/\\*not a comment\\*\\//" in small
    quiz = (ASSETS / "quiz" / "quiz.js").read_text(encoding="utf-8")
    assert len(gzip.compress(minify(quiz, ".js").encode())) < 0.8 * len(gzip.compress(quiz.encode()))
    assert minify("a {  color : red ; } /* c */", ".css") == "a{color:red}"

"""Rebuilds reuse the search entries of unchanged pages (macros/searchcache.py): never stale, and the same index as a
clean build."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from macros import searchcache
from tests.conftest import ROOT


@dataclass
class Page:
    url: str
    content: str
    title: str = "Topic"
    meta: dict[str, Any] = field(default_factory=dict)
    toc: list[Any] = field(default_factory=list)


class Index:
    parsed = 0

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    def add_entry_from_context(self, page: Page) -> None:
        type(self).parsed += 1
        self.entries.append({"location": page.url, "text": page.content})


def test_unchanged_pages_reuse_their_entries_and_changed_ones_are_parsed_again() -> None:
    assert searchcache.install(Index)
    assert searchcache.install(Index)  # a second install does not wrap twice
    first, second, third = Index(), Index(), Index()
    for index, content in ((first, "a"), (second, "a"), (third, "b")):
        index.add_entry_from_context(Page("topics/cache-test/", content))
    assert Index.parsed == 2  # the second build reused the first's entries; the edit was parsed
    assert first.entries == second.entries == [{"location": "topics/cache-test/", "text": "a"}]
    assert third.entries == [{"location": "topics/cache-test/", "text": "b"}]
    second.entries[0]["text"] = "changed by someone"
    fourth = Index()
    fourth.add_entry_from_context(Page("topics/cache-test/", "b"))
    assert fourth.entries == third.entries  # reused entries are copies


def test_a_rebuild_writes_the_same_search_index_as_a_clean_build(tmp_path: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    indexes = []
    for run in range(2):
        config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / f"site{run}"))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        indexes.append(json.loads((tmp_path / f"site{run}/search/search_index.json").read_text(encoding="utf-8")))
    assert indexes[0] == indexes[1]
    assert any("#q-" in doc["location"] for doc in indexes[0]["docs"])

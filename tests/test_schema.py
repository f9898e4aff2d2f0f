"""The JSON Schema editors use must match the models the build validates with."""

from __future__ import annotations

import json
import urllib.parse
from typing import get_args

from guide.bank import schema
from guide.bank.models import DOMAINS, Domain
from tests.conftest import ROOT


def test_exported_schema_is_in_sync_with_models() -> None:
    on_disk = json.loads((ROOT / schema.SCHEMA_PATH).read_text(encoding="utf-8"))
    assert on_disk == schema.schema(), "run `python -m guide.bank.schema` and commit data/questions.schema.json"


def test_bank_points_editors_at_the_schema() -> None:
    first_line = (ROOT / "data/questions.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=./questions.schema.json"


def test_schema_forbids_unknown_fields_and_requires_the_key_fields() -> None:
    document = schema.schema()
    question = document["$defs"]["Question"]
    option = document["$defs"]["Option"]
    assert question["additionalProperties"] is False
    assert set(question["required"]) == {
        "id",
        "topic",
        "lesson",
        "domain",
        "objectives",
        "stem",
        "select",
        "options",
        "references",
    }
    assert set(option["required"]) == {"text", "correct", "explanation"}
    assert question["properties"]["options"]["minItems"] == 3


def test_domains_are_declared_once() -> None:
    # The Literal gives editors and the validator the allowed values; the table gives names and weights. Keep in step.
    assert set(get_args(Domain)) == set(DOMAINS)
    assert sum(weight for _, weight in DOMAINS.values()) == 100
    assert schema.schema()["$defs"]["Question"]["properties"]["domain"]["enum"] == list(get_args(Domain))


def test_schema_has_an_id_independent_of_the_published_address() -> None:
    """Tools that cache or bundle schemas know it by its `$id`; the repository's copy and the build's download are one
    file, so the id names no host."""
    document = json.loads((ROOT / "data/questions.schema.json").read_text(encoding="utf-8"))
    assert document["$id"] == schema.SCHEMA_ID
    assert urllib.parse.urlsplit(document["$id"]).scheme == "urn"

"""Export the bank's JSON Schema for editors: `python -m guide.bank.schema` writes data/questions.schema.json.

The YAML file points at it with a `yaml-language-server` modeline, so an editor flags a misspelled field or a wrong
type while the author types. A test fails when this file drifts from the models.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from guide.bank.models import Bank

SCHEMA_PATH = Path("data/questions.schema.json")
# A name that does not depend on where the guide is published (the repository's copy and the build's download are the
# same file, and a local build has no address), so a tool that caches or bundles schemas knows this one by its name.
SCHEMA_ID = "urn:llm-finetuning-guide:questions.schema.json"


def schema() -> dict[str, Any]:
    document = Bank.model_json_schema()
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["$id"] = SCHEMA_ID
    document["title"] = "LLM fine-tuning study guide: question bank"
    return document


def render() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    SCHEMA_PATH.write_text(render(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The author's check, without building the site: `python -m guide check [path/to/questions.yaml]`.

It applies the one rule set: the schema and cross-field validation (`validate`, which the build applies too), every
text rendered as the site renders it and checked by the sanitizer (`guide/render/sanitize.py`, which the build applies
too; the Markdown settings are read from `mkdocs.yml` in the current folder when there is one) and the authoring rules
(`rules`: titles, difficulty, four or five options, no "Choose N" in a stem, a primary source). Exit status 0 when the
bank passes, 1 with every problem listed (file:line [question id]: what to change).
"""

from __future__ import annotations

import sys
from pathlib import Path

from guide import config as site_config
from guide.bank import rules
from guide.bank.validate import BankError, load_bank
from guide.render.renderer import Renderer

DEFAULT = Path("data/questions.yaml")
CONFIG = Path("mkdocs.yml")


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT
    try:
        bank = load_bank(path)
    except BankError as error:
        print(error, file=sys.stderr)
        return 1
    renderer = Renderer()
    if CONFIG.is_file():
        conf = site_config.read(CONFIG)
        renderer = Renderer(conf.markdown_extensions, conf.mdx_configs)
    if problems := renderer.problems(bank) + rules.problems(bank):
        print(BankError(problems), file=sys.stderr)
        return 1
    multi = sum(1 for q in bank.questions if q.select > 1)
    print(f"{path}: OK, {len(bank.questions)} questions ({multi} multi-select) in {len(bank.topics)} topics")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

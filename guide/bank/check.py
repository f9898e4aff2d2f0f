"""The author's check, without building the site: `python -m guide check [path/to/questions.yaml]`.

It applies the one rule set: the schema and cross-field validation (`validate`, which the build applies too) and the
authoring rules (`rules`: titles, difficulty, four or five options, no "Choose N" in a stem, a primary source). Exit
status 0 when the bank passes, 1 with every problem listed (file:line [question id]: what to change).
"""

from __future__ import annotations

import sys
from pathlib import Path

from guide.bank import rules
from guide.bank.validate import BankError, load_bank

DEFAULT = Path("data/questions.yaml")


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT
    try:
        bank = load_bank(path)
    except BankError as error:
        print(error, file=sys.stderr)
        return 1
    if problems := rules.problems(bank):
        print(BankError(problems), file=sys.stderr)
        return 1
    multi = sum(1 for q in bank.questions if q.select > 1)
    print(f"{path}: OK, {len(bank.questions)} questions ({multi} multi-select) in {len(bank.topics)} topics")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

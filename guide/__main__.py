"""`python -m guide <command>`: the guide's commands, none of which imports a site engine.

check [BANK]                 validate the bank (every problem with file, line, question id, what to change)
cues [BANK] [--topic ID]...  how far each surface cue would take a reader who knows nothing of the subject
schema                       write data/questions.schema.json from the typed models
postbuild [SITE] [--config mkdocs.yml]
                             everything a build writes after its pages (for an engine that runs no hooks)
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    if command == "check":
        from guide.bank import check

        return check.main(rest)
    if command == "cues":
        from guide.bank import cues

        return cues.main(rest)
    if command == "schema":
        from guide.bank import schema

        return schema.main()
    if command == "postbuild":
        from guide.outputs import postbuild

        return postbuild.main(rest)
    print(__doc__, file=sys.stderr)
    return 2 if command not in ("", "-h", "--help") else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

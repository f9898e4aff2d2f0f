"""When each question last changed, from the bank file's git history: the Anki deck's note times.

Anki updates a note on re-import only when the incoming note is newer than the learner's (its `mod` time), so a
note's time must stay put while its question does and move forward when it changes. A digest of the question alone
cannot move forward (a new digest is as likely smaller as larger), and the build's own date moves every note. The
time of the last commit that changed the question's entry in the bank does both, and is the same for every build of
a commit. Without git, or without the history (a shallow clone), every question gets the build's one date: every
note then looks changed, which costs a learner a longer import, never a stale card.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

from guide.outputs import reproducible

# A question's entry: from its `  - id:` line to the next entry, comment or top-level key of the `questions:` list.
_ENTRY = re.compile(r"^  - id:\s*[\"']?([^\s\"'#]+)", re.MULTILINE)
_END = re.compile(r"^(?:  - |  #|\S)", re.MULTILINE)


def entries(text: str) -> dict[str, str]:
    """Each question's entry in the bank's text, by id, as a digest of its lines (comments between entries left out)."""
    text = "\n" + text
    start = text.find("\nquestions:")
    body = text[start:] if start != -1 else ""
    out: dict[str, str] = {}
    for match in _ENTRY.finditer(body):
        end = _END.search(body, match.end())
        block = body[match.start() : end.start() if end else len(body)]
        out[match.group(1)] = hashlib.sha256(block.rstrip().encode()).hexdigest()
    return out


def _git(root: Path, *args: str, stdin: str | None = None) -> bytes | None:
    try:
        result = subprocess.run(
            ["git", "-C", str(root), *args], input=stdin.encode() if stdin else None, capture_output=True, check=False
        )
    except OSError:
        return None
    return result.stdout if result.returncode == 0 else None


def _versions(root: Path, relative: str) -> Iterable[tuple[int, str]]:
    """(commit time, file text) for each commit that changed the file, oldest first."""
    log = _git(root, "log", "--reverse", "--format=%H %ct", "--", relative)
    commits = [line.split() for line in (log or b"").decode().splitlines() if line.strip()]
    if not commits:
        return
    # One git process for every version's text: `cat-file --batch` answers "<sha> blob <size>\n<bytes>\n" per line.
    out = _git(root, "cat-file", "--batch", stdin="".join(f"{sha}:{relative}\n" for sha, _ in commits))
    if out is None:
        return
    position = 0
    for _, seconds in commits:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].split()
        if len(header) < 3 or header[1] != b"blob":  # the file was deleted in that commit
            position = header_end + 1
            continue
        size = int(header[2])
        text = out[header_end + 1 : header_end + 1 + size].decode("utf-8", "replace")
        position = header_end + 1 + size + 1
        yield int(seconds), text


def question_times(bank_file: Path) -> dict[str, int]:
    """For each question in `bank_file`, the time of the last commit that changed its entry; the build's date for an
    entry changed since the last commit, or for every entry when there is no usable history."""
    build = reproducible.epoch()
    try:
        current = entries(bank_file.read_text(encoding="utf-8"))
    except OSError:
        return {}
    top = _git(bank_file.parent, "rev-parse", "--show-toplevel")
    shallow = _git(bank_file.parent, "rev-parse", "--is-shallow-repository")
    if top is None or shallow is None or shallow.strip() == b"true":
        return dict.fromkeys(current, build)
    root = Path(top.decode().strip())
    relative = bank_file.resolve().relative_to(root.resolve()).as_posix()
    changed: dict[str, int] = {}
    digests: dict[str, str] = {}
    for seconds, text in _versions(root, relative):
        for qid, digest in entries(text).items():
            if digests.get(qid) != digest:
                digests[qid] = digest
                changed[qid] = seconds
    return {qid: changed[qid] if digests.get(qid) == digest else build for qid, digest in current.items()}

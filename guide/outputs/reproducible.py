"""One time for every date a build writes, so two builds of the same commit give the same bytes.

The date is `SOURCE_DATE_EPOCH` when it is set (https://reproducible-builds.org/specs/source-date-epoch/), else the
time of the last commit, else (no git, or not a repository) now, which is the one case a rebuild differs. The zip
dates, the Anki collection's times and ids, MkDocs' sitemap dates and the Download page's "built" date all use it.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import subprocess
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VARIABLE = "SOURCE_DATE_EPOCH"
# The zip format stores local dates from 1980 on; an earlier date (SOURCE_DATE_EPOCH=0 is common) is written as this.
ZIP_FLOOR = 315_532_800  # 1980-01-01T00:00:00Z


class EpochError(ValueError):
    """SOURCE_DATE_EPOCH is set to something that is not a time; the message says what it holds."""


@functools.cache
def last_commit_time(root: Path = ROOT) -> int | None:
    """The committer time of HEAD in `root`'s repository, or None without git or outside a repository."""
    try:
        result = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True, check=False
        )
    except OSError:
        return None
    value = result.stdout.strip()
    return int(value) if result.returncode == 0 and value.isdigit() else None


def epoch(root: Path = ROOT) -> int:
    """Seconds since 1970 for everything this build dates."""
    raw = os.environ.get(VARIABLE, "").strip()
    if raw:
        if not raw.isdigit():
            raise EpochError(f"{VARIABLE} must be a whole number of seconds since 1970-01-01 UTC, not {raw!r}")
        return int(raw)
    commit = last_commit_time(root)
    return commit if commit is not None else int(time.time())


def build_datetime(root: Path = ROOT) -> dt.datetime:
    return dt.datetime.fromtimestamp(epoch(root), dt.UTC)


def zip_date(seconds: int) -> tuple[int, int, int, int, int, int]:
    """A zip entry's date (UTC, since the format has no zone) for `seconds`, to the format's two seconds, so the date
    written is the date read back."""
    when = dt.datetime.fromtimestamp(max(seconds, ZIP_FLOOR), dt.UTC)
    return (when.year, when.month, when.day, when.hour, when.minute, when.second // 2 * 2)


def zip_entry(name: str, seconds: int, compress_type: int = zipfile.ZIP_DEFLATED) -> zipfile.ZipInfo:
    """A member with a fixed date, permissions and system, instead of the clock's time and this machine's umask."""
    info = zipfile.ZipInfo(name, date_time=zip_date(seconds))
    info.compress_type = compress_type
    info.create_system = 3  # Unix, whatever builds it, so the mode below means the same everywhere
    info.external_attr = 0o644 << 16
    return info

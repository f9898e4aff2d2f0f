"""`python -m guide.outputs.offline_build [BUILD_DIR]`: build the offline site and its zip, and print the zip's path.

`scripts/site build` runs this before the online build, and `python -m guide.outputs.offline_build --size ZIP` to print
the
zip's size exactly as the Download page states it. A module of its own, because the package's `__init__` imports
`guide.outputs.offline` and running that module as `__main__` would load it twice.
"""

from __future__ import annotations

import sys
from pathlib import Path

from guide.outputs.offline import (
    DOWNLOADS,
    ROOT,
    archive_name,
    build_site,
    build_time,
    describe,
    folder_name,
    make_zip,
    version,
)
from guide.outputs.reproducible import EpochError


def main(argv: list[str] | None = None) -> int:
    """Build into BUILD_DIR/offline/ and zip it into BUILD_DIR/downloads/ (default BUILD_DIR: build/)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--size"]:
        if len(args) != 2 or not Path(args[1]).is_file():
            print("usage: python -m guide.outputs.offline_build --size path/to/offline.zip", file=sys.stderr)
            return 2
        print(describe(Path(args[1])).size_text)
        return 0
    build_dir = Path(args[0]) if args else ROOT / "build"
    ver = version()
    site = build_dir / "offline"
    try:
        when = build_time()
        build_site(site)
    except (RuntimeError, EpochError) as error:
        print(error, file=sys.stderr)
        return 1
    archive = make_zip(site, build_dir / DOWNLOADS / archive_name(ver), folder_name(ver), when)
    print(archive)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`python -m macros.offline_build [BUILD_DIR]`: build the offline site and its zip, and print the zip's path.

`scripts/site build` runs this before the online build. A module of its own, because the package's `__init__`
imports `macros.offline` and running that module as `__main__` would load it twice.
"""

from __future__ import annotations

import sys
from pathlib import Path

from macros.offline import DOWNLOADS, ROOT, archive_name, build_site, build_time, folder_name, make_zip, version


def main(argv: list[str] | None = None) -> int:
    """Build into BUILD_DIR/offline/ and zip it into BUILD_DIR/downloads/ (default BUILD_DIR: build/)."""
    args = sys.argv[1:] if argv is None else argv
    build_dir = Path(args[0]) if args else ROOT / "build"
    ver = version()
    site = build_dir / "offline"
    try:
        build_site(site)
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    archive = make_zip(site, build_dir / DOWNLOADS / archive_name(ver), folder_name(ver), build_time())
    print(archive)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

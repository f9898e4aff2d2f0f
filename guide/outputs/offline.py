"""The offline download: the guide built for file://, zipped, and described on the Download page.

`scripts/site build` runs `python -m guide.outputs.offline_build` first: it builds mkdocs.offline.yml into
build/offline/ and
zips it into build/downloads/. The online build then gets the zip's path in OFFLINE_ZIP (mkdocs.yml reads it into
`extra.offline_zip`): the Download page states its size, version and date, and `macros/hooks.py` copies it into
site/downloads/. The zip is made first because the page that describes it is part of the online build.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

from guide.outputs import reproducible

ROOT = Path(__file__).resolve().parents[2]
CONFIG = "mkdocs.offline.yml"
NAME = "llm-finetuning-guide"
DOWNLOADS = "downloads"  # under site/, next to whatever else the build offers for download
# Left out of the zip: source maps (for debugging Material, a third of the size) and the JSON search index, which the
# offline plugin has inlined into search/search_index.js, the file that search loads from disk.
EXCLUDE = ("*.map", "search/search_index.json")


def version(root: Path = ROOT) -> str:
    """The guide's version, from pyproject.toml: one place to bump it."""
    with (root / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def build_time() -> dt.datetime:
    """SOURCE_DATE_EPOCH, else the last commit's time (guide/outputs/reproducible.py): a rebuild gives the same
    archive."""
    return reproducible.build_datetime()


def archive_name(ver: str) -> str:
    return f"{NAME}-{ver}-offline.zip"


def folder_name(ver: str) -> str:
    """The one folder inside the zip, so unzipping never scatters files into the reader's Downloads folder."""
    return f"{NAME}-{ver}"


def build_site(out: Path, root: Path = ROOT) -> None:
    """Build the offline variant with the real CLI, strict like the online build; raise with mkdocs' output."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / CONFIG), "-d", str(out)],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"offline build failed:\n{result.stdout}{result.stderr}")


def make_zip(site: Path, target: Path, folder: str, when: dt.datetime) -> Path:
    """Zip `site` under `folder/`, in sorted order with one timestamp, so equal inputs give an equal archive."""
    target.parent.mkdir(parents=True, exist_ok=True)
    seconds = int(when.timestamp())
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(p for p in site.rglob("*") if p.is_file() and not _excluded(p.relative_to(site))):
            info = reproducible.zip_entry(f"{folder}/{path.relative_to(site).as_posix()}", seconds)
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return target


def _excluded(relative: Path) -> bool:
    return any(fnmatch.fnmatch(relative.as_posix(), pattern) for pattern in EXCLUDE)


@dataclass(frozen=True)
class Download:
    """What the Download page says about the archive."""

    name: str
    size: int
    version: str
    built: dt.date

    @property
    def size_text(self) -> str:
        return f"{self.size / 1_000_000:.1f} MB" if self.size >= 100_000 else f"{round(self.size / 1000)} kB"


def describe(archive: Path) -> Download:
    """Read size, version and date back from the archive itself, so the page can never disagree with the file."""
    with zipfile.ZipFile(archive) as zipped:
        first = zipped.infolist()[0]
    folder = first.filename.split("/", 1)[0]
    return Download(
        name=archive.name,
        size=archive.stat().st_size,
        version=folder.removeprefix(f"{NAME}-"),
        built=dt.date(*first.date_time[:3]),
    )


def publish(archive: Path, site_dir: Path) -> Path:
    """Copy the archive into the built site's downloads/ folder (other downloads may already be there)."""
    target = site_dir / DOWNLOADS / archive.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(archive, target)
    return target


# In the not-found page, which MkDocs writes with root-absolute addresses (a server shows it at any depth): an address
# from the site's root, Material's configured base and search worker, and its storage scope.
_ROOT_ADDRESS = re.compile(r'(\s(?:href|src|content)=")/(?!/)')
_ROOT_CONFIG = (
    ('"base": "/"', '"base": "."'),
    ('"search": "/', '"search": "'),
    ('URL("/",location)', 'URL(".",location)'),
)


def relative_not_found(site_dir: Path) -> None:
    """Make the offline copy's 404.html work from disk: from `file://`, `/assets/...` is the disk's root, so the page
    lost its styles and its links went nowhere. It sits at the site's root, so a root-absolute address becomes
    relative by dropping its slash."""
    page = site_dir / "404.html"
    if not page.is_file():
        return
    html = _ROOT_ADDRESS.sub(r"\1", page.read_text(encoding="utf-8")).replace(' href=""', ' href="./"')
    for old, new in _ROOT_CONFIG:
        html = html.replace(old, new)
    page.write_text(html, encoding="utf-8")

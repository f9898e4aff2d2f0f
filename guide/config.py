"""The few settings of `mkdocs.yml` the library needs, read without any engine: for `python -m guide postbuild`,
which runs after an engine that has no hooks (Zensical) has built the pages.

It reads what MkDocs reads for these keys: `INHERIT` (the offline configuration inherits the online one), `!ENV`
values with their defaults, and Markdown extensions in MkDocs' order (its built-in `toc`, `tables` and
`fenced_code` first), so the library renders exactly as it does inside MkDocs (a test compares the two readings).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# MkDocs always loads these before the configured ones (mkdocs/config/defaults.py, `markdown_extensions`).
BUILTIN_EXTENSIONS = ("toc", "tables", "fenced_code")


@dataclass
class Config:
    """The engine-neutral part of a site configuration, with MkDocs' attribute names."""

    config_file_path: str
    docs_dir: str
    site_dir: str
    site_url: str = ""
    repo_url: str = ""
    use_directory_urls: bool = True
    markdown_extensions: list[str] = field(default_factory=list)
    mdx_configs: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


class _Loader(yaml.SafeLoader):
    """Safe YAML plus MkDocs' `!ENV` (pyyaml_env_tag) and `!relative` tags."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    # `!ENV NAME` or `!ENV [NAME, OTHER, default]`: the first variable that is set, else the last item as default.
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        items = loader.construct_sequence(node)  # type: ignore[arg-type]
        names, default = items[:-1] if len(items) > 1 else items, items[-1] if len(items) > 1 else None
    for name in names:
        if str(name) in os.environ:
            return yaml.safe_load(os.environ[str(name)]) if os.environ[str(name)] else os.environ[str(name)]
    return default


def _relative(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    return loader.construct_scalar(node)  # type: ignore[arg-type]


_Loader.add_constructor("!ENV", _env)
_Loader.add_constructor("!relative", _relative)


def _merge(base: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    # As MkDocs merges INHERIT (mergedeep's additive merge is not needed for these keys): mappings merge, the rest
    # the child replaces.
    out = dict(base)
    for key, value in child.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _raw(path: Path) -> dict[str, Any]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
    parent = data.pop("INHERIT", None)
    if parent:
        data = _merge(_raw(path.parent / parent), data)
    return data


def _extensions(items: list[Any]) -> tuple[list[str], dict[str, Any]]:
    names: list[str] = []
    configs: dict[str, Any] = {}
    for item in [*BUILTIN_EXTENSIONS, *items]:
        if isinstance(item, dict):
            ((name, settings),) = item.items()
            if settings:
                configs[name] = settings
        else:
            name = str(item)
        if name not in names:
            names.append(name)
    return names, configs


def read(path: Path) -> Config:
    """The settings of the configuration file at `path`."""
    data = _raw(path)
    names, configs = _extensions(list(data.get("markdown_extensions") or []))
    root = path.parent
    return Config(
        config_file_path=str(path),
        docs_dir=str(root / data.get("docs_dir", "docs")),
        site_dir=str(root / data.get("site_dir", "site")),
        site_url=str(data.get("site_url") or ""),
        repo_url=str(data.get("repo_url") or ""),
        use_directory_urls=bool(data.get("use_directory_urls", True)),
        markdown_extensions=names,
        mdx_configs=configs,
        extra=dict(data.get("extra") or {}),
    )

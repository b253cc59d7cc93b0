"""Helpers of the site tests: the site builder, ``mkdocs build --strict``, and an HTML reader.

(This folder has no ``__init__.py``: as a package it would be named ``site`` and shadow the
standard library's ``site`` module.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
#: The build folder the tests generate the pages into, as ``make pages`` does (conftest.py).
BUILD = REPO / "build" / "pages"


def build_script() -> ModuleType:
    """The generator (``python -m reversis_site``)."""
    import reversis_site.build

    return reversis_site.build


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml as MkDocs reads it, for what the tests need: ``!ENV [NAME, default]`` is its default."""


_ConfigLoader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])  # type: ignore[arg-type]
_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)  # other tags (!!python/name:) as nothing


def mkdocs_config() -> dict[str, Any]:
    """The configuration MkDocs builds the site with: the repository's ``mkdocs.yml`` with what the
    generated one (``build/pages/mkdocs.yml``, which inherits it) adds, each environment variable at
    its default."""
    config: dict[str, Any] = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)
    generated = yaml.load((BUILD / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)
    for key, value in generated.items():
        if key == "markdown_extensions":
            for name, options in value.items():
                config[key][name] = {**(config[key].get(name) or {}), **options}
        elif key != "INHERIT":
            config[key] = value
    return config


def mkdocs_build(
    config: Path, site_dir: Path, *, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` (``build/pages/mkdocs.yml``, generated) into
    ``site_dir``, as ``make build`` runs it (``make offline`` with ``environment={"REVERSIS_OFFLINE":
    "true"}``)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(environment or {})}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(config),
            "--site-dir",
            str(site_dir),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        check=False,
    )


def finish(site_dir: Path, *, with_try: bool = True) -> subprocess.CompletedProcess[str]:
    """The builder's steps after ``mkdocs build`` (``python -m reversis_site.finish``): the search's
    documents, the Content-Security-Policy, and the files of "Try it" (the engine in the page), as
    ``make build`` runs them (``make offline`` without "Try it")."""
    return subprocess.run(
        [sys.executable, "-m", "reversis_site.finish", str(site_dir), *([] if with_try else ["--no-try"])],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )


class Elements(HTMLParser):
    """The ids of a page, and the text of the elements of chosen classes (with the classes to skip inside)."""

    def __init__(self, classes: frozenset[str] = frozenset(), skip: frozenset[str] = frozenset()) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.texts: dict[str, list[str]] = {c: [] for c in classes}
        self.classes = classes
        self.skip = skip
        self.urls: list[tuple[str, str, str]] = []
        self._stack: list[tuple[str, str | None, bool]] = []  # tag, class collected, skipping

    _VOID = frozenset({"br", "img", "input", "link", "meta", "hr", "source", "wbr", "area", "base", "col", "embed"})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))
        for name in ("src", "href"):
            if attributes.get(name):
                self.urls.append((tag, name, str(attributes[name])))
        if tag in self._VOID:
            return
        classes = set((attributes.get("class") or "").split())
        collected = next((c for c in self.classes if c in classes), None)
        skipping = bool(self._stack and self._stack[-1][2]) or bool(classes & self.skip)
        if collected is not None:
            self.texts[collected].append("")
        elif self._stack:
            collected = self._stack[-1][1]
        self._stack.append((tag, collected, skipping))

    def handle_endtag(self, tag: str) -> None:
        if tag in self._VOID:
            return
        while self._stack:
            open_tag, _, _ = self._stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._stack:
            _, collected, skipping = self._stack[-1]
            if collected is not None and not skipping:
                self.texts[collected][-1] += data


def parse_page(path: Path, classes: frozenset[str] = frozenset(), skip: frozenset[str] = frozenset()) -> Elements:
    parser = Elements(classes, skip)
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser

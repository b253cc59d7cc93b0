"""The site built by Zensical (``make zensical``, :mod:`reversis_site.zensical`) against the MkDocs
build: the same pages, each with the same main text, and the builder's steps run after it (the
search's documents made from Zensical's ``search.json``). A build of its own, so it runs in ``make
test-all`` (marked slow); the README says what differs between the two builds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from reversis_site import finish
from reversis_site import zensical as site_zensical
from test_site_words import _prose


def _build(folder: Path) -> None:
    site_zensical.build(folder)
    finish.finish(folder, with_try=False)  # "Try it" copies the same files whichever built the pages


@pytest.fixture(scope="session")
def zensical_site(shared_once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    return shared_once("site-zensical", _build)


def _pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.relative_to(site).parts[0] != "try"}


def _text(page: Path) -> tuple[str, str]:
    """A page's main text: its prose, spaces collapsed, and all its characters, code included, without
    their spaces (Zensical highlights a YAML block token by token, each token an element of its own,
    where MkDocs keeps the line whole: the same characters, spaced otherwise by the parser)."""
    return " ".join(_prose(page, with_code=False).split()), "".join(_prose(page, with_code=True).split())


@pytest.mark.slow
def test_zensical_builds_every_page_with_the_same_main_text(built_site: Path, zensical_site: Path) -> None:
    pages = _pages(built_site)
    assert len(pages) > 150
    assert _pages(zensical_site) == pages
    differ = [page for page in sorted(pages) if _text(zensical_site / page) != _text(built_site / page)]
    assert differ == [], f"{len(differ)} pages whose main text differs: {differ[:10]}"
    documents = json.loads((zensical_site / "search" / "documents.json").read_text(encoding="utf-8"))["docs"]
    locations = {d["location"] for d in documents}
    assert "sources/encyclopedie-1765/#p4" in locations and "topics/quinola/" in locations
    assert any(d.get("fold_text") for d in documents)

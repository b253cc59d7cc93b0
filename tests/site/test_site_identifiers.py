"""Every address the exports give is one the built site has: the annotations' ids (an anchor on their
source's page), the files their selectors and collections name, and the paragraphs' addresses that
the CSL-JSON items carry (each work's: its source's page, or its dictionary entry's heading)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from site_build import REPO

from reversis.annotations.webanno import export_files as annotation_exports
from reversis.corpus import SITE_URL, load_corpus


def _local(built_site: Path, url: str) -> tuple[Path, str]:
    """The built file of a site address, and its fragment (``""`` if none)."""
    assert url.startswith(SITE_URL), url
    path, _, fragment = url.removeprefix(SITE_URL).partition("#")
    file = built_site / path
    return (file / "index.html" if path.endswith("/") or not path else file), fragment


def _ids(page: Path, cache: dict[Path, set[str]]) -> set[str]:
    if page not in cache:
        cache[page] = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
    return cache[page]


def test_every_annotation_address_of_the_exports_is_on_the_site(built_site: Path) -> None:
    from reversis.annotations import load_annotations

    cache: dict[Path, set[str]] = {}
    files = annotation_exports(load_corpus(), load_annotations())
    count = 0
    for data in (json.loads(content) for content in files.values()):
        assert _local(built_site, data["id"])[0].is_file(), data["id"]
        for item in data.get("first", {}).get("items", []):
            count += 1
            page, anchor = _local(built_site, item["id"])
            assert anchor in _ids(page, cache), item["id"]
            quote, position = item["target"]
            page, anchor = _local(built_site, quote["source"])
            assert anchor in _ids(page, cache), quote["source"]
            assert _local(built_site, position["source"]["id"])[0].is_file(), position["source"]["id"]
    assert count == len(load_annotations())


def test_every_citation_address_is_on_the_site(built_site: Path) -> None:
    cache: dict[Path, set[str]] = {}
    count = 0
    for source in load_corpus().sources:
        items = json.loads((REPO / "corpus" / source.id / "exports" / f"{source.id}.csl.json").read_bytes())
        for item in items:
            count += 1
            page, anchor = _local(built_site, item["URL"])
            assert page.is_file(), item["URL"]
            assert not anchor or anchor in _ids(page, cache), item["URL"]
    assert count == sum(len(s.entries) or 1 for s in load_corpus().sources)  # one item per work


def test_the_json_schemas_are_published_at_their_id(built_site: Path) -> None:
    """Each schema the package ships is on the site at the address its ``$id`` names, byte for byte."""
    schemas = sorted((REPO / "reversis" / "schemas").glob("*.schema.json"))
    assert [p.name for p in schemas] == ["result.schema.json", "scenario.schema.json"]
    for path in schemas:
        published, fragment = _local(built_site, json.loads(path.read_text(encoding="utf-8"))["$id"])
        assert not fragment and published.is_file(), path.name
        assert published.read_bytes() == path.read_bytes(), path.name

"""``CITATION.cff`` parses as YAML, has the keys of CFF 1.2.0, and says what ``reversis cite --project``
says: the same title, authors, address, version and release date."""

from __future__ import annotations

import json
import tomllib
from importlib import metadata
from typing import Any

import yaml
from corpus_fixtures import REPO

from reversis.corpus.cite import PROJECT, cite_project, project_item


def _cff() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    return data


def test_citation_cff_parses_and_has_the_required_keys() -> None:
    data = _cff()
    assert {"cff-version", "message", "title", "authors", "version", "date-released"} <= set(data)
    assert data["cff-version"] == "1.2.0"
    assert data["title"] == "Reversis: a reference for the historical card game"
    assert data["type"] == "software" and data["license"] == "MIT"
    assert data["authors"] == [{"name": "The Reversis reference contributors"}]
    assert "repository-code" not in data


def test_the_version_is_the_package_s_and_the_release_date_a_date() -> None:
    data = _cff()
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["version"] == pyproject["project"]["version"] == metadata.version("reversis")
    released = data["date-released"]
    assert hasattr(released, "isoformat"), "date-released is a YAML date (YYYY-MM-DD), not text"


def test_cite_project_says_what_citation_cff_says() -> None:
    data = _cff()
    assert PROJECT["title"] == data["title"]
    assert list(PROJECT["authors"]) == [a["name"] for a in data["authors"]]
    assert PROJECT["url"] == data["url"] and PROJECT["license"] == data["license"]
    assert PROJECT["version"] == data["version"]
    assert PROJECT["date-released"] == data["date-released"].isoformat()
    released = data["date-released"]
    item = project_item()
    assert item["version"] == data["version"]
    assert item["issued"] == {"date-parts": [[released.year, released.month, released.day]]}
    (exported,) = json.loads(cite_project(fmt="csl-json"))
    assert exported == item
    bibtex = cite_project(fmt="bibtex")
    assert f"version = {{{data['version']}}}" in bibtex and f"year = {{{released.year}}}" in bibtex
    for style in ("chicago", "apa", "mla"):
        text = cite_project(style=style)
        assert str(released.year) in text and data["url"] in text, (style, text)
    assert f"(Version {data['version']})" in cite_project(style="apa")

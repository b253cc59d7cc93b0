"""``CITATION.cff`` parses as YAML and has the keys of CFF 1.2.0."""

from __future__ import annotations

import yaml
from corpus_fixtures import REPO


def test_citation_cff_parses_and_has_the_required_keys() -> None:
    data = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert {"cff-version", "message", "title", "authors"} <= set(data)
    assert data["cff-version"] == "1.2.0"
    assert data["title"] == "Reversis: a reference for the historical card game"
    assert data["type"] == "software" and data["license"] == "MIT"
    assert data["authors"] == [{"name": "The Reversis reference contributors"}]
    assert "repository-code" not in data

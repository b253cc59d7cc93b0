"""Fixtures of the corpus tests: a small corpus built in ``tmp_path``, and the real one."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from corpus_fixtures import SOURCES

MakeCorpus = Callable[..., Path]


@pytest.fixture
def make_corpus(tmp_path: Path) -> MakeCorpus:
    """Build the test corpus under ``tmp_path``; keyword ``changes`` maps "source/file" to new text,
    or to a function of the old text."""

    def build(changes: dict[str, str | Callable[[str], str]] | None = None) -> Path:
        root = tmp_path / "corpus"
        for source_id, files in SOURCES.items():
            folder = root / source_id
            folder.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                change = (changes or {}).get(f"{source_id}/{name}")
                if callable(change):
                    text = change(text)
                elif change is not None:
                    text = change
                (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
        return root

    return build


@pytest.fixture
def corpus_root(make_corpus: MakeCorpus) -> Path:
    """A valid test corpus."""
    return make_corpus()

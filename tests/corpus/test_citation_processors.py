"""The exports as the tools that scholars use read them: citeproc-py renders every CSL-JSON item in
Chicago, APA and MLA; pybtex and bibtexparser parse every BibTeX entry; biber checks them against
biblatex's data model where it is installed (Debian's ``biber``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

import bibtexparser
import pytest
from corpus_fixtures import REAL_CORPUS, real_source_ids

from reversis.corpus import SITE_URL, STYLES, load_corpus
from reversis.corpus.cite import render_csl

SOURCE_IDS = real_source_ids()


def _items() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for source_id in SOURCE_IDS:
        path = REAL_CORPUS / source_id / "exports" / f"{source_id}.csl.json"
        items += json.loads(path.read_text(encoding="utf-8"))
    return items


ITEMS = _items()


def _bib_files() -> list[Path]:
    return [REAL_CORPUS / s / "exports" / f"{s}.bib" for s in SOURCE_IDS]


def test_every_paragraph_and_source_has_an_item() -> None:
    corpus = load_corpus(REAL_CORPUS)
    assert [i["id"] for i in ITEMS] == [x for s in corpus.sources for x in (s.id, *(p.id for p in s.paragraphs))]


def test_every_item_carries_its_own_address_and_says_which_paragraph_it_is() -> None:
    corpus = load_corpus(REAL_CORPUS)
    for item in ITEMS:
        source_id, _, number = item["id"].partition(":")
        page = f"{SITE_URL}sources/{source_id}/"
        if number:
            assert item["URL"] == f"{page}#{corpus.paragraph(item['id']).anchor}", item["id"]
            assert item["section"] == f"paragraph {number}"
            assert f"paragraph {item['id']}" in item["note"]
        else:
            assert item["URL"] == page and "section" not in item


@pytest.mark.parametrize("style", STYLES)
def test_no_two_paragraphs_are_cited_alike_and_no_author_slot_holds_a_publisher_or_a_note(style: str) -> None:
    rendered: dict[str, list[str]] = defaultdict(list)
    for item in ITEMS:
        text = render_csl(item, style=style)
        rendered[text].append(item["id"])
        assert item["URL"] in text, (item["id"], text)
        assert "attributed" not in text, (item["id"], text)
        if item.get("author"):
            assert text.startswith(item["author"][0]["family"] + ","), (item["id"], text)
        else:
            for other in (item.get("publisher"), item.get("genre"), item["note"][:20]):
                assert not other or not text.startswith(other), (item["id"], text)
            editors = [e["family"] for e in item.get("editor", [])]
            assert style == "chicago" or not any(text.startswith(name) for name in editors), (item["id"], text)
    alike = {text: ids for text, ids in rendered.items() if len(ids) > 1}
    assert not alike
    assert len(rendered) == len(ITEMS)


def test_the_attributed_author_is_a_name_and_the_attribution_is_in_the_note() -> None:
    items = [i for i in ITEMS if i.get("author")]
    assert items  # the dictionary's entries
    for item in items:
        assert item["author"] == [{"family": "Lacombe", "given": "Jacques"}]
        assert "attributed" in item["note"].lower()
    chicago = render_csl(next(i for i in items if i["id"] == "dictionnaire-jeux-r:15"), style="chicago")
    assert chicago.startswith("Lacombe, Jacques. “ROMESTECQ (jeu du).”")
    assert "1796–1797" in chicago


def _bib_entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    for path in _bib_files():
        library = bibtexparser.parse_string(path.read_text(encoding="utf-8"))
        assert not library.failed_blocks, path
        for entry in library.entries:
            entries[entry.key] = {f.key: f.value for f in entry.fields}
    return entries


def test_bibtex_years_are_what_plain_bibtex_reads_and_dates_what_biblatex_reads() -> None:
    entries = _bib_entries()
    assert len(entries) == len(ITEMS)
    years = {key: fields.get("year") for key, fields in entries.items()}
    assert all(y is None or re.fullmatch(r"\d{4}(--\d{4})?", y) for y in years.values()), set(years.values())
    dictionary = entries["dictionnaire-jeux-r:15"]
    assert (dictionary["year"], dictionary["date"]) == ("1796--1797", "1796/1797")
    assert dictionary["author"] == "Lacombe, Jacques" and "attributed" in dictionary["annote"]
    undated = entries["espagnolette-19c:6"]
    assert "year" not in undated and undated["date"] == "18XX" and undated["note"].startswith("Date: n.d. [19th c.]")
    assert entries["encyclopedie-1765:4"]["year"] == "1765" and "date" not in entries["encyclopedie-1765:4"]
    for key, fields in entries.items():
        source_id, _, number = key.partition(":")
        assert fields["url"].startswith(f"{SITE_URL}sources/{source_id}/"), key
        assert fields["url"].endswith(f"#p{number}" if number else "/"), key


def test_pybtex_parses_every_entry_with_its_names() -> None:
    database = pytest.importorskip("pybtex.database")
    count = 0
    for path in _bib_files():
        data = database.parse_file(str(path), bib_format="bibtex")
        for key, entry in data.entries.items():
            count += 1
            for person in entry.persons.get("author", []):
                assert person.last_names and person.first_names, (key, str(person))
    assert count == len(ITEMS)
    lacombe = database.parse_file(str(REAL_CORPUS / "dictionnaire-jeux-r" / "exports" / "dictionnaire-jeux-r.bib"))
    (person,) = lacombe.entries["dictionnaire-jeux-r:15"].persons["author"]
    assert (person.last_names, person.first_names) == (["Lacombe"], ["Jacques"])


@pytest.mark.skipif(shutil.which("biber") is None, reason="biber is not installed (apt-get install biber)")
def test_biber_validates_every_entry_against_the_biblatex_data_model(tmp_path: Path) -> None:
    bib = tmp_path / "all.bib"
    bib.write_text("\n".join(p.read_text(encoding="utf-8") for p in _bib_files()), encoding="utf-8")
    run = subprocess.run(
        ["biber", "--tool", "--validate-datamodel", "--output-directory", str(tmp_path), bib.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-2000:]
    problems = [
        line
        for line in log.splitlines()
        if line.startswith(("ERROR", "WARN"))
        # what the records do not know (an author, an editor, a date) is left out, not guessed; plain
        # BibTeX's year 1796--1797 beside biblatex's date 1796/1797 is read from the date by biber
        and "Missing mandatory field" not in line
        and not re.search(r"legacy year field '\d{4}--\d{4}'", line)
    ]
    assert not problems, problems


def test_an_unsigned_entry_of_an_edited_work_is_a_chapter_and_a_signed_one_keeps_its_type() -> None:
    """The APA styles put the publisher in an unsigned ``entry-encyclopedia``'s author slot (the stock
    style, as citeproc-js and Zotero run it): an unsigned entry is exported as a ``chapter``."""
    types = {item["id"]: item["type"] for item in ITEMS}
    assert types["encyclopedie-1765:4"] == "chapter" and types["dictionnaire-jeux-r:2"] == "chapter"
    assert types["dictionnaire-jeux-r:15"] == "entry-dictionary"
    unsigned = [i for i in ITEMS if i["type"] == "chapter" and not i.get("author")]
    corpus = load_corpus(REAL_CORPUS)
    # every item of the Encyclopédie and of the espagnolette fragment, and the dictionary's extract
    expected = sum(1 + len(corpus.source(s).paragraphs) for s in ("encyclopedie-1765", "espagnolette-19c")) + 3
    assert len(unsigned) == expected

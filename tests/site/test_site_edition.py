"""A source page as an edition, in its built HTML: each paragraph's text is its clean text with its
corrections explained in its apparatus, its Cite box gives what ``reversis cite`` gives, the lines
left out of the text say why once, and no page skips a heading level. (The same pages in a browser,
quotes found where the Web Annotations say: ``browser_reading.py``.)"""

from __future__ import annotations

import itertools
import re
from html import unescape
from pathlib import Path

import pytest

from reversis.corpus import STYLES, cite, load_corpus

SOURCES = [source.id for source in load_corpus().sources]


def _html(site: Path, source_id: str) -> str:
    return (site / "sources" / source_id / "index.html").read_text(encoding="utf-8")


def _text(html: str) -> str:
    """The text a reader sees: the tags taken out, the words a stylesheet draws from data-text put in."""
    drawn = re.sub(r'<[^>]*\bdata-text="([^"]*)"[^>]*>', r"\1", html)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", drawn))).strip()


@pytest.mark.parametrize("source_id", SOURCES)
def test_every_correction_in_the_text_opens_its_entry_with_the_ocrs_reading(built_site: Path, source_id: str) -> None:
    """The corrected words name their entry in the paragraph's list of corrections, which gives what
    the OCR read, the correction and its class: the title attribute (a tooltip) is not the only place."""
    html = _html(built_site, source_id)
    entries = dict(
        re.findall(r'<li class="correction-entry[^"]*" id="([^"]+)" tabindex="-1">(.*?)</li>', html, re.DOTALL)
    )
    named = re.findall(
        r'<span class="correction correction-([\w-]+)[^"]*" data-correction="([^"]+)" title="([^"]*)"', html
    )
    source = load_corpus().source(source_id)
    in_paragraphs = [c for p in source.paragraphs for c in p.corrections]
    assert len(named) == len(entries) == len(in_paragraphs)
    for (cls, entry_id, title), correction in zip(named, in_paragraphs, strict=True):
        entry = _text(entries[entry_id])
        assert cls == correction.cls and correction.cls in entry, entry_id
        assert unescape(title).endswith(f"OCR: {' '.join(correction.ocr.split())}") or not correction.ocr.strip()
        if correction.ocr.strip():
            assert " ".join(correction.ocr.split()) in entry, entry_id
        if correction.clean.strip():
            assert " ".join(correction.clean.split()) in entry, entry_id


@pytest.mark.parametrize("source_id", SOURCES)
def test_each_paragraphs_cite_box_gives_what_reversis_cite_gives(built_site: Path, source_id: str) -> None:
    html = _html(built_site, source_id)
    corpus = load_corpus()
    boxes = re.findall(
        r'<div class="cite" aria-label="Cite ([^"]+)" role="group">(.*?)</div>\s*</div>\s*</div>', html, re.DOTALL
    )
    assert [pid for pid, _ in boxes] == [p.id for p in corpus.source(source_id).paragraphs]
    for pid, box in boxes:
        labels = [_text(label) for label in re.findall(r"<label [^>]*>(.*?)</label>", box)]
        assert labels == ["Chicago notes", "Chicago author-date", "APA", "MLA", "BibTeX", "CSL-JSON", "RIS"], pid
        # each citation waits in a template, put in its code block when the apparatus opens
        assert re.findall(r"<pre[^>]*><code[^>]*>(.*?)</code></pre>", box, re.DOTALL) == [""] * len(labels), pid
        shown = [unescape(code) for code in re.findall(r'<template class="cite-text">(.*?)</template>', box, re.DOTALL)]
        wanted = [cite(pid, style=style, corpus=corpus) for style in STYLES]
        wanted += [cite(pid, fmt=fmt, corpus=corpus) for fmt in ("bibtex", "csl-json", "ris")]
        assert [s.strip() for s in shown] == [w.strip() for w in wanted], pid


def test_a_line_left_out_of_the_text_is_not_shown_as_text_but_says_why(built_site: Path) -> None:
    """The Spanish web page's title printed twice: the text gives it once (its first paragraph); the
    second is listed among the lines left out, with the reason, inside a closed box."""
    html = _html(built_site, "revesino-es")
    assert "Not part of the text" not in html
    boxes = re.findall(r'<details class="excluded">(.*?)</details>', html, re.DOTALL)
    assert len(boxes) == 2  # the title again, then the page's chrome after the text
    first = _text(boxes[0])
    assert first.startswith("1 line of the OCR left out of the text") and "the title printed a second time" in first
    assert _text(boxes[1]).startswith("7 lines of the OCR left out of the text")
    body = html[html.index('id="text"') : html.index('id="about"')]
    shown = _text(re.sub(r'<details class="excluded">.*?</details>', "", body, flags=re.DOTALL))
    assert "Documento sin título" not in shown


def _headings(html: str) -> list[int]:
    main = html[html.index('<article class="md-content__inner') :]
    return [int(level) for level in re.findall(r"<h([1-6])[\s>]", main[: main.index("</article>")])]


def test_no_page_skips_a_heading_level(built_site: Path) -> None:
    """Every page of the site, of every kind (source, topic, ruleset, example, glossary, cite …):
    one h1 first, and no heading more than one level below the one before it."""
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 150
    skips = []
    for page in pages:
        levels = _headings(page.read_text(encoding="utf-8"))
        if not levels:
            continue
        if levels[0] != 1 or levels.count(1) != 1:
            skips.append(f"{page.relative_to(built_site)}: h1 {levels.count(1)} times, first h{levels[0]}")
        skips += [f"{page.relative_to(built_site)}: h{a} then h{b}" for a, b in itertools.pairwise(levels) if b > a + 1]
    assert not skips, "\n".join(skips[:20])


@pytest.mark.parametrize("source_id", SOURCES)
def test_every_term_glossed_in_a_paragraph_is_in_its_apparatus(built_site: Path, source_id: str) -> None:
    """A term's sense is a tooltip in the text (for a mouse), and stands in the paragraph's apparatus
    too, where the keyboard and a tap reach it."""
    html = _html(built_site, source_id)
    passages = re.findall(r'<div class="passage-text" data-paragraph="(\w+)">(.*?)</details>', html, re.DOTALL)
    assert len(passages) == len(load_corpus().source(source_id).paragraphs)
    glossed = 0
    for anchor, passage in passages:
        text = re.search(r'<p class="transcription"[^>]*>(.*?)</p>', passage, re.DOTALL)
        assert text, anchor
        terms = re.findall(r'<abbr title="([^"]+)">', text.group(1))
        listed = dict(re.findall(r"<dt [^>]*>(.*?)</dt><dd>(.*?)</dd>", passage, re.DOTALL))
        for title in terms:
            name, _, sense = unescape(title).partition(": ")
            assert unescape(listed.get(name, "")) == sense, f"{anchor}: {name}"
        glossed += len(terms)
    assert glossed > 10

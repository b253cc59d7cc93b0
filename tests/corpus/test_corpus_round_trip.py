"""The round-trip invariant of every real transcription, checked by our parser and by pymdownx.critic.

Rejecting every change gives back ``ocr.txt`` (whitespace collapsed), accepting every change gives
the clean text; pymdownx.critic's own ``reject`` and ``accept`` modes must agree.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from corpus_fixtures import REAL_CORPUS, real_source_ids
from pymdownx import critic

from reversis.corpus import Source, load_source
from reversis.corpus.load import read_blocks
from reversis.corpus.markup import collapse
from reversis.corpus.validate import number_key

SOURCE_IDS = real_source_ids()
_ID_LINE = re.compile(r"^\{:\s*#p\d+[a-z]?(?:\s+\w+=\"[^\"]*\")*\s*\}$", re.MULTILINE)
_PAGE_BREAK = re.compile(r"<!--\s*pb\s+n=\"[^\"]*\"\s*-->")


def source(source_id: str) -> Source:
    return load_source(REAL_CORPUS / source_id)


def body(path: Path) -> str:
    """The transcription without its front matter."""
    text = path.read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1] if text.startswith("---\n") else text


def critic_mode(text: str, mode: str) -> str:
    """The text after pymdownx.critic's preprocessor in ``mode`` (accept or reject).

    Id lines and page-break markers are removed, whitespace collapsed.
    """
    pre = critic.CriticViewPreprocessor(critic.CriticStash(critic.CRITIC_KEY))
    pre.config = {"mode": mode, "raw_view": False}
    out = "\n".join(pre.run(text.split("\n")))
    return collapse(_PAGE_BREAK.sub("", _ID_LINE.sub(" ", out)))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def rendered_text(text: str, mode: str) -> str:
    """The text content of the HTML that Markdown renders with pymdownx.critic in ``mode``."""
    html = markdown.markdown(
        text,
        extensions=["attr_list", "pymdownx.critic"],
        extension_configs={"pymdownx.critic": {"mode": mode}},
    )
    parser = _Text()
    parser.feed(html)
    parser.close()
    return collapse(" ".join(parser.parts))


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_every_paragraph_rejects_to_its_ocr_and_accepts_to_its_clean_text(source_id: str) -> None:
    src = source(source_id)
    ocr = collapse(src.ocr_text)
    for para in src.paragraphs:
        assert para.ocr and para.ocr in ocr, para.id
        assert para.clean, para.id


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_whole_transcription_rejects_to_ocr_txt(source_id: str) -> None:
    _, blocks = read_blocks(REAL_CORPUS / source_id / "transcription.md")
    rejected = collapse(" ".join(b.ocr for b in blocks if b.segments))
    assert rejected == collapse((REAL_CORPUS / source_id / "ocr.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_pymdownx_critic_reject_mode_gives_back_ocr_txt(source_id: str) -> None:
    text = body(REAL_CORPUS / source_id / "transcription.md")
    assert critic_mode(text, "reject") == collapse((REAL_CORPUS / source_id / "ocr.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_pymdownx_critic_accept_mode_gives_the_clean_text(source_id: str) -> None:
    src = source(source_id)
    text = body(REAL_CORPUS / source_id / "transcription.md")
    assert critic_mode(text, "accept") == collapse(" ".join(p.clean for p in src.paragraphs))


@pytest.mark.parametrize("source_id", ["encyclopedie-1765"])
def test_markdown_rendering_with_pymdownx_critic_escapes_and_keeps_the_text(source_id: str) -> None:
    """Through the whole Markdown pipeline (which escapes < and &), the text content is unchanged."""
    src = source(source_id)
    text = body(REAL_CORPUS / source_id / "transcription.md")
    assert rendered_text(text, "accept") == collapse(" ".join(p.clean for p in src.paragraphs))
    assert rendered_text(text, "reject") == collapse(src.ocr_text)


def test_markdown_rendering_escapes_lt_and_amp_of_the_ocr(corpus_root: Path) -> None:
    text = body(corpus_root / "dico-test" / "transcription.md")
    html = markdown.markdown(
        text, extensions=["attr_list", "pymdownx.critic"], extension_configs={"pymdownx.critic": {"mode": "accept"}}
    )
    assert "avec &lt; trente-six" in html and "deux, &amp; il" in html
    src = load_source(corpus_root / "dico-test")
    assert rendered_text(text, "accept") == collapse(" ".join(p.clean for p in src.paragraphs))
    assert rendered_text(text, "reject") == collapse(src.ocr_text)


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_paragraph_ids_are_unique_and_in_reading_order(source_id: str) -> None:
    numbers = [p.number for p in source(source_id).paragraphs]
    assert len(set(numbers)) == len(numbers)
    assert numbers == sorted(numbers, key=number_key)
    assert len({number_key(n) for n in numbers}) == len(numbers)


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_every_paragraph_is_translated_and_no_more(source_id: str) -> None:
    src = source(source_id)
    _, translated = read_blocks(REAL_CORPUS / source_id / "translation.md")
    assert [b.number for b in translated] == [p.number for p in src.paragraphs]
    assert all(p.translation.strip() for p in src.paragraphs)

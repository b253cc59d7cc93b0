"""``ocr.txt`` is the seed exactly as received: its SHA-256 never changes."""

from __future__ import annotations

import hashlib

import pytest
from corpus_fixtures import REAL_CORPUS

#: SHA-256 of the seeds (``shared/seeds/``), the originals of each ``corpus/<source-id>/ocr.txt``.
OCR_SHA256 = {
    # 000_c8610f8eed889209.txt
    "encyclopedie-1765": "785a3f6eb4ae45c991cd36319289d2dc871d27a1eb6937f11db17e7b1ad31161",
    # 002_b09d374780dff994.txt
    "espagnolette-19c": "0d37fe1a6225fa7c34966b733fa4ae2597240a9ca66e466cb8c65baf96fb652a",
    # 003_5414247e52a353c6.txt
    "dictionnaire-jeux-r": "6fd6bd9b387845f897303a13dcf012f80928c5e7d6ad39e0be20f581ad3bedf0",
    # 004_5066cd90813b8168.txt
    "revesino-es": "0a6fc495ddfb2475864114992f8c4dd0aeee7404b7fd5344fa804724beffe9d7",
}


@pytest.mark.parametrize("source_id", sorted(OCR_SHA256))
def test_ocr_txt_is_byte_identical_to_its_seed(source_id: str) -> None:
    digest = hashlib.sha256((REAL_CORPUS / source_id / "ocr.txt").read_bytes()).hexdigest()
    assert digest == OCR_SHA256[source_id]


def test_every_source_folder_has_a_recorded_checksum() -> None:
    folders = {p.parent.name for p in REAL_CORPUS.glob("*/ocr.txt")}
    assert folders == set(OCR_SHA256)

"""Check one source's transcription against its OCR: ``python scripts/check_transcription.py SOURCE-ID``.

Prints the first place where the rejected transcription departs from the OCR,
and the counts of corrections by class.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from reversis.core.errors import CorpusError
from reversis.corpus.load import read_blocks
from reversis.corpus.markup import collapse


def main(source: str) -> int:
    folder = Path("corpus") / source
    try:
        _, blocks = read_blocks(folder / "transcription.md")
    except CorpusError as exc:
        print(exc)
        return 2
    ocr = collapse((folder / "ocr.txt").read_text(encoding="utf-8"))
    rejected = collapse(" ".join(b.ocr for b in blocks if b.segments))
    if rejected != ocr:
        i = next(
            (k for k, (a, b) in enumerate(zip(rejected, ocr, strict=False)) if a != b), min(len(rejected), len(ocr))
        )
        print(f"round trip FAILS at character {i}:")
        print(f"  transcription rejected: ...{rejected[max(0, i - 60) : i + 60]!r}")
        print(f"  ocr.txt:                ...{ocr[max(0, i - 60) : i + 60]!r}")
        return 1
    counts = Counter(s.cls for b in blocks for s in b.segments if s.cls)
    print(f"round trip OK: {sum(1 for b in blocks if b.number)} paragraphs, corrections {dict(counts)}")
    trans = folder / "translation.md"
    if trans.exists():
        try:
            _, tblocks = read_blocks(trans)
        except CorpusError as exc:
            print(exc)
            return 2
        want = [b.number for b in blocks if b.number]
        have = [b.number for b in tblocks if b.number]
        if want != have:
            missing, extra = sorted(set(want) - set(have)), sorted(set(have) - set(want))
            print(f"translation ids differ: missing {missing}, extra {extra}, or order differs")
            return 1
        print(f"translation OK: {len(have)} paragraphs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

"""The words of a quotation that are the editor's, not the print's.

Where the OCR is garbled past reading, the transcription gives the editor's conjecture: a
``doubtful`` correction that changes the OCR's letters (``{~~fieiire~>sienne~~}{>>doubtful: …<<}``)
or an ``editorial`` one whose note begins ``conjecture;`` (corpus/FORMAT.md). A quotation that
contains such words quotes them as the transcription gives them, and says which they are:

>>> from reversis.corpus import load_corpus
>>> conjectures(load_corpus().paragraph("espagnolette-19c:8"), "qui fait sienne la levée")
('sienne',)
>>> conjectures(load_corpus().paragraph("espagnolette-19c:8"), "Par exemple")
()
"""

from __future__ import annotations

from reversis.corpus.markup import Segment
from reversis.corpus.model import Paragraph

__all__ = ["conjectures", "is_conjecture"]


def is_conjecture(segment: Segment) -> bool:
    """Whether a correction's clean side is the editor's conjecture: a doubtful reading that does not
    keep the OCR's letters, or an editorial conjecture."""
    if segment.kind not in ("sub", "ins") or "".join(segment.new.split()) == "".join(segment.old.split()):
        return False
    return segment.cls == "doubtful" or (segment.cls == "editorial" and segment.note.startswith("conjecture"))


def conjectures(paragraph: Paragraph, quote: str) -> tuple[str, ...]:
    """The conjectures of ``paragraph``'s clean text that ``quote`` contains, in order (each the
    words as the quotation has them; adjacent ones as one)."""
    chars: list[str] = []
    editors: list[bool] = []
    for segment in paragraph.segments:
        if segment.kind in ("text", "sub", "ins"):
            mine = is_conjecture(segment)
            for char in segment.new:  # whitespace collapsed as in the clean text
                if char.isspace():
                    if chars and chars[-1] != " ":
                        chars.append(" ")
                        editors.append(mine)
                else:
                    chars.append(char)
                    editors.append(mine)
    text = "".join(chars).strip()
    offset = len("".join(chars)) - len("".join(chars).lstrip())
    start = text.find(quote)
    if start < 0:
        return ()
    flags = editors[offset + start : offset + start + len(quote)]
    out: list[str] = []
    run = ""
    for char, mine in zip(quote, flags, strict=True):
        if mine:
            run += char
        elif run:
            out.append(run.strip())
            run = ""
    if run:
        out.append(run.strip())
    return tuple(words for words in out if words)

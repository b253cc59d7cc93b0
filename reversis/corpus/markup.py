"""CriticMarkup corrections as used by the corpus (see ``corpus/FORMAT.md``).

A transcription records every departure from the OCR as a CriticMarkup change
followed by a comment naming its class. This module parses one block of such
text into segments, and gives its *accepted* (clean) and *rejected* (OCR)
readings.

>>> segs = parse_block("il {~~eft~>est~~}{>>long-s<<} ici", where="x")
>>> accept(segs), reject(segs)
('il est ici', 'il eft ici')
>>> segs[1].kind, segs[1].cls
('sub', 'long-s')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from reversis.core.errors import CorpusError

__all__ = [
    "CLASSES",
    "Segment",
    "accept",
    "collapse",
    "parse_block",
    "reject",
]

#: The correction classes of ``corpus/FORMAT.md``.
CLASSES = (
    "ocr",
    "long-s",
    "hyphenation",
    "furniture",
    "editorial",
    "doubtful",
    "excluded",
)

_TOKEN = re.compile(
    r"\{~~(?P<sub_old>.*?)~>(?P<sub_new>.*?)~~\}"
    r"|\{--(?P<del>.*?)--\}"
    r"|\{\+\+(?P<ins>.*?)\+\+\}"
    r"|\{>>(?P<comment>.*?)<<\}"
    r"|<!--\s*pb\s+n=\"(?P<pb>[^\"]*)\"\s*-->",
    re.DOTALL,
)
_STRAY = re.compile(r"\{~~|~~\}|\{--|--\}|\{\+\+|\+\+\}|\{>>|<<\}|<!--|-->")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Segment:
    """One piece of a block.

    ``kind`` is ``text`` (unchanged OCR), ``sub``, ``del``, ``ins`` (a
    correction, with its class ``cls`` and ``note``) or ``pb`` (a page break,
    whose page is ``new``).
    """

    kind: str
    old: str = ""
    new: str = ""
    cls: str = ""
    note: str = ""


def collapse(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return _SPACE.sub(" ", text).strip()


def parse_block(text: str, *, where: str, line: int | None = None) -> list[Segment]:
    """Parse a block of the transcription into segments.

    ``where`` names the place (``file:line``) for error messages; or, when
    ``line`` (the line where ``text`` starts) is given, ``where`` names the
    file and each error names the exact line of the problem.

    >>> parse_block("a\\nb {~~x~>y~~}{>>oops<<}", where="t.md", line=7)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    reversis.CorpusError: t.md:8: unknown correction class 'oops' (expected one of ocr, long-s, ...)
    """

    def place(pos: int) -> str:
        return where if line is None else f"{where}:{line + text.count(chr(10), 0, pos)}"

    segments: list[Segment] = []
    starts: list[int] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() > pos:
            _plain(text[pos : match.start()], segments, place, pos)
            starts.append(pos)
        pos = match.end()
        groups = match.groupdict()
        if groups["comment"] is not None:
            _classify(groups["comment"], segments, place(match.start()))
            continue
        if groups["pb"] is not None:
            segments.append(Segment("pb", new=groups["pb"]))
        elif groups["del"] is not None:
            segments.append(Segment("del", old=groups["del"]))
        elif groups["ins"] is not None:
            segments.append(Segment("ins", new=groups["ins"]))
        else:
            segments.append(Segment("sub", old=groups["sub_old"], new=groups["sub_new"]))
        starts.append(match.start())
    if pos < len(text):
        _plain(text[pos:], segments, place, pos)
        starts.append(pos)
    for seg, start in zip(segments, starts, strict=True):
        if seg.kind in ("sub", "del", "ins") and not seg.cls:
            shown = seg.old or seg.new
            raise CorpusError(f"{place(start)}: correction {shown!r} has no class comment after it")
    return segments


def _plain(text: str, segments: list[Segment], place: Callable[[int], str], offset: int) -> None:
    stray = _STRAY.search(text)
    if stray:
        raise CorpusError(
            f"{place(offset + stray.start())}: unbalanced CriticMarkup {stray.group()!r} in {collapse(text)[:40]!r}"
        )
    segments.append(Segment("text", old=text, new=text))


def _classify(comment: str, segments: list[Segment], where: str) -> None:
    cls, _, note = comment.partition(":")
    cls, note = cls.strip(), collapse(note)
    if cls not in CLASSES:
        raise CorpusError(f"{where}: unknown correction class {cls!r} (expected one of {', '.join(CLASSES)})")
    if not segments or segments[-1].kind not in ("sub", "del", "ins") or segments[-1].cls:
        raise CorpusError(f"{where}: class comment {{>>{comment}<<}} does not follow a correction")
    last = segments[-1]
    if cls == "doubtful":
        _check_alternatives(note, collapse(last.new), where)
    segments[-1] = Segment(last.kind, old=last.old, new=last.new, cls=cls, note=note)


def _check_alternatives(note: str, chosen: str, where: str) -> None:
    """A doubtful reading lists readings only, the one chosen first; the reason follows a ``;``."""
    if "|" not in note:
        raise CorpusError(f"{where}: a doubtful reading must list its alternatives separated by '|'")
    listed = [a.strip() for a in note.partition(";")[0].split("|")]
    if listed[0] != chosen:
        raise CorpusError(
            f"{where}: a doubtful reading must list the reading chosen first: {chosen!r}, not {listed[0]!r}"
        )
    for alternative in listed:
        if not alternative or _PROSE.search(alternative):
            raise CorpusError(
                f"{where}: alternative {alternative!r} of a doubtful reading is not a reading "
                "(say why after ';', not in the list)"
            )


_PROSE = re.compile(r"\bOCR\b|\breads?\b")


def accept(segments: list[Segment]) -> str:
    """The clean reading: every correction applied, whitespace collapsed."""
    return collapse("".join(s.new for s in segments if s.kind in ("text", "sub", "ins")))


def reject(segments: list[Segment]) -> str:
    """The OCR reading: every correction undone, whitespace collapsed."""
    return collapse("".join(s.old for s in segments if s.kind in ("text", "sub", "del")))

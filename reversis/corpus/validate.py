"""The checks made when a source is loaded (see ``corpus/FORMAT.md``).

Each check raises a :class:`~reversis.core.errors.CorpusError` whose one-line
message names the file, the line and the problem.

>>> first_difference("le jeu du", "le jeu de")
8
>>> first_difference("abc", "abc")
-1
>>> "jeu de la sellette" in entry_keys("SELLETTE (jeu de la)")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path

from reversis.core.errors import CorpusError
from reversis.corpus.markup import collapse, parse_block, reject
from reversis.corpus.model import Block

__all__ = [
    "check_front_matter",
    "check_order",
    "check_round_trip",
    "check_translation",
    "entry_keys",
    "first_difference",
]

_CONTEXT = 30


def first_difference(a: str, b: str) -> int:
    """The index of the first character where ``a`` and ``b`` differ, or -1 if they are equal."""
    if a == b:
        return -1
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def front_matter_line(path: Path, key: str) -> int:
    """The line of ``key:`` in the front matter of ``path`` (1 when it is absent)."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return 1
    if not lines or lines[0].strip() != "---":
        return 1
    for i, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        if line.partition(":")[0].strip() == key:
            return i
    return 1


def check_front_matter(path: Path, front: Mapping[str, str], source_id: str) -> None:
    """The front matter's ``source`` must be the folder name."""
    value = front.get("source")
    if value is None:
        raise CorpusError(f"{path}:1: front matter has no 'source: {source_id}'")
    value = value.strip().strip("\"'")
    if value != source_id:
        raise CorpusError(
            f"{path}:{front_matter_line(path, 'source')}: front matter source {value!r} "
            f"does not match the folder name {source_id!r}"
        )


def number_key(number: str) -> tuple[int, str]:
    """The sort key of a paragraph number (``"7"`` < ``"7a"`` < ``"7b"`` < ``"8"``).

    >>> sorted(["10", "7b", "7", "7a"], key=number_key)
    ['7', '7a', '7b', '10']
    """
    digits = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(digits), number[len(digits) :]


def check_order(path: Path, blocks: Sequence[Block]) -> None:
    """Paragraph ids go up in reading order (ids are unique: :func:`~reversis.corpus.load.read_blocks`)."""
    previous: Block | None = None
    for block in blocks:
        if not block.number:
            continue
        if previous is not None and number_key(block.number) <= number_key(previous.number):
            raise CorpusError(
                f"{path}:{block.line}: p{block.number} comes after p{previous.number} "
                "(paragraphs are numbered in reading order)"
            )
        previous = block


def check_round_trip(path: Path, blocks: Sequence[Block], ocr_text: str) -> None:
    """Rejecting every change of the transcription must give back ``ocr.txt`` (whitespace collapsed).

    The error names the line of the transcription where the two first differ.
    """
    ocr = collapse(ocr_text)
    pos = 0
    last_line = 1
    for block in blocks:
        if not block.segments:
            continue
        last_line = block.line
        rejected = reject(list(block.segments))
        if not rejected:
            continue
        if pos:
            if ocr[pos : pos + 1] != " ":
                raise CorpusError(
                    f"{path}:{block.line}: round trip fails: a block starts here but ocr.txt goes on without a "
                    f"break: ...{ocr[max(0, pos - _CONTEXT) : pos + _CONTEXT]!r}"
                )
            pos += 1
        if ocr.startswith(rejected, pos):
            pos += len(rejected)
            continue
        k = first_difference(rejected, ocr[pos : pos + len(rejected)])
        what = f"p{block.number}" if block.number else "an excluded block"
        line = _bad_line(block, ocr[pos:])
        raise CorpusError(
            f"{path}:{line}: round trip fails in {what}: rejecting the changes gives "
            f"{_excerpt(rejected, k)} where ocr.txt has {_excerpt(ocr, pos + k)}"
        )
    if pos < len(ocr):
        raise CorpusError(
            f"{path}:{last_line}: round trip fails: the transcription ends before ocr.txt, "
            f"which goes on with {ocr[pos : pos + 2 * _CONTEXT].strip()!r}"
        )


def _excerpt(text: str, at: int) -> str:
    start = max(0, at - _CONTEXT)
    return ("…" if start else "") + repr(text[start : at + _CONTEXT])


def _bad_line(block: Block, ocr_rest: str) -> int:
    """The first line of ``block`` after which its rejected text no longer matches ``ocr_rest``."""
    lines = block.text.split("\n")
    for j in range(1, len(lines) + 1):
        try:
            segments = parse_block("\n".join(lines[:j]), where="")
        except CorpusError:
            continue  # a change spans this line end
        prefix = reject(segments)
        if not ocr_rest.startswith(prefix):
            return block.line + j - 1
    return block.line


def check_translation(path: Path, blocks: Sequence[Block], translated: Sequence[Block]) -> dict[str, str]:
    """Every paragraph translated, in the same order, no extra ids; returns number → Markdown."""
    wanted = [b.number for b in blocks if b.number]
    wanted_set = set(wanted)
    present = {b.number for b in translated}
    result: dict[str, str] = {}
    last_line = 1
    for block in translated:
        last_line = block.line
        if block.page_break:
            raise CorpusError(f"{path}:{block.line}: page-break marker in the translation (they are not repeated)")
        if not block.number:
            raise CorpusError(f"{path}:{block.line}: block without id in the translation (end it with '{{: #pN }}')")
        if block.number not in wanted_set:
            raise CorpusError(f"{path}:{block.line}: p{block.number} is not a paragraph of the transcription")
        if any(seg.kind != "text" for seg in block.segments):
            raise CorpusError(
                f"{path}:{block.line}: the translation of p{block.number} contains CriticMarkup or a page break"
            )
        markdown = block.text.strip()
        if not markdown:
            raise CorpusError(f"{path}:{block.line}: p{block.number} has an empty translation")
        expected = wanted[len(result)]
        if block.number != expected:
            if expected in present:
                raise CorpusError(
                    f"{path}:{block.line}: p{block.number} is out of order (expected p{expected} here, "
                    "the order of the transcription)"
                )
            raise CorpusError(f"{path}:{block.line}: p{expected} is not translated (p{block.number} comes here)")
        result[block.number] = markdown
    missing = [n for n in wanted if n not in result]
    if missing:
        shown = ", ".join(f"p{n}" for n in missing[:5]) + (" …" if len(missing) > 5 else "")
        raise CorpusError(f"{path}:{last_line}: paragraphs not translated: {shown}")
    return result


_PAREN = re.compile(r"(?P<head>.*?)\s*\((?P<inner>[^()]*)\)\s*\.?")
_NON_WORD = re.compile(r"[\W_]+")


def _key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", plain).strip()


def entry_keys(title: str) -> frozenset[str]:
    """The keys under which a dictionary entry is found by a cross-reference.

    Case, accents and punctuation do not count, and the inverted form of a
    title is the same entry: ``ROMESTECQ (jeu du)`` is found as ``Jeu du
    Romestecq`` and as ``Romestecq``.

    >>> sorted(entry_keys("ROMESTECQ (jeu du)"))
    ['jeu du romestecq', 'romestecq', 'romestecq jeu du']
    """
    keys = {_key(title)}
    match = _PAREN.fullmatch(title.strip())
    if match:
        head, inner = match.group("head"), match.group("inner")
        keys.add(_key(f"{inner} {head}"))
        keys.add(_key(head))
    keys.discard("")
    return frozenset(keys)

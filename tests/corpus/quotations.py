"""Finding the quotations of a source outside the annotations, and checking each against the transcriptions.

A quotation is a run of words between quotation marks (“ ”, « », " ", or ' ')
written in the language of a source: most of its words are words of the
transcriptions that the project's English (the translations) never uses. It is
right when its words, folded (case, the long s, the apostrophe's shape), occur in
that order, one after the other, in the clean text of one paragraph. An ellipsis
(``…`` or ``...``) or a bracketed insertion (``[de cœur]``) splits it into parts,
which must occur in that order in the same paragraph.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reversis.corpus import load_corpus

ROOT = Path(__file__).resolve().parents[2]

#: A word: letters (accented ones included), digits, and the hyphens inside a word.
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
#: A quoted run: the text between a pair of marks, on one line or, for the typographic marks, across lines.
_QUOTED = (
    re.compile(r"“([^“”]{3,400}?)”"),
    re.compile(r"«\s*([^«»]{3,400}?)\s*»"),
    re.compile(r"(?<![\w\\])\"([^\"\n]{3,400}?(?:\n[^\"\n]{0,400}?){0,3})\"(?!\w)"),
    # a single quote opens after a non-letter and closes before one; an apostrophe inside (l'as) is a letter's
    re.compile(r"(?<![\w\\])'((?:[^'\n]|(?<=\w)''?(?=\w)){3,400}?)'(?!\w)"),
)
#: The start of a comment's next line, blanked so that a quotation may run on across it.
_COMMENT_CONTINUATION = re.compile(r"(?<=\n)[ \t]*#[ \t]?")
#: What in a module's text is code, not prose: a doctest (its lines and the output they expect) and a
#: ``literal``; the strings they hold are the data of the code, not quotations.
_CODE = re.compile(r"^[ \t]*>>> .*(?:\n[ \t]*\S.*)*|``[^`\n]+``", re.MULTILINE)
#: What splits a quotation into parts that need not be adjacent in the text.
_GAP = re.compile(r"…|\.\.\.|\[[^\]]*\]")


def fold(text: str) -> str:
    """The text with case, the long s, the apostrophe's and the ligatures' shapes folded."""
    text = unicodedata.normalize("NFC", text).replace("ſ", "s").replace("’", "'").replace("ʼ", "'")
    return text.casefold().replace("œ", "oe").replace("æ", "ae")


def words(text: str) -> list[str]:
    """The folded words of a text."""
    return _WORD.findall(fold(text).replace("'", " "))


@dataclass(frozen=True)
class Quotation:
    """A quoted run of a source's words in a file of the project."""

    path: Path
    line: int
    text: str

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


@cache
def _paragraph_words() -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((p.id, tuple(words(p.clean))) for p in load_corpus().paragraphs())


@cache
def _vocabularies() -> tuple[frozenset[str], frozenset[str]]:
    """The words of the sources, and the words of the project's English (the translations)."""
    corpus = load_corpus()
    source = {w for p in corpus.paragraphs() for w in words(p.clean)}
    english = {w for p in corpus.paragraphs() for w in words(p.translation or "")}
    return frozenset(source), frozenset(english)


def is_source_language(text: str) -> bool:
    """Whether a quoted run is in a source's language: at least two words, most of them words of the
    sources, and one at least a word of the sources that the project's English (the translations) never
    uses, where the words that are not the sources' are not the project's English either."""
    found = words(_GAP.sub(" ", text))
    if len(found) < 2:
        return False
    source, english = _vocabularies()
    known = [w for w in found if w in source]
    foreign = [w for w in known if w not in english]
    unknown_english = [w for w in found if w not in source and w in english]
    return len(known) >= 0.6 * len(found) and bool(foreign) and len(unknown_english) <= len(found) // 4


def parts(text: str) -> list[list[str]]:
    """The quotation's runs of words, split at its ellipses and bracketed insertions."""
    return [w for w in (words(part) for part in _GAP.split(text)) if w]


def _occurs(part: list[str], haystack: tuple[str, ...], start: int) -> int:
    """The index just after the first occurrence of ``part`` in ``haystack`` from ``start``, or -1."""
    n = len(part)
    for i in range(start, len(haystack) - n + 1):
        if list(haystack[i : i + n]) == part:
            return i + n
    return -1


def source_of(text: str) -> str | None:
    """The first paragraph whose clean text holds the quotation's parts in order, or None."""
    runs = parts(text)
    for paragraph, haystack in _paragraph_words():
        at = 0
        for run in runs:
            at = _occurs(run, haystack, at)
            if at < 0:
                break
        else:
            return paragraph
    return None


def quoted_runs(path: Path) -> Iterator[Quotation]:
    """Every quoted run of a source's words in a file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        blank = lambda m: re.sub(r"[^\n]", " ", m.group())  # noqa: E731
        text = _COMMENT_CONTINUATION.sub(blank, _CODE.sub(blank, text))
    for pattern in _QUOTED:
        for match in pattern.finditer(text):
            run = " ".join(match.group(1).replace("''", "'").split())
            # a run that is a string of the project's code (an f-string, a name, a template) is no quotation
            if re.search(r"[{}_%<>|=]|\\n", run):
                continue
            if is_source_language(run):
                yield Quotation(path, text.count("\n", 0, match.start()) + 1, run)


def files_with_quotations() -> list[Path]:
    """The files whose quotations are checked: the package's code and comments, the rulesets (whose notes
    ``reversis rules`` prints and the site shows), the hand-written pages and templates, the READMEs, and
    the worked examples' narratives."""
    return [
        *sorted((ROOT / "reversis").rglob("*.py")),
        *sorted((ROOT / "reversis" / "rulesets").glob("*.yaml")),
        *sorted((ROOT / "scripts" / "templates").glob("*.j2")),
        ROOT / "docs" / "scenarios.md",
        ROOT / "README.md",
        ROOT / "examples" / "README.md",
        *sorted((ROOT / "examples").rglob("*.yaml")),
    ]


def misquotations(files: Iterable[Path]) -> list[Quotation]:
    """The quotations of these files that are not a source's words."""
    return [q for path in files for q in quoted_runs(path) if source_of(q.text) is None]

"""Reading a source's files (``corpus/<source-id>/``) into paragraphs, and the corpus.

The format is described in ``corpus/FORMAT.md``. :func:`read_blocks` reads
one Markdown file; :func:`load_source` reads and checks one source folder;
:func:`load_corpus` every source under the corpus folder, with the
cross-references between them resolved. Loading is cached, and reloaded when
a file changes.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from reversis.core.errors import CorpusError
from reversis.corpus.markup import Segment, accept, collapse, parse_block
from reversis.corpus.model import (
    Block,
    Corpus,
    Correction,
    CrossReference,
    Entry,
    Paragraph,
    Source,
    parse_paragraph_id,
)
from reversis.corpus.record import Record, read_record
from reversis.corpus.validate import (
    check_front_matter,
    check_order,
    check_round_trip,
    check_translation,
    entry_keys,
)

__all__ = [
    "CORPUS_ENV",
    "SOURCE_FILES",
    "Block",
    "corpus_root",
    "load_corpus",
    "load_source",
    "page_breaks",
    "read_blocks",
    "source_folders",
    "split_blocks",
]

#: The environment variable that overrides the corpus folder.
CORPUS_ENV = "REVERSIS_CORPUS"
#: The files of a source folder.
SOURCE_FILES = ("ocr.txt", "transcription.md", "translation.md", "source.yaml")

_ID_LINE = re.compile(r"^\{:\s*#p(?P<n>\d+[a-z]?)(?P<attrs>(?:\s+\w+=\"[^\"]*\")*)\s*\}$")
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")
_PB_LINE = re.compile(r"^<!--\s*pb\s+n=\"(?P<n>[^\"]*)\"\s*-->$")


def split_blocks(text: str) -> tuple[dict[str, str], list[tuple[int, list[str]]]]:
    """Split a corpus Markdown file into its front matter and blocks.

    Returns the front matter (``key: value`` pairs) and a list of
    ``(first_line_number, lines)`` per block.
    """
    lines = text.split("\n")
    front: dict[str, str] = {}
    start = 0
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                start = i + 1
                break
            key, sep, value = lines[i].partition(":")
            if sep:
                front[key.strip()] = value.strip()
        else:
            raise CorpusError("front matter is not closed by '---'")
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    first = 0
    for i in range(start, len(lines)):
        line = lines[i]
        if line.strip():
            if not current:
                first = i + 1
            current.append(line.rstrip())
        elif current:
            blocks.append((first, current))
            current = []
    if current:
        blocks.append((first, current))
    return front, blocks


def read_blocks(path: Path) -> tuple[dict[str, str], list[Block]]:
    """Parse a transcription or translation file into blocks, checking ids.

    Errors name the file, the line and the problem.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CorpusError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        front, raw_blocks = split_blocks(text)
    except CorpusError as exc:
        raise CorpusError(f"{path}:1: {exc}") from None
    blocks: list[Block] = []
    seen: dict[str, int] = {}
    for first, lines in raw_blocks:
        where = f"{path}:{first}"
        if len(lines) == 1 and (pb := _PB_LINE.match(lines[0].strip())):
            blocks.append(Block("", first, (), page_break=pb.group("n"), text=lines[0]))
            continue
        id_match = _ID_LINE.match(lines[-1].strip())
        body = "\n".join(lines[:-1] if id_match else lines)
        segments = tuple(parse_block(body, where=str(path), line=first))
        if id_match is None:
            if accept(list(segments)):
                raise CorpusError(
                    f"{where}: paragraph without id (end it with a line '{{: #pN }}'), "
                    f"or mark all of it as deleted: {collapse(body)[:50]!r}"
                )
            blocks.append(Block("", first, segments, text=body))
            continue
        number = id_match.group("n")
        if number in seen:
            raise CorpusError(
                f"{path}:{first + len(lines) - 1}: duplicate paragraph id p{number} (first at line {seen[number]})"
            )
        seen[number] = first
        attrs = dict(_ATTR.findall(id_match.group("attrs")))
        blocks.append(Block(number, first, segments, attrs, text=body))
    return front, blocks


# --------------------------------------------------------------------------- sources and corpus


def corpus_root(root: Path | None = None) -> Path:
    """The corpus folder: ``root``, else ``$REVERSIS_CORPUS``, else the repository's ``corpus/``."""
    if root is None:
        env = os.environ.get(CORPUS_ENV)
        root = Path(env) if env else Path(__file__).resolve().parents[2] / "corpus"
    folder = root.resolve()
    if not folder.is_dir():
        raise CorpusError(f"{folder}: corpus folder not found")
    return folder


def source_folders(root: Path) -> list[Path]:
    """The source folders under ``root``: every sub-folder holding one of :data:`SOURCE_FILES`, by name."""
    return sorted(
        p
        for p in root.iterdir()
        if p.is_dir() and not p.name.startswith((".", "_")) and any((p / f).exists() for f in SOURCE_FILES)
    )


def load_corpus(root: Path | None = None) -> Corpus:
    """Load and check every source under the corpus folder (see :func:`corpus_root`).

    The result is cached; it is read again when a file of the corpus changes.
    """
    folder = corpus_root(root)
    return _load_cached(folder, _signature(folder))


def load_source(folder: Path) -> Source:
    """Load and check one source folder (cross-references to other sources are not resolved)."""
    return _load_source(folder)[0]


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    stamps: list[tuple[str, int, int]] = []
    for folder in source_folders(root):
        for name in SOURCE_FILES:
            path = folder / name
            try:
                st = path.stat()
            except OSError:
                continue
            stamps.append((f"{folder.name}/{name}", st.st_mtime_ns, st.st_size))
    return tuple(stamps)


@functools.lru_cache(maxsize=8)
def _load_cached(root: Path, signature: tuple[tuple[str, int, int], ...]) -> Corpus:
    loaded = [_load_source(folder) for folder in source_folders(root)]
    sources = _resolve_cross_references(loaded)
    return Corpus(root=root, sources=tuple(sources))


def _load_source(folder: Path) -> tuple[Source, Record]:
    source_id = folder.name
    for name in SOURCE_FILES:
        if not (folder / name).is_file():
            raise CorpusError(f"{folder / name}: missing (a source folder holds {', '.join(SOURCE_FILES)})")
    record = read_record(folder / "source.yaml", source_id=source_id)
    tpath = folder / "transcription.md"
    front, blocks = read_blocks(tpath)
    check_front_matter(tpath, front, source_id)
    check_order(tpath, blocks)
    ocr_text = (folder / "ocr.txt").read_text(encoding="utf-8")
    check_round_trip(tpath, blocks, ocr_text)
    trpath = folder / "translation.md"
    tfront, tblocks = read_blocks(trpath)
    check_front_matter(trpath, tfront, source_id)
    translations = check_translation(trpath, blocks, tblocks)
    paragraphs, corrections = _paragraphs(source_id, blocks, translations, first_page=_first_page(record, blocks))
    numbers = {p.number for p in paragraphs}
    entries = _entries(record, source_id, numbers)
    source = Source(
        id=source_id,
        folder=folder,
        record=MappingProxyType(dict(record.data)),
        paragraphs=paragraphs,
        blocks=tuple(blocks),
        corrections=corrections,
        entries=entries,
        ocr_text=ocr_text,
        heads=MappingProxyType(_heads(record, numbers)),
    )
    return source, record


def _first_page(record: Record, blocks: Sequence[Block]) -> str | None:
    """The page the text starts on: the first of ``page`` (``"[94]-98"`` → ``"[94]"``), else the first
    of ``pages`` unless the first page break turns to that very page (the text before it is then on a
    page not named)."""
    page = record.data.get("page")
    if page not in (None, ""):
        first = re.split(r"\s*[-–,]\s*", str(page).strip())[0]
        if first:
            return first
    pages = record.data.get("pages") or []
    if not pages:
        return None
    breaks = page_breaks(blocks)
    if breaks and breaks[0] == str(pages[0]):
        return None
    return str(pages[0])


def page_breaks(blocks: Sequence[Block]) -> list[str]:
    """The page numbers of the page-break markers of ``blocks``, in order (between blocks or inside one)."""
    found: list[str] = []
    for block in blocks:
        if block.page_break:
            found.append(block.page_break)
        found.extend(seg.new for seg in block.segments if seg.kind == "pb")
    return found


def _corrections(segments: Sequence[Segment], *, paragraph: str | None, line: int) -> list[Correction]:
    found = []
    for seg in segments:
        if seg.kind not in ("sub", "del", "ins"):
            continue
        alternatives: tuple[str, ...] = ()
        if seg.cls == "doubtful":
            listed = seg.note.partition(";")[0]
            alternatives = tuple(a.strip() for a in listed.split("|") if a.strip())
        found.append(
            Correction(
                kind=seg.kind,
                cls=seg.cls,
                ocr=_SPACES.sub(" ", seg.old),
                clean=_SPACES.sub(" ", seg.new),
                note=seg.note,
                alternatives=alternatives,
                paragraph=paragraph,
                line=line,
            )
        )
    return found


_SPACES = re.compile(r"\s+")


def _paragraphs(
    source_id: str, blocks: Sequence[Block], translations: dict[str, str], *, first_page: str | None
) -> tuple[tuple[Paragraph, ...], tuple[Correction, ...]]:
    page = first_page
    paragraphs: list[Paragraph] = []
    corrections: list[Correction] = []
    for block in blocks:
        if block.page_break:
            page = block.page_break
            continue
        pid = f"{source_id}:{block.number}" if block.number else None
        start_page, seen_text = page, False
        for seg in block.segments:
            if seg.kind == "pb":
                page = seg.new
                if not seen_text:
                    start_page = page
            elif seg.new.strip():
                seen_text = True
        found = _corrections(block.segments, paragraph=pid, line=block.line)
        corrections.extend(found)
        if pid is None:
            continue
        paragraphs.append(
            Paragraph(
                id=pid,
                source=source_id,
                number=block.number,
                printed_number=block.attrs.get("n"),
                page=start_page,
                ocr=block.ocr,
                clean=block.clean,
                corrections=tuple(found),
                translation=translations[block.number],
                segments=block.segments,
                line=block.line,
            )
        )
    return tuple(paragraphs), tuple(corrections)


def _entries(record: Record, source_id: str, numbers: set[str]) -> tuple[Entry, ...]:
    entries = []
    for i, raw in enumerate(record.data.get("entries") or []):
        paras = []
        for k, n in enumerate(raw["paragraphs"]):
            if str(n) not in numbers:
                raise record.error(f"paragraph {n} is not in the transcription", "entries", i, "paragraphs", k)
            paras.append(f"{source_id}:{n}")
        refs = []
        for j, ref in enumerate(raw.get("see") or []):
            n = ref.get("paragraph")
            if n is not None and str(n) not in numbers:
                raise record.error(f"paragraph {n} is not in the transcription", "entries", i, "see", j, "paragraph")
            refs.append(
                CrossReference(
                    target=ref["target"].strip(),
                    paragraph=f"{source_id}:{n}" if n is not None else None,
                    external=bool(ref.get("external", False)),
                )
            )
        author = raw.get("author")
        entries.append(
            Entry(
                title=raw["title"].strip(),
                paragraphs=tuple(paras),
                see=tuple(refs),
                author=None if author is None else tuple(MappingProxyType(dict(n)) for n in author),
                note=str(raw.get("note") or "").strip(),
            )
        )
    return tuple(entries)


def _heads(record: Record, numbers: set[str]) -> dict[str, int]:
    heads: dict[str, int] = {}
    for i, raw in enumerate(record.data.get("heads") or []):
        number, level = (raw.get("paragraph"), raw.get("level", 1)) if isinstance(raw, dict) else (raw, 1)
        if str(number) not in numbers:
            raise record.error(f"paragraph {number} is not in the transcription", "heads", i)
        heads[str(number)] = int(level)
    return heads


def _resolve_cross_references(loaded: Sequence[tuple[Source, Record]]) -> list[Source]:
    """Resolve every ``see`` to the first paragraph of an entry of the corpus, or check it is external."""
    index: dict[str, list[tuple[str, Entry]]] = {}
    paragraph_ids = {p.id for src, _ in loaded for p in src.paragraphs}
    for src, _ in loaded:
        for entry in src.entries:
            for key in entry_keys(entry.title):
                index.setdefault(key, []).append((src.id, entry))
    result = []
    for src, record in loaded:
        entries = []
        for i, entry in enumerate(src.entries):
            refs = []
            for j, ref in enumerate(entry.see):
                target = _resolve(ref.target, src.id, index, paragraph_ids)
                if ref.external and target is not None:
                    raise record.error(
                        f"cross-reference {ref.target!r} is declared external but the corpus has it ({target})",
                        "entries", i, "see", j, "target",
                    )  # fmt: skip
                if not ref.external and target is None:
                    raise record.error(
                        f"cross-reference {ref.target!r} resolves to no entry of the corpus "
                        "(give an entry title of the corpus, or mark it external: true)",
                        "entries", i, "see", j, "target",
                    )  # fmt: skip
                refs.append(dataclasses.replace(ref, resolved=target))
            entries.append(dataclasses.replace(entry, see=tuple(refs)))
        result.append(dataclasses.replace(src, entries=tuple(entries)))
    return result


def _resolve(
    target: str, source_id: str, index: dict[str, list[tuple[str, Entry]]], paragraph_ids: set[str]
) -> str | None:
    try:
        sid, number = parse_paragraph_id(target)
    except CorpusError:
        pass
    else:
        pid = f"{sid}:{number}"
        return pid if pid in paragraph_ids else None
    matches = [m for key in sorted(entry_keys(target)) for m in index.get(key, [])]
    if not matches:
        return None
    matches.sort(key=lambda m: m[0] != source_id)  # an entry of the same source first
    return matches[0][1].paragraphs[0]

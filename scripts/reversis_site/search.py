"""The site's search: Material's own (its search plugin and its Lunr.js worker), given documents a
reader can land on and words in every form a reader may type. A step of the builder after MkDocs
(:func:`finish`, run by :mod:`reversis_site.finish`), on the index that the search plugin wrote.

- **A source page is one document per paragraph and one per annotation**, each with the address of
  its anchor (``sources/<id>/#p4``, ``sources/<id>/#<annotation>``), and one for the page itself
  (its title and its record). A paragraph's result shows its text; its English translation is
  searched too (the field ``translation``) but not shown, so that a result is not twice as long.
  The page's HTML is not indexed (the generator gives its front matter ``search: exclude``,
  :func:`reversis_site.build.with_search_meta`): its text is the corpus's own, the transcription
  with every correction accepted, so that a corrected word is found in its corrected form only
  (never glued to the OCR's reading and the class of the correction, as the page's struck and
  inserted text reads).
- **Pages rank by what they are about**: each kind of page has a boost
  (:data:`BOOSTS`, Material's ``search: boost:``, which the generator writes
  into each page's front matter), the sources and the topics above the rulesets and the
  glossary, and these above the worked examples, which name many terms in passing.
- **Accents and period spellings are folded.** Each document gets two more fields, which the plugin's
  ``fields`` option indexes beside ``title`` and ``text`` with the same boosts: ``fold_title`` and
  ``fold_text``, the words of the title and the text that folding changes (:func:`fold`:
  ``quínola`` → ``quinola``, ``levée`` → ``levee``, ``cœur`` → ``coeur``), and, for a document that
  holds a spelling of a term of the glossary, every other spelling of that term and its headword
  (``jettons`` → ``jeton jetton``). ``docs/javascripts/search.js`` folds the query in the same way
  before the worker sees it, so that ``quinola`` and ``quínola`` are one query.
- **The period's spellings are read in the modern one** (:data:`OLD_SPELLINGS`, :func:`modern`): the
  sources print ``jetton``, ``jettons``, ``jetter``, ``jette``, ``jetté``, ``jettant`` (the
  Encyclopédie, 1765) and ``quarreau`` where French now writes ``jeton``, ``jeter`` and
  ``carreau``. A folded word that begins as the table's old spelling is given the modern beginning,
  in the fields ``fold_title``, ``fold_text`` and ``about`` and in the query (the table goes to
  ``search.js`` in the index's configuration, ``spellings``), so that ``jettons`` and ``jetons`` are
  one query with the same results. The table holds only what the corpus shows; a word that merely
  begins in the same letters (``carry``) is untouched, the old beginnings being none of a modern
  word's.
- **A result marks the words of the query in every form**: ``search.js`` marks, in each result's
  title and text, every word whose folded, modernised form begins with a word of the query
  (``ecarte`` marks ``écarté``, ``jeton`` marks ``jetons`` and ``jettons``), beside what the theme
  marks itself.
- **The index loads when search is first used, once per visit.** The plugin's
  ``search/search_index.json``, which the theme fetches on every page, keeps only its configuration
  and the documents' version (a digest of them); the documents are written to
  ``search/documents.json`` (and, for the copy read from disk, ``search/documents.js``), which
  ``docs/javascripts/search.js`` loads at the first query. On a served page its worker
  (``docs/javascripts/search-worker.js``) keeps the index it built in the browser under that
  version, and another page reads it back: the documents are fetched, and the index built, once.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from html import escape
from pathlib import Path
from typing import Any

from reversis.annotations import load_annotations, load_glossary
from reversis.corpus import load_corpus

#: The search boost of each kind of page, by the first folder of its path under ``docs/`` ("" for the
#: pages at the top: the home page, the glossary, the bibliography…), given to Material's search by
#: each page's front matter (``search: boost:``): the sources and the topics rank above the rulesets
#: and the glossary, and these above the worked examples, which name many terms in passing.
BOOSTS: Mapping[str, float] = {
    "sources": 4.0,
    "topics": 4.0,
    "": 1.0,
    "rulesets": 0.5,
    "examples": 0.1,
}


#: Where the documents are written, under the site; the theme's index keeps its configuration only.
DOCUMENTS = "search/documents.json"
DOCUMENTS_SCRIPT = "search/documents.js"  # the copy read from disk: a script (no fetch from file://)

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_LIGATURES = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}
_TAG = re.compile(r"<[^>]+>")
_MARKS = re.compile("[\u0300-\u036f]")  # the combining diacritical marks


#: The period's spellings that the corpus shows, as the beginnings of folded words, and the modern
#: beginning each stands for (see the module's docstring).
OLD_SPELLINGS = {"jett": "jet", "quarr": "carr"}


_OLD = re.compile(r"\b(?:" + "|".join(map(re.escape, OLD_SPELLINGS)) + ")")


def modern(text: str) -> str:
    """Folded text with each word in its modern spelling (:data:`OLD_SPELLINGS`).

    >>> modern("jettons jetté quarreau jetons carry rejetter")
    'jetons jeté carreau jetons carry rejetter'
    """
    return _OLD.sub(lambda old: OLD_SPELLINGS[old.group()], text)


def fold(text: str) -> str:
    """``text`` lower-cased, without its accents and ligatures, as ``docs/javascripts/search.js``
    folds a query (Unicode's compatibility decomposition without its combining diacritical marks).

    >>> fold("Quínola, LEVÉE, bête, cœur, ſi")
    'quinola, levee, bete, coeur, si'
    """
    for ligature, letters in _LIGATURES.items():
        text = text.replace(ligature, letters)
    return _MARKS.sub("", unicodedata.normalize("NFKD", text)).lower()


# ---- the documents of the source pages ------------------------------------------------------------


def _paragraphs(*texts: str) -> str:
    return "".join(f"<p>{escape(' '.join(t.split()), quote=False)}</p>" for t in texts if t and t.strip())


def source_documents(titles: Mapping[str, str]) -> list[dict[str, Any]]:
    """The documents of the source pages: the page (its title and record), each paragraph (its
    transcription, corrections accepted, and its translation) and each annotation (its quote, its
    gloss and what is not modelled of it). ``titles`` gives each source page's title by its id."""
    corpus = load_corpus()
    by_paragraph: dict[str, list[Any]] = {}
    for a in load_annotations():
        by_paragraph.setdefault(a.paragraph, []).append(a)
    docs: list[dict[str, Any]] = []
    boost = BOOSTS["sources"]
    for source in corpus.sources:
        page = f"sources/{source.id}/"
        title = titles.get(source.id, source.title)
        record = source.record
        facts = [str(record.get("description") or "")]
        for key in ("known", "unknown"):
            facts += [str(f) for f in record.get(key) or ()]
        facts.append(str(record.get("provenance") or ""))
        docs.append(
            {"location": page, "title": escape(title, quote=False), "text": _paragraphs(*facts), "boost": boost}
        )
        for paragraph in source.paragraphs:
            docs.append(
                {
                    "location": f"{page}#{paragraph.anchor}",
                    "title": escape(f"{title}, paragraph {paragraph.number} ({paragraph.id})", quote=False),
                    "text": _paragraphs(paragraph.clean),
                    "translation": " ".join(paragraph.translation.split()),
                    "boost": boost,
                }
            )
            for a in by_paragraph.get(paragraph.id, ()):
                docs.append(
                    {
                        "location": f"{page}#{a.id}",
                        "title": escape(f"{_first_sentence(a.gloss)} ({a.id})", quote=False),
                        "text": _paragraphs(a.quote, a.gloss, a.reason and f"Not modelled: {a.reason}"),
                        "boost": boost,
                    }
                )
    return docs


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    match = re.match(r"(.{20,}?[.;:])\s", text + " ")
    sentence = match.group(1) if match else text
    return sentence if len(sentence) <= 120 else sentence[:117].rsplit(" ", 1)[0] + "…"


# ---- folding -------------------------------------------------------------------------------------


def _spelling_classes() -> list[tuple[tuple[str, ...], str]]:
    """Each term of the glossary: its spellings as folded, modernised words (a phrase's words joined), and the
    words of all its forms that a document using one of them also holds: the headword and the
    spellings, and the plural in -s of a form that has none (the headword ``jeton`` of the period's
    ``jettons`` gives ``jetons``, which a reader may type)."""
    out: list[tuple[tuple[str, ...], str]] = []
    for term in load_glossary():
        forms = {" ".join(_WORD.findall(modern(fold(s)))) for s in (term.term, *term.spellings)}
        words = {w for f in forms for w in _WORD.findall(f)}
        words |= {f"{f}s" for f in forms if " " not in f and not f.endswith(("s", "x", "z"))}
        out.append((tuple(sorted(forms)), " ".join(sorted(words))))
    return out


def _folded_words(text: str, folded: list[str]) -> str:
    """The words of ``folded`` (the words of ``text`` folded) that ``text`` does not hold as they are."""
    unchanged = set(_WORD.findall(text.lower()))
    return " ".join(dict.fromkeys(w for w in folded if w not in unchanged))


def add_folds(docs: Iterable[dict[str, Any]], classes: list[tuple[tuple[str, ...], str]]) -> None:
    """Give each document its ``fold_title`` and ``fold_text`` (see the module's docstring)."""
    by_word: dict[str, set[int]] = {}
    phrases: list[tuple[str, int]] = []
    for i, (forms, _) in enumerate(classes):
        for form in forms:
            if " " in form:
                phrases.append((f" {form} ", i))
            else:
                by_word.setdefault(form, set()).add(i)
    for doc in docs:
        title = _TAG.sub(" ", doc.get("title", ""))
        text = _TAG.sub(" ", doc.get("text", "") + " " + doc.get("translation", ""))
        title_words = _WORD.findall(modern(fold(title)))
        text_words = _WORD.findall(modern(fold(text)))
        doc["fold_title"] = _folded_words(title, title_words)
        found = {i for w in {*title_words, *text_words} for i in by_word.get(w, ())}
        line = f" {' '.join(title_words)} {' '.join(text_words)} "
        found |= {i for phrase, i in phrases if phrase in line}
        spellings = [classes[i][1] for i in sorted(found)]
        doc["fold_text"] = " ".join([_folded_words(text, text_words), *spellings]).strip()


def add_subjects(docs: Iterable[dict[str, Any]]) -> None:
    """Give the documents that are about a term their field ``about``: a paragraph, the terms the
    glossary lists it under (every form of each, folded) and the topic of each of its annotations
    (once per annotation: the paragraph with six statements on the quinola is more about it than the
    one with three); a topic's page, the words of its title. The field weighs more than a title
    (``mkdocs.yml``), so that a search for a term finds first what is about it, not what names it in
    passing."""
    about: dict[str, list[str]] = {}
    for term in load_glossary():
        words = sorted({w for s in (term.term, *term.spellings) for w in _WORD.findall(modern(fold(s)))})
        for paragraph in term.paragraphs:
            about.setdefault(paragraph, []).extend(words)
    for a in load_annotations():
        about.setdefault(a.paragraph, []).extend(_WORD.findall(modern(fold(a.topic))))
    at = {
        f"sources/{source.id}/#{p.anchor}": about[p.id]
        for source in load_corpus().sources
        for p in source.paragraphs
        if p.id in about
    }
    for doc in docs:
        location = doc["location"]
        if location in at:
            doc["about"] = " ".join(at[location])
        elif location.startswith("topics/") and location != "topics/" and "#" not in location:
            doc["about"] = " ".join(_WORD.findall(modern(fold(_TAG.sub(" ", doc.get("title", ""))))))


# ---- the index -----------------------------------------------------------------------------------


#: Where Zensical writes its search index (``{"config": …, "items": [{"location", "title", "text", …}]}``),
#: which its own search reads; the plugin of MkDocs writes ``search/search_index.json``.
ZENSICAL_INDEX = "search.json"


def finish(site: Path) -> bool:
    """The search of the built site ``site``: the documents of the plugin's index and those of the
    source pages, folded and given their subjects, written to :data:`DOCUMENTS` (and, in the copy
    read from disk, :data:`DOCUMENTS_SCRIPT`), the index keeping only its configuration. A site
    built by Zensical (its index :data:`ZENSICAL_INDEX`) gets the same documents, made from its
    index, which is left whole for Zensical's own search. False where the site has no search index
    (nothing is done)."""
    index_path = site / "search" / "search_index.json"
    if not index_path.is_file():
        return _finish_zensical(site)
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = _documents(index["docs"])
    payload = json.dumps({"config": index["config"], "docs": docs}, ensure_ascii=False, separators=(",", ":"))
    (site / DOCUMENTS).write_text(payload, encoding="utf-8")
    version = hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]
    config = {**index["config"], "version": version, "spellings": OLD_SPELLINGS}
    stub = json.dumps({"config": config, "docs": []}, separators=(",", ":"))
    index_path.write_text(stub, encoding="utf-8")
    script = site / "search" / "search_index.js"
    if script.is_file():  # the offline copy: the theme reads its index, and the documents, as scripts
        script.write_text(f"var __index = {stub}", encoding="utf-8")
        (site / DOCUMENTS_SCRIPT).write_text(f"var __search_documents = {payload}", encoding="utf-8")
    return True


def _documents(indexed: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The documents of a theme's index and those of the source pages, folded, with their subjects."""
    docs = [*indexed, *source_documents({s.id: s.name for s in load_corpus().sources})]
    add_folds(docs, _spelling_classes())
    add_subjects(docs)
    return docs


def _finish_zensical(site: Path) -> bool:
    """:func:`finish` of a site built by Zensical: :data:`DOCUMENTS` from its index, which is kept."""
    index_path = site / ZENSICAL_INDEX
    if not index_path.is_file():
        return False
    index = json.loads(index_path.read_text(encoding="utf-8"))
    docs = _documents({"location": i["location"], "title": i["title"], "text": i["text"]} for i in index["items"])
    payload = json.dumps({"config": index["config"], "docs": docs}, ensure_ascii=False, separators=(",", ":"))
    (site / DOCUMENTS).parent.mkdir(exist_ok=True)
    (site / DOCUMENTS).write_text(payload, encoding="utf-8")
    return True

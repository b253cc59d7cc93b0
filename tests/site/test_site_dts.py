"""The corpus as Distributed Text Services 1.0, level 0 (``reversis_site.dts``), checked on the built
site against the specification's rules: the required properties of each object (its tables), the URI
templates of the Entry endpoint expanded (RFC 6570) to files that exist, one ``CitableUnit`` per
paragraph with a unique identifier in document order, the Navigation endpoint's answers for ``ref``
and ``down``, and the Document endpoint's TEI with the passage in a ``dts:wrapper``. The same rules
are run on the specification's own examples (``dts/spec_examples.json``, CC BY 4.0, see its README),
so that they are seen to hold for what the specification shows and to fail on what it forbids."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from reversis.corpus import SITE_URL, load_corpus, paragraph_url

REPO = Path(__file__).resolve().parents[2]

CORPUS = load_corpus()
EXAMPLES = json.loads((Path(__file__).parent / "dts" / "spec_examples.json").read_text(encoding="utf-8"))
TEI = "{http://www.tei-c.org/ns/1.0}"
DTS = "{https://w3id.org/api/dts#}"

#: The required properties of each object, as the specification's tables list them.
REQUIRED = {
    "EntryPoint": {"@id", "@type", "dtsVersion", "collection", "navigation", "document"},
    "Collection": {"@id", "@type", "dtsVersion", "title", "totalParents", "totalChildren", "collection"},
    "Resource": {"@id", "@type", "dtsVersion", "title", "totalParents", "collection", "navigation", "document"},
    "Navigation": {"@id", "@type", "dtsVersion", "resource"},
    "NavigationResource": {"@id", "@type", "collection", "navigation", "document", "citationTrees"},
    "CitableUnit": {"identifier", "@type", "level", "parent"},
}


def expand(template: str, **values: Any) -> str:
    """An RFC 6570 template expanded, for the operators the DTS templates use (none, ``/``, ``;``,
    ``?``, ``&``); an undefined variable is left out."""

    def one(match: re.Match[str]) -> str:
        operator, names = (match[1][0], match[1][1:]) if match[1][0] in "/;?&" else ("", match[1])
        defined = [(name, values[name]) for name in names.split(",") if values.get(name) is not None]
        if not defined:
            return ""
        if operator == "/":
            return "".join(f"/{value}" for _, value in defined)
        if operator == ";":
            return "".join(f";{name}={value}" for name, value in defined)
        if operator in ("?", "&"):
            return operator + "&".join(f"{name}={value}" for name, value in defined)
        return ",".join(str(value) for _, value in defined)

    return re.sub(r"\{([^}]+)\}", one, template)


def test_expand_follows_rfc_6570() -> None:
    """The examples of the specification's table of templates (after RFC 6570, section 3.2.1)."""
    values = {"var": "value", "x": 1024, "empty": "", "null": None}
    cases = {"{var}": "value", "{/var}": "/value", "{;var}": ";var=value", "{/var,x}": "/value/1024"}
    cases |= {"{?var,x}": "?var=value&x=1024", "{&var,x}": "&var=value&x=1024", "{?var,x,null}": "?var=value&x=1024"}
    for template, expected in cases.items():
        assert expand(template, **values) == expected, template


def problems(data: dict[str, Any], kind: str) -> list[str]:
    """What an object lacks or has wrong, by the specification's rules for its type."""
    found = [f"{kind}: no {name}" for name in sorted(REQUIRED[kind] - set(data))]
    if kind in ("Collection", "Resource", "EntryPoint", "Navigation"):
        if data.get("@type") != kind:
            found.append(f"{kind}: @type is {data.get('@type')!r}")
        if data.get("dtsVersion") != "1.0":
            found.append(f"{kind}: dtsVersion is {data.get('dtsVersion')!r}")
    if kind == "Collection" and not isinstance(data.get("totalChildren"), int):
        found.append("Collection: totalChildren is not a number")
    for member in data.get("member", []) if kind == "Collection" else []:
        need = REQUIRED["Resource"] - {"dtsVersion"} if member.get("@type") == "Resource" else {"@id", "@type", "title"}
        found += [f"member {member.get('@id')}: no {name}" for name in sorted(need - set(member))]
    if kind == "Navigation":
        found += problems(data.get("resource", {}), "NavigationResource")
        for tree in data.get("resource", {}).get("citationTrees", []):
            if tree.get("@type") != "CitationTree":
                found.append("a citation tree's @type is not CitationTree")
        units = [data[k] for k in ("ref", "start", "end") if k in data] + list(data.get("member", []))
        for unit in units:
            found += [f"unit {unit.get('identifier')}: {p}" for p in problems(unit, "CitableUnit")]
        identifiers = [unit.get("identifier") for unit in data.get("member", [])]
        if len(set(identifiers)) != len(identifiers):
            found.append("the identifiers of the members are not unique")
    if kind == "CitableUnit":
        if data.get("@type") != "CitableUnit" or not isinstance(data.get("level"), int):
            found.append("not a CitableUnit with a level")
        if data.get("parent") is not None and not isinstance(data.get("parent"), str):
            found.append("its parent is neither null nor a string")
    return found


EXAMPLE_KINDS = {
    "entry": "EntryPoint",
    "root collection": "Collection",
    "child resource": "Resource",
    "navigation: ref and down=-1 (example 3)": "Navigation",
    "navigation: ref and down=1 (example 5)": "Navigation",
    "navigation: ref alone": "Navigation",
}


@pytest.mark.parametrize("name", EXAMPLE_KINDS)
def test_the_rules_hold_for_the_specifications_examples(name: str) -> None:
    assert problems(EXAMPLES[name], EXAMPLE_KINDS[name]) == []


def test_the_rules_fail_on_what_the_specification_forbids() -> None:
    navigation = json.loads(json.dumps(EXAMPLES["navigation: ref alone"]))
    del navigation["resource"]["citationTrees"]
    navigation["ref"]["level"] = "1"
    assert problems(navigation, "Navigation") == [
        "NavigationResource: no citationTrees",
        "unit C1: not a CitableUnit with a level",
    ]
    entry = {k: v for k, v in EXAMPLES["entry"].items() if k != "navigation"}
    assert problems({**entry, "dtsVersion": "0.9"}, "EntryPoint") == [
        "EntryPoint: no navigation",
        "EntryPoint: dtsVersion is '0.9'",
    ]


def _get(built_site: Path, url: str) -> Path:
    assert url.startswith(SITE_URL), url
    path = built_site / url.removeprefix(SITE_URL)
    assert path.is_file(), f"no file for {url}"
    return path


def _json(built_site: Path, url: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_get(built_site, url).read_text(encoding="utf-8"))
    return data


def test_the_entry_and_the_collections(built_site: Path) -> None:
    entry = _json(built_site, f"{SITE_URL}api/dts/index.json")
    assert problems(entry, "EntryPoint") == []
    root = _json(built_site, expand(entry["collection"]))
    assert problems(root, "Collection") == []
    assert root["totalChildren"] == len(root["member"]) == len(CORPUS.sources)
    assert _json(built_site, expand(entry["collection"], id=root["@id"])) == root
    assert _json(built_site, expand(entry["collection"], id=root["@id"], nav="parents"))["member"] == []
    for member in root["member"]:
        resource = _json(built_site, expand(entry["collection"], id=member["@id"]))
        assert problems(resource, "Resource") == [] and resource["@type"] == "Resource"
        assert {k: v for k, v in resource.items() if k not in ("@context", "dtsVersion")} == member
        parents = _json(built_site, expand(member["collection"], nav="parents"))["member"]
        assert [p["@id"] for p in parents] == [root["@id"]]


@pytest.mark.parametrize("source_id", [s.id for s in CORPUS.sources])
def test_one_citable_unit_per_paragraph_with_the_sites_identifiers(built_site: Path, source_id: str) -> None:
    entry = _json(built_site, f"{SITE_URL}api/dts/index.json")
    source = CORPUS.source(source_id)
    numbers = [p.number for p in source.paragraphs]
    for down in (1, -1):
        navigation = _json(built_site, expand(entry["navigation"], resource=source_id, down=down))
        assert problems(navigation, "Navigation") == []
        assert "ref" not in navigation
        assert [u["identifier"] for u in navigation["member"]] == numbers  # document order
        assert [u["@id"] for u in navigation["member"]] == [paragraph_url(source_id, n) for n in numbers]
    document = etree.parse(str(_get(built_site, expand(entry["document"], resource=source_id))))
    xml_ids = [e.get("{http://www.w3.org/XML/1998/namespace}id") for e in document.iter(f"{TEI}p", f"{TEI}head")]
    assert [i for i in xml_ids if i] == [f"{source_id}.p{n}" for n in numbers]
    for para in source.paragraphs[:: max(1, len(numbers) // 5)]:
        ref = para.number
        alone = _json(built_site, expand(entry["navigation"], resource=source_id, ref=ref))
        assert problems(alone, "Navigation") == []
        assert alone["ref"]["identifier"] == ref and "member" not in alone
        siblings = _json(built_site, expand(entry["navigation"], resource=source_id, ref=ref, down=0))
        assert [u["identifier"] for u in siblings["member"]] == numbers
        for down in (1, -1):
            subtree = _json(built_site, expand(entry["navigation"], resource=source_id, ref=ref, down=down))
            assert [u["identifier"] for u in subtree["member"]] == [ref]  # a paragraph has no parts
        passage = etree.parse(str(_get(built_site, expand(entry["document"], resource=source_id, ref=ref))))
        assert passage.getroot().tag == f"{TEI}TEI"
        (wrapper,) = passage.getroot().iter(f"{DTS}wrapper")
        (unit,) = wrapper
        assert unit.get("{http://www.w3.org/XML/1998/namespace}id") == para.xml_id


@pytest.mark.parametrize("source_id", [s.id for s in CORPUS.sources])
def test_the_tei_export_cites_its_paragraphs_as_the_dts_files_do(source_id: str) -> None:
    """The TEI export's ``citeStructure`` (its ``match`` and ``use`` XPaths), evaluated on the export,
    gives the identifiers of the DTS citable units, in their order."""
    from reversis_site.dts import dts_files

    tei = etree.parse(str(REPO / "corpus" / source_id / "exports" / f"{source_id}.tei.xml"))
    (structure,) = tei.getroot().iter(f"{TEI}citeStructure")
    match = re.sub(r"(?<=/)(\w+)", r"tei:\1", structure.get("match"))
    found = [e.xpath(structure.get("use")) for e in tei.xpath(match, namespaces={"tei": TEI[1:-1]})]
    navigation = json.loads(dts_files(CORPUS)[f"navigation/{source_id};down=-1.json"])
    assert found == [unit["identifier"] for unit in navigation["member"]]
    assert found == [p.number for p in CORPUS.source(source_id).paragraphs]

"""The site: the pages generated into the build folder, a strict build, every paragraph and annotation anchored,
the corpus shown as printed, and no request leaving the page."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from site_build import REPO, mkdocs_build, mkdocs_config, parse_page

from reversis.annotations import load_annotations
from reversis.core.errors import ReversisError
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.corpus import load_corpus, paragraph_url
from reversis.corpus.markup import collapse

CORPUS = load_corpus()
SOURCE_IDS = [s.id for s in CORPUS.sources]


def test_the_build_folder_holds_what_is_generated_and_nothing_else(
    site_script: ModuleType, wanted_pages: dict[Path, str], tmp_path: Path
) -> None:
    """The generator writes every page, the fragments and ``mkdocs.yml`` into the build folder,
    beside copies of ``docs/`` and ``overrides/``; written again, it changes only what differs and
    removes what is no longer generated."""
    out = tmp_path / "pages"
    written = site_script.write_pages(wanted_pages, out)
    assert len(written) == len(site_script.build_files(wanted_pages))
    assert (
        (out / "docs" / "scenarios.md")
        .read_text(encoding="utf-8")
        .endswith((REPO / "docs" / "scenarios.md").read_text(encoding="utf-8"))
    )
    assert (out / "overrides" / "partials" / "content.html").is_file()
    assert (out / "overrides" / "fragments" / "examples" / "bete-paid.html").is_file()
    assert "INHERIT: ../../" in (out / "mkdocs.yml").read_text(encoding="utf-8")
    page = out / "docs" / "sources" / "encyclopedie-1765.md"
    page.write_text(page.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    (out / "docs" / "rulesets" / "retired.md").write_text("# gone\n", encoding="utf-8")
    retired = out / "overrides" / "fragments" / "examples" / "retired.html"
    retired.write_text("{% macro deal() %}{% endmacro %}\n", encoding="utf-8")
    assert sorted(site_script.write_pages(wanted_pages, out)) == sorted(
        [page, out / "docs" / "rulesets" / "retired.md", retired]
    )
    assert not retired.exists()
    assert site_script.write_pages(wanted_pages, out) == []
    with pytest.raises(ReversisError, match="not a build folder"):
        site_script.write_pages(wanted_pages, REPO)


def test_a_page_gets_its_search_settings(site_script: ModuleType) -> None:
    meta = site_script.with_search_meta
    assert meta(Path("sources/encyclopedie-1765.md"), "---\ntitle: T\n---\n# T\n") == (
        "---\nsearch:\n  boost: 4.0\n  exclude: true\ntitle: T\n---\n# T\n"
    )
    assert meta(Path("examples/index.md"), "# E\n") == "---\nsearch:\n  boost: 0.1\n---\n# E\n"
    assert meta(Path("scenarios.md"), "# S\n") == "---\nsearch:\n  boost: 1.0\n---\n# S\n"
    with pytest.raises(ReversisError, match="its own search settings"):
        meta(Path("glossary.md"), "---\nsearch:\n  boost: 3\n---\n# G\n")


def test_the_examples_section_of_the_navigation_is_their_index(site_script: ModuleType, tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("nav:\n  - Home: index.md\n  - Examples: examples/other.md\n", encoding="utf-8")
    with pytest.raises(ReversisError, match=r"no entry `- Examples: examples/index\.md`"):
        site_script.navigation(config)
    config.write_text("nav:\n  - Home: index.md\n  - Examples: examples/index.md\n", encoding="utf-8")
    assert site_script.navigation(config) == [{"Home": "index.md"}, {"Examples": "examples/index.md"}]


@pytest.mark.slow  # two builds of the pages of their own (README: which target runs what)
def test_two_processes_write_the_same_pages(tmp_path: Path) -> None:
    """``--jobs 2`` renders the worked examples in a forked process beside the other pages; the
    build folder is the same as one process writes it."""
    trees = []
    for jobs in ("2", "1"):
        out = tmp_path / f"jobs-{jobs}"
        result = subprocess.run(
            [sys.executable, "-m", "reversis_site", "--quiet", "--out", str(out), "--jobs", jobs],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        trees.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert trees[0] == trees[1]
    assert Path("docs/examples/bete-paid.md") in trees[0]


def test_work_beside_returns_its_result_or_raises_its_error(site_script: ModuleType) -> None:
    with site_script._beside(lambda: {"a": 1}, jobs=2) as result:
        assert result() == {"a": 1}
    with pytest.raises(ZeroDivisionError), site_script._beside(lambda: 1 // 0, jobs=2) as broken:
        broken()
    with site_script._beside(lambda: "here", jobs=1) as same:
        assert same() == "here"
    with (
        pytest.raises(RuntimeError, match=r"PicklingError|AttributeError"),
        site_script._beside(lambda: lambda: None, jobs=2) as unpicklable,
    ):
        unpicklable()
    with site_script._beside(lambda: sum(range(10**9)), jobs=2):
        pass  # the block does not ask: the second process is stopped, not waited for


def test_strict_build_passes(built_site: Path) -> None:
    for source_id in SOURCE_IDS:
        assert (built_site / "sources" / source_id / "index.html").is_file()
    for ruleset_id in ruleset_ids():
        assert (built_site / "rulesets" / ruleset_id / "index.html").is_file()
    assert (built_site / "glossary" / "index.html").is_file()
    assert (built_site / "bibliography" / "index.html").is_file()


def test_strict_build_fails_on_a_broken_anchor(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n[there](other.md#nowhere)\n", encoding="utf-8")
    (docs / "other.md").write_text("# Other\n", encoding="utf-8")
    config = mkdocs_config()
    config.update(docs_dir=str(docs), nav=["index.md", "other.md"], extra_css=[])
    config["theme"]["custom_dir"] = str(REPO / "overrides")  # relative to the config file, which moved
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    result = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert "nowhere" in result.stderr


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_every_paragraph_has_its_anchor(built_site: Path, source_id: str) -> None:
    source = CORPUS.source(source_id)
    page = parse_page(built_site / "sources" / source_id / "index.html")
    for para in source.paragraphs:
        url = paragraph_url(source.id, para.number)
        path, _, anchor = url.removeprefix("https://reversis-reference.github.io/reversis/").partition("#")
        assert path == f"sources/{source_id}/"
        assert anchor in page.ids, f"{para.id}: no anchor #{anchor} on {path}"


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_every_annotation_has_its_anchor(built_site: Path, source_id: str) -> None:
    page = parse_page(built_site / "sources" / source_id / "index.html")
    missing = [a.id for a in load_annotations() if a.source == source_id and a.id not in page.ids]
    assert not missing


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_ocr_and_transcription_show_as_printed(built_site: Path, source_id: str) -> None:
    """The OCR version holds the OCR as text, and the transcription's text is the clean text, word for
    word, with nothing to leave out (no OCR reading, note or page number in it): nothing was read as
    HTML or Markdown."""
    source = CORPUS.source(source_id)
    page = parse_page(built_site / "sources" / source_id / "index.html", classes=frozenset({"ocr"}))
    assert [collapse(t) for t in page.texts["ocr"]] == [p.ocr for p in source.paragraphs]
    assert _transcriptions(built_site, source_id) == [collapse(p.clean) for p in source.paragraphs]


def _transcriptions(built_site: Path, source_id: str) -> list[str]:
    """The text of each paragraph's transcription, as a browser's textContent gives it (collapsed)."""
    html = (built_site / "sources" / source_id / "index.html").read_text(encoding="utf-8")
    bodies = re.findall(r'<p class="transcription"[^>]*>(.*?)</p>', html, re.DOTALL)
    return [collapse(parse_page_text(body)) for body in bodies]


def parse_page_text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment))


def test_markup_characters_of_the_ocr_show_as_text(built_site: Path) -> None:
    """A paragraph whose OCR holds ``<`` or ``&`` shows them escaped in its OCR tab, which holds no tag."""
    samples = [p for p in CORPUS.paragraphs() if "<" in p.ocr or "&" in p.ocr]
    assert any("<" in p.ocr for p in samples) and any("&" in p.ocr for p in samples)
    for source_id in {p.source for p in samples}:
        html = (built_site / "sources" / source_id / "index.html").read_text(encoding="utf-8")
        bodies = re.findall(r'<template class="ocr"[^>]*>(.*?)</template>', html, re.DOTALL)
        paragraphs = CORPUS.source(source_id).paragraphs
        assert len(bodies) == len(paragraphs)
        for para, body in zip(paragraphs, bodies, strict=True):
            assert "<" not in body, f"{para.id}: markup in the OCR tab: {body[:80]}"
            if "<" in para.ocr:
                assert "&lt;" in body, para.id
            if "&" in para.ocr:
                assert "&amp;" in body, para.id


def test_no_request_leaves_the_site(built_site: Path) -> None:
    """No web font, script, stylesheet or image is fetched from another host (no CDN)."""
    offending = []
    for path in built_site.rglob("*.html"):
        page = parse_page(path)
        for tag, attribute, url in page.urls:
            if tag in ("script", "link", "img", "iframe", "source") and re.match(r"(https?:)?//", url):
                if tag == "link" and url.startswith("https://reversis-reference.github.io/"):
                    continue  # the canonical address of the page, not a request
                offending.append(f"{path.relative_to(built_site)}: <{tag} {attribute}={url}>")
    for path in built_site.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?((?:https?:)?//[^)'\"]+)", path.read_text(encoding="utf-8")):
            offending.append(f"{path.relative_to(built_site)}: url({url})")
    assert not offending


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_reading_snippets_select_their_reading(built_site: Path, ruleset_id: str) -> None:
    """Every scenario snippet of a ruleset page names the ruleset and options it accepts."""
    html = (built_site / "rulesets" / ruleset_id / "index.html").read_text(encoding="utf-8")
    snippets = re.findall(r'<code class="language-yaml">(.*?)</code>', html, re.DOTALL)
    assert snippets
    for snippet in snippets:
        data = yaml.safe_load(parse_page_text(snippet))
        assert data["ruleset"] == ruleset_id
        load_ruleset(ruleset_id).with_options(data["options"])

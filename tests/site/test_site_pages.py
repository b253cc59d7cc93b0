"""The site: generated pages up to date, a strict build, every paragraph and annotation anchored,
the corpus shown as printed, and no request leaving the page."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from site_build import REPO, mkdocs_build, mkdocs_config, parse_page

from reversis.annotations import load_annotations
from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.corpus import load_corpus, paragraph_url
from reversis.corpus.markup import collapse

CORPUS = load_corpus()
SOURCE_IDS = [s.id for s in CORPUS.sources]


def test_generated_pages_are_up_to_date(site_script: ModuleType, wanted_pages: dict[Path, str]) -> None:
    stale = site_script.stale_pages(wanted_pages)
    assert not stale, f"run `python scripts/build_site.py`: {stale}"


def test_check_names_a_stale_page(
    site_script: ModuleType,
    wanted_pages: dict[Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(site_script, "pages", lambda **_: wanted_pages)
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "docs", docs)
    page = docs / "sources" / "encyclopedie-1765.md"
    page.write_text(page.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    (docs / "rulesets" / "retired.md").write_text("# gone\n", encoding="utf-8")
    # the parts the theme splices into the example pages are generated too (scripts/site_fragments.py)
    shutil.copytree(REPO / "overrides", tmp_path / "overrides")
    shutil.copytree(REPO / "includes", tmp_path / "includes")
    fragments = tmp_path / "overrides" / "fragments" / "examples"
    (fragments / "retired.html").write_text("{% macro deal() %}{% endmacro %}\n", encoding="utf-8")
    replay = fragments / "bete-paid.html"
    replay.write_text(replay.read_text(encoding="utf-8").replace("Trick 1.", "Trick one."), encoding="utf-8")
    assert site_script.main(["--check", "--docs", str(docs), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert f"stale page: {page} (differs)" in out
    assert "retired.md (not generated)" in out
    assert f"stale page: {docs / '..' / 'overrides' / 'fragments' / 'examples' / 'bete-paid.html'} (differs)" in out
    assert "retired.html (not generated)" in out
    assert len(out.splitlines()) == 4, out
    assert site_script.main(["--docs", str(docs), "--jobs", "1"]) == 0
    assert not (docs / "rulesets" / "retired.md").exists()
    assert not (fragments / "retired.html").exists()
    assert site_script.main(["--check", "--docs", str(docs), "--jobs", "1"]) == 0


def test_two_processes_write_the_same_pages(wanted_pages: dict[Path, str]) -> None:
    """``--jobs 2`` renders the worked examples in a forked process beside the other pages; the
    committed pages are what one process renders (``wanted_pages``), so ``--check`` finds them up to
    date either way."""
    for jobs in ("2", "1"):
        result = subprocess.run(
            [sys.executable, str(REPO / "scripts" / "build_site.py"), "--check", "--jobs", jobs],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.strip() == f"pages up to date: {len(wanted_pages)}"


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
    config["INHERIT"] = str(REPO / config["INHERIT"])
    config["hooks"] = [str(REPO / hook) for hook in config.get("hooks") or ()]  # likewise
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
    """The OCR tab holds the OCR as text, and the transcription without its struck readings, its
    comments and its page markers is the clean text: nothing was read as HTML or Markdown."""
    source = CORPUS.source(source_id)
    page = parse_page(
        built_site / "sources" / source_id / "index.html",
        classes=frozenset({"ocr"}),
        skip=frozenset({"comment", "page-break"}),
    )
    assert [collapse(t) for t in page.texts["ocr"]] == [p.ocr for p in source.paragraphs]
    clean = [collapse(re.sub(r"\s+([,.])", r"\1", t)) for t in _accepted(built_site, source_id)]
    assert clean == [collapse(re.sub(r"\s+([,.])", r"\1", p.clean)) for p in source.paragraphs]


def _accepted(built_site: Path, source_id: str) -> list[str]:
    """The transcription paragraphs' text with the deletions, comments and page markers left out."""
    html = (built_site / "sources" / source_id / "index.html").read_text(encoding="utf-8")
    texts = []
    for body in re.findall(r'<p class="transcription"[^>]*>(.*?)</p>', html, re.DOTALL):
        body = re.sub(r'<del class="critic">.*?</del>', "", body, flags=re.DOTALL)
        body = re.sub(r'<span class="critic comment">.*?</span>', "", body, flags=re.DOTALL)
        body = re.sub(r'<span class="page-break">.*?</span>', "", body, flags=re.DOTALL)
        parser = parse_page_text(body)
        texts.append(parser)
    return texts


def parse_page_text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment))


def test_markup_characters_of_the_ocr_show_as_text(built_site: Path) -> None:
    """A paragraph whose OCR holds ``<`` or ``&`` shows them escaped in its OCR tab, which holds no tag."""
    samples = [p for p in CORPUS.paragraphs() if "<" in p.ocr or "&" in p.ocr]
    assert any("<" in p.ocr for p in samples) and any("&" in p.ocr for p in samples)
    for source_id in {p.source for p in samples}:
        html = (built_site / "sources" / source_id / "index.html").read_text(encoding="utf-8")
        bodies = re.findall(r'<p class="ocr"[^>]*>(.*?)</p>', html, re.DOTALL)
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

"""The reading edition in a real browser (Debian's Chromium, as in ``test_browser.py``), at the
width of a laptop (1280 px) and of a phone (390 px), in the light and the dark scheme: the text
comes first, annotations open beside (or below) the words they quote and close again, by mouse and
by keyboard, all or none at once, every paragraph in one version at once; the doctests and the
citations wrap; an option's underscores stay visible under its link; the 404 page is styled when
the site is served as ``make site`` serves it. Each check keeps a screenshot of what it saw in
``$REVERSIS_SCREENSHOTS`` (as ``test_browser.py`` does).

The checks run as tests of ``test_browser.py``, which imports them at its end, so that they share
its one browser and its server (Playwright runs one browser per process).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import SCHEMES, Visit, check_the_tabs_switch_to_the_ocr, shoot

from reversis.corpus import load_corpus

SOURCE = "sources/encyclopedie-1765/"
SOURCES = [
    "sources/encyclopedie-1765/",
    "sources/dictionnaire-jeux-r/",
    "sources/espagnolette-19c/",
    "sources/revesino-es/",
]
WIDTHS = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _open(visit: Callable[..., Visit], path: str, *, width: str, scheme: str = "light") -> tuple[Visit, Any]:
    v = visit(scheme=scheme, viewport=WIDTHS[width])
    tab = v.open(path, wait="load")
    tab.wait_for_selector(".reading-controls")
    return v, tab


def _shown(tab: Any) -> int:
    """How many annotations are open (their quotation shown; on a wide screen the others show their
    title only, as margin notes)."""
    count: int = tab.evaluate(
        "() => [...document.querySelectorAll('.apparatus .annotation-quote')].filter(a => a.offsetParent).length"
    )
    return count


#: The text of paragraph 4 as an annotation client reads it (its textContent) and as it is laid out
#: (its innerText), and its number of nodes once adjacent texts are joined (the same once a note is
#: closed: nothing of its placing is left in the paragraph).
_TEXTS = """() => {
  const p = document.getElementById('p4');
  const copy = p.cloneNode(true);
  copy.normalize();
  return [p.textContent, p.innerText, copy.childNodes.length];
}"""

#: The bottom of the sentence that holds a mark (its first full stop, ? or ! after the mark), and the
#: top of the first letter after it (null: the sentence ends the paragraph), found in the text itself.
_SENTENCE = """(mark) => {
  const walker = document.createTreeWalker(mark.closest('.transcription'), NodeFilter.SHOW_TEXT);
  walker.currentNode = mark;
  const box = (node, at) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return range.getBoundingClientRect();
  };
  let node, stop = null;
  while (!stop && (node = walker.nextNode())) {
    const found = mark.contains(node) ? null : /[.!?]/.exec(node.data);
    if (found) stop = [node, found.index];
  }
  let [at, from] = stop, next = null;
  for (from += 1; at && next === null; at = walker.nextNode(), from = 0) {
    const letter = /\\S/.exec(at.data.slice(from));
    if (letter) next = box(at, from + letter.index).top;
  }
  return {bottom: box(stop[0], stop[1]).bottom, next: next};
}"""


def test_every_source_page_is_read_wide() -> None:
    # test_the_text_comes_first checks the quotations and the OCR of each source page of the corpus
    assert sorted(SOURCES) == sorted(f"sources/{s.id}/" for s in load_corpus().sources)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", SOURCES)
def test_the_text_comes_first(
    visit: Callable[..., Visit], screenshots: Path, built_site: Path, path: str, width: str
) -> None:
    """The first paragraph of the text starts within the first screen, and no annotation is open. On
    a phone the same page (one load of each source page at each width for the three) has every quotation
    of its Web Annotations once, where its address says (browser_edition.quotes_missed), and every
    paragraph's English under it; on a wide screen a paragraph's versions show its OCR
    (test_browser.check_the_tabs_switch_to_the_ocr)."""
    v, tab = _open(visit, path, width=width)
    top = tab.evaluate("() => document.querySelector('.passage-text').getBoundingClientRect().top + scrollY")
    assert top < WIDTHS[width]["height"], f"{path}: the text starts {top:.0f} px down"
    assert _shown(tab) == 0
    assert tab.locator("#record").evaluate("e => e.getBoundingClientRect().top + scrollY") > top
    shoot(tab, screenshots / f"reading-{path.split('/')[1]}-{width}.png")
    if width == "phone":
        from browser_edition import english_missed, quotes_missed  # here: browser_edition imports this module's

        missed = quotes_missed(tab, built_site, path) + english_missed(tab)
        assert not missed, "\n".join(missed)
    else:
        check_the_tabs_switch_to_the_ocr(tab)
    assert not v.errors, v.errors


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_annotations_open_beside_the_words_they_quote(
    visit: Callable[..., Visit],
    screenshots: Path,
    width: str,
    scheme: str,
) -> None:
    """A click on the sign after quoted words opens their annotations, in the column beside the
    paragraph on a wide screen (where the paragraph's other annotations stand by their titles), on a
    phone just below the sentence that holds the words, the rest of the paragraph after them, its
    text unchanged (the Web Annotations' quotes are still found in it); a second click closes them."""
    v, tab = _open(visit, SOURCE, width=width, scheme=scheme)
    mark = tab.locator(".passage-text[data-paragraph=p4] a.annotated").nth(2)
    mark.scroll_into_view_if_needed()
    named = (mark.get_attribute("data-annotations") or "").split()
    assert named
    closed = tab.evaluate(_TEXTS)
    mark.click()
    first = tab.locator(f"[id='{named[0]}']")
    first.wait_for(state="visible")
    assert _shown(tab) == len(named)
    assert mark.get_attribute("aria-expanded") == "true"
    text = tab.locator(".passage-text[data-paragraph=p4]").bounding_box()
    note = first.bounding_box()
    words = mark.bounding_box()
    assert text and note and words
    if width == "wide":
        assert note["x"] >= text["x"] + text["width"], "the annotation is not beside the text"
        assert text["y"] - 40 <= note["y"] < text["y"] + text["height"], (
            "the annotation is not level with its paragraph"
        )
        titles = tab.locator(".apparatus[data-paragraph=p4] .annotation-title")
        assert titles.count() > len(named) and all(titles.nth(i).is_visible() for i in range(titles.count()))
    else:
        sentence = mark.evaluate(_SENTENCE)
        assert sentence["next"] is not None, "the words' sentence is the paragraph's last: choose another"
        below = note["y"] - sentence["bottom"]
        assert 0 <= below <= 24, f"the annotation's top is {below:.0f} px from the bottom of its sentence"
        shown = tab.locator(".apparatus[data-paragraph=p4] .annotation.is-shown")
        bottom = max(b["y"] + b["height"] for b in (shown.nth(i).bounding_box() for i in range(shown.count())) if b)
        assert sentence["next"] >= bottom, "the rest of the paragraph is not after the annotation"
        assert note["x"] >= text["x"] and note["x"] + note["width"] <= WIDTHS[width]["width"]
        assert tab.evaluate(_TEXTS)[:2] == closed[:2], "the paragraph's text changed"
        # a doctest opened in the annotation: the rest of the paragraph moves down with it
        first.locator("details.annotation-example > summary").click()
        first.locator("pre.doctest").wait_for(state="visible")
        tab.wait_for_function(
            f"([id, mark]) => document.getElementById(id).getBoundingClientRect().bottom <= ({_SENTENCE})(mark).next",
            arg=[named[0], mark.element_handle()],
            timeout=5000,
        )
    shoot(tab, screenshots / f"reading-annotation-{width}-{scheme}.png")
    mark.click()
    first.locator(".annotation-quote").wait_for(state="hidden")
    assert _shown(tab) == 0 and mark.get_attribute("aria-expanded") == "false"
    assert tab.evaluate(_TEXTS) == closed
    assert not v.errors, v.errors


@pytest.mark.parametrize("width", WIDTHS)
def test_annotations_open_and_close_by_keyboard(visit: Callable[..., Visit], width: str) -> None:
    """Tab reaches the sign after quoted words, Enter opens their annotations and moves the focus
    into them, Escape closes them and gives the focus back to the sign."""
    v, tab = _open(visit, SOURCE, width=width)
    tab.locator(".passage-text[data-paragraph=p2] .paragraph-number").focus()
    for _ in range(4):  # from the paragraph's number in the margin to the sign after its first quoted words
        tab.keyboard.press("Tab")
        if tab.evaluate("() => document.activeElement.classList.contains('annotated')"):
            break
    assert tab.evaluate("() => document.activeElement.classList.contains('annotated')")
    named = tab.evaluate("() => document.activeElement.dataset.annotations").split()
    tab.keyboard.press("Enter")
    tab.wait_for_function("id => document.activeElement && document.activeElement.id === id", arg=named[0])
    assert _shown(tab) == len(named)
    tab.keyboard.press("Escape")
    tab.wait_for_function("() => document.activeElement.classList.contains('annotated')")
    assert _shown(tab) == 0
    assert not v.errors, v.errors


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_annotation_shows_at_once_or_none(
    visit: Callable[..., Visit],
    screenshots: Path,
    width: str,
    scheme: str,
) -> None:
    v, tab = _open(visit, SOURCE, width=width, scheme=scheme)
    every = tab.get_by_role("button", name="Show every annotation")
    total = tab.locator(".apparatus .annotation").count()
    every.click()
    tab.wait_for_function(
        "n => [...document.querySelectorAll('.apparatus .annotation-quote')].filter(a => a.offsetParent).length === n",
        arg=total,
    )
    assert every.get_attribute("aria-pressed") == "true"
    tab.locator("#p4").scroll_into_view_if_needed()
    shoot(tab, screenshots / f"reading-every-annotation-{width}-{scheme}.png")
    every.click()
    tab.wait_for_function(
        "() => ![...document.querySelectorAll('.apparatus .annotation-quote')].some(a => a.offsetParent)"
    )
    assert every.get_attribute("aria-pressed") == "false"
    assert not v.errors, v.errors


@pytest.mark.parametrize("width", WIDTHS)
def test_every_paragraph_switches_to_the_ocr_and_the_translation_at_once(
    visit: Callable[..., Visit],
    screenshots: Path,
    width: str,
) -> None:
    v, tab = _open(visit, SOURCE, width=width)
    paragraphs = tab.locator(".passage-text").count()
    controls = tab.locator(".reading-versions")
    for version, cls in (("OCR", "ocr-shown"), ("Translation", "translation"), ("Transcription", "transcription")):
        controls.get_by_role("button", name=version, exact=True).click()
        tab.wait_for_function(
            "c => [...document.querySelectorAll('.passage-text')].every(p => p.querySelector('.' + c).offsetParent)",
            arg=cls,
        )
        assert tab.locator(f".passage-text .{cls}:visible").count() == paragraphs
        if version == "OCR":
            shoot(tab, screenshots / f"reading-every-paragraph-ocr-{width}.png")
    # and each paragraph's own versions, in its apparatus, still switch that paragraph alone
    one = tab.locator(".passage-text[data-paragraph=p3]")
    one.locator("details.paragraph-apparatus > summary").click()
    one.locator(".paragraph-versions label", has_text="Translation").click()
    one.locator(".translation").wait_for(state="visible")
    assert tab.locator(".passage-text .transcription:visible").count() == paragraphs - 1
    # on a phone the English stands under every paragraph; elsewhere under the one that asked for it
    expected = paragraphs if width == "phone" else 1
    assert tab.locator(".passage-text .translation:visible").count() == expected
    assert not v.errors, v.errors


def test_an_address_that_names_an_annotation_opens_it(visit: Callable[..., Visit]) -> None:
    v = visit()
    tab = v.open(SOURCE + "#enc1765-quinola-placed", wait="load")
    target = tab.locator("[id='enc1765-quinola-placed']")
    target.wait_for(state="visible")
    assert tab.evaluate("() => document.getElementById('enc1765-quinola-placed').getBoundingClientRect().top") < 900
    assert _shown(tab) == 1
    assert not v.errors, v.errors


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_doctests_and_citations_wrap_inside_the_page(
    visit: Callable[..., Visit],
    screenshots: Path,
    width: str,
    scheme: str,
) -> None:
    """No line of a doctest (a topic page) or of a citation (the cite page) runs past the right edge
    of its block, and a citation's words keep clear of its copy button."""
    v = visit(scheme=scheme, viewport=WIDTHS[width])
    tab = v.open("topics/quinola/", wait="load")
    tab.evaluate("() => document.querySelectorAll('details.concordance-detail').forEach(d => { d.open = true; })")
    cut = tab.evaluate(
        "() => [...document.querySelectorAll('pre.doctest > code')]"
        ".filter(c => c.scrollWidth > c.clientWidth + 1).length"
    )
    assert tab.locator("pre.doctest > code").count() > 5 and cut == 0
    tab.locator("pre.doctest").first.scroll_into_view_if_needed()
    shoot(tab, screenshots / f"reading-doctest-{width}-{scheme}.png")
    assert not v.errors, v.errors
    v = visit(scheme=scheme, viewport=WIDTHS[width])  # a page of its own: leaving one aborts its search's requests
    tab = v.open("cite/", wait="load")
    citation = tab.locator("pre.citation > code").first
    citation.hover()
    button = tab.locator("pre.citation").first.locator("button.md-clipboard, button[data-md-type=copy]").first
    assert button.count()
    overlap = citation.evaluate(
        """(code, button) => {
            const b = button.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(code);
            return [...range.getClientRects()].filter(r => r.right > b.left && r.left < b.right
                && r.bottom > b.top && r.top < b.bottom && r.width > 0).length;
        }""",
        button.element_handle(),
    )
    assert overlap == 0, "the citation's words run under the copy button"
    assert citation.evaluate("c => c.scrollWidth <= c.clientWidth + 1")
    shoot(tab, screenshots / f"reading-cite-{width}-{scheme}.png")
    assert not v.errors, v.errors


@pytest.mark.parametrize("width", WIDTHS)
def test_an_options_underscores_show_under_its_link(visit: Callable[..., Visit], screenshots: Path, width: str) -> None:
    """An option's id is a small label under its English name; its link's underline is drawn below
    the code's underscores (its offset clears the descent of the text), the label never breaks
    inside itself, and a link to the option opens its folded topic."""
    v = visit(viewport=WIDTHS[width])
    tab = v.open("rulesets/encyclopedie-1765/#option-keep_tens", wait="load")
    entry = tab.locator("#option-keep_tens")
    tab.wait_for_function("e => e.closest('details').open", arg=entry.element_handle(), timeout=5000)
    link = entry.locator("a.id-label:has(> code)").first
    metrics = link.evaluate(
        """a => {
            const code = a.querySelector('code');
            const style = getComputedStyle(a);
            const size = parseFloat(getComputedStyle(code).fontSize);
            const range = document.createRange();
            range.selectNodeContents(code);
            return {offset: parseFloat(style.textUnderlineOffset), size: size, line: style.textDecorationLine,
                    lines: new Set([...range.getClientRects()].map(r => Math.round(r.top))).size};
        }"""
    )
    assert metrics["line"] == "underline"
    assert metrics["offset"] >= 0.3 * metrics["size"], metrics  # Material draws "_" about 0.1-0.2 em below the baseline
    assert metrics["lines"] == 1, metrics
    assert entry.locator(".entry-name strong").inner_text() == "Keep the tens"
    assert entry.locator("dt", has_text="Meaning").count() == 1
    entry.scroll_into_view_if_needed()
    shoot(tab, screenshots / f"reading-ruleset-option-{width}.png")
    assert not v.errors, v.errors


@pytest.mark.parametrize("page", ["topics/quinola/", "rulesets/encyclopedie-1765/", SOURCE])
def test_the_glossary_underlines_a_term_once_in_a_paragraph(visit: Callable[..., Visit], page: str) -> None:
    v = visit()
    tab = v.open(page, wait="load")
    tab.wait_for_selector("abbr")
    repeated = tab.evaluate(
        """() => {
            let found = 0, underlined = 0;
            for (const block of document.querySelectorAll('.md-typeset p, .md-typeset li, .md-typeset td')) {
                const seen = new Set();
                for (const abbr of block.querySelectorAll('abbr')) {
                    if (abbr.parentElement.closest('p, li, td') !== block) continue;
                    const words = abbr.textContent.trim().toLowerCase();
                    const line = getComputedStyle(abbr).borderBottomStyle;
                    if (line !== 'none') underlined++;
                    if (seen.has(words) && line !== 'none') found++;
                    if (line !== 'none') seen.add(words);
                }
            }
            return [found, underlined];
        }"""
    )
    assert repeated[1] > 10, f"{page}: the check found only {repeated[1]} underlined terms"
    assert repeated[0] == 0, f"{page}: {repeated[0]} terms underlined again in the same paragraph"
    assert not v.errors, v.errors


# ---- the 404 page, the site served as `make site` serves it --------------------------------------


def _serve_site_module() -> Any:
    import reversis_site.serve

    return reversis_site.serve


@pytest.fixture(scope="module")
def served_as_make_site(built_site: Path) -> Iterator[str]:
    import http.server

    serve_site = _serve_site_module()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serve_site.handler(built_site, serve_site.site_path()))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_404_page_is_styled_where_make_site_serves_it(
    browser: Any,
    served_as_make_site: str,
    screenshots: Path,
    scheme: str,
) -> None:
    context = browser.new_context(color_scheme=scheme, viewport=WIDTHS["wide"])
    failed: list[str] = []
    try:
        tab = context.new_page()
        tab.on("response", lambda r: r.status >= 400 and r.request.resource_type != "document" and failed.append(r.url))
        tab.goto(served_as_make_site + "/", wait_until="load")
        assert tab.url.endswith("/reversis/")  # the server's root sends the reader to the site
        response = tab.goto(served_as_make_site + "/reversis/no/such/page/", wait_until="load")
        assert response is not None and response.status == 404
        header = tab.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position")
        assert header == "sticky", "the 404 page has not its theme's styles"
        assert tab.locator("h1").inner_text().startswith("404")
        assert not failed, failed
        shoot(tab, screenshots / f"reading-404-{scheme}.png")
    finally:
        context.close()

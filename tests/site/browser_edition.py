"""A source page as an edition, in a real browser (Debian's Chromium, as in ``test_browser.py``): the
Web Annotations' quotations found in the text their address names, the annotations as margin notes
on a wide screen, a correction's reason and a shortened quotation shown by keyboard and by touch,
and a paragraph's Cite box in readable type. Screenshots go with the others (``$REVERSIS_SCREENSHOTS``).

The checks run as tests of ``test_browser.py``, which imports them at its end, so that they share
its one browser and its server (Playwright runs one browser per process).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_browser import SCHEMES, Visit, shoot

from reversis.corpus import SITE_URL, load_corpus
from reversis.corpus import cite as reversis_cite
from reversis.corpus.markup import collapse

SOURCE = "sources/encyclopedie-1765/"
WIDTHS = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
#: A phone as the browser knows one: a touch screen, taps instead of clicks.
TOUCH = {"viewport": WIDTHS["phone"], "has_touch": True, "is_mobile": True}

# Each TextQuoteSelector of the page, as an annotation client anchors it: in the textContent of the
# element the target's fragment names (Hypothesis's client matches the quote against the
# textContent of its root; Apache Annotator walks the same text nodes), the quote with its prefix
# and suffix; and, the element being shown, in its innerText too (the text as laid out); and once in
# the textContent of the whole page, so that a client that ignores the fragment anchors it there.
FIND = """(items) => items.map(([id, fragment, selector]) => {
  const element = document.getElementById(fragment);
  if (!element) return [id, 'no element with the id ' + fragment];
  const whole = (selector.prefix || '') + selector.exact + (selector.suffix || '');
  if (!element.textContent.includes(whole)) return [id, 'not in the textContent of #' + fragment];
  if (!element.innerText.includes(whole)) return [id, 'not in the innerText of #' + fragment];
  const count = document.body.textContent.split(whole).length - 1;
  const english = element.closest('.passage-text').querySelector('.translation').textContent;
  const kept = english.split(whole).length - 1;  // words the English keeps as they are (a name)
  if (count - kept !== 1) return [id, count + ' times in the textContent of the page'];
  return [id, kept ? 'found, and in its English' : 'found'];
})"""
#: The quotations that the paragraph's English keeps word for word: a speaker's name, which a
#: translation does not translate. They stand twice in the page's text, once in each language.
KEPT_IN_ENGLISH = {"dict-soirees-extract"}

# At 390 px, each paragraph's English: shown, not empty, under its text and within the window.
ENGLISH = """() => [...document.querySelectorAll('.passage-text')].map((passage) => {
  const text = passage.querySelector('.transcription').getBoundingClientRect();
  const english = passage.querySelector('.translation');
  const box = english.getBoundingClientRect();
  if (!english.offsetParent || !english.innerText.trim()) return passage.dataset.paragraph + ': no English shown';
  if (box.top < text.bottom - 1) return passage.dataset.paragraph + ': the English is not under the text';
  if (box.right > window.innerWidth + 1) return passage.dataset.paragraph + ': the English runs past the window';
  return null;
}).filter(Boolean)"""


def _published_selectors(built_site: Path) -> dict[str, list[tuple[str, str, dict[str, Any]]]]:
    """The annotations of the published exports (``downloads/annotations/``), by the page their
    text target names: (annotation id, fragment, TextQuoteSelector)."""
    found: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for path in sorted((built_site / "downloads" / "annotations").glob("*.jsonld")):
        collection = json.loads(path.read_text(encoding="utf-8"))
        for item in collection.get("first", {}).get("items", []):
            target = next(t for t in item["target"] if t["selector"]["type"] == "TextQuoteSelector")
            page, _, fragment = target["source"].removeprefix(SITE_URL).partition("#")
            found.setdefault(page, []).append((item["id"], fragment, target["selector"]))
    return found


def quotes_missed(tab: Any, built_site: Path, path: str) -> list[str]:
    """The ``#pN`` of a quotation's target names the paragraph's clean text, where the quotation
    stands word for word with the prefix and the suffix the export gives: no OCR reading, note or
    page number comes between its words; and it stands there alone in the page's text (the hidden
    OCR that repeated it is out of the text). What is not found, on the source page ``path`` open in
    ``tab`` (checked where each source page is opened on a phone: browser_reading.py,
    test_the_text_comes_first, which also checks there that every paragraph's English is shown)."""
    selectors = _published_selectors(built_site)
    assert sum(len(items) for items in selectors.values()) == 344
    items = selectors.get(path, [])
    source = path.split("/")[1]
    total = json.loads((built_site / "downloads" / "annotations" / f"{source}.jsonld").read_text())["total"]
    assert len(items) == total
    results = tab.evaluate(FIND, items)
    missed = [f"{aid}: {why}" for aid, why in results if not why.startswith("found")]
    kept = {aid.partition("#")[2] for aid, why in results if why == "found, and in its English"}
    expected = KEPT_IN_ENGLISH & {aid.partition("#")[2] for aid, _, _ in items}
    if kept != expected:
        missed.append(f"found in their English too: {sorted(kept)}, expected {sorted(expected)}")
    return [f"{len(missed)} of {len(items)} quotations not found once:", *missed[:10]] if missed else []


def english_missed(tab: Any) -> list[str]:
    """On a phone, the paragraphs whose English is not shown under their text, without asking."""
    return list(tab.evaluate(ENGLISH))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_annotations_stand_as_margin_notes_on_a_wide_screen_and_below_on_a_phone(
    visit: Callable[..., Visit], screenshots: Path, width: str, scheme: str
) -> None:
    """At 1280 px each paragraph's annotations stand by their titles in the column beside it, none
    running past the window; at 390 px they are out of the way until asked for."""
    v = visit(viewport=WIDTHS[width], scheme=scheme)
    tab = v.open(SOURCE, wait="load")
    tab.wait_for_selector(".reading-controls")
    tab.locator("#p4").scroll_into_view_if_needed()
    titles = tab.locator(".apparatus[data-paragraph=p4] .annotation-title")
    text = tab.locator("#p4").bounding_box()
    assert text and titles.count() == len([a for a in _annotations() if a.paragraph == "encyclopedie-1765:4"])
    boxes = [titles.nth(i).bounding_box() for i in range(titles.count())]
    if width == "wide":
        assert all(b and b["x"] >= text["x"] + text["width"] for b in boxes), "a margin note is not beside the text"
        assert all(b and b["x"] + b["width"] <= WIDTHS[width]["width"] for b in boxes)
        assert boxes[0] and abs(boxes[0]["y"] - text["y"]) < 40, "the first note is not level with its paragraph"
    else:
        assert not any(titles.nth(i).is_visible() for i in range(titles.count()))
    shoot(tab, screenshots / f"edition-margin-{width}-{scheme}.png")
    assert not v.errors, v.errors


def _annotations() -> list[Any]:
    from reversis.annotations import load_annotations

    return list(load_annotations())


def _correction_note() -> str:
    para = load_corpus().source("encyclopedie-1765").paragraph("4")
    return collapse(para.corrections[0].note)


def test_a_corrections_reason_shows_by_keyboard(visit: Callable[..., Visit]) -> None:
    """The reason of a correction (its tooltip for a mouse) is reached from the keyboard: Tab to the
    paragraph's apparatus, Enter, and its list of corrections gives what the OCR read and why."""
    v = visit()
    tab = v.open(SOURCE, wait="load")
    entry = tab.locator("[id='correction-p4-1']")
    assert not entry.is_visible()
    tab.locator(".passage-text[data-paragraph=p4] .paragraph-number").focus()
    for _ in range(40):  # past the signs of the paragraph's quoted words, to its apparatus
        tab.keyboard.press("Tab")
        if tab.evaluate("() => document.activeElement.matches('details.paragraph-apparatus > summary')"):
            break
    tab.keyboard.press("Enter")
    entry.wait_for(state="visible")
    shown = collapse(entry.inner_text())
    assert shown.startswith("OCR le, read la") and _correction_note()[:60] in shown
    assert not v.errors, v.errors


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_corrections_reason_shows_at_a_tap(visit: Callable[..., Visit], screenshots: Path, scheme: str) -> None:
    """On a touch screen a tap on a corrected word opens its paragraph's apparatus at its entry; a tap
    on a term of the glossary, at the term's sense."""
    v = visit(scheme=scheme, **TOUCH)
    tab = v.open(SOURCE, wait="load")
    tab.wait_for_selector(".reading-controls")
    entry = tab.locator("[id='correction-p4-1']")
    word = tab.locator("#p4 .correction[data-correction='correction-p4-1']")
    assert word.inner_text() == "la" and not entry.is_visible()
    word.tap()
    entry.wait_for(state="visible")
    assert tab.evaluate("() => document.activeElement.id") == "correction-p4-1"
    assert _correction_note()[:60] in collapse(entry.inner_text())
    shoot(tab, screenshots / f"edition-correction-phone-{scheme}.png")
    # and a term of the glossary, its sense a tooltip for a mouse, shows in the apparatus at a tap
    term = tab.locator("#p4 abbr[title]").first
    name, _, sense = (term.get_attribute("title") or "").partition(": ")
    term.scroll_into_view_if_needed()
    term.tap()
    shown = tab.locator(".passage-text[data-paragraph=p4] .paragraph-terms > dt.is-shown")
    shown.wait_for(state="visible")
    assert shown.inner_text() == name and sense
    assert collapse(shown.locator("xpath=following-sibling::dd[1]").inner_text()) == collapse(sense)
    assert not v.errors, v.errors


def test_a_shortened_quote_shows_in_full_by_keyboard_and_at_a_tap(visit: Callable[..., Visit]) -> None:
    """An example's payment quotes its rule shortened; its whole text (its tooltip for a mouse)
    shows by Enter on the focused quotation, and at a tap on a touch screen."""
    for options, activate in (({}, "keyboard"), (TOUCH, "tap")):
        v = visit(**options)
        tab = v.open("examples/quinola-forced/", wait="load")
        hint = tab.locator(".quote-hint[role=button]").first
        full = hint.get_attribute("title") or ""
        short = hint.inner_text()
        assert short.endswith("...”") and len(full) > len(short), short
        if activate == "keyboard":
            hint.focus()
            tab.keyboard.press("Enter")
        else:
            hint.scroll_into_view_if_needed()
            hint.tap()
        assert hint.inner_text() == f"“{full}”" and hint.get_attribute("aria-expanded") == "true"
        assert not v.errors, v.errors


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_paragraphs_cite_box_gives_seven_citations_in_readable_type(
    visit: Callable[..., Visit], screenshots: Path, width: str, scheme: str
) -> None:
    """The Cite box of a paragraph, opened: Chicago (notes, author-date), APA, MLA, BibTeX, CSL-JSON
    and RIS, each at least at the size of the text on a phone (and not below 85 % of it on a wide
    screen), wrapped inside the page."""
    v = visit(viewport=WIDTHS[width], scheme=scheme)
    tab = v.open(SOURCE, wait="load")
    passage = tab.locator(".passage-text[data-paragraph=p7]")
    passage.locator("details.paragraph-apparatus > summary").click()
    cite = passage.locator(".cite")
    labels = cite.locator(".tabbed-labels label")
    assert [labels.nth(i).inner_text() for i in range(labels.count())] == [
        "Chicago notes",
        "Chicago author-date",
        "APA",
        "MLA",
        "BibTeX",
        "CSL-JSON",
        "RIS",
    ]
    body = float(tab.evaluate("() => parseFloat(getComputedStyle(document.getElementById('p7')).fontSize)"))
    for i in range(labels.count()):
        labels.nth(i).click()
        code = cite.locator(".tabbed-block").nth(i).locator("pre > code")
        code.wait_for(state="visible")
        size = float(code.evaluate("c => parseFloat(getComputedStyle(c).fontSize)"))
        assert size >= (body if width == "phone" else 0.85 * body), f"{labels.nth(i).inner_text()}: {size} px"
        assert code.evaluate("c => c.scrollWidth <= c.clientWidth + 1")
    labels.nth(2).click()
    apa = cite.locator(".tabbed-block").nth(2).locator("pre > code").inner_text()  # (not its copy button)
    assert apa.strip() == reversis_cite("encyclopedie-1765:7", style="apa").strip()
    cite.scroll_into_view_if_needed()
    shoot(tab, screenshots / f"edition-cite-{width}-{scheme}.png")
    assert not v.errors, v.errors

"""The site speaks to its readers in words (issue 32): an engine rule is said by its English name,
its id only a small code label beside it; a player of a worked example is named by his place in the
hand (the dealer, the eldest hand…), his seat in the scenario file only as code (``seat: 0``)."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from reversis.core.ruleset import load_ruleset, ruleset_ids

#: void elements, which have no end tag
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


class _Prose(HTMLParser):
    """The text a page's article shows as prose: without its code (``<code>``, ``<pre>``, ``<kbd>``),
    unless ``with_code``, and never its scripts and styles."""

    def __init__(self, *, with_code: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden = frozenset({"script", "style"} if with_code else {"script", "style", "code", "pre", "kbd"})
        self.stack: list[tuple[str, bool, bool]] = []  # tag, in the article, hidden
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        inside = tag == "article" or bool(self.stack and self.stack[-1][1])
        hidden = tag in self.hidden or bool(self.stack and self.stack[-1][2])
        self.stack.append((tag, inside, hidden))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][1] and not self.stack[-1][2]:
            self.parts.append(data)


def _prose(page: Path | str, *, with_code: bool) -> str:
    """The prose of a page (a file, or its HTML)."""
    parser = _Prose(with_code=with_code)
    parser.feed(page.read_text(encoding="utf-8") if isinstance(page, Path) else page)
    parser.close()
    return " ".join(parser.parts)


@cache
def _rule_ids() -> re.Pattern[str]:
    """Every engine rule id of every ruleset that is not also an English word (``deal``, ``play``,
    ``exchange`` are words of every page): the dotted and hyphenated ones."""
    ids = {rule for rid in ruleset_ids() for rule in load_ruleset(rid).rule_names if "." in rule or "-" in rule}
    assert len(ids) > 80
    return re.compile(
        r"(?<![\w.-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-]|\.\w)"
    )


def _pages(built_site: Path) -> list[Path]:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 150
    return pages


def test_no_rule_id_stands_as_the_text_of_a_sentence(built_site: Path) -> None:
    found = {
        str(page.relative_to(built_site)): sorted(set(_rule_ids().findall(_prose(page, with_code=False))))
        for page in _pages(built_site)
    }
    assert {page: ids for page, ids in found.items() if ids} == {}


def test_the_rule_ids_are_there_as_code_labels(built_site: Path) -> None:
    # the scan above would pass on pages without rules: with the code kept, it finds the ids, on the
    # example, topic and ruleset pages
    labelled = [page for page in _pages(built_site) if _rule_ids().search(_prose(page, with_code=True))]
    kinds = {page.relative_to(built_site).parts[0] for page in labelled}
    assert len(labelled) > 150
    assert {"examples", "topics", "rulesets"} <= kinds


def test_an_example_page_names_its_players_by_their_place_in_the_hand(built_site: Path) -> None:
    page = built_site / "examples" / "quinola-placed" / "index.html"
    prose = _prose(page, with_code=False)
    # seat 1 leads and seat 2 throws the quinola on a spade, seat 0 dealing
    assert "The eldest hand leads" in prose and "The second hand plays" in prose
    assert "the dealer deals and the eldest hand leads first" in prose
    assert re.search(r"\b[Ss]eats? \d", prose) is None
    # the file's seats are code
    assert "seat: 0" in _prose(page, with_code=True)
    # each payment of the replay is its own sentence, its rule in English
    assert "The third hand pays 2 to the second hand: the taker of the placed quinola pays." in prose


def test_no_example_page_numbers_its_players_in_the_hands_it_tells(built_site: Path) -> None:
    # the narrative, the deal, the exchange, the replay, the tricks, the payments and the result;
    # a reading's words, which tell the deal of its annotation's doctest, are left out
    numbered = {}
    for page in sorted((built_site / "examples").glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        told = re.sub(r'<div class="reading">.*?</div>', "", html, flags=re.S)
        assert told.count("<article") == 1
        hits = re.findall(r"\b[Ss]eats? \d", _prose(told, with_code=False))
        if hits:
            numbered[page.parent.name] = len(hits)
    assert numbered == {}

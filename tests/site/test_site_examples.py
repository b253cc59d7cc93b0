"""The worked examples of the site: one page per example, generated and registered; each page pays
(or marks) what the engine pays (or marks); every payment or refusal rule and every reading has an
example that records it; the replay has one step per card played and works under a strict
Content-Security-Policy."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from reversis_site import examples as site_examples
from reversis_site import fragments as site_fragments
from site_build import REPO, mkdocs_config

from reversis.annotations import load_annotations
from reversis.core.roles import in_sentence, role
from reversis.core.roles import side as side_name
from reversis.core.ruleset import load_ruleset
from reversis.games import game_of, load_any, play_file
from reversis.games.reversis.events import OutOfTurn, Played, Revoked
from reversis.games.reversis.mutation import BETES, PAYMENTS, REFUSALS

SITE_EXAMPLES = site_examples
EXAMPLES = SITE_EXAMPLES.load_examples()
SLUGS = [e.page for e in EXAMPLES]  # each example's page, docs/examples/<page>.md
BY_SLUG = {e.page: e for e in EXAMPLES}
RULESETS = sorted({e.ruleset for e in EXAMPLES})


def _played(slug: str) -> Any:
    return play_file(BY_SLUG[slug].path)[1]


def _result(slug: str) -> dict[str, Any]:
    """The JSON result of an example, through its game's entry points."""
    scenario, hand = play_file(BY_SLUG[slug].path)
    return game_of(scenario.rules).result(hand)


def _in_marks(slug: str) -> bool:
    """Whether an example's game counts marks (Romestecq), as its game says."""
    scenario, _ = play_file(BY_SLUG[slug].path)
    return game_of(scenario.rules).unit == "marks"


def _cards_played(slug: str) -> list[Any]:
    """The cards played in an example's hand, one a step of its replay (none when the hand ended on the deal)."""
    hand = _played(slug)
    return hand.played if _in_marks(slug) else [e for e in hand.events if isinstance(e, Played | Revoked | OutOfTurn)]


CHIPS = [slug for slug in SLUGS if not _in_marks(slug)]
MARKS = [slug for slug in SLUGS if _in_marks(slug)]


def _page(built_site: Path, slug: str) -> str:
    return (built_site / "examples" / slug / "index.html").read_text(encoding="utf-8")


def _plain(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _section_table(html: str, section: str) -> list[list[str]]:
    """The rows (cells as plain text) of the first table after the heading ``section``."""
    start = html.index(f'id="{section}"')
    table = html[start:].split("<table", 1)[1].split("</table>", 1)[0]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)
        if cells:
            rows.append([_plain(c) for c in cells])
    return rows


def _party(value: int | str, res: dict[str, Any]) -> str:
    """A player of a result as its page names him, by his place in the hand (or the pool)."""
    return "the pool" if value == "pool" else role(int(value), dealer=res["dealer"], players=len(res["hands"]))


def _side(side: int | str, res: dict[str, Any]) -> str:
    """A side of a result as its page names it: the dealer's side or the other side."""
    dealer_side = next(int(s) for s, seats in res["sides"].items() if res["dealer"] in seats)
    return side_name(int(side), dealer_side=dealer_side)


# ---- generated and registered -------------------------------------------------------------------


def test_every_example_page_is_generated_and_listed_by_its_index_not_the_navigation(
    wanted_pages: dict[Path, str],
) -> None:
    """The navigation's Examples entry is the index alone; the index lists every example, by
    ruleset in the order of the rulesets, each group in the order of its index (shows.json)."""
    expected = {Path("examples") / f"{slug}.md" for slug in SLUGS} | {Path("examples/index.md")}
    assert expected <= set(wanted_pages)
    nav = mkdocs_config()["nav"]
    section = next(item["Examples"] for item in nav if isinstance(item, dict) and "Examples" in item)
    assert section == "examples/index.md"
    index = str(wanted_pages[Path("examples/index.md")])
    titles = re.findall(r"^## (.+?) \{: #", index, flags=re.MULTILINE)
    assert titles == [load_ruleset(r).title for r in dict.fromkeys(e.ruleset for e in EXAMPLES)]
    listed = re.findall(r"^\| \[[^]]+\]\(([^)]+)\.md\) \|", index, flags=re.MULTILINE)
    assert listed == SLUGS
    config = mkdocs_config()
    assert "javascripts/replay.js" in config["extra_javascript"]
    assert "stylesheets/cards.css" in config["extra_css"]


def test_each_example_page_splices_in_its_parts(wanted_pages: dict[Path, str], built_site: Path) -> None:
    """The deal, exchange, replay, tricks and scenario of an example are generated HTML that the
    theme splices into the page where it names them (reversis_site.fragments): each part once,
    in the page's order, under its heading, and no marker left in the built page."""

    for slug in SLUGS:
        page = wanted_pages[Path("examples") / f"{slug}.md"]
        assert f"\nfragments: examples/{slug}\n---\n" in page
        macros = wanted_pages[site_fragments.path_of(f"examples/{slug}")]
        names = re.findall(r"^<!-- fragment ([a-z]+) -->$", page, re.MULTILINE)
        assert names == re.findall(r"\{% macro ([a-z]+)\(\) %\}", macros), slug
        played = bool(_cards_played(slug))  # a hand that ended on the deal has no replay and no tricks
        headings = ("deal", "replay", "tricks", "scenario") if played else ("deal", "scenario")
        assert set(headings) <= set(names) and (played or not {"replay", "tricks"} & set(names)), slug
        html = _page(built_site, slug)
        assert "<!-- fragment" not in html and "{% raw %}" not in html, slug
        at = [html.index(f'id="{heading}"') for heading in headings]
        markers = {"deal": '<table class="deal">', "replay": 'class="replay"', "tricks": "<th>trick</th>"}
        parts = [html.index(markers.get(heading, "<pre><code")) for heading in headings]
        assert sorted(at + parts) == [x for pair in zip(at, parts, strict=True) for x in pair], slug
        assert html.count('class="replay"') == int(played) and html.count('<table class="deal">') == 1, slug


def test_a_fragment_the_theme_could_misread_is_refused() -> None:

    page = "---\ntitle: T\n---\n<!-- fragment deal -->\n{}\n<!-- end fragment -->\n"
    for body in ("{% endraw %}", "{{ x }}", "{# x #}"):
        with pytest.raises(site_fragments.FragmentError, match="template syntax"):
            site_fragments.split(page.format(body), "examples/t")
    with pytest.raises(site_fragments.FragmentError, match="not paired"):
        site_fragments.split(page.format("x") + "<!-- fragment tricks -->\n", "examples/t")
    with pytest.raises(site_fragments.FragmentError, match="appears twice"):
        site_fragments.split(page.format("x") + page.format("y").split("---\n", 2)[2], "examples/t")
    with pytest.raises(site_fragments.FragmentError, match="marks no fragment"):
        site_fragments.split("# T\n", "examples/t")
    md, macros = site_fragments.split(page.format("<p>&#123;a&#125; &lt; &amp;</p>"), "examples/t")
    assert md.endswith("<!-- fragment deal -->\n")
    assert macros.endswith("{% macro deal() %}{% raw %}<p>&#123;a&#125; &lt; &amp;</p>{% endraw %}{% endmacro %}")


def test_a_broken_example_is_one_line_naming_its_file_once(
    site_script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    example = BY_SLUG["bete-paid"]
    broken = tmp_path / "bete-paid.yaml"
    broken.write_text(example.path.read_text(encoding="utf-8").replace("plays: [9S, JH]", "plays: [9S, ZZ]"))
    monkeypatch.setattr(SITE_EXAMPLES, "load_examples", lambda: [dataclasses.replace(example, path=broken)])
    assert site_script.main(["--out", str(tmp_path / "pages"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.count(str(broken)) == 1, err
    assert err.startswith(f"error: {broken}:18: plays[1]: unknown card 'ZZ'"), err


def test_every_scenario_file_is_in_the_index() -> None:
    on_disk = {(p.parent.name, p.stem) for p in (REPO / "examples").glob("*/*.yaml")}
    assert on_disk == {(e.ruleset, e.slug) for e in EXAMPLES}
    assert len(set(SLUGS)) == len(SLUGS)


def test_each_ruleset_has_one_index_in_json(tmp_path: Path) -> None:
    """The index of each folder of examples is shows.json; a folder without one is an error, and
    two examples of one page are."""
    folders = {p.parent for p in (REPO / "examples").glob("*/*.yaml")}
    assert all((folder / SITE_EXAMPLES.INDEX).is_file() for folder in folders)
    assert list(SITE_EXAMPLES.load_shows()) == list(dict.fromkeys(e.ruleset for e in EXAMPLES))
    (tmp_path / "romestecq").mkdir()
    (tmp_path / "romestecq" / "virlicque.yaml").write_text("ruleset: romestecq\n", encoding="utf-8")
    with pytest.raises(Exception, match="no index"):
        SITE_EXAMPLES.load_shows(tmp_path)
    twice = SITE_EXAMPLES.load_shows()
    twice["romestecq"]["out-of-turn"] = {**twice["romestecq"]["out-of-turn"], "page": "out-of-turn"}
    with pytest.raises(Exception, match="already that of"):
        SITE_EXAMPLES._load_examples(twice)


def test_a_json_key_that_is_a_number_is_read_as_one() -> None:
    """JSON keys are strings: an option keyed by numbers (``talon: {5: 2}``) is read with numbers."""
    spec = next(e for e in EXAMPLES if e.slug == "talon-five-two").readings[0]
    assert spec["options"] == {"players": 5, "talon": {5: 2}}


def test_the_index_page_lists_every_example(wanted_pages: dict[Path, str]) -> None:
    index = wanted_pages[Path("examples/index.md")]
    for slug in SLUGS:
        assert f"]({slug}.md)" in index
    for ruleset in RULESETS:
        assert f"](../rulesets/{ruleset}.md)" in index


# ---- every rule and every reading has an example ------------------------------------------------


# What the worked examples do not show yet: no scenario file of examples/<ruleset>/ records these
# rules. Each is a scenario to write (the tests fail until the list is updated, whether an example
# is added or one is lost).
MISSING_RULES: dict[str, set[str]] = {
    "encyclopedie-1765": set(),
    "revesino": set(),
    "espagnolette-19c": set(),
    "romestecq": set(),
}
# Readings that no scenario can play, each with its reason; every other reading has an example.
NO_SCENARIO_READINGS: dict[str, set[str]] = {
    "encyclopedie-1765": set(),
    "revesino": set(),
    "espagnolette-19c": set(),
    "romestecq": {
        # Who deals at four is settled by the draw for the deal (article 8), which only
        # `reversis session` makes: a scenario names its dealer, so no scenario can show either reading.
        "dict-romestecq-four-lowest-deals {'four_dealer': 'lowest'}",
        "dict-romestecq-four-lowest-deals {'four_dealer': 'highest'}",
    },
}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_payment_or_refusal_rule_has_an_example(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    wanted = {r for r in (*PAYMENTS, *BETES, *REFUSALS) if r in rules.rule_cites}
    shown = {r for e in EXAMPLES if e.ruleset == ruleset_id for r in e.rules}
    assert wanted - shown == MISSING_RULES[ruleset_id], "rules without a worked example"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_reading_has_an_example(ruleset_id: str) -> None:
    missing = set()
    for a in load_annotations():
        if ruleset_id not in a.rulesets:
            continue
        for reading in a.readings:
            if not any(
                spec["annotation"] == a.id and dict(spec["options"]) == dict(reading.options)
                for e in EXAMPLES
                if e.ruleset == ruleset_id
                for spec in e.readings
            ):
                missing.add(f"{a.id} {dict(reading.options)}")
    assert missing == NO_SCENARIO_READINGS[ruleset_id], "readings without a worked example"


@pytest.mark.parametrize("slug", SLUGS)
def test_each_example_records_the_rules_it_names(slug: str) -> None:
    """Each payment or bête rule an example names is in its hand's ledger or bêtes; each refusal
    rule is the rule by which the engine refuses one of its refused actions."""
    example = BY_SLUG[slug]
    res = _result(slug)
    recorded = {e["rule"] for e in res["ledger"]} | {b["rule"] for b in res.get("betes", ())}
    refused = {r.rule for r in example.refusals}
    for refusal in example.refusals:
        assert SITE_EXAMPLES.refused(example, refusal).startswith(f"{refusal.rule}: ")
    for rule in example.rules:
        if rule in REFUSALS:
            # a refusal the scenario records: penalised with accept_illegal, or refused at a point of the hand
            assert (
                rule in refused
                or {"play.follow": "penalty.revoke", "play.turn": "penalty.out-of-turn"}.get(rule) in recorded
            ), f"{slug}: {rule} is neither refused nor penalised"
        else:
            assert rule in recorded, f"{slug}: {rule} is not recorded"


@pytest.mark.parametrize("slug", SLUGS)
def test_each_example_plays_the_readings_it_names(slug: str) -> None:
    example = BY_SLUG[slug]
    rules = load_any(example.path).rules
    annotations = {a.id: a for a in load_annotations()}
    for spec in example.readings:
        reading = next(r for r in annotations[spec["annotation"]].readings if dict(r.options) == spec["options"])
        expected = rules.with_options(dict(reading.options))
        for name in reading.options:
            assert rules[name] == expected[name], f"{slug}: option {name} is not that of the reading"
    for aid in example.annotations:
        assert aid in annotations, f"{slug}: unknown annotation {aid}"


def test_an_allowed_action_is_not_taken_for_a_refusal() -> None:
    example = BY_SLUG["quinola-placed"]
    allowed = SITE_EXAMPLES.Refusal(rule="quinola.must-place", kind="play", card="JH", before_play=5)
    with pytest.raises(Exception, match="allows"):
        SITE_EXAMPLES.refused(example, allowed)


# ---- each page shows what the engine does -------------------------------------------------------


def _ledger(html: str, section: str) -> dict[int, dict[str, str]]:
    """The rows of a page's payments or marks, by number (their anchor, ``payment-N`` or
    ``mark-N``), each as the text of its classed parts (``payer``, ``amount``, ``rule``…) and of
    its cells (``cells``)."""
    start = html.index(f'id="{section}"')
    table = html[start:].split("<table", 1)[1].split("</table>", 1)[0]
    rows: dict[int, dict[str, str]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL):
        anchor = re.search(r'id="(?:payment|mark)-(\d+)"', row)
        if anchor is None:
            continue
        parts = {name: _plain(text) for name, text in re.findall(r'class="ledger-([a-z]+)">(.*?)</', row)}
        parts["cells"] = " | ".join(_plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL))
        rows[int(anchor.group(1))] = parts
    return rows


@pytest.mark.parametrize("slug", CHIPS)
def test_each_page_pays_what_the_engine_pays(built_site: Path, slug: str) -> None:
    rows = _ledger(_page(built_site, slug), "payments")
    shown = [(r["payer"].lower(), r["payee"], r["amount"], r["rule"]) for _, r in sorted(rows.items())]
    res = _result(slug)
    paid = [(_party(e["payer"], res), _party(e["payee"], res), str(e["amount"]), e["rule"]) for e in res["ledger"]]
    assert sorted(rows) == list(range(1, len(paid) + 1))
    assert shown == paid


# A payment or a mark as the replay (and the list of the stakes) says it, with its link to its row.
# Each player by his place in the hand; the rule by its English name, then its id as a label that links.
_PAYMENT_LINK = re.compile(
    r"<li>(?:<p>)?(The (?:dealer|\w+ hand)|The pool) pays (\d+) to (the (?:dealer|\w+ hand)|the pool): ([^<.]+)\. "
    r'<a class="rule-id" href="#payment-(\d+)"[^>]*><code>([^<]+)</code></a>'
)
_MARK_LINK = re.compile(
    r"<li>(?:<p>)?(The dealer(?:&#39;|')s side|The other side) (?:rubs out (\d+)|has (\d+) chalked back on)"
    r"(?: \((the (?:dealer|\w+ hand))\))?: ([^<.]+)\. "
    r'<a class="rule-id" href="#mark-(\d+)"[^>]*><code>([^<]+)</code></a>'
)


@pytest.mark.parametrize("slug", SLUGS)
def test_each_payment_link_lands_on_its_own_row(built_site: Path, slug: str) -> None:
    """Every link of a payment (or a mark) in the replay and the stakes reaches the row of the
    payments (or marks) that names the same rule, payer, payee and amount (side, marks and seat);
    every payment the page links is linked once."""
    html = _page(built_site, slug)
    links = 0
    if slug in CHIPS:
        rows = _ledger(html, "payments")
        targets = []
        rules = load_ruleset(BY_SLUG[slug].ruleset)
        for payer, amount, payee, named, number, rule in _PAYMENT_LINK.findall(html):
            row = rows[int(number)]
            assert (row["payer"], row["amount"], row["payee"], row["rule"]) == (payer, amount, payee, rule), (
                number,
                row,
            )
            assert unescape(named) == in_sentence(rules.rule_name(rule)), (named, rule)
            targets.append(int(number))
        assert len(targets) == len(set(targets)), f"two links to one row: {sorted(targets)}"
        links = len(targets)
        assert links == html.count('href="#payment-')
    else:
        rows = _ledger(html, "marks")
        for side, rubbed, chalked, seat, _, number, rule in _MARK_LINK.findall(html):
            row = rows[int(number)]
            assert row["side"] == unescape(side) and row["rule"] == rule, (number, row)
            assert row["count"] == (rubbed or chalked), (number, row)
            assert ("rubs out" in row["cells"]) == bool(rubbed), (number, row)
            assert row.get("seat", "") == seat, (number, row)
            links += 1
        assert links == html.count('href="#mark-')


@pytest.mark.parametrize("slug", CHIPS)
def test_each_page_shows_the_balances(built_site: Path, slug: str) -> None:
    html = _page(built_site, slug)
    res = _result(slug)
    shown = {row[0]: row[3] for row in _section_table(html, "result")}
    assert shown == {
        _party(seat, res).removeprefix("the ").capitalize(): (f"{amount:+d}" if amount else "0")
        for seat, amount in res["balances"].items()
    }


@pytest.mark.parametrize("slug", MARKS)
def test_each_page_marks_what_the_engine_marks(built_site: Path, slug: str) -> None:
    """Each entry of a marks ledger: its side, marks, rule, trick and seat, in the engine's order,
    and its link to the annotation of the sentence that orders it."""
    rows = _ledger(_page(built_site, slug), "marks")
    res = _result(slug)
    ledger = res["ledger"]
    assert ledger
    assert sorted(rows) == list(range(1, len(ledger) + 1))
    dash = "\u2014"
    shown = []
    for _, row in sorted(rows.items()):
        cells = row["cells"].split(" | ")
        count = int(row["count"]) if "rubs out" in cells[1] else -int(row["count"])
        shown.append((row["side"], str(count), row["rule"], cells[2], row.get("seat", dash)))
    assert shown == [
        (
            _side(e["side"], res).capitalize(),
            str(e["marks"]),
            e["rule"],
            dash if e["trick"] is None else str(e["trick"]),
            dash if e["seat"] is None else _party(e["seat"], res),
        )
        for e in ledger
    ]
    rules = load_ruleset(BY_SLUG[slug].ruleset)
    for (_, row), entry in zip(sorted(rows.items()), ledger, strict=True):
        if rules.rule_annotations.get(entry["rule"]):
            assert any(aid in row["cells"] for aid in rules.rule_annotations[entry["rule"]]), (entry, row)


@pytest.mark.parametrize("slug", MARKS)
def test_each_page_shows_the_marks_per_side(built_site: Path, slug: str) -> None:
    html = _page(built_site, slug)
    res = _result(slug)
    shown = {row[0]: (row[2], row[3], row[4]) for row in _section_table(html, "result")}
    marks = res["marks"]
    assert shown == {
        _side(side, res).capitalize(): (
            str(marks["before"][side]),
            str(marks["rubbed"][side]),
            str(marks["after"][side]),
        )
        for side in res["sides"]
    }
    text = _plain(html.split('id="result"', 1)[1].split('id="scenario"', 1)[0])
    if res["game_over"]:
        over = res["game_over"]
        named = in_sentence(load_ruleset(BY_SLUG[slug].ruleset).rule_name(over["rule"]))
        winner = _side(over["winner"], res).capitalize()
        won = rf"{re.escape(winner)} wins the game: {re.escape(named)} {re.escape(over['rule'])}"
        assert re.search(won, text), text
    else:
        assert "the game goes on" in text


@pytest.mark.parametrize("slug", MARKS)
def test_each_page_shows_the_combinations_and_claims(built_site: Path, slug: str) -> None:
    html = _page(built_site, slug)
    res = _result(slug)
    deal = _plain(html.split('id="deal"', 1)[1].split('id="replay"', 1)[0])
    for seat, held in res["combinations"].items():
        for combination in held:
            assert f"{combination['name']}" in deal and f"(worth {combination['worth']})" in deal, (seat, combination)
    if not _cards_played(slug):  # ended on the deal: nothing is counted after tricks never played
        assert 'id="claims"' not in html and not res["claims"]
        return
    claims = _plain(html.split('id="claims"', 1)[1].split('id="marks"', 1)[0])
    for claim in res["claims"]:
        who = _party(claim["seat"], res).capitalize()
        assert f"{who} counts his {claim['combination']}: {claim['marks']} mark" in claims
    if not res["claims"]:
        assert "Nobody counts a combination" in claims


@pytest.mark.parametrize("slug", SLUGS)
def test_the_replay_has_one_step_per_card_played(built_site: Path, slug: str) -> None:
    html = _page(built_site, slug)
    cards = _cards_played(slug)
    steps = re.findall(r'<li class="replay-step" id="step-(\d+)" data-step="(\d+)" data-trick="\d+">', html)
    assert [int(a) for a, _ in steps] == list(range(1, len(cards) + 1))
    assert all(a == b for a, b in steps)
    if cards:
        assert f'data-replay="{len(cards)}"' in html
    else:  # a hand that ended on the deal has no replay
        assert 'class="replay' not in html and 'id="replay"' not in html


def _dead_ends(html: str) -> list[str]:
    """What an example page shows empty: a table of tricks without a trick, a replay without a card."""
    found = []
    if 'id="tricks"' in html:
        table = html.split('id="tricks"', 1)[1].split("<table", 1)[1].split("</table>", 1)[0]
        if not re.search(r"<tr>\s*<td", table):
            found.append("an empty table of tricks")
    replays = re.findall(r'class="replay" data-replay="(\d+)"', html)
    if ('id="replay"' in html or replays) and ("0" in replays or 'class="replay-step"' not in html):
        found.append("a replay without plays")
    return found


def test_an_empty_table_of_tricks_or_an_empty_replay_is_found() -> None:
    tricks = '<h2 id="tricks">The tricks</h2><table><thead><tr><th>trick</th></tr></thead><tbody>{}</tbody></table>'
    replay = '<h2 id="replay">The play</h2><div class="replay" data-replay="{}"><ol class="replay-steps">{}</ol></div>'
    step = '<li class="replay-step" id="step-1" data-step="1" data-trick="1">'
    assert _dead_ends(tricks.format("\n")) == ["an empty table of tricks"]
    assert _dead_ends(tricks.format("<tr><td>1</td></tr>")) == []
    assert _dead_ends(replay.format(0, "\n")) == ["a replay without plays"]
    assert _dead_ends('<h2 id="replay">The play, card by card</h2><p>Each card played is one step.</p>') == [
        "a replay without plays"
    ]
    assert _dead_ends(replay.format(1, step)) == []


@pytest.mark.parametrize("slug", SLUGS)
def test_no_example_page_shows_an_empty_table_of_tricks_or_replay(built_site: Path, slug: str) -> None:
    assert _dead_ends(_page(built_site, slug)) == [], slug


@pytest.mark.parametrize("slug", MARKS)
def test_a_hand_that_ended_on_the_deal_says_what_ended_it(built_site: Path, slug: str) -> None:
    """A hand that ended on the deal says so, names the rule and the side that wins, and quotes the
    source with its English; any other hand has no such section."""
    html = _page(built_site, slug)
    res = _result(slug)
    if _cards_played(slug):
        assert 'id="ended"' not in html
        return
    ended = _plain(html.split('id="ended"', 1)[1].split('id="marks"', 1)[0])
    assert "The hand ended on the deal, before any card was played" in ended
    dealer, players = res["dealer"], res["players"]
    dealer_side = next(int(k) for k, seats in res["sides"].items() if dealer in seats)
    winner = side_name(res["game_over"]["winner"], dealer_side=dealer_side).capitalize()
    rule = res["game_over"]["rule"]
    name = in_sentence(load_ruleset("romestecq").rule_name(rule))
    won = rf"{re.escape(winner)} wins the game at once: {re.escape(name)} \[? ?{re.escape(rule)}"
    assert re.search(won, ended), ended
    if res["virlicque"]:
        assert f"{role(res['virlicque']['seat'], dealer=dealer, players=players)} was dealt a virlicque" in ended
    annotations = {a.id: a for a in load_annotations()}
    rule_annotations = load_ruleset(BY_SLUG[slug].ruleset).rule_annotations[res["game_over"]["rule"]]
    named = [aid for aid in BY_SLUG[slug].annotations if aid in rule_annotations]
    assert named, slug
    for aid in named:
        said = f"{annotations[aid].quote}: {annotations[aid].gloss}"  # the page may mark its terms
        assert said.replace(" ", "") in ended.replace(" ", ""), aid


@pytest.mark.parametrize("slug", SLUGS)
def test_every_card_is_named_in_words(built_site: Path, slug: str) -> None:
    html = _page(built_site, slug)
    faces = [
        (suit, face, _plain(words))  # the words may hold a glossary term (<abbr>)
        for suit, face, words in re.findall(
            # the face for the eye, hidden from screen readers; the words for them, hidden from the eye
            r'<span class="card card-(\w+)" aria-hidden="true">([^<]+)</span>'
            r'<span class="visually-hidden">((?:[^<]|</?abbr[^>]*>)+)</span>',
            html,
        )
    ]
    assert faces
    assert len(faces) == html.count('<span class="card card-')
    for suit, face, words in faces:
        assert words.split(" (")[0].endswith(f" of {suit}"), (face, words)
    if "quinola" in load_ruleset(BY_SLUG[slug].ruleset).options:
        assert " (quinola)</span>" in html


def test_the_replay_links_reach_their_annotations(built_site: Path) -> None:
    """The replay is raw HTML, whose links MkDocs does not check: every one must reach an anchor."""
    ids: dict[Path, set[str]] = {}
    checked = 0
    for slug in SLUGS:
        page = built_site / "examples" / slug / "index.html"
        for href in re.findall(r'href="(\.\./\.\./sources/[^"#]+#[^"]+)"', page.read_text(encoding="utf-8")):
            path, _, anchor = href.partition("#")
            target = (page.parent / path / "index.html").resolve()
            if target not in ids:
                ids[target] = set(re.findall(r'id="([^"]+)"', target.read_text(encoding="utf-8")))
            assert anchor in ids[target], f"{slug}: {href}"
            checked += 1
    assert checked >= len(SLUGS)


# ---- the replay's script ------------------------------------------------------------------------

_INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)


def test_no_inline_event_handler_or_script(built_site: Path) -> None:
    """A strict Content-Security-Policy refuses inline handlers and scripts: the examples use none."""
    for slug in ["index", *SLUGS]:
        path = built_site / "examples" / ("" if slug == "index" else slug) / "index.html"
        html = path.read_text(encoding="utf-8")
        body = html.split('<article class="md-content__inner', 1)[1].split("</article>", 1)[0]
        assert not _INLINE_HANDLER.search(body), slug
        assert "<script" not in body, slug
        assert "javascript:" not in body, slug
    script = (REPO / "docs" / "javascripts" / "replay.js").read_text(encoding="utf-8")
    assert "addEventListener" in script
    for forbidden in (r"\.on[a-z]+\s*=", r"\beval\(", r"new Function", r"innerHTML", r"setAttribute\(\s*['\"]on"):
        assert not re.search(forbidden, script), forbidden


def test_the_replay_makes_no_request() -> None:
    script = (REPO / "docs" / "javascripts" / "replay.js").read_text(encoding="utf-8")
    for forbidden in ("fetch(", "XMLHttpRequest", "import(", "http://", "https://", "WebSocket", "sendBeacon"):
        assert forbidden not in script, forbidden


def test_the_page_carries_the_scenario_and_its_command(built_site: Path) -> None:
    for example in EXAMPLES:
        html = _page(built_site, example.page)
        blocks = re.findall(r'<code class="language-yaml">(.*?)</code>', html, re.DOTALL)
        assert any(yaml.safe_load(_plain_keep_lines(b)) == dict(example.data) for b in blocks), example.slug
        assert f"reversis play examples/{example.ruleset}/{example.slug}.yaml" in html


def _plain_keep_lines(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_ruleset_page_lists_its_examples(wanted_pages: dict[Path, str], ruleset_id: str) -> None:
    page = wanted_pages[Path("rulesets") / f"{ruleset_id}.md"]
    section = page.split("{: #examples }", 1)[1].split("\n## ", 1)[0]
    linked = re.findall(r"\]\(\.\./examples/([^)#]+)\.md\)", section)
    assert linked == [e.page for e in EXAMPLES if e.ruleset == ruleset_id]

"""The readings of the dictionary's Romestecq settled by the third reading (issue 18, points 13 to
19), one test per point, named after its article. Each plays through the scenario contract (the
result is what ``reversis play --json`` prints); where an old reading became an option, the worked
examples of both readings are played and their outcomes compared."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from reversis.core.errors import ScenarioError
from reversis.core.ruleset import load_ruleset
from reversis.games import load_any
from reversis.games.romestecq.hand import Hand
from reversis.games.romestecq.result import result
from reversis.games.romestecq.scenario import run

Play = Callable[[str], Hand]
EXAMPLES = Path(__file__).parents[2] / "examples" / "romestecq"
ACCEPT = "options: {accept_illegal: true}\n"


def marks(hand: Hand, rule: str) -> list[tuple[int, int]]:
    return [(e.side, e.marks) for e in hand.marks.entries if e.rule == rule]


def reversis(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "reversis", *args], capture_output=True, text=True, timeout=120)


def example(slug: str) -> dict[str, Any]:
    return result(run(load_any(EXAMPLES / f"{slug}.yaml")))


# -- point 13, article 25: "& que l'on soit contraint de jetter quelques as ou rois" --------------------

# Seat 2 (side 1) has no spade and four hearts below his king: a king thrown on the ace is a choice.
BY_CHOICE = (
    "hands: {1: [AS, AD, 9D, 8D, 7D], 2: [KH, QH, JH, TH, 9H], 3: [6S, 6C, 7C, 8C, 9C], 0: [7S, TC, JC, QC, KC]}\n"
)
# Seat 1 leads five spades; seat 2 follows four times and is left with the king of hearts alone.
LEFT_ALONE = (
    "hands: {1: [AS, KS, QS, JS, TS], 2: [9S, 8S, 7S, 6S, KH], 3: [QH, JH, TH, 9H, 8H], 0: [QD, JD, TD, 9D, 8D]}\n"
)


def test_art25_gruge_only_when_constrained(scenario: Play) -> None:
    chosen = result(scenario(BY_CHOICE + "plays: [AS, KH, 6S, 7S]\n"))
    assert chosen["gruged"] == []
    first = [(e["side"], e["seat"], e["rule"]) for e in chosen["ledger"] if e["trick"] == 1]
    assert first == [(0, 1, "honours.ace-king"), (1, 2, "honours.ace-king")]  # the king scores for side 1
    forced = result(scenario(LEFT_ALONE))
    assert forced["gruged"] == [{"seat": 2, "card": "KH", "by": 1, "trick": 5}]
    assert [(e["side"], e["marks"]) for e in forced["ledger"] if e["rule"] == "gruger"] == [(0, 1)]


def test_art25_one_plain_card_left_is_no_constraint(scenario: Play) -> None:
    """The boundary: left with the king and one card below an ace or king, he is not constrained;
    left with aces and kings alone, he is. The dealer is seat 2, so seat 3 leads."""
    deal = (
        "dealer: 2\n"
        "hands: {3: [AS, KS, QS, JS, TS], 0: [9S, 8S, 7S, KH, 6C], 1: [QH, JH, TH, 9H, 8H], 2: [QD, JD, TD, 9D, 8D]}\n"
    )
    # Seat 0 throws the king in trick 4 while he still holds the six of clubs: a choice.
    chosen = result(scenario(deal + "plays: [AS, 9S, QH, QD, KS, 8S, JH, JD, QS, 7S, TH, TD, JS, KH]\n"))
    assert chosen["gruged"] == []
    # The same deal, the six thrown first: in trick 5 the king is all he has.
    forced = result(scenario(deal + "plays: [AS, 9S, QH, QD, KS, 8S, JH, JD, QS, 7S, TH, TD, JS, 6C]\n"))
    assert forced["gruged"] == [{"seat": 0, "card": "KH", "by": 3, "trick": 5}]


def test_art25_the_void_reading_grugés_a_king_thrown_by_choice(scenario: Play) -> None:
    hand = scenario("options: {gruge_when: void}\n" + BY_CHOICE + "plays: [AS, KH, 6S, 7S]\n")
    assert [g[:3] for g in hand.gruged] == [(2, hand.rules.pack.parse("KH"), 1)]
    assert load_ruleset("romestecq")["gruge_when"] == "constrained"


# -- point 14, article 21: "Village vaut deux en disant pièce & autre pièce" ------------------------------

VILLAGE = (
    "hands: {1: [QS, QH, JS, JD, 7C], 2: [AS, KS, TS, 9S, 8S], 3: [AH, KH, TH, 9H, 8H], 0: [AD, KD, TD, 9D, 8D]}\n"
)


def test_art21_village_called_piece_as_printed(scenario: Play) -> None:
    hand = scenario(VILLAGE + "plays: [{card: QS, call: pièce}]\nclaims: {1: [village]}\n")
    assert marks(hand, "village.hand") == [(0, 2)]
    assert result(hand)["tricks"][0]["calls"][0] == "pièce"
    with pytest.raises(ScenarioError, match='the call "pièce de village" does not fit: this card takes "pièce"'):
        scenario(VILLAGE + 'plays: [{card: QS, call: "pièce de village"}]\n')
    longer = "options: {village_call: pièce de village}\n"
    assert marks(scenario(longer + VILLAGE + 'plays: [{card: QS, call: "pièce de village"}]\n'), "village.hand") == [
        (0, 2)
    ]
    with pytest.raises(ScenarioError, match=r"counts his village without having said its calls \(article 21\)"):
        scenario(longer + VILLAGE + "plays: [{card: QS, call: pièce}]\nclaims: {1: [village]}\n")


# -- point 15, article 19: "Triche vaut trois dans la main s'il est d'as ou de rois" ---------------------

QUEENS = "hands: {1: [QS, QH, QD, 9S, 8C], 2: [AS, KS, JS, TS, 8S], 3: [7S, 6S, AH, KH, JH], 0: [TH, 9H, 8H, 7H, 6H]}\n"


@pytest.mark.parametrize(
    ("low_triche", "held", "rubbed"),
    [
        pytest.param(1, [("rome", 1)], [("rome.hand", 0, 1)], id="rome"),
        pytest.param(0, [("triche", 0)], [], id="nothing"),
        pytest.param(3, [("triche", 3)], [("triche.hand", 0, 3)], id="three"),
    ],
)
def test_art19_three_queens_score_no_less_than_two(
    scenario: Play, low_triche: int, held: list[tuple[str, int]], rubbed: list[tuple[str, int, int]]
) -> None:
    hand = scenario(f"options: {{low_triche: {low_triche}}}\n" + QUEENS)
    assert [(c.name, c.worth) for c in hand.held[1]] == held
    combos = {"rome.hand", "triche.hand"}
    assert [(e.rule, e.side, e.marks) for e in hand.marks.entries if e.rule in combos] == rubbed


def test_art19_the_rome_of_three_queens_joins_two_jacks_in_a_village(scenario: Play) -> None:
    hand = scenario(
        "hands: {1: [QS, QH, QD, JS, JH], 2: [AS, KS, TS, 9S, 8S], 3: [AH, KH, TH, 9H, 8H], 0: [AD, KD, TD, 9D, 8D]}\n"
    )
    assert [(c.name, c.worth) for c in hand.held[1]] == [("village", 2)]
    assert marks(hand, "village.hand") == [(0, 2)]
    assert load_ruleset("romestecq")["low_triche"] == 1


# -- point 16, articles 17 and 18: two virlicques in one deal -------------------------------------------


@pytest.mark.parametrize(
    ("deal", "winner"),
    [
        # the eldest (seat 1, side 0) holds the lower: the higher, seat 2's, wins for side 1
        pytest.param("hands: {1: [7S, 7H, 7D, 7C, AS], 2: [KS, KH, KD, KC, AH]}\n", (2, 1), id="higher-second"),
        # the same ranks swapped: the eldest's kings win
        pytest.param("hands: {1: [KS, KH, KD, KC, AH], 2: [7S, 7H, 7D, 7C, AS]}\n", (1, 0), id="higher-first"),
    ],
)
def test_art17_18_two_virlicques_the_higher_wins(scenario: Play, deal: str, winner: tuple[int, int]) -> None:
    rest = deal.rstrip("}\n") + ", 3: [QS, QH, QD, JS, JH], 0: [TS, TH, 9S, 9H, 8S]}\nmarks: {0: 15, 1: 3}\n"
    data = result(scenario(rest))
    seat, side = winner
    assert data["virlicque"] == {"seat": seat, "side": side}
    assert data["game_over"] == {"winner": side, "rule": "virlicque.wins"}
    assert data["tricks"] == []
    conventions = {c.topic: c for c in load_ruleset("romestecq").conventions}
    assert "adpoker-romestecq" in conventions["virlicques"].text


# -- point 17, articles 22 and 23: a Rome thrown without "pièce de Rome" ---------------------------------

ROME = "hands: {1: [QS, QH, 9S, 8D, 7C], 2: [AS, KS, JS, TS, 6S], 3: [AH, KH, JH, TH, 9H], 0: [AD, KD, JD, TD, 9D]}\n"
DOUBLE_ROME = (
    "hands: {1: [KS, KH, 9S, 8D, 7C], 2: [AS, QS, JS, TS, 6S], 3: [AH, QH, JH, TH, 9H], 0: [AD, KD, JD, TD, 9D]}\n"
)


@pytest.mark.parametrize(
    ("deal", "name", "article"),
    [pytest.param(ROME, "rome", 23, id="rome"), pytest.param(DOUBLE_ROME, "double-rome", 22, id="double-rome")],
)
def test_art22_23_an_uncalled_rome_is_worth_nothing_and_loses_only_by_analogy(
    scenario: Play, deal: str, name: str, article: int
) -> None:
    first = deal.split("[")[1][:2]
    plain = scenario(deal + f"plays: [{first}]\nclaims: {{1: [{name}]}}\n")
    assert [(c.name, c.marks) for c in plain.claims] == [(name, 0)]
    assert plain.winner is None and marks(plain, f"{name}.hand") == []
    with pytest.raises(ScenarioError, match=rf"rubs out 1 for a {name} worth 0 \(article 15\)"):
        scenario(deal + f"plays: [{first}]\nclaims: {{1: [{{combination: {name}, marks: 1}}]}}\n")
    analogy = "options: {uncalled_rome: loses-game}\n"
    with pytest.raises(ScenarioError, match=rf"without having said its calls \(article {article}\)"):
        scenario(analogy + deal + f"plays: [{first}]\nclaims: {{1: [{name}]}}\n")
    lost = scenario(
        "options: {uncalled_rome: loses-game, accept_illegal: true}\n"
        + deal
        + f"plays: [{first}]\nclaims: {{1: [{name}]}}\n"
    )
    assert (lost.winner, lost.won_by) == (1, "penalty.calls")


def test_art20_21_the_ningre_and_village_refusals_name_their_own_article(scenario: Play) -> None:
    ningre = (
        "hands: {1: [AS, AH, KS, KD, 7C], 2: [QS, JS, TS, 9S, 8S], 3: [7S, 6S, QH, JH, TH], 0: [9H, 8H, 7H, 6H, QD]}\n"
    )
    with pytest.raises(ScenarioError, match=r"counts his double-ningre without having said its calls \(article 20\)"):
        scenario(ningre + "plays: [AS]\nclaims: {1: [double-ningre]}\n")
    with pytest.raises(ScenarioError, match=r"counts his village without having said its calls \(article 21\)"):
        scenario(VILLAGE + "plays: [QS]\nclaims: {1: [village]}\n")
    cites = load_ruleset("romestecq").rule_cites["penalty.calls"]
    assert cites == tuple(f"dictionnaire-jeux-r:{n}" for n in (40, 41, 42, 43))


# -- point 18, article 5: "choisira de faire ou non" -------------------------------------------------------

SITTING = "sitting:\n  ruleset: romestecq\n  options: {players: 6}\n  hands: 1\n  seed: 5\n"


def test_art5_highest_card_chooses_to_deal(tmp_path: Path) -> None:
    """At six the king of hearts (seat 1, the middle of side 0) is the highest card of seed 5's draw."""
    outcomes = {}
    for choice in ("deal", "decline"):
        path = tmp_path / f"{choice}.yaml"
        path.write_text(SITTING + f"  first_deal: {choice}\n", encoding="utf-8")
        out = reversis("sitting", str(path), "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        outcomes[choice] = (data["choice"], data["dealer"], data["scorer"], data["hands"][0]["result"]["dealer"])
    assert outcomes == {
        "deal": ({"seat": 1, "chose": "deal"}, 1, 4, 1),
        "decline": ({"seat": 1, "chose": "decline"}, 4, 1, 4),
    }
    text = reversis("sitting", str(tmp_path / "decline.yaml")).stdout
    # seat 4 deals the first hand: seat 1, across the table, is its third hand
    assert "Third hand drew the highest card and chooses not to deal (article 5)." in text
    assert "Dealer (seat: 4 of the file) deals first; Third hand cuts and keeps the score." in text


def test_art8_at_four_the_lowest_must_deal_and_has_no_choice(tmp_path: Path) -> None:
    path = tmp_path / "four.yaml"
    path.write_text("sitting:\n  ruleset: romestecq\n  hands: 1\n  first_deal: decline\n", encoding="utf-8")
    out = reversis("sitting", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        f"reversis: error: {path}:4: sitting.first_deal: "
        "at four the deal is no choice: the lowest card must deal (article 8)"
    ]


# -- point 19, article 2: "depuis deux personnes jusqu'à six" ----------------------------------------------


@pytest.mark.parametrize("players", [3, 5])
def test_art2_three_and_five_players_are_refused(tmp_path: Path, players: int) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f"ruleset: romestecq\noptions: {{players: {players}}}\n", encoding="utf-8")
    out = reversis("play", str(path), "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert f"{players} is not allowed: it must be one of 2, 4, 6" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


# -- every default changed: the worked example of each reading, and their outcomes differ -------------------

PAIRS = [
    pytest.param(("king-thrown-by-choice-kept", "king-thrown-by-choice-gruged"), id="art25-gruge_when"),
    pytest.param(("village-called-piece", "village-called-piece-uncalled"), id="art21-village_call"),
    pytest.param(
        ("triche-of-queens-rome", "triche-of-queens-nothing", "triche-of-queens-three"), id="art19-low_triche"
    ),
    pytest.param(("rome-uncalled-worthless", "rome-uncalled-loses"), id="art23-uncalled_rome"),
    pytest.param(("double-rome-uncalled-worthless", "double-rome-uncalled-loses"), id="art22-uncalled_rome"),
]


@pytest.mark.parametrize("slugs", PAIRS)
def test_the_examples_of_each_reading_play_one_deal_and_differ(slugs: tuple[str, ...]) -> None:
    results = [example(slug) for slug in slugs]
    assert len({json.dumps(r["hands"], sort_keys=True) for r in results}) == 1  # one deal
    outcomes = {json.dumps([r["ledger"], r["claims"], r["game_over"]], sort_keys=True) for r in results}
    assert len(outcomes) == len(slugs)
    assert len({json.dumps(r["options"], sort_keys=True) for r in results}) == len(slugs)  # one option apart


def test_the_json_of_an_example_is_what_reversis_play_prints() -> None:
    out = reversis("play", str(EXAMPLES / "king-thrown-by-choice-kept.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads(json.dumps(example("king-thrown-by-choice-kept")))

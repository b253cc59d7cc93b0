"""One scenario test per rule of the Spanish revesino (issue 7, "Everything the text states"), named
after the section of the text (corpus/revesino-es) that states it.

Each deal is written out in full so that a reader can follow every trick; where a test fixes the
plays of a whole hand they are written trick by trick, each trick's cards in playing order from its
leader. Seats are in playing order; seat 0 deals, so seat 1 (the dealer's right) leads first and
seat 3 sits on the dealer's left. The fondo opens at 9: 2 from each player and 1 more from the
dealer for the deal (p63). Every test checks that the chips are conserved: what the seats won and
lost, and what the fondo gained, add up to nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from reversis.apps.cli import main
from reversis.core.cards import SPANISH, card_rank
from reversis.core.errors import IllegalDeclaration, IllegalExchange, IllegalPlay, ScenarioError
from reversis.core.ruleset import load_ruleset
from reversis.games.reversis.bots import bot_declarations
from reversis.games.reversis.deal import shuffle_pack
from reversis.games.reversis.hand import Hand, Phase
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import parse_scenario, run
from reversis.games.reversis.settlement import rank_seats

from .deals import standing

RULES = load_ruleset("revesino")

# -- helpers ---------------------------------------------------------------------------------------


def cards(text: str) -> list[str]:
    return text.split()


def tricks(*each: str) -> list[str]:
    """The plays of whole tricks, each written as its four cards in playing order from its leader."""
    out: list[str] = []
    for trick in each:
        words = trick.split()
        assert len(words) == 4, trick
        out += words
    return out


def play(scenario: dict[str, Any]) -> tuple[Hand, dict[str, Any]]:
    """Run a revesino scenario given as a mapping (the cautious bot plays what it leaves open)."""
    data = {"ruleset": "revesino", "bot": "cautious", **scenario}
    hand = run(parse_scenario(yaml.safe_dump(data), source="<test>"))
    res = result(hand)
    assert_conserved(res)
    return hand, res


def assert_conserved(res: dict[str, Any]) -> None:
    """No chip is made or lost: the seats' balances and the fondo's change add up to nothing."""
    assert sum(res["balances"].values()) + res["pool"]["after"] - res["pool"]["before"] == 0


def paid(res: dict[str, Any], rule: str) -> list[tuple[object, object, int]]:
    """The (payer, payee, amount) of every ledger entry of a rule, in ledger order."""
    return [(e["payer"], e["payee"], e["amount"]) for e in res["ledger"] if e["rule"] == rule]


def paid_at(res: dict[str, Any], trick: int) -> list[tuple[object, object, int, str]]:
    """The (payer, payee, amount, rule) of every ledger entry made in a trick."""
    return [(e["payer"], e["payee"], e["amount"], e["rule"]) for e in res["ledger"] if e["trick"] == trick]


def build(deal: dict[str, Any], *, pool: int = 0, **options: Any) -> Hand:
    """A ``Hand`` of a deal, before the exchange, with ``pool`` carried in."""
    return Hand(
        RULES.with_options(options),
        dealer=deal["dealer"],
        hands=[[SPANISH.parse(c) for c in deal["hands"][seat]] for seat in range(4)],
        talon=[SPANISH.parse(c) for c in deal["talon"]],
        pool=pool,
    )


def exchanged(deal: dict[str, Any], **options: Any) -> Hand:
    """A ``Hand`` of a deal after its exchange, ready for the first lead."""
    hand = build(deal, **options)
    for seat in (1, 2, 3, 0):
        action = deal["exchange"][seat]
        hand.exchange(None if action == "pass" else SPANISH.parse(action["discard"]))
    return hand


def play_cards(hand: Hand, *names: str) -> None:
    for name in names:
        hand.play(SPANISH.parse(name))


STAKES = [(0, "pool", 2), (1, "pool", 2), (2, "pool", 2), (3, "pool", 2)]

# -- the deals -------------------------------------------------------------------------------------

# Deal Q: seat 2 holds the quinola and no espadas; seats 3 and 0 have no copas.
DEAL_Q: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("AC RC 9E 8E 7E 6E 5E 4E 3E 2E RB"),
        2: cards("SO CC SC 9C 8C 7C 6C 5C 4C 3C 2C"),
        3: cards("AE RE CE SE AO RO CO 9O 8O 7O 6O"),
        0: cards("5O 4O 3O 2O AB CB SB 9B 8B 7B 6B 5B"),
    },
    "talon": cards("2B 3B 4B"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5B"}},
}

# Deal F: as Q, but seat 1's only oro is the 2O and seat 2's only oro is the quinola.
DEAL_F: dict[str, Any] = {
    **DEAL_Q,
    "hands": {
        **DEAL_Q["hands"],
        1: cards("AC RC 9E 8E 7E 6E 5E 4E 3E 2O RB"),
        0: cards("5O 4O 3O 2E AB CB SB 9B 8B 7B 6B 5B"),
    },
}

# Deal P: seat 1 holds every basto but the ace, which is seat 0's only basto; seat 2 (all copas but the
# 2C) and seat 3 (all oros but the quinola) have none.
DEAL_P: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("RB CB SB 9B 8B 7B 6B 5B 4B 3B 2B"),
        2: cards("AC RC CC SC 9C 8C 7C 6C 5C 4C 3C"),
        3: cards("AO RO CO 9O 8O 7O 6O 5O 4O 3O 2O"),
        0: cards("AB SO 2C AE RE CE SE 9E 8E 7E 6E 5E"),
    },
    "talon": cards("4E 3E 2E"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5E"}},
}
# Trick 1 of deal P: seat 2 places the ace of copas and seat 3 the ace of oros on a basto, and seat 0
# must play his only basto, the ace, which takes the trick.
P_FIRST = tricks("2B AC AO AB")

# Deal S (the sweep): seat 1 holds eleven espadas from the ace down and takes every trick he leads;
# nobody else holds an espada but seat 2's 2E. Seat 3 holds three aces to place; the dealer holds the
# quinola and discards it, so that it lies in the talon.
DEAL_S: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("AE RE CE SE 9E 8E 7E 6E 5E 4E 3E"),
        2: cards("2E 9O 8O 7O 6O SC 9C 8C 7C 6C 2B"),
        3: cards("AO AC AB RO CO RC CC RB CB SB 9B"),
        0: cards("SO 5O 4O 3O 2O 5C 4C 3C 2C 8B 7B 6B"),
    },
    "talon": cards("5B 4B 3B"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "SO"}},
}
S_NINE = tricks(
    "AE 2E AO 2O",  # 1: seat 3 places the ace of oros
    "RE 6O AB 3O",  # 2: ... and the ace of bastos
    "CE 7O RO 4O",
    "SE 8O CO 5O",
    "9E 9O RC 2C",
    "8E 6C CC 3C",
    "7E 7C RB 4C",
    "6E 8C CB 5C",
    "5E 9C SB 6B",
)
S_PLAYS = S_NINE + tricks("4E SC 9B 7B", "3E 2B AC 8B")  # 11: seat 3 places the ace of copas

# Deal T (a sweep that can be cut): as S, but seat 1 holds the 2B where S gives him the 3E, which seat 2
# holds; the dealer keeps the quinola and discards the 8B.
DEAL_T: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("AE RE CE SE 9E 8E 7E 6E 5E 4E 2B"),
        2: cards("2E 3E 9O 8O 7O 6O SC 9C 8C 7C 6C"),
        3: cards("AO AC AB RO CO RC CC RB CB SB 9B"),
        0: cards("SO 5O 4O 3O 2O 5C 4C 3C 2C 8B 7B 6B"),
    },
    "talon": cards("5B 4B 3B"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "8B"}},
}
T_NINE = tricks(
    "AE 2E AO 2O",
    "RE 3E AB 3O",
    "CE 6O RO 4O",
    "SE 7O CO 5O",
    "9E 8O RC 2C",
    "8E 9O CC 3C",
    "7E 6C RB 4C",
    "6E 7C CB 5C",
    "5E 8C SB 6B",
)
# Seat 1 loses the tenth trick with his 2B (seat 3 takes it) and seat 0 places the quinola on the 11th,
# or he takes the tenth and loses the 11th, seat 0 placing the quinola on the tenth.
T_CUT = {
    10: T_NINE + tricks("2B 9C 9B 7B", "AC SO 4E SC"),
    11: T_NINE + tricks("4E 9C AC SO", "2B SC 9B 7B"),
}

# Deal N (the napolitana): seat 0 holds three aces and the quinola; seat 1 holds ten espadas and the 2B.
DEAL_N: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("AE RE CE SE 9E 8E 7E 6E 5E 4E 2B"),
        2: cards("2E 3E 9O 8O 7O 6O SC 9C 8C 7C 6C"),
        3: cards("RO CO RC CC RB CB SB 9B 5O 4O 3O"),
        0: cards("AO AC AB SO 2O 5C 4C 3C 2C 8B 7B 6B"),
    },
    "talon": cards("5B 4B 3B"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "2C"}},
}
# Seat 1 takes the first nine tricks; the napolitana (seat 0) sells his aces of oros and bastos in the
# first two and the quinola in the ninth; seat 3 takes the last two with the king of bastos and of oros.
N_CUT = tricks(
    "AE 2E 3O AO",
    "RE 3E 4O AB",
    "CE 9O 5O 2O",
    "SE 8O CC 5C",
    "9E 7O RC 4C",
    "8E 6O SB 3C",
    "7E 6C 9B 6B",
    "6E 7C CB 7B",
    "5E 8C CO SO",
    "2B 9C RB 8B",
    "RO AC 4E SC",
)
# As N_CUT, but the napolitana keeps the quinola and sells the ace of copas in the ninth trick; seat 3
# has no basto left for the tenth, which the napolitana takes with his 8B; he must then lead the
# quinola, his last card, and the king of oros draws it out of him.
N_LOST = tricks(
    "AE 2E 3O AO",
    "RE 3E 4O AB",
    "CE 9O 5O 2O",
    "SE 8O CC 5C",
    "9E 7O RC 4C",
    "8E 6O SB 3C",
    "7E 6C 9B 6B",
    "6E 7C CB 7B",
    "5E 8C RB AC",
    "2B 9C CO 8B",
    "SO 4E SC RO",
)


# -- 5. Value and order of the cards -------------------------------------------------------------------


def test_s5_card_points_and_order() -> None:
    p = compile_params(RULES)
    pack = SPANISH.cards()
    assert len(pack) == len(p.pack) == 48  # "la baraja española de 48 cartas" (p11): no tens
    value = {SPANISH.name(c): p.points[c] for c in pack}
    assert value["AC"] == 5 and value["AO"] == value["AE"] == value["AB"] == 4
    assert {value[f"R{s}"] for s in "OCEB"} == {3} and {value[f"C{s}"] for s in "OCEB"} == {2}
    assert value["SO"] == 3 and value["SC"] == value["SE"] == value["SB"] == 1
    assert {v for name, v in value.items() if name[0] in "98765432"} == {0}  # the cartas blancas
    assert sum(value.values()) == 43
    # as, rey, caballo, sota, nueve ... dos, from highest to lowest in each suit
    for suit in "OCEB":
        order = [SPANISH.parse(f"{rank}{suit}") for rank in "ARCS98765432"]
        assert order == sorted(order, reverse=True)
    # the sota (and the quinola) takes the nine; the highest card of the suit led takes the trick
    _, res = play({**DEAL_Q, "plays": tricks("AC 2C AO AB", "9E SO SE CB")})
    assert [t["winner"] for t in res["tricks"][:2]] == [1, 3]
    table = {"A": 4, "R": 3, "C": 2, "S": 1}
    worth = [sum(5 if c == "AC" else 3 if c == "SO" else table.get(c[0], 0) for c in t["cards"]) for t in res["tricks"]]
    assert worth[0] == 13  # AC 5 + 2C 0 + AO 4 + AB 4
    assert res["points"] == {
        s: sum(w for w, t in zip(worth, res["tricks"], strict=True) if t["winner"] == s) for s in range(4)
    }
    # seat 1 takes every trick of deal S: every point of the pack but the quinola's 3, in the talon
    _, swept = play({**DEAL_S, "plays": S_PLAYS})
    assert swept["points"] == {0: 0, 1: 40, 2: 0, 3: 0}


# -- 12. The fondo --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "stakes", "after"),
    [
        pytest.param(0, STAKES, 9, id="opened-with-9"),
        pytest.param(8, STAKES, 17, id="renewed-below-9"),
        pytest.param(9, [], 10, id="kept-at-9"),
        pytest.param(30, [], 31, id="kept-above-9"),
    ],
)
def test_s12_fondo_opened_with_9_and_renewed_below_9(pool: int, stakes: list[Any], after: int) -> None:
    # "una primera puesta de 2 tantos de cada jugador, excepto el que da, que pone 3 ... se renueva cada
    # vez que ... quedan menos de 9 tantos ... se incrementa con el pago de 1 tanto que debe hacer cada
    # vez el que reparte" (p63): the dealer's 3 is his stake and his tanto for the deal.
    assert build(DEAL_Q, pool=pool).pool == after  # before the exchange and the first lead
    _, res = play({**DEAL_Q, "pool": pool, "plays": tricks("AC 2C AO AB")})
    assert paid(res, "pool.stake") == stakes
    assert paid(res, "pool.deal") == [(0, "pool", 1)]
    assert res["pool"]["before"] == pool


def test_s12_the_result_pool_is_the_fondo() -> None:
    _, res = play({**DEAL_Q, "plays": tricks("AC 2C AO AB", "9E SO SE CB")})
    assert res["pool"] == {"before": 0, "after": 0, "won_by": 2}  # the quinola took the 9 of the fondo


# -- 13. Beginning: the deal ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_s13_eleven_cards_each_twelve_to_the_dealer_three_under_the_platillo(dealer: int) -> None:
    hand = Hand.deal(RULES, dealer=dealer, rng=random.Random(dealer))
    assert [len(hand.holding(s)) for s in range(4)] == [12 if s == dealer else 11 for s in range(4)]
    assert len(hand.talon) == 3
    assert sorted(c for s in range(4) for c in hand.holding(s)) == sorted(set(SPANISH.cards()) - set(hand.talon))
    # counter-clockwise: the dealer's right exchanges and leads first
    assert hand.to_act == hand.eldest == (dealer + 1) % 4


def test_s13_dealt_in_packets_from_the_dealers_right() -> None:
    pack = shuffle_pack(SPANISH.cards(), random.Random(5))
    hand = Hand.deal(RULES, dealer=0, rng=random.Random(5))
    assert set(pack[0:3]) <= set(hand.holding(1))  # the first packet to the dealer's right
    assert set(pack[3:6]) <= set(hand.holding(2))
    assert hand.talon == pack[45:]


# -- 14. Course of play: the exchange and the play ---------------------------------------------------


def test_s14_each_player_takes_his_own_talon_card() -> None:
    # "la primera es para el jugador de la derecha del que da, la segunda para el de la derecha de éste
    # y la tercera para el que está sentado a la izquierda del que da" (p70); a player who declines may
    # look at his card (p71), and nobody else takes it.
    exchange = {1: {"discard": "RB"}, 2: "pass", 3: {"discard": "6O"}, 0: {"discard": "5B"}}
    _, res = play({**DEAL_Q, "exchange": exchange, "plays": tricks("AC 2C AO AB")})
    assert res["exchange"] == [
        {"seat": 1, "discard": "RB", "took": "2B"},
        {"seat": 2, "pass": True, "seen": "3B"},
        {"seat": 3, "discard": "6O", "took": "4B"},  # his own card, the third, not the 3B seat 2 left
        {"seat": 0, "discard": "5B", "took": None},  # the dealer takes none
    ]
    assert res["talon"] == ["3B", "RB", "6O", "5B"]


def test_s14_the_french_way_takes_the_top_card_as_an_option() -> None:
    exchange = {1: {"discard": "RB"}, 2: "pass", 3: {"discard": "6O"}, 0: {"discard": "5B"}}
    _, res = play(
        {**DEAL_Q, "options": {"exchange_own_card": False}, "exchange": exchange, "plays": tricks("AC 2C AO AB")}
    )
    assert res["exchange"][2] == {"seat": 3, "discard": "6O", "took": "3B"}


def test_s14_the_dealer_must_discard_and_takes_no_card() -> None:
    hand = build(DEAL_Q)
    for _ in range(3):
        hand.exchange(None)
    with pytest.raises(IllegalExchange) as err:
        hand.exchange(None)
    assert err.value.rule == "exchange.dealer-discard"
    hand.exchange(SPANISH.parse("5O"))  # any card may be discarded, the quinola's suit included (p69)
    assert len(hand.holding(0)) == 11 and len(hand.talon) == 4 and hand.phase is Phase.TRICKS


def test_s14_right_of_dealer_leads_any_card_follow_suit_highest_wins_winner_leads() -> None:
    hand = exchanged(DEAL_Q)
    assert hand.to_act == 1
    assert set(hand.legal_plays()) == set(hand.holding(1))  # "una de sus cartas": no suit is imposed
    play_cards(hand, "9E", "SO")  # seat 2 has no espada: any card; seat 3 has espadas and must follow
    with pytest.raises(IllegalPlay) as err:
        hand.play(SPANISH.parse("AO"))
    assert err.value.rule == "play.follow"
    play_cards(hand, "SE", "CB")
    assert hand.tricks[0].winner == 3 and hand.to_act == 3  # no trumps; the sota takes the nine


# -- 6. The quinola ------------------------------------------------------------------------------------


def test_s6_quinola_placed_takes_the_fondo_and_tantos() -> None:
    # p24 "se lleva el fondo que esté acumulado hasta ese momento"; p54 "cobra 1 tanto de cada uno de
    # los jugadores y 2 del que gane la baza".
    _, res = play({**DEAL_Q, "plays": tricks("AC 2C AO AB", "9E SO SE CB")})
    assert res["quinola"] == {"how": "placed", "seat": 2, "trick": 2}
    assert paid_at(res, 2) == [
        ("pool", 2, 9, "quinola.placed.pool"),
        (3, 2, 2, "quinola.placed.trick"),
        (0, 2, 1, "quinola.placed.each"),
        (1, 2, 1, "quinola.placed.each"),
        (3, 2, 1, "quinola.placed.each"),  # the winner of the trick is one of "cada uno de los jugadores"
    ]
    assert res["pool"]["won_by"] == 2


def test_s6_quinola_placed_takes_the_fondo_as_it_stands_when_it_falls() -> None:
    _, res = play({**DEAL_Q, "pool": 20, "plays": tricks("AC 2C AO AB", "9E SO SE CB")})
    assert paid(res, "quinola.placed.pool") == [("pool", 2, 21)]  # 20 carried and the dealer's tanto


def test_s6_quinola_forced_its_holder_doubles_the_fondo() -> None:
    # p25 "si el jugador que tiene la quínola debe jugarla en una baza de oros ... está obligado a
    # doblar el fondo"
    _, res = play({**DEAL_F, "plays": tricks("2O SO 6O 3O")})
    assert res["quinola"] == {"how": "forced", "seat": 2, "trick": 1}
    assert paid_at(res, 1) == [(2, "pool", 9, "quinola.forced.pool")]  # and nothing between the players
    assert res["tricks"][0]["winner"] == 2  # whoever takes the trick


def test_s6_quinola_led_by_its_holder_doubles_the_fondo() -> None:
    swapped = {**DEAL_F, "hands": {**DEAL_F["hands"], 1: DEAL_F["hands"][2], 2: DEAL_F["hands"][1]}}
    _, res = play({**swapped, "plays": ["SO"]})
    assert res["quinola"] == {"how": "led", "seat": 1, "trick": 1}
    assert paid_at(res, 1)[0] == (1, "pool", 9, "quinola.led.pool")


def test_s6_quinola_given_by_choice_on_oros_costs_nothing() -> None:
    # seat 3 holds seven oros: the quinola is not his only oro, so nobody "debe jugarla"
    hands = {
        **DEAL_F["hands"],
        2: cards("6O CC SC 9C 8C 7C 6C 5C 4C 3C 2C"),
        3: cards("AE RE CE SE AO RO CO SO 9O 8O 7O"),
    }
    _, res = play({**DEAL_F, "hands": hands, "plays": ["2O", "6O", "SO"]})
    assert res["quinola"] == {"how": "given", "seat": 3, "trick": 1}
    assert [e for e in paid_at(res, 1) if e[3].startswith("quinola")] == []


# -- 10. Payments and receipts during play ----------------------------------------------------------


def test_s10_aces_placed_paid_by_the_winner_and_forced_ace_pays_the_leader() -> None:
    # p54: the placed aces are paid "por el que gane la baza"; p55: the player from whom an ace is
    # "sacado" pays the leader; the placed ace of oros counts double (p54, the default); all doubled in
    # the first trick.
    _, res = play({**DEAL_P, "plays": P_FIRST})
    assert res["tricks"][0]["winner"] == 0
    assert paid_at(res, 1) == [
        (0, 2, 2, "ace.placed"),  # the ace of copas: 1, doubled
        (0, 3, 4, "ace.placed"),  # the ace of oros: 2, doubled
        (0, 1, 2, "ace.forced"),  # seat 0's only basto, drawn out by the leader: 1, doubled
    ]


def test_s10_the_forced_ace_of_copas_pays_two() -> None:
    # As deal P with the suits of copas and bastos exchanged: seat 0's only copa is the ace.
    deal = {
        "dealer": 0,
        "hands": {
            1: cards("RC CC SC 9C 8C 7C 6C 5C 4C 3C 2C"),
            2: cards("AB RB CB SB 9B 8B 7B 6B 5B 4B 3B"),
            3: cards("AO RO CO 9O 8O 7O 6O 5O 4O 3O 2O"),
            0: cards("AC SO 2B AE RE CE SE 9E 8E 7E 6E 5E"),
        },
        "talon": cards("4E 3E 2E"),
        "exchange": DEAL_P["exchange"],
    }
    _, res = play({**deal, "plays": tricks("2C AB AO AC")})
    assert paid_at(res, 1) == [(0, 2, 2, "ace.placed"), (0, 3, 4, "ace.placed"), (0, 1, 4, "ace.forced")]


def test_s10_an_ace_led_or_played_by_choice_earns_nothing() -> None:
    _, res = play({**DEAL_Q, "plays": tricks("AC 2C AO AB", "9E SO AE CB")})
    # seat 1 led the ace of copas (nothing); seat 3 played his ace of espadas by choice (nothing)
    assert [e for e in res["ledger"] if e["trick"] in (1, 2) and e["rule"].startswith("ace.")] == [
        {
            "payer": 1,
            "payee": 3,
            "amount": 4,
            "rule": "ace.placed",
            "trick": 1,
            "cites": ["revesino-es:54", "revesino-es:55"],
        },
        {
            "payer": 1,
            "payee": 0,
            "amount": 2,
            "rule": "ace.placed",
            "trick": 1,
            "cites": ["revesino-es:54", "revesino-es:55"],
        },
    ]


def test_s10_payments_double_in_first_and_last_trick() -> None:
    # "Todos los pagos indicados son dobles en la primera y en la última baza de la mano" (p55): seat 3
    # places the ace of oros in trick 1, of bastos in trick 2 and of copas in trick 11, all on seat 1.
    _, res = play({**DEAL_S, "plays": S_PLAYS})
    assert paid(res, "ace.placed") == [(1, 3, 4), (1, 3, 1), (1, 3, 2)]
    assert [e["trick"] for e in res["ledger"] if e["rule"] == "ace.placed"] == [1, 2, 11]


def test_s10_quinola_placed_in_the_first_trick_is_paid_double() -> None:
    # Deal Q with seat 1 leading an espada at once: the quinola falls in the first trick.
    _, res = play({**DEAL_Q, "plays": tricks("9E SO SE CB")})
    assert paid_at(res, 1) == [
        ("pool", 2, 9, "quinola.placed.pool"),  # the fondo is not doubled
        (3, 2, 4, "quinola.placed.trick"),
        (0, 2, 2, "quinola.placed.each"),
        (1, 2, 2, "quinola.placed.each"),
        (3, 2, 2, "quinola.placed.each"),
    ]


@pytest.mark.parametrize(
    ("special", "copas", "oros"),
    [pytest.param("AC", 4, 2, id="copas-p15-p55"), pytest.param("AO", 2, 4, id="oros-p54-default")],
)
def test_s10_contradiction_special_ace_copas_or_oros(special: str, copas: int, oros: int) -> None:
    # p54 doubles the placed ace of oros; p55 the forced ace of copas, and p15 values the ace of copas
    # at 5: option special_ace chooses for the placed ace, special_ace_forced stays copas.
    assert RULES["special_ace"] == "AO" and RULES["special_ace_forced"] == "AC"
    _, res = play({**DEAL_P, "options": {"special_ace": special}, "plays": P_FIRST})
    assert paid_at(res, 1) == [(0, 2, copas, "ace.placed"), (0, 3, oros, "ace.placed"), (0, 1, 2, "ace.forced")]


# -- 8. The play called revesino ------------------------------------------------------------------------


def test_s8_revesino_made() -> None:
    # p49 "el jugador que gana el revesino se lleva el fondo"; p50 "cobra 16 tantos de cada uno de los
    # otros tres jugadores"; p56 the payments of the hand so far are given back at the declaration.
    _, res = play({**DEAL_S, "declarations": {1: "revesino"}, "plays": S_PLAYS})
    assert res["declarations"] == [{"seat": 1, "name": "revesino", "trick": 10, "lost_at": None}]
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert paid(res, "ace.placed") == [(1, 3, 4), (1, 3, 1)]  # the ace of copas in trick 11 earns nothing
    assert paid(res, "revesino.returns") == [(3, 1, 4), (3, 1, 1)]
    assert paid(res, "reversis.pool") == [("pool", 1, 9)]
    assert paid(res, "reversis.made") == [(0, 1, 16), (2, 1, 16), (3, 1, 16)]
    assert res["balances"] == {0: -19, 1: 55, 2: -18, 3: -18}
    assert res["pool"] == {"before": 0, "after": 0, "won_by": 1}
    assert res["winner"] == 1  # p77 "si un jugador ha hecho revesino, gana la partida"


@pytest.mark.parametrize("cut_at", [10, 11])
def test_s8_revesino_cut(cut_at: int) -> None:
    # p48 the first other player to take one of the last two tricks cuts it; p49 the undertaker doubles
    # the fondo; p50 he pays the cutter 64; p56 "los otros dos jugadores no cobran ni pagan".
    _, res = play({**DEAL_T, "declarations": {1: "revesino"}, "plays": T_CUT[cut_at]})
    assert [t["winner"] for t in res["tricks"][9:]] == ([3, 3] if cut_at == 10 else [1, 3])
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert paid(res, "revesino.returns") == [(3, 1, 4), (3, 1, 1)]
    assert paid(res, "reversis.cut") == [(1, 3, 64)]
    assert paid(res, "reversis.cut.pool") == [(1, "pool", 9)]
    assert paid(res, "reversis.made") == [] and paid(res, "reversis.pool") == []
    assert res["balances"] == {0: -3, 1: -75, 2: -2, 3: 62}
    assert res["pool"] == {"before": 0, "after": 18, "won_by": None}
    assert res["winner"] == 0  # the cut revesino wins nothing: the fewest points (p76), the dealer first


def test_s8_revesino_not_declared_is_not_paid() -> None:
    # p34, p49: "hay que declararlo como tal"; seat 1 takes all eleven tricks without declaring it.
    _, res = play({**DEAL_S, "plays": S_PLAYS})
    assert res["tricks_won"] == {0: 0, 1: 11, 2: 0, 3: 0}
    assert res["declarations"] == [] and res["reversis"] is None
    assert [e for e in res["ledger"] if e["rule"].startswith(("reversis.", "revesino."))] == []
    # p74: there was a revesino (he took every trick), so no count; he wins the hand and collects nothing
    assert res["winner"] == 1
    # counted like anyone (option reversis_undeclared_wins_hand false): seats 0, 2 and 3 have no point and
    # no trick, and the dealer is best seated
    _, res = play({**DEAL_S, "plays": S_PLAYS, "options": {"reversis_undeclared_wins_hand": False}})
    assert res["winner"] == 0


def test_s8_revesino_declared_only_after_the_first_nine_tricks() -> None:
    hand = exchanged(DEAL_S)
    play_cards(hand, *S_NINE[:32])  # eight tricks
    with pytest.raises(IllegalDeclaration) as err:
        hand.declare(1, "revesino")
    assert err.value.rule == "revesino.declare"
    assert "after trick 9" in str(err.value)
    play_cards(hand, *S_NINE[32:])
    assert hand.legal_declarations() == [(1, "revesino")]
    hand.declare(1, "revesino")
    play_cards(hand, "4E")
    with pytest.raises(IllegalDeclaration):
        hand.declare(1, "revesino")


# -- 9. The quinola and the revesino --------------------------------------------------------------------


def test_s9_quinola_chips_returned_when_another_declares() -> None:
    # p52 "si otro jugador emprende el revesino (aunque se lo corten), deberá devolver las fichas
    # cobradas": the dealer places the quinola in trick 3 and takes the fondo; seat 1 declares.
    plays = tricks(
        "AE 2E AO 2O",
        "RE 6O AB 3O",
        "CE 7O RO SO",
        "SE 8O CO 4O",
        "9E 9O RC 5O",
        "8E 6C CC 2C",
        "7E 7C RB 3C",
        "6E 8C CB 4C",
        "5E 9C SB 5C",
        "4E SC 9B 6B",
        "3E 2B AC 7B",
    )
    exchange = {**DEAL_S["exchange"], 0: {"discard": "8B"}}
    _, res = play({**DEAL_S, "exchange": exchange, "declarations": {1: "revesino"}, "plays": plays})
    assert paid_at(res, 3) == [
        ("pool", 0, 9, "quinola.placed.pool"),
        (1, 0, 2, "quinola.placed.trick"),
        (1, 0, 1, "quinola.placed.each"),
        (2, 0, 1, "quinola.placed.each"),
        (3, 0, 1, "quinola.placed.each"),
    ]
    assert sorted(paid(res, "revesino.returns"), key=str) == sorted(
        [(3, 1, 4), (3, 1, 1), (0, "pool", 9), (0, 1, 2), (0, 1, 1), (0, 2, 1), (0, 3, 1)], key=str
    )
    assert paid(res, "reversis.pool") == [("pool", 1, 9)]
    assert res["pool"]["won_by"] == 1
    assert res["balances"] == {0: -19, 1: 55, 2: -18, 3: -18}


def test_s9_quinola_forced_from_another_the_doubled_fondo_is_recovered() -> None:
    # p52 "... o recuperar las pagadas": the dealer's only oro is the quinola, drawn by seat 1's ace.
    deal = {
        "dealer": 0,
        "hands": {
            1: cards("AO AE RE CE SE 9E 8E 7E 6E 5E 4E"),
            2: cards("2E 3E 9O 8O 7O 6O SC 9C 8C 7C 6C"),
            3: cards("RO CO 5O 4O 3O 2O RC CC RB CB SB"),
            0: cards("SO AC AB 5C 4C 3C 2C 9B 8B 7B 6B 5B"),
        },
        "talon": cards("4B 3B 2B"),
        "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5B"}},
    }
    plays = tricks(
        "AO 6O 2O SO",
        "AE 2E 3O AC",
        "RE 3E 4O AB",
        "CE 7O 5O 2C",
        "SE 8O RO 3C",
        "9E 9O CO 4C",
        "8E 6C RC 5C",
        "7E 7C CC 6B",
        "6E 8C RB 7B",
        "5E 9C CB 8B",
        "4E SC SB 9B",
    )
    _, res = play({**deal, "declarations": {1: "revesino"}, "plays": plays})
    assert res["quinola"] == {"how": "forced", "seat": 0, "trick": 1}
    assert paid(res, "quinola.forced.pool") == [(0, "pool", 9)]
    assert sorted(paid(res, "revesino.returns"), key=str) == sorted([(0, 1, 1), (0, 1, 1), ("pool", 0, 9)], key=str)
    assert paid(res, "reversis.pool") == [("pool", 1, 9)]
    assert res["balances"] == {0: -19, 1: 55, 2: -18, 3: -18}


def test_s9_the_undertakers_own_quinola_stands_and_a_cut_revesino_pays_both() -> None:
    # p52 "si ... se lo cortan (aunque haya jugado la quínola antes de las dos últimas bazas), tendrá
    # que pagar el revesino cortado y la quínola": seat 1 leads the quinola in trick 4 (and doubles the
    # fondo), declares after nine tricks, and is cut in the eleventh.
    deal = {
        "dealer": 0,
        "hands": {
            1: cards("AO RO CO SO AE RE CE SE 9E 8E 2B"),
            2: cards("2E 3E 4E 9O 8O 7O SC 9C 8C 7C 6C"),
            3: cards("6O 5O 4O 5E 6E 7E RC CC RB CB SB"),
            0: cards("3O 2O AC 5C 4C 3C 2C AB 9B 8B 7B 6B"),
        },
        "talon": cards("5B 4B 3B"),
        "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "6B"}},
    }
    plays = tricks(
        "AO 7O 4O 2O",
        "RO 8O 5O 3O",
        "CO 9O 6O AC",
        "SO 6C RC AB",
        "AE 2E 5E 2C",
        "RE 3E 6E 3C",
        "CE 4E 7E 4C",
        "SE 7C CC 5C",
        "9E 8C RB 7B",
        "8E 9C CB 8B",
        "2B SC SB 9B",
    )
    _, res = play({**deal, "declarations": {1: "revesino"}, "plays": plays})
    assert res["quinola"] == {"how": "led", "seat": 1, "trick": 4}
    assert paid(res, "quinola.led.pool") == [(1, "pool", 9)]
    assert paid(res, "revesino.returns") == [(0, 1, 1), (0, 1, 1)]  # the aces seat 0 sold; not the quinola
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert paid(res, "reversis.cut") == [(1, 3, 64)]
    assert paid(res, "reversis.cut.pool") == [(1, "pool", 18)]
    assert res["balances"] == {0: -3, 1: -93, 2: -2, 3: 62}
    assert res["pool"]["after"] == 36


@pytest.mark.parametrize("cut_at", [10, 11])
def test_s9_quinola_played_in_trick_10_or_11_of_a_cut_revesino_wins_no_fondo(cut_at: int) -> None:
    # p52 "si en un revesino cortado se juega la quínola en la décima o undécima baza, tampoco se gana
    # el fondo"; and "cuando el jugador que emprende el revesino y el que tiene la quínola ... son
    # distintas personas, la quínola queda como simple sota de oros".
    _, res = play({**DEAL_T, "declarations": {1: "revesino"}, "plays": T_CUT[cut_at]})
    placed_at = 11 if cut_at == 10 else 10
    assert res["quinola"] == {"how": "plain", "seat": 0, "trick": placed_at}
    assert [e for e in res["ledger"] if e["rule"].startswith("quinola.")] == []
    assert [e for e in res["ledger"] if e["trick"] in (10, 11) and e["rule"].startswith("ace.")] == []
    assert res["pool"]["won_by"] is None


# -- 11. The napolitana ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "allowed"),
    [
        pytest.param("AO AC AB SO", True, id="three-aces-and-the-quinola"),
        pytest.param("AO AC AE AB", True, id="four-aces"),
        pytest.param("AO AC AE AB SO", True, id="four-aces-and-the-quinola"),
        pytest.param("AO AC AB", False, id="three-aces"),
        pytest.param("AO AC SO", False, id="two-aces-and-the-quinola"),
    ],
)
def test_s11_napolitana_needs_three_aces_and_the_quinola_or_four_aces(held: str, allowed: bool) -> None:
    # p58 "tres ases y la quínola (sota de oros), o los cuatro ases"
    fixed = cards(held)
    # seat 2 holds these and the lowest cards; the others are dealt the rest, lowest first
    low_first = sorted(SPANISH.cards(), key=lambda c: (card_rank(c), c))
    others = [SPANISH.name(c) for c in low_first if SPANISH.name(c) not in fixed]
    hands = {2: fixed + others[: 11 - len(fixed)]}
    others = others[11 - len(fixed) :]
    hands[1], hands[3], hands[0] = others[:11], others[11:22], others[22:34]
    deal = {
        "dealer": 0,
        "hands": hands,
        "talon": others[34:37],
        "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": hands[0][0]}},
    }
    hand = exchanged(deal)
    assert hand.can_declare(2, "napolitana") is allowed
    if allowed:
        _, res = play({**deal, "declarations": {2: "napolitana"}, "plays": []})
        assert res["declarations"][0] == {
            "seat": 2,
            "name": "napolitana",
            "trick": 1,
            "lost_at": None,  # the cautious bot keeps him out of the last two tricks
        }
    else:
        with pytest.raises(ScenarioError, match=r"declarations\.2: .*\(rule napolitana\.declare\)"):
            play({**deal, "declarations": {2: "napolitana"}, "plays": []})


def test_s11_napolitana_may_renounce_in_the_first_nine_tricks_and_must_follow_in_the_last_two() -> None:
    # p59 "tiene derecho a renunciar ... en las nueve primeras bazas. También deberá servir en las dos
    # últimas"; p64 the renuncio's fine is for anyone "excepto el que juega napolitana".
    hand = exchanged(DEAL_N)
    hand.declare(0, "napolitana")
    play_cards(hand, "2B", "2E")
    with pytest.raises(IllegalPlay) as err:
        hand.play(SPANISH.parse("3O"))  # seat 3 holds bastos: he must follow
    assert err.value.rule == "play.follow"
    play_cards(hand, "9B")
    assert SPANISH.parse("AO") in hand.legal_plays()  # the napolitana holds bastos and may renounce
    _, res = play({**DEAL_N, "declarations": {0: "napolitana"}, "plays": ["2B", "2E", "9B", "AO"]})
    assert paid_at(res, 1) == [(3, 0, 4, "ace.placed")]  # a renuncio that sells the ace of oros; no fine
    assert paid(res, "penalty.revoke") == []
    # in the tenth trick he holds the 8B and must play it on the 2B
    wrong = [*N_LOST[:36], "2B", "9C", "CO", "SO"]
    with pytest.raises(ScenarioError, match=r"plays\[39\] \(trick 10\): .*rule play\.follow"):
        play({**DEAL_N, "declarations": {0: "napolitana"}, "plays": wrong})


def test_s11_napolitana_lost_in_the_last_two_tricks() -> None:
    # p59 "si gana cualquiera de las dos últimas bazas, pierde la napolitana y la partida"; p60 he
    # doubles the fondo when the quinola "se la fuerzan en una de las dos últimas bazas", and "deberá
    # pagar doble los ases o la quínola que haya podido vender". Having taken the tenth trick he must
    # lead the quinola, his last card, in the eleventh: p60's third case ("gana la penúltima baza y debe
    # salir de quínola en la última"), a quinola led in a trick of oros (p25: the fondo doubled), not
    # p61's quinola drawn out of him ("sacar": made to play it on another's lead, p42).
    _, res = play({**DEAL_N, "declarations": {0: "napolitana"}, "plays": N_LOST})
    assert [t["winner"] for t in res["tricks"]] == [1] * 9 + [0, 3]
    assert res["declarations"] == [{"seat": 0, "name": "napolitana", "trick": 1, "lost_at": 10}]
    assert res["quinola"] == {"how": "led", "seat": 0, "trick": 11}
    assert paid(res, "ace.placed") == [(1, 0, 4), (1, 0, 1), (1, 0, 1)]
    assert paid(res, "napolitana.quinola-forced") == []
    assert paid(res, "quinola.led.pool") == [(0, "pool", 9)]
    # the doubling p60 names is that one (option renouncer_lost_doubles_pool: one doubling per case)
    assert paid(res, "napolitana.lost.pool") == []
    assert paid(res, "napolitana.lost.sold") == [(0, 1, 8), (0, 1, 2), (0, 1, 2)]
    assert res["balances"] == {0: -18, 1: 4, 2: -2, 3: -2}
    assert res["pool"] == {"before": 0, "after": 18, "won_by": None}
    assert res["winner"] == 2  # not the napolitana; seats 2 has no point and no trick, before seat 3


def test_s11_napolitana_lost_pays_back_no_sale_already_returned_by_a_revesino() -> None:
    # Deal N played as N_LOST, but seat 1 declares the revesino after the ninth trick: the napolitana's
    # three sales are given back, then he takes the tenth trick, cuts the revesino and loses the napolitana.
    _, res = play({**DEAL_N, "declarations": {0: "napolitana", 1: "revesino"}, "plays": N_LOST})
    assert paid(res, "revesino.returns") == [(0, 1, 4), (0, 1, 1), (0, 1, 1)]
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 0}
    assert res["declarations"][0]["lost_at"] == 10
    assert paid(res, "reversis.cut") == [(1, 0, 64)]
    assert paid(res, "napolitana.lost.sold") == []
    assert res["balances"] == {0: 61, 1: -75, 2: -2, 3: -2}


def test_s11_napolitana_pays_64_to_the_cutter_of_another_revesino() -> None:
    # p61 "el jugador que está haciendo napolitana debe pagar al que lo ha cortado 64 tantos (que éste
    # cobra además de los del jugador al que se le ha cortado el revesino)"
    _, res = play({**DEAL_N, "declarations": {0: "napolitana", 1: "revesino"}, "plays": N_CUT})
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert paid(res, "reversis.cut") == [(1, 3, 64)]
    assert paid(res, "napolitana.cut") == [(0, 3, 64)]
    assert paid(res, "reversis.cut.pool") == [(1, "pool", 9)]
    # the quinola the napolitana sold in trick 9 is given back at the declaration (p52), fondo and all
    assert sorted(paid(res, "revesino.returns"), key=str) == sorted(
        [(0, 1, 4), (0, 1, 1), (0, "pool", 9), (0, 1, 2), (0, 1, 1), (0, 2, 1), (0, 3, 1)], key=str
    )
    assert res["balances"] == {0: -67, 1: -75, 2: -2, 3: 126}
    assert res["pool"]["after"] == 18
    assert res["declarations"][0]["lost_at"] is None
    assert res["winner"] == 0  # p77: the napolitana kept wins the hand


def test_s11_napolitana_quinola_drawn_out_with_the_king_of_oros() -> None:
    # p61 "si con el as, rey o caballo de oros se le saca la quínola al jugador que está haciendo la
    # napolitana, en cualquier baza que sea, este jugador deberá doblar el fondo y pagar al que se la
    # saca 2 tantos, así como 1 tanto a los otros dos jugadores"
    # The napolitana sells his ace of oros in trick 1 and plays his 2O in trick 2: in trick 3 the
    # quinola is his only oro, and seat 3's king of oros draws it out of him.
    plays = tricks("2B 2E 9B AO", "3O 2O 4E 6O", "7O RO SO 5E")
    _, res = play({**DEAL_N, "declarations": {0: "napolitana"}, "plays": plays})
    assert [t["winner"] for t in res["tricks"][:3]] == [3, 2, 3]
    assert res["quinola"] == {"how": "forced", "seat": 0, "trick": 3}
    # p55: the player who draws a card out is "el que ha salido del palo en esa baza", seat 2, who
    # led the 7 of oros (renouncer_quinola_forcer leader); seat 3's king took the trick
    assert paid_at(res, 3) == [
        (0, "pool", 9, "napolitana.quinola-forced"),  # the fondo doubled
        (0, 2, 2, "napolitana.quinola-forced"),  # 2 to the one who draws it out
        (0, 1, 1, "napolitana.quinola-forced"),  # 1 to each of the other two
        (0, 3, 1, "napolitana.quinola-forced"),
    ]
    assert paid(res, "quinola.forced.pool") == []  # instead of the ordinary holder's doubling
    # read as naming the drawer by his card (taker), the king's player is paid the 2
    _, res = play(
        {**DEAL_N, "declarations": {0: "napolitana"}, "plays": plays, "options": {"renouncer_quinola_forcer": "taker"}}
    )
    assert paid_at(res, 3)[1:] == [
        (0, 3, 2, "napolitana.quinola-forced"),
        (0, 1, 1, "napolitana.quinola-forced"),
        (0, 2, 1, "napolitana.quinola-forced"),
    ]


# Deal V: seat 1 holds the ace, king and caballo of oros and the kings and caballos (and sotas) of the
# other suits; the napolitana (seat 0: the three other aces and the quinola, his only oro) renounces on
# every lead, and seat 1 takes every trick.
DEAL_V: dict[str, Any] = {
    "dealer": 0,
    "hands": {
        1: cards("AO RO CO RE CE SE RC CC SC RB CB"),
        2: cards("2O 3O 4O 5O 6O 4E 5E 6E 4C 5C 6C"),
        3: cards("7O 8O 9O 7E 8E 9E 7C 8C 9C 6B 7B"),
        0: cards("SO AC AE AB 2E 3E 2C 3C 2B 3B 4B 5B"),
    },
    "talon": cards("SB 9B 8B"),
    "exchange": {1: "pass", 2: "pass", 3: "pass", 0: {"discard": "5B"}},
}
V_PLAYS = tricks(
    "AO 2O 7O SO",  # 1: the quinola drawn out of the napolitana by the ace of oros
    "RO 3O 8O AE",
    "CO 4O 9O AB",
    "RE 4E 7E AC",
    "CE 5E 8E 2E",
    "SE 6E 9E 3E",
    "RC 4C 7C 2C",
    "CC 5C 8C 3C",
    "SC 6C 9C 2B",
    "RB 5O 6B 3B",
    "CB 6O 7B 4B",
)


def test_s9_quinola_drawn_from_the_napolitana_is_undone_when_another_declares() -> None:
    # p52: whoever plays the quinola in the first nine tricks keeps its chips apart, "porque si otro
    # jugador emprende el revesino (aunque se lo corten), deberá devolver las fichas cobradas o recuperar
    # las pagadas"; the ruleset: "the fondo taken or doubled for a quínola played by another player is
    # returned or recovered".
    _, res = play({**DEAL_V, "declarations": {0: "napolitana", 1: "revesino"}, "plays": V_PLAYS})
    assert paid(res, "napolitana.quinola-forced") == [(0, "pool", 9), (0, 1, 4), (0, 2, 2), (0, 3, 2)]
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert sorted(paid(res, "revesino.returns"), key=str) == sorted(
        [("pool", 0, 9), (1, 0, 4), (2, 0, 2), (3, 0, 2), (0, 1, 1), (0, 1, 1), (0, 1, 1)], key=str
    )
    assert paid(res, "reversis.pool") == [("pool", 1, 9)]
    assert res["balances"] == {0: -19, 1: 55, 2: -18, 3: -18}


@pytest.mark.parametrize(
    ("reading", "lost_at"),
    [pytest.param("last-tricks", None, id="p59-last-two-default"), pytest.param("any-trick", 1, id="p36-any-trick")],
)
def test_s11_contradiction_napolitana_lost_on_any_trick_or_the_last_two(reading: str, lost_at: int | None) -> None:
    # p36 "no ha de ganar ninguna baza"; p59 and p77 "si gana cualquiera de las dos últimas bazas": the
    # napolitana takes the first trick with his ace of bastos.
    assert RULES["renouncer_lost_on"] == "last-tricks"
    plays = tricks("2B 2E 9B AB")
    _, res = play(
        {**DEAL_N, "options": {"renouncer_lost_on": reading}, "declarations": {0: "napolitana"}, "plays": plays}
    )
    assert res["tricks"][0]["winner"] == 0
    assert [t["winner"] for t in res["tricks"][9:]].count(0) == 0  # the bots keep him out of the last two
    assert res["declarations"] == [{"seat": 0, "name": "napolitana", "trick": 1, "lost_at": lost_at}]
    assert (res["winner"] == 0) is (lost_at is None)


# -- 12. The renuncio -----------------------------------------------------------------------------------


def test_s12_renuncio_refused_by_default() -> None:
    with pytest.raises(ScenarioError, match=r"plays\[6\] \(trick 2\): .*rule play\.follow"):
        play({**DEAL_Q, "plays": [*tricks("AC 2C AO AB"), "9E", "SO", "RO"]})


def test_s12_renuncio_pays_2_to_the_fondo_and_collects_nothing() -> None:
    # p64 "el jugador que hace un renuncio ... deberá pagar 2 tantos al fondo y no tendrá derecho a
    # cobrar ninguno": seat 3, who sold his ace of oros in trick 1, revokes in trick 2.
    _, res = play({**DEAL_Q, "options": {"accept_illegal": True}, "plays": tricks("AC 2C AO AB", "9E SO RO CB")})
    assert paid(res, "penalty.revoke") == [(3, "pool", 2)]
    collected = [
        (e["payer"], e["amount"]) for e in res["ledger"] if e["payee"] == 3 and e["rule"] != "penalty.revoke.forfeit"
    ]
    assert (1, 4) in collected  # the ace of oros placed in the first trick: 2, doubled
    assert sorted(
        (payee, amount) for payer, payee, amount in paid(res, "penalty.revoke.forfeit") if payer == 3
    ) == sorted(collected)
    assert sum(e["amount"] for e in res["ledger"] if e["payee"] == 3) == sum(
        e["amount"] for e in res["ledger"] if e["payer"] == 3 and e["rule"] == "penalty.revoke.forfeit"
    )


def test_s6_quinola_takes_the_fondo_accumulated_up_to_the_moment_it_falls() -> None:
    # Trick 2: seat 2 places the quinola; seat 3, after him, revokes and pays 2 into the fondo.
    _, res = play({**DEAL_Q, "options": {"accept_illegal": True}, "plays": tricks("AC 2C AO AB", "9E SO RO CB")})
    assert paid(res, "penalty.revoke") == [(3, "pool", 2)]
    assert paid(res, "quinola.placed.pool") == [("pool", 2, 9)]


# -- 15. The winner ------------------------------------------------------------------------------------


def _stub(points: list[int], tricks_won: list[int], dealer: int = 0) -> Hand:
    return standing(RULES, points, tricks_won, dealer=dealer)


def test_s15_winner_fewest_points_then_fewest_tricks_then_best_seat() -> None:
    # p76: fewest points; on a tie, fewer tricks; then "el dealer, el jugador de su derecha, el jugador
    # de la derecha de éste y el jugador de la izquierda del que da".
    assert rank_seats(_stub([9, 2, 5, 3], [3, 2, 4, 2]), [0, 1, 2, 3])[0] == 1
    assert rank_seats(_stub([4, 2, 2, 9], [1, 3, 2, 5]), [0, 1, 2, 3])[:2] == [2, 1]
    assert rank_seats(_stub([0, 0, 0, 0], [3, 3, 3, 2]), [0, 1, 2, 3])[0] == 3
    assert rank_seats(_stub([2, 2, 2, 2], [3, 3, 3, 3]), [0, 1, 2, 3]) == [0, 1, 2, 3]
    assert rank_seats(_stub([2, 2, 2, 2], [3, 3, 3, 3], dealer=2), [0, 1, 2, 3]) == [2, 3, 0, 1]


def test_s15_winner_of_a_played_hand_and_no_payment_for_it() -> None:
    # The text names the winner of the mano but no payment for winning it: option talon_payer is none.
    _, res = play({**DEAL_Q, "plays": tricks("AC 2C AO AB", "9E SO SE CB")})
    points, won = res["points"], res["tricks_won"]
    best = min(range(4), key=lambda s: (points[s], won[s], s))  # dealer 0 first, then 1, 2, 3
    assert res["winner"] == best
    assert paid(res, "talon.pay") == [] and res["talon_award"] is None
    assert RULES["talon_payer"] == "none"


def test_s15_paying_the_winner_the_talon_is_an_option() -> None:
    # The dealer discards his caballo of bastos: the talon 2B 3B 4B CB is worth 2 at the card points.
    exchange = {**DEAL_Q["exchange"], 0: {"discard": "CB"}}
    _, res = play({**DEAL_Q, "exchange": exchange, "plays": tricks("AC 2C AO AB")})
    assert res["talon"] == ["2B", "3B", "4B", "CB"] and paid(res, "talon.pay") == []
    _, paying = play(
        {**DEAL_Q, "options": {"talon_payer": "each-player"}, "exchange": exchange, "plays": tricks("AC 2C AO AB")}
    )
    winner = paying["winner"]
    assert paid(paying, "talon.pay") == [(s, winner, 2) for s in range(4) if s != winner]


def test_s15_revesino_and_napolitana_win_the_hand() -> None:
    # p77 "si un jugador ha hecho revesino, gana la partida. El jugador que declara napolitana suele ser
    # el ganador"
    _, made = play({**DEAL_S, "declarations": {1: "revesino"}, "plays": S_PLAYS})
    assert made["winner"] == 1
    _, kept = play({**DEAL_N, "declarations": {0: "napolitana"}, "plays": N_CUT})
    assert kept["declarations"][0]["lost_at"] is None and kept["winner"] == 0
    assert kept["points"][0] == 0 and kept["points"][2] == 0  # seat 2 would win without the napolitana


# -- Declarations refused --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        pytest.param(
            {**DEAL_Q, "declarations": {1: "revesino"}, "plays": tricks("AC 2C AO AB", "9E SO SE CB")},
            r"declarations\.1: the eldest hand \(seat: 1\) may not declare revesino: only the player who took all "
            r"the first 9 tricks may declare it, and he took \d+ \(rule revesino\.declare\)",
            id="revesino-after-losing-a-trick",
        ),
        pytest.param(
            {**DEAL_Q, "declarations": {3: "napolitana"}},
            r"declarations\.3: the third hand \(seat: 3\) may not declare napolitana: it needs 4 of SO AO AC AE AB, "
            r"and the hand "
            r"holds 2 \(rule napolitana\.declare\)",
            id="napolitana-without-the-cards",
        ),
        pytest.param(
            {**DEAL_Q, "declarations": {1: "espagnolette"}},
            r"declarations\.1: espagnolette is not a declaration of ruleset revesino \(known: napolitana, revesino\) "
            r"\(rule declare\)",
            id="unknown-declaration",
        ),
    ],
)
def test_declarations_refused_in_one_line_naming_the_rule(scenario: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message) as err:
        play(scenario)
    assert "\n" not in str(err.value)


def test_declarations_unknown_refused_naming_the_rule() -> None:
    with pytest.raises(ScenarioError, match=r"declarations\.1: .*\(rule declare\)"):
        play({**DEAL_Q, "declarations": {1: "espagnolette"}})


def test_declarations_unknown_refused_by_the_hand_with_rule_declare() -> None:
    hand = exchanged(DEAL_Q)
    with pytest.raises(IllegalDeclaration) as err:
        hand.declare(1, "espagnolette")
    assert err.value.rule == "declare"


@pytest.mark.parametrize(
    ("declarations", "word"),
    [
        ({1: "revesino"}, "rule revesino.declare"),
        ({3: "napolitana"}, "rule napolitana.declare"),
        ({1: "x"}, "x is not a declaration"),
    ],
)
def test_declarations_refused_by_the_cli_exit_2_one_line(
    declarations: dict[int, str], word: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {"ruleset": "revesino", **DEAL_Q, "declarations": declarations, "plays": tricks("AC 2C AO AB")}
    path = tmp_path / "refused.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["play", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and word in err and "Traceback" not in err
    assert err.startswith(f"reversis: error: {path}:3: declarations.")


def test_declarations_accepted_by_the_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = {"ruleset": "revesino", **DEAL_S, "declarations": {1: "revesino"}, "plays": S_PLAYS}
    path = tmp_path / "made.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["play", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert out["declarations"] == [{"seat": 1, "name": "revesino", "trick": 10, "lost_at": None}]


# -- The bots' declarations ---------------------------------------------------------------------------


def test_bots_declare_the_napolitana_when_qualified() -> None:
    hand = exchanged(DEAL_N)
    assert bot_declarations(hand) == [(0, "napolitana")]
    _, res = play({**DEAL_N})  # the bots play the whole hand
    assert res["declarations"][0]["seat"] == 0 and res["declarations"][0]["name"] == "napolitana"
    assert bot_declarations(exchanged(DEAL_Q)) == []


def test_bots_declare_the_revesino_when_the_undertakers_cards_are_unbeatable() -> None:
    hand = exchanged(DEAL_S)
    play_cards(hand, *S_NINE)
    assert bot_declarations(hand) == [(1, "revesino")]  # the 4E and 3E: nobody holds an espada
    _, res = play({**DEAL_S, "plays": S_NINE})  # the bots play the last two tricks and declare
    assert res["declarations"] == [{"seat": 1, "name": "revesino", "trick": 10, "lost_at": None}]
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}


def test_bots_do_not_declare_a_revesino_that_can_be_cut() -> None:
    hand = exchanged(DEAL_T)
    play_cards(hand, *T_NINE)
    assert hand.legal_declarations() == [(1, "revesino")]  # allowed: he took the first nine
    assert bot_declarations(hand) == []  # but seat 3's 9B beats his 2B
    _, res = play({**DEAL_T, "plays": T_NINE})
    assert res["declarations"] == [] and res["reversis"] is None

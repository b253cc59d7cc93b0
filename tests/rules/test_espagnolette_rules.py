"""One scenario test per numbered rule of the espagnolette fragment (espagnolette-19c, rules 10-22).

Each deal is written out in full so that a reader can follow every trick. Seats are in playing
order; seat 0 deals, seat 1 (the eldest) leads first. In the Reversis deals seat 1 is "B", who
takes the first nine tricks and so undertakes the Reversis; seat 2 is the espagnolette.
Where the engine does not (yet) play what the words say, the test is marked xfail(strict=True)
with the reason.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from reversis.core.errors import ScenarioError
from reversis.games.reversis.events import DeclarationLost
from reversis.games.reversis.examples import start
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import parse_scenario, run

RULESET = "espagnolette-19c"
ESPAGNOLETTE = {2: "espagnolette"}
KEEP = {1: "pass", 2: "pass", 3: "pass"}

# B (seat 1) takes the first ten tricks; the espagnolette (seat 2) renounces by throwing his aces
# (tricks 3, 4, 7, 10); at the last trick B leads the eight of clubs, the espagnolette plays the
# nine, seat 3 the jack, which takes it: the Reversis is broken at the bonne (rule 17's case).
REV: dict[str, Any] = {
    "hands": {
        1: "KS QS JS 9S KH QH 9H KD QD KC 8C",
        2: "AS AH AD AC 9C 2S 3S 2H 3H 2D 3D",
        3: "JC 2C 3C 4S 5S 4H 5H 4D 5D 6S 6H",
        0: "7S 8S 7H 8H 6D 7D 8D 9D 4C 5C 6C 7C",
    },
    "talon": "JH JD QC",
    "exchange": {**KEEP, 0: {"discard": "4C"}},
    "plays": "KS 2S 4S 7S QS 3S 5S 8S JS AC 6S 6D 9S AD 6H 7D KH 2H 4H 7H QH 3H 5H 8H 9H AS 4D 8D "
    "KD 2D 5D 9D QD 3D 2C 5C KC AH 3C 6C 8C 9C JC 7C",
}
# The same, but the espagnolette holds the seven of clubs (under B's eight) and the dealer the nine.
REV_UNDER: dict[str, Any] = {
    **REV,
    "hands": {**REV["hands"], 2: "AS AH AD AC 7C 2S 3S 2H 3H 2D 3D", 0: "7S 8S 7H 8H 6D 7D 8D 9D 4C 5C 6C 9C"},
    "plays": REV["plays"].replace("8C 9C JC 7C", "8C 7C JC 9C"),
}
# The same, but seat 3 has the jack of diamonds instead of the jack of clubs: the espagnolette's
# nine of clubs takes the last trick, and he breaks the Reversis himself.
REV_SELF: dict[str, Any] = {
    **REV,
    "hands": {**REV["hands"], 3: "JD 2C 3C 4S 5S 4H 5H 4D 5D 6S 6H"},
    "talon": "JH JC QC",
    "plays": REV["plays"].replace(
        "KD 2D 5D 9D QD 3D 2C 5C KC AH 3C 6C 8C 9C JC 7C", "KD 2D 5D 9D QD 3D JD 5C KC AH 2C 6C 8C 9C 3C 7C"
    ),
}
# B takes all eleven tricks. The espagnolette (three aces and the quinola) has no diamond: he
# throws the ace of spades, the ace of clubs, the quinola and the ace of hearts on B's diamonds,
# each time void, so he never renounces.
MADE: dict[str, Any] = {
    "hands": {
        1: "KS QS KD QD JD 9D KH QH KC QC JC",
        2: "AS AH AC JH 2S 3S 2H 3H 2C 3C 4C",
        3: "JS 9S 8S 9H 8H 7H 8D 7D 6D 9C 8C",
        0: "7S 6S 5S 4S 6H 5H 4H 5D 4D 3D 2D 7C",
    },
    "talon": "AD 6C 5C",
    "exchange": {**KEEP, 0: {"discard": "2D"}},
    "plays": "KS 2S JS 7S QS 3S 9S 6S KD AS 8D 5D QD AC 7D 4D JD JH 6D 3D 9D AH 8S 5S KH 2H 9H 6H "
    "QH 3H 8H 5H KC 2C 9C 7C QC 3C 8C 4H JC 4C 7H 4S",
}
# The same, but the espagnolette renounces: a heart on B's first spade, though he holds spades.
MADE_RENOUNCED: dict[str, Any] = {
    **MADE,
    "plays": MADE["plays"]
    .replace("KS 2S", "KS 2H", 1)
    .replace("QS 3S", "QS 2S", 1)
    .replace("KH 2H", "KH 3H")
    .replace("QH 3H", "QH 3S"),
}
# As MADE, but B's last club is the seven, and seat 3 breaks the Reversis with the eight.
BROKEN_Q: dict[str, Any] = {
    "hands": {
        1: "KS QS KD QD JD 9D KH QH KC QC 7C",
        2: MADE["hands"][2],
        3: "JS 9S 8S 9H 8H 5C 8D 7D 6D 9C 8C",
        0: "7S 6S 5S 4S 6H 5H 4H 5D 4D 3D 2D JC",
    },
    "talon": "AD 6C 7H",
    "exchange": {**KEEP, 0: {"discard": "2D"}},
    "plays": "KS 2S JS 7S QS 3S 9S 6S KD AS 8D 5D QD AC 7D 4D JD JH 6D 3D 9D AH 8S 5S KH 2H 9H 6H "
    "QH 3H 8H 5H KC 2C 9C JC QC 3C 5C 4H 7C 4C 8C 4S",
}
# Seat 1 takes eight tricks, seat 3 the ninth (no Reversis); seat 3 leads a heart to the tenth
# and the espagnolette, who holds only the ace and king of hearts, must take it; he leads the king
# to the last trick and forces the quinola, the last card of seat 3.
TENTH: dict[str, Any] = {
    "hands": {
        1: "KS QS JS KD QD JD KC QC 7C 2H 6H",
        2: "AS AD AC AH KH 2S 3S 2D 3D 2C 3C",
        3: "JH 3H 9S 8S 7S 9D 8D 7D 9C 8C JC",
        0: "4H 5H 6S 5S 4S 6D 5D 4D 6C 5C 4C 7H",
    },
    "talon": "QH 9H 8H",
    "exchange": {**KEEP, 0: {"discard": "7H"}},
    "plays": "KS 2S 9S 6S QS 3S 8S 5S JS AD 7S 4S KD 2D 9D 6D QD 3D 8D 5D JD AC 7D 4D KC 2C 8C 6C "
    "QC 3C 9C 5C 7C AS JC 4C 3H 4H 2H AH KH JH 5H 6H",
}
# As TENTH, but the espagnolette keeps the four of spades for the last trick, on which seat 3,
# void in spades, places the quinola.
LAST_PLACED: dict[str, Any] = {
    **TENTH,
    "hands": {**TENTH["hands"], 2: "AS AD AC AH 4S 2S 3S 2D 3D 2C 3C", 0: "4H 5H 6S 5S 8H 6D 5D 4D 6C 5C 4C 7H"},
    "talon": "KH QH 9H",
    "plays": TENTH["plays"].replace("JS AD 7S 4S", "JS AD 7S 8H").replace("KH JH 5H 6H", "4S JH 5H 6H"),
}
# A hand played by the cautious bot (seed 340, recorded): the espagnolette (seat 1) takes no trick.
NO_ENTRY: dict[str, Any] = {
    "hands": {
        0: "3S 5S 9S 3H 4H 6H 8D QD 5C 6C 9C KC",
        1: "4S AS 8H JH QH KH AH 3D 6D AD AC",
        2: "2S 2H 5H 9H 4D 7D 9D JD 4C 7C JC",
        3: "6S 7S 8S JS QS 7H 2D 5D 2C 3C 8C",
    },
    "talon": "KD QC KS",
    "exchange": {1: {"discard": "AS"}, 2: {"discard": "JD"}, 3: {"discard": "QS"}, 0: {"discard": "KC"}},
    "plays": "3D 4D 2D QD 3S JH 2S KS 2C 5C AD 4C 3H AC 2H 7H 3C 6C AH QC 5H JS 4H KD 7D 5D 8D KH "
    "5S QH JC 8S 6S 9S 8H 9D 6H 6D 9H 8C 7C 7S 9C 4S",
}
# A hand played by the cautious bot (seed 11209, recorded): neither the espagnolette (seat 2) nor
# the dealer takes a trick.
NO_ENTRY_TIE: dict[str, Any] = {
    "hands": {
        0: "2S 3S 5S JS 2H 4H 5H 2D 4D 4C 5C KC",
        1: "4S KS 6H 8H QH KH 7D 8D QD KD 7C",
        2: "8S QS 3H 7H JH AH 3D 9D AD 3C AC",
        3: "7S 9S 9H 5D 6D JD 2C 8C 9C JC QC",
    },
    "talon": "6S AS 6C",
    "exchange": {1: {"discard": "KS"}, 2: {"discard": "AH"}, 3: {"discard": "QC"}, 0: {"discard": "KC"}},
    "plays": "4S JH 7S 5S 2C 4C 7C AD 6S AC 9S 3S 5D 4D 7D AS 6H QS 9H 5H 6D 2D 8D 8S 8H 9D JC 4H "
    "QH 3C JD 2H QD 7H 9C JS KH 3D 8C 5C KD 3H 6C 2S",
}


def _scenario(deal: dict[str, Any], *, declarations: dict[int, str] | None = None, **options: Any) -> str:
    data = {
        "ruleset": RULESET,
        "options": options,
        "dealer": 0,
        "hands": {seat: cards.split() for seat, cards in deal["hands"].items()},
        "talon": deal["talon"].split(),
        "exchange": deal["exchange"],
        "declarations": ESPAGNOLETTE if declarations is None else declarations,
        "plays": deal["plays"].split(),
        "bot": "cautious",
        "seed": 0,
    }
    return yaml.safe_dump(data, sort_keys=False)


def _play(
    deal: dict[str, Any], *, declarations: dict[int, str] | None = None, **options: Any
) -> tuple[Hand, dict[str, Any]]:
    hand = run(parse_scenario(_scenario(deal, declarations=declarations, **options), source="<test>"))
    return hand, result(hand)


def paid(res: dict[str, Any], rule: str) -> list[tuple[object, object, int]]:
    return [(e["payer"], e["payee"], e["amount"]) for e in res["ledger"] if e["rule"] == rule]


def _lost_at(res: dict[str, Any]) -> int | None:
    (espagnolette,) = [d for d in res["declarations"] if d["name"] == "espagnolette"]
    lost: int | None = espagnolette["lost_at"]
    return lost


def _losses(hand: Hand) -> list[DeclarationLost]:
    """The espagnolette's right lost, as the hand recorded it."""
    return [e for e in hand.events if isinstance(e, DeclarationLost)]


# -- the declaration -------------------------------------------------------------------------------


def test_declaration_refused_where_the_hand_does_not_qualify() -> None:
    # seat 3 of deal REV holds none of the four aces and the quinola
    with pytest.raises(ScenarioError) as info:
        _play(REV, declarations={3: "espagnolette"})
    message = str(info.value)
    assert "\n" not in message
    assert message.endswith(
        "declarations.3: the third hand (seat: 3) may not declare espagnolette: it needs 4 of AS JH AH AD AC, "
        "and the hand holds 0 (rule espagnolette.declare)"
    )


def test_declaration_made_by_a_qualifying_hand() -> None:
    _, res = _play(REV)
    assert res["declarations"][0]["seat"] == 2
    assert res["declarations"][0]["trick"] == 1


# -- rules 10 to 13: the right to renounce, kept and lost -------------------------------------------

# Seat 2 (the espagnolette) holds the four aces; he follows the spade lead with a higher spade.
FOLLOW_ABOVE = {
    1: "5S 2S 3S 4S 6S 7S 2D 3D 4D 5D 6D",
    2: "AS AH AD AC 9S 8S 7D 8D 9D 2C 3C",
    3: "KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H",
    0: "KD QD JD KC QC JC 9C 8C 7C 6C 5C 4C",
}


def test_rule_10_following_even_above_keeps_the_right() -> None:
    table = start(
        RULESET, hands=FOLLOW_ABOVE, exchange={0: "KD"}, declarations=ESPAGNOLETTE, plays="5S 9S KS 4C 2H 5C 2D"
    )
    hand = table.hand
    assert hand.tricks[0].winner == 3  # the king takes the trick: it does not stay with him
    assert not _losses(hand)
    # seat 3 leads a heart: the espagnolette, who holds the ace of hearts, may still play any card
    assert table.to_play == 2
    assert table.refusal("AD") is None  # a renounce: he holds the ace of hearts
    assert len(table.legal()) == 10


# Seat 1 (the espagnolette, the eldest) leads the two of hearts; seat 2's only heart is the quinola.
LEAD_HEART = {
    1: "AS AH AD AC 2H 9S 8S 7S 9D 8D 9C",
    2: "JH 2S 3S 4S 2D 3D 4D 2C 3C 4C 5C",
    3: "KH 3H 5S 6S KS 5D 6D 7D 6C 7C 8C",
    0: "QS JS 9H 8H 7H 6H 5H 4H KD QD JD KC",
}


def test_rule_11_heart_lead_forcing_a_lone_quinola_earns_the_consolation() -> None:
    table = start(
        RULESET, hands=LEAD_HEART, exchange={0: "KD"}, declarations={1: "espagnolette"}, plays="2H JH KH 4H 5S JS"
    )
    hand = table.hand
    entries = [
        (e.payer, e.payee, e.amount)
        for e in hand.ledger.entries
        if e.rule in ("quinola.forced.forcer", "quinola.forced.each")
    ]
    assert entries[:1] == [(2, 1, 6)]  # the holder pays the leader who forced it
    assert sorted(entries[1:]) == [(0, 1, 6), (3, 1, 6)]  # and the two others pay him too
    assert hand.tricks[0].winner == 3  # the trick does not remain with him ...
    assert table.to_play == 1 and table.refusal("AH") is None  # ... so he may still renounce on spades


# Seat 1 leads the two of spades and the espagnolette (seat 2) takes it with his ace: by mistake.
MISTAKE = {
    1: "2S 3S 4S 5S 6S 7S 2D 3D 4D 5D 6D",
    2: "AS AH AD AC 2H 8S 9S 7D 8D 9D 2C",
    3: "JH 5C 6C 7C 8C 9C JC QC KC KS QS",
    0: "KH QH 9H 8H 7H 6H 5H 4H 3H KD QD JD",
}


def test_rule_12_after_a_trick_taken_by_mistake_consolation_but_no_renounce() -> None:
    table = start(
        RULESET, hands=MISTAKE, exchange={0: "JD"}, declarations=ESPAGNOLETTE, plays="2S AS KS 3H 2H JH 4H 7S QC KD 6D"
    )
    hand = table.hand
    assert hand.tricks[0].winner == 2
    assert [(e.seat, e.trick, e.rule) for e in _losses(hand)] == [(2, 1, "espagnolette.lost")]
    forced = [
        (e.payer, e.payee, e.amount)
        for e in hand.ledger.entries
        if e.rule in ("quinola.forced.forcer", "quinola.forced.each")
    ]
    assert sorted(forced) == [(0, 2, 6), (1, 2, 6), (3, 2, 6)]  # he receives the consolation all the same
    # ... but he can no longer renounce: on seat 3's club he must follow with his club
    assert table.to_play == 2 and table.legal() == ["2C", "AC"]
    assert table.refusal("AD") == "play.follow: AD: the second hand (seat: 2) must follow clubs (a revoke)"


def test_rule_12_tenth_card_consolation_double_at_the_last_bonne() -> None:
    hand, res = _play(TENTH)
    assert _lost_at(res) == 10  # "entré malgré lui à la dixième carte"
    assert paid(res, "quinola.forced.forcer") == [(3, 2, 12)]  # double, "à la dernière bonne"
    assert sorted(paid(res, "quinola.forced.each")) == [(0, 2, 12), (1, 2, 12)]
    assert not paid(res, "penalty.revoke")  # "sans égard à ses précédentes renonces"
    assert hand.renounced


def test_rule_12_returns_to_the_class_of_the_others() -> None:
    # once he has entered he competes for the partie like any player: the fewest points win it
    _, res = _play(TENTH)
    assert res["winner"] == 0 and res["talon_award"]["decided_by"] == "points"
    # Hoyle's reading (loses-hand): he keeps the right to renounce and is out of the ranking
    _, hoyle = _play(TENTH, renouncer_lost_effect="loses-hand")
    assert _lost_at(hoyle) == 10 and hoyle["winner"] == 0


def test_rule_13_faire_entrer_is_taking_a_trick() -> None:
    table = start(RULESET, hands=MISTAKE, exchange={0: "JD"}, declarations=ESPAGNOLETTE, plays="2S AS KS 3H")
    assert [e.trick for e in _losses(table.hand)] == [1]  # he "entered" in the first trick, the one he took
    table = start(RULESET, hands=FOLLOW_ABOVE, exchange={0: "KD"}, declarations=ESPAGNOLETTE, plays="5S 9S KS 4C")
    assert not _losses(table.hand)


# -- rules 14 to 18: the Reversis ------------------------------------------------------------------


def test_rule_14_espagnolette_who_renounced_pays_the_reversis_for_all() -> None:
    hand, res = _play(MADE_RENOUNCED)
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert hand.renounced
    assert paid(res, "reversis.made") == [(2, 1, 20), (2, 1, 20), (2, 1, 20)]


def test_rule_14_espagnolette_who_never_renounced_pays_his_share() -> None:
    hand, res = _play(MADE)
    assert res["reversis"]["made"] and not hand.renounced  # he threw his aces and quinola when void
    assert sorted(paid(res, "reversis.made")) == [(0, 1, 20), (2, 1, 20), (3, 1, 20)]


def test_rule_15_espagnolette_pays_the_64_for_the_undertaker() -> None:
    hand, res = _play(REV_UNDER)
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert hand.renounced
    # in B's place, "à la décharge de celui à qui il est rompu": recorded under the espagnolette's rule
    assert paid(res, "espagnolette.cut") == [(2, 3, 64)]
    assert paid(res, "reversis.cut") == []


def test_rule_15_espagnolette_who_breaks_it_receives_the_64() -> None:
    _, res = _play(REV_SELF)
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 2}
    assert paid(res, "reversis.cut") == [(1, 2, 64)]  # "et reçoit 64 fiches de celui auquel il a rompu"


def test_rule_16_a_card_above_the_undertakers_suffices() -> None:
    # the espagnolette breaks it with a nine, not an ace, and is paid
    _, res = _play(REV_SELF)
    assert res["tricks"][-1]["cards"] == ["8C", "9C", "3C", "7C"] and res["tricks"][-1]["winner"] == 2
    assert paid(res, "reversis.cut") == [(1, 2, 64)]
    # and when another takes the trick above his card, the undertaker pays that player, not he
    _, res = _play(REV)
    assert paid(res, "reversis.cut") == [(1, 3, 64)]


def test_rule_17_worked_case() -> None:
    # B (seat 1) has undertaken the Reversis and has the eight of clubs left; the espagnolette
    # (seat 2) has the nine; seat 3 has the jack of clubs, which takes the trick.
    hand, res = _play(REV)
    assert res["tricks"][-1] == {"leader": 1, "cards": ["8C", "9C", "JC", "7C"], "winner": 3}
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert hand.renounced  # he used his right, so rule 15 would make him pay ...
    assert paid(res, "reversis.cut") == [(1, 3, 64)]  # ... but he is deemed the breaker: B pays the jack
    assert all(e["payer"] != 2 for e in res["ledger"] if e["rule"].startswith("reversis"))
    # read without rule 16-17 (option renouncer_deemed_cutter false), rule 15 alone makes him pay
    _, res = _play(REV, renouncer_deemed_cutter=False)
    assert paid(res, "espagnolette.cut") == [(2, 3, 64)]


# Seat 1, the espagnolette, holds the three top cards of every suit but clubs' queen: he takes every trick.
OWN_REVERSIS = {1: "AS KS QS AH KH QH AD KD QD AC KC"}


def test_rule_18_espagnolette_may_make_the_reversis_himself() -> None:
    from reversis.games.reversis.examples import play

    game = play(RULESET, hands=OWN_REVERSIS, declarations={1: "espagnolette"})
    res = game.result
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert sorted(game.paid("reversis.made")) == [(0, 1, 20), (2, 1, 20), (3, 1, 20)]
    assert res["declarations"][0]["lost_at"] == 1  # his hand is an ordinary one from the first trick


# -- rules 19 to 22: the remise --------------------------------------------------------------------


def test_rule_19_placed_quinola_takes_no_remise_in_a_reversis_made() -> None:
    _, res = _play(MADE)
    assert res["quinola"] == {"how": "placed", "seat": 2, "trick": 5}
    assert res["pool"]["won_by"] is None and not paid(res, "quinola.placed.pool")


def test_rule_19_placed_quinola_takes_no_remise_in_a_reversis_broken() -> None:
    _, res = _play(BROKEN_Q)
    assert res["reversis"] == {"by": 1, "made": False, "cut_by": 3}
    assert res["pool"]["won_by"] is None and not paid(res, "quinola.placed.pool")
    _, other = _play(BROKEN_Q, reversis_cut_cancels_quinola=False)
    assert paid(other, "quinola.placed.pool") == [("pool", 2, 26)]


# B, the undertaker, holds the quinola and leads it in the third trick, which it takes; B makes the Reversis.
MAKER_QUINOLA: dict[str, Any] = {
    "hands": {
        1: "KS QS JH KD QD JD KH QH KC QC JC",
        2: "AS 5C AC 9D 2S 3S 2H 3H 2C 3C 4C",
        3: "JS 9S 8S 9H 8H 7H 8D 7D 6D 9C 8C",
        0: "7S 6S 5S 4S 6H 5H 4H 5D 4D 3D 2D 7C",
    },
    "talon": "AD 6C AH",
    "exchange": {**KEEP, 0: {"discard": "2D"}},
    "plays": "KS 2S JS 7S QS 3S 9S 6S JH 2H 9H 6H KD 9D 8D 5D QD AS 7D 4D JD AC 6D 3D KH 3H 8H 5H "
    "QH 5C 7H 4H KC 2C 9C 7C QC 3C 8C 5S JC 4C 8S 4S",
}


def test_rule_19_maker_who_threw_his_quinola_early_takes_the_remise() -> None:
    _, res = _play(MAKER_QUINOLA, declarations={})
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    assert res["pool"]["won_by"] == 1


# Seat 1 leads the king of hearts; the espagnolette's only heart is the quinola.
FORCE_FROM = {
    1: "KH 2S 3S 4S 5S 6S 7S 2D 3D 4D 5D",
    2: "AS AD AC JH 8S 9S 6D 7D 8D 2C 3C",
    3: "2H 3H 4H 5H 6H 7H 8H 9H 4C 5C 6C",
    0: "KS QS JS KD QD JD 9D KC QC JC 9C 8C",
}


def test_rule_20_quinola_forced_from_the_espagnolette_makes_the_remise() -> None:
    table = start(RULESET, hands=FORCE_FROM, declarations=ESPAGNOLETTE, plays="KH JH 2H 9C")
    entries = [
        (e.payer, e.payee, e.amount) for e in table.hand.ledger.entries if e.rule == "espagnolette.quinola-forced"
    ]
    assert entries == [(2, "pool", 26)]  # he makes the remise ...
    # ... and pays the forcer as any holder of a forced quinola does (option renouncer_quinola_forced_ordinary)
    assert [(e.payer, e.payee, e.amount, e.rule) for e in table.hand.ledger.entries if e.payee == 1][:1] == [
        (2, 1, 6, "quinola.forced.forcer")
    ]


def test_rule_20_the_two_others_pay_the_forcer_too() -> None:
    table = start(RULESET, hands=FORCE_FROM, declarations=ESPAGNOLETTE, plays="KH JH 2H 9C")
    entries = [(e.payer, e.payee, e.amount) for e in table.hand.ledger.entries if e.payee == 1]
    assert sorted(entries) == [(0, 1, 6), (2, 1, 6), (3, 1, 6)]


# B leads the ace of hearts in the third trick and forces the quinola from the espagnolette (seat 2),
# whose only heart it is; he renounces on B's diamonds, and B makes the Reversis.
MAKER_FORCES: dict[str, Any] = {
    "hands": {
        1: "KS QS AH KD QD JD KH QH KC QC JC",
        2: "AS AD AC JH 2S 3S 5C 6C 2C 3C 4C",
        3: MAKER_QUINOLA["hands"][3],
        0: MAKER_QUINOLA["hands"][0],
    },
    "talon": "9D 2H 3H",
    "exchange": {**KEEP, 0: {"discard": "2D"}},
    "plays": "KS 2S JS 7S QS 3S 9S 6S AH JH 9H 6H KD 5C 8D 5D QD AS 7D 4D JD AC 6D 3D KH 6C 8H 5H "
    "QH AD 7H 4H KC 2C 9C 7C QC 3C 8C 5S JC 4C 8S 4S",
}


def test_rule_20_no_remise_when_a_reversis_is_made() -> None:
    _, res = _play(MAKER_FORCES)
    assert res["quinola"] == {"how": "forced", "seat": 2, "trick": 3}
    assert res["reversis"] == {"by": 1, "made": True, "cut_by": None}
    # the remise he made is given back ("excepté toujours s'il y a Reversis fait ou rompu"); the
    # consolation stands, and the maker's remise is returned to him as to any payer
    assert paid(res, "espagnolette.quinola-forced") == [(2, "pool", 26)]
    assert paid(res, "reversis.returns-quinola") == [("pool", 2, 26)]
    assert paid(res, "quinola.forced.forcer") == [(2, 1, 6)]


def test_rule_21_quinola_forced_at_the_last_tricks_makes_no_remise() -> None:
    _, res = _play(TENTH)
    assert res["quinola"] == {"how": "forced", "seat": 3, "trick": 11}
    assert not paid(res, "quinola.forced.pool")  # no remise made ...
    assert paid(res, "quinola.forced.forcer") == [(3, 2, 12)]  # ... but the consolation stands
    _, every_trick = _play(TENTH, quinola_last_tricks_neutral=0)
    assert paid(every_trick, "quinola.forced.pool") == [(3, "pool", 26)]


def test_rule_21_quinola_placed_at_the_last_tricks_takes_no_remise() -> None:
    _, res = _play(LAST_PLACED)
    assert res["quinola"] == {"how": "placed", "seat": 3, "trick": 11}
    assert res["pool"]["won_by"] is None
    _, every_trick = _play(LAST_PLACED, quinola_last_tricks_neutral=0)
    assert every_trick["pool"]["won_by"] == 3


def test_rule_22_no_reversis_and_no_entry_keeps_his_rights() -> None:
    hand, res = _play(NO_ENTRY, declarations={1: "espagnolette"})
    assert res["reversis"] is None and hand.tricks_won[1] == 0 and _lost_at(res) is None
    assert res["pool"]["won_by"] == 1  # his quinola placed takes the remise
    assert res["talon_award"]["to"] == 1 and res["winner"] == 1  # and he wins the partie


def test_rule_22_espagnolette_wins_the_partie_before_the_dealer() -> None:
    hand, res = _play(NO_ENTRY_TIE)
    assert hand.tricks_won[2] == 0 and hand.tricks_won[0] == 0 and res["reversis"] is None
    assert res["talon_award"]["to"] == 2

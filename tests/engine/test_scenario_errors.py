"""Bad scenarios: each is one line naming the file, the line and the field, exit status 2, no traceback.

Every case is checked twice: through ``reversis play FILE`` and through ``parse_scenario`` + ``run``,
which must raise ``ScenarioError`` with the very message the command prints.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from reversis import FRENCH, Hand, Phase, ReversisError, ScenarioError, load_ruleset
from reversis.apps.cli import main
from reversis.core.cards import card_suit
from reversis.games.reversis.scenario import parse_scenario, run

from .conftest import RULESET, WriteScenario

PLAYS_LINE = 18  # the line of plays[0] in the text below


@dataclass
class Base:
    """A complete, valid scenario written one item per line, so that each field's line is known."""

    hands: dict[int, list[str]]
    talon: list[str]
    dealer_discard: str
    plays: list[str]
    options: str = "{}"
    ruleset: str = RULESET
    bot: str = "cautious"
    exchange_dealer: str = ""
    extra_hands: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [
            f"ruleset: {self.ruleset}",  # 1
            f"options: {self.options}",  # 2
            "dealer: 0",  # 3
            "hands:",  # 4
            *(f"  {seat}: [{', '.join(self.hands[seat])}]" for seat in range(4)),  # 5..8
            *self.extra_hands,
            f"talon: [{', '.join(self.talon)}]",  # 9
            "exchange:",  # 10
            "  1: pass",  # 11
            "  2: pass",  # 12
            "  3: pass",  # 13
            f"  0: {self.exchange_dealer or '{discard: ' + self.dealer_discard + '}'}",  # 14
            f"bot: {self.bot}",  # 15
            "seed: 7",  # 16
            "plays:",  # 17
            *(f"  - {card}" for card in self.plays),  # 18..
            *self.extra,
        ]
        return "\n".join(lines) + "\n"


def _base() -> Base:
    """Deal with seed 7, everyone keeps his cards, the dealer discards his first legal card,
    and every card is the first legal one."""
    rules = load_ruleset(RULESET)
    hand = Hand.deal(rules, dealer=0, rng=random.Random(7))
    hands = {seat: FRENCH.names(hand.holding(seat)) for seat in range(4)}
    talon = FRENCH.names(hand.talon)
    discard = ""
    while hand.phase is Phase.EXCHANGE:
        if hand.to_act == 0:
            card = hand.legal_discards()[0]
            assert card is not None
            discard = FRENCH.name(card)
            hand.exchange(card)
        else:
            hand.exchange(None)
    plays = []
    while hand.phase is Phase.TRICKS:
        card = hand.legal_plays()[0]
        plays.append(FRENCH.name(card))
        hand.play(card)
    return Base(hands=hands, talon=talon, dealer_discard=discard, plays=plays)


@dataclass(frozen=True)
class Case:
    text: str
    field: str
    line: int
    words: tuple[str, ...] = ()


def _cases() -> dict[str, Case]:
    base = _base()
    cases: dict[str, Case] = {}

    def case(name: str, field: str, line: int, *words: str, **changes: object) -> None:
        variant = Base(**{**base.__dict__, **changes})
        cases[name] = Case(variant.text(), field, line, tuple(words))

    hands = {seat: list(cards) for seat, cards in base.hands.items()}
    bad = {**hands, 1: [*hands[1][:3], "ZZ", *hands[1][4:]]}
    case("unknown-card", "hands.1[3]", 6, "'ZZ'", hands=bad)
    bad = {**hands, 2: [hands[1][0], *hands[2][1:]]}
    case(
        "duplicate-card",
        "hands.2[0]",
        7,
        hands[1][0],
        "dealt twice (hand 1 and hand 2), at hands.1[0] (line 6)",
        hands=bad,
    )
    bad = {**hands, 1: hands[1][:-1], 2: [*hands[2], hands[1][-1]]}
    case("wrong-hand-size", "hands", 4, "10 cards", hands=bad)
    case("card-not-in-hand", "plays[0]", PLAYS_LINE, "play.hold", hands[2][0], plays=[hands[2][0]])
    at, card = _first_revoke(base)
    case("revoke", f"plays[{at}]", PLAYS_LINE + at, "play.follow", card, plays=[*base.plays[:at], card])
    case("illegal-exchange", "exchange.0", 14, "exchange.dealer-discard", exchange_dealer="pass")
    case(
        "unknown-option", "options.quinola_forced_gmae", 2, "quinola_forced_gmae", options="{quinola_forced_gmae: true}"
    )
    case("bad-option-value", "options.players", 2, "6", options="{players: 6}")
    case("unknown-ruleset", "ruleset", 1, "no-such-game", ruleset="no-such-game")
    case("unknown-bot", "bot", 15, "clever", bot="clever")
    case("unknown-field", "colour", PLAYS_LINE + len(base.plays), "unknown field", extra=["colour: red"])
    case(
        "play-after-the-last-trick",
        f"plays[{len(base.plays)}]",
        PLAYS_LINE + len(base.plays),
        "after the last trick",
        plays=[*base.plays, base.plays[0]],
    )
    case("seat-that-does-not-exist", "hands.7", 9, "seat 7", extra_hands=["  7: [AS]"])
    return cases


def _first_revoke(base: Base) -> tuple[int, str]:
    rules = load_ruleset(RULESET)
    hand = Hand(
        rules,
        dealer=0,
        hands=[[FRENCH.parse(c) for c in base.hands[seat]] for seat in range(4)],
        talon=[FRENCH.parse(c) for c in base.talon],
    )
    while hand.phase is Phase.EXCHANGE:
        hand.exchange(FRENCH.parse(base.dealer_discard) if hand.to_act == 0 else None)
    for at, word in enumerate(base.plays):
        if hand.current_trick:
            holding = hand.holding(hand.to_act)
            off_suit = [c for c in holding if card_suit(c) != hand.led_suit]
            if off_suit and len(off_suit) < len(holding):
                return at, FRENCH.name(off_suit[0])
        hand.play(FRENCH.parse(word))
    raise AssertionError("no chance to revoke in the base deal")


CASES = _cases()


def _api_error(text: str, source: str) -> str:
    with pytest.raises(ScenarioError) as info:
        run(parse_scenario(text, source=source))
    return str(info.value)


def test_the_base_scenario_is_valid(write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]) -> None:
    # Each error case below is this scenario with one thing wrong.
    base = _base()
    path = write_scenario(base.text())
    assert main(["play", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""
    hand = run(parse_scenario(base.text(), source="base.yaml"))
    assert hand.phase is Phase.DONE
    assert [FRENCH.name(c) for t in hand.tricks for c in t.cards] == base.plays


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_scenario_is_one_line_naming_file_line_and_field(
    name: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    path = write_scenario(case.text, f"{name}.yaml")
    assert main(["play", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"reversis: error: {path}:{case.line}: {case.field}"), err
    for word in case.words:
        assert word in err
    assert err == f"reversis: error: {_api_error(case.text, str(path))}\n"


def test_malformed_yaml_is_one_line_naming_file_and_line(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario("ruleset: encyclopedie-1765\nseed: 3\ndealer: 0: 1\nbot: random\n")
    assert main(["play", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith(f"reversis: error: {path}:3: malformed YAML")
    with pytest.raises(ScenarioError, match=r"^x\.yaml:3: malformed YAML"):
        parse_scenario("ruleset: encyclopedie-1765\nseed: 3\ndealer: 0: 1\nbot: random\n", source="x.yaml")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        pytest.param("seed: 3\n", "ruleset", id="no-ruleset"),
        pytest.param("- ruleset\n", "mapping", id="not-a-mapping"),
        pytest.param("ruleset: encyclopedie-1765\nseed: -1\n", "seed", id="negative-seed"),
        pytest.param("ruleset: encyclopedie-1765\nseed: 3\nplays: 2H\n", "plays", id="plays-not-a-list"),
        pytest.param("ruleset: encyclopedie-1765\nseed: 3\ndealer: 4\n", "dealer", id="dealer-not-a-seat"),
        pytest.param(
            "ruleset: encyclopedie-1765\nseed: 3\nplays: [{seat: 9, card: 2H}]\n", "plays[0].seat", id="play-seat"
        ),
        pytest.param(
            "ruleset: encyclopedie-1765\nseed: 3\nexchange: {1: keep}\n", "exchange.1", id="exchange-not-pass"
        ),
        pytest.param("ruleset: encyclopedie-1765\nhands: {0: [AS]}\n", "hands", id="hands-missing-seats"),
        pytest.param(
            "ruleset: encyclopedie-1765\ndeclarations: {2: espagnolette}\n", "declarations", id="no-declarations"
        ),
        pytest.param(
            "ruleset: encyclopedie-1765\noptions: {players: 5, keep_tens: true}\n", "options", id="impossible-options"
        ),
    ],
)
def test_more_bad_scenarios_name_their_field(
    text: str, field: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(text)
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    assert re.match(rf"reversis: error: {re.escape(str(path))}:\d+: ", err), err
    assert field in err


def test_a_ten_is_refused_where_the_ruleset_leaves_the_tens_out(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    base = _base()
    hands = {seat: list(cards) for seat, cards in base.hands.items()}
    hands[1][0] = "10S"
    text = Base(**{**base.__dict__, "hands": hands}).text()
    path = write_scenario(text)
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"reversis: error: {path}:6: hands.1[0]: TS is not in this pack"), err
    assert "unless option keep_tens is true" in err


def test_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.yaml"
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err


# -- bugs: inputs that end in a traceback or lose the file and line ---------------------------

BUG_CASES = [
    pytest.param("betes: [{seat: 1, amount: lots}]", "betes[0]", id="bete-amount-not-a-number"),
    pytest.param("betes: 5", "betes", id="betes-not-a-list"),
    pytest.param("options: {talon: {4: many}}", "options.talon", id="talon-size-not-a-number"),
    pytest.param("options: {talon_card_points: {A: many}}", "options.talon_card_points", id="card-points-not-a-number"),
    pytest.param("options: {quinola: ZZ}", "options.quinola", id="quinola-not-a-card"),
    pytest.param("options: {special_ace: ZZ}", "options.special_ace", id="special-ace-not-a-card"),
]


@pytest.mark.parametrize(("line", "field"), BUG_CASES)
def test_scenario_errors_in_options_and_betes_name_file_line_and_field(
    line: str, field: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(f"ruleset: encyclopedie-1765\nseed: 3\n{line}\n")
    try:
        status = main(["play", str(path)])
    except Exception as exc:  # the bug: anything but a ReversisError escapes main()
        assert isinstance(exc, ReversisError), f"{type(exc).__name__} escaped main(): {exc}"
        raise
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"reversis: error: {path}:3: {field}"), err

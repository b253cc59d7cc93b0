"""Each option is declared once, by its game (``reversis/games/<game>/options.py``): its topic, the
values the engine plays and its neutral value. A ruleset's file says only what its source says, and
narrows the engine's domain where its source allows less; no ruleset goes beyond what the engine
plays, and every value the engine declares it plays is played here (every value of a finite domain,
the bounds of the others), a few seeded hands each."""

from __future__ import annotations

from typing import Any

import pytest

from reversis import FRENCH, RulesetError, load_ruleset, ruleset_ids
from reversis.core.domains import Domain, outside_of, parse_domain
from reversis.core.options import Declared, declared_options
from reversis.core.ruleset import Ruleset, _build
from reversis.games import GAMES, game_of

from .test_ruleset import RULESET_FILES, _yaml

# -- what a ruleset may say, and what its game says ------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruleset_s_domains_and_defaults_are_inside_what_the_engine_plays(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    table = declared_options(rules.game)
    for name, option in rules.options.items():
        engine = table.options[name].domain
        assert option.engine is engine and option.topic == table.options[name].topic, name
        assert option.domain is not None and outside_of(option.domain, engine, pack=rules.pack) == "", name
        engine.check(option.default, pack=rules.pack, players=rules.get("players"))


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_neutral_value_is_one_the_engine_plays_and_every_topic_has_a_heading(game: str) -> None:
    table = declared_options(game)
    pack = load_ruleset(ruleset_ids(game)[0]).pack
    for name, declared in table.options.items():
        assert declared.topic in table.topics, name
        if not declared.required and declared.neutral is not None:  # None: special_ace_forced reads special_ace
            declared.domain.check(declared.neutral, pack=pack)
    assert [name for name, d in table.options.items() if d.neutral is None] == (
        ["special_ace_forced"] if game == "reversis" else []
    )


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_option_a_game_declares_is_given_or_has_a_neutral_value(game: str) -> None:
    table = declared_options(game)
    given = {name for rid in ruleset_ids(game) for name in load_ruleset(rid).options}
    assert set(table.options) == given  # no declaration that no source needs
    for rid in ruleset_ids(game):
        rules = load_ruleset(rid)
        for name in table.options:
            assert rules.value(name) == (rules[name] if name in rules else table.options[name].neutral)


def _refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        _build(data, where="x.yaml")


def test_a_ruleset_that_widens_the_engine_s_domain_is_refused_in_one_line() -> None:
    data = _yaml(RULESET_FILES[0])  # encyclopedie-1765
    data["options"]["players"]["choices"] = [1, 4]
    _refused(data, r"^x.yaml: option 'players': the domain is wider than the engine plays \(1 is not allowed: ")
    data = _yaml(RULESET_FILES[0])
    data["options"]["talon_payer"]["choices"] = ["most-points", "the-youngest"]
    _refused(data, r"^x.yaml: option 'talon_payer': the domain is wider than the engine plays \(the-youngest ")


def test_an_option_the_game_does_not_declare_or_one_left_out_without_a_neutral_value_is_refused() -> None:
    data = _yaml(RULESET_FILES[0])
    data["options"]["players_count"] = data["options"].pop("players")
    _refused(data, r"^x.yaml: option 'players_count' is not an option of the game reversis \(did you mean 'players'")
    data = _yaml(RULESET_FILES[0])
    del data["options"]["quinola"]
    _refused(data, r"^x.yaml: option 'quinola' has no neutral value: the ruleset must give it$")


def test_an_option_a_ruleset_leaves_out_is_read_at_its_neutral_value() -> None:
    rules = load_ruleset("encyclopedie-1765")
    assert "renouncer" not in rules and rules.value("renouncer") == ""
    with pytest.raises(RulesetError, match="unknown option 'renouncer' for ruleset encyclopedie-1765"):
        rules.with_options({"renouncer": "espagnolette"})
    with pytest.raises(RulesetError, match="unknown option 'nope'"):
        rules.value("nope")


# -- a narrower domain inside a wider one ----------------------------------------------------------


def _d(spec: dict[str, Any], default: Any = None) -> Domain:
    return parse_domain(spec, where="x") if default is None else parse_domain(spec, default=default, where="x")


@pytest.mark.parametrize(
    ("narrow", "wide", "words"),
    [
        (_d({"choices": [4, 5]}, 4), _d({"kind": "int", "min": 2}), ""),
        (_d({"min": 0, "max": 10}, 2), _d({"kind": "int", "min": 0}), ""),
        (_d({"min": 0}, 2), _d({"kind": "int", "min": 0, "max": 10}), "is wider than"),
        (_d({"min": 0}, 2), _d({"kind": "int", "min": 1}), "is wider than"),
        (
            _d({"keys": {"choices": [4]}, "values": {"min": 0, "max": 48}}, {4: 3}),
            _d({"kind": "mapping", "keys": {"kind": "int", "min": 2}, "values": {"kind": "int", "min": 0}}),
            "",
        ),
        (
            _d({"keys": {"choices": [1]}}, {1: 3}),
            _d({"kind": "mapping", "keys": {"kind": "int", "min": 2}, "values": {"kind": "int", "min": 0}}),
            "its keys",
        ),
        (_d({"card": "ace", "empty": True}), _d({"kind": "card", "card": "ace"}), "is wider than"),
        (_d({"card": "any"}), _d({"kind": "card", "card": "ace"}), "is wider than"),
        (_d({"choices": ["AH", ""]}, "AH"), _d({"kind": "card", "card": "ace", "empty": True}), ""),
        (
            _d({"items": {"choices": ["a"]}}, ["a"]),
            _d({"kind": "list", "unique": True, "items": {"kind": "str"}}),
            "is wider than",
        ),
        (_d({"kind": "str"}), _d({"kind": "str", "choices": ["a", "b"]}), "is wider than"),
        (_d({"kind": "bool"}), _d({"kind": "int"}), "is wider than"),
    ],
)
def test_a_narrower_domain_is_inside_the_wider_one(narrow: Domain, wide: Domain, words: str) -> None:
    found = outside_of(narrow, wide, pack=FRENCH)
    assert (words in found and found) if words else found == ""


def test_a_declared_domain_names_its_kind_and_round_trips_as_data() -> None:
    for game in GAMES:
        for declared in declared_options(game.name).options.values():
            assert parse_domain(declared.domain.as_data(), where="x") == declared.domain, declared.name
    with pytest.raises(RulesetError, match="domain kind must be one of"):
        parse_domain({"kind": "float"}, where="x")


def test_a_rank_or_a_card_and_a_suit() -> None:
    points = _d({"kind": "card", "card": "any", "rank": True})
    assert points.check("a", pack=FRENCH) == "A" and points.check("jh", pack=FRENCH) == "JH"
    assert points.describe(FRENCH) == "a rank or a card of the french pack, e.g. A or JH"
    suit = _d({"kind": "suit", "empty": True})
    assert suit.check("H", pack=FRENCH) == "H" and suit.check("", pack=FRENCH) == ""
    assert suit.describe(FRENCH) == 'a suit of the french pack (S, H, D, C), or "" for none'
    with pytest.raises(ValueError, match="O is not allowed"):
        suit.check("O", pack=FRENCH)


# -- every value the engine plays, played -----------------------------------------------------------


def _values(declared: Declared, rules: Ruleset) -> list[Any]:
    """The values of an option to play: every value of a finite domain, the bounds of the others."""
    domain, pack, default = declared.domain, rules.pack, rules[declared.name]
    if domain.choices:
        return list(domain.choices)
    if domain.kind == "bool":
        return [False, True]
    if domain.kind == "int":
        return [bound for bound in (domain.min, domain.max) if bound is not None]
    if domain.kind == "card":
        cards = pack.names(pack.cards(keep_tens=False))
        return ([""] if domain.empty else []) + [c for c in cards if domain.card == "any" or c[0] == "A"]
    if domain.kind == "suit":
        return ["", *pack.suit_letters]
    if domain.kind == "str":  # a declaration's name: none, or the ruleset's own
        return ["", default or "declared"]
    if domain.kind == "list":  # each item alone, and the fewest items allowed
        items = domain.items.choices if domain.items is not None and domain.items.choices else default
        return [[item] for item in items] + ([[]] if not domain.min_items else [])
    assert domain.kind == "mapping" and domain.values is not None and domain.values.min is not None
    return [{key: domain.values.min for key in default}]  # each value at its lower bound


#: Options that go with a value for the engine to play it (a talon and a deal that divide the pack).
COMPANIONS: dict[tuple[str, str, str], dict[str, Any]] = {
    ("reversis", "players", "2"): {"talon": {2: 1}},
    ("reversis", "dealer_extra", "0"): {"dealer_discards": False, "talon": {4: 4}},
    ("reversis", "dealer_discards", "False"): {"dealer_extra": 0, "talon": {4: 4}},
    ("reversis", "reversis_last_tricks", "0"): {"reversis_declaration": ""},
    ("reversis", "reversis_declaration", "revesino"): {"reversis_last_tricks": 2},
    ("reversis", "reversis_declaration", "declared"): {"reversis_last_tricks": 2},
}


def _options(rules: Ruleset, name: str, value: Any) -> dict[str, Any]:
    """The option at this value, with the options that go with it."""
    if name == "talon" and 0 in value.values():  # no card left: no exchange, and no extra card to discard
        return {"exchange": False, "dealer_extra": 0, "dealer_discards": False, "talon": {4: 0}}
    if name == "talon_ranking" and not {"left-of-dealer", "eldest-first", "dealer-first"} & set(value):
        value = [*value, "eldest-first"]  # a ranking ends in a seat order, which breaks every tie
    return {**COMPANIONS.get((rules.game, name, str(value)), {}), name: value}


def _plays(rules: Ruleset, name: str, value: Any) -> str:
    """Why a few seeded hands cannot be played with the option at this value ("" when they can)."""
    try:
        changed = rules.with_engine_domains().with_options(_options(rules, name, value))
        game = game_of(changed)
        for seed, bot in ((1, "random"), (2, "cautious")):
            game.seeded(changed, bot)(seed, 0)
    except Exception as exc:  # the test reports every value the engine refuses or fails on
        return f"{type(exc).__name__}: {exc}"
    return ""


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_value_the_engine_declares_is_played(game: str) -> None:
    rulesets = [load_ruleset(rid) for rid in ruleset_ids(game)]
    unplayed = []
    played = 0
    for name, declared in declared_options(game).options.items():
        having = [r for r in rulesets if name in r]
        for value in _values(declared, having[0]):
            problems = []
            for rules in having:  # the first ruleset of the option that plays the value is enough
                problem = _plays(rules, name, value)
                if not problem:
                    break
                problems.append(f"{rules.id}: {problem}")
            else:
                unplayed.append(f"{name}={value!r}: {'; '.join(problems)}")
            played += 1
    assert unplayed == [], "\n".join(unplayed)
    assert played > len(declared_options(game).options)

"""Option domains: every option value is checked against its domain, given as data in the ruleset file.

A value outside its domain is one line naming the option, the value and what is allowed, when
the scenario is read, before any card is dealt (``deal_packet: 0`` used to loop for ever).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from reversis import FRENCH, SPANISH, Ruleset, RulesetError, ScenarioError, load_ruleset, ruleset_ids
from reversis.apps.cli import main
from reversis.core.domains import Domain, parse_domain
from reversis.core.ruleset import Option, OptionError
from reversis.games.reversis.params import TALON_CRITERIA
from reversis.games.reversis.scenario import parse_scenario

from .conftest import WriteScenario


def _refused(rules: Ruleset, name: str, value: Any) -> str:
    with pytest.raises(OptionError) as info:
        rules.with_options({name: value})
    assert info.value.option == name
    return str(info.value)


# -- the Encyclopédie's options ----------------------------------------------------------------


@pytest.mark.parametrize("value", [0, -1, -3])
def test_deal_packet_must_be_at_least_one(rules: Ruleset, value: int) -> None:
    assert _refused(rules, "deal_packet", value) == (
        f"option 'deal_packet' of ruleset encyclopedie-1765: {value} is not allowed: it must be a whole number ≥ 1"
    )


@pytest.mark.parametrize(
    "name",
    ["dealer_extra", "pool_stake", "pool_refresh", "revoke_fine", "quinola_forced_payment", "special_ace_factor"],
)
def test_counts_and_stakes_are_never_negative(rules: Ruleset, name: str) -> None:
    assert "-1 is not allowed: it must be a whole number ≥ 0" in _refused(rules, name, -1)
    assert rules.with_options({name: 0})[name] == 0


def test_the_message_is_plain_english_not_a_python_type(rules: Ruleset) -> None:
    message = _refused(rules, "pool_stake", "2")
    assert message.endswith("'2' is not allowed: it must be a whole number ≥ 0")
    assert "int" not in message and "default" not in message


def test_the_special_ace_must_be_an_ace_or_none(rules: Ruleset) -> None:
    assert "KH is not allowed: it must be an ace of the french pack" in _refused(rules, "special_ace", "KH")
    assert rules.with_options({"special_ace": "as"})["special_ace"] == "AS"  # read, and written as the pack writes it
    assert rules.with_options({"special_ace": ""})["special_ace"] == ""


def test_the_quinola_must_be_a_card_of_the_pack(rules: Ruleset) -> None:
    assert "ZZ is not allowed: it must be a card of the french pack" in _refused(rules, "quinola", "ZZ")
    assert "SO is not allowed" in _refused(rules, "quinola", "SO")
    assert rules.with_options({"quinola": "J♥"})["quinola"] == "JH"


def test_the_talon_maps_each_number_of_players_to_a_size_the_pack_can_hold(rules: Ruleset) -> None:
    assert "talon.6: the key 6 is not allowed: it must be one of 4, 5" in _refused(rules, "talon", {6: 3})
    assert "talon.4: -1 is not allowed: it must be a whole number from 0 to 52" in _refused(rules, "talon", {4: -1})
    assert "talon.5: 99 is not allowed" in _refused(rules, "talon", {5: 99})
    assert rules.with_options({"talon": {5: 7}})["talon"] == {4: 3, 5: 7}


def test_the_talon_ranking_lists_known_criteria_each_once(rules: Ruleset) -> None:
    assert "talon_ranking[1]: points is given twice" in _refused(rules, "talon_ranking", ["points", "points"])
    assert "talon_ranking[0]: pointz is not allowed: it must be one of tricks, points" in _refused(
        rules, "talon_ranking", ["pointz"]
    )
    assert "a list of 0 items is not allowed: it must be a list of at least 1 item" in _refused(
        rules, "talon_ranking", []
    )


def test_the_talon_ranking_domain_is_the_engine_s_list_of_criteria(rules: Ruleset) -> None:
    domain = rules.options["talon_ranking"].domain
    assert domain is not None and domain.items is not None
    assert set(domain.items.choices) == set(TALON_CRITERIA)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_option_has_a_domain_its_default_satisfies(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    for name, option in rules.options.items():
        assert option.domain is not None and option.domain.kind != "any", name
        assert option.allowed(rules.pack)
        assert rules.with_options({name: option.default})[name] == option.default


# -- through a scenario: file, line, field -------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ("{deal_packet: 0}", "options.deal_packet", "0 is not allowed: it must be a whole number ≥ 1"),
        ("{deal_packet: -4}", "options.deal_packet", "-4 is not allowed"),
        ("{talon: {4: many}}", "options.talon.4", "many is not allowed: it must be a whole number from 0 to 52"),
        ("{talon_ranking: [tricks, tricks]}", "options.talon_ranking[1]", "tricks is given twice"),
        ("{special_ace: QS}", "options.special_ace", "QS is not allowed: it must be an ace"),
        ("{keep_tens: yes please}", "options.keep_tens", "it must be true or false"),
    ],
)
def test_a_scenario_option_outside_its_domain_names_file_line_field_value_and_domain(
    options: str, field: str, words: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(f"ruleset: encyclopedie-1765\nseed: 1\noptions: {options}\n")
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"reversis: error: {path}:3: {field}: ") and err.count("\n") == 1, err
    assert words in err


@pytest.mark.parametrize(
    ("options", "words"),
    [
        # used to end in an IndexError at the first take from the empty talon
        (
            "{talon: {4: 0, 5: 2}, dealer_extra: 0, dealer_discards: false}",
            "option talon: a talon of 0 cards at 4 players (the exchange takes from it: at least one)",
        ),
        # a tie on every criterion used to go to the lowest seat number, whoever dealt
        (
            "{talon_ranking: [points, tricks]}",
            "option talon_ranking: points, tricks names no seat order to break a tie "
            "(left-of-dealer, eldest-first, dealer-first)",
        ),
    ],
    ids=["empty-talon", "ranking-without-a-seat-order"],
)
def test_options_the_engine_cannot_play_together_are_one_line(
    options: str, words: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(f"ruleset: encyclopedie-1765\nseed: 1\noptions: {options}\n")
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    field = words.split()[1].rstrip(":")
    assert err.startswith(f"reversis: error: {path}:3: options.{field}: ruleset encyclopedie-1765: "), err
    assert err.count("\n") == 1 and err.rstrip("\n").endswith(words), err


def test_deal_packet_zero_is_refused_before_the_deal() -> None:
    with pytest.raises(ScenarioError, match=r"^s\.yaml:1: options\.deal_packet: 0 is not allowed"):
        parse_scenario("{ruleset: encyclopedie-1765, seed: 1, options: {deal_packet: 0}}", source="s.yaml")


# -- the forms of a domain -----------------------------------------------------------------------


def _option(default: Any, domain: dict[str, Any] | None = None, **extra: Any) -> Option:
    """An option named x; without ``domain``, the option infers it from its default and choices."""
    if domain is not None:
        extra["domain"] = parse_domain(domain, default=default, where="x")
    return Option(name="x", default=default, meaning="m", annotations=("a",), **extra)


def _check(option: Option, value: Any, *, players: int | None = None) -> Any:
    return option.check(value, ruleset="r", pack=FRENCH, players=players)


def test_min_and_max() -> None:
    option = _option(3, {"min": 1, "max": 13})
    assert option.allowed() == "a whole number from 1 to 13"
    assert _check(option, 13) == 13
    for value in (0, 14, True, 1.0, "3", None):
        with pytest.raises(OptionError, match="it must be a whole number from 1 to 13"):
            _check(option, value)


def test_an_int_without_a_domain_is_a_whole_number_from_zero() -> None:
    assert _option(2).allowed() == "a whole number ≥ 0"
    assert _option(2, {"min": -5}).allowed() == "a whole number ≥ -5"


def test_choices_in_the_domain_or_beside_it() -> None:
    assert _option("a", {"choices": ["a", "b"]}).allowed() == "one of a, b"
    option = _option("a", choices=("a", "b"))
    assert option.allowed() == "one of a, b"
    with pytest.raises(OptionError, match="c is not allowed: it must be one of a, b"):
        _check(option, "c")


def test_choices_tell_true_from_one() -> None:
    option = _option(1, {"choices": [1, 2]})
    with pytest.raises(OptionError):
        _check(option, True)


@pytest.mark.parametrize(("rank", "good", "bad"), [("ace", "AC", "KC"), ("king", "KD", "QD"), ("any", "2S", "ZZ")])
def test_a_card_of_a_rank(rank: str, good: str, bad: str) -> None:
    option = _option("", {"card": rank})
    assert _check(option, good.lower()) == good
    with pytest.raises(OptionError, match=f"{bad} is not allowed"):
        _check(option, bad)
    with pytest.raises(OptionError):
        _check(option, "")  # none only where empty: true


def test_a_card_domain_speaks_of_the_ruleset_s_pack() -> None:
    option = _option("AO", {"card": "ace"})
    assert option.allowed(SPANISH) == "an ace of the spanish pack, e.g. AC"
    assert option.check("ao", ruleset="r", pack=SPANISH) == "AO"


def test_a_seat_must_exist_at_the_number_of_players() -> None:
    option = _option(0, {"seat": True})
    assert _check(option, 3, players=4) == 3
    with pytest.raises(OptionError, match="4 is not allowed: it must be a seat from 0 to 3"):
        _check(option, 4, players=4)
    with pytest.raises(OptionError):
        _check(option, -1)


def test_a_seat_option_is_checked_against_the_players_of_the_same_scenario(rules: Ruleset) -> None:
    seat = _option(4, {"seat": True})
    seat = Option(name="first", default=0, meaning="m", annotations=("a",), domain=seat.domain)
    with_seat = Ruleset(
        id=rules.id,
        title=rules.title,
        source=rules.source,
        evidence=rules.evidence,
        pack=rules.pack,
        options={**rules.options, "first": seat},
        rule_cites=rules.rule_cites,
        rule_annotations=rules.rule_annotations,
        settings={**rules.settings, "first": 0},
    )
    assert with_seat.with_options({"players": 5, "first": 4})["first"] == 4
    with pytest.raises(OptionError, match="it must be a seat from 0 to 3"):
        with_seat.with_options({"first": 4})
    with pytest.raises(OptionError, match="it must be a seat from 0 to 3"):
        with_seat.with_options({"players": 5, "first": 4}).with_options({"players": 4})


def test_a_mapping_with_key_and_value_domains() -> None:
    option = _option({4: 3}, {"keys": {"choices": [4, 5, 6]}, "values": {"min": 0, "max": 9}})
    assert option.allowed() == "a mapping from one of 4, 5, 6 to a whole number from 0 to 9"
    assert _check(option, {6: 9}) == {4: 3, 6: 9}  # merged into the default
    with pytest.raises(OptionError, match=r"x\.7: the key 7 is not allowed") as info:
        _check(option, {7: 1})
    assert info.value.path == ".7"
    with pytest.raises(OptionError, match=r"x\.5: 10 is not allowed"):
        _check(option, {5: 10})


def test_a_mapping_without_a_domain_allows_the_default_s_keys_and_values_like_its_own() -> None:
    option = _option({"A": 5, "K": 4})
    assert option.allowed() == "a mapping from one of A, K to a whole number ≥ 0"


def test_a_list_of_known_items_each_once_of_a_given_length() -> None:
    domain = {"items": {"choices": ["a", "b", "c"]}, "unique": True, "min_items": 1, "max_items": 2}
    option = _option(["a"], domain)
    assert option.allowed() == "a list of 1 to 2 items, all different, each one of a, b, c"
    assert _check(option, ["c", "a"]) == ["c", "a"]
    with pytest.raises(OptionError, match=r"x\[1\]: a is given twice"):
        _check(option, ["a", "a"])
    with pytest.raises(OptionError, match="a list of 3 items is not allowed"):
        _check(option, ["a", "b", "c"])
    with pytest.raises(OptionError, match=r"x\[0\]: d is not allowed"):
        _check(option, ["d"])


def test_a_domain_of_exactly_n_items() -> None:
    assert _option([1, 2], {"min_items": 2, "max_items": 2}).allowed().startswith("a list of 2 items")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"minimum": 1}, "unknown domain key 'minimum'"),
        ({"min": "one"}, "domain min must be a whole number"),
        ({"card": "joker"}, "domain card must be any or one of"),
        ([1, 2], "a domain is a mapping"),
    ],
)
def test_a_malformed_domain_in_a_ruleset_file_is_refused(spec: Any, words: str) -> None:
    with pytest.raises(RulesetError, match=words):
        parse_domain(spec, default=1, where="x")


def test_the_domain_as_data_includes_what_was_inferred() -> None:
    assert parse_domain(None, default={4: 3}, where="x").as_data() == {
        "kind": "mapping",
        "keys": {"kind": "int", "choices": [4]},
        "values": {"kind": "int", "min": 0},
    }
    assert Domain(kind="card", card="ace", empty=True).as_data() == {"kind": "card", "card": "ace", "empty": True}


# -- reversis rules shows each domain --------------------------------------------------------------


def test_rules_shows_each_option_s_domain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "encyclopedie-1765"]) == 0
    out = capsys.readouterr().out
    assert "  deal_packet = 3  (a whole number ≥ 1)" in out
    assert "  players = 4  (one of 4, 5)" in out
    assert '  special_ace = "AH"  (an ace of the french pack, e.g. AH, or "" for none)' in out


def test_rules_json_gives_each_option_s_domain_as_data_and_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "encyclopedie-1765", "--json"]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert options["deal_packet"]["domain"] == {"kind": "int", "min": 1}
    assert options["deal_packet"]["allowed"] == "a whole number ≥ 1"
    assert options["talon_ranking"]["domain"]["unique"] is True
    assert all(option["domain"]["kind"] != "any" and option["allowed"] for option in options.values())

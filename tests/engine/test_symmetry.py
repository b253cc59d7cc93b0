"""The table turned and the suits exchanged: the engine's results must turn and exchange with them.

A metamorphic test of the whole engine. Every worked example of a reversis ruleset, and every hand
an annotation's doctest plays to its end, is recorded as its complete scenario (every exchange and
card filled in) and played again:

- with the table turned ``k`` seats: the dealer moved, every seat renumbered ``(seat + k) % n``,
  the cards the same. The result must be the original's with its seats renumbered the same way;
- with the suits exchanged by every permutation that leaves the ruleset as it is: a permutation is
  allowed when applying it to every card and suit the ruleset's options name gives the same options
  (the quinola's suit, a special ace, the cards of a declaration, a card's own value…). The result
  must be the original's with its cards' suits exchanged.

Which fields are seats and which are cards is read from the scenario and result schemas (``$defs``
``seat`` and ``card``, and objects keyed by seat), not listed here. Payments made within one trick,
and the other lists the engine fills seat by seat, are compared as sets: their order follows the
seat numbers, which is what changes.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import reversis
import reversis.games.reversis.examples as examples_module
from reversis.annotations import load_annotations
from reversis.annotations.doctests import examples, run_example
from reversis.core.cards import Pack, card_rank, card_suit, make_card
from reversis.core.errors import ScenarioError
from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.result import record, result
from reversis.games.reversis.scenario import parse_fields, run

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "reversis" / "schemas"
SEAT_KEYS = "^[0-9]+$"
#: The lists whose order follows the seat numbers (the engine fills them seat by seat): compared as sets.
UNORDERED = ("ledger", "betes", "declarations", "payers")


@functools.cache
def schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def game_schema(name: str) -> dict[str, Any]:
    """The schema's definition of a reversis scenario or result (the other is Romestecq's)."""
    definition: dict[str, Any] = schema(name)["$defs"]["reversis"]
    return definition


def _matches(value: Any, alternative: dict[str, Any], defs: dict[str, Any]) -> bool:
    """Whether a value is of an alternative's kind (enough to pick the branch of a oneOf)."""
    if "$ref" in alternative:
        return _matches(value, defs[alternative["$ref"].rsplit("/", 1)[1]], defs)
    if "const" in alternative:
        return bool(value == alternative["const"])
    kinds = {"integer": int, "string": str, "object": dict, "array": list, "null": type(None), "boolean": bool}
    kind = alternative.get("type")
    if kind == "object" and isinstance(value, dict):
        closed = alternative.get("additionalProperties") is False
        return set(alternative.get("required", ())) <= set(value) and not (
            closed and set(value) - set(alternative.get("properties", {}))
        )
    return kind is None or (isinstance(value, kinds[kind]) and not (kind == "integer" and isinstance(value, bool)))


def transform(
    value: Any, node: dict[str, Any], defs: dict[str, Any], *, seat: Callable[[int], int], card: Callable[[str], str]
) -> Any:
    """The value with every seat and card that the schema marks as such mapped."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name == "seat":
            return seat(value) if isinstance(value, int) else value
        if name == "card":
            return card(value) if isinstance(value, str) else value
        return transform(value, defs[name], defs, seat=seat, card=card)
    if "oneOf" in node:
        branch = next((b for b in node["oneOf"] if _matches(value, b, defs)), None)
        return value if branch is None else transform(value, branch, defs, seat=seat, card=card)
    if isinstance(value, dict):
        props = node.get("properties", {})
        seat_keyed = node.get("propertyNames", {}).get("pattern") == SEAT_KEYS
        extra = node.get("additionalProperties")
        out = {}
        for key, item in value.items():
            sub = props.get(key, extra if isinstance(extra, dict) else {})
            out[seat(int(key)) if seat_keyed else key] = transform(item, sub, defs, seat=seat, card=card)
        return out
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [transform(item, node["items"], defs, seat=seat, card=card) for item in value]
    return value


def canonical(data: Any, key: str = "") -> Any:
    """The result with its seat-keyed objects keyed by int, hands as sets, and the seat-ordered lists as sets."""
    if isinstance(data, dict):
        return {(int(k) if isinstance(k, str) and k.isdigit() else k): canonical(v, str(k)) for k, v in data.items()}
    if isinstance(data, list):
        items = [canonical(v, key) for v in data]
        if key in UNORDERED or key.isdigit():  # a hand's cards are listed by suit, which may change
            return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=str))
        return items
    return data


def replay(scenario: dict[str, Any]) -> Hand:
    return run(parse_fields(scenario, lines={}, source="<turned>"))


# -- turning the table ----------------------------------------------------------------------------


def turned_result(hand: Hand, k: int) -> tuple[Any, Any]:
    """The original result turned ``k`` seats, and the result of the turned scenario."""
    n = hand.players
    turn = lambda seat: (seat + k) % n  # noqa: E731
    same = lambda card: card  # noqa: E731
    scenario = transform(record(hand, bot="cautious", seed=0), game_schema("scenario"), schema("scenario")["$defs"],
                         seat=turn, card=same)  # fmt: skip
    expected = transform(result(hand), game_schema("result"), schema("result")["$defs"], seat=turn, card=same)
    return canonical(expected), canonical(result(replay(scenario)))


# -- exchanging the suits -------------------------------------------------------------------------


_CARDS: dict[tuple[str, str], int | None] = {}


def _card_or_none(pack: Pack, value: str) -> int | None:
    """The card a string names in the pack, or None; remembered, since a refusal spells out suggestions."""
    key = (pack.id, value)
    if key not in _CARDS:
        try:
            _CARDS[key] = pack.parse(value)
        except ScenarioError:
            _CARDS[key] = None
    return _CARDS[key]


def _suited(value: Any, pack: Pack, perm: tuple[int, ...]) -> Any:
    """An option's value with every card and suit letter it names mapped by the permutation; a list of
    cards as a set, since a ruleset's lists of cards are sets."""
    if isinstance(value, str):
        c = _card_or_none(pack, value)
        if c is None:  # not a card: a suit letter (one that is not also a rank's, as the caballo's C)
            if len(value) == 1 and value in pack.suit_letters and value not in pack.rank_letters:
                return pack.suit_letters[perm[pack.suit_letters.index(value)]]
            return value
        return pack.name(make_card(perm[card_suit(c)], card_rank(c)))
    if isinstance(value, dict):
        return {_suited(k, pack, perm): _suited(v, pack, perm) for k, v in value.items()}
    if isinstance(value, list | tuple):
        items = [_suited(v, pack, perm) for v in value]
        return sorted(items, key=repr) if all(isinstance(v, str) for v in value) else items
    return value


def suit_permutations(rules: Ruleset) -> list[tuple[int, ...]]:
    """Every permutation of the suits, other than the identity, that leaves the ruleset's options as they are."""
    pack = rules.pack
    options = dict(rules.items())
    same = {k: _suited(v, pack, (0, 1, 2, 3)) for k, v in options.items()}
    return [
        perm
        for perm in itertools.permutations(range(4))
        if perm != (0, 1, 2, 3) and {k: _suited(v, pack, perm) for k, v in options.items()} == same
    ]


def exchanged_result(hand: Hand, perm: tuple[int, ...]) -> tuple[Any, Any]:
    pack = hand.rules.pack

    def card(name: str) -> str:
        c = pack.parse(name)
        return pack.name(make_card(perm[card_suit(c)], card_rank(c)))

    keep = lambda seat: seat  # noqa: E731
    scenario = transform(record(hand, bot="cautious", seed=0), game_schema("scenario"), schema("scenario")["$defs"],
                         seat=keep, card=card)  # fmt: skip
    expected = transform(result(hand), game_schema("result"), schema("result")["$defs"], seat=keep, card=card)
    return canonical(expected), canonical(result(replay(scenario)))


# -- the hands ------------------------------------------------------------------------------------


def worked_examples() -> Iterator[Any]:
    for path in sorted((ROOT / "examples").glob("*/*.yaml")):
        from reversis.games import load_any

        scenario = load_any(path)
        if scenario.rules.game == "reversis":
            yield pytest.param(path, id=f"{path.parent.name}/{path.stem}")


@functools.cache
def annotation_hands() -> tuple[tuple[str, Hand], ...]:
    """Every hand an annotation's doctest plays to its end (through reversis.games.reversis.examples.play)."""
    played: list[tuple[str, Hand]] = []
    original = examples_module.play
    for example in examples(load_annotations()):  # Romestecq's doctests play through their own module

        def recording(*args: Any, _name: str = example.name, **kwargs: Any) -> Any:
            game = original(*args, **kwargs)
            played.append((_name, game.hand))
            return game

        # a doctest imports play from the short public API (from reversis import play), or from its module
        examples_module.play = reversis.play = recording  # type: ignore[assignment]
        try:
            run_example(example, report=False)
        finally:
            examples_module.play = reversis.play = original
    return tuple(played)


def _hand_of(path: Path) -> Hand:
    from reversis.games import play_file

    _, hand = play_file(path)
    return hand  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", list(worked_examples()))
def test_a_worked_example_turns_with_the_table(path: Path) -> None:
    hand = _hand_of(path)
    for k in range(1, hand.players):
        expected, got = turned_result(hand, k)
        assert got == expected, f"{path.relative_to(ROOT)}: the table turned {k} seat(s) changes the result"


@pytest.mark.parametrize("path", list(worked_examples()))
def test_a_worked_example_is_the_same_with_the_suits_exchanged(path: Path) -> None:
    hand = _hand_of(path)
    for perm in suit_permutations(hand.rules):
        expected, got = exchanged_result(hand, perm)
        assert got == expected, f"{path.relative_to(ROOT)}: the suits exchanged by {perm} change the result"


def test_every_annotation_hand_turns_with_the_table() -> None:
    hands = annotation_hands()
    assert len(hands) > 200  # the doctests play this many hands to their end
    wrong = []
    for name, hand in hands:
        for k in range(1, hand.players):
            expected, got = turned_result(hand, k)
            if got != expected:
                wrong.append(f"{name}: turned {k}: {_first_difference(expected, got)}")
    assert not wrong, "\n".join(wrong)


def test_every_annotation_hand_is_the_same_with_the_suits_exchanged() -> None:
    wrong = []
    for name, hand in annotation_hands():
        for perm in suit_permutations(hand.rules):
            expected, got = exchanged_result(hand, perm)
            if got != expected:
                wrong.append(f"{name}: suits {perm}: {_first_difference(expected, got)}")
    assert not wrong, "\n".join(wrong)


def test_the_suits_a_ruleset_distinguishes_are_read_from_its_options() -> None:
    # the Encyclopédie names hearts (the quinola, the first lead, the ace of hearts): spades, diamonds and
    # clubs may be exchanged; revesino names oros (the quínola) and copas (the ace of copas): espadas and
    # bastos only; an option naming a suit removes the permutations that move it
    enc = suit_permutations(load_ruleset("encyclopedie-1765"))
    assert len(enc) == 5 and all(perm[1] == 1 for perm in enc)
    assert suit_permutations(load_ruleset("revesino")) == [(0, 1, 3, 2)]
    assert suit_permutations(load_ruleset("encyclopedie-1765").with_options({"special_ace": "AS"})) == [(0, 1, 3, 2)]


def _first_difference(expected: Any, got: Any, path: str = "") -> str:
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got), key=str):
            if expected.get(key) != got.get(key):
                return _first_difference(expected.get(key), got.get(key), f"{path}.{key}")
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for i, (a, b) in enumerate(zip(expected, got, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or 'result'}: expected {expected!r}, got {got!r}"

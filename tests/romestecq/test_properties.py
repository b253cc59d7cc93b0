"""Properties of every Romestecq hand a seed and a bot make: the cards are conserved, only legal
cards are played, the marks of each side are what its entries add up to, the same seed gives the
same hand, and the record replays it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from reversis.core.cards import card_suit
from reversis.games import parse_any
from reversis.games.romestecq.result import dump_record, record, result
from reversis.games.romestecq.scenario import run

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "players": st.sampled_from([2, 4, 6]),
        "bot": st.sampled_from(["cautious", "random"]),
        "seating": st.sampled_from(["together", "alternate"]),
    }
)


def _play(g: dict[str, object]):  # type: ignore[no-untyped-def]
    text = (
        f"ruleset: romestecq\noptions: {{players: {g['players']}, seating: {g['seating']}}}\n"
        f"seed: {g['seed']}\nbot: {g['bot']}\n"
    )
    return run(parse_any(text, source="<property>"))


@given(games)
def test_cards_are_conserved(g: dict[str, object]) -> None:
    hand = _play(g)
    played = [card for trick in hand.tricks for _, card in trick.cards]
    assert len(played) == len(set(played))
    assert sorted(played + [c for h in hand.hands for c in h] + hand.talon) == sorted(hand.params.pack)


@given(games)
def test_only_legal_cards_are_played(g: dict[str, object]) -> None:
    hand = _play(g)
    held = [set(cards) for cards in hand.dealt]
    for trick in hand.tricks:
        led = card_suit(trick.cards[0][1])
        for seat, card in trick.cards:
            assert card in held[seat]
            assert card_suit(card) == led or not any(card_suit(c) == led for c in held[seat])
            held[seat].discard(card)
    assert len({seat for seat, _ in trick.cards}) == hand.players if hand.tricks else True


@given(games)
def test_the_marks_of_each_side_are_what_its_entries_add_up_to(g: dict[str, object]) -> None:
    hand = _play(g)
    totals = [0, 0]
    for entry in hand.marks.entries:
        assert entry.side in (0, 1) and entry.marks != 0 and entry.rule in hand.rules.rule_cites
        totals[entry.side] += entry.marks
    assert totals == hand.marks.rubbed()
    assert [b - r for b, r in zip(hand.marks.before, totals, strict=True)] == hand.marks.left


@given(games)
def test_the_same_seed_gives_the_same_hand(g: dict[str, object]) -> None:
    assert result(_play(g)) == result(_play(g))


@given(games)
def test_the_record_replays_the_hand(g: dict[str, object]) -> None:
    hand = _play(g)
    text = dump_record(record(hand, bot=str(g["bot"]), seed=int(g["seed"])))  # type: ignore[call-overload]
    assert result(run(parse_any(text, source="<record>"))) == result(hand)

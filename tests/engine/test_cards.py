"""Cards: the notation of both packs, its round-trip, and the errors it gives."""

from __future__ import annotations

import pytest

from reversis import FRENCH, SPANISH, Pack, ScenarioError
from reversis.core.cards import ACE, JACK, KING, QUEEN, TEN, card_rank, card_suit, make_card, mask_of

PACK_CASES = [
    pytest.param(FRENCH, False, id="french-48"),
    pytest.param(FRENCH, True, id="french-52-with-tens"),
    pytest.param(SPANISH, False, id="spanish-48"),
]


@pytest.mark.parametrize(("pack", "keep_tens"), PACK_CASES)
def test_every_card_round_trips_through_its_notation(pack: Pack, keep_tens: bool) -> None:
    for card in pack.cards(keep_tens=keep_tens):
        assert pack.parse(pack.name(card)) == card


@pytest.mark.parametrize(("pack", "keep_tens"), PACK_CASES)
def test_every_notation_is_two_letters_rank_then_suit(pack: Pack, keep_tens: bool) -> None:
    names = pack.names(pack.cards(keep_tens=keep_tens))
    assert len(set(names)) == len(names)
    for name in names:
        assert len(name) == 2
        assert name[0] in pack.rank_letters
        assert name[1] in pack.suit_letters


@pytest.mark.parametrize(("pack", "keep_tens"), PACK_CASES)
def test_lower_case_notation_is_accepted(pack: Pack, keep_tens: bool) -> None:
    for card in pack.cards(keep_tens=keep_tens):
        assert pack.parse(pack.name(card).lower()) == card


@pytest.mark.parametrize(("pack", "keep_tens", "size"), [(FRENCH, False, 48), (FRENCH, True, 52), (SPANISH, False, 48)])
def test_pack_sizes(pack: Pack, keep_tens: bool, size: int) -> None:
    cards = pack.cards(keep_tens=keep_tens)
    assert len(cards) == size
    assert len(set(cards)) == size


def test_french_tens_are_the_only_optional_cards() -> None:
    extra = set(FRENCH.cards(keep_tens=True)) - set(FRENCH.cards(keep_tens=False))
    assert sorted(FRENCH.names(extra)) == ["TC", "TD", "TH", "TS"]


def test_spanish_pack_has_no_ten_even_when_tens_are_kept() -> None:
    assert SPANISH.cards(keep_tens=True) == SPANISH.cards(keep_tens=False)


@pytest.mark.parametrize(
    ("symbol", "letter"),
    [("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C"), ("♤", "S"), ("♡", "H"), ("♢", "D"), ("♧", "C")],
)
def test_suit_symbols_are_accepted(symbol: str, letter: str) -> None:
    for rank in "AKQJT98765432":
        assert FRENCH.parse(rank + symbol) == FRENCH.parse(rank + letter)


@pytest.mark.parametrize("text", ["10H", "10h", "10♥", " 10H "])
def test_ten_may_be_written_10(text: str) -> None:
    assert FRENCH.parse(text) == FRENCH.parse("TH") == make_card(1, TEN)
    assert FRENCH.name(FRENCH.parse(text)) == "TH"


def test_french_quinola_is_the_jack_of_hearts() -> None:
    quinola = FRENCH.parse("JH")
    assert (card_suit(quinola), card_rank(quinola)) == (FRENCH.suit_letters.index("H"), JACK)
    assert FRENCH.suit_names[card_suit(quinola)] == "hearts"


def test_spanish_quinola_is_the_sota_de_oros() -> None:
    quinola = SPANISH.parse("SO")
    assert (card_suit(quinola), card_rank(quinola)) == (SPANISH.suit_letters.index("O"), JACK)
    assert SPANISH.suit_names[card_suit(quinola)] == "oros"


@pytest.mark.parametrize(
    ("pack", "text", "rank"),
    [
        (FRENCH, "AS", ACE),
        (FRENCH, "KS", KING),
        (FRENCH, "QS", QUEEN),
        (FRENCH, "JS", JACK),
        (SPANISH, "AO", ACE),
        (SPANISH, "RO", KING),
        (SPANISH, "CO", QUEEN),
        (SPANISH, "SO", JACK),
    ],
)
def test_court_cards_share_rank_codes_across_packs(pack: Pack, text: str, rank: int) -> None:
    assert card_rank(pack.parse(text)) == rank


def test_a_higher_rank_is_a_higher_card_within_a_suit() -> None:
    for pack in (FRENCH, SPANISH):
        for suit in range(4):
            ordered = [pack.parse(letter + pack.suit_letters[suit]) for letter in pack.rank_letters]
            assert ordered == sorted(ordered, reverse=True)


@pytest.mark.parametrize(
    ("pack", "text"),
    [
        (FRENCH, "ZZ"),
        (FRENCH, "1H"),
        (FRENCH, "JX"),
        (FRENCH, "JHH"),
        (FRENCH, "J"),
        (FRENCH, ""),
        (FRENCH, "SO"),  # the Spanish quinola is no French card
        (FRENCH, "CH"),  # caballo is a Spanish rank
        (FRENCH, "11H"),
        (SPANISH, "JO"),  # the French jack is no Spanish card
        (SPANISH, "TO"),  # the Spanish pack has no tens
        (SPANISH, "10O"),
        (SPANISH, "KH"),
    ],
)
def test_unknown_card_raises_scenario_error_naming_it(pack: Pack, text: str) -> None:
    with pytest.raises(ScenarioError) as info:
        pack.parse(text)
    message = str(info.value)
    assert repr(text) in message
    assert pack.id in message
    assert "\n" not in message


@pytest.mark.parametrize("value", [None, 11, ["JH"], 1.5])
def test_a_card_must_be_a_string(value: object) -> None:
    with pytest.raises(ScenarioError, match="is not a card"):
        FRENCH.parse(value)


def test_make_card_and_its_parts_round_trip() -> None:
    for suit in range(4):
        for rank in range(2, 15):
            card = make_card(suit, rank)
            assert (card_suit(card), card_rank(card)) == (suit, rank)
            assert 0 <= card < 64


def test_mask_of_sets_one_bit_per_card() -> None:
    cards = FRENCH.cards()
    mask = mask_of(cards)
    assert mask.bit_count() == len(cards)
    assert all(mask >> card & 1 for card in cards)
    assert mask_of([]) == 0

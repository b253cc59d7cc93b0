"""A ruleset's options compiled once into the plain values the rule modules read.

The rule modules (the hand, its payments, penalties, declarations and settlement) read a ruleset's
options only here, as fields of :class:`Params` (``hand.params.pool_stake``) and of its two parts,
:class:`PaymentParams` (``hand.params.pay``) and :class:`SettlementParams` (``hand.params.settle``);
each field bears its option's name, and is read in one commented place of the module that plays
its rule. Each option is declared once, in :mod:`~reversis.games.reversis.options` (its domain, its
topic, and its neutral value where a ruleset may leave it out); a field that bears an option's name
is that option's value (:func:`~reversis.core.ruleset.compiled`), and only the fields worked out
from several options are compiled one by one here.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from reversis.core.cards import ACE, KING, QUEEN, Card, card_suit, make_card
from reversis.core.errors import RulesetError, ScenarioError
from reversis.core.ruleset import Ruleset, compiled
from reversis.games.reversis.options import OPTIONS, TALON_CRITERIA

__all__ = ["OPTIONS", "TALON_CRITERIA", "Params", "PaymentParams", "SettlementParams", "compile_params"]

#: The criteria that give every seat a place of its own, counted from the dealer.
SEAT_CRITERIA = ("left-of-dealer", "eldest-first", "dealer-first")


@dataclass(frozen=True, slots=True)
class PaymentParams:
    """The options of what a trick pays (:mod:`~reversis.games.reversis.payments`) and of the
    penalties of a play the rules forbid (:mod:`~reversis.games.reversis.penalties`)."""

    quinola_placed_wins_pool: bool
    quinola_placed_trick_payment: int
    quinola_placed_each_payment: int
    quinola_forced_bete: bool
    quinola_forced_payment: int
    quinola_forced_each_payment: int
    quinola_forced_each: str  # who pays whom the "un à chaque joueur" (a reading)
    quinola_given_bete: bool
    quinola_led_forced: str  # which lead of the quinola is forced: always, only-oro, only-card
    quinola_led_pays_each: bool
    quinola_last_tricks_neutral: int  # 0: the quinola takes or pays the pool in every trick
    reversis_declared_returns: bool
    renouncer_quinola_forcer: str  # taker or leader
    renouncer_quinola_forced_payment: int
    renouncer_quinola_forced_each: int
    renouncer_quinola_forced_ordinary: bool
    renouncer_quinola_remise_any_trick: bool
    accept_illegal: bool
    out_of_turn_fine: int
    revoke_penalty: str  # bete or fine
    revoke_fine: int
    revoke_forfeits: bool
    renouncer_revoke_exempt: bool


@dataclass(frozen=True, slots=True)
class SettlementParams:
    """The options of a hand's settlement (:mod:`~reversis.games.reversis.settlement`): the reversis,
    the pool, the talon, the bêtes, and the renouncer who lost his declaration."""

    reversis_last_tricks: int  # 0: a reversis is every trick, and is never attempted
    reversis_payment_each: int
    reversis_refund: bool
    reversis_wins_pool: bool
    reversis_cancels_quinola: bool
    reversis_cut_cancels_quinola: bool
    reversis_cut_payment: int
    reversis_cut_doubles_pool: bool
    reversis_exempt_talon: bool
    reversis_returns_quinola_pool: bool
    reversis_maker_quinola_pool: bool
    reversis_maker_quinola_each: int
    reversis_undeclared_wins_hand: bool
    talon_payer: str  # none, each-other, most-points (and its readings of a tie)
    talon_ranking: tuple[str, ...]  # criteria of TALON_CRITERIA, best first
    pool_refresh_on: tuple[str, ...]  # the quinola's fates after which the pool is refreshed
    pool_refresh: int
    betes_biggest_first: bool
    renouncer_lost_on: str  # last-tricks or any-trick
    renouncer_lost_effect: str  # loses-hand or privilege-ends
    renouncer_lost_doubles_pool: bool
    renouncer_sold_back_factor: int
    renouncer_cut_payment: int
    renouncer_pays_reversis_for_all: bool
    renouncer_cut_relieves: bool
    renouncer_deemed_cutter: bool


@dataclass(frozen=True, slots=True)
class Params:
    """Compiled options of a ruleset at a number of players."""

    rules: Ruleset
    players: int
    pack: tuple[Card, ...]
    hand_size: int
    talon_size: int
    deal_packet: int
    dealer_extra: int
    exchange: bool
    exchange_look: bool
    dealer_discards: bool
    discard_hearts: bool
    heart_discard_exception: bool
    quinola_suit: int  # the suit whose discards the rules restrict (hearts)
    first_lead_suit: int  # -1 for none
    follow_suit: bool
    quinola: Card
    points: tuple[int, ...]  # per card code, 0..63: what a card counts in its taker's tricks
    talon_points: tuple[int, ...]  # per card code: what a card left in the talon is worth
    ace_values: tuple[int, ...]  # per card code: chips an ace earns when placed (0 for other cards)
    ace_forced_values: tuple[int, ...]  # per card code: chips an ace costs when forced
    guard_courts: int  # bitmask of the king and queen of the quinola's suit (the discard exception)
    deal_order: tuple[tuple[itemgetter[Any], ...], ...]  # [dealer][seat]: takes a seat's cards from the shuffled pack
    special: int  # bitmask of the cards whose play can cost or earn: the aces and the quinola
    tricks: int
    must_place_tricks: int  # tricks in which a void holder must throw the quinola
    first_trick_factor: int
    last_trick_factor: int
    ace_forced_pays: bool
    exchange_own_card: bool
    pool_stake: int
    pool_deal_payment: int
    pool_renew_below: int
    quinola_forced_doubles_pool: bool
    quinola_pool_at_trick: bool
    reversis_declaration: str  # "" when a reversis is not declared
    reversis_open_tricks: int  # the tricks after which a reversis is declared (or its cut begins)
    renouncer: str  # "" when the ruleset has no privileged renouncer
    renouncer_cards: int  # bitmask of the cards that qualify a renouncer
    renouncer_at_least: int
    renouncer_tricks: int  # the first tricks in which the renouncer may renounce
    declaration_moments: frozenset[int]  # the tricks before whose first card a declaration may be made
    pay: PaymentParams
    settle: SettlementParams


def _deal_order(*, players: int, dealer: int, hand_size: int, packet: int, extra: int) -> tuple[itemgetter[Any], ...]:
    """Where each seat's cards lie in the shuffled pack: packets of ``packet`` from the eldest
    round to the dealer, then the dealer's extra card(s); the rest is the talon."""
    positions: list[list[int]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    pos = 0
    while len(positions[dealer]) < hand_size:
        for seat in order:
            take = min(packet, hand_size - len(positions[seat]))
            positions[seat].extend(range(pos, pos + take))
            pos += take
    positions[dealer].extend(range(pos, pos + extra))
    # itemgetter with one index returns a bare item: pad through a tuple of indexes
    return tuple(itemgetter(*p) if len(p) > 1 else itemgetter(slice(p[0], p[0] + 1)) for p in positions)


def _card(rules: Ruleset, option: str, text: str) -> Card:
    try:
        return rules.pack.parse(text)
    except ScenarioError as exc:
        raise RulesetError(f"option {option!r} of ruleset {rules.id}: {exc}") from None


def _card_values(rules: Ruleset, option: str) -> tuple[int, ...]:
    """A card-value option (``{A: 5, K: 4}``, a rank letter for every suit or a card for one) per card code."""
    pack = rules.pack
    values = [0] * 64
    table = rules.value(option)
    for letter, value in table.items():  # a rank letter first gives every card of the rank its value
        if len(letter) == 1 and letter in pack.rank_letters:
            rank = pack.rank_codes[pack.rank_letters.index(letter)]
            for suit in range(4):
                values[make_card(suit, rank)] = value
    for letter, value in table.items():  # then a card named alone (the ace of copas) has its own
        if not (len(letter) == 1 and letter in pack.rank_letters):
            values[_card(rules, option, letter)] = value
    return tuple(values)


def _sizes(rules: Ruleset, *, players: int, cards: int) -> tuple[int, int]:
    """The talon's size and each hand's, checked: the cards less the talon and the dealer's extra
    divide among the players."""
    talon_sizes = rules.value("talon")
    if players not in talon_sizes:
        raise RulesetError(f"ruleset {rules.id}: no talon size for {players} players (option talon)")
    talon_size = talon_sizes[players]
    if talon_size < 1 and rules.value("exchange"):
        # each player may take from the talon in the exchange; with no card there, nothing to take
        # (with no exchange, a talon of no card is only the points left in it: none)
        raise RulesetError(
            f"ruleset {rules.id}: option talon: a talon of {talon_size} cards at {players} players "
            "(the exchange takes from it: at least one)"
        )
    if rules.value("dealer_extra") and not rules.value("dealer_discards"):
        raise RulesetError(
            f"ruleset {rules.id}: the dealer's extra card(s) must be discarded (option dealer_discards), "
            "or every hand would not be played out"
        )
    dealt = cards - talon_size - rules.value("dealer_extra")
    if dealt <= 0 or dealt % players:
        raise RulesetError(
            f"ruleset {rules.id}: {cards} cards less a talon of {talon_size} and the dealer's "
            f"{rules.value('dealer_extra')} extra do not divide among {players} players"
        )
    hand_size = dealt // players
    if rules.value("exchange") and rules.value("exchange_own_card") and talon_size < players - 1:
        # "Las cartas que han quedado sin repartir corresponden en orden a cada uno de los tres
        # jugadores": each player but the dealer has his own card of the talon
        raise RulesetError(
            f"ruleset {rules.id}: option exchange_own_card: a talon of {talon_size} cards at {players} players "
            f"leaves a player without his own card (at least {players - 1})"
        )
    return talon_size, hand_size


def _ace_values(rules: Ruleset, special_ace: Card, special_forced: Card) -> tuple[list[int], list[int]]:
    """What each ace placed pays, and each ace forced (the special ace's payment multiplied)."""
    ace_values = [0] * 64
    ace_forced_values = [0] * 64
    for suit in range(4):
        ace = make_card(suit, ACE)
        ace_values[ace] = rules.value("ace_placed_payment") * (
            rules.value("special_ace_factor") if ace == special_ace else 1
        )
        ace_forced_values[ace] = rules.value("ace_placed_payment") * (
            rules.value("special_ace_factor") if ace == special_forced else 1
        )
    return ace_values, ace_forced_values


def _check_talon_ranking(rules: Ruleset) -> None:
    """Every criterion of ``talon_ranking`` is known, and one of them is a seat order."""
    for criterion in rules.value("talon_ranking"):
        if criterion not in TALON_CRITERIA:
            raise RulesetError(
                f"ruleset {rules.id}: option talon_ranking: unknown criterion {criterion!r} "
                f"(known: {', '.join(TALON_CRITERIA)})"
            )
    if not set(rules.value("talon_ranking")) & set(SEAT_CRITERIA):
        # every seat has its own place in a seat order, so the ranking always ends in one taker, and
        # a tie goes to the same seat counted from the dealer wherever the table sits
        raise RulesetError(
            f"ruleset {rules.id}: option talon_ranking: {', '.join(rules.value('talon_ranking'))} names no seat order "
            f"to break a tie ({', '.join(SEAT_CRITERIA)})"
        )


def compile_params(rules: Ruleset) -> Params:
    """Compile a ruleset's options; impossible combinations raise ``RulesetError``."""
    pack = rules.pack
    players = rules.value("players")
    cards = tuple(pack.cards(keep_tens=rules.value("keep_tens")))
    talon_size, hand_size = _sizes(rules, players=players, cards=len(cards))
    quinola = _card(rules, "quinola", rules.value("quinola"))
    special_ace = _card(rules, "special_ace", rules.value("special_ace")) if rules.value("special_ace") else -1
    forced_text = rules.value("special_ace_forced")
    special_forced = (
        special_ace if forced_text is None else (_card(rules, "special_ace_forced", forced_text) if forced_text else -1)
    )
    ace_values, ace_forced_values = _ace_values(rules, special_ace, special_forced)
    _check_talon_ranking(rules)
    last = _check_declarations(rules, hand_size)
    first_lead = rules.value("first_lead_suit")
    packet, extra = rules.value("deal_packet"), rules.value("dealer_extra")
    # the fields worked out from the options; every other field is the option of its name
    derived = {
        "rules": rules,
        "pack": cards,
        "hand_size": hand_size,
        "talon_size": talon_size,
        "quinola_suit": card_suit(quinola),
        "first_lead_suit": pack.suit_letters.index(first_lead) if first_lead else -1,
        "quinola": quinola,
        "points": _card_values(rules, "trick_card_points"),
        "talon_points": _card_values(rules, "talon_card_points"),
        "ace_values": tuple(ace_values),
        "ace_forced_values": tuple(ace_forced_values),
        "guard_courts": 1 << make_card(card_suit(quinola), KING) | 1 << make_card(card_suit(quinola), QUEEN),
        "deal_order": tuple(
            _deal_order(players=players, dealer=dealer, hand_size=hand_size, packet=packet, extra=extra)
            for dealer in range(players)
        ),
        # every ace, whatever it pays: an ace whose placing pays nothing (special_ace_factor: 0) still
        # pays when drawn out ("whatever option special_ace says", option special_ace_forced)
        "special": sum(1 << make_card(suit, ACE) for suit in range(4)) | 1 << quinola,
        "tricks": hand_size,
        "must_place_tricks": hand_size
        if rules.value("quinola_forced_game")
        else rules.value("quinola_must_place_tricks"),
        "reversis_open_tricks": hand_size - last,
        "renouncer_cards": _renouncer_cards(rules),
        "declaration_moments": frozenset(
            ([1] if rules.value("renouncer") else [])
            + ([hand_size - last + 1] if rules.value("reversis_declaration") else [])
        ),
        "pay": compiled(PaymentParams, rules),
        "settle": compiled(SettlementParams, rules),
    }
    return compiled(Params, rules, derived)


def _check_declarations(rules: Ruleset, hand_size: int) -> int:
    """The number of last tricks a reversis is undertaken (or cut) in, checked against the hand."""
    last: int = rules.value("reversis_last_tricks")
    if not 0 <= last < hand_size:
        raise RulesetError(f"ruleset {rules.id}: option reversis_last_tricks: {last} of {hand_size} tricks")
    if rules.value("reversis_declaration") and not last:
        raise RulesetError(
            f"ruleset {rules.id}: a reversis declared (option reversis_declaration) needs the tricks "
            "it is declared before (option reversis_last_tricks)"
        )
    return last


def _renouncer_cards(rules: Ruleset) -> int:
    """The bitmask of the cards that qualify a renouncer (option renouncer_cards)."""
    mask = 0
    for i, text in enumerate(rules.value("renouncer_cards")):
        mask |= 1 << _card(rules, f"renouncer_cards[{i}]", text)
    return mask

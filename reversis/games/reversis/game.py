"""Reversis as a game of :mod:`reversis.games` (the interface is :class:`reversis.core.game.Game`):
its scenario, hand, result, record, account and sitting, and what ``reversis compare`` measures of a
hand played by a bot (:meth:`Reversis.outcome`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reversis.core.cards import Card
from reversis.core.errors import ScenarioError
from reversis.core.game import Description, JsonObject, PlayedHand, SittingsAndCounts, describe, own
from reversis.core.game import Scenario as ScenarioLike
from reversis.core.moves import Action, Searcher, State
from reversis.core.ruleset import Ruleset
from reversis.games.reversis import simulate
from reversis.games.reversis.bots import BOTS, get_bot, play_seeded
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.moves import (
    RETURNS_MEANING,
    ReversisState,
    action_count,
    hand_returns,
    happenings,
    policy,
)
from reversis.games.reversis.params import compile_params
from reversis.games.reversis.report import account
from reversis.games.reversis.result import record, result
from reversis.games.reversis.scenario import Scenario, parse_fields, run
from reversis.games.reversis.sitting import DEFAULT_HANDS, Sitting, parse_sitting_fields

__all__ = ["GAME", "Reversis"]


def _hand(hand: PlayedHand) -> Hand:
    return own(Hand, hand, "reversis")


class Reversis(SittingsAndCounts[simulate.Stats, Sitting]):
    """The game of the Encyclopédie, the espagnolette and the revesino."""

    name = "reversis"
    #: What a hand's outcome counts.
    unit = "chips"
    players = 4
    default_hands = DEFAULT_HANDS
    bots: Sequence[str] = tuple(sorted(BOTS))
    #: Whether the returns of a hand played move by move sum to zero, and what they count.
    zero_sum = True
    returns_meaning = RETURNS_MEANING

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> Scenario:
        return parse_fields(data, lines=lines, source=source)  # it reads and checks the ruleset itself

    def run(self, scenario: ScenarioLike, *, searcher: Searcher | None = None) -> Hand:
        return run(own(Scenario, scenario, self.name), searcher=searcher)

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
        """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
        params, player = compile_params(rules), get_bot(bot)
        return lambda seed, i: play_seeded(rules, params, player, seed, i)

    def new_hand(
        self,
        rules: Ruleset,
        *,
        dealer: int = 0,
        seed: int | None = None,
        deal: Mapping[Any, Sequence[Card]] | None = None,
    ) -> ReversisState:
        """A hand to play move by move, dealt from ``seed`` (the deal of ``seeded``'s hand ``i`` from
        ``seed - i``, where ``i`` is dealt by ``dealer``) or given (``deal``: each seat's cards, and the
        talon's under ``"talon"``)."""
        params = compile_params(rules)
        if deal is None:
            rng = random.Random(seed)
            return ReversisState(Hand.deal(rules, dealer=dealer, rng=rng, params=params), chance=rng)
        if "talon" not in deal:
            raise ScenarioError("a deal of reversis gives the talon's cards (its key: talon)")
        hands = [list(deal.get(seat, ())) for seat in range(params.players)]
        return ReversisState(Hand(rules, dealer=dealer, hands=hands, talon=list(deal["talon"]), params=params))

    def action_count(self, rules: Ruleset) -> int:
        return action_count(compile_params(rules))

    def policy(self, bot: str) -> Callable[[State, random.Random], Action]:
        choose = policy(bot)
        return lambda state, rng: choose(own(ReversisState, state, self.name), rng)

    def finished(self, state: State) -> Hand:
        """The finished hand of a state that is over (which ``result``, ``record`` and ``account`` read)."""
        played = own(ReversisState, state, self.name)
        if not played.over():
            raise ValueError("the hand is not over")
        return played.hand

    def describe(self, hand: PlayedHand) -> Description:
        played = _hand(hand)
        return describe(played.rules, dealer=played.dealer, players=played.players, unit=self.unit,
                        happened=happenings(played), returns=hand_returns(played))  # fmt: skip

    def result(self, hand: PlayedHand) -> JsonObject:
        return result(_hand(hand))

    def record(self, hand: PlayedHand, *, bot: str, seed: int, budget: int | None = None) -> JsonObject:
        return record(_hand(hand), bot=bot, seed=seed, budget=budget)

    def account(self, hand: PlayedHand, scenario: ScenarioLike) -> str:
        given = own(Scenario, scenario, self.name)
        return account(_hand(hand), given_exchanges=set(given.exchange), given_plays=len(given.plays))

    def outcome_labels(self, rules: Ruleset) -> list[str]:
        """What each number of :meth:`outcome` is: the chips of each seat counted from the dealer (the
        deal rotates, so that a seat's number alone would average the places out), then the pool's."""
        return ["dealer", "eldest"] + [f"dealer + {k}" for k in range(2, rules["players"])] + ["pool"]

    def outcome(self, hand: PlayedHand) -> tuple[list[int], set[str]]:
        """The chips won or lost in the hand by each seat from the dealer on (the dealer, the eldest on
        his right, …) and the pool's change; and every engine rule that fired (a payment's, or an event's).

        A bête made in the hand counts against its maker and for the pool at once, although he pays it
        in later: a hand played alone would otherwise hide what a bête costs."""
        played = _hand(hand)
        ledger = played.ledger
        fired = {entry.rule for entry in ledger.entries} | {event.rule for event in played.events}
        if played.quinola is not None:
            fired.add(played.quinola.rule)
        balances = ledger.balances()
        pool = ledger.pool_change()
        for betes, sign in ((ledger.betes, 1), (ledger.betes_before, -1)):
            for seat, amount, _ in betes:
                balances[seat] -= sign * amount
                pool += sign * amount
        dealer = played.dealer
        return [*balances[dealer:], *balances[:dealer], pool], fired

    def pack(self, rules: Ruleset) -> list[Card]:
        """Every card of the pack that ``rules`` plays with, in card order (what a deal deals out)."""
        return sorted(compile_params(rules).pack)


GAME = Reversis(
    stats=simulate.Stats,
    simulate_chunk=simulate.simulate_chunk,
    tally=simulate.tally,
    sitting=Sitting,
    parse_sitting=parse_sitting_fields,
)

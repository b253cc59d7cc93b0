"""Romestecq as a game of :mod:`reversis.games` (the interface is :class:`reversis.core.game.Game`):
its scenario, hand, result, record and account, its sitting (a game played to its target of marks),
and what ``reversis simulate`` and ``reversis compare`` count of a hand."""

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
from reversis.games.romestecq import simulate
from reversis.games.romestecq.bots import BOTS, get_bot
from reversis.games.romestecq.hand import Hand, deal_cards
from reversis.games.romestecq.moves import RETURNS_MEANING, RomestecqState, action_count, happenings, policy, returns
from reversis.games.romestecq.params import compile_params
from reversis.games.romestecq.result import account, record, result
from reversis.games.romestecq.scenario import Scenario, parse, run
from reversis.games.romestecq.sitting import DEFAULT_HANDS, Sitting, parse_sitting_fields

__all__ = ["GAME", "Romestecq"]


def _hand(hand: PlayedHand) -> Hand:
    return own(Hand, hand, "romestecq")


class Romestecq(SittingsAndCounts[simulate.Stats, Sitting]):
    """The game of the dictionary of games' 25 articles (source ``dictionnaire-jeux-r``)."""

    name = "romestecq"
    #: What a hand's outcome counts.
    unit = "marks"
    players = 4
    default_hands = DEFAULT_HANDS
    bots: Sequence[str] = tuple(sorted(BOTS))
    #: Whether the returns of a hand played move by move sum to zero, and what they count.
    zero_sum = True
    returns_meaning = RETURNS_MEANING

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> Scenario:
        if rules is None:  # reversis.games sends a scenario of no known ruleset to Reversis's checks
            raise ScenarioError(f"{source}: a Romestecq scenario names its ruleset")
        return parse(data, lines=lines, source=source, rules=rules)

    def run(self, scenario: ScenarioLike, *, searcher: Searcher | None = None) -> Hand:
        return run(own(Scenario, scenario, self.name), searcher=searcher)

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
        """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
        params, player = compile_params(rules), get_bot(bot)
        return lambda seed, i: simulate.play_seeded(rules, params, player, seed, i)

    def new_hand(
        self,
        rules: Ruleset,
        *,
        dealer: int = 0,
        seed: int | None = None,
        deal: Mapping[Any, Sequence[Card]] | None = None,
    ) -> RomestecqState:
        """A hand to play move by move, dealt from ``seed`` (the deal of ``seeded``'s hand ``i`` from
        ``seed - i``, where ``i`` is dealt by ``dealer``) or given (``deal``: each seat's five cards)."""
        params = compile_params(rules)
        if deal is None:
            rng = random.Random(seed)
            dealt = deal_cards(params, dealer=dealer, rng=rng, manner=(2, 3))
            return RomestecqState(Hand(rules, dealer=dealer, hands=dealt, rng=rng, params=params), chance=rng)
        hands = [list(deal.get(seat, ())) for seat in range(params.players)]
        return RomestecqState(Hand(rules, dealer=dealer, hands=hands, params=params))

    def action_count(self, rules: Ruleset) -> int:
        return action_count(compile_params(rules).pack)

    def policy(self, bot: str) -> Callable[[State, random.Random], Action]:
        choose = policy(bot)
        return lambda state, rng: choose(own(RomestecqState, state, self.name), rng)

    def finished(self, state: State) -> Hand:
        """The finished hand of a state that is over (which ``result``, ``record`` and ``account`` read)."""
        played = own(RomestecqState, state, self.name)
        if not played.over():
            raise ValueError("the hand is not over")
        return played.hand

    def describe(self, hand: PlayedHand) -> Description:
        played = _hand(hand)
        return describe(played.rules, dealer=played.dealer, players=played.players, unit=self.unit,
                        happened=happenings(played), returns=returns(played))  # fmt: skip

    def result(self, hand: PlayedHand) -> JsonObject:
        return result(_hand(hand))

    def record(self, hand: PlayedHand, *, bot: str, seed: int, budget: int | None = None) -> JsonObject:
        return record(_hand(hand), bot=bot, seed=seed, budget=budget)

    def account(self, hand: PlayedHand, scenario: ScenarioLike) -> str:
        return account(_hand(hand), own(Scenario, scenario, self.name))

    def outcome_labels(self, rules: Ruleset) -> list[str]:
        """What each number of :meth:`outcome` is: the marks each side rubbed out (its players share
        them), the dealer's side first (the deal rotates)."""
        return ["dealer's side", "other side"]

    def outcome(self, hand: PlayedHand) -> tuple[list[int], set[str]]:
        """The marks each side rubbed out in the hand (a virlicque rubs out all that a side has left);
        and every engine rule that fired, the rule that ended the game among them."""
        played = _hand(hand)
        fired = {entry.rule for entry in played.marks.entries}
        if played.won_by is not None:
            fired.add(played.won_by)
        rubbed = played.marks.rubbed()
        if played.params.side_of(played.dealer):
            rubbed.reverse()
        return rubbed, fired

    def pack(self, rules: Ruleset) -> list[Card]:
        """Every card of the pack that ``rules`` plays with, in card order (what a deal deals out)."""
        return sorted(compile_params(rules).pack)


GAME = Romestecq(
    stats=simulate.Stats,
    simulate_chunk=simulate.simulate_chunk,
    tally=simulate.tally,
    sitting=Sitting,
    parse_sitting=parse_sitting_fields,
)

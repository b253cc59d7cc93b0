"""Reversis as a game of :mod:`reversis.games` (the interface is :class:`reversis.core.game.Game`):
its scenario, hand, result, record, account and sitting, and what ``reversis compare`` measures of a
hand played by a bot (:meth:`Reversis.outcome`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reversis.core.game import JsonObject, PlayedHand, SittingsAndCounts, own
from reversis.core.game import Scenario as ScenarioLike
from reversis.core.ruleset import Ruleset
from reversis.games.reversis import simulate
from reversis.games.reversis.bots import BOTS, get_bot, play_seeded
from reversis.games.reversis.hand import Hand
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

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> Scenario:
        return parse_fields(data, lines=lines, source=source)  # it reads and checks the ruleset itself

    def run(self, scenario: ScenarioLike) -> Hand:
        return run(own(Scenario, scenario, self.name))

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
        """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
        params, player = compile_params(rules), get_bot(bot)
        return lambda seed, i: play_seeded(rules, params, player, seed, i)

    def result(self, hand: PlayedHand) -> JsonObject:
        return result(_hand(hand))

    def record(self, hand: PlayedHand, *, bot: str, seed: int) -> JsonObject:
        return record(_hand(hand), bot=bot, seed=seed)

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


GAME = Reversis(
    stats=simulate.Stats,
    simulate_chunk=simulate.simulate_chunk,
    tally=simulate.tally,
    sitting=Sitting,
    parse_sitting=parse_sitting_fields,
)

"""Romestecq as a game of :mod:`reversis.games` (the interface is :class:`reversis.core.game.Game`):
its scenario, hand, result, record and account, its sitting (a game played to its target of marks),
and what ``reversis simulate`` and ``reversis compare`` count of a hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reversis.core.cards import Card
from reversis.core.errors import ScenarioError
from reversis.core.game import JsonObject, PlayedHand, SittingsAndCounts, own
from reversis.core.game import Scenario as ScenarioLike
from reversis.core.moves import Searcher
from reversis.core.ruleset import Ruleset
from reversis.games.romestecq import simulate
from reversis.games.romestecq.bots import BOTS, get_bot
from reversis.games.romestecq.hand import Hand
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

    def parse(self, data: object, *, lines: dict[str, int], source: str, rules: Ruleset | None) -> Scenario:
        if rules is None:  # reversis.games sends a scenario of no known ruleset to Reversis's checks
            raise ScenarioError(f"{source}: a Romestecq scenario names its ruleset")
        return parse(data, lines=lines, source=source, rules=rules)

    def run(self, scenario: ScenarioLike, *, searcher: Searcher | None = None) -> Hand:
        return run(own(Scenario, scenario, self.name))  # its bots are its own: no searching bot yet

    def seeded(self, rules: Ruleset, bot: str) -> Callable[[int, int], Hand]:
        """The player of hand ``i`` from ``seed`` under ``rules`` (as ``reversis simulate`` plays it)."""
        params, player = compile_params(rules), get_bot(bot)
        return lambda seed, i: simulate.play_seeded(rules, params, player, seed, i)

    def result(self, hand: PlayedHand) -> JsonObject:
        return result(_hand(hand))

    def record(self, hand: PlayedHand, *, bot: str, seed: int, budget: int | None = None) -> JsonObject:
        return record(_hand(hand), bot=bot, seed=seed)  # no searching bot plays it yet

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

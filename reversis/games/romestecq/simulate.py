"""Many seeded Romestecq hands played by a bot, and how often each thing happened.

Hand ``i`` is dealt by seat ``i % players`` with ``random.Random(seed + i)``, from fresh marks, so
the totals do not depend on the number of jobs (``reversis simulate --game romestecq``).

>>> stats = simulate_chunk(("romestecq", "random", 1, 0, 50))
>>> stats.hands, sum(stats.stecq)
(50, 50)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games.romestecq.bots import Bot, get_bot, play_out
from reversis.games.romestecq.combinations import NAMES
from reversis.games.romestecq.hand import Hand, deal_cards
from reversis.games.romestecq.params import Params, compile_params

__all__ = ["Stats", "play_seeded", "simulate_chunk", "tally"]


@dataclass
class Stats:
    """Counts over simulated hands of Romestecq."""

    hands: int = 0
    #: hands in which some seat was dealt each combination
    dealt: dict[str, int] = field(default_factory=dict)
    #: combinations dealt in all (a hand of six seats may hold several)
    combinations: dict[str, int] = field(default_factory=dict)
    virlicque: int = 0
    #: hands whose stecq (the last trick) went to each side
    stecq: list[int] = field(default_factory=lambda: [0, 0])
    #: hands with at least one ace or king grugé, and the aces and kings grugé in all
    gruger_hands: int = 0
    gruged: int = 0
    #: marks rubbed out by each side in all
    rubbed: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, other: Stats) -> None:
        self.hands += other.hands
        for mine, theirs in ((self.dealt, other.dealt), (self.combinations, other.combinations)):
            for name, count in theirs.items():
                mine[name] = mine.get(name, 0) + count
        self.virlicque += other.virlicque
        self.gruger_hands += other.gruger_hands
        self.gruged += other.gruged
        for side in (0, 1):
            self.stecq[side] += other.stecq[side]
            self.rubbed[side] += other.rubbed[side]

    def lines(self) -> list[str]:
        def pct(k: int) -> str:
            return f"{k} ({100 * k / self.hands:.2f} %)" if self.hands else "0"

        lines = [f"hands played:        {self.hands}"]
        for name in NAMES:
            count = self.combinations.get(name, 0)
            lines.append(f"{name + ' dealt:':<21}{pct(self.dealt.get(name, 0))} of hands; {count} in all")
        lines += [
            f"virlicque (game won at the deal): {pct(self.virlicque)}",
            f"stecq to side 0:     {pct(self.stecq[0])}",
            f"stecq to side 1:     {pct(self.stecq[1])}",
            f"gruger:              {pct(self.gruger_hands)} of hands; {self.gruged} aces and kings grugé",
            "mean marks rubbed out per hand: "
            + ", ".join(f"side {s}: {self.rubbed[s] / max(1, self.hands):.3f}" for s in (0, 1)),
        ]
        return lines


def play_seeded(rules: Ruleset, p: Params, bot: Bot, seed: int, i: int) -> Hand:
    """Hand ``i`` of a run from ``seed``, dealt by seat ``i % players`` from fresh marks and played to
    its end by ``bot`` (the hand every run of ``simulate`` and of ``reversis compare`` plays)."""
    rng = random.Random(seed + i)
    dealer = i % p.players
    hand = Hand(rules, dealer=dealer, hands=deal_cards(p, dealer=dealer, rng=rng, manner=(2, 3)), rng=rng, params=p)
    play_out(hand, bot, rng)
    return hand


def simulate_chunk(args: tuple[str, str, int, int, int]) -> Stats:
    """Hands ``start`` to ``stop`` of a run (the worker of ``reversis simulate``)."""
    ruleset, bot_name, seed, start, stop = args
    rules = load_ruleset(ruleset)
    p = compile_params(rules)
    bot = get_bot(bot_name)
    return tally(rules, (play_seeded(rules, p, bot, seed, i) for i in range(start, stop)))


def tally(rules: Ruleset, hands: Iterable[Hand]) -> Stats:
    """What happened in finished hands of Romestecq, counted (whoever played them)."""
    p = compile_params(rules)
    stats = Stats()
    for hand in hands:
        names = {c.name for held in hand.held for c in held}
        for held in hand.held:
            for c in held:
                stats.combinations[c.name] = stats.combinations.get(c.name, 0) + 1
        for name in names:
            stats.dealt[name] = stats.dealt.get(name, 0) + 1
        stats.hands += 1
        stats.virlicque += hand.virlicque is not None
        if hand.tricks and len(hand.tricks) == 5:
            stats.stecq[p.side_of(hand.tricks[-1].winner)] += 1
        stats.gruger_hands += bool(hand.gruged)
        stats.gruged += len(hand.gruged)
        for side, marks in enumerate(hand.marks.rubbed()):
            stats.rubbed[side] += marks
    return stats

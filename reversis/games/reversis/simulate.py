"""Many seeded hands of Reversis played by a bot, and how often each thing happened.

Hand ``i`` is dealt with ``random.Random(seed + i)`` by seat ``i % players`` into an empty pool, so
the totals do not depend on the number of jobs (``reversis simulate``, :mod:`reversis.apps.simulate`).

>>> stats = simulate_chunk(("encyclopedie-1765", "random", 1, 0, 20))
>>> stats.hands, sum(stats.quinola.values())
(20, 20)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from reversis.core.ruleset import Ruleset, load_ruleset
from reversis.games.reversis.bots import get_bot, play_seeded
from reversis.games.reversis.events import DeclarationLost
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.params import compile_params

__all__ = ["Stats", "simulate_chunk", "tally"]


@dataclass
class Stats:
    """Counts over simulated hands."""

    hands: int = 0
    #: hands by what became of the quinola: placed, forced, given, led, talon
    quinola: dict[str, int] = field(default_factory=dict)
    reversis_attempted: int = 0
    reversis_made: int = 0
    #: hands by declaration made (e.g. revesino, napolitana), and by declaration lost (a renouncer's)
    declared: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    #: the name of the quinola's suit, for the lines
    quinola_suit: str = ""
    balance_totals: list[int] = field(default_factory=list)
    pool_total: int = 0
    #: the names of the declarations that may be lost (the privileged renouncers)
    renouncers: tuple[str, ...] = ()

    def add(self, other: Stats) -> None:
        self.hands += other.hands
        for how, count in other.quinola.items():
            self.quinola[how] = self.quinola.get(how, 0) + count
        for table, theirs in ((self.declared, other.declared), (self.lost, other.lost)):
            for name, count in theirs.items():
                table[name] = table.get(name, 0) + count
        self.quinola_suit = self.quinola_suit or other.quinola_suit
        self.reversis_attempted += other.reversis_attempted
        self.reversis_made += other.reversis_made
        self.pool_total += other.pool_total
        self.renouncers = self.renouncers or other.renouncers
        if not self.balance_totals:
            self.balance_totals = [0] * len(other.balance_totals)
        for seat, total in enumerate(other.balance_totals):
            self.balance_totals[seat] += total

    def lines(self) -> list[str]:
        def pct(k: int) -> str:
            return f"{k} ({100 * k / self.hands:.2f} %)" if self.hands else "0"

        means = ", ".join(f"seat {s}: {t / self.hands:+.3f}" for s, t in enumerate(self.balance_totals))
        suit = self.quinola_suit or "hearts"
        lines = [
            f"hands played:        {self.hands}",
            f"quinola placed:      {pct(self.quinola.get('placed', 0))}  (thrown on another suit)",
            f"quinola forced:      {pct(self.quinola.get('forced', 0))}  (its holder's only card of {suit})",
            f"quinola given:       {pct(self.quinola.get('given', 0))}  (on {suit}, by choice)",
            f"quinola led:         {pct(self.quinola.get('led', 0))}",
            f"quinola in talon:    {pct(self.quinola.get('talon', 0))}  (never played)",
        ]
        if self.quinola.get("plain"):
            lines.append(f"quinola plain:       {pct(self.quinola['plain'])}  (played after a reversis was undertaken)")
        lines += [
            f"reversis attempted:  {pct(self.reversis_attempted)}",
            f"reversis made:       {pct(self.reversis_made)}",
            f"reversis cut:        {pct(self.reversis_attempted - self.reversis_made)}",
        ]
        for name, count in sorted(self.declared.items()):
            width = max(21, len(name) + 11)
            lines.append(f"{name + ' declared:':<{width}}{pct(count)}")
            if name in self.lost or name in self.renouncers:
                lost = self.lost.get(name, 0)
                lines.append(f"{name + ' kept:':<{width}}{pct(count - lost)}")
                lines.append(f"{name + ' lost:':<{width}}{pct(lost)}")
        lines += [
            f"mean balance per hand (the deal rotates): {means}",
            f"mean change of the pool per hand: {self.pool_total / max(1, self.hands):+.3f}",
        ]
        return lines


def simulate_chunk(args: tuple[str, str, int, int, int]) -> Stats:
    """Hands ``start`` to ``stop`` of a run (the worker of ``reversis simulate``)."""
    ruleset, bot_name, seed, start, stop = args
    rules = load_ruleset(ruleset)
    params = compile_params(rules)
    bot = get_bot(bot_name)
    return tally(rules, (play_seeded(rules, params, bot, seed, i) for i in range(start, stop)))


def tally(rules: Ruleset, hands: Iterable[Hand]) -> Stats:
    """What happened in finished hands of a ruleset, counted (whoever played them)."""
    params = compile_params(rules)
    stats = Stats(
        balance_totals=[0] * params.players,
        quinola_suit=rules.pack.suit_names[params.quinola_suit],
        renouncers=(params.renouncer,) if params.renouncer else (),
    )
    for hand in hands:
        stats.hands += 1
        for event in hand.declared:
            stats.declared[event.name] = stats.declared.get(event.name, 0) + 1
        for happened in hand.events:
            if isinstance(happened, DeclarationLost):
                stats.lost[happened.name] = stats.lost.get(happened.name, 0) + 1
        if hand.quinola is not None:
            stats.quinola[hand.quinola.how] = stats.quinola.get(hand.quinola.how, 0) + 1
        if hand.reversis:
            stats.reversis_attempted += 1
            stats.reversis_made += bool(hand.reversis["made"])
        stats.pool_total += hand.ledger.pool_change()
        for seat, balance in enumerate(hand.ledger.balances()):
            stats.balance_totals[seat] += balance
    return stats

"""Random full hands of reversis against random deals of OpenSpiel's hearts, in the same process.

``python scripts/bench.py [--rounds 21] [--seconds 0.3] [--ruleset ID ...] [--seed N] [--json]``

Both sides do the same kind of work: a fresh deal played at random to its end.

* reversis: ``Hand.deal``, then every exchange and every play drawn uniformly with
  ``rng.choice`` from ``legal_discards()`` / ``legal_plays()``; the hand settles itself
  after the last trick (ledger and events filled), and its balances are read at the end.
* hearts: every chance outcome (the pass direction and the 52 cards of the deal) and
  every player action (the passes and the plays) drawn uniformly with ``rng.choice`` from
  ``chance_outcomes()`` / ``legal_actions()`` until ``is_terminal()``; ``returns()`` is read
  at the end.

Every ruleset (or those named by ``--ruleset``) is a side of its own, beside hearts; the
sides take turns in rounds of ``--seconds`` of CPU time each (which goes first rotates too; many short
rounds, so that a shared machine's changes of speed fall on every side alike), and the
median rate of each side and the ratio of each ruleset's median to hearts' are reported,
with the seeds used. Where a ruleset has declarations (the napolitana, the revesino), the
bots' deterministic policy (``reversis.games.reversis.bots.bot_declarations``) makes them, as in play.
Peak memory comes from ``getrusage`` (the whole process, imports included) and from a
separate ``tracemalloc`` pass after the timed rounds (reversis only: it cannot see
OpenSpiel's C++ heap). Exit status 2 if ``pyspiel`` is missing.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from importlib import metadata
from typing import Any

import reversis.games.reversis.hand
from reversis import Hand, Phase, load_ruleset
from reversis.core.ruleset import Ruleset, ruleset_ids
from reversis.games.reversis.bots import bot_declarations
from reversis.games.reversis.events import Settled
from reversis.games.reversis.params import Params, compile_params

GOAL = 1.5
"""The target ratio of the compiled engine, for every ruleset: hands per second over OpenSpiel hearts
deals per second."""


def goal_of(game: str, compiled: bool) -> float | None:
    """The ratio a ruleset should reach (None: no goal). The compiled engine carries the speed; the
    engine as pure Python stays plain for the scholars who read it, and its ratio is printed as
    information only (its goal of 1.0 was retired).

    >>> goal_of("romestecq", compiled=True), goal_of("romestecq", compiled=False), goal_of("reversis", compiled=False)
    (1.5, None, None)
    """
    return GOAL if compiled else None


Deal = Callable[[random.Random, int], None]
"""Play one full random game: (rng, index of the game in its run)."""


def load_pyspiel() -> Any:
    """The ``pyspiel`` module (untyped), or ``None`` if it is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def reversis_deal(rules: Ruleset, params: Params) -> Deal:
    players = params.players

    declares = bool(params.renouncer or params.reversis_declaration)

    def play(rng: random.Random, index: int) -> None:
        hand = Hand.deal(rules, dealer=index % players, rng=rng, params=params)
        while hand.phase is Phase.EXCHANGE:
            hand.exchange(rng.choice(hand.legal_discards()))
        while hand.phase is Phase.TRICKS:
            if declares and hand.declaration_due:  # the declarations the bots make (napolitana, revesino)
                for seat, name in bot_declarations(hand):
                    hand.declare(seat, name)
            hand.play(rng.choice(hand.legal_plays()))
        hand.ledger.balances()

    return play


def romestecq_deal(rules: Ruleset) -> Deal:
    """A random full hand of Romestecq through its Hand: the deal, every card drawn with ``rng.choice``
    from ``legal_plays()`` (with the call it needs), the claims due, the end of the hand."""
    play = romestecq_hand(rules)

    def deal(rng: random.Random, index: int) -> None:
        play(rng, index)

    return deal


def romestecq_hand(rules: Ruleset) -> Callable[[random.Random, int], Any]:
    """The hand :func:`romestecq_deal` plays, returned for the census."""
    from reversis.games.romestecq.bots import seats_from_eldest
    from reversis.games.romestecq.hand import Hand as RomestecqHand
    from reversis.games.romestecq.hand import Phase as RomestecqPhase
    from reversis.games.romestecq.hand import deal_cards
    from reversis.games.romestecq.params import compile_params as romestecq_params

    p = romestecq_params(rules)

    def play(rng: random.Random, index: int) -> Any:
        dealer = index % p.players
        hand = RomestecqHand(rules, dealer=dealer, hands=deal_cards(p, dealer=dealer, rng=rng, manner=(2, 3)), params=p)
        while hand.phase is RomestecqPhase.TRICKS:
            card = rng.choice(hand.legal_plays())
            hand.play(card, call=hand.due_call(hand.to_act, card))
        if hand.phase is RomestecqPhase.CLAIMS:
            for seat in seats_from_eldest(hand):
                for name in hand.due_claims(seat):
                    hand.claim(seat, name)
            hand.finish()
        hand.marks.rubbed()
        return hand

    return play


def romestecq_census(rules: Ruleset, seed: int, hands: int) -> dict[str, float]:
    """Untimed: check that every Romestecq hand ends, and count its work."""
    play = romestecq_hand(rules)
    rng = random.Random(seed)
    actions = events = entries = 0
    for index in range(hands):
        hand = play(rng, index)
        if hand.phase.value != "done":
            raise SystemExit(f"bench: romestecq hand {index} did not end ({hand!r})")
        actions += len(hand.played) + len(hand.claimed)
        events += len(hand.played) + len(hand.tricks)
        entries += len(hand.marks.entries)
    return {"actions": actions / hands, "events": events / hands, "ledger_entries": entries / hands}


def hearts_deal(game: Any) -> Deal:
    def play(rng: random.Random, index: int) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        state.returns()

    return play


def timed(play: Deal, seed: int, seconds: float) -> float:
    """Games per second of ``play`` over at least ``seconds`` of this process's CPU time (on a shared
    machine, time spent waiting for a core while another process runs is not counted against
    either side)."""
    rng = random.Random(seed)
    clock = time.process_time
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        play(rng, count)
        count += 1
        now = clock()
        if now >= deadline:
            return count / (now - start)


def reversis_census(rules: Ruleset, params: Params, seed: int, hands: int) -> dict[str, float]:
    """Untimed: check that every hand ends settled, and count its work."""
    rng = random.Random(seed)
    actions = events = entries = 0
    for index in range(hands):
        hand = Hand.deal(rules, dealer=index % params.players, rng=rng, params=params)
        while hand.phase is Phase.EXCHANGE:
            hand.exchange(rng.choice(hand.legal_discards()))
            actions += 1
        while hand.phase is Phase.TRICKS:
            hand.play(rng.choice(hand.legal_plays()))
            actions += 1
        if hand.phase is not Phase.DONE or not isinstance(hand.events[-1], Settled):
            raise SystemExit(f"bench: reversis hand {index} did not end settled ({hand!r})")
        if sum(hand.ledger.balances()) + hand.ledger.pool_change():
            raise SystemExit(f"bench: reversis hand {index}: the ledger is not zero-sum")
        events += len(hand.events)
        entries += len(hand.ledger.entries)
    return {"actions": actions / hands, "events": events / hands, "ledger_entries": entries / hands}


def hearts_census(game: Any, seed: int, deals: int) -> dict[str, float]:
    """Untimed: count the chance outcomes and player actions of a deal."""
    rng = random.Random(seed)
    chance = moves = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        state.returns()
    return {"actions": (chance + moves) / deals, "chance_outcomes": chance / deals, "player_actions": moves / deals}


def engine_build() -> str:
    """``compiled`` if the hand module is an extension (e.g. built with mypyc), else ``pure Python``."""
    suffix = os.path.splitext(reversis.games.reversis.hand.__file__ or "")[1]
    return "pure Python" if suffix == ".py" else "compiled"


def maxrss_mib() -> float:
    """The process's peak resident set size so far, in MiB."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 2**20 if sys.platform == "darwin" else rss / 2**10  # bytes on macOS, KiB elsewhere


def traced_memory(play: Deal, rules: Ruleset, params: Params, seed: int, hands: int) -> dict[str, float]:
    """Untimed, under tracemalloc: the peak while playing hands one at a time, and what a settled hand retains."""
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    try:
        for index in range(hands):
            play(rng, index)
        _, peak = tracemalloc.get_traced_memory()
        kept = []
        base, _ = tracemalloc.get_traced_memory()
        for index in range(hands):
            hand = Hand.deal(rules, dealer=index % params.players, rng=rng, params=params)
            while hand.phase is Phase.EXCHANGE:
                hand.exchange(rng.choice(hand.legal_discards()))
            while hand.phase is Phase.TRICKS:
                hand.play(rng.choice(hand.legal_plays()))
            kept.append(hand)
        retained, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {"peak_kib": peak / 1024, "retained_kib_per_hand": (retained - base) / hands / 1024}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=21, help="rounds per side (default 21)")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU seconds per side per round (default 0.3)")
    parser.add_argument(
        "--ruleset",
        action="append",
        choices=ruleset_ids(),
        help="a reversis ruleset to time (repeat for several; default: every ruleset, each beside hearts)",
    )
    parser.add_argument("--seed", type=int, default=1765, help="round r uses seed SEED+r on both sides (default 1765)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    return parser


def _rounds(
    sides: dict[str, Deal], ids: list[str], args: argparse.Namespace
) -> tuple[dict[str, list[float]], list[int], list[str]]:
    """Every side timed in each round, each going first in turn: the rates, the seeds, who went first."""
    rates: dict[str, list[float]] = {name: [] for name in sides}
    seeds = [args.seed + r for r in range(args.rounds)]
    firsts = []
    names = list(sides)
    for r, seed in enumerate(seeds):
        order = names[r % len(names) :] + names[: r % len(names)]  # each side goes first in turn
        firsts.append(order[0])
        for name in order:
            rates[name].append(timed(sides[name], seed, args.seconds))
        if not args.json:
            shown = ", ".join(f"{rid} {rates[rid][-1]:,.0f} hands/s" for rid in ids)
            print(
                f"round {r + 1}/{args.rounds} (seed {seed}, {order[0]} first): "
                f"{shown}, hearts {rates['hearts'][-1]:,.0f} deals/s",
                flush=True,
            )
    return rates, seeds, firsts


def _print_text(result: dict[str, Any], games: dict[str, str], built: bool) -> None:
    """The result as text: each ruleset's rate, ratio and goal, the work per hand, the memory."""
    census, median, ratios = result["work_per_game"], result["median"], result["ratios"]
    memory = result["memory"]
    hts = census["hearts"]
    print(
        f"median of {result['rounds']} rounds ({result['engine']}): OpenSpiel {result['openspiel_game']} "
        f"{median['hearts']:,.0f} deals/s (open-spiel {result['open_spiel_version']})"
    )
    for rid in result["rulesets"]:
        rev = census[rid]
        goal = goal_of(games[rid], built)
        verdict = (
            "for information: no goal as pure Python"
            if goal is None
            else f"goal {goal}x: {'met' if ratios[rid] >= goal else 'NOT met'}"
        )
        print(
            f"  {games[rid]} {rid}: {median[rid]:,.0f} hands/s, ratio {ratios[rid]:.2f}x "
            f"({verdict}); work per hand {rev['actions']:.1f} "
            f"actions, {rev['events']:.1f} events, {rev['ledger_entries']:.1f} ledger entries, settled"
        )
    print(
        f"work per game of hearts: {hts['actions']:.1f} actions "
        f"({hts['chance_outcomes']:.1f} chance, {hts['player_actions']:.1f} player)"
    )
    traced, after_imports = memory["tracemalloc_reversis"], memory["maxrss_mib_after_imports"]
    print(
        f"peak memory: ru_maxrss {memory['maxrss_mib']:.1f} MiB (after imports {after_imports:.1f} "
        f"MiB); tracemalloc: reversis peaks at {traced['peak_kib']:.1f} KiB playing hands one at a time, "
        f"a settled hand retains {traced['retained_kib_per_hand']:.1f} KiB"
    )


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")

    pyspiel = load_pyspiel()
    if pyspiel is None:
        print("bench: pyspiel is not installed; install the bench extra: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    rss_imports = maxrss_mib()

    ids = args.ruleset or ruleset_ids()
    games = {rid: load_ruleset(rid).game for rid in ids}  # reversis rulesets, and the other games'
    compiled = {rid: (load_ruleset(rid), compile_params(load_ruleset(rid))) for rid in ids if games[rid] == "reversis"}
    if not compiled:
        parser.error("name at least one reversis ruleset (the headline) with --ruleset")
    rules, params = next(iter(compiled.values()))  # the headline ruleset (the first reversis one), as before
    game = pyspiel.load_game("hearts")
    sides: dict[str, Deal] = {
        rid: reversis_deal(*compiled[rid]) if rid in compiled else romestecq_deal(load_ruleset(rid)) for rid in ids
    }
    sides["hearts"] = hearts_deal(game)

    census = {
        rid: reversis_census(*compiled[rid], args.seed, 500)
        if rid in compiled
        else romestecq_census(load_ruleset(rid), args.seed, 500)
        for rid in ids
    }
    census["hearts"] = hearts_census(game, args.seed, 500)
    for play in sides.values():  # warm-up, untimed
        timed(play, args.seed, min(0.2, args.seconds))

    rates, seeds, firsts = _rounds(sides, ids, args)
    rss_rounds = maxrss_mib()
    memory = traced_memory(sides[rules.id], rules, params, args.seed, 200)

    median = {name: statistics.median(values) for name, values in rates.items()}
    ratios = {rid: median[rid] / median["hearts"] for rid in ids}
    ratio = ratios[rules.id]
    built = engine_build() == "compiled"
    goal = goal_of(games[rules.id], built)
    result = {
        "ruleset": rules.id,
        "rulesets": ids,
        "ratios": ratios,
        "players": params.players,
        "openspiel_game": str(game),
        "open_spiel_version": metadata.version("open-spiel"),
        "python": sys.version.split()[0],
        "engine": engine_build(),
        "rounds": args.rounds,
        "seconds": args.seconds,
        "seeds": seeds,
        "first": firsts,
        "rates": rates,
        "median": median,
        "ratio": ratio,
        "goals": {rid: goal_of(games[rid], built) for rid in ids},
        "goal": goal,
        "goal_met": ratio >= (goal or 0),
        "work_per_game": census,
        "memory": {
            "maxrss_mib_after_imports": rss_imports,
            "maxrss_mib": rss_rounds,
            "tracemalloc_reversis": memory,
        },
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    _print_text(result, games, built)
    return 0


if __name__ == "__main__":
    sys.exit(main())

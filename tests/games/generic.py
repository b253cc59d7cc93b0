"""The generic checks that every registered game passes, as OpenSpiel runs its tests on each of its
games (:mod:`tests.games.test_generic` runs them over :data:`reversis.games.GAMES`; a game defined
elsewhere, as :mod:`tests.games.trio` is, runs them once registered).

Each check plays a few hands move by move (:mod:`reversis.core.moves`) and asserts what every game's
hand must do: legal actions, in the order of their codes, never empty before the end; returns that
sum to zero where the game says so; a copy that plays on alone; a record that replays to the same
result; a resampled deal that agrees with what its player knows and depends on nothing else; a move
against the rules refused with its rule, the hand unchanged; a description of the finished hand."""

from __future__ import annotations

import random

import yaml

from reversis.core.cards import card_suit
from reversis.core.errors import IllegalAction
from reversis.core.game import Game
from reversis.core.moves import State
from reversis.core.ruleset import Ruleset
from reversis.games import parse_any

#: The most moves a hand may take before a check calls it endless.
ENDLESS = 2000


def random_play(game: Game, rules: Ruleset, seed: int) -> tuple[State, list[State]]:
    """A hand dealt from ``seed`` (by the seat ``seed`` names) played to its end by random legal
    moves, each checked; the hand and the states it passed through (copies)."""
    count = game.action_count(rules)
    state = game.new_hand(rules, dealer=seed % state_players(game, rules), seed=seed)
    rng = random.Random(seed)
    passed: list[State] = []
    for _ in range(ENDLESS):
        if state.over():
            break
        legal = state.legal_actions()
        assert legal, f"{rules.id}: no legal action before the end (seed {seed})"
        codes = [a.code for a in legal]
        assert codes == sorted(set(codes)), f"{rules.id}: legal actions out of the order of their codes"
        assert all(0 <= c < count and a.seat == state.to_act() for c, a in zip(codes, legal, strict=True))
        assert state.action(codes[0]) == legal[0]
        passed.append(state.copy())
        state.apply(legal[rng.randrange(len(legal))])
    assert state.over(), f"{rules.id}: a hand of more than {ENDLESS} moves (seed {seed})"
    assert state.to_act() is None and state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == state.players
    if game.zero_sum:
        assert abs(sum(returns)) < 1e-9, f"{rules.id}: returns {returns} do not sum to zero"
    return state, passed


def state_players(game: Game, rules: Ruleset) -> int:
    return int(rules["players"]) if "players" in rules else game.players


def check_random_play(game: Game, rules: Ruleset, seeds: range) -> None:
    for seed in seeds:
        random_play(game, rules, seed)


def check_bots(game: Game, rules: Ruleset, seed: int) -> None:
    """Each of the game's bots chooses a legal move until the end."""
    for bot in game.bots:
        choose = game.policy(bot)
        state = game.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.over():
            action = choose(state, rng)
            assert action in state.legal_actions(), f"{rules.id}: bot {bot} chose {action}"
            state.apply(action)
        bot_returns = state.returns()
        replayed = game.new_hand(rules, seed=seed)
        assert replayed.play_out(bot, random.Random(seed)) == bot_returns  # the playout: the same hand
        assert list(replayed.history()) == []  # play_out plays a copy


def check_copy(game: Game, rules: Ruleset, seed: int) -> None:
    """A copy made halfway plays on alone, and the same moves take it to the same end."""
    state, passed = random_play(game, rules, seed)
    if not passed:
        return
    half = passed[len(passed) // 2]
    copy = half.copy()
    before = (list(copy.history()), copy.legal_actions())
    for action in state.history()[len(half.history()) :]:
        half.apply(action)
    assert (list(copy.history()), copy.legal_actions()) == before
    for action in state.history()[len(copy.history()) :]:
        copy.apply(action)
    assert copy.returns() == state.returns() == half.returns()


def observed(state: State) -> tuple[object, ...]:
    """Everything a player or a bot can observe of a hand in progress: whose move it is, the legal
    actions, what each player knows, the history, the returns, what happened at the deal."""
    seats = range(state.players)
    return (
        state.to_act(),
        state.over(),
        state.legal_actions(),
        [state.knows(seat) for seat in seats],
        list(state.history()),
        state.returns(),
        state.opening(),
    )


def check_copy_independent(game: Game, rules: Ruleset, seed: int) -> None:
    """At every move of a hand, a copy is equal to its original in every observable, a move made in
    the copy leaves the original unchanged (and the other way round), and the same move made in both
    tells the same and leaves them equal again; a copy plays out as its original does."""
    state = game.new_hand(rules, dealer=seed % state_players(game, rules), seed=seed)
    rng = random.Random(seed)
    for move in range(ENDLESS):
        if state.over():
            break
        copy = state.copy()
        before = observed(state)
        assert observed(copy) == before, f"{rules.id}: a copy differs from its original (seed {seed})"
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        told = copy.apply(action)
        assert observed(state) == before, f"{rules.id}: a move in a copy changed its original (seed {seed})"
        again = copy.copy()  # a copy of a copy, left behind as its original moves on
        kept = observed(again)
        assert state.apply(action) == told
        assert observed(state) == observed(copy) and observed(again) == kept
        if move % 7 == 0:
            assert copy.play_out(game.bots[0], random.Random(move)) == state.play_out(game.bots[0], random.Random(move))
            assert observed(state) == observed(copy)
    assert state.over()


def check_action_codes(game: Game, rules: Ruleset, seed: int) -> None:
    """Every code names, through :meth:`State.action`, the legal action of that code, or is refused."""
    _, passed = random_play(game, rules, seed)
    for state in passed[:: max(1, len(passed) // 8)]:
        legal = {a.code: a for a in state.legal_actions()}
        for code in range(-1, game.action_count(rules) + 1):
            try:
                assert state.action(code) == legal[code], f"{rules.id}: code {code}"
            except IllegalAction:
                assert code not in legal, f"{rules.id}: code {code} refused"


def check_record(game: Game, rules: Ruleset, seed: int) -> None:
    """The record of a hand played move by move replays, through the scenario contract, to its result."""
    state, _ = random_play(game, rules, seed)
    hand = game.finished(state)
    record = game.record(hand, bot="random", seed=seed)
    scenario = parse_any(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), source="record.yaml")
    assert game.result(game.run(scenario)) == game.result(hand)


def check_resample(game: Game, rules: Ruleset, seed: int) -> None:
    """Every resampled deal agrees with what its player knows, keeps the other players' hand sizes,
    plays on to an end, and depends only on what the player knows and on the generator."""
    _, passed = random_play(game, rules, seed)
    for k, state in enumerate(passed[:: max(1, len(passed) // 6)]):
        for seat in range(state.players):
            knows = state.knows(seat)
            sample = state.resample(seat, random.Random(k))
            assert sample.knows(seat) == knows
            for other in range(state.players):
                held = sample.knows(other).holding
                assert len(held) == len(state.knows(other).holding)
                if other != seat:  # no card of a suit the seat showed it holds no more
                    assert not any(card_suit(card) in knows.voids[other] for card in held), (rules.id, seed, other)
            # another deal that differs only in cards the player cannot see resamples alike
            twin = sample.resample(seat, random.Random(99))
            again = state.resample(seat, random.Random(99))
            assert [twin.knows(s).holding for s in range(state.players)] == [
                again.knows(s).holding for s in range(state.players)
            ]
            sample.play_out(game.bots[0], random.Random(k))  # the deal is one the rules can finish


def check_refusal(game: Game, rules: Ruleset, seed: int) -> None:
    """A move that is not legal is refused with the engine's one-line reason and its rule, the hand unchanged."""
    _, passed = random_play(game, rules, seed)
    count = game.action_count(rules)
    refused = 0
    for state in passed[:: max(1, len(passed) // 8)]:
        legal = {a.code for a in state.legal_actions()}
        before = (list(state.history()), state.legal_actions(), [state.knows(s) for s in range(state.players)])
        for code in [*[c for c in range(count) if c not in legal][:: max(1, count // 10)], count, -1]:
            try:
                state.apply(code)
            except IllegalAction as exc:
                assert exc.rule and "\n" not in str(exc), f"{rules.id}: {exc!r}"
                refused += 1
            else:
                # only a fault the ruleset lets stand (accept_illegal) is taken: then it is the engine's
                assert rules.get("accept_illegal", False), f"{rules.id}: code {code}"
                return
            after = (list(state.history()), state.legal_actions(), [state.knows(s) for s in range(state.players)])
            assert after == before
    assert refused


def check_describe(game: Game, rules: Ruleset, seed: int) -> None:
    """The description of a finished hand: each seat's place, its steps with their rules named."""
    state, _ = random_play(game, rules, seed)
    description = game.describe(game.finished(state))
    assert description.game == game.name and description.ruleset == rules.id
    assert len(description.places) == state.players and description.places[state.dealer] == "the dealer"
    assert description.steps
    for step in description.steps:
        assert step.rule_name or not step.happened.rule
        assert step.player or step.happened.seat is None
    assert description.returns == tuple(state.returns())


CHECKS = (
    check_bots,
    check_copy,
    check_copy_independent,
    check_action_codes,
    check_record,
    check_resample,
    check_refusal,
    check_describe,
)


def check_all(game: Game, rules: Ruleset, seeds: range) -> None:
    """Every generic check on ``rules`` of ``game``."""
    check_random_play(game, rules, seeds)
    for check in CHECKS:
        for seed in seeds[:2]:
            check(game, rules, seed)

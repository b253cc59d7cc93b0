"""Each ruleset as an OpenSpiel game (:mod:`reversis.apps.openspiel`): OpenSpiel's own checks of a
game (``pyspiel.random_sim_test``: random play to the end, with clones, serialisation, observations,
the returns within bounds and summing as the game says), its Python IS-MCTS playing it with the
game's resampler, the parameters (scalar options, a YAML mapping, a file), and the README's lines.

The fast checks run a few simulations per ruleset; the 1,000 simulations are marked slow
(``make test-all``; ``scripts/frameworks_time.py`` times them)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from reversis.apps import openspiel
from reversis.core.errors import RulesetError
from reversis.core.ruleset import ruleset_ids
from reversis.games import GAMES

README = Path(__file__).resolve().parents[2] / "README.md"
RULESETS = ruleset_ids()


@pytest.fixture(scope="module", autouse=True)
def registered() -> list[str]:
    return openspiel.register()


def _dealt(game: pyspiel.Game, rng: np.random.RandomState) -> pyspiel.State:
    """A new state with its deal made (every chance outcome drawn)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    return state


def test_every_ruleset_is_registered_under_its_name(registered: list[str]) -> None:
    assert registered == [openspiel.game_name(rid) for rid in RULESETS]
    assert set(registered) <= set(pyspiel.registered_names())
    assert openspiel.game_name("encyclopedie-1765") == "reversis_encyclopedie_1765"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_few_random_hands_pass_openspiels_checks(ruleset_id: str) -> None:
    game = pyspiel.load_game(openspiel.game_name(ruleset_id))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_thousand_random_hands_pass_openspiels_checks(ruleset_id: str) -> None:
    game = pyspiel.load_game(openspiel.game_name(ruleset_id))
    pyspiel.random_sim_test(game, num_sims=1000, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_deal_is_chance_card_by_card(ruleset_id: str) -> None:
    game = pyspiel.load_game(openspiel.game_name(ruleset_id))
    state = game.new_initial_state()
    pack = game.game.pack(game.rules)
    assert state.is_chance_node()
    assert [card for card, _ in state.chance_outcomes()] == sorted(pack)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    first = pack[0]
    eldest = 1  # the dealer is seat 0: the eldest, on his right, is dealt the first card
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, first) == f"deal {game.rules.pack.name(first)} to {eldest}"
    state.apply_action(first)
    assert first not in [card for card, _ in state.chance_outcomes()]
    assert len(state.chance_outcomes()) == len(pack) - 1
    for card in pack[1:]:
        state.apply_action(card)
    assert not state.is_chance_node()
    assert first in state.hand.state.knows(eldest).holding


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ismcts_plays_with_the_games_resampler(ruleset_id: str) -> None:
    game = pyspiel.load_game(openspiel.game_name(ruleset_id))
    rng = np.random.RandomState(7)
    resample = openspiel.resampler(seed=7)
    kept: list[bool] = []  # whether each resampled state keeps what the player knows
    moved: list[bool] = []  # whether it deals another seat other cards than he really holds

    def watched(state: openspiel.SpielState, player: int) -> openspiel.SpielState:
        other = resample(state, player)
        kept.append(state.information_state_string(player) == other.information_state_string(player))
        assert state.hand is not None and other.hand is not None
        real, drawn = state.hand.state, other.hand.state
        moved.append(any(real.knows(s).holding != drawn.knows(s).holding for s in range(real.players) if s != player))
        return other

    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 12, random_state=rng)
    bot.set_resampler(watched)
    for seed in range(20):  # a hand of Romestecq may be decided by its deal alone
        state = _dealt(game, np.random.RandomState(seed))
        if not state.is_terminal():
            break
    decisions = 0
    while not state.is_terminal() and decisions < 4:
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 4 or state.is_terminal()
    assert kept, "the bot never resampled"
    assert all(kept) and any(moved)


def test_a_resampled_state_plays_on_but_is_not_serialised() -> None:
    game = pyspiel.load_game("reversis_revesino")
    state = _dealt(game, np.random.RandomState(3))
    other = openspiel.resampler(seed=3)(state, state.current_player())
    other.apply_action(other.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError, match="a resampled state is drawn, not dealt"):
        other.serialize()
    with pytest.raises(pyspiel.SpielError, match="once its deal is complete"):
        openspiel.resampler()(game.new_initial_state(), 0)


def test_options_as_parameters_as_yaml_and_as_a_file(tmp_path: Path) -> None:
    name = "reversis_encyclopedie_1765"
    assert pyspiel.load_game(name).rules["quinola_forced_payment"] == 4
    assert pyspiel.load_game(name, {"quinola_forced_payment": 6}).rules["quinola_forced_payment"] == 6
    yaml_text = "{talon: {4: 7, 5: 2}, quinola_forced_payment: 8}"
    game = pyspiel.load_game(name, {"options": yaml_text, "quinola_forced_payment": 6})
    assert game.rules["talon"] == {4: 7, 5: 2}
    assert game.rules["quinola_forced_payment"] == 8  # the YAML stands over the scalar parameter
    assert len(game.shape.slots) - sum(1 for s in game.shape.slots if s != "talon") == 7
    path = tmp_path / "options.yaml"
    path.write_text("talon_ranking: [points, tricks, left-of-dealer]\n", encoding="utf-8")
    game = pyspiel.load_game(name, {"options_file": str(path)})
    assert game.rules["talon_ranking"] == ["points", "tricks", "left-of-dealer"]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"options": "{nope: 1}"}, "unknown option 'nope'"),
        ({"options": "[1, 2]"}, "the parameter options: expected a mapping of option names to values"),
        ({"options": "{a: [1"}, "the parameter options: malformed YAML"),
        ({"options_file": "/nonexistent/options.yaml"}, "/nonexistent/options.yaml: cannot be read"),
    ],
)
def test_bad_options_are_refused_in_one_line(params: dict[str, str], message: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(message)) as caught:
        pyspiel.load_game("reversis_encyclopedie_1765", params)
    assert "\n" not in str(caught.value)


def test_a_name_already_taken_is_refused() -> None:
    with pytest.raises(RulesetError, match="an OpenSpiel game named 'reversis_revesino' is registered already"):
        openspiel._register.__wrapped__("revesino")


def test_the_readme_says_what_each_games_returns_are() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    for game in GAMES:
        assert f"{game.name.capitalize()}: {game.returns_meaning}" in text


def test_the_readmes_lines_play_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## The AI frameworks\n.*?```python\n(.*?)```", text, re.S)
    assert block is not None, "the README has no section 'The AI frameworks' with a Python block"
    code = block.group(1)
    assert len([line for line in code.splitlines() if line.strip()]) <= 12
    exec(compile(code, str(README), "exec"), {})
    printed = capsys.readouterr().out.strip().splitlines()[-1]
    returns = [float(x) for x in printed.strip("[]").split(",")]
    assert len(returns) == 4 and sum(returns) == pytest.approx(0.0)


def test_an_observer_gives_what_one_player_knows_and_nothing_else() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("reversis_revesino")
    state = _dealt(game, np.random.RandomState(5))
    seen = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    seen.set_from(state, 2)
    assert seen.string_from(state, 2) == state.information_state_string(2)
    assert np.array_equal(seen.tensor, np.asarray(state.observation_tensor(2), dtype=np.float32))
    public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="only what one player knows is observed"):
        make_observation(game, public)

"""Each ruleset as an OpenSpiel game, registered from Python, so that OpenSpiel's algorithms play it.

``register()`` registers every shipped ruleset under the name ``reversis_<ruleset id>`` (``-`` as
``_``: ``reversis_encyclopedie_1765``, ``reversis_revesino``, ``reversis_espagnolette_19c``,
``reversis_romestecq``); then ``pyspiel.load_game(name)`` or ``pyspiel.load_game(name, {...})``.
The game is read through :class:`reversis.core.game.Game` and :class:`reversis.core.moves.State`
alone, whatever the game:

- the deal is explicit chance, as OpenSpiel's Hearts deals it: one card at a time, each card
  of the pack not dealt yet equally likely, to the seats from the eldest round to the dealer
  until each holds its hand, then the talon in its order (a chance outcome is the card's code,
  ``suit << 4 | rank``); then the game's hand is made from that deal (``game.new_hand``);
- a player's action is the game's stable code (``0 <= code < game.action_count(rules)``), its
  legal actions those of :meth:`State.legal_actions`;
- the returns are :meth:`State.returns` (the game says what they count: ``game.returns_meaning``,
  and whether they sum to zero: ``game.zero_sum``);
- the information state (a string) is what the player knows (:meth:`State.knows`): his seat, his
  cards, the talon cards he saw, every move as he saw it, the suits each seat has shown void; the
  observation is the vector of :mod:`reversis.apps.observation`;
- a state is cloned with :meth:`State.copy`, serialised as its deal and its moves (and replayed);
- :func:`resampler` gives OpenSpiel's Python IS-MCTS (``ISMCTSBot.set_resampler``) the deals that
  agree with what the player to act knows (:meth:`State.resample`).

The parameters of a game are the ruleset's options whose value is a single number, word or truth
value (each under its own name, at the ruleset's default), ``dealer`` (the dealer's seat, 0), and
for every option, of any kind, ``options``: a YAML mapping of option names to values
(``"{talon: {4: 4, 5: 3}}"``), or ``options_file``: the path of a YAML file holding that mapping.
OpenSpiel's parameters carry no list or mapping, which is why the last two exist.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import yaml

from reversis.apps.observation import CARD_CODES, knowledge_vector, vector_size
from reversis.core.cards import Card
from reversis.core.errors import RulesetError
from reversis.core.game import Game
from reversis.core.moves import Action, State
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.games import game_of

__all__ = ["game_name", "register", "resampler"]

#: The parameters every game has beside the ruleset's scalar options.
_OWN = {"dealer": 0, "options": "", "options_file": ""}
_SCALARS = (bool, int, float, str)
#: The returns stay within ± this (OpenSpiel asks a game for bounds; the engine states none).
UTILITY_BOUND = 10_000.0
#: A hand makes fewer moves than this many per card of its pack (its plays, discards, declarations, passes).
MOVES_PER_CARD = 2


def game_name(ruleset_id: str) -> str:
    """The name under which a ruleset is registered."""
    return "reversis_" + ruleset_id.replace("-", "_")


def register(ruleset_ids_: Sequence[str] | None = None) -> list[str]:
    """Register every shipped ruleset (or those named) with OpenSpiel, once; the names registered.

    A name that OpenSpiel already knows, and not from this module, is refused."""
    names = []
    for rid in ruleset_ids() if ruleset_ids_ is None else ruleset_ids_:
        names.append(_register(rid))
    return names


@cache
def _register(ruleset_id: str) -> str:
    name = game_name(ruleset_id)
    if name in pyspiel.registered_names():
        raise RulesetError(f"an OpenSpiel game named {name!r} is registered already")
    rules = load_ruleset(ruleset_id)
    probe = _Shape.of(rules, dealer=0)
    params: dict[str, Any] = {n: v for n, v in rules.settings.items() if isinstance(v, _SCALARS) and n not in _OWN}
    seats = rules.options["players"].domain if "players" in rules.options else None
    counts = sorted(seats.choices) if seats is not None and seats.choices else [probe.players]
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{rules.title} ({ruleset_id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if probe.game.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**params, **_OWN},
    )

    # a class of its own, not a function: OpenSpiel keeps what it registers until Python has exited,
    # and a function it then lets go of aborts the interpreter (a class does not)
    fields = {"game_type": game_type, "ruleset_id": ruleset_id}
    made = type(f"SpielGame_{ruleset_id.replace('-', '_')}", (SpielGame,), fields)
    pyspiel.register_game(game_type, made)
    return name


def _rules(ruleset_id: str, params: Mapping[str, Any]) -> Ruleset:
    """The ruleset with the game's parameters applied (``options``/``options_file`` first, then each
    scalar option given by its own name); a bad value is a ``RulesetError`` in one line."""
    # OpenSpiel hands the game every parameter, at its default where not given: the scalar options
    # first, so that a value of ``options`` or ``options_file`` stands over them
    overrides: dict[str, Any] = {k: v for k, v in params.items() if k not in _OWN}
    for key, text in (("options_file", params.get("options_file", "")), ("options", params.get("options", ""))):
        if not text:
            continue
        where = f"the parameter {key}"
        if key == "options_file":
            try:
                text, where = Path(text).read_text(encoding="utf-8"), text
            except OSError as exc:
                raise RulesetError(f"{text}: cannot be read ({exc.strerror})") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise RulesetError(f"{where}: malformed YAML: {exc}".replace("\n", " ")) from None
        if data is None:
            continue
        if not isinstance(data, dict):
            raise RulesetError(f"{where}: expected a mapping of option names to values, such as {{talon: {{4: 4}}}}")
        overrides.update(data)
    return load_ruleset(ruleset_id).with_options(overrides)


class _Shape:
    """How a ruleset's hand is dealt, as the game's own deal shows it: the pack, and who receives the
    ``k``-th card dealt (a seat, from the eldest round to the dealer until each holds as many as the
    game deals him, then the talon, the rest of the pack, in its order)."""

    def __init__(self, game: Game, rules: Ruleset, *, dealer: int) -> None:
        probe = game.new_hand(rules, dealer=dealer, seed=0)
        self.game, self.players = game, probe.players
        self.pack: tuple[Card, ...] = tuple(game.pack(rules))
        sizes = [len(probe.knows(seat).holding) for seat in range(self.players)]
        order = [(dealer + 1 + k) % self.players for k in range(self.players)]
        slots: list[int | str] = []
        while len(slots) < sum(sizes):
            slots += [seat for seat in order if slots.count(seat) < sizes[seat]]
        self.slots: tuple[int | str, ...] = (*slots, *["talon"] * (len(self.pack) - len(slots)))

    @classmethod
    def of(cls, rules: Ruleset, *, dealer: int) -> _Shape:
        return cls(game_of(rules), rules, dealer=dealer)

    def deal(self, cards: Sequence[Card]) -> dict[int | str, list[Card]]:
        """The deal of the cards dealt in order, as ``game.new_hand`` takes it."""
        deal: dict[int | str, list[Card]] = {seat: [] for seat in range(self.players)}
        deal["talon"] = []
        for slot, card in zip(self.slots, cards, strict=True):
            deal[slot].append(card)
        return deal


class _Hand:
    """The game's hand in a state of OpenSpiel's, with the deal it was made from: copied with the
    hand's own copy, pickled (OpenSpiel serialises a Python state's attributes so) as its ruleset,
    deal and moves, and made again from them."""

    __slots__ = ("deal", "state")

    def __init__(self, state: State, deal: dict[int | str, list[Card]] | None) -> None:
        self.state, self.deal = state, deal

    def __deepcopy__(self, memo: object) -> _Hand:
        return _Hand(self.state.copy(), self.deal)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.deal is None:
            raise pyspiel.SpielError("a resampled state is drawn, not dealt: it cannot be serialised")
        rules, state = self.state.rules, self.state
        codes = [action.code for action in state.history()]
        return (_replayed, (rules.id, rules.changed(), state.dealer, self.deal, codes))


def _replayed(ruleset_id: str, options: dict[str, Any], dealer: int, deal: dict[int | str, list[Card]],
              codes: list[int]) -> _Hand:  # fmt: skip
    rules = load_ruleset(ruleset_id).with_options(options)
    state = game_of(rules).new_hand(rules, dealer=dealer, deal=deal)
    for code in codes:
        state.apply(code)
    return _Hand(state, deal)


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A ruleset as an OpenSpiel game (see the module's docstring)."""

    #: set by :func:`register` in the class it makes for each ruleset
    game_type: Any
    ruleset_id: str

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = _rules(self.ruleset_id, params)
        dealer = int(params.get("dealer", 0))
        shape = _Shape.of(rules, dealer=dealer)
        game = shape.game
        actions = game.action_count(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=CARD_CODES,
            num_players=shape.players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=0.0 if game.zero_sum else None,
            max_game_length=MOVES_PER_CARD * len(shape.pack),
        )
        super().__init__(self.game_type, info, params)
        self.rules, self.game, self.dealer, self.shape, self.actions = rules, game, dealer, shape, actions

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return _Observer(self)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: its deal, card by card (chance), then the game's hand, move by move."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.dealt: list[Card] = []
        self.hand: _Hand | None = None

    @property
    def spiel(self) -> SpielGame:
        game: SpielGame = self.get_game()
        return game

    # -- OpenSpiel's state ------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.hand.state.to_act()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.state.over()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return [action.code for action in self.hand.state.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(self.spiel.shape.pack) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self.dealt.append(action)
            shape = self.spiel.shape
            if len(self.dealt) == len(shape.pack):
                deal = shape.deal(self.dealt)
                spiel = self.spiel
                self.hand = _Hand(spiel.game.new_hand(spiel.rules, dealer=spiel.dealer, deal=deal), deal)
        else:
            self.hand.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        spiel = self.spiel
        if player == pyspiel.PlayerId.CHANCE:
            slot = spiel.shape.slots[min(len(self.dealt), len(spiel.shape.slots) - 1)]
            return f"deal {spiel.rules.pack.name(action)} to {slot}"
        if self.hand is not None and self.hand.state.to_act() == player:
            for legal in self.hand.state.legal_actions():
                if legal.code == action:
                    return _action_text(legal, spiel.rules)
        return f"action {action}"

    def returns(self) -> list[float]:
        if self.hand is None:
            return [0.0] * self.spiel.shape.players
        return [float(r) for r in self.hand.state.returns()]

    def __str__(self) -> str:
        rules = self.spiel.rules
        lines = [f"dealt: {' '.join(rules.pack.names(self.dealt))}"]
        if self.hand is not None:
            lines += [f"{a.seat} {_action_text(a, rules)}" for a in self.hand.state.history()]
        return "\n".join(lines)


def _action_text(action: Action, rules: Ruleset) -> str:
    """An action as a line of text: its kind, its card (``?`` where the player did not see it), its name."""
    card = rules.pack.name(action.card) if action.card is not None else ("?" if action.code < 0 else "")
    return " ".join(part for part in (action.kind, card, action.name) if part)


class _Observer:
    """What a player knows of a state, as OpenSpiel's observers give it: a string (his seat, then
    :meth:`State.knows`, line by line) and the vector of :mod:`reversis.apps.observation`."""

    def __init__(self, game: SpielGame) -> None:
        self.players, self.actions = game.shape.players, game.actions
        self.tensor = np.zeros(vector_size(players=self.players, actions=self.actions), np.float32)
        self.dict = {"knowledge": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if state.hand is None:
            self.tensor.fill(0)
            self.tensor[player] = 1
            mine = [card for card, slot in zip(state.dealt, state.spiel.shape.slots, strict=False) if slot == player]
            self.tensor[2 * self.players + np.array(mine, dtype=np.int64)] = 1
            return
        inner = state.hand.state
        knows = inner.knows(player)
        self.tensor[:] = knowledge_vector(knows, to_act=inner.to_act(), players=self.players, actions=self.actions)

    def string_from(self, state: SpielState, player: int) -> str:
        rules = state.spiel.rules
        if state.hand is None:
            mine = [card for card, slot in zip(state.dealt, state.spiel.shape.slots, strict=False) if slot == player]
            return f"seat {player}\ndealt to him: {' '.join(rules.pack.names(mine))}"
        knows = state.hand.state.knows(player)
        return "\n".join(
            [
                f"seat {player}",
                f"holds: {' '.join(rules.pack.names(knows.holding))}",
                f"saw of the talon: {' '.join(rules.pack.names(knows.talon_seen))}",
                f"void: {' '.join(''.join(rules.pack.suit_letters[s] for s in sorted(v)) or '-' for v in knows.voids)}",
                *(f"{a.seat} {_action_text(a, rules)}" for a in knows.history),
            ]
        )


def resampler(seed: int | None = None) -> Callable[[SpielState, int], SpielState]:
    """For ``ISMCTSBot.set_resampler``: given a state and a player, a state that agrees with everything
    the player knows, its hidden cards dealt again at random (:meth:`State.resample`, from a generator
    seeded with ``seed``). Such a state has no deal of its own (its cards were drawn, not dealt one
    by one): it plays on, and it is not serialised."""
    rng = random.Random(seed)

    def resample(state: SpielState, player: int) -> SpielState:
        if state.hand is None:
            raise pyspiel.SpielError("a state is resampled once its deal is complete")
        other: SpielState = state.spiel.new_initial_state()
        other.hand = _Hand(state.hand.state.resample(player, rng), None)
        return other

    return resample

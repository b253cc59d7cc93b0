"""What one player knows of a hand in progress, as a vector of fixed size: the observation that the
AI frameworks' adapters (:mod:`reversis.apps.openspiel`, :mod:`reversis.apps.pettingzoo_env`) give a
learning agent, read from :meth:`reversis.core.moves.State.knows` and nothing else of the hand but
whose move it is (which every player sees).

The vector is of zeros and ones (``float32``), in this order, for ``n`` players and an action space
of ``a`` codes (``game.action_count(rules)``); a card is its code (``suit << 4 | rank``, under 64):

- the observer's seat, one-hot (``n``); the seat to act, one-hot (``n``, all zeros once over);
- the cards he holds (64), the talon cards he has seen or taken (64);
- for each seat, the cards he has seen it play or discard (``n × 64``);
- for each seat, the suits it has shown it holds no more (``n × 4``);
- the last ``n`` moves, the latest first, each as its seat (``n``), its code (``a``: none where he
  saw the move without its card, another player's discard) and whether it was so hidden (1).

>>> from reversis.core.cards import FRENCH
>>> from reversis.core.moves import Action, Knowledge
>>> jh = FRENCH.parse("JH")
>>> knows = Knowledge(seat=1, holding=(jh,), talon_seen=(), history=(Action("play", 0, 5, FRENCH.parse("2S")),),
...                   voids=(frozenset(), frozenset(), frozenset(), frozenset()))
>>> v = knowledge_vector(knows, to_act=1, players=4, actions=10)
>>> v.shape == (vector_size(players=4, actions=10),), v.shape
(True, (612,))
>>> int(v.sum()), bool(v[1]), bool(v[4 + 1]), bool(v[8 + jh])
(6, True, True, True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from reversis.core.moves import Knowledge

__all__ = ["CARD_CODES", "knowledge_vector", "vector_size"]

#: The number of card codes: a card is ``suit << 4 | rank``, suits 0–3 and ranks 2–14.
CARD_CODES = 64
_SUITS = 4


def vector_size(*, players: int, actions: int) -> int:
    """The length of the vector for ``players`` seats and an action space of ``actions`` codes."""
    return 2 * players + 2 * CARD_CODES + players * (CARD_CODES + _SUITS) + players * (players + actions + 1)


def knowledge_vector(knows: Knowledge, *, to_act: int | None, players: int, actions: int) -> npt.NDArray[np.float32]:
    """What ``knows`` says, as the vector described in the module's docstring."""
    v = np.zeros(vector_size(players=players, actions=actions), dtype=np.float32)
    v[knows.seat] = 1
    if to_act is not None:
        v[players + to_act] = 1
    at = 2 * players
    v[[at + card for card in knows.holding]] = 1
    at += CARD_CODES
    v[[at + card for card in knows.talon_seen]] = 1
    at += CARD_CODES
    for action in knows.history:
        if action.card is not None:
            v[at + action.seat * CARD_CODES + action.card] = 1
    at += players * CARD_CODES
    for seat, suits in enumerate(knows.voids):
        v[[at + seat * _SUITS + suit for suit in suits]] = 1
    at += players * _SUITS
    width = players + actions + 1
    for back, action in enumerate(reversed(knows.history[-players:])):
        start = at + back * width
        v[start + action.seat] = 1
        if _hidden(action):
            v[start + players + actions] = 1
        else:
            v[start + players + action.code] = 1
    return v


def _hidden(action: object) -> bool:
    """Whether the observer saw this move without what it was (the game gives such a move a negative code)."""
    return getattr(action, "code", 0) < 0

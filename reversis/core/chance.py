"""Random numbers drawn as CPython's ``random`` draws them, in plain loops that the compiled engine
runs without calling back into the ``random`` module's Python code.

``draw(rng, n)`` is the number ``rng.randrange(n)`` gives, and ``shuffle(rng, items)`` the order
``rng.shuffle(items)`` leaves: the same seed gives the same hands whichever is used, compiled or not.

>>> items = list(range(10))
>>> shuffle(random.Random(5), items)
>>> theirs = list(range(10)); random.Random(5).shuffle(theirs)
>>> items == theirs
True
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["draw", "shuffle"]

T = TypeVar("T")


def draw(rng: random.Random, n: int) -> int:
    """A number from 0 to ``n - 1`` (``n`` at least 1): the number ``rng.randrange(n)`` gives, drawn as
    CPython draws it (random bits as many as ``n`` has, again until they are below ``n``), without the
    argument checks that cost ``randrange`` more than the draw.

    >>> [draw(random.Random(7), n) for n in (1, 2, 13, 100)] == [random.Random(7).randrange(n) for n in (1, 2, 13, 100)]
    True
    """
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does (Fisher and Yates, from the last item
    down: each swapped with one drawn from those not yet placed)."""
    for i in range(len(items) - 1, 0, -1):
        j = draw(rng, i + 1)
        items[i], items[j] = items[j], items[i]

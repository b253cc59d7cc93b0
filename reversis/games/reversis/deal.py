"""The deal: the shuffle, and the check that a given deal is exactly the pack.

The positions each seat's cards take in the shuffled pack (packets of
``deal_packet`` from the eldest round to the dealer) are compiled with the
ruleset's other options in :mod:`reversis.games.reversis.params`.
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Iterable, Sequence

from reversis.core.cards import Card
from reversis.core.errors import ScenarioError
from reversis.core.ruleset import Ruleset
from reversis.games.reversis.params import Params

__all__ = ["check_pack", "shuffle_pack"]


def shuffle_pack(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """The cards in a random order, sorted on a random 64-bit key each (as fair as ``shuffle``, and faster).

    The keys are the little-endian words of one ``getrandbits`` call, so the order is the same
    on every machine and Python version for the same generator state. The sort orders the cards'
    places by their keys; two equal keys (a chance of about one in 10^16 per deal) would keep the
    order the cards have in ``cards``.
    """
    pack = list(cards)
    words = array("Q", rng.getrandbits(64 * len(pack)).to_bytes(8 * len(pack), "little"))
    if sys.byteorder == "big":
        words.byteswap()
    keys = list(words)
    return [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]


def check_pack(
    rules: Ruleset, p: Params, *, dealer: int, hands: Sequence[Iterable[Card]], talon: Sequence[Card]
) -> None:
    """Raise ``ScenarioError`` unless the hands and the talon are exactly the pack, in the right sizes.

    "Si le jeu n'est pas complet ... l'on doit refaire": a deal that is not exactly the pack is void.
    """

    def name(card: Card) -> str:
        try:
            return rules.pack.name(card)
        except (ValueError, IndexError):
            return f"card code {card!r}"

    given = [list(cards) for cards in hands]
    seen: dict[Card, str] = {}
    for seat, cards in enumerate([*given, list(talon)]):
        where = "the talon" if seat == len(given) else f"hand {seat}"
        for card in cards:
            if card in seen:
                twice = f"twice in {where}" if seen[card] == where else f"twice ({seen[card]} and {where})"
                raise ScenarioError(f"card {name(card)} is dealt {twice}; rule deal.misdeal orders a redeal")
            seen[card] = where
    for seat, cards in enumerate(given):
        want = p.hand_size + (p.dealer_extra if seat == dealer else 0)
        if len(cards) != want:
            raise ScenarioError(
                f"hand {seat} has {len(cards)} cards, expected {want}; rule deal.misdeal orders a redeal"
            )
    if len(talon) != p.talon_size:
        raise ScenarioError(f"the talon has {len(talon)} cards, expected {p.talon_size} (rule deal.misdeal)")
    missing = set(p.pack) - seen.keys()
    extra = seen.keys() - set(p.pack)
    if extra:
        card = min(extra)
        raise ScenarioError(f"card {name(card)} is not in this ruleset's pack; rule deal.misdeal orders a redeal")
    if missing:
        raise ScenarioError(f"the pack is incomplete: {', '.join(rules.pack.names(sorted(missing)))} missing")

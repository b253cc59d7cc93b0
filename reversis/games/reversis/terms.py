"""The words of Reversis in each pack it is played with (the French rulebooks' and the revesino's
own), for what a reader is told: the account, the sitting's table, the JSON's readable strings.

>>> from reversis.core.cards import FRENCH, SPANISH
>>> term(SPANISH, "pool"), term(FRENCH, "quinola")
('fondo', 'quinola')
"""

from __future__ import annotations

from reversis.core.cards import Pack

__all__ = ["TERMS", "WORDS", "term"]

#: The terms of the game in every pack, what each names, and the French and Spanish words for it. The
#: French are the Encyclopédie's and the French rulebooks'; the Spanish are revesino-es's own.
TERMS = {
    "quinola": "the card with the special rights",
    "pool": "the pool of chips on the table",
    "reversis": "the stroke of taking every trick",
    "placed": "what a player does who throws the quinola on another suit",
    "placed-pool": "why the pool goes to the player who placed the quinola",
    "in-talon": "the quinola never played: it stayed in the talon",
    "eldest": "the player after the dealer, who leads first",
}

#: Each pack's words for the terms, by the pack's id.
WORDS: dict[str, dict[str, str]] = {
    "french": {
        "quinola": "quinola",
        "pool": "pool",
        "reversis": "reversis",
        "placed": "throws the quinola en renonce",
        "placed-pool": "for the quinola thrown en renonce",
        "in-talon": "the quinola was never played: it lay in the talon (écarté)",
        "eldest": "the eldest",
    },
    "spanish": {
        "quinola": "quínola",
        "pool": "fondo",
        "reversis": "revesino",
        "placed": "places (coloca) the quínola on another suit",
        "placed-pool": "for the quínola placed (colocada) on another suit",
        "in-talon": "the quínola was never played: it lay under the platillo",
        "eldest": "the player on the dealer's right",
    },
}


def term(pack: Pack, key: str) -> str:
    """The pack's word for ``key`` (``quinola``, ``pool``, …), ``KeyError`` naming it if it has none."""
    words = WORDS.get(pack.id, {})
    try:
        return words[key]
    except KeyError:
        raise KeyError(f"the {pack.id} pack has no term {key!r} (known: {', '.join(sorted(words))})") from None

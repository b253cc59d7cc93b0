"""A hand finished at the table, told from the one description of a finished hand that its game
gives (:meth:`reversis.core.game.Game.describe`): what happened before the first card, then each
card played with what it set off (the trick taken, each payment or mark with its rule and the
source's words), and what the hand left each player, in the game's own unit, the reader first.

The page "Play a hand" draws it at the end of a hand, one step per card with the worked examples'
controls; the players are named by their place in the hand (``the eldest hand``, never a seat
number) and the reader is "you".

>>> from reversis.apps.table import Table
>>> table = Table.open("encyclopedie-1765", seed=3)
>>> while not table.done:
...     _ = table.act(table.offers()[-1])
>>> told = described(table)
>>> told["before"][0]["text"], told["before"][0]["rule_name"]
('The dealer pays the pool 2 chips: The stakes to the pool.', 'The stakes to the pool')
>>> told["steps"][0]["text"], [e["text"] for e in told["steps"][3]["after"]]
('The eldest hand (you) plays the king of hearts.', ['The eldest hand (you) takes trick 1.'])
>>> [r["text"] for r in told["results"]][:2]
['The eldest hand (you): −17 chips', 'The second hand: 0 chips']
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from reversis.core.cards import ACE, JACK, KING, QUEEN, TEN, Card, Pack, card_rank, card_suit
from reversis.core.game import Game, JsonObject
from reversis.core.moves import Happened
from reversis.core.ruleset import Ruleset

__all__ = ["card_face", "card_words", "described", "truncated"]

_RANKS = {ACE: "ace", KING: "king", QUEEN: "queen", JACK: "jack", TEN: "ten"}
_SPANISH_RANKS = {KING: "rey", QUEEN: "caballo", JACK: "sota"}
_NUMBERS = ("", "", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: What happened that a reader looks up: each with its rule's English name and the source's words.
_RULED = ("payment", "marks", "bete", "declare", "claim")


class Table(Protocol):
    """What this module reads of a finished hand at the table (:class:`reversis.apps.table.Table`)."""

    rules: Ruleset
    game: Game
    dealer: int
    players: int
    reader: int
    words: dict[str, Any]

    def finished_hand(self) -> Any: ...

    def sentence(self, item: Any) -> str: ...

    def who(self, seat: int) -> str: ...


def card_words(pack: Pack, card: Card) -> str:
    """A card in words: ``the seven of hearts``, ``the sota of copas``.

    >>> from reversis.core.cards import FRENCH, SPANISH
    >>> card_words(FRENCH, FRENCH.parse("7H")), card_words(SPANISH, SPANISH.parse("RO"))
    ('the seven of hearts', 'the rey of oros')
    """
    rank = card_rank(card)
    words = (_SPANISH_RANKS if pack.id == "spanish" else {}).get(rank) or _RANKS.get(rank) or _NUMBERS[rank]
    return f"the {words} of {pack.suit_names[card_suit(card)]}"


#: The index printed in the corner of a card of the Spanish pack: the sota 10, the caballo 11, the rey 12.
_SPANISH_INDEX = {ACE: "1", KING: "12", QUEEN: "11", JACK: "10"}


def card_face(pack: Pack, card: Card) -> JsonObject:
    """A card as the page draws it: its notation, its face (rank and suit symbol where the pack has
    symbols), its words, its suit, the index in its corner as the pack prints it, and the name of
    its figure (the Spanish pack's sota, caballo and rey carry theirs under the picture).

    >>> from reversis.core.cards import FRENCH, SPANISH
    >>> card_face(FRENCH, FRENCH.parse("TS"))
    {'card': 'TS', 'face': '10♠', 'words': 'the ten of spades', 'suit': 'spades', 'index': '10', 'figure': ''}
    >>> {k: card_face(SPANISH, SPANISH.parse("CC"))[k] for k in ("index", "figure", "words")}
    {'index': '11', 'figure': 'caballo', 'words': 'the caballo of copas'}
    """
    name, suit, rank = pack.name(card), card_suit(card), card_rank(card)
    face = ("10" if name[0] == "T" else name[0]) + "♠♥♦♣"[suit] if pack.id == "french" else name
    if pack.id == "spanish":
        index, figure = _SPANISH_INDEX.get(rank) or str(rank), _SPANISH_RANKS.get(rank, "")
    else:
        index, figure = "10" if name[0] == "T" else name[0], ""
    out: JsonObject = {"card": name, "face": face, "words": card_words(pack, card), "suit": pack.suit_names[suit]}
    out.update(index=index, figure=figure)
    return out


def truncated(text: str, length: int = 60) -> str:
    """A long quotation cut at a word, as the example pages cut it beside a payment (jinja2's
    ``truncate`` filter: five characters of leeway, ``...`` at the end).

    >>> truncated("short"), truncated("word " * 20)
    ('short', 'word word word word word word word word word word word...')
    """
    if len(text) <= length + 5:
        return text
    return text[: length - 3].rsplit(" ", 1)[0] + "..."


def _anchor(rule: str) -> str:
    """The anchor of a rule's row on its ruleset's page."""
    return "rule-" + re.sub(r"[^a-z0-9]+", "-", rule)


def _entry(table: Table, happened: Happened) -> JsonObject:
    """One thing that happened, in its sentence; a payment, a mark, a bête, a declaration or a
    claim with its rule's English name, its id (a label) and the source's words with their English."""
    out: JsonObject = {"kind": happened.kind, "text": table.sentence(happened), "trick": happened.trick}
    if happened.kind in _RULED and happened.rule:
        out.update(rule=happened.rule, rule_name=table.rules.rule_name(happened.rule), anchor=_anchor(happened.rule))
        words = table.words.get(happened.rule) or {}
        out.update({k: words[k] for k in ("quote", "gloss", "paragraph", "lang", "href") if k in words})
    return out


def described(table: Table) -> JsonObject:
    """The finished hand at ``table`` told from its game's description (the module's docstring)."""
    game, hand = table.game, table.finished_hand()
    description = game.describe(hand)
    pack = table.rules.pack
    before: list[JsonObject] = []
    steps: list[JsonObject] = []
    led = True
    for step in description.steps:
        h = step.happened
        if h.kind in ("play", "out-of-turn") and h.card is not None:
            steps.append(
                {
                    "number": len(steps) + 1,
                    "trick": h.trick,
                    "text": table.sentence(h),
                    "card": card_face(pack, h.card),
                    "leads": led and h.kind == "play",
                    "after": [],
                }
            )
            led = False
        elif table.sentence(h):
            # at the card that closed its trick (a game may tell its marks after the last card)
            at = [x for x in steps if x["trick"] == h.trick and h.kind in _RULED] or steps
            (at[-1]["after"] if at else before).append(_entry(table, h))
            led = led or h.kind == "trick"
    order = sorted(range(table.players), key=lambda s: (s != table.reader, (s - table.dealer - 1) % table.players))
    results = []
    for seat in order:
        value = description.returns[seat]
        unit = description.unit if abs(value) != 1 else description.unit.removesuffix("s")
        amount = f"{value:+g}".replace("-", "−") if value else "0"
        who = table.who(seat) + (" (you)" if seat == table.reader else "")
        results.append({"who": who, "value": value, "text": f"{who[0].upper()}{who[1:]}: {amount} {unit}"})
    return {
        "unit": description.unit,
        "meaning": game.returns_meaning,
        "before": before,
        "steps": steps,
        "results": results,
    }

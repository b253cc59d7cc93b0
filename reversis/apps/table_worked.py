"""A hand finished at the table, told as the site's worked examples tell a hand: the deal, the
exchange, the play card by card with what each card set off, the tricks, the payments (or marks)
each with its rule and the source's words, and the result.

The page "Play a hand" draws it ("Open as a worked example") with the structure and the classes of
an example's page; this module gives it the words, the players named by their place in the hand as
the examples name them (``the eldest hand``, never a seat number), so that a played hand and a
worked example of the same scenario say the same thing.

>>> from reversis.apps.table import Table
>>> table = Table.open("encyclopedie-1765", seed=3)
>>> while not table.done:
...     _ = table.act(table.offers()[-1])
>>> told = worked(table)
>>> told["payments"][0]["payer"], told["payments"][0]["payee"], told["payments"][0]["name"]
('the dealer', 'the pool', 'The stakes to the pool')
>>> told["tricks"][0]["winner"], [c["who"] for c in told["tricks"][0]["cards"]][:2]
('the eldest hand', ['the eldest hand', 'the second hand'])
>>> sum(len(s["entries"]) for s in told["steps"]) + len(told["before"]) == len(told["payments"])
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

import yaml

from reversis.apps.table_hands import check_seat
from reversis.core.cards import ACE, JACK, KING, QUEEN, TEN, Card, Pack, card_rank, card_suit
from reversis.core.game import JsonObject
from reversis.core.roles import in_sentence, role, role_label, side
from reversis.core.ruleset import Ruleset

__all__ = ["card_face", "card_words", "truncated", "worked"]

_RANKS = {ACE: "ace", KING: "king", QUEEN: "queen", JACK: "jack", TEN: "ten"}
_SPANISH_RANKS = {KING: "rey", QUEEN: "caballo", JACK: "sota"}
_NUMBERS = ("", "", "two", "three", "four", "five", "six", "seven", "eight", "nine")


class Table(Protocol):
    """What this module reads of a finished hand at the table (:class:`reversis.apps.table.Table`)."""

    rules: Ruleset
    dealer: int
    players: int
    said: list[JsonObject]
    words: dict[str, Any]

    def result(self) -> JsonObject: ...

    def saved(self) -> str: ...


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


class _Names:
    """The players by their place in the hand (and Romestecq's sides), as an example's page names them."""

    def __init__(self, table: Table, result: JsonObject) -> None:
        self.dealer, self.players = table.dealer, table.players
        self.sides: dict[int, list[int]] = {int(k): list(v) for k, v in (result.get("sides") or {}).items()}

    def who(self, party: Any) -> str:
        if party is None:
            return "nobody"
        if not isinstance(party, int) and not str(party).isdigit():
            return "the pool"
        return role(int(party), dealer=self.dealer, players=self.players)

    def label(self, seat: int) -> str:
        return role_label(seat, dealer=self.dealer, players=self.players)

    def order(self) -> list[int]:
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    def side(self, which: int) -> str:
        dealer_side = next(s for s, seats in self.sides.items() if self.dealer in seats)
        return side(which, dealer_side=dealer_side)

    def side_of(self, seat: int) -> int:
        return next(s for s, seats in self.sides.items() if seat in seats)


def worked(table: Table) -> JsonObject:
    """The finished hand at ``table`` as a worked example tells it (the module's docstring)."""
    result = table.result()
    names = _Names(table, result)
    pack, rules = table.rules.pack, table.rules
    quinola = pack.parse(rules["quinola"]) if "quinola" in rules.options else None

    def drawn(card: int) -> JsonObject:
        """A card as an example's page draws it: its words without "the", the quinola said."""
        out = card_face(pack, card)
        out["words"] = str(out["words"]).removeprefix("the ") + (" (quinola)" if card == quinola else "")
        return out

    def face(name: str) -> JsonObject:
        return drawn(pack.parse(name))

    saved = yaml.safe_load(table.saved())
    marks = "marks" in result and "balances" not in result
    deal = []
    for seat in names.order():
        held = sorted((pack.parse(c) for c in saved["hands"][seat]), key=lambda c: (card_suit(c), -card_rank(c)))
        row: JsonObject = {
            "seat": seat,
            "label": names.label(seat),
            "role": "leads first" if seat == names.order()[0] else "",
            "cards": [drawn(c) for c in held],
            "count": len(held),
        }
        if marks:
            row["side_name"] = names.side(names.side_of(seat))
            row["combinations"] = [
                {"name": c["name"], "cards": [face(x) for x in c["cards"]], "worth": c["worth"]}
                for c in result["combinations"][str(seat)]
            ]
        deal.append(row)
    entries = [_entry(e, n, names, table) for n, e in enumerate(result["ledger"], 1)]
    before, steps = _steps(table, names, face)
    out: JsonObject = {
        "unit": "marks" if marks else "chips",
        "ruleset": rules.id,
        "deal": deal,
        "talon": [face(c) for c in saved.get("talon") or []],
        "exchange": _exchange(result, names, face),
        "before": before,
        "steps": steps,
        "tricks": [
            {
                "number": i,
                "cards": [
                    {"who": names.who((t["leader"] + j) % table.players), "card": face(c), "call": call}
                    for j, (c, call) in enumerate(
                        zip(t["cards"], t.get("calls") or [None] * len(t["cards"]), strict=True)
                    )
                ],
                "winner": names.who(t["winner"]),
            }
            for i, t in enumerate(result["tricks"], 1)
        ],
        ("marks" if marks else "payments"): entries,
        "rows": _rows(result, names, marks),
        "notes": _notes(result, names, table, face, marks),
    }
    return out


def _entry(e: JsonObject, number: int, names: _Names, table: Table) -> JsonObject:
    """A payment (or a mark) as the example's table shows it, with the source's words of its rule."""
    rules = table.rules
    name = rules.rule_name(str(e["rule"]))
    words = table.words.get(str(e["rule"])) or {}
    out: JsonObject = {
        "number": number,
        "trick": e.get("trick"),
        "rule": e["rule"],
        "name": name,
        "phrase": in_sentence(name),
        "anchor": _anchor(str(e["rule"])),
    }
    if words:
        out["annotation"] = {
            "id": words.get("annotation", ""),
            "quote": words["quote"],
            "gloss": words.get("gloss", ""),
            "short_quote": truncated(str(words["quote"])),
            "short_gloss": truncated(" ".join(str(words.get("gloss", "")).split())),
            "href": words.get("href", ""),
        }
    if "payer" in e:
        out.update(payer=names.who(e["payer"]), payee=names.who(e["payee"]), amount=e["amount"])
    else:
        seat = e.get("seat")
        out.update(
            side_name=names.side(int(e["side"])), marks=e["marks"], who=None if seat is None else names.who(seat)
        )
    return out


def _steps(table: Table, names: _Names, face: Callable[[str], JsonObject]) -> tuple[list[int], list[JsonObject]]:
    """The entries of the ledger made before the first card, and one step per card played with the
    numbers of the entries it set off, in the order the table told them."""
    before: list[int] = []
    steps: list[JsonObject] = []
    current: list[JsonObject] = []
    made = 0
    trick = 1
    for said in table.said:
        kind = said["kind"]
        if kind in ("play", "out-of-turn"):
            seat = check_seat(int(said["seat"]), table.players)
            card = face(said["card"])
            if kind == "play":
                current.append({"who": names.who(seat), "card": card})
            steps.append(
                {
                    "number": len(steps) + 1,
                    "trick": trick,
                    "who": names.who(seat),
                    "card": card,
                    "call": said.get("call") or None,
                    "how": "out-of-turn" if kind == "out-of-turn" else "played",
                    "leads": len(current) == 1 and kind == "play",
                    "table": list(current),
                    "taker": None,
                    "settled": False,
                    "entries": [],
                }
            )
        elif kind == "trick":
            steps[-1]["taker"] = names.who(said["seat"])
            trick += 1
            current = []
        elif kind in ("payment", "marks"):
            made += 1
            (steps[-1]["entries"] if steps else before).append(made)
    if steps:
        steps[-1]["settled"] = True
    return before, steps


def _exchange(result: JsonObject, names: _Names, face: Callable[[str], JsonObject]) -> list[JsonObject]:
    out = []
    for x in result.get("exchange") or []:
        if x.get("pass"):
            out.append({"who": names.who(x["seat"]), "pass": True, "seen": x.get("seen") and face(x["seen"])})
        else:
            took = x.get("took")
            out.append(
                {"who": names.who(x["seat"]), "pass": False, "discard": face(x["discard"]), "took": took and face(took)}
            )
    return out


def _rows(result: JsonObject, names: _Names, marks: bool) -> list[JsonObject]:
    """The result's table: each player's tricks, points and balance (or each side's marks)."""
    if not marks:
        return [
            {
                "label": names.label(s),
                "tricks": _at(result["tricks_won"], s),
                "points": _at(result["points"], s),
                "balance": _at(result["balances"], s),
            }
            for s in names.order()
        ]
    dealer_side = names.side_of(names.dealer)
    return [
        {
            "name": names.side(s),
            "members": [names.who(seat) for seat in names.order() if seat in names.sides[s]],
            "before": _at(result["marks"]["before"], s),
            "rubbed": _at(result["marks"]["rubbed"], s),
            "after": _at(result["marks"]["after"], s),
        }
        for s in sorted(names.sides, key=lambda s: s != dealer_side)
    ]


def _at(by_seat: Any, key: int) -> Any:
    """A result's value for a seat or a side, whether its keys are numbers or (from JSON) text."""
    return by_seat[key] if key in by_seat else by_seat[str(key)]


def _notes(
    result: JsonObject, names: _Names, table: Table, face: Callable[[str], JsonObject], marks: bool
) -> list[str]:
    """The lines under the result's table, as an example's page writes them (cards by their faces)."""
    who = names.who
    if marks:
        claims = [
            f"{who(c['seat']).capitalize()} counts his {c['combination']}: {c['marks']} mark{'s' * (c['marks'] != 1)}, "
            f"{in_sentence(table.rules.rule_name(c['rule']))}."
            for c in result.get("claims") or []
        ]
        over = result.get("game_over")
        if over:
            how = in_sentence(table.rules.rule_name(over["rule"]))
            return [*claims, f"{names.side(int(over['winner'])).capitalize()} wins the game: {how}."]
        return [*claims, "Neither side has rubbed out its last mark: the game goes on."]
    pool = result["pool"]
    won = pool.get("won_by")
    notes = [
        f"The pool: {pool['before']} before the hand, {pool['after']} after it"
        + (f"; won by {who(won)}." if won is not None else "; nobody won it.")
    ]
    q = result.get("quinola")
    if q:
        notes.append(
            f"The quinola: {q['how']}"
            + (f" by {who(q['seat'])}" if q.get("seat") is not None else "")
            + (f" in trick {q['trick']}" if q.get("trick") else "")
            + "."
        )
    r = result.get("reversis")
    if r:
        cut = f", cut by {who(r['cut_by'])}" if r.get("cut_by") is not None else ""
        notes.append(f"The reversis: {'made' if r['made'] else 'attempted'} by {who(r['by'])}{cut}.")
    award = result.get("talon_award")
    talon = " ".join(str(drawn["face"]) for drawn in map(face, result.get("talon") or []))
    if award:
        payers = ", ".join(who(p) for p in award["payers"]) or "nobody"
        notes.append(
            f"The talon ({talon}, worth {award['value']}) goes to {who(award['to'])}, decided by "
            f"{award['decided_by']}; paid by {payers}."
        )
    elif talon:
        notes.append(f"The talon ({talon}) is not paid.")
    for b in result.get("betes") or []:
        name = in_sentence(table.rules.rule_name(b["rule"]))
        notes.append(f"{who(b['seat']).capitalize()} owes the pool a bête of {b['amount']}: {name}.")
    return notes

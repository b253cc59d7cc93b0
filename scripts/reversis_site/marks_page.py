"""The page of a worked example of a game kept in marks by two sides (Romestecq): the sides and the
manner of play, the cards dealt and the combinations held, the replay card by card with each mark
at the card that made it and the tricks (told from the game's description of the hand:
:mod:`reversis_site.told`), the claims and the faults, and the marks before and after; or,
for a hand that ended on the deal (a virlicque dealt), what ended it and the source's words, with
no replay and no tricks.
Rendered through the same template as the other examples (``example.md.j2``), by
:func:`reversis_site.examples.example_pages`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from reversis.annotations import Annotation
from reversis.core.cards import Card, card_rank, card_suit
from reversis.core.errors import ScenarioError
from reversis.core.game import Game
from reversis.core.moves import Happened
from reversis.core.roles import side
from reversis.core.ruleset import Ruleset
from reversis_site.cards import drawing
from reversis_site.example_parts import (
    Names,
    annotation_for,
    link,
    narrated,
    numbered,
    rule_view,
    settings_in_words,
    shows,
    step_view,
    tricks_view,
)
from reversis_site.told import told
from reversis_site.yaml_values import flow_yaml

if TYPE_CHECKING:
    from reversis_site.examples import WorkedExample


def _mark(
    h: Happened,
    number: int,
    example: WorkedExample,
    rules: Ruleset,
    annotations: Mapping[str, Annotation],
    names: Names,
    side_name: Callable[[int], str],
) -> dict[str, Any]:
    """A mark as the page shows it (the side whose marks move, the player they are his for),
    numbered as its row of the marks table."""
    aid = annotation_for(h.rule, rules, example.annotations)
    side = int(h.other or 0)
    return {
        "number": number,
        "side": side,
        "side_name": side_name(side),
        "who": None if h.seat is None else names.who(h.seat),
        "ruled": rule_view(h.rule, rules),
        "marks": h.amount,
        "rule": h.rule,
        "trick": h.trick,
        "seat": h.seat,
        "annotation": link(annotations, aid) if aid else None,
    }


def _seats(
    pack: Any,
    hand: Any,
    res: Mapping[str, Any],
    order: list[int],
    side_of: Mapping[int, int],
    card: Callable[[Card], Markup],
    names: Names,
    side_name: Callable[[int], str],
) -> list[dict[str, Any]]:
    """Each seat in playing order from the eldest: its side, its role, the cards dealt to it and the
    combinations it holds."""
    seats = []
    for seat in order:
        role = "leads first" if seat == order[0] else ""
        dealt = sorted(hand.dealt[seat], key=lambda c: (card_suit(c), -card_rank(c)))
        held = [
            {"name": c["name"], "cards": [card(pack.parse(x)) for x in c["cards"]], "worth": c["worth"]}
            for c in res["combinations"][str(seat)]
        ]
        seats.append(
            {
                "seat": seat,
                "label": names.label(seat),
                "side": side_of[seat],
                "side_name": side_name(side_of[seat]),
                "role": role,
                "cards": [card(c) for c in dealt],
                "count": len(dealt),
                "combinations": held,
            }
        )
    return seats


def _rows(
    res: Mapping[str, Any], sides: Mapping[int, list[int]], names: Names, side_name: Callable[[int], str]
) -> list[dict[str, Any]]:
    """Each side's marks before the hand, rubbed out in it, and after it, the dealer's side first."""
    marks_of = res["marks"]
    dealer_side = next(s for s, seats in sides.items() if names.dealer in seats)
    return [
        {
            "side": side,
            "name": side_name(side),
            "members": [names.who(seat) for seat in names.order() if seat in sides[side]],
            "seats": sides[side],
            "before": marks_of["before"][str(side)],
            "rubbed": marks_of["rubbed"][str(side)],
            "after": marks_of["after"][str(side)],
        }
        for side in sorted(sides, key=lambda s: s != dealer_side)
    ]


def _ended_on_deal(
    example: WorkedExample,
    hand: Any,
    rules: Ruleset,
    res: Mapping[str, Any],
    annotations: Mapping[str, Annotation],
    named: Callable[[str], Markup],
) -> dict[str, Any] | None:
    """What ended a hand before its first card, or None if a card was played: the rule, the side
    that wins the game and the seat that won it, the virlicques dealt, and the source's words (each
    annotation of the rule that the example names, with its English)."""
    if hand.played or not res["game_over"]:
        return None
    rule = res["game_over"]["rule"]
    seat = next((e["seat"] for e in res["ledger"] if e["rule"] == rule), None)
    named_here = [aid for aid in example.annotations if aid in rules.rule_annotations.get(rule, ())]
    first = annotation_for(rule, rules, example.annotations)
    words = [
        {**link(annotations, aid), "gloss": annotations[aid].gloss}
        for aid in (named_here or ([first] if first else []))
    ]
    virlicques = [
        {"seat": int(s), "cards": [named(c) for c in held["cards"]]}
        for s, combinations in res["combinations"].items()
        for held in combinations
        if held["name"] == "virlicque"
    ]
    return {"rule": rule, "winner": res["game_over"]["winner"], "seat": seat, "virlicques": virlicques, "words": words}


def _faults(res: Mapping[str, Any], rules: Ruleset) -> list[dict[str, Any]]:
    """The faults, each with its rule and its penalty's rule as a page names them."""
    return [
        dict(
            f,
            ruled=rule_view(f["rule"], rules),
            penalty_ruled=rule_view(f["penalty"], rules) if f["penalty"] in rules.rule_names else None,
        )
        for f in res["faults"]
    ]


def marks_page(
    example: WorkedExample,
    game: Game,
    scenario: Any,
    hand: Any,
    res: Mapping[str, Any],
    annotations: Mapping[str, Annotation],
    env: jinja2.Environment,
) -> str:
    """The page of an example of a game kept in marks by two sides (Romestecq)."""
    if example.refusals:
        raise ScenarioError(f"{example.path}: refusals are shown for hands kept in chips only")
    rules = scenario.rules
    pack = rules.pack
    card = drawing(env, pack, pack.parse(rules["quinola"]) if "quinola" in rules.options else None)
    sides = {int(side): list(seats) for side, seats in res["sides"].items()}
    n = int(res["players"])
    names = Names(dealer=hand.dealer, players=n)
    side_of = {seat: s for s, seats in sides.items() for seat in seats}

    def side_name(which: int) -> str:
        return side(which, dealer_side=side_of[hand.dealer])

    hand_told = told(game.describe(hand))
    number = numbered(hand_told)

    def mark(h: Happened) -> dict[str, Any]:
        return _mark(h, number(h), example, rules, annotations, names, side_name)

    step_views = [{**step_view(s, names, card), "marks": [mark(h) for h in s.said]} for s in hand_told.steps]
    order = names.order()
    rows = _rows(res, sides, names, side_name)
    over = res.get("game_over")

    def named(name: str) -> Markup:
        return card(pack.parse(name))

    return env.get_template("example.md.j2").render(
        example=example,
        page=f"examples/{example.page}.md",
        options=flow_yaml(dict(res["options"])) if res["options"] else None,
        marks={
            "sides": rows,
            "manner": res["manner"],
            "target": res["target"],
            "eldest": order[0],
            "dealer": hand.dealer,
        },
        **shows(example, annotations, rules),
        who=names.who,
        narrative=settings_in_words(narrated(example.narrative, names, side_name), rules),
        file_seats=names.file_seats(),
        game_over=over and {"side": side_name(over["winner"]), "ruled": rule_view(over["rule"], rules)},
        virlicque_side=res["virlicque"] and side_name(res["virlicque"]["side"]),
        seats=_seats(pack, hand, res, order, side_of, card, names, side_name),
        before=[mark(h) for h in hand_told.before],
        steps=step_views,
        tricks=tricks_view(hand_told, card),
        ended=_ended_on_deal(example, hand, rules, res, annotations, named),
        claims=[dict(c, ruled=rule_view(c["rule"], rules)) for c in res["claims"]],
        gruged=[dict(g, card=card(pack.parse(g["card"]))) for g in res["gruged"]],
        faults=_faults(res, rules),
        entries=[mark(h) for h in hand_told.entries],
        rows=rows,
        result=res,
        scenario_text=example.path.read_text(encoding="utf-8").rstrip("\n"),
    )

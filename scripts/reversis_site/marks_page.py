"""The page of a worked example of a game kept in marks by two sides (Romestecq): the sides and the
manner of play, the cards dealt and the combinations held, the replay card by card with each mark
at the card that made it, the tricks, the claims and the faults, and the marks before and after; or,
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
from reversis.core.ruleset import Ruleset
from reversis_site.cards import drawing, seated
from reversis_site.example_parts import annotation_for, link, shows
from reversis_site.replay import marks_replay
from reversis_site.yaml_values import flow_yaml

if TYPE_CHECKING:
    from reversis_site.examples import WorkedExample


def _mark(
    entry: Any, number: int, example: WorkedExample, rules: Ruleset, annotations: Mapping[str, Annotation]
) -> dict[str, Any]:
    """A mark as the page shows it, numbered as its row of the marks table."""
    aid = annotation_for(entry.rule, rules, example.annotations)
    return {
        "number": number,
        "side": entry.side,
        "marks": entry.marks,
        "rule": entry.rule,
        "trick": entry.trick,
        "seat": entry.seat,
        "annotation": link(annotations, aid) if aid else None,
    }


def _seats(
    pack: Any,
    hand: Any,
    res: Mapping[str, Any],
    order: list[int],
    side_of: Mapping[int, int],
    card: Callable[[Card], Markup],
) -> list[dict[str, Any]]:
    """Each seat in playing order from the eldest: its side, its role, the cards dealt to it and the
    combinations it holds."""
    seats = []
    for seat in order:
        role = "dealer" if seat == hand.dealer else "eldest, leads first" if seat == order[0] else ""
        dealt = sorted(hand.dealt[seat], key=lambda c: (card_suit(c), -card_rank(c)))
        held = [
            {"name": c["name"], "cards": [card(pack.parse(x)) for x in c["cards"]], "worth": c["worth"]}
            for c in res["combinations"][str(seat)]
        ]
        seats.append(
            {
                "seat": seat,
                "side": side_of[seat],
                "role": role,
                "cards": [card(c) for c in dealt],
                "count": len(dealt),
                "combinations": held,
            }
        )
    return seats


def _tricks(res: Mapping[str, Any], hand: Any, named: Callable[[str], Markup]) -> list[dict[str, Any]]:
    """The tricks as the result gives them, each card with its seat and what was called with it, and
    the trick the game ended in before it was finished (taken by nobody)."""
    n = int(res["players"])
    unfinished = [
        {
            "number": hand.trick_no,
            "leader": seat,
            "cards": [(s, named(hand.rules.pack.name(c)), hand.calls.get(c)) for s, c in hand.current],
            "winner": None,
        }
        for seat, _ in hand.current[:1]
    ]
    return [
        {
            "number": i,
            "leader": t["leader"],
            "cards": [
                ((t["leader"] + j) % n, named(c), call)
                for j, (c, call) in enumerate(zip(t["cards"], t["calls"], strict=True))
            ],
            "winner": t["winner"],
        }
        for i, t in enumerate(res["tricks"], 1)
    ] + unfinished


def _rows(res: Mapping[str, Any], sides: Mapping[int, list[int]]) -> list[dict[str, Any]]:
    """Each side's marks before the hand, rubbed out in it, and after it."""
    marks_of = res["marks"]
    return [
        {
            "side": side,
            "seats": sides[side],
            "before": marks_of["before"][str(side)],
            "rubbed": marks_of["rubbed"][str(side)],
            "after": marks_of["after"][str(side)],
        }
        for side in sorted(sides)
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


def marks_page(
    example: WorkedExample,
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
    before, steps, after = marks_replay(hand, seed=scenario.seed)
    numbers = iter(range(1, len(hand.marks.entries) + 1))
    marks_before = [_mark(e, next(numbers), example, rules, annotations) for e in before]
    step_views: list[dict[str, Any]] = []
    shown: list[dict[str, Any]] = list(marks_before)
    for s in steps:
        made = [_mark(e, next(numbers), example, rules, annotations) for e in s.marks]
        shown += made
        table = seated(card, s.table, ", ")
        step_views.append({"step": s, "card": card(s.card), "leads": len(s.table) == 1, "table": table, "marks": made})
    marks_after = [_mark(e, next(numbers), example, rules, annotations) for e in after]
    order = [(hand.dealer + 1 + i) % n for i in range(n)]

    def named(name: str) -> Markup:
        return card(pack.parse(name))

    side_of = {seat: side for side, seats in sides.items() for seat in seats}
    return env.get_template("example.md.j2").render(
        example=example,
        page=f"examples/{example.page}.md",
        options=flow_yaml(dict(res["options"])) if res["options"] else None,
        marks={
            "sides": [{"side": side, "seats": seats_} for side, seats_ in sorted(sides.items())],
            "manner": res["manner"],
            "target": res["target"],
            "eldest": order[0],
            "dealer": hand.dealer,
        },
        **shows(example, annotations),
        seats=_seats(pack, hand, res, order, side_of, card),
        before=marks_before,
        steps=step_views,
        tricks=_tricks(res, hand, named),
        ended=_ended_on_deal(example, hand, rules, res, annotations, named),
        claims=res["claims"],
        after=marks_after,
        gruged=[dict(g, card=card(pack.parse(g["card"]))) for g in res["gruged"]],
        faults=res["faults"],
        entries=[*shown, *marks_after],
        rows=_rows(res, sides),
        result=res,
        scenario_text=example.path.read_text(encoding="utf-8").rstrip("\n"),
    )

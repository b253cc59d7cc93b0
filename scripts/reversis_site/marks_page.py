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
from reversis.core.roles import side
from reversis.core.ruleset import Ruleset
from reversis_site.cards import drawing
from reversis_site.example_parts import (
    Names,
    annotation_for,
    link,
    narrated,
    rule_view,
    settings_in_words,
    shows,
    step_view,
)
from reversis_site.replay import marks_replay
from reversis_site.yaml_values import flow_yaml

if TYPE_CHECKING:
    from reversis_site.examples import WorkedExample


def _mark(
    entry: Any,
    number: int,
    example: WorkedExample,
    rules: Ruleset,
    annotations: Mapping[str, Annotation],
    names: Names,
    side_name: Callable[[int], str],
) -> dict[str, Any]:
    """A mark as the page shows it, numbered as its row of the marks table."""
    aid = annotation_for(entry.rule, rules, example.annotations)
    return {
        "number": number,
        "side": entry.side,
        "side_name": side_name(entry.side),
        "who": None if entry.seat is None else names.who(entry.seat),
        "ruled": rule_view(entry.rule, rules),
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

    def mark(entry: Any) -> dict[str, Any]:
        return _mark(entry, next(numbers), example, rules, annotations, names, side_name)

    before, steps, after = marks_replay(hand, seed=scenario.seed)
    numbers = iter(range(1, len(hand.marks.entries) + 1))
    marks_before = [mark(e) for e in before]
    step_views: list[dict[str, Any]] = []
    shown: list[dict[str, Any]] = list(marks_before)
    for s in steps:
        made = [mark(e) for e in s.marks]
        shown += made
        step_views.append({**step_view(s, names, card), "marks": made})
    marks_after = [mark(e) for e in after]
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
        before=marks_before,
        steps=step_views,
        tricks=_tricks(res, hand, named),
        ended=_ended_on_deal(example, hand, rules, res, annotations, named),
        claims=[dict(c, ruled=rule_view(c["rule"], rules)) for c in res["claims"]],
        after=marks_after,
        gruged=[dict(g, card=card(pack.parse(g["card"]))) for g in res["gruged"]],
        faults=_faults(res, rules),
        entries=[*shown, *marks_after],
        rows=rows,
        result=res,
        scenario_text=example.path.read_text(encoding="utf-8").rstrip("\n"),
    )

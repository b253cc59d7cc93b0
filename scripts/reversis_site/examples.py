"""The worked examples of the site: one page per example hand, played by the engine when the page is built.

Each example is a scenario file, ``examples/<ruleset>/<slug>.yaml``, and an entry of its
ruleset's index, ``examples/<ruleset>/shows.json`` (:func:`load_shows`), saying what it shows: the
engine rules it records (a payment or a mark, a bête or a refusal), the annotations it
illustrates, the readings of an ambiguity it plays, and the actions the engine refuses at some
point of the hand. :func:`example_pages` renders ``docs/examples/<page>.md`` for each and
``docs/examples/index.md``; ``scripts/reversis_site/build.py`` registers them.

Every game is played through its entry points (:mod:`reversis.games`); the page shows what the
result holds: chips paid between seats and the pool, or marks rubbed out by sides. The hand's
account card by card, every payment or mark at the card that made it, and its tricks are the one
description of a finished hand that its game gives (:meth:`reversis.core.game.Game.describe`), as
:mod:`reversis_site.told` reads it. The cards are drawn by :mod:`reversis_site.cards`; the parts of
a page that Markdown need not read are spliced in by the theme (:mod:`reversis_site.fragments`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import yaml
from markupsafe import Markup

from reversis.annotations import Annotation
from reversis.core.cards import Card, card_rank, card_suit
from reversis.core.errors import IllegalAction, ReversisError, ScenarioError
from reversis.core.moves import Happened
from reversis.core.ruleset import Ruleset, ruleset_ids
from reversis.games import game_of, load_any, play_file
from reversis.games.reversis.events import Dealt, Declared, Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.scenario import run
from reversis_site import fragments as site_fragments
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
from reversis_site.marks_page import marks_page
from reversis_site.told import Told, told
from reversis_site.yaml_values import flow_yaml

__all__ = [
    "INDEX",
    "Refusal",
    "WorkedExample",
    "example_pages",
    "load_examples",
    "load_shows",
    "refused",
    "rulesets_of",
]

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
# libyaml's safe loader where PyYAML has it (as reversis.scenario reads scenarios)
_LOADER: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The name of each ruleset's index of its examples, ``examples/<ruleset>/shows.json`` (documented in
#: ``examples/README.md``). JSON, not YAML, so that no tool that reads every ``examples/*/*.yaml`` as
#: a scenario takes it for one.
INDEX = "shows.json"


def _keys(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """A JSON object, its keys that are whole numbers read as numbers (``talon: {5: 2}``: JSON keys are strings)."""
    return {int(k) if k.isdigit() else k: v for k, v in pairs}


def load_shows(folder: Path = EXAMPLES) -> dict[str, dict[str, dict[str, Any]]]:
    """What each worked example shows, by ruleset (in the order of the rulesets) and slug, read from
    ``examples/<ruleset>/shows.json``: ``rules``, the engine rules (payments, marks, bêtes,
    refusals) its hand records; ``annotations``, those it illustrates; ``readings``, the readings
    of an ambiguity it plays, each ``{annotation, options}`` as in the annotation; ``refusals``,
    actions the engine refuses at a point of the hand, each with its rule: ``{before_play: N, card:
    C[, seat: S]}`` before the N-th card of the hand (from 0), ``{exchange: S, discard: C or
    'pass'}`` at seat S's exchange, ``{deal: {card, from, to}}`` the deal with one card moved from
    one hand to another; ``page``, the name of its page where the slug is another ruleset's. A test
    plays every example and checks each. A folder of scenarios without an index is an error."""
    known = ruleset_ids()
    shows: dict[str, dict[str, dict[str, Any]]] = {}
    folders = sorted((p for p in folder.iterdir() if p.is_dir()), key=lambda p: (p.name not in known, p.name))
    for sub in folders:
        if not any(sub.glob("*.yaml")):
            continue
        index = sub / INDEX
        if sub.name not in known:
            raise ScenarioError(f"{sub}: no ruleset {sub.name!r} (known: {', '.join(known)})")
        if not index.is_file():
            raise ScenarioError(f"{sub}: its examples have no index ({INDEX}, see examples/README.md)")
        try:
            data = json.loads(index.read_text(encoding="utf-8"), object_pairs_hook=_keys)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"{index}:{exc.lineno}: not JSON ({exc.msg})") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ScenarioError(f"{index}: must be an object of examples, each an object")
        shows[sub.name] = data
    return shows


# ---- the index of the examples -------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """An action the engine refuses at a point of an example's hand, with the rule that refuses it."""

    rule: str
    kind: str  # "play", "exchange" or "deal"
    card: str | None = None
    seat: int | None = None
    before_play: int | None = None
    moved_from: int | None = None


@dataclass(frozen=True)
class WorkedExample:
    """One example: its scenario file and what its ruleset's index says it shows."""

    ruleset: str
    slug: str
    path: Path
    page: str  # the page's name: docs/examples/<page>.md
    rules: tuple[str, ...]
    annotations: tuple[str, ...]
    readings: tuple[Mapping[str, Any], ...]
    refusals: tuple[Refusal, ...]
    data: Mapping[str, Any] = field(repr=False)

    @property
    def title(self) -> str:
        return str(self.data.get("title") or self.slug)

    @property
    def narrative(self) -> str:
        return str(self.data.get("narrative") or "")

    @property
    def command(self) -> str:
        return f"reversis play {self.path.relative_to(REPO).as_posix()}"

    def scenario(self) -> Any:
        """The scenario, of whatever game its ruleset plays."""
        return load_any(self.path)


def _refusal(spec: Mapping[str, Any]) -> Refusal:
    if "deal" in spec:
        deal = spec["deal"]
        return Refusal(
            rule=spec["rule"], kind="deal", card=str(deal["card"]), seat=int(deal["to"]), moved_from=int(deal["from"])
        )
    if "exchange" in spec:
        return Refusal(rule=spec["rule"], kind="exchange", card=str(spec["discard"]), seat=int(spec["exchange"]))
    return Refusal(
        rule=spec["rule"],
        kind="play",
        card=str(spec["card"]),
        seat=spec.get("seat"),
        before_play=int(spec["before_play"]),
    )


def load_examples(shows: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None) -> list[WorkedExample]:
    """Every example the indexes name (or ``shows``), in their order; a scenario file an index omits
    is an error, and so are two examples of one page.

    The examples of the indexes are read once per process (every topic page asks for them)."""
    if shows is None:
        return list(_shown_examples())
    return _load_examples(shows)


@cache
def _shown_examples() -> tuple[WorkedExample, ...]:
    return tuple(_load_examples(load_shows()))


def _load_examples(shows: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[WorkedExample]:
    out: list[WorkedExample] = []
    pages: dict[str, str] = {}
    for ruleset, examples in shows.items():
        folder = EXAMPLES / ruleset
        named = set(examples)
        on_disk = {p.stem for p in folder.glob("*.yaml")}
        if named != on_disk:
            raise ScenarioError(
                f"{folder / INDEX} and the scenarios of {folder} differ "
                f"(not in the index: {sorted(on_disk - named)}, no file: {sorted(named - on_disk)})"
            )
        for slug, spec in examples.items():
            path = folder / f"{slug}.yaml"
            page = str(spec.get("page") or slug)
            if page in pages:
                raise ScenarioError(
                    f"{folder / INDEX}: {slug}: page examples/{page}.md is already that of {pages[page]} "
                    '(give it another with "page")'
                )
            pages[page] = f"examples/{ruleset}/{slug}.yaml"
            out.append(
                WorkedExample(
                    ruleset=ruleset,
                    slug=slug,
                    path=path,
                    page=page,
                    rules=tuple(spec.get("rules") or ()),
                    annotations=tuple(spec.get("annotations") or ()),
                    readings=tuple(spec.get("readings") or ()),
                    refusals=tuple(_refusal(r) for r in spec.get("refusals") or ()),
                    data=yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER),
                )
            )
    return out


def refused(example: WorkedExample, refusal: Refusal) -> str:
    """The engine's refusal of the action, ``rule: reason``; an error if the engine allows it."""
    scenario = example.scenario()
    hand = run(scenario)
    pack = scenario.rules.pack
    card = None if refusal.card in (None, "pass") else pack.parse(refusal.card)
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    try:
        if refusal.kind == "deal":
            assert card is not None and refusal.moved_from is not None and refusal.seat is not None
            hands = [list(h) for h in dealt.hands]
            hands[refusal.moved_from].remove(card)
            hands[refusal.seat].append(card)
            Hand(scenario.rules, dealer=hand.dealer, hands=hands, talon=list(dealt.talon))
        else:
            again = Hand(scenario.rules, dealer=hand.dealer, hands=dealt.hands, talon=dealt.talon,
                         pool=hand.pool_before, betes=hand.betes_before)  # fmt: skip
            played = 0
            for event in hand.events:
                if isinstance(event, Played | Revoked | OutOfTurn):
                    if refusal.kind == "play" and played == refusal.before_play:
                        assert card is not None
                        again.verify_play(card, seat=refusal.seat)
                        break
                    again.play(event.card, seat=event.seat)
                    played += 1
                elif isinstance(event, Declared):
                    again.declare(event.seat, event.name)
                elif isinstance(event, Exchanged | Passed):
                    if refusal.kind == "exchange" and event.seat == refusal.seat:
                        again.verify_exchange(card, seat=refusal.seat)
                        break
                    again.exchange(event.discard if isinstance(event, Exchanged) else None, seat=event.seat)
            else:
                raise ScenarioError(f"{example.slug}: {refusal}: the hand has no such point")
    except (IllegalAction, ScenarioError) as exc:
        rule = getattr(exc, "rule", None) or (refusal.rule if f"rule {refusal.rule}" in str(exc) else None)
        if rule != refusal.rule:
            raise ScenarioError(f"{example.slug}: {refusal}: refused by {rule}, not {refusal.rule}") from None
        return f"{rule}: {exc}"
    raise ScenarioError(f"{example.slug}: the engine allows {refusal}")


def _to_play(example: WorkedExample, refusal: Refusal) -> int | None:
    """The seat whose turn it is at a refused play."""
    if refusal.kind != "play" or refusal.before_play is None:
        return None
    hand = run(example.scenario())
    plays = [e for e in hand.events if isinstance(e, Played | Revoked | OutOfTurn)]
    return plays[refusal.before_play].seat if refusal.before_play < len(plays) else None


# ---- the pages -----------------------------------------------------------------------------------


def _payment(
    h: Happened, example: WorkedExample, rules: Ruleset, annotations: Mapping[str, Annotation], names: Names
) -> dict[str, Any]:
    """A payment as the page shows it, with the annotation of its rule that the example illustrates
    (a payment that no seat makes is the pool's)."""
    aid = annotation_for(h.rule, rules, example.annotations)
    return {
        "payer": names.who(h.seat if h.seat is not None else POOL),
        "payee": names.who(h.other),
        "amount": h.amount,
        "rule": h.rule,
        "ruled": rule_view(h.rule, rules),
        "trick": h.trick,
        "annotation": link(annotations, aid) if aid else None,
    }


def _dealt_seats(hand: Hand, dealt: Dealt, card: Callable[[Card], Markup], names: Names) -> list[dict[str, Any]]:
    """Each player in playing order from the eldest, named by his place, with the cards dealt to him."""
    seats = []
    for seat in names.order():
        role = "leads first" if seat == hand.eldest else ""
        held = sorted(dealt.hands[seat], key=lambda c: (card_suit(c), -card_rank(c)))
        seats.append(
            {
                "seat": seat,
                "label": names.label(seat),
                "role": role,
                "cards": [card(c) for c in held],
                "count": len(held),
            }
        )
    return seats


def _exchange(hand_told: Told, card: Callable[[Card], Markup], names: Names) -> list[dict[str, Any]]:
    """The exchange, player by player: the card discarded and the card taken, or the pass and the card seen."""
    exchange: list[dict[str, Any]] = []
    for h in hand_told.opening:
        if h.kind == "exchange" and h.card is not None:
            took = card(h.other) if isinstance(h.other, int) else None
            exchange.append({"who": names.who(h.seat), "pass": False, "discard": card(h.card), "took": took})
        elif h.kind == "pass":
            seen = None if h.card is None else card(h.card)
            exchange.append({"who": names.who(h.seat), "pass": True, "seen": seen})
    return exchange


def _refusals(
    example: WorkedExample,
    rules: Ruleset,
    annotations: Mapping[str, Annotation],
    card: Callable[[Card], Markup],
    names: Names,
) -> list[dict[str, Any]]:
    """The actions the engine refuses at some point of the hand, each with the engine's message."""
    refusals = []
    for r in example.refusals:
        aid = annotation_for(r.rule, rules, example.annotations)
        shown = None if r.card in (None, "pass") else card(rules.pack.parse(str(r.card)))
        seat = r.seat if r.seat is not None else _to_play(example, r)
        rule, _, message = refused(example, r).partition(": ")
        refusals.append(
            {
                "refusal": r,
                "who": names.who(seat),
                "to": None if r.seat is None else names.who(r.seat),
                "moved_from": None if r.moved_from is None else names.who(r.moved_from),
                "ruled": rule_view(rule, rules),
                "message": message,
                "card": shown,
                "annotation": link(annotations, aid) if aid else None,
            }
        )
    return refusals


def _page(example: WorkedExample, annotations: Mapping[str, Annotation], env: jinja2.Environment) -> str:
    scenario, hand = play_file(example.path)
    game = game_of(scenario.rules)
    res = game.result(hand)
    # the game says whether it is played by sides: a game of sides counts marks and has the page of marks
    if any(len(seats) > 1 for seats in game.sides(scenario.rules)):
        return marks_page(example, game, scenario, hand, res, annotations, env)
    rules = scenario.rules
    card = drawing(env, rules.pack, rules.pack.parse(rules["quinola"]))
    names = Names(dealer=hand.dealer, players=hand.players)
    hand_told = told(game.describe(hand))
    # Each payment is numbered as its row of the payments table, where its link to the annotation is a
    # Markdown link (the replay is raw HTML, whose links would not follow the site's layout, served or
    # read from disk): one number per payment, in the order the hand made them.
    number = numbered(hand_told)

    def payment(h: Happened) -> dict[str, Any]:
        return dict(_payment(h, example, rules, annotations, names), number=number(h))

    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    step_views = [{**step_view(s, names, card), "payments": [payment(h) for h in s.said]} for s in hand_told.steps]
    seats = _dealt_seats(hand, dealt, card, names)
    return env.get_template("example.md.j2").render(
        example=example,
        page=f"examples/{example.page}.md",
        options=flow_yaml(scenario.options) if scenario.options else None,
        marks=None,
        ended=None,  # a hand of chips is never over before its first card
        **shows(example, annotations, rules),
        who=names.who,
        narrative=settings_in_words(narrated(example.narrative, names), rules),
        file_seats=names.file_seats(),
        seats=seats,
        talon=[card(c) for c in dealt.talon],
        exchange=_exchange(hand_told, card, names),
        before=[payment(h) for h in hand_told.before],
        steps=step_views,
        tricks=tricks_view(hand_told, card),
        payments=[payment(h) for h in hand_told.entries],
        refusals=_refusals(example, rules, annotations, card, names),
        betes=[dict(b, ruled=rule_view(b["rule"], rules)) for b in res["betes"]],
        result=res,
        rows=[
            {
                "label": names.label(s),
                "tricks": res["tricks_won"][s],
                "points": res["points"][s],
                "balance": res["balances"][s],
            }
            for s in (seat["seat"] for seat in seats)
        ],
        final_talon=[card(c) for c in hand.talon],
        scenario_text=example.path.read_text(encoding="utf-8").rstrip("\n"),
    )


def example_pages(annotations: Sequence[Annotation], env: jinja2.Environment) -> dict[Path, str]:
    """``docs/examples/<slug>.md`` for every example with its fragments (:mod:`site_fragments`), and
    ``docs/examples/index.md``."""
    by_id = {a.id: a for a in annotations}
    examples = load_examples()
    out: dict[Path, str] = {}
    for example in examples:
        key = f"examples/{example.page}"
        try:
            page, parts = site_fragments.split(_page(example, by_id, env), key)
        except ReversisError as exc:  # named by its file, once (a scenario's own errors name it already)
            message = str(exc)
            if not message.startswith(f"{example.path}:"):
                message = f"{example.path}: {message}"
            raise ScenarioError(message) from None
        out[Path(f"{key}.md")] = page
        out[site_fragments.path_of(key)] = parts
    out[Path("examples") / "index.md"] = env.get_template("example_index.md.j2").render(
        examples=examples, rulesets=rulesets_of(examples)
    )
    return out


def rulesets_of(examples: Sequence[WorkedExample]) -> list[dict[str, Any]]:
    """The rulesets of the examples, in their order, each with its title and its examples."""
    from reversis.core.ruleset import load_ruleset
    from reversis_site.ruleset_page import rule_anchor

    out: list[dict[str, Any]] = []
    for example in examples:
        rules = load_ruleset(example.ruleset)
        if not out or out[-1]["id"] != example.ruleset:
            out.append({"id": example.ruleset, "title": rules.title, "examples": []})
        named = [{"id": r, "name": rules.rule_name(r), "anchor": rule_anchor(r)} for r in example.rules]
        out[-1]["examples"].append({"example": example, "rules": named})
    return out

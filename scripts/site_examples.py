"""The worked examples of the site: one page per example hand, played by the engine when the page is built.

Each example is a scenario file, ``examples/<ruleset>/<slug>.yaml``, and an entry
of of :data:`SHOWS` saying what it shows: the engine rules it records (a
payment, a bête or a refusal), the annotations it illustrates, the readings of an
ambiguity it plays, and the actions the engine refuses at some point of the hand.
:func:`example_pages` renders ``docs/examples/<slug>.md`` for each and
``docs/examples/index.md``; ``scripts/build_site.py`` registers them.

The hand is replayed card by card from its record, so that every payment is shown
at the card that made it; the replay must give the ledger that
:func:`reversis.scenario.run` gives, or the page is not built.

>>> from reversis.cards import FRENCH
>>> card_words(FRENCH, FRENCH.parse("JH"), quinola=FRENCH.parse("JH"))
'jack of hearts (quinola)'
>>> card_view(FRENCH, FRENCH.parse("TS"))
{'face': '10♠', 'words': 'ten of spades', 'suit': 'spades'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import yaml

from reversis.annotations import Annotation
from reversis.cards import Card, Pack, card_rank, card_suit
from reversis.errors import IllegalAction, ReversisError, ScenarioError
from reversis.events import Dealt, Exchanged, OutOfTurn, Passed, Played, Revoked
from reversis.hand import Hand, Phase
from reversis.ledger import POOL, Entry
from reversis.result import result
from reversis.ruleset import Ruleset
from reversis.scenario import Scenario, load_scenario, run

__all__ = [
    "SHOWS",
    "Refusal",
    "Step",
    "WorkedExample",
    "card_view",
    "card_words",
    "example_pages",
    "load_examples",
    "refused",
    "replay",
]

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"

#: What each worked example shows, by ruleset and slug (the file ``examples/<ruleset>/<slug>.yaml``):
#: ``rules``, the engine rules (payments, bêtes, refusals) its hand records; ``annotations``, those it
#: illustrates; ``readings``, the readings of an ambiguity it plays, each ``{annotation, options}`` as in
#: the annotation; ``refusals``, actions the engine refuses at a point of the hand, each with its rule:
#: ``{before_play: N, card: C[, seat: S]}`` before the N-th card of the hand (from 0),
#: ``{exchange: S, discard: C or 'pass'}`` at seat S's exchange, ``{deal: {card, from, to}}`` the deal
#: with one card moved from one hand to another. A test plays every example and checks each.
SHOWS: dict[str, dict[str, dict[str, Any]]] = {
    "encyclopedie-1765": {
        "quinola-placed": {
            "rules": [
                "quinola.placed.pool",
                "quinola.placed.trick",
                "ace.placed",
                "pool.stake",
                "quinola.must-place",
                "exchange.no-hearts",
                "exchange.dealer-discard",
            ],
            "annotations": [
                "enc1765-quinola-placed",
                "enc1765-quinola-trick-payment",
                "enc1765-quinola-forced-first-rounds",
                "enc1765-ace-heart-double",
                "enc1765-no-heart-discard",
                "enc1765-dealer-discard",
            ],
            "refusals": [
                {"exchange": 3, "discard": "6H", "rule": "exchange.no-hearts"},
                {"exchange": 0, "discard": "pass", "rule": "exchange.dealer-discard"},
                {"before_play": 5, "card": "QD", "rule": "quinola.must-place"},
            ],
        },
        "quinola-forced": {
            "rules": [
                "quinola.forced.bete",
                "quinola.forced.forcer",
                "quinola.forced.each",
                "pool.refresh",
                "play.first-lead",
            ],
            "annotations": [
                "enc1765-quinola-forced",
                "enc1765-quinola-forced-bete",
                "enc1765-pool-refresh",
                "enc1765-first-lead-heart",
            ],
            "refusals": [{"before_play": 0, "card": "AD", "rule": "play.first-lead"}],
        },
        "reversis-made": {
            "rules": ["reversis.pool", "reversis.made", "reversis.refund"],
            "annotations": [
                "enc1765-reversis",
                "enc1765-reversis-each",
                "enc1765-reversis-refund",
                "enc1765-reversis-cancels-quinola",
                "enc1765-reversis-talon",
            ],
        },
        "ace-forced": {
            "rules": ["ace.forced", "ace.placed", "play.follow", "deal.misdeal"],
            "annotations": ["enc1765-ace-forced", "enc1765-ace-placed", "enc1765-follow-suit", "enc1765-misdeal"],
            "refusals": [
                {"before_play": 1, "card": "QD", "rule": "play.follow"},
                {"deal": {"card": "5C", "from": 0, "to": 1}, "rule": "deal.misdeal"},
            ],
        },
        "quinola-placed-each": {"rules": ["quinola.placed.each"], "annotations": ["enc1765-quinola-placed"]},
        "quinola-led": {"rules": ["quinola.led.bete"], "annotations": ["enc1765-quinola-led"]},
        "bete-paid": {"rules": ["bete.pay"], "annotations": ["enc1765-betes"]},
        "out-of-turn": {
            "rules": ["penalty.out-of-turn", "play.turn"],
            "annotations": ["enc1765-out-of-turn"],
            "refusals": [{"before_play": 0, "seat": 2, "card": "JH", "rule": "play.turn"}],
        },
        "talon-five-two": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-five"],
            "readings": [{"annotation": "enc1765-talon-five", "options": {"players": 5, "talon": {5: 2}}}],
        },
        "talon-five-seven": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-five"],
            "readings": [{"annotation": "enc1765-talon-five", "options": {"players": 5, "talon": {5: 7}}}],
        },
        "revoke-bete": {
            "rules": ["penalty.revoke", "play.follow"],
            "annotations": ["enc1765-revoke"],
            "readings": [
                {"annotation": "enc1765-revoke", "options": {"revoke_penalty": "bete", "accept_illegal": True}}
            ],
            "refusals": [{"before_play": 1, "card": "2D", "rule": "play.follow"}],
        },
        "revoke-fine": {
            "rules": ["penalty.revoke"],
            "annotations": ["enc1765-revoke"],
            "readings": [
                {"annotation": "enc1765-revoke", "options": {"revoke_penalty": "fine", "accept_illegal": True}}
            ],
        },
        "pool-refresh-quinola-in-talon": {
            "rules": ["pool.refresh"],
            "annotations": ["enc1765-pool-refresh"],
            "readings": [
                {
                    "annotation": "enc1765-pool-refresh",
                    "options": {"pool_refresh_on": ["talon", "forced", "given", "led"]},
                }
            ],
        },
        "pool-refresh-quinola-placed": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-pool-refresh"],
            "readings": [
                {
                    "annotation": "enc1765-pool-refresh",
                    "options": {"pool_refresh_on": ["placed", "forced", "given", "led"]},
                }
            ],
        },
        "quinola-given-bete": {
            "rules": ["quinola.given.bete"],
            "annotations": ["enc1765-quinola-given"],
            "readings": [{"annotation": "enc1765-quinola-given", "options": {"quinola_given_bete": True}}],
        },
        "quinola-given-free": {
            "rules": ["pool.refresh"],
            "annotations": ["enc1765-quinola-given"],
            "readings": [{"annotation": "enc1765-quinola-given", "options": {"quinola_given_bete": False}}],
        },
        "quinola-forced-forcer-from-others": {
            "rules": ["quinola.forced.forcer", "quinola.forced.each"],
            "annotations": ["enc1765-quinola-forced"],
            "readings": [
                {"annotation": "enc1765-quinola-forced", "options": {"quinola_forced_each": "forcer-from-others"}}
            ],
        },
        "quinola-forced-forcer-from-all": {
            "rules": ["quinola.forced.forcer", "quinola.forced.each"],
            "annotations": ["enc1765-quinola-forced"],
            "readings": [
                {"annotation": "enc1765-quinola-forced", "options": {"quinola_forced_each": "forcer-from-all"}}
            ],
        },
        "quinola-forced-holder-to-all": {
            "rules": ["quinola.forced.forcer", "quinola.forced.each"],
            "annotations": ["enc1765-quinola-forced"],
            "readings": [{"annotation": "enc1765-quinola-forced", "options": {"quinola_forced_each": "holder-to-all"}}],
        },
        "quinola-forced-holder-to-others": {
            "rules": ["quinola.forced.forcer", "quinola.forced.each"],
            "annotations": ["enc1765-quinola-forced"],
            "readings": [
                {"annotation": "enc1765-quinola-forced", "options": {"quinola_forced_each": "holder-to-others"}}
            ],
        },
        "reversis-not-made": {
            "rules": ["quinola.placed.pool"],
            "annotations": ["enc1765-reversis"],
            "readings": [
                {"annotation": "enc1765-reversis", "options": {"reversis_last_tricks": 0, "reversis_cut_payment": 0}}
            ],
        },
        "reversis-cut": {
            "rules": ["reversis.cut"],
            "annotations": ["enc1765-reversis"],
            "readings": [
                {"annotation": "enc1765-reversis", "options": {"reversis_last_tricks": 2, "reversis_cut_payment": 4}}
            ],
        },
        "talon-winner-fewest-tricks": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-winner"],
            "readings": [
                {
                    "annotation": "enc1765-talon-winner",
                    "options": {"talon_ranking": ["tricks", "points", "left-of-dealer"]},
                }
            ],
        },
        "talon-winner-fewest-points": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-winner"],
            "readings": [
                {
                    "annotation": "enc1765-talon-winner",
                    "options": {"talon_ranking": ["points", "no-trick", "left-of-dealer"]},
                }
            ],
        },
        "talon-winner-hoyle": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-winner"],
            "readings": [
                {
                    "annotation": "enc1765-talon-winner",
                    "options": {"talon_ranking": ["points", "tricks", "dealer-first"]},
                }
            ],
        },
        "talon-tie-dealers-left": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-ties"],
            "readings": [
                {
                    "annotation": "enc1765-talon-ties",
                    "options": {"talon_ranking": ["tricks", "points", "left-of-dealer"]},
                }
            ],
        },
        "talon-tie-eldest": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-ties"],
            "readings": [
                {"annotation": "enc1765-talon-ties", "options": {"talon_ranking": ["tricks", "points", "eldest-first"]}}
            ],
        },
        "talon-points-article-scale": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-value", "enc1765-talon-payer"],
            "readings": [
                {
                    "annotation": "enc1765-talon-value",
                    "options": {"trick_card_points": {"A": 5, "K": 4, "Q": 3, "J": 2}},
                }
            ],
        },
        "talon-points-hoyle-scale": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-value", "enc1765-talon-payer"],
            "readings": [
                {
                    "annotation": "enc1765-talon-value",
                    "options": {"trick_card_points": {"A": 4, "K": 3, "Q": 2, "J": 1}},
                }
            ],
        },
        "talon-payer-first-in-play": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-payer"],
            "readings": [{"annotation": "enc1765-talon-payer", "options": {"talon_payer": "most-points"}}],
        },
        "talon-payer-tie-left": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-payer"],
            "readings": [{"annotation": "enc1765-talon-payer", "options": {"talon_payer": "most-points-tie-left"}}],
        },
        "talon-payer-tie-eldest": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-payer"],
            "readings": [{"annotation": "enc1765-talon-payer", "options": {"talon_payer": "most-points-tie-eldest"}}],
        },
        "talon-payer-each-player": {
            "rules": ["talon.pay"],
            "annotations": ["enc1765-talon-payer"],
            "readings": [{"annotation": "enc1765-talon-payer", "options": {"talon_payer": "each-player"}}],
        },
    }
}

_RANK_WORDS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
    "R": "rey",
    "C": "caballo",
    "S": "sota",
}
_SUIT_SYMBOLS = {"french": "♠♥♦♣"}


def card_words(pack: Pack, card: Card, *, quinola: Card | None = None) -> str:
    """A card in words, as a screen reader says it: ``jack of hearts (quinola)``."""
    letter = pack.name_of_rank(card_rank(card))
    words = f"{_RANK_WORDS[letter]} of {pack.suit_names[card_suit(card)]}"
    return f"{words} (quinola)" if card == quinola else words


def card_view(pack: Pack, card: Card, *, quinola: Card | None = None) -> dict[str, str]:
    """What the template draws of a card: its face (rank and suit symbol), its name in words, its suit."""
    letter = pack.name_of_rank(card_rank(card))
    rank = "10" if letter == "T" else letter
    suit = card_suit(card)
    symbols = _SUIT_SYMBOLS.get(pack.id)
    face = f"{rank}{symbols[suit]}" if symbols else pack.name(card)
    return {"face": face, "words": card_words(pack, card, quinola=quinola), "suit": pack.suit_names[suit]}


def _who(party: int | str) -> str:
    return "the pool" if party == POOL else f"seat {party}"


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
    """One example: its scenario file and what :data:`SHOWS` says it shows."""

    ruleset: str
    slug: str
    path: Path
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

    def scenario(self) -> Scenario:
        return load_scenario(self.path)


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
    """Every example :data:`SHOWS` names, in its order; a scenario file it omits is an error."""
    out: list[WorkedExample] = []
    for ruleset, examples in (SHOWS if shows is None else shows).items():
        folder = EXAMPLES / ruleset
        named = set(examples)
        on_disk = {p.stem for p in folder.glob("*.yaml")}
        if named != on_disk:
            raise ScenarioError(
                f"scripts/site_examples.py: SHOWS[{ruleset!r}] and {folder} differ "
                f"(not in SHOWS: {sorted(on_disk - named)}, no file: {sorted(named - on_disk)})"
            )
        for slug, spec in examples.items():
            path = folder / f"{slug}.yaml"
            out.append(
                WorkedExample(
                    ruleset=ruleset,
                    slug=slug,
                    path=path,
                    rules=tuple(spec.get("rules") or ()),
                    annotations=tuple(spec.get("annotations") or ()),
                    readings=tuple(spec.get("readings") or ()),
                    refusals=tuple(_refusal(r) for r in spec.get("refusals") or ()),
                    data=yaml.safe_load(path.read_text(encoding="utf-8")),
                )
            )
    return out


# ---- the hand, replayed card by card -------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One card played: who played it, in which trick, and what the play set off."""

    number: int
    seat: int
    card: Card
    trick: int
    how: str  # "played", "revoked" or "out-of-turn"
    table: tuple[tuple[int, Card], ...]  # the trick in progress after the card (seat, card)
    taken_by: int | None  # the taker when the card closes a trick
    payments: tuple[Entry, ...]
    settled: bool


def _fresh(hand: Hand) -> Hand:
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    return Hand(
        hand.rules,
        dealer=hand.dealer,
        hands=[list(h) for h in dealt.hands],
        talon=list(dealt.talon),
        pool=hand.pool_before,
        betes=hand.betes_before,
    )


def replay(hand: Hand) -> tuple[list[Entry], list[Step]]:
    """The payments made before the first card, and one step per card played, from a finished hand.

    The hand is played again from its events; what it pays must be what the finished hand paid.
    """
    again = _fresh(hand)
    before: list[Entry] = []
    steps: list[Step] = []
    for event in hand.events:
        if isinstance(event, Exchanged):
            again.exchange(event.discard, seat=event.seat)
        elif isinstance(event, Passed):
            again.exchange(None, seat=event.seat)
        elif isinstance(event, Played | Revoked | OutOfTurn):
            made = len(again.ledger.entries)
            trick_no, tricks = again.trick_no, len(again.tricks)
            if not steps:
                before = list(again.ledger.entries)
            again.play(event.card, seat=event.seat)
            how = "played" if isinstance(event, Played) else "revoked" if isinstance(event, Revoked) else "out-of-turn"
            closed = len(again.tricks) > tricks
            if closed:
                trick = again.tricks[-1]
                table = tuple(((trick.leader + i) % again.players, c) for i, c in enumerate(trick.cards))
            else:
                leader = again.trick_leader
                table = tuple(((leader + i) % again.players, c) for i, c in enumerate(again.current_trick))
            steps.append(
                Step(
                    number=len(steps) + 1,
                    seat=event.seat,
                    card=event.card,
                    trick=trick_no,
                    how=how,
                    table=table,
                    taken_by=again.tricks[-1].winner if closed else None,
                    payments=tuple(again.ledger.entries[made:]),
                    settled=again.phase is Phase.DONE,
                )
            )
    if list(again.ledger.entries) != list(hand.ledger.entries):
        raise ScenarioError("the replay of the hand does not pay what the hand paid")
    return before, steps


def refused(example: WorkedExample, refusal: Refusal) -> str:
    """The engine's refusal of the action, ``rule: reason``; an error if the engine allows it."""
    scenario = example.scenario()
    hand = run(scenario)
    pack = scenario.rules.pack
    card = None if refusal.card in (None, "pass") else pack.parse(refusal.card)
    try:
        if refusal.kind == "deal":
            assert card is not None and refusal.moved_from is not None and refusal.seat is not None
            dealt = next(e for e in hand.events if isinstance(e, Dealt))
            hands = [list(h) for h in dealt.hands]
            hands[refusal.moved_from].remove(card)
            hands[refusal.seat].append(card)
            Hand(scenario.rules, dealer=hand.dealer, hands=hands, talon=list(dealt.talon))
        else:
            again = _fresh(hand)
            plays = [e for e in hand.events if isinstance(e, Played | Revoked | OutOfTurn)]
            for event in hand.events:
                if isinstance(event, Exchanged | Passed):
                    if refusal.kind == "exchange" and event.seat == refusal.seat:
                        again.verify_exchange(card, seat=refusal.seat)
                        break
                    again.exchange(event.discard if isinstance(event, Exchanged) else None, seat=event.seat)
            else:
                assert card is not None and refusal.before_play is not None
                for event in plays[: refusal.before_play]:
                    again.play(event.card, seat=event.seat)
                again.verify_play(card, seat=refusal.seat)
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


def _annotation_for(rule: str, rules: Ruleset, shown: Sequence[str]) -> str | None:
    candidates = rules.rule_annotations.get(rule, ())
    for aid in shown:
        if aid in candidates:
            return aid
    return candidates[0] if candidates else None


def _page(example: WorkedExample, annotations: Mapping[str, Annotation], env: jinja2.Environment) -> str:
    page = f"examples/{example.slug}.md"
    scenario = example.scenario()
    hand = run(scenario)
    res = result(hand)
    rules = scenario.rules
    pack = rules.pack
    quinola = pack.parse(rules["quinola"])

    def card(c: Card) -> dict[str, str]:
        return card_view(pack, c, quinola=quinola)

    def cards(cs: Sequence[Card]) -> list[dict[str, str]]:
        return [card(c) for c in cs]

    def link(aid: str) -> dict[str, Any]:
        a = annotations[aid]
        return {
            "id": aid,
            "quote": a.quote,
            "href": f"../sources/{a.source}.md#{aid}",  # from the Markdown of the page
            "url": f"../../sources/{a.source}/#{aid}",  # from its raw HTML, where MkDocs rewrites no link
        }

    def payment(entry: Entry) -> dict[str, Any]:
        aid = _annotation_for(entry.rule, rules, example.annotations)
        return {
            "payer": _who(entry.payer),
            "payee": _who(entry.payee),
            "amount": entry.amount,
            "rule": entry.rule,
            "trick": entry.trick,
            "annotation": link(aid) if aid else None,
        }

    before, steps = replay(hand)
    dealt = next(e for e in hand.events if isinstance(e, Dealt))
    n = hand.players
    order = [(hand.dealer + 1 + i) % n for i in range(n)]
    seats = []
    for seat in order:
        role = "dealer" if seat == hand.dealer else "eldest, leads first" if seat == hand.eldest else ""
        held = sorted(dealt.hands[seat], key=lambda c: (card_suit(c), -card_rank(c)))
        seats.append({"seat": seat, "role": role, "cards": cards(held), "count": len(held)})
    exchange = []
    for event in hand.events:
        if isinstance(event, Exchanged):
            took = None if event.took is None else card(event.took)
            exchange.append({"seat": event.seat, "pass": False, "discard": card(event.discard), "took": took})
        elif isinstance(event, Passed):
            seen = None if event.seen is None else card(event.seen)
            exchange.append({"seat": event.seat, "pass": True, "seen": seen})
    step_views = [
        {
            "step": s,
            "card": card(s.card),
            "table": [(seat, card(c)) for seat, c in s.table],
            "payments": [payment(e) for e in s.payments],
        }
        for s in steps
    ]
    tricks = [
        {
            "number": i + 1,
            "leader": t.leader,
            "cards": [((t.leader + j) % n, card(c)) for j, c in enumerate(t.cards)],
            "winner": t.winner,
        }
        for i, t in enumerate(hand.tricks)
    ]
    refusals = []
    for r in example.refusals:
        message = refused(example, r)
        aid = _annotation_for(r.rule, rules, example.annotations)
        shown = None if r.card in (None, "pass") else card(pack.parse(str(r.card)))
        refusals.append(
            {
                "refusal": r,
                "seat": r.seat if r.seat is not None else _to_play(example, r),
                "message": message,
                "card": shown,
                "annotation": link(aid) if aid else None,
            }
        )
    readings = []
    for spec in example.readings:
        a = annotations[spec["annotation"]]
        reading = next(r for r in a.readings if dict(r.options) == dict(spec["options"]))
        readings.append({"annotation": link(a.id), "reading": reading, "options": _flow(dict(reading.options))})
    rule_links = [
        {"rule": r, "anchor": "rule-" + "".join(ch if ch.isalnum() else "-" for ch in r)} for r in example.rules
    ]
    balances = res["balances"]
    return env.get_template("example.md.j2").render(
        example=example,
        page=page,
        options=_flow(scenario.options) if scenario.options else None,
        shows_rules=rule_links,
        shows_annotations=[link(aid) for aid in example.annotations],
        readings=readings,
        seats=seats,
        talon=cards(dealt.talon),
        exchange=exchange,
        before=[payment(e) for e in before],
        steps=step_views,
        tricks=tricks,
        payments=[payment(e) for e in hand.ledger.entries],
        refusals=refusals,
        result=res,
        rows=[
            {"seat": s, "tricks": res["tricks_won"][s], "points": res["points"][s], "balance": balances[s]}
            for s in order
        ],
        final_talon=cards(hand.talon),
        scenario_text=example.path.read_text(encoding="utf-8").rstrip("\n"),
    )


def _flow(value: Any) -> str:
    dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False)
    return dumped.strip().removesuffix("...").strip()


def example_pages(annotations: Sequence[Annotation], env: jinja2.Environment) -> dict[Path, str]:
    """``docs/examples/<slug>.md`` for every example, and ``docs/examples/index.md``."""
    by_id = {a.id: a for a in annotations}
    examples = load_examples()
    out: dict[Path, str] = {}
    for example in examples:
        try:
            out[Path("examples") / f"{example.slug}.md"] = _page(example, by_id, env)
        except ReversisError as exc:
            raise ScenarioError(f"{example.path}: {exc}") from None
    out[Path("examples") / "index.md"] = env.get_template("example_index.md.j2").render(examples=examples)
    return out

"""A readable account of a finished hand: who sits where, the exchange, each trick card by card,
and every payment, bête and award where it happens, naming its rule and the paragraph that orders it.

>>> from reversis.games.reversis.scenario import parse_scenario, run
>>> hand = run(parse_scenario("{ruleset: encyclopedie-1765, seed: 3}", source="<doc>"))
>>> for line in account(hand).splitlines()[1:3]:
...     print(line)
The dealer deals; play passes to his right, so the eldest hand leads first.
In the scenario file: the dealer is seat: 0, the eldest hand seat: 1, the second hand seat: 2, the third hand seat: 3.

Every payment names its rule in English, then the rule's id and the paragraphs that order it:

>>> hand = run(parse_scenario("{ruleset: encyclopedie-1765, seed: 1}", source="<doc>"))
>>> print(next(line for line in account(hand).splitlines() if "placed quinola" in line))
    the third hand pays the dealer 2: the taker of the placed quinola pays  [quinola.placed.trick; encyclopedie-1765:4]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable

from reversis.core.roles import in_sentence, role, role_label
from reversis.games.reversis.events import (
    BeteOwed,
    DeclarationLost,
    Declared,
    Event,
    Exchanged,
    OutOfTurn,
    Passed,
    Played,
    PoolWon,
    QuinolaCancelled,
    QuinolaFate,
    Revoked,
    TalonAwarded,
    Trick,
)
from reversis.games.reversis.hand import Hand
from reversis.games.reversis.ledger import POOL, Entry
from reversis.games.reversis.result import hands_after_exchange
from reversis.games.reversis.terms import term

__all__ = ["account"]

#: What the settlement pays, in the order the account tells it.
_SETTLEMENT_ORDER = (
    "quinola.placed.pool",
    "reversis.pool",
    "reversis.refund",
    "reversis.made",
    "reversis.quinola-collected",
    "reversis.cut",
    "talon.pay",
    "pool.refresh",
    "bete.pay",
)

#: What became of the quinola, in the pack's words (:mod:`.terms`); ``given-lead`` is a lead by choice.
_FATES = {
    "placed": "{seat} {placed}",
    "forced": "{seat} is forced to give the {quinola} on {suit} (his only {one})",
    "given": "{seat} gives the {quinola} on {suit} by choice (he holds other {suit})",
    "given-lead": "{seat} leads the {quinola} by choice (he was not obliged to)",
    "led": "{seat} leads the {quinola} himself",
    "plain": "{seat} plays the {quinola} after the {declared} was undertaken: a plain card now",
}


#: What the account says of a talon tie broken by each criterion of option ``talon_ranking`` that
#: counts no points or tricks ({other}: the runner-up; {renouncer}: the ruleset's renouncer;
#: {reversis}: the pack's word for it), and
#: by the seat order where no criterion separates them.
TIE_WORDS = {
    "no-trick": "no trick, where {other} took some",
    "left-of-dealer": "tied with {other}, and nearer the dealer's left",
    "eldest-first": "tied with {other}, and earlier in play from the eldest",
    "dealer-first": "tied with {other}, and nearer the dealer in play order",
    "renouncer-first": (
        "tied with {other}, and the {renouncer} who kept his right (he took no trick, and no {reversis} "
        "was made or broken)"
    ),
    "seat order": "tied with {other}; first in seat order",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _who(hand: Hand, party: int | str, pool: str) -> str:
    return f"the {pool}" if party == POOL else _n(hand, int(party))


def _n(hand: Hand, seat: int | bool | None) -> str:
    """A player in a sentence, by his place in the hand: ``the eldest hand`` (``nobody`` for no seat)."""
    if seat is None or isinstance(seat, bool):
        return "nobody"
    return role(seat, dealer=hand.dealer, players=hand.players)


def _N(hand: Hand, seat: int | None) -> str:
    """A player at the start of a sentence: ``The eldest hand``."""
    return _n(hand, seat).capitalize()


class _Citer:
    """The bracket after each line: the rule, and how it rests on the source."""

    def __init__(self, hand: Hand) -> None:
        self.cites = hand.rules.rule_cites
        self.basis = hand.rules.rule_basis
        self.name = hand.rules.rule_name

    def __call__(self, rule: str, cites: Iterable[str] | None = None) -> str:
        shown = ", ".join(self.cites.get(rule, ()) if cites is None else cites)
        basis = self.basis.get(rule, "stated")
        if basis == "not-in-source" or not shown:
            return f"[{rule}; not in the source]"
        if basis != "stated":
            return f"[{rule}; {basis} from {shown}]"
        return f"[{rule}; {shown}]"


def account(hand: Hand, *, given_exchanges: Collection[int] = (), given_plays: int | None = None) -> str:
    """The hand as a reader follows it at the table.

    ``given_exchanges`` are the seats whose exchange the scenario gave and ``given_plays`` the
    number of plays it gave; the rest were chosen by the bot and are marked ``*``. Without
    them, nothing is marked.
    """
    cite = _Citer(hand)
    pool = term(hand.rules.pack, "pool")

    def payment(entry: Entry) -> str:
        who = _who(hand, entry.payer, pool), _who(hand, entry.payee, pool)
        named = in_sentence(cite.name(entry.rule))
        return f"    {who[0]} pays {who[1]} {entry.amount}: {named}  {cite(entry.rule, entry.cites)}"

    marked = given_plays is not None
    by_trick: dict[int | None, list[Entry]] = defaultdict(list)
    for entry in hand.ledger.entries:
        by_trick[entry.trick].append(entry)
    lines = _opening(hand, marked=marked, cite=cite)
    lines.extend(payment(e) for e in by_trick[None])
    lines += _exchange(hand, marked=marked, given_exchanges=given_exchanges)
    per_trick = _per_trick(hand, given_plays)
    settlement_rules = set(_SETTLEMENT_ORDER) | _late_rules(hand)
    at_trick = {"quinola.placed.pool"} if hand.params.quinola_pool_at_trick else set()
    for number, trick in enumerate(hand.tricks, start=1):
        lines += _trick(hand, number, trick, per_trick[number], cite)
        lines.extend(payment(e) for e in by_trick[number] if e.rule not in settlement_rules or e.rule in at_trick)
    lines += _closing(hand, by_trick, settlement_rules, payment, cite)
    return "\n".join(lines)


def _opening(hand: Hand, *, marked: bool, cite: _Citer) -> list[str]:
    """Who deals and leads, the options, and what the pool holds and is owed before the hand."""
    pool = term(hand.rules.pack, "pool")
    lines = [
        f"{hand.rules.title}: {hand.players} players.",
        "The dealer deals; play passes to his right, so the eldest hand leads first.",
        _seats_of_file(hand),
    ]
    if hand.rules.changed():
        lines.append(f"Options: {hand.rules.changed_text()}.")
    if marked:
        lines.append("Cards marked * were chosen by the bot; the others are the scenario's.")
    lines.append(f"Before the hand: the {pool} holds {hand.pool_before}.")
    for seat, amount, rule in hand.betes_before:
        lines.append(f"    {_n(hand, seat)} owes a bête of {amount} from an earlier hand  {cite(rule)}")
    return lines


def _seats_of_file(hand: Hand) -> str:
    """Where each player is in the scenario file, once: its seats are numbers, the account's are places."""
    order = [(hand.dealer + k) % hand.players for k in range(hand.players)]
    places = [f"{_n(hand, seat)} seat: {seat}" for seat in order]
    places[0] = places[0].replace(" seat:", " is seat:", 1)
    return f"In the scenario file: {', '.join(places)}."


def _exchange(hand: Hand, *, marked: bool, given_exchanges: Collection[int]) -> list[str]:
    """Each seat's exchange, then the hands after it."""
    pack = hand.rules.pack
    name = pack.name
    lines = ["Exchange:"]
    for event in hand.events:
        if isinstance(event, Exchanged | Passed):
            star = "*" if marked and event.seat not in given_exchanges else ""
            if isinstance(event, Exchanged):
                took = "takes nothing" if event.took is None else f"takes {name(event.took)}"
                lines.append(f"    {_n(hand, event.seat)} discards {name(event.discard)} and {took}{star}")
            else:
                seen = "" if event.seen is None else f" (and sees {name(event.seen)})"
                lines.append(f"    {_n(hand, event.seat)} keeps his cards{seen}{star}")
    lines.append("Hands after the exchange:")
    after = hands_after_exchange(hand)
    for seat in [(hand.eldest + k) % hand.players for k in range(hand.players)]:
        lines.append(f"    {_n(hand, seat)}: {' '.join(pack.names(sorted(after[seat], reverse=True)))}")
    return lines


def _per_trick(hand: Hand, given_plays: int | None) -> dict[int, list[tuple[Event, bool]]]:
    """The events of each trick, in the order they happened, each with whether the bot chose it."""
    per_trick: dict[int, list[tuple[Event, bool]]] = defaultdict(list)
    play_no = 0
    for event in hand.events:
        if isinstance(event, Played | Revoked | OutOfTurn):
            play_no += 1
            per_trick[event.trick].append((event, given_plays is not None and play_no > given_plays))
        elif isinstance(event, BeteOwed) or (isinstance(event, QuinolaFate) and event.trick is not None):
            assert event.trick is not None
            per_trick[event.trick].append((event, False))
        elif isinstance(event, Declared):
            per_trick[event.trick].append((event, False))
        elif isinstance(event, PoolWon) and event.rule == "quinola.placed.pool" and hand.params.quinola_pool_at_trick:
            per_trick[hand.quinola.trick if hand.quinola and hand.quinola.trick else 0].append((event, False))
    return per_trick


def _trick(hand: Hand, number: int, trick: Trick, events: list[tuple[Event, bool]], cite: _Citer) -> list[str]:
    """A trick: the declarations made before it, its cards, who takes it, and what happened in it."""
    pack = hand.rules.pack
    name, pool = pack.name, term(pack, "pool")
    suit = pack.suit_names[hand.params.quinola_suit]
    lines: list[str] = []
    cards: list[str] = []
    notes: list[str] = []
    for item, _ in events:
        if isinstance(item, Declared):
            lines.append(f"{_N(hand, item.seat)} declares the {item.name}  {cite(item.rule)}")
    for item, bot in events:
        if isinstance(item, Played | Revoked | OutOfTurn):
            event = item
            star = "*" if bot else ""
            if isinstance(event, OutOfTurn):
                notes.append(f"    {_n(hand, event.seat)} plays {name(event.card)}{star} out of turn; it goes back")
                continue
            verb = " leads" if not cards else ""
            cards.append(f"{_n(hand, event.seat)}{verb} {name(event.card)}{star}")
            if isinstance(event, Revoked):
                notes.append(f"    {_n(hand, event.seat)} revokes with {name(event.card)}")
        elif isinstance(item, QuinolaFate):
            how = "given-lead" if item.how == "given" and trick.leader == item.seat else item.how
            words = {"quinola": term(pack, "quinola"), "placed": term(pack, "placed")}
            declared = hand.params.reversis_declaration
            fate = _FATES[how].format(seat=_n(hand, item.seat), suit=suit, one=suit[:-1], declared=declared, **words)
            notes.append(f"    {fate}")
        elif isinstance(item, PoolWon):
            notes.append(
                f"    {_n(hand, item.seat)} takes the {pool} ({item.amount}) "
                f"for the {term(pack, 'quinola')}, as it falls"
            )
        elif isinstance(item, BeteOwed):
            owes = f"he owes the {pool} {item.amount}, what it holds"
            notes.append(f"    {_n(hand, item.seat)} makes the bête: {owes}  {cite(item.rule)}")
    lines.append(f"Trick {number}: {', '.join(cards)}; {_n(hand, trick.winner)} takes it.")
    return lines + notes


def _closing(
    hand: Hand,
    by_trick: dict[int | None, list[Entry]],
    settlement_rules: set[str],
    payment: Callable[[Entry], str],
    cite: _Citer,
) -> list[str]:
    """The settlement: tricks and points, every payment of the end of the hand, the bêtes, the balances."""
    pool = term(hand.rules.pack, "pool")
    lines = ["Settlement:", f"    {'player':<12}  tricks  points"]
    for seat in [(hand.eldest + k) % hand.players for k in range(hand.players)]:
        place = role_label(seat, dealer=hand.dealer, players=hand.players)
        lines.append(f"    {place:<12}  {hand.tricks_won[seat]:>6}  {hand.points[seat]:>6}")
    settled = [e for e in by_trick[len(hand.tricks)] if e.rule in settlement_rules]
    settled += [
        e
        for t, entries in by_trick.items()
        if t not in (None, len(hand.tricks))
        for e in entries
        if e.rule == "reversis.refund"
    ]
    rules_paid: dict[str, list[Entry]] = defaultdict(list)
    for entry in settled:
        rules_paid[entry.rule].append(entry)
    lines.extend(_settlement(hand, rules_paid, payment, cite))
    for seat, amount, rule in hand.betes:
        lines.append(f"    {_n(hand, seat)} still owes a bête of {amount} to the {pool}  {cite(rule)}")
    owed = hand.ledger.balances()
    order = [(hand.eldest + k) % hand.players for k in range(hand.players)]
    balances = ", ".join(f"{_n(hand, s)} {owed[s]:+d}" for s in order)
    lines.append(f"Balances: {balances}; the {pool} {hand.pool_before} -> {hand.pool}.")
    return lines


def _settlement(hand: Hand, paid: dict[str, list[Entry]], payment: Callable[[Entry], str], cite: _Citer) -> list[str]:
    pack = hand.rules.pack
    quinola, pool, reversis = term(pack, "quinola"), term(pack, "pool"), term(pack, "reversis")
    lines: list[str] = []
    for event in hand.events:
        if isinstance(event, QuinolaFate) and event.how == "talon":
            lines.append(f"    {term(pack, 'in-talon')}")
        elif isinstance(event, QuinolaCancelled):
            lines.append(
                f"    the {reversis} of {_n(hand, event.by)} deprives {_n(hand, event.seat)}'s {quinola} "
                "of its rights  "
                f"{cite(event.rule)}"
            )
        elif isinstance(event, DeclarationLost):
            lines.append(
                f"    {_n(hand, event.seat)} loses the {event.name}: he took trick {event.trick}  {cite(event.rule)}"
            )
        elif isinstance(event, PoolWon):
            if event.rule == "quinola.placed.pool" and hand.params.quinola_pool_at_trick:
                continue  # told at its trick
            what = term(pack, "placed-pool") if event.rule == "quinola.placed.pool" else f"for the {reversis}"
            lines.append(f"    {pool} to {_n(hand, event.seat)} ({event.amount}) {what}")
            lines.extend(payment(e) for e in paid.pop(event.rule, []))
    if hand.reversis:
        r = hand.reversis
        if r["made"]:
            lines.append(f"    {reversis} made by {_n(hand, r['by'])}: he took every trick")
        else:
            lines.append(f"    {reversis} attempted by {_n(hand, r['by'])}, cut by {_n(hand, r['cut_by'])}")
        renouncer = hand.params.renouncer
        for rule in ("reversis.refund", "reversis.made", "reversis.cut", "reversis.cut.pool", f"{renouncer}.cut"):
            lines.extend(payment(e) for e in paid.pop(rule, []))
        collected = paid.pop("reversis.quinola-collected", [])
        if collected:
            maker = _n(hand, r["by"])
            lines.append(f"    {maker} played his own {quinola} in the first tricks: he collects it as well")
            lines.extend(payment(e) for e in collected)
    elif hand.winner is not None and hand.tricks and hand.tricks_won[hand.winner] == len(hand.tricks):
        lines.append(
            f"    {_n(hand, hand.winner)} took every trick without declaring the {reversis}: no count of points; "
            "he wins the hand and collects nothing for it"
        )
    talon = " ".join(pack.names(hand.talon))
    award = hand.talon_award
    if hand.rules["talon_payer"] == "none":
        lines.append(f"    {_n(hand, hand.winner)} wins the hand; the talon {talon} is not paid (option talon_payer)")
    elif award is None:
        lines.append(f"    talon {talon}: not paid, the maker of a {reversis} being exempt  {cite('talon.pay')}")
    else:
        values = hand.params.talon_points
        counted = [f"{pack.name(c)} {values[c]}" for c in hand.talon if values[c]]
        worth = f"worth {award.value} ({', '.join(counted)})" if award.value else "worth nothing"
        lines.append(f"    talon {talon}: {worth}")
        lines.append(f"    talon to {_n(hand, award.seat)}: {_decided(hand, award)}")
        payer = _payer(hand, award)
        if award.value:
            lines.append(f"    {payer}")
            lines.extend(payment(e) for e in paid.pop("talon.pay", []))
        else:
            lines.append(f"    nothing to pay (by option talon_payer, {payer})")
    refresh = paid.pop("pool.refresh", [])
    if refresh:
        lines.append(f"    nobody won the {pool}: each player refreshes it")
        lines.extend(payment(e) for e in refresh)
    bete = paid.pop("bete.pay", [])
    if bete:
        lines.append(f"    the {pool} just won is refilled by the biggest bête owed")
        lines.extend(payment(e) for e in bete)
    for entries in paid.values():
        lines.extend(payment(e) for e in entries)
    return lines


def _late_rules(hand: Hand) -> set[str]:
    """The rules paid at the settlement beyond the usual ones: a cut reversis, a renouncer lost, a revoke's forfeit."""
    name = hand.params.renouncer
    return {"reversis.cut.pool", "penalty.revoke.forfeit", f"{name}.lost.pool", f"{name}.lost.sold", f"{name}.cut"}


def _payer(hand: Hand, award: TalonAwarded) -> str:
    """Who pays the talon, and the reading that chose him."""
    if hand.rules["talon_payer"] != "most-points":
        return f"every other player pays it ({award.payer_reading})"
    (payer,) = award.payers
    most = hand.points[payer]
    tied = [s for s in range(hand.players) if s != award.seat and hand.points[s] == most]
    if len(tied) == 1:
        return f"{_n(hand, payer)} pays it, with most points ({most})"
    shown = ", ".join(_n(hand, s) for s in tied)
    return (
        f'{shown} tie on most points ({most}); "c\'est au premier à le payer", read as the first '
        f"of them in play order from the eldest: {_n(hand, payer)}"
    )


def _decided(hand: Hand, award: TalonAwarded) -> str:
    """Why the talon went where it went: the criterion that separated its taker from the runner-up."""
    seat, other = award.seat, award.runner_up
    if other is None:
        return "the only player"
    if award.decided_by == "tricks":
        return (
            f"fewest tricks ({_plural(hand.tricks_won[seat], 'trick')} against "
            f"{hand.tricks_won[other]} for {_n(hand, other)})"
        )
    if award.decided_by == "points":
        tie = " on equal tricks" if "tricks" in hand.rules["talon_ranking"] else ""
        return (
            f"fewest points{tie} ({_plural(hand.points[seat], 'point')} against {hand.points[other]} "
            f"for {_n(hand, other)})"
        )
    words = {
        "other": _n(hand, other),
        "renouncer": hand.params.renouncer,
        "reversis": term(hand.rules.pack, "reversis"),
    }
    return TIE_WORDS[award.decided_by].format(**words)

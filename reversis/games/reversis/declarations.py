"""Declarations: a reversis undertaken, and a privileged renouncer such as the napolitana.

A ruleset names its declarations in two options, and the engine knows them by
what they do, never by their names:

- ``reversis_declaration`` (e.g. ``revesino``): a player who has taken every
  trick so far undertakes to take the last ``reversis_last_tricks`` as well. It
  is declared before the first card of the first of those tricks, and only by
  the player who took every trick before it.
- ``renouncer`` (e.g. ``napolitana``): a player holding at least
  ``renouncer_at_least`` of the ``renouncer_cards`` declares before the first
  lead; he may then renounce (play any card) in the first ``renouncer_tricks``
  tricks and must follow suit in the others.

Each action comes as the hand's other actions do: ``verify_declare`` raises
``IllegalDeclaration`` naming the rule, ``declare`` records a ``Declared`` event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.core.errors import IllegalDeclaration
from reversis.core.roles import player_in_file
from reversis.games.reversis.events import Declared
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.masks import cards_of

if TYPE_CHECKING:
    from reversis.games.reversis.hand import Hand
    from reversis.games.reversis.params import Params

__all__ = [
    "FEATURE_RULES",
    "RENOUNCER_RULES",
    "REVERSIS_RULES",
    "declaration_names",
    "declare",
    "moment",
    "open_declarations",
    "verify_declare",
]

#: The engine rules of a declared reversis, each recorded as ``<name>.<suffix>`` (``revesino.declare``).
REVERSIS_RULES = ("declare", "returns", "quinola-plain")
#: The engine rules of a privileged renouncer, each recorded as ``<name>.<suffix>`` (``napolitana.lost``).
RENOUNCER_RULES = ("declare", "lost", "lost.pool", "lost.sold", "cut", "quinola-forced")
#: Engine rules that only a ruleset with the named option can record (its neutral value never does).
FEATURE_RULES = {
    "pool.deal": "pool_deal_payment",
    "quinola.forced.pool": "quinola_forced_doubles_pool",
    "quinola.led.pool": "quinola_forced_doubles_pool",
    "quinola.given.pool": "quinola_forced_doubles_pool",
    "reversis.returns-quinola": "reversis_returns_quinola_pool",
    "reversis.quinola-pool": "reversis_maker_quinola_pool",
    "reversis.quinola-collected": "reversis_maker_quinola_each",
    "reversis.cut.pool": "reversis_cut_doubles_pool",
    "penalty.revoke.forfeit": "revoke_forfeits",
    "declare": "reversis_declaration",
}


def declaration_names(p: Params) -> list[str]:
    """The declarations a ruleset knows, renouncer first (it is declared first)."""
    return [name for name in (p.renouncer, p.reversis_declaration) if name]


def moment(p: Params, name: str) -> int:
    """The trick before whose first card ``name`` is declared."""
    return 1 if name == p.renouncer else p.reversis_open_tricks + 1


def qualifies_renouncer(hand: Hand, seat: int) -> bool:
    p = hand.params
    return (hand.hands[seat] & p.renouncer_cards).bit_count() >= p.renouncer_at_least


def verify_declare(hand: Hand, seat: int, name: str) -> None:
    """Raise ``IllegalDeclaration`` naming the rule if ``seat`` may not declare ``name`` now."""
    p = hand.params
    known = declaration_names(p)
    if name not in known:
        have = f" (known: {', '.join(known)})" if known else ""
        raise IllegalDeclaration(f"ruleset {hand.rules.id} has no declaration {name!r}{have}", rule="declare")
    rule = f"{name}.declare"
    if not 0 <= seat < hand.players:
        raise IllegalDeclaration(f"seat {seat} does not exist (0..{hand.players - 1})", rule=rule)
    when = moment(p, name)
    if hand.phase.value != "tricks" or hand.trick_no != when or hand.current_trick:
        at = "before the first lead" if when == 1 else f"after trick {when - 1}, before the first card of trick {when}"
        raise IllegalDeclaration(f"{name} is declared {at}", rule=rule)
    if any(e.seat == seat and e.name == name for e in hand.declared):
        raise IllegalDeclaration(f"{player_in_file(seat, hand)} has already declared {name}", rule=rule)
    if name == p.renouncer:
        if any(e.name == name for e in hand.declared):
            raise IllegalDeclaration(f"{name} is declared already, by another seat", rule=rule)
        if not qualifies_renouncer(hand, seat):
            cards = " ".join(hand.rules.pack.names(cards_of(p.renouncer_cards)))
            held = (hand.hands[seat] & p.renouncer_cards).bit_count()
            raise IllegalDeclaration(
                f"{player_in_file(seat, hand)} may not declare {name}: it needs {p.renouncer_at_least} of {cards}, "
                f"and the hand holds {held}",
                rule=rule,
            )
        return
    won = hand.tricks_won[seat]
    if won != when - 1:
        raise IllegalDeclaration(
            f"{player_in_file(seat, hand)} may not declare {name}: only the player who took all the first "
            f"{when - 1} tricks may declare it, and he took {won}",
            rule=rule,
        )


def open_declarations(hand: Hand) -> list[tuple[int, str]]:
    """The (seat, declaration) pairs that may be declared now."""
    p = hand.params
    if not hand.declaration_due:
        return []
    out = []
    for name in declaration_names(p):
        if moment(p, name) != hand.trick_no or any(e.name == name for e in hand.declared):
            continue  # one declaration of each kind: one renouncer, one undertaker of every trick
        for seat in range(hand.players):
            if name == p.renouncer:
                allowed = qualifies_renouncer(hand, seat)
            else:
                allowed = hand.tricks_won[seat] == hand.trick_no - 1
            if allowed:
                out.append((seat, name))
    return out


def declare(hand: Hand, seat: int, name: str) -> Declared:
    """Declare ``name`` for ``seat``; a reversis undertaken returns the hand's payments so far
    where the ruleset says so (``reversis_declared_returns``)."""
    verify_declare(hand, seat, name)
    event = Declared(seat, name, hand.trick_no, f"{name}.declare")
    hand.declared.append(event)
    hand.events.append(event)
    if name == hand.params.reversis_declaration:
        hand.reversis_by = seat
        if hand.params.pay.reversis_declared_returns:
            _return_payments(hand, seat, name)
    return event


def _return_payments(hand: Hand, declarer: int, name: str) -> None:
    # "todos estos pagos se anulan cuando se declara el revesino ... debe devolverse todo lo
    # cobrado": every payment of the aces and the quinola between the players is given back; and the
    # pool won or paid for a quinola played by another player than the declarer is given back or
    # recovered ("deberá devolver las fichas cobradas o recuperar las pagadas").
    ledger = hand.ledger
    quinola = hand.quinola
    other_quinola = quinola is not None and quinola.seat is not None and quinola.seat != declarer
    renouncer_quinola = f"{hand.params.renouncer}.quinola-forced"
    for entry in list(ledger.entries):
        rule = entry.rule
        if not rule.startswith(("ace.", "quinola.")) and rule != renouncer_quinola:
            continue
        between_players = entry.payer != POOL and entry.payee != POOL
        if between_players or other_quinola:
            ledger.pay(entry.payee, entry.payer, entry.amount, rule=f"{name}.returns", trick=hand.trick_no)
    if other_quinola and hand.pool_winner == (quinola.seat if quinola else None):
        hand.pool_winner = None

"""What a trick pays when it closes: the aces and the quinola thrown on it, forced or given.

Each rule is read here, in one commented place, from the ruleset's options
(compiled into :class:`~reversis.games.reversis.params.Params` where the hot path needs them).
Payments go to the hand's :class:`~reversis.games.reversis.ledger.Ledger`; what became of the
quinola, and each bête it costs, is recorded as an event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.core.cards import Card
from reversis.games.reversis.events import BeteOwed, PoolWon, QuinolaFate
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.masks import SUIT_MASKS

if TYPE_CHECKING:
    from reversis.games.reversis.hand import Hand

__all__ = ["trick_payments"]


def trick_payments(
    hand: Hand, *, number: int, lead: Card, leader: int, winner: int, specials: list[tuple[int, Card, bool]]
) -> None:
    """The payments of trick ``number``, led with ``lead``, whose other aces and quinola are ``specials``:
    (position from the leader, card, whether it was its player's only card of the suit led)."""
    p = hand.params
    n = hand.players
    led = lead >> 4
    pay = hand.ledger.pay
    if hand.reversis_by is not None and hand.params.pay.reversis_declared_returns:
        # "todos estos pagos se anulan cuando se declara el revesino": once a reversis is
        # undertaken, an ace or the quinola played costs and earns nothing ("queda como simple sota")
        _quinola_plain(hand, number=number, lead=lead, leader=leader, specials=specials)
        return
    # The article doubles nothing; other rulesets double the first trick or the last (à la bonne).
    factor = (p.first_trick_factor if number == 1 else 1) * (p.last_trick_factor if number == p.tricks else 1)
    for i, card, alone in specials:
        seat = (leader + i) % n
        if card == p.quinola:
            _quinola_played(hand, seat=seat, led=led, winner=winner, leader=leader, factor=factor, alone=alone)
        elif card >> 4 != led:
            # "Quand on jette un as en renonce sur une autre couleur, on gagne de celui qui leve."
            pay(winner, seat, p.ace_values[card] * factor, rule="ace.placed", trick=number)
        elif alone and p.ace_forced_pays:
            # "Un joueur qui est forcé de lâcher l'as de la couleur jouée, paye à celui qui l'y force."
            pay(seat, leader, p.ace_forced_values[card] * factor, rule="ace.forced", trick=number)
    # An ace led earns and costs nothing ("le joueur qui doit commencer ... ne gagne ni ne perd rien").
    if lead == p.quinola:
        _quinola_led(hand, seat=leader, factor=factor)


def _quinola_plain(hand: Hand, *, number: int, lead: Card, leader: int, specials: list[tuple[int, Card, bool]]) -> None:
    quinola = hand.params.quinola
    seat = (
        leader if lead == quinola else next(((leader + i) % hand.players for i, c, _ in specials if c == quinola), None)
    )
    if seat is not None:
        hand.quinola = QuinolaFate("plain", seat, number, f"{hand.params.reversis_declaration}.quinola-plain")
        hand.events.append(hand.quinola)


def _double_pool(hand: Hand, seat: int, rule: str) -> None:
    # "está obligado a doblar el fondo": he pays in as much as the pool holds
    hand.ledger.pay(seat, POOL, hand.pool, rule=rule, trick=hand.trick_no)


def _pool_neutral(hand: Hand) -> bool:
    """Whether the quinola played now neither takes the pool nor pays into it: "Le Quinola forcé,
    placé ou joué aux dernières levées, ne fait pas la remise ni ne la lève" (espagnolette-19c:12)."""
    last = hand.params.pay.quinola_last_tricks_neutral
    return bool(last) and hand.trick_no > hand.params.tricks - last


def _renouncer_quinola(hand: Hand, *, seat: int, leader: int, winner: int, factor: int) -> bool:
    """The quinola drawn from a declared renouncer by a higher card of its suit (the napolitana's,
    "con un as, rey o caballo de oros, se saca la quínola al jugador que hace la napolitana"): True if
    this rule applied. A renouncer whose right a trick ended is paid as any holder
    ("il rentre dès ce moment dans la classe des autres", espagnolette-19c:3)."""
    if seat != hand.renouncer or winner == seat or hand.privilege_ended:
        return False
    options = hand.params.pay
    name = hand.params.renouncer
    number = hand.trick_no
    # who forced it: the player whose higher card took it, or (option) the one who led the suit
    forcer = leader if hand.params.pay.renouncer_quinola_forcer == "leader" else winner
    hand.quinola = QuinolaFate("forced", seat, number, f"{name}.quinola-forced")
    hand.events.append(hand.quinola)
    # the ordinary penalty of a forced quinola (the bête, or the pool doubled), then his payments;
    # "à quelque époque du jeu que cela arrivât" (option renouncer_quinola_remise_any_trick) he makes
    # it in the last tricks too, where rule 21 exempts any other quinola
    if hand.params.pay.renouncer_quinola_remise_any_trick or not _pool_neutral(hand):
        if options.quinola_forced_bete:
            _bete(hand, seat, f"{name}.quinola-forced")
        if hand.params.quinola_forced_doubles_pool:
            _double_pool(hand, seat, f"{name}.quinola-forced")
    if hand.params.pay.renouncer_quinola_forced_ordinary:
        # "paierait ainsi que les deux autres joueurs ce qui est dû à celui qui le lui aurait forcé ,
        # d'après les règles ci-dessus": the payments of any forced quinola, to the player who forced it
        # "par as, roi ou dame de cœur" (option renouncer_quinola_forcer)
        _forced_payments(hand, seat=seat, forcer=forcer, factor=factor)
        return True
    hand.ledger.pay(
        seat, forcer, options.renouncer_quinola_forced_payment * factor, rule=f"{name}.quinola-forced", trick=number
    )
    for other in range(hand.players):
        if other not in (seat, forcer):
            hand.ledger.pay(
                seat,
                other,
                options.renouncer_quinola_forced_each * factor,
                rule=f"{name}.quinola-forced",
                trick=number,
            )
    return True


def _bete(hand: Hand, seat: int, rule: str) -> None:
    # "fait la bête de ce qu'il y a sur le jeu": he owes the pool what it holds now
    amount = hand.pool
    hand.ledger.owe_bete(seat, amount, rule)
    hand.events.append(BeteOwed(seat, amount, hand.trick_no, rule))


def _quinola_played(hand: Hand, *, seat: int, led: int, winner: int, leader: int, factor: int, alone: bool) -> None:
    options = hand.params.pay
    number = hand.trick_no
    pay = hand.ledger.pay
    if led != hand.params.quinola_suit:
        # "Lorsque le valet de cœur ou le quinola est jetté en renonce, celui qui s'en défait, gagne le jeu";
        # the pool is taken at settlement, where a reversis may cancel it.
        hand.quinola = QuinolaFate("placed", seat, number, "quinola.placed.pool")
        hand.events.append(hand.quinola)
        taken = min(hand.pool, hand.pool_when_quinola_fell)
        if hand.params.quinola_pool_at_trick and options.quinola_placed_wins_pool and taken and not _pool_neutral(hand):
            # "se lleva el fondo que esté acumulado hasta ese momento": what it held when the card fell
            hand.pool_winner = seat
            hand.events.append(PoolWon(seat, taken, "quinola.placed.pool"))
            pay(POOL, seat, taken, rule="quinola.placed.pool", trick=number)
        # "Celui qui prend la levée ou le quinola, se trouve en renonce, paye deux marques ou plus"
        pay(winner, seat, options.quinola_placed_trick_payment * factor, rule="quinola.placed.trick", trick=number)
        each = options.quinola_placed_each_payment * factor
        for other in range(hand.players):
            if other != seat:
                pay(other, seat, each, rule="quinola.placed.each", trick=number)
        return
    if alone and _renouncer_quinola(hand, seat=seat, leader=leader, winner=winner, factor=factor):
        return  # "sacar": made to play it, having no other card of the suit (p42)
    if not alone:
        # Played on hearts while holding other hearts: neither forced nor led, but not thrown
        # en renonce either ("n'ayant pu le jetter en renonce"); the bête is a reading (option).
        _quinola_given(hand, seat=seat)
        return
    # "Celui qui est forcé de donner le quinola sur du cœur ... fait la bête de ce qu'il y a sur le jeu."
    hand.quinola = QuinolaFate("forced", seat, number, "quinola.forced.bete")
    hand.events.append(hand.quinola)
    neutral = _pool_neutral(hand)
    if options.quinola_forced_bete and not neutral:
        _bete(hand, seat, "quinola.forced.bete")
    if hand.params.quinola_forced_doubles_pool and not neutral:
        _double_pool(hand, seat, "quinola.forced.pool")
    _forced_payments(hand, seat=seat, forcer=leader, factor=factor)


def _quinola_given(hand: Hand, *, seat: int) -> None:
    """The quinola played on its own suit by choice: followed by a holder of other cards of the
    suit, or led where the lead is not forced (option quinola_led_forced)."""
    hand.quinola = QuinolaFate("given", seat, hand.trick_no, "quinola.given.bete")
    hand.events.append(hand.quinola)
    options = hand.params.pay
    if options.quinola_given_bete and not _pool_neutral(hand):
        # the penalty of a forced quinola: the bête, or the pool doubled, as the ruleset has it
        if options.quinola_forced_bete:
            _bete(hand, seat, "quinola.given.bete")
        if hand.params.quinola_forced_doubles_pool:
            _double_pool(hand, seat, "quinola.given.pool")


def _forced_payments(hand: Hand, *, seat: int, forcer: int, factor: int) -> None:
    """What the holder of a forced quinola and the others pay the player who forced it."""
    options = hand.params.pay
    number = hand.trick_no
    pay = hand.ledger.pay
    # "Celui qui fait partir le quinola, gagne à celui qui le lâche, quatre jettons ou plus, & un à chaque
    # joueur": the leader, who made it go, wins 4 from the holder; who pays the "un à chaque joueur" is
    # the reading of option quinola_forced_each.
    pay(seat, forcer, options.quinola_forced_payment * factor, rule="quinola.forced.forcer", trick=number)
    one = options.quinola_forced_each_payment * factor
    reading = options.quinola_forced_each
    forcer_wins = reading in ("forcer-from-others", "forcer-from-all")
    for other in range(hand.players):
        if other == forcer or (other == seat and reading != "forcer-from-all"):
            continue
        if forcer_wins:
            pay(other, forcer, one, rule="quinola.forced.each", trick=number)
        else:
            pay(seat, other, one, rule="quinola.forced.each", trick=number)
    if reading == "holder-to-all":
        pay(seat, forcer, one, rule="quinola.forced.each", trick=number)


def _lead_forced(hand: Hand, seat: int) -> bool:
    """Whether the quinola just led was forced on its leader (option quinola_led_forced): every lead
    ("ou qui le joue lui-même"), a lead by a holder of no other card of its suit, or a lead by a
    holder of no other card at all ("cuando debe jugar una carta de oros y sólo tiene la sota")."""
    reading = hand.params.pay.quinola_led_forced
    left = hand.hands[seat]  # what the leader holds now: the trick took the quinola from him
    if reading == "only-card":
        return not left
    if reading == "only-oro":
        return not left & SUIT_MASKS[hand.params.quinola_suit]
    return True


def _quinola_led(hand: Hand, *, seat: int, factor: int) -> None:
    # "... ou qui le joue lui-même, n'ayant pu le jetter en renonce, fait la bête"
    if not _lead_forced(hand, seat):
        _quinola_given(hand, seat=seat)
        return
    number = hand.trick_no
    hand.quinola = QuinolaFate("led", seat, number, "quinola.led.bete")
    hand.events.append(hand.quinola)
    neutral = _pool_neutral(hand)
    if hand.params.pay.quinola_forced_bete and not neutral:
        _bete(hand, seat, "quinola.led.bete")
    if hand.params.quinola_forced_doubles_pool and not neutral:
        _double_pool(hand, seat, "quinola.led.pool")
    if hand.params.pay.quinola_led_pays_each:
        one = hand.params.pay.quinola_forced_each_payment * factor
        for other in range(hand.players):
            if other != seat:
                hand.ledger.pay(seat, other, one, rule="quinola.forced.each", trick=number)

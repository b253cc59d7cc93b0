"""Settlement of a finished hand: the reversis, the pool, the talon, bêtes and refreshes.

Each payment is read from the ruleset's options and recorded in the hand's
ledger with its engine rule id; what decided the talon and the pool is
recorded as an event, so that the account can say which reading decided it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.games.reversis.events import (
    BeteOwed,
    DeclarationLost,
    PoolWon,
    QuinolaCancelled,
    QuinolaFate,
    Settled,
    TalonAwarded,
)
from reversis.games.reversis.ledger import POOL
from reversis.games.reversis.terms import term

if TYPE_CHECKING:
    from reversis.games.reversis.hand import Hand

__all__ = ["rank_key", "rank_seats", "settle"]


def rank_key(hand: Hand, seat: int) -> tuple[int, ...]:
    """A seat's standing for the talon, one value per criterion of ``talon_ranking``; lower is better.

    tricks and points: the seat's count; no-trick: 0 for a seat that took no trick, else 1;
    left-of-dealer, eldest-first, dealer-first: the seat's place in that order, from 0 (left-of-dealer
    from 1, the dealer last); renouncer-first: 0 for a renouncer who kept his right, else 1."""
    n, dealer = hand.players, hand.dealer
    values = []
    for criterion in hand.params.settle.talon_ranking:
        if criterion == "tricks":  # "leve moins de cartes que les autres"
            values.append(hand.tricks_won[seat])
        elif criterion == "points":  # "moins de points dans son jeu"
            values.append(hand.points[seat])
        elif criterion == "no-trick":  # "celui qui n'a point de levée, l'emporte"
            values.append(1 if hand.tricks_won[seat] else 0)
        elif criterion == "left-of-dealer":
            # "le plus près de celui qui a fait à gauche": play passes to the right, so the dealer's
            # left-hand neighbour is the seat before him; the dealer himself comes last
            values.append((dealer - seat) % n or n)
        elif criterion == "eldest-first":
            values.append((seat - dealer - 1) % n)
        elif criterion == "dealer-first":
            values.append((seat - dealer) % n)
        elif criterion == "renouncer-first":
            # a declared renouncer who kept his right (the espagnolette who never took a trick) first,
            # in a hand without a reversis made or broken (espagnolette-19c:13)
            kept = seat == hand.renouncer and not hand.privilege_ended and hand.reversis is None
            values.append(0 if kept else 1)
    return tuple(values)


def rank_seats(hand: Hand, seats: list[int]) -> list[int]:
    """Seats ordered best first by the ruleset's ``talon_ranking`` criteria."""
    return sorted(seats, key=lambda seat: rank_key(hand, seat))


def _reversis(hand: Hand) -> tuple[int | None, int | None, int | None]:
    """(maker, attempter, cutter): the reversis made by one who took every trick, or, where the
    ruleset knows an attempt (``reversis_last_tricks``), the one who took every trick but the last
    ones and the first other taker, who cut it."""
    winners = [t.winner for t in hand.tricks]
    number = len(winners)
    first = winners[0]
    if hand.params.reversis_declaration:
        # "Hacer esta declaración es condición imprescindible para cobrar el revesino": only a
        # reversis undertaken is paid; it is cut by the first other taker of the last tricks.
        by = hand.reversis_by
        if by is None:
            return None, None, None
        if winners.count(by) == number:
            return by, by, None
        return None, by, next(w for w in winners[hand.params.reversis_open_tricks :] if w != by)
    if winners.count(first) == number:
        return first, first, None
    last = hand.params.settle.reversis_last_tricks
    open_tricks = number - last
    if last and winners[:open_tricks].count(first) == open_tricks:
        return None, first, next(w for w in winners[open_tricks:] if w != first)
    return None, None, None


def settle(hand: Hand) -> None:
    """Settle a hand whose last trick has just been taken: the reversis, the pool, the winner and
    the talon, the pool refreshed or refilled by a bête, and what a revoke forfeits."""
    number = len(hand.tricks)
    made_by, attempt_by, cut_by = _reversis(hand)
    if attempt_by is not None:
        hand.reversis = {"by": attempt_by, "made": made_by is not None, "cut_by": cut_by}
    # A quinola never played lay in the talon: écarté.
    if hand.quinola is None and hand.params.quinola in hand.talon:
        hand.quinola = QuinolaFate("talon", None, None, "pool.refresh")
        hand.events.append(hand.quinola)
    quinola = hand.quinola
    _award_pool(hand, quinola, made_by=made_by, attempt_by=attempt_by, cut_by=cut_by, number=number)
    if made_by is not None:
        _pay_reversis_made(hand, made_by, number)
    elif cut_by is not None and attempt_by is not None:
        _pay_reversis_cut(hand, attempt_by, cut_by, number)
    _name_winner_pay_talon(hand, made_by=made_by, attempt_by=attempt_by, number=number)
    _refresh_or_refill_pool(hand, quinola, number)
    _forfeit(hand, number)
    hand.events.append(Settled(hand.winner, attempt_by, made_by is not None))


def _award_pool(
    hand: Hand,
    quinola: QuinolaFate | None,
    *,
    made_by: int | None,
    attempt_by: int | None,
    cut_by: int | None,
    number: int,
) -> None:
    """The pool: to the thrower of a quinola en renonce, unless a reversis deprives it of its rights
    ("priver le quinola jetté en renonce, de ses droits ordinaires"); to the maker of a reversis."""
    options = hand.params.settle
    claimants: list[tuple[int, str]] = []
    last_neutral = hand.params.pay.quinola_last_tricks_neutral
    if quinola is not None and quinola.how == "placed" and quinola.seat is not None:
        cut_cancels = cut_by is not None and options.reversis_cut_cancels_quinola
        if made_by is not None and options.reversis_cancels_quinola:
            hand.events.append(QuinolaCancelled(quinola.seat, made_by))
        elif cut_cancels and attempt_by is not None:
            # "qu'en Reversis fait ou rompu il n'y a pas de remise" (espagnolette-19c:10)
            hand.events.append(QuinolaCancelled(quinola.seat, attempt_by))
        elif last_neutral and quinola.trick is not None and quinola.trick > number - last_neutral:
            pass  # "Le Quinola forcé , placé ou joué aux dernières levées , ne fait pas la remise ni ne la lève"
        elif hand.params.pay.quinola_placed_wins_pool and not hand.params.quinola_pool_at_trick:
            claimants.append((quinola.seat, "quinola.placed.pool"))
    if made_by is not None and options.reversis_wins_pool:
        claimants.append((made_by, "reversis.pool"))
    if attempt_by is not None and quinola is not None and quinola.seat is not None and quinola.how != "placed":
        _quinola_pool_after_reversis(hand, quinola, made_by, number)
    if made_by is not None:
        _maker_collects_quinola(hand, made_by, number)
    if claimants and hand.pool:
        seat, rule = claimants[0]
        hand.pool_winner = seat
        hand.events.append(PoolWon(seat, hand.pool, rule))
        hand.ledger.pay(POOL, seat, hand.pool, rule=rule, trick=number)


def _pay_reversis_made(hand: Hand, made_by: int, number: int) -> None:
    """The maker of a reversis is paid by every other player, after the remise of what he paid."""
    options = hand.params.settle
    ledger = hand.ledger
    if options.reversis_refund:
        # the remise: "une remise de tous les jettons que celui qui fait le reversis, a pu payer dans le coup"
        for entry in ledger.paid_by(made_by):
            ledger.pay(entry.payee, made_by, entry.amount, rule="reversis.refund", trick=entry.trick)
    # "l'espagnolette paye seule pour toute la compagnie" if he used his right to renounce
    for_all = hand.renouncer if options.renouncer_pays_reversis_for_all and hand.renounced else None
    for other in range(hand.players):
        if other != made_by:
            payer = for_all if for_all is not None and for_all != made_by else other
            ledger.pay(payer, made_by, options.reversis_payment_each, rule="reversis.made", trick=number)


def _pay_reversis_cut(hand: Hand, attempt_by: int, cut_by: int, number: int) -> None:
    """The breaker of a reversis is paid by its undertaker (or by a renouncer in his place)."""
    options = hand.params.settle
    ledger = hand.ledger
    payer = _cut_payer(hand, attempt_by, cut_by)
    # paid by the renouncer "à la décharge de" the undertaker: recorded under the renouncer's rule
    cut_rule = "reversis.cut" if payer == attempt_by else f"{hand.params.renouncer}.cut"
    ledger.pay(payer, cut_by, options.reversis_cut_payment, rule=cut_rule, trick=number)
    if options.reversis_cut_doubles_pool:
        # "si se lo cortan y no consigue completarlo, debe doblar la cantidad del fondo"
        ledger.pay(attempt_by, POOL, hand.pool, rule="reversis.cut.pool", trick=number)
    renouncer = hand.renouncer
    if renouncer is not None and renouncer not in (attempt_by, cut_by):
        # "el jugador que hace napolitana debe pagar al que lo ha cortado 64 tantos"
        name = hand.params.renouncer
        ledger.pay(renouncer, cut_by, options.renouncer_cut_payment, rule=f"{name}.cut", trick=number)


def _name_winner_pay_talon(hand: Hand, *, made_by: int | None, attempt_by: int | None, number: int) -> None:
    """The winner of the hand, and the talon paid to the best-ranked seat."""
    options = hand.params.settle
    n = hand.players
    lost_renouncer = _renouncer_lost(hand, number)
    keys = [rank_key(hand, seat) for seat in range(n)]
    ranked = sorted((s for s in range(n) if s != lost_renouncer), key=keys.__getitem__)
    every_trick = _every_trick_undeclared(hand) if made_by is None and attempt_by is None else None
    if made_by is not None:
        hand.winner = made_by
    elif every_trick is not None:
        # "siempre que no haya habido revesino -es decir, que uno de los jugadores haya ganado todas
        # las bazas-, se procede al recuento": no count; he wins the hand, and collects nothing
        hand.winner = every_trick
    elif hand.renouncer is not None and lost_renouncer is None and options.renouncer_lost_effect == "loses-hand":
        hand.winner = hand.renouncer  # the napolitana kept wins the hand
    else:
        hand.winner = ranked[0]
    # "Le reversis est exempt de payer le talon."
    exempt = made_by is not None and options.reversis_exempt_talon
    if options.talon_payer != "none" and every_trick is None and not exempt:
        _pay_talon(hand, ranked, keys, number)


def _refresh_or_refill_pool(hand: Hand, quinola: QuinolaFate | None, number: int) -> None:
    """The pool refreshed by everyone after the quinola's fates that say so, where no one won it;
    a pool just won refilled by the biggest bête owed."""
    options = hand.params.settle
    ledger = hand.ledger
    # "Dans les cas où le quinola est écarté ou forcé, & que personne ne gagne la poule, chacun remet
    # deux jettons pour la rafraîchir": the fates that count are the reading of option pool_refresh_on.
    if quinola is None:
        quinola = hand.quinola
    if quinola is not None and quinola.how in options.pool_refresh_on and hand.pool_winner is None:
        for seat in range(hand.players):
            ledger.pay(seat, POOL, options.pool_refresh, rule="pool.refresh", trick=number)
    # A pool just won is refilled by the biggest bête owed ("l'une après l'autre, ... la plus grosse la premiere").
    if hand.pool_winner is not None and ledger.betes:
        ledger.pay_next_bete(biggest_first=options.betes_biggest_first, trick=number)


def _quinola_pool_after_reversis(
    hand: Hand,
    quinola: QuinolaFate,
    made_by: int | None,
    number: int,
) -> None:
    """What a reversis made or broken does to a quinola forced, given or led (the espagnolette's rules
    19 and 20): "excepté toujours s'il y a Reversis fait ou rompu", the chips it paid into the pool
    come back (option reversis_returns_quinola_pool); and the maker who played his own quinola in the
    first tricks takes the pool for it (option reversis_maker_quinola_pool)."""
    ledger = hand.ledger
    seat = quinola.seat
    if seat is None:
        return
    paid_in = [e for e in ledger.entries if e.payer == seat and e.payee == POOL and e.trick == quinola.trick]
    maker_early = (
        made_by is not None
        and seat == made_by
        and quinola.trick is not None
        and quinola.trick <= hand.params.reversis_open_tricks
        and hand.params.settle.reversis_maker_quinola_pool
    )
    if hand.params.settle.reversis_returns_quinola_pool or maker_early:
        for entry in paid_in:
            ledger.pay(POOL, seat, entry.amount, rule="reversis.returns-quinola", trick=number)
        _forgive_quinola_bete(hand, seat)
    if maker_early and made_by is not None and hand.pool:
        # "excepté pour celui qui, l'entreprend et qui le fait encore , lorsqu'il l'a jetté à l'une des
        # neuf premières levées"
        hand.pool_winner = made_by
        hand.events.append(PoolWon(made_by, hand.pool, "reversis.quinola-pool"))
        ledger.pay(POOL, made_by, hand.pool, rule="reversis.quinola-pool", trick=number)


def _forgive_quinola_bete(hand: Hand, seat: int) -> None:
    """The bête that ``seat``'s quinola made in this hand is no longer owed; a bête carried from an
    earlier hand is still owed, whatever made it."""
    betes = hand.ledger.betes
    for event in hand.events:
        if isinstance(event, BeteOwed) and event.seat == seat and "quinola" in event.rule:
            made = (event.seat, event.amount, event.rule)
            # the last one owed is this hand's: a carried bête alike in every respect comes before it
            at = max((i for i, bete in enumerate(betes) if bete == made), default=-1)
            if at >= 0:
                del betes[at]


def _every_trick_undeclared(hand: Hand) -> int | None:
    """The seat that took every trick without undertaking a reversis, where that still wins the hand
    (option reversis_undeclared_wins_hand); None otherwise."""
    first = hand.tricks[0].winner
    if not hand.params.settle.reversis_undeclared_wins_hand or any(t.winner != first for t in hand.tricks):
        return None
    return first


def _maker_collects_quinola(hand: Hand, made_by: int, number: int) -> None:
    """ "Se cobra la quínola y el revesino": the maker of a reversis who played his own quinola in the
    tricks before the declaration gets back what it cost him and is paid for it by each other player
    (option reversis_maker_quinola_each; 0 where he collects nothing for it)."""
    each = hand.params.settle.reversis_maker_quinola_each
    quinola = hand.quinola
    if (
        not each
        or quinola is None
        or quinola.seat != made_by
        or quinola.how == "placed"
        or quinola.trick is None
        or quinola.trick > hand.params.reversis_open_tricks
    ):
        return
    ledger = hand.ledger
    for entry in list(ledger.entries):
        if entry.payer == made_by and entry.payee == POOL and entry.trick == quinola.trick and "quinola" in entry.rule:
            ledger.pay(POOL, made_by, entry.amount, rule="reversis.quinola-collected", trick=number)
    for other in range(hand.players):
        if other != made_by:
            ledger.pay(other, made_by, each, rule="reversis.quinola-collected", trick=number)


def _cut_payer(hand: Hand, attempt_by: int, cut_by: int) -> int:
    """Who pays the breaker of a reversis: its undertaker, or, where the ruleset says so, a renouncer
    who used his right, "à la décharge de celui à qui il est rompu", unless he played above the
    undertaker in the breaking trick and so is deemed to have broken it himself."""
    seat = hand.renouncer
    if (
        seat is None
        or not hand.params.settle.renouncer_cut_relieves
        or not hand.renounced
        or seat in (attempt_by, cut_by)
    ):
        return attempt_by
    if hand.params.settle.renouncer_deemed_cutter:
        trick = next(t for t in hand.tricks[hand.params.reversis_open_tricks :] if t.winner != attempt_by)
        n = hand.players
        led = trick.cards[0] >> 4
        theirs = trick.cards[(attempt_by - trick.leader) % n]
        mine = trick.cards[(seat - trick.leader) % n]
        if mine >> 4 == led and (theirs >> 4 != led or mine > theirs):
            return attempt_by  # deemed the breaker: "il est censé avoir rompu le Reversis"
    return seat


def _renouncer_lost(hand: Hand, number: int) -> int | None:
    """The seat of a declared renouncer who lost his declaration by taking a trick, after paying
    what losing it costs; None if there is none, or he kept it."""
    seat = hand.renouncer
    options = hand.params.settle
    if seat is None or hand.params.settle.renouncer_lost_effect != "loses-hand":
        return None  # where taking a trick only ends his right to renounce, the hand ended it (Hand._end_privilege)
    p = hand.params
    name = p.renouncer
    # "si gana alguna de las dos últimas bazas, pierde la napolitana" (or any trick at all: option)
    first = p.renouncer_tricks + 1 if options.renouncer_lost_on == "last-tricks" else 1
    taken = [i for i, trick in enumerate(hand.tricks, 1) if trick.winner == seat and i >= first]
    if not taken:
        return None
    hand.events.append(DeclarationLost(seat, name, taken[0], f"{name}.lost"))
    ledger = hand.ledger
    quinola = hand.quinola
    returned_before = _declared_returns_at(hand)
    if options.renouncer_lost_doubles_pool and quinola is not None and quinola.seat == seat and quinola.trick:
        # the fondo doubled "si además ha vendido la quínola, se la fuerzan en una de las dos últimas
        # bazas, o gana la penúltima y debe salir de la quínola en la última". Sold, the quínola took
        # the fondo: he pays in what it took. Forced or led, the fondo is doubled once: by the quínola's
        # own rule where it already was (p25, p61), else now. A sale that another player's revesino
        # annulled ("todos estos pagos se anulan cuando se declara el revesino") is no sale: the
        # declaration comes first, and he gave the fondo back then.
        annulled = quinola.trick < returned_before and seat != hand.reversis_by
        sold = quinola.how == "placed" and not annulled
        forced_late = quinola.how in ("forced", "given") and quinola.trick > p.renouncer_tricks
        led_last = quinola.how == "led" and quinola.trick == number
        if sold:
            took = sum(
                e.amount
                for e in ledger.entries
                if e.payer == POOL and e.payee == seat and e.rule == "quinola.placed.pool"
            )
            ledger.pay(seat, POOL, took or ledger.pool, rule=f"{name}.lost.pool", trick=number)
        elif forced_late or led_last:
            doubled = any(e.payer == seat and e.payee == POOL and e.trick == quinola.trick for e in ledger.entries)
            if not doubled:
                ledger.pay(seat, POOL, ledger.pool, rule=f"{name}.lost.pool", trick=number)
    # "deberá pagar doble los ases o la quínola que hubiese vendido": what a reversis undertaken
    # already gave back (option reversis_declared_returns) is not paid again
    factor = options.renouncer_sold_back_factor
    for entry in list(ledger.entries):
        if entry.trick is not None and entry.trick < returned_before:
            continue
        if entry.payee == seat and entry.payer != POOL and entry.rule in _SOLD:
            ledger.pay(seat, entry.payer, entry.amount * factor, rule=f"{name}.lost.sold", trick=number)
    return seat


def _declared_returns_at(hand: Hand) -> int:
    """The trick at which a reversis undertaken gave back the hand's payments, or 0."""
    if hand.reversis_by is None or not hand.params.pay.reversis_declared_returns:
        return 0
    name = hand.params.reversis_declaration
    return next((e.trick for e in hand.declared if e.name == name), 0)


#: the payments a player collects for an ace or the quinola he sold (placed on another suit)
_SOLD = ("ace.placed", "quinola.placed.trick", "quinola.placed.each")


def _forfeit(hand: Hand, number: int) -> None:
    # "no tendrá derecho a cobrar ninguno": a player who revoked gives back what he collected
    for seat in sorted(hand.forfeit):
        for entry in list(hand.ledger.entries):
            if entry.payee == seat and not entry.rule.endswith((".forfeit", ".returns")):
                hand.ledger.pay(seat, entry.payer, entry.amount, rule="penalty.revoke.forfeit", trick=number)


def _pay_talon(hand: Hand, ranked: list[int], keys: list[tuple[int, ...]], number: int) -> None:
    """The talon's value (its cards at ``talon_card_points``) to the best-ranked seat, from its payer(s)."""
    n = hand.players
    options = hand.params.settle
    points = hand.params.talon_points
    value = 0
    for card in hand.talon:
        value += points[card]
    taker = ranked[0]
    runner_up = ranked[1] if n > 1 else None
    decided_by = "seat order"
    if runner_up is not None:
        criteria = options.talon_ranking
        pairs = zip(criteria, keys[taker], keys[runner_up], strict=True)
        # (a seat criterion, which every ranking has, always separates two seats)
        decided_by = next(c for c, a, b in pairs if a != b)
    others = [s for s in range(n) if s != taker]
    payer_rule = options.talon_payer
    if payer_rule.startswith("most-points"):
        most = max(hand.points[s] for s in others)
        tied = [s for s in others if hand.points[s] == most]
        # on equal points "c'est au premier à le payer", "premier" read as option talon_payer says:
        # the first of the tied in order of play from the eldest (most-points), the tied player nearest
        # the dealer's left (most-points-tie-left), or the eldest hand himself (most-points-tie-eldest)
        if len(tied) == 1:
            payers, reading = tied, "most points"
        elif payer_rule == "most-points-tie-left":
            payers = [min(tied, key=lambda s: (hand.dealer - s) % n or n)]
            reading = "most points, tied: the one nearest the dealer's left"
        elif payer_rule == "most-points-tie-eldest" and hand.eldest != taker:
            payers, reading = [hand.eldest], "most points tied: the eldest hand"
        else:
            payers = [min(tied, key=lambda s: (s - hand.dealer - 1) % n)]
            reading = f"most points, tied: the first in play order from {term(hand.rules.pack, 'eldest')}"
    else:
        payers = others
        reading = "each other player"
    hand.talon_award = TalonAwarded(taker, value, decided_by, runner_up, tuple(payers), reading)
    hand.events.append(hand.talon_award)
    for payer in payers:
        hand.ledger.pay(payer, taker, value, rule="talon.pay", trick=number)

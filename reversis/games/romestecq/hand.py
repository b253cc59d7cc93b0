"""A hand of Romestecq as a state machine: the deal (and its faults), the virlicque, five tricks,
the claims of the combinations, the end of the hand or of the game.

Phases: ``tricks`` (cards are played, each with the call its combination asks), ``claims`` (each
seat counts its combinations, from the eldest), ``done``. A virlicque dealt, or a fault that loses
the game, ends the hand at once. Every rule flag is read in one place: who leads (the eldest,
reconstructed), what takes a trick (the highest card of the suit led, reconstructed), following
suit (article 12), the marks of aces and kings and of *gruger* (articles 19, 25, 46; an ace or king
is grugé when its holder, void in the suit led, is constrained to throw it, option ``gruge_when``),
the stecq (article 24), the combinations' worth (articles 18-23).

>>> from reversis.core.ruleset import load_ruleset
>>> from reversis.core.cards import FRENCH
>>> cards = lambda text: [FRENCH.parse(c) for c in text.split()]
>>> hand = Hand(load_ruleset("romestecq"), dealer=0, hands=[cards("6S 6H 7S 7H 8S"),
...     cards("AS KS QS JS TS"), cards("AH KH QH JH 9S"), cards("AD KD QD JD TD")])
>>> hand.to_act, FRENCH.names(hand.legal_plays())
(1, ['TS', 'JS', 'QS', 'KS', 'AS'])
>>> hand.play(FRENCH.parse("AS"))
>>> hand.play(FRENCH.parse("AH"))
Traceback (most recent call last):
...
reversis.IllegalPlay: AH: the second hand (seat: 2) holds spades and must follow the suit led (article 12)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from reversis.core.cards import ACE, KING, Card, card_rank, card_suit
from reversis.core.chance import shuffle
from reversis.core.errors import IllegalAction, IllegalPlay, ScenarioError
from reversis.core.roles import player, player_in_file
from reversis.core.ruleset import Ruleset
from reversis.games.romestecq import penalties
from reversis.games.romestecq.combinations import Combination, find, first_call, later_calls
from reversis.games.romestecq.marks import Marks
from reversis.games.romestecq.params import HAND_SIZE, Params, compile_params

__all__ = ["WORTH", "Claim", "Hand", "Phase", "Played", "Trick", "deal_cards", "normal_call"]

#: What each combination is counted for when claimed without being held (the worth of its kind).
WORTH = {"triche": 3, "double-ningre": 3, "village": 2, "double-rome": 2, "rome": 1}
#: The article that orders each combination's calls, named when a count without them is refused.
CALL_ARTICLE = {"double-ningre": 20, "village": 21, "double-rome": 22, "rome": 23}
#: The combinations whose calls article 22 or 23 prints without a penalty (option ``uncalled_rome``).
ROMES = ("double-rome", "rome")


class Phase(Enum):
    TRICKS = "tricks"
    CLAIMS = "claims"
    DONE = "done"


class Played(NamedTuple):
    """A card played (``out_of_turn``: played before its turn and taken back, article 11)."""

    seat: int
    card: Card
    call: str | None
    trick: int
    out_of_turn: bool = False


class Trick(NamedTuple):
    leader: int
    cards: tuple[tuple[int, Card], ...]  # (seat, card) in playing order
    winner: int


class Claim(NamedTuple):
    """A combination counted by a seat: the marks it rubbed out (0 if refused or worthless)."""

    seat: int
    name: str
    marks: int
    rule: str


_UNACCENTED = str.maketrans("èéêàç", "eeeac")


def normal_call(text: str) -> str:
    """A call as the engine compares it: lower case, without accents, one space between words."""
    return " ".join(text.lower().translate(_UNACCENTED).split())


#: The calls a card of a Rome or double Rome may take beside its own (the second card: not said).
_ROME_CALLS = frozenset({normal_call("pièce de Rome"), normal_call("autre pièce")})
#: The word article 21 prints for a village's card (whether it suffices is the option village_call).
_PIECE = normal_call("pièce")


def deal_cards(p: Params, *, dealer: int, rng: random.Random, manner: Sequence[int]) -> list[list[Card]]:
    """A shuffled pack dealt five each in the dealer's packets, from the eldest round to the dealer."""
    pack = list(p.pack)
    shuffle(rng, pack)  # the order rng.shuffle(pack) leaves
    hands: list[list[Card]] = [[] for _ in range(p.players)]
    order = [(dealer + 1 + i) % p.players for i in range(p.players)]
    for packet in manner:
        for seat in order:
            hands[seat] += [pack.pop() for _ in range(packet)]
    return hands


class Hand:
    """One hand of Romestecq; ``marks_before`` is each side's marks still to rub out."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        manner: Sequence[int] = (2, 3),
        dealt_before: Sequence[int] | None = None,
        faults: Sequence[tuple[str, int | None, bool]] = (),
        marks_before: tuple[int, int] | None = None,
        rng: random.Random | None = None,
        params: Params | None = None,
    ) -> None:
        self.rules = rules
        self.params = p = params or compile_params(rules)
        self.players = p.players
        self.dealer = dealer
        self.manner = tuple(manner)
        self.dealt_before = tuple(dealt_before) if dealt_before is not None else None
        self.dealt = tuple(tuple(h) for h in hands)
        self.hands = [list(h) for h in hands]
        self.rng = rng or random.Random(0)
        self.marks = Marks(before=marks_before or (p.target, p.target), cites=rules.rule_cites)
        self.faults: list[penalties.Fault] = []
        self.deal_faults = tuple(faults)
        self.played: list[Played] = []
        self.tricks: list[Trick] = []
        self.current: list[tuple[int, Card]] = []
        self.calls: dict[Card, str | None] = {}
        self.gruged: list[tuple[int, Card, int, int]] = []  # (victim, card, capturer, trick)
        self.constrained: set[Card] = set()  # aces and kings thrown off-suit from a hand of nothing else
        self.claims: list[Claim] = []
        self.claimed: list[tuple[int, str, int | None]] = []  # every claim made, as made
        self.winner: int | None = None  # the side that won the game in this hand
        self.won_by: str | None = None  # the rule that ended the game
        self.virlicque: tuple[int, int] | None = None  # (seat, rank)
        self.phase = Phase.TRICKS
        self.leader = self.to_act = (dealer + 1) % p.players  # the eldest leads (reconstructed)
        self._deal(faults)
        self.held: list[list[Combination]] = [find(p, h) for h in self.hands]
        if self.phase is Phase.TRICKS:
            self._virlicque()

    # -- the deal ---------------------------------------------------------------------------------

    def _deal(self, faults: Sequence[tuple[str, int | None, bool]]) -> None:
        p, dealer = self.params, self.dealer
        sixes = {seat for name, seat, _ in faults if name == "six-cards"}
        for seat, cards in enumerate(self.hands):
            want = HAND_SIZE + (seat in sixes)
            if len(cards) != want:
                raise ScenarioError(f"hand {seat} has {len(cards)} cards, not {want}")
        dealt = {c for h in self.hands for c in h}
        self.talon = [c for c in p.pack if c not in dealt]
        if self.dealt_before is not None and self.manner != self.dealt_before:
            before = "-".join(map(str, self.dealt_before))
            if self._fault("deal.manner", f"the dealer dealt by {before} before and must deal so all game (article 7)"):
                penalties.three_marks(self, "deal.manner", dealer, None)
        for name, at, kept in faults:
            if name == "faced" and at is not None and not p.partners(at, dealer):
                if self._fault(
                    "deal.faced", f"the dealer turned up a card of {player(at, self)}, an opponent (article 9)"
                ):
                    penalties.three_marks(self, "deal.faced", dealer, None)
            elif name == "faced-in-pack":
                if self._fault("deal.faced-in-pack", "cards were found turned up in the pack (article 9)"):
                    penalties.three_marks(self, "deal.faced-in-pack", dealer, None)
            elif name == "six-cards" and at is not None:
                self._six_cards(at, kept)

    def _six_cards(self, seat: int, kept: bool) -> None:
        if self._fault("deal.six-cards", f"the dealer gave {player(seat, self)} six cards for five (article 10)"):
            penalties.three_marks(self, "deal.six-cards", self.dealer, None)
        if kept and self._fault("play.six-cards", f"{player(seat, self)} plays with six cards (article 14)"):
            penalties.lose_game(self, "play.six-cards", seat, None)
        extra = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
        self.talon.append(extra)  # taken out at random and put back (the Encyclopédie's reading)

    def _virlicque(self) -> None:
        held = [(c.rank, seat) for seat in range(self.players) for c in self.held[seat] if c.name == "virlicque"]
        if held:
            rank, seat = max(held)  # two dealt: the higher wins (the ruleset's convention virlicques)
            self.virlicque = (seat, rank)
            side = self.params.side_of(seat)
            self.marks.mark(side, max(0, self.marks.left[side]), rule="virlicque.wins", trick=None, seat=seat)
            self.end_game(side, "virlicque.wins")

    # -- faults -----------------------------------------------------------------------------------

    def _fault(self, rule: str, message: str) -> bool:
        """A fault: refused unless ``accept_illegal``, in which case it stands and is penalised (True)."""
        if not self.params.accept_illegal:
            self._refuse(rule, message)
        return True

    def _refuse(self, rule: str, message: str) -> None:
        raise IllegalPlay(message, rule=rule, cites=self.rules.rule_cites.get(rule, ()))

    def end_game(self, side: int, rule: str) -> None:
        if self.winner is None:
            self.winner, self.won_by = side, rule
        self.phase = Phase.DONE

    # -- the tricks -------------------------------------------------------------------------------

    @property
    def trick_no(self) -> int:
        return len(self.tricks) + 1

    @property
    def led_suit(self) -> int | None:
        return card_suit(self.current[0][1]) if self.current else None

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play: the suit led if he has it (article 12)."""
        cards = sorted(self.hands[self.to_act])
        led = self.led_suit
        follow = [c for c in cards if card_suit(c) == led]
        return follow or cards

    def due_call(self, seat: int, card: Card) -> str | None:
        """The call a card needs as it is thrown: the first call of its combination for the first card
        ("pièce de ningre", "pièce", "pièce de Rome"), "autre pièce" for a later card of a ningre or a
        village (articles 20-23)."""
        for combo in self.held[seat]:
            if card in combo.cards:
                before = sum(c in self.calls for c in combo.cards)
                return first_call(self.params, combo.name) if before == 0 else later_calls(combo.name)
        return None

    def play(self, card: Card, *, seat: int | None = None, call: str | None = None) -> None:
        """Play a card (with its call); ``seat`` names a player who plays out of his turn."""
        if self.phase is not Phase.TRICKS:
            raise IllegalPlay("no card is played now: the tricks are over", rule="play.phase")
        actor = self.to_act if seat is None else seat
        name = self.rules.pack.name
        if card not in self.hands[actor]:
            raise IllegalPlay(f"{name(card)} is not in the hand of {player_in_file(actor, self)}", rule="play.hold")
        if actor != self.to_act and self._fault("play.turn", self._early(actor, card)):
            self.played.append(Played(actor, card, call, self.trick_no, out_of_turn=True))
            penalties.three_marks(self, "play.turn", actor, self.trick_no)
            return  # he takes his card back
        actor = self.to_act
        if card not in self.hands[actor]:
            raise IllegalPlay(f"{name(card)} is not in the hand of {player_in_file(actor, self)}", rule="play.hold")
        self._check_call(actor, card, call)
        led = self.led_suit
        revoke = led is not None and card_suit(card) != led and any(card_suit(c) == led for c in self.hands[actor])
        if revoke and self._fault("play.follow", self._revoke(actor, card)):
            self._put(actor, card, call)
            penalties.lose_game(self, "play.follow", actor, self.trick_no)
            return
        self._put(actor, card, call)
        if len(self.current) == self.players:
            self._take()

    def _early(self, seat: int, card: Card) -> str:
        name = self.rules.pack.name
        return (
            f"{name(card)}: {player_in_file(seat, self)} plays before his turn; "
            f"{player(self.to_act, self)} is to play (article 11)"
        )

    def _revoke(self, seat: int, card: Card) -> str:
        led = self.led_suit
        suit = self.rules.pack.suit_names[led] if led is not None else ""
        name = self.rules.pack.name(card)
        return f"{name}: {player_in_file(seat, self)} holds {suit} and must follow the suit led (article 12)"

    # -- the checks alone, off the batch path: verify_ raises as the move would, can_ answers ------

    def verify_play(self, card: Card, *, seat: int | None = None, call: str | None = None) -> None:
        """Raise ``IllegalPlay`` naming the rule if ``card`` (with ``call``) may not be played now by
        ``seat`` (the seat to play unless given): the checks :meth:`play` makes, a fault refused even
        where ``accept_illegal`` would let it stand and penalise it."""
        if self.phase is not Phase.TRICKS:
            raise IllegalPlay("no card is played now: the tricks are over", rule="play.phase")
        actor = self.to_act if seat is None else seat
        if card not in self.hands[actor]:
            name = self.rules.pack.name(card)
            raise IllegalPlay(f"{name} is not in the hand of {player_in_file(actor, self)}", rule="play.hold")
        if actor != self.to_act:
            self._refuse("play.turn", self._early(actor, card))
        self._check_call(actor, card, call)
        led = self.led_suit
        if led is not None and card_suit(card) != led and any(card_suit(c) == led for c in self.hands[actor]):
            self._refuse("play.follow", self._revoke(actor, card))

    def can_play(self, card: Card, *, seat: int | None = None, call: str | None = None) -> bool:
        try:
            self.verify_play(card, seat=seat, call=call)
        except IllegalPlay:
            return False
        return True

    def verify_claim(self, seat: int, name: str) -> None:
        """Raise ``IllegalAction`` naming the rule if ``seat`` may not count ``name`` now without fault:
        the checks :meth:`claim` makes (a combination not held, or held without its calls said)."""
        if self.phase is not Phase.CLAIMS:
            raise IllegalAction("combinations are counted after the last trick", rule="claim.phase")
        taken = sum(c.seat == seat and c.name == name for c in self.claims)
        held = [c for c in self.held[seat] if c.name == name][taken:]
        if not held:
            rule, message = self._false_claim_fault(seat, name, None)
            self._refuse(rule, message)
        elif not self._called(held[0]) and not (name in ROMES and self.params.uncalled_rome == "worthless"):
            self._refuse("claim.calls", self._uncalled(seat, name))

    def can_claim(self, seat: int, name: str) -> bool:
        try:
            self.verify_claim(seat, name)
        except IllegalAction:
            return False
        return True

    def _check_call(self, seat: int, card: Card, call: str | None) -> None:
        if call is None:
            return
        due = self.due_call(seat, card)
        allowed = {normal_call(due)} if due else set()
        if any(card in c.cards and c.name in ("rome", "double-rome") for c in self.held[seat]):
            allowed |= _ROME_CALLS
        if any(card in c.cards and c.name == "village" for c in self.held[seat]):
            allowed.add(_PIECE)
        if normal_call(call) not in allowed:
            wanted = f'"{due}"' if due else "no call (it is no piece of a combination held)"
            raise IllegalPlay(
                f'{self.rules.pack.name(card)}: the call "{call}" does not fit: this card takes {wanted}',
                rule="call.match",
            )

    def _put(self, seat: int, card: Card, call: str | None) -> None:
        led = self.led_suit
        if led is not None and card_suit(card) != led and all(card_rank(c) in (ACE, KING) for c in self.hands[seat]):
            self.constrained.add(card)  # "contraint de jetter quelques as ou rois" (article 25)
        self.hands[seat].remove(card)
        self.current.append((seat, card))
        self.calls[card] = call
        self.played.append(Played(seat, card, call, self.trick_no))
        self.to_act = (seat + 1) % self.players

    def _take(self) -> None:
        winner, best = self.current[0]
        led = card_suit(best)
        for seat, card in self.current:  # the highest card of the suit led takes the trick (reconstructed)
            if card_suit(card) == led and card_rank(card) > card_rank(best):
                winner, best = seat, card
        trick = self.trick_no
        for seat, card in self.current:
            self._honour(seat, card, winner, led, trick)
        self.tricks.append(Trick(self.current[0][0], tuple(self.current), winner))
        self.current = []
        self.leader = self.to_act = winner
        if all(not h for h in self.hands):
            self.marks.mark(self.params.side_of(winner), 1, rule="stecq", trick=trick, seat=winner)
            self.phase = Phase.CLAIMS

    def _honour_mark(self, seat: int, card: Card) -> int:
        """The mark an ace or king scores (articles 19, 46): one, or with ``single_honours: false``
        one only within a combination; none within a ningre scored as a whole (three-if-passes)."""
        combos = [c for c in self.held[seat] if card in c.cards]
        if self.params.double_ningre == "three-if-passes" and any(c.name == "double-ningre" for c in combos):
            return 0
        return 1 if self.params.single_honours or any(c.worth for c in combos) else 0

    def _honour(self, seat: int, card: Card, winner: int, led: int, trick: int) -> None:
        if card_rank(card) not in (ACE, KING):
            return
        p = self.params
        # Article 25: an ace or king thrown off-suit is grugé when its holder was constrained to throw
        # it ("contraint de jetter quelques as ou rois"); with gruge_when: void, whenever it is.
        forced = p.gruge_when == "void" or card in self.constrained
        grugé = card_suit(card) != led and not p.partners(seat, winner) and forced
        if grugé:
            self.gruged.append((seat, card, winner, trick))
        mark = self._honour_mark(seat, card)
        if grugé:
            self.marks.mark(p.side_of(winner), mark, rule="gruger", trick=trick, seat=winner)
        else:
            self.marks.mark(p.side_of(seat), mark, rule="honours.ace-king", trick=trick, seat=seat)

    # -- the claims -------------------------------------------------------------------------------

    def due_claims(self, seat: int) -> list[str]:
        """What a seat may count without fault: each combination of worth whose calls were all said."""
        return [c.name for c in self.held[seat] if c.name != "virlicque" and self._worth(c) and self._called(c)]

    def _called(self, combo: Combination) -> bool:
        order = [pl.card for pl in self.played if pl.card in combo.cards and not pl.out_of_turn]
        for i, card in enumerate(order):
            due = first_call(self.params, combo.name) if i == 0 else later_calls(combo.name)
            said = self.calls.get(card)
            if due is not None and (said is None or normal_call(said) != normal_call(due)):
                return False
        return True

    def _worth(self, combo: Combination) -> int:
        if combo.name == "double-ningre" and self.params.double_ningre == "three-if-passes":
            return combo.worth if not any(g[1] in combo.cards for g in self.gruged) else 0
        return combo.worth

    def claim(self, seat: int, name: str, marks: int | None = None) -> None:
        """A seat counts a combination (``marks``: the marks he rubs out for it, by default its worth)."""
        if self.phase is not Phase.CLAIMS:
            raise IllegalAction("combinations are counted after the last trick", rule="claim.phase")
        self.claimed.append((seat, name, marks))
        side = self.params.side_of(seat)
        taken = sum(c.seat == seat and c.name == name for c in self.claims)
        held = [c for c in self.held[seat] if c.name == name][taken:]
        if not held:
            self._false_claim(seat, name, marks)
            return
        combo = held[0]
        worth = self._worth(combo)
        if not self._called(combo):
            if name in ROMES and self.params.uncalled_rome == "worthless":
                worth = 0  # it "vaut" its marks "en disant en le jettant, pièce de Rome" (articles 22, 23)
            elif self._fault("claim.calls", self._uncalled(seat, name)):
                penalties.lose_game(self, "claim.calls", seat, None)
                return
        if marks is not None and marks > worth:
            if self._fault(
                "claim.overcount", f"{player(seat, self)} rubs out {marks} for a {name} worth {worth} (article 15)"
            ):
                penalties.lose_game(self, "claim.overcount", seat, None)
                return
            worth = marks
        worth = worth if marks is None else marks
        self.marks.mark(side, worth, rule=combo.rule, trick=None, seat=seat)
        self.claims.append(Claim(seat, name, worth, combo.rule))

    def _uncalled(self, seat: int, name: str) -> str:
        return f"{player(seat, self)} counts his {name} without having said its calls (article {CALL_ARTICLE[name]})"

    def _false_claim_fault(self, seat: int, name: str, marks: int | None) -> tuple[str, str]:
        """The rule and the message of a claim of a combination not held (``IllegalAction`` where no
        rule makes it a fault that can stand)."""
        claimed = WORTH.get(name, 0) if marks is None else marks
        named = name in ("rome", "village", "double-ningre") or self.params.false_claims == "any"
        rule = "claim.false" if named else "claim.false-three" if claimed >= 3 else None
        if rule is None and claimed > 0 and self.params.false_claims == "overcount":
            # "Qui efface une marque de plus qu'il ne lui appartient" (article 15): every mark rubbed
            # out for a combination he does not hold is more than is his
            rule = "claim.overcount"
        if rule is None:
            raise IllegalAction(f"{player_in_file(seat, self)} counts a {name} he does not hold", rule="claim.held")
        article = {"claim.false": 13, "claim.false-three": 16, "claim.overcount": 15}[rule]
        return rule, f"{player(seat, self)} counts a {name} he does not hold (article {article})"

    def _false_claim(self, seat: int, name: str, marks: int | None) -> None:
        # refused, or (accept_illegal) it stands and he loses the game: a false claim never scores
        rule, message = self._false_claim_fault(seat, name, marks)
        self._fault(rule, message)
        penalties.lose_game(self, rule, seat, None)

    def finish(self) -> None:
        """End the hand after the claims: the side that first rubbed out its last mark wins the game."""
        if self.phase is Phase.CLAIMS:
            self.phase = Phase.DONE
            side = self.marks.first_out()
            if side is not None:
                self.end_game(side, "game.won")

    def __repr__(self) -> str:
        return f"<romestecq Hand {self.phase.value} trick {self.trick_no} dealer {self.dealer}>"

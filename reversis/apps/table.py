"""A hand at the table: the reader takes one seat of a hand under any ruleset, the bots play the
others, and every rule is told as it happens, with its English name and the source's words.

The site's page "Play a hand" drives a :class:`Table` one step at a time through :func:`table_json`
(in the reader's browser, as Try it runs the engine). A table deals a seeded hand under options
checked against the ruleset's domains, seats the reader (the eldest hand unless he chooses), lets
the bots play until he is to act, and says what he may do (:meth:`Table.offers`: the cards he may
play, the exchanges, the declarations and calls and claims his game has). A move against the rules
is refused in one sentence naming the rule it breaks, its paragraph and the source's words, and the
hand goes on from where it was. Each thing that happens (a card played, a trick taken, each payment
or mark) is one sentence that names the players by their place in the hand. A finished hand gives
its complete scenario (:meth:`Table.saved`), which ``reversis play`` replays to the same result, its
account, and over several hands the standing of the sitting (:mod:`reversis.apps.sitting`).

The eldest hand may not discard a heart in the Encyclopédie, and must lead one to the first trick;
the dealer, not the leader, takes it:

>>> import textwrap
>>> rules = load_ruleset("encyclopedie-1765")
>>> table = Table.open(rules.id, seed=3, words=rule_words(rules))
>>> table.you, [c["card"] for c in table.view()["holding"]][:5], [o["discard"] for o in table.offers()][:3]
('the eldest hand', ['5S', '2H', '6H', '7H', 'KH'], ['5S', '4D', '7D'])
>>> print(table.act({"do": "exchange", "discard": "5S"})[0]["text"])
The eldest hand (you) discards the five of spades and takes the eight of hearts.
>>> try:
...     table.act({"do": "play", "card": "4D"})
... except TableError as refused:
...     print(textwrap.fill(str(refused), 100))
...     why = refused.why
Refused: you may not play the four of diamonds: the eldest hand (you) must lead hearts to the first
trick.
>>> why["rule_name"], why["quote"]
('The first lead', 'Le premier en cartes doit toujours commencer par jouer du cœur s’il en a')
>>> [s["text"] for s in table.act({"do": "play", "card": "2H"})][4]
'The dealer takes trick 1.'
>>> while not table.done:
...     _ = table.act(table.offers()[-1])
>>> scenario, replayed = play_text(table.saved(), source="saved.yaml")
>>> game_of(scenario.rules).result(replayed) == table.result()
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from typing import Any

from reversis.apps.sitting import parse_sitting, play_sitting
from reversis.apps.strong import BOTS, PAGE_BUDGET, check_bot, check_budget
from reversis.apps.table_hands import AtTable, Item, check_seat
from reversis.apps.table_worked import card_face, card_words, described
from reversis.core.cards import Card
from reversis.core.errors import IllegalAction, ReversisError, RulesetError, ScenarioError
from reversis.core.game import JsonObject
from reversis.core.moves import Happened, State
from reversis.core.roles import role
from reversis.core.ruleset import OptionError, Ruleset, load_ruleset, ruleset_ids
from reversis.core.scenario import dump_record
from reversis.games import game_of, play_text

__all__ = ["Table", "TableError", "card_face", "card_words", "rule_words", "table_json"]

#: The most hands of one sitting at the table.
MAX_HANDS = 40
#: The refusals that no sentence of a source states: that a card played is one held, that no card
#: is played outside the tricks. They follow from what a hand is; the annotations the rulesets tie
#: to them state a neighbouring rule (following suit, the talon), which a refusal must not cite as
#: its own.
UNSTATED = ("play.hold", "play.phase")
#: The moves a page may ask for (each game takes those of its own).
MOVES = ("play", "exchange", "declare", "decline", "claim", "claims-done")
#: The bot that plays the other seats unless the page chooses another (``BOTS``).
BOT = "cautious"


class TableError(ReversisError):
    """A request the table refuses, in one sentence; the hand is as it was. ``rule``: the engine rule
    a refused move breaks, if any; ``option``: the option whose value is refused, if any (the page
    shows the sentence beside its field)."""

    def __init__(self, message: str, *, rule: str = "", option: str = "", why: JsonObject | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.option = option
        self.why = why or {}


def rule_words(rules: Ruleset) -> dict[str, dict[str, str]]:
    """For each engine rule, the words of its source that it rests on: the quote of its first
    annotation, the paragraph, the English gloss and the annotation's id (the site writes them for the
    page, where the annotations are not loaded)."""
    from reversis.annotations import load_annotations  # the annotations' files, beside the package
    from reversis.corpus import load_corpus

    languages = {s.id: s.language for s in load_corpus().sources}
    annotations = {a.id: a for a in load_annotations()}
    out: dict[str, dict[str, str]] = {}
    for rule, ids in rules.rule_annotations.items():
        found = [annotations[i] for i in ids if i in annotations and annotations[i].source == rules.source]
        found = found or [annotations[i] for i in ids if i in annotations]
        if found:
            a = found[0]
            gloss = " ".join(a.gloss.split())
            lang = languages.get(a.source, "")
            out[rule] = {"quote": a.quote, "paragraph": a.paragraph, "gloss": gloss, "annotation": a.id, "lang": lang}
    return out


class Table:
    """A sitting at one table: the hand in play, and the records of the hands finished before it."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: int = 1,
        place: int = 1,
        words: Mapping[str, Any] | None = None,
        bot: str = BOT,
        budget: int = PAGE_BUDGET,
    ):
        self.rules, self.seed, self.words = rules, seed, dict(words or {})
        self.bot, self.budget = bot, budget  # who plays the other seats, and the strong player's budget
        self.game = game_of(rules)
        self.players = int(rules["players"])
        self.reader = check_seat(place, self.players)  # the first dealer is seat 0
        self.records: list[str] = []
        self.said: list[JsonObject] = []  # every sentence of the hand in play, in order
        self._before: State | None = None  # the hand before, whose pool or marks carry over
        self._pool = self._pool_dealt = 0  # the pool as the payments told it, and as the hand began
        self._pooled = False  # whether a payment of the sitting went to or from a pool
        self._deal(dealer=0)

    @classmethod
    def open(
        cls,
        ruleset: str,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 1,
        place: int = 1,
        words: Mapping[str, Any] | None = None,
        bot: str = BOT,
        budget: int = PAGE_BUDGET,
    ) -> Table:
        """A table under a ruleset and options (each checked against its domain), the hand dealt, the
        other seats played by ``bot`` (``strong``: the strong player, ``budget`` playouts a decision)."""
        if ruleset not in ruleset_ids():
            raise TableError(f"There is no ruleset {ruleset!r} (known: {', '.join(ruleset_ids())}).")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise TableError(f"The seed {seed!r} is not a whole number from 0 to {2**32 - 1}.")
        try:
            check_bot(bot, BOTS)
            check_budget(budget)
        except ReversisError as exc:
            raise TableError(f"{exc}.") from None
        try:
            rules = load_ruleset(ruleset).with_options(dict(options or {}))
            return cls(rules, seed=seed, place=place, words=words, bot=bot, budget=budget)
        except OptionError as exc:
            raise TableError(f"Option {exc.option}{exc.path}: {exc.detail}.", option=exc.option) from None
        except (RulesetError, ScenarioError) as exc:
            raise TableError(f"{exc}.") from None

    # -- the hand ---------------------------------------------------------------------------------

    def _deal(self, *, dealer: int) -> None:
        self.dealer = dealer
        self.hand_seed = self.seed + len(self.records)
        rng = random.Random(self.hand_seed)
        self.at = AtTable(
            self.game,
            self.rules,
            dealer=dealer,
            reader=self.reader,
            rng=rng,
            bot=self.bot,
            before=self._before,
            budget=self.budget,
        )
        self.said = []
        self.moves: list[dict[str, Any]] = []  # the reader's moves in this hand, which undo replays
        self._trick: list[tuple[int, Card]] = []  # the trick being played, as told
        self.last_trick: JsonObject | None = None  # the trick taken last, to be looked at again
        self._taken = [0] * self.players  # the tricks each seat has taken in this hand
        self._score = [0] * self.players  # what the payments (or marks) told so far left each seat
        self._pool = self._pool_dealt  # (the hand dealt again to take a move back starts from it too)
        self._tell(self.at.news())
        self._advance()

    def _advance(self) -> list[JsonObject]:
        """The bots play until the reader is to act or the hand ends; what was said meanwhile."""
        told: list[JsonObject] = []
        while not self.at.done and not self.at.waiting():
            self.at.step()
            told += self._tell(self.at.news())
        return told

    @property
    def done(self) -> bool:
        return self.at.done

    @property
    def you(self) -> str:
        """The reader's place in the hand: ``the eldest hand``…"""
        return self.who(self.reader)

    def who(self, seat: int) -> str:
        return role(seat, dealer=self.dealer, players=self.players)

    def offers(self) -> list[dict[str, Any]]:
        """What the reader may do now, each as the page sends it back."""
        return self.at.offers()

    def act(self, action: Mapping[str, Any]) -> list[JsonObject]:
        """Apply the reader's move, then the bots' until he is to act again: what was said.
        A move against the rules raises :class:`TableError`, one sentence, and changes nothing."""
        if not isinstance(action, Mapping) or not isinstance(action.get("do"), str):
            raise TableError('A move is {"do": …}: play, exchange, declare, decline, claim or claims-done.')
        if self.at.done:
            raise TableError("Refused: the hand is over; deal the next hand to play on.")
        if action["do"] not in MOVES:
            raise TableError(f"Refused: “{action['do']}” is not a move at this table (the moves: {', '.join(MOVES)}).")
        card = self._card(action)
        try:
            self.at.act(dict(action), card)
        except IllegalAction as exc:
            raise TableError(self.refusal(exc, action, card), rule=exc.rule, why=self.why(exc.rule)) from None
        self.moves.append(dict(action))
        return self._tell(self.at.news()) + self._advance()

    def undo(self) -> list[JsonObject]:
        """Take back the reader's last move of this hand: the hand dealt again as it was (its seed, its
        dealer, what the sitting carried into it) and his other moves made again, the bots answering
        as they did; everything said in the hand so far."""
        if not self.moves:
            raise TableError("Refused: you have made no move in this hand to take back.")
        kept = self.moves[:-1]
        self._deal(dealer=self.dealer)
        for move in kept:
            self.act(move)
        return list(self.said)

    def _card(self, action: Mapping[str, Any]) -> Card | None:
        key = "discard" if action["do"] == "exchange" else "card" if action["do"] == "play" else None
        if key is None or (key == "discard" and action.get(key) is None):
            return None
        try:
            return self.rules.pack.parse(action.get(key))
        except ScenarioError as exc:
            raise TableError(f"Refused: {exc}.") from None

    def refusal(self, exc: IllegalAction, action: Mapping[str, Any] | None = None, card: Card | None = None) -> str:
        """A refused move in one sentence, in the reader's words: the move, with its card in words, and
        what is wrong, the players named by their place (the rule and the source's words are
        :meth:`why`'s).

        >>> table = Table.open("encyclopedie-1765", seed=3)
        >>> _ = table.act({"do": "exchange", "discard": "5S"})
        >>> try:
        ...     table.act({"do": "play", "card": "AS"})
        ... except TableError as refused:
        ...     print(refused, refused.why["unstated"], sep="\\n")
        Refused: you may not play the ace of spades: you do not hold the ace of spades.
        No sentence of the sources states this refusal: it follows from how a hand is played.
        """
        what = re.sub(r" \(seat: \d+\)", "", str(exc))
        what = re.sub(r"\bseat:? (\d+)", lambda m: self.who(int(m.group(1))), what)
        what = re.sub(r"^\w\w: ", "", what)  # the card, named in words before it
        what = re.sub(r"\b[2-9TJQKARCS][SHDCOEB]\b", self._card_words, what)
        what = re.sub(r"ruleset [\w-]+ has no declaration '([^']+)'.*", r"this game has no declaration “\1”", what)
        what = what.replace(f"{self.you} does not", "you do not").replace(f"the hand of {self.you}", "your hand")
        what = re.sub(rf"\b{re.escape(self.you)}\b(?! \(you\))", f"{self.you} (you)", what, count=1)
        do = (action or {}).get("do")
        words = card_words(self.rules.pack, card) if card is not None else ""
        move = {
            "play": f"you may not play {words}",
            "exchange": f"you may not discard {words}" if words else "you may not keep your cards",
            "declare": f"you may not declare the {(action or {}).get('name')}",
            "claim": f"you may not count the {str((action or {}).get('combination')).replace('-', ' ')}",
        }.get(str(do), "that move is refused")
        return f"Refused: {move}: {what}."

    def _card_words(self, found: re.Match[str]) -> str:
        try:
            return card_words(self.rules.pack, self.rules.pack.parse(found.group(0)))
        except ScenarioError:
            return found.group(0)

    def why(self, rule: str) -> JsonObject:
        """The rule of a refusal: its English name and the source's words with their English, or,
        where no sentence of a source states it, that none does."""
        name = self.rules.rule_names.get(rule)
        words = None if rule in UNSTATED else self.words.get(rule)
        out: JsonObject = {"rule_name": name or ""}
        if words:
            out.update({k: words[k] for k in ("quote", "gloss", "paragraph", "lang", "href") if k in words})
        else:
            out["unstated"] = "No sentence of the sources states this refusal: it follows from how a hand is played."
        return out

    # -- what is said -----------------------------------------------------------------------------

    def _tell(self, items: list[Item]) -> list[JsonObject]:
        told = []
        for item in items:
            self._watch(item)
            text = self.sentence(item)
            if text:
                said: JsonObject = {"kind": item.kind, "text": text, "rule": item.rule}
                if item.rule in self.rules.rule_names:
                    said["rule_name"] = self.rules.rule_names[item.rule]
                    said["cites"] = list(item.cites or self.rules.rule_cites.get(item.rule, ()))
                    said.update({k: v for k, v in self.words.get(item.rule, {}).items() if k != "annotation"})
                    if "annotation" in self.words.get(item.rule, {}):
                        said["annotation"] = self.words[item.rule]["annotation"]
                if item.kind == "payment":
                    said.update(payer=item.seat if item.seat is not None else "pool", payee=item.other)
                    said.update(amount=item.amount)
                if item.kind == "marks":
                    said.update(side=item.other, marks=item.amount)
                if item.kind in ("play", "out-of-turn", "trick"):  # who, and which card (the worked example's replay)
                    said["seat"] = item.seat
                    if item.card is not None:
                        said.update(card=self.rules.pack.name(item.card), call=item.name or None)
                told.append(said)
        self.said += told
        return told

    def _watch(self, item: Item | Happened) -> None:
        """Keep the trick being played and the one taken last, as they are told."""
        if item.kind == "play" and item.seat is not None and item.card is not None:
            self._trick.append((item.seat, item.card))
        elif item.kind == "trick" and item.seat is not None:
            cards = [{"who": self.who(s), **card_face(self.rules.pack, c)} for s, c in self._trick]
            self.last_trick = {"number": item.trick, "taker": self.who(item.seat), "cards": cards}
            self._trick = []
            self._taken[item.seat] += 1
        elif item.kind == "payment":
            for seat, sign in ((item.seat, -1), (item.other, 1)):
                if isinstance(seat, int):
                    self._score[seat] += sign * item.amount
            if item.other == "pool" or item.seat is None:
                self._pooled = True  # a payment to the pool (its payee) or from it (no paying seat)
                self._pool += item.amount if item.other == "pool" else -item.amount
        elif item.kind == "marks" and isinstance(item.other, int):
            for seat in self.at.side(item.other):  # the marks a side rubs out, each of its players'
                self._score[seat] += item.amount

    def _party(self, party: int | str | None) -> str:
        if not isinstance(party, int):
            return "the pool"
        return self.who(party) + (" (you)" if party == self.reader else "")

    def sentence(self, item: Item | Happened) -> str:
        """One sentence for what happened, the players named by their place."""
        pack, who = self.rules.pack, self._party(item.seat).capitalize()
        card = card_words(pack, item.card) if item.card is not None else ""
        named = self.rules.rule_names.get(item.rule, "")
        k = item.kind
        if k == "play" and item.name == "revoke":  # a card against the duty to follow suit (accept_illegal)
            return f"{who} revokes with {card}."
        if k == "play":
            return f"{who} plays {card}" + (f", saying “{item.name}”." if item.name else ".")
        if k == "trick":
            return f"{who} takes trick {item.trick}."
        if k == "payment":
            unit = "chip" if item.amount == 1 else "chips"
            return f"{who} pays {self._party(item.other)} {item.amount} {unit}: {named or item.rule}."
        if k == "marks":
            side = self._side(item.other)
            if item.amount > 0:
                return f"{side} rubs out {item.amount} mark{'s' * (item.amount != 1)}: {named or item.rule}."
            return f"{side} has {-item.amount} mark{'s' * (item.amount != -1)} chalked back on: {named or item.rule}."
        if k == "exchange":
            if item.card is None:
                return f"{who} discards a card under the talon" + (
                    " and takes one." if item.rule == "exchange.take" else "."
                )
            took = f" and takes {card_words(pack, int(item.other))}" if isinstance(item.other, int) else ""
            return f"{who} discards {card}{took}."
        if k == "pass":
            return f"{who} does not exchange."
        if k == "declare":
            return f"{who} declares the {item.name} before trick {item.trick}."
        if k == "lost":
            return f"{who} loses the {item.name} by taking trick {item.trick}."
        if k == "bete":
            return f"{who} makes the bête and owes the pool {item.amount}: {named or item.rule}."
        if k == "out-of-turn":
            return f"{who} plays {card} out of turn and takes it back."
        if k == "claim":
            return f"{who} counts the {item.name.replace('-', ' ')} for {item.amount} mark{'s' * (item.amount != 1)}."
        return ""

    def _side(self, side: int | str | None) -> str:
        if not isinstance(side, int):
            return "A side"
        seats = self.at.side(side)
        return "The side of " + " and ".join(self._party(s) for s in seats)

    # -- the end of a hand, and the sitting ------------------------------------------------------

    def saved(self) -> str:
        """The finished hand as a scenario (YAML) that ``reversis play`` replays to the same result."""
        if not self.at.done:
            raise TableError("Refused: a hand is saved once it is over.")
        return dump_record(self.game.record(self.at.hand, bot=self.bot, seed=self.hand_seed, budget=self.budget))

    def result(self) -> JsonObject:
        """The finished hand's result, as ``reversis play --json`` gives it."""
        return self.game.result(self.at.hand)

    def account(self) -> str:
        """The finished hand told as ``reversis play`` tells it."""
        scenario, _ = play_text(self.saved(), source="hand.yaml")
        return self.game.account(self.at.hand, scenario)

    def sitting_text(self) -> str:
        """Every finished hand of the sitting, one document each, as ``reversis sitting`` replays them."""
        hands = self.records + ([self.saved()] if self.at.done else [])
        return "".join(f"--- # hand {i}\n{text}" for i, text in enumerate(hands, start=1))

    def standing(self) -> str:
        """The sitting's hands replayed by :mod:`reversis.apps.sitting`, and its standing."""
        sitting = parse_sitting(self.sitting_text(), source="sitting.yaml")
        return sitting.table(play_sitting(sitting))

    def next_hand(self) -> list[JsonObject]:
        """Deal the next hand of the sitting: the deal passes on, the pool or the marks carry over."""
        if not self.at.done:
            raise TableError("Refused: finish this hand before the next is dealt.")
        if self.at.game_over:
            raise TableError("Refused: the game is over: a side has rubbed out all its marks.")
        if len(self.records) + 1 >= MAX_HANDS:
            raise TableError(f"Refused: a sitting at this table has at most {MAX_HANDS} hands.")
        self.records.append(self.saved())
        self._before = self.at.state
        self._pool_dealt = self._pool
        self._deal(dealer=(self.dealer + 1) % self.players)
        return list(self.said)

    def opponents(self) -> str:
        """Who plays the other seats, in words."""
        if self.bot == "strong":
            return f"the strong player, who weighs each move over {self.budget} imagined deals"
        return {"cautious": "the cautious player", "random": "the random player"}.get(self.bot, self.bot)

    def view(self) -> JsonObject:
        """What the page shows now: the reader's place and cards, the others at their places, the
        trick and the one before it, whose turn it is, what lies in the middle, what he may do."""
        pack = self.rules.pack
        legal = {o.get("card") or o.get("discard") for o in self.offers()}
        current = self.at.current()
        out: JsonObject = {
            "ruleset": self.rules.id,
            "hand": len(self.records) + 1,
            "opponents": self.opponents(),
            "you": self.you,
            "dealer": self.who(self.dealer),
            "holding": [{**card_face(pack, c), "legal": pack.name(c) in legal} for c in self.at.holding()],
            "trick": [
                {"who": self.who(s), "place": self._place(s), "leads": i == 0, **card_face(pack, c)}
                for i, (s, c) in enumerate(current)
            ],
            "seats": [self._seat(seat) for seat in self._around()],
            "centre": self._centre(),
            "last_trick": self.last_trick,
            "offers": [{**o, "label": self.label(o)} for o in self.offers()],
            "done": self.done,
            "can_undo": bool(self.moves),
        }
        if self.done:
            out.update(saved=self.saved(), result=self.result(), told=described(self))
            out["standing"] = self.standing() if self.records else ""
            out["sitting"] = self.sitting_text() if self.records else ""
            out["game_over"] = self.at.game_over
        return out

    def _around(self) -> list[int]:
        """The seats around the table from the reader's, in playing order."""
        return [(self.reader + k) % self.players for k in range(self.players)]

    def _place(self, seat: int) -> int:
        """A seat's place around the table: 0 the reader's, then the others in playing order."""
        return (seat - self.reader) % self.players

    def _seat(self, seat: int) -> JsonObject:
        """One player at his place: his role, his cards left, his tricks, and what the payments (or the
        marks his side rubbed out) told so far left him, in the game's unit."""
        cards, tricks, unit = self.at.seat(seat).cards, self._taken[seat], self.game.unit
        value = self._score[seat]
        score = f"{value:+d}".replace("-", "−") if value else "0"
        return {
            "place": self._place(seat),
            "who": self.who(seat),
            "you": seat == self.reader,
            "cards": cards,
            "cards_words": f"{cards} card{'s' * (cards != 1)} left",
            "tricks_words": f"{tricks} trick{'s' * (tricks != 1)} taken",
            "score_words": f"{score} {unit if abs(value) != 1 else unit.removesuffix('s')} so far",
            "turn": seat == self.at.to_act(),
            "dealer": seat == self.dealer,
        }

    def _centre(self) -> list[JsonObject]:
        """What lies in the middle besides the trick: the pool, as the payments of the sitting told it."""
        if not self._pooled:
            return []
        unit = self.game.unit if self._pool != 1 else self.game.unit.removesuffix("s")
        return [{"what": "pool", "count": self._pool, "words": f"The pool: {self._pool} {unit}"}]

    def finished_hand(self) -> Any:
        """The hand in play, as its game reads a finished hand (:meth:`Game.describe`, :meth:`Game.result`)."""
        return self.at.hand

    def label(self, offer: Mapping[str, Any]) -> str:
        """An offer as its button reads."""
        pack, do = self.rules.pack, offer["do"]
        if do in ("play", "exchange") and (offer.get("card") or offer.get("discard")):
            card = card_words(pack, pack.parse(offer.get("card") or offer.get("discard")))
            verb = "Play" if do == "play" else "Discard"
            return f"{verb} {card[4:]}" + (f", saying “{offer['call']}”" if offer.get("call") else "")
        labels = {
            "exchange": "Keep my cards (no exchange)",
            "decline": "Declare nothing",
            "claims-done": "Count no more",
        }
        if do in labels:
            return labels[do]
        if do == "declare":
            return f"Declare the {offer['name']}"
        return f"Count the {str(offer.get('combination')).replace('-', ' ')}"


# -- the page's requests ----------------------------------------------------------------------------

_TABLE: list[Table] = []  # the table of the page that asks (one page, one worker, one table)


def table_json(request: str) -> str:
    """A page's request as JSON text, answered as JSON text: ``{"op": "open", "ruleset", "options",
    "seed", "place", "words", "bot", "budget"}`` (the other seats' player, ``cautious`` unless given,
    and the strong player's playouts a decision), ``{"op": "act", "action": {...}}``, ``{"op": "undo"}``,
    ``{"op": "next"}``. The answer is ``{"said": [...], "view": {...}}``, or ``{"error": one
    sentence, "rule", "option", "view": the view unchanged}``."""
    try:
        asked = json.loads(request, object_pairs_hook=lambda p: {int(k) if k.isdigit() else k: v for k, v in p})
        if not isinstance(asked, dict):
            raise TableError("A request is a JSON object with its op.")
        op = asked.get("op")
        if op == "open":
            table = Table.open(
                str(asked.get("ruleset")),
                asked.get("options") or {},
                seed=asked.get("seed", 1),
                place=asked.get("place", 1),
                words=asked.get("words") or {},
                bot=asked.get("bot", BOT),
                budget=asked.get("budget", PAGE_BUDGET),
            )
            _TABLE[:] = [table]
            return json.dumps({"said": table.said, "view": table.view()}, ensure_ascii=False)
        if not _TABLE:
            raise TableError("No hand is dealt yet.")
        table = _TABLE[0]
        if op == "act":
            said = table.act(asked.get("action") or {})
        elif op == "undo":
            said = table.undo()
        elif op == "next":
            said = table.next_hand()
        else:
            raise TableError(f"Unknown request {op!r}.")
        return json.dumps({"said": said, "view": table.view()}, ensure_ascii=False)
    except (TableError, json.JSONDecodeError) as exc:
        view = _TABLE[0].view() if _TABLE else None
        rule = exc.rule if isinstance(exc, TableError) else ""
        option = exc.option if isinstance(exc, TableError) else ""
        why = exc.why if isinstance(exc, TableError) else {}
        answer = {"error": str(exc).split("\n")[0], "rule": rule, "option": option, "why": why, "view": view}
        return json.dumps(answer, ensure_ascii=False)

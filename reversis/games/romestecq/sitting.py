"""A game of Romestecq played to its target of marks: ``reversis sitting --ruleset romestecq``.

Before the first hand the players draw a card each (article 3): the higher half make one side, the
lower half the other, and sit by the ruleset's seating. At six the highest card sits in the middle of
his side and chooses whether to deal (article 5; the sitting's field ``first_deal``: ``deal``, the
default, or ``decline``): the dealer is one middle player, and the other middle player, across the
table, cuts and keeps the score (articles 4, 5, 6). At two the highest card chooses too; at four the
lowest card must deal (article 8, or the highest with ``four_dealer: highest``), without a choice,
and the player across cuts.
The deal then passes to the right (the eldest deals next, reconstructed). Each dealer picks his
packets at his first deal and keeps them (article 7). Hands are played until a side has rubbed
out all its marks, ``hands`` at most.

>>> from reversis.core.ruleset import load_ruleset
>>> game = Sitting(source="<doc>", rules=load_ruleset("romestecq"), first_dealer=None, hands=60, seed=3, bot="cautious")
>>> hands = game.play()
>>> final = hands[-1]
>>> final.winner in (0, 1), min(final.marks.left) <= 0 or final.won_by != "game.won"
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import yaml

from reversis.core.domains import show
from reversis.core.errors import RulesetError, ScenarioError, did_you_mean
from reversis.core.game import JsonObject, PlayedHand, own
from reversis.core.game import Scenario as ScenarioLike
from reversis.core.moves import DEFAULT_BUDGET, MAX_BUDGET, SEARCHING_BOTS, Searcher
from reversis.core.roles import first_hand_label, in_sentence, side_label
from reversis.core.ruleset import OptionError, Ruleset
from reversis.games.romestecq.bots import BOTS, get_bot, play_out
from reversis.games.romestecq.hand import Hand, deal_cards
from reversis.games.romestecq.moves import RomestecqState
from reversis.games.romestecq.params import Params, compile_params
from reversis.games.romestecq.result import dump_record, record, result
from reversis.games.romestecq.scenario import Scenario, run

__all__ = ["CHOICES", "DEFAULT_HANDS", "MANNERS", "Draw", "Sitting", "draw", "has_choice", "parse_sitting_fields"]

#: The most hands a game may take unless the sitting says otherwise.
DEFAULT_HANDS = 200
#: The packets a dealer may choose at his first deal (article 7).
MANNERS = ((1, 1, 1, 1, 1), (2, 3), (3, 2), (2, 2, 1), (1, 4), (4, 1), (5,))
FIELDS = ("ruleset", "options", "first_dealer", "first_deal", "hands", "seed", "bot", "budget")
#: The choice of article 5 ("choisira de faire ou non"): the highest card deals, or leaves the deal.
CHOICES = ("deal", "decline")


@dataclass(frozen=True)
class Draw:
    """The draw for sides and the deal: each player's card, his side and the seat he takes."""

    cards: tuple[int, ...]  # by player (players are numbered in the order they drew, from 1)
    seats: tuple[int, ...]  # the seat of each player
    dealer: int
    cutter: int  # who cuts and keeps the score
    chooser: int | None = None  # the seat of the highest card where the deal is his to choose
    choice: str | None = None  # what he chose: deal | decline

    def as_dict(self, rules: Ruleset, p: Params) -> list[dict[str, Any]]:
        return [
            {"player": i + 1, "card": rules.pack.name(c), "seat": s, "side": p.side_of(s)}
            for i, (c, s) in enumerate(zip(self.cards, self.seats, strict=True))
        ]


def has_choice(p: Params) -> bool:
    """Whether the highest card of the draw chooses to deal (article 5): at six and two, not at four
    (article 8: "celui qui a les plus basses cartes est obligé de faire")."""
    return p.players != 4


def draw(p: Params, rng: random.Random, *, choice: str = "deal") -> Draw:
    """One card each, drawn again until no two share a rank (the text says nothing of ties); at six
    and two the highest card deals or, with ``choice="decline"``, leaves the deal to the player across,
    whom he then cuts for and scores for (articles 5 and 6: who does not deal keeps the score)."""
    while True:
        cards = rng.sample(p.pack, p.players)
        if len({c & 15 for c in cards}) == p.players:
            break
    order = sorted(range(p.players), key=lambda i: -(cards[i] & 15))  # players, highest card first
    high, low = order[: p.players // 2], order[p.players // 2 :]
    seats = [0] * p.players
    side0, side1 = p.seats_of(0), p.seats_of(1)
    if p.players == 6:  # the highest card sits in the middle of his side, the deal being his
        side0 = [side0[1], side0[0], side0[2]]
    for player, seat in zip(high + low, side0 + side1, strict=True):
        seats[player] = seat
    dealer_player = order[-1] if p.players == 4 and p.four_dealer == "lowest" else order[0]
    dealer = seats[dealer_player]
    across = (dealer + p.players // 2) % p.players
    if not has_choice(p):
        return Draw(tuple(cards), tuple(seats), dealer, across)
    if choice == "decline":
        return Draw(tuple(cards), tuple(seats), across, dealer, chooser=dealer, choice=choice)
    return Draw(tuple(cards), tuple(seats), dealer, across, chooser=dealer, choice=choice)


@dataclass(frozen=True)
class Sitting:
    """A game to play (or replayed from ``records``); ``first_dealer`` None: the draw decides."""

    source: str
    rules: Ruleset
    first_dealer: int | None
    hands: int
    seed: int
    bot: str
    records: tuple[tuple[Scenario, int], ...] | None = None
    first_deal: str = "deal"  # the highest card's choice (article 5)
    #: the playouts a decision of a searching bot (the strong player)
    budget: int = DEFAULT_BUDGET

    def with_records(self, records: Sequence[tuple[ScenarioLike, int]]) -> Sitting:
        """The game replayed from its recorded hands (each a scenario and the line before its document)."""
        return replace(self, records=tuple((own(Scenario, s, "romestecq"), offset) for s, offset in records))

    def opening(self) -> Draw:
        p = compile_params(self.rules)
        done = draw(p, random.Random(self.seed), choice=self.first_deal)
        if self.first_dealer is None:
            return done
        return Draw(done.cards, done.seats, self.first_dealer, (self.first_dealer + p.players // 2) % p.players)

    def play(self, *, progress: Callable[[int], None] | None = None, searcher: Searcher | None = None) -> list[Hand]:
        """Every hand of the game, the deal passing to the right, the marks carried from hand to hand
        (``progress`` is called with 1 after each hand)."""
        p = compile_params(self.rules)
        searching = self.bot in SEARCHING_BOTS
        if searching and searcher is None and self.records is None:
            raise ScenarioError(f"{self.source}: the bot {self.bot} is not offered here")
        search = searcher(self.budget) if searching and searcher is not None else None
        bot = get_bot("cautious" if searching else self.bot)
        dealer = self.opening().dealer
        left = (p.target, p.target)
        manners: dict[int, tuple[int, ...]] = {}
        out: list[Hand] = []
        count = len(self.records) if self.records is not None else self.hands
        for i in range(count):
            if self.records is not None:
                scenario, offset = self.records[i]
                _check(self, scenario, offset, i + 1, dealer=dealer, left=left)
                hand = run(scenario, searcher=searcher)
            else:
                rng = random.Random(self.seed + i + 1)
                manner = manners.setdefault(dealer, MANNERS[rng.randrange(len(MANNERS))])
                cards = deal_cards(p, dealer=dealer, rng=rng, manner=manner)
                before = manner if any(h.dealer == dealer for h in out) else None
                hand = Hand(
                    self.rules,
                    dealer=dealer,
                    hands=cards,
                    manner=manner,
                    dealt_before=before,
                    marks_before=left,
                    rng=rng,
                    params=p,
                )
                if search is not None:
                    state = RomestecqState(hand)  # over the hand itself: each move is made in it
                    while state.to_act() is not None:
                        state.apply(search(state, rng))
                else:
                    play_out(hand, bot, rng)
            out.append(hand)
            if progress is not None:
                progress(1)
            left = (hand.marks.left[0], hand.marks.left[1])
            dealer = (dealer + 1) % p.players
            if hand.winner is not None:
                break
        return out

    def table(self, played: Sequence[PlayedHand]) -> str:
        hands = [own(Hand, hand, "romestecq") for hand in played]
        p = compile_params(self.rules)
        opening = self.opening()
        lines = [
            f"{self.rules.title}: {p.players} players, a game to {p.target} marks, bot {self.bot}"
            + (f" ({self.budget} playouts a decision)" if self.bot in SEARCHING_BOTS else "")
            + f", seed {self.seed}."
        ]

        # the players by their place in the first hand, the sides by its dealer: the deal moves, the names stay
        def name(seat: int) -> str:
            return first_hand_label(seat, dealer=opening.dealer, players=p.players)

        def team(which: int) -> str:
            return side_label(which, dealer_side=p.side_of(opening.dealer)).removeprefix("The ").capitalize()

        for item in opening.as_dict(self.rules, p):
            where = f"{name(item['seat'])} (seat: {item['seat']}), {team(item['side'])}"
            lines.append(f"  player {item['player']} draws {item['card']}: {where}")
        if opening.chooser is not None and self.first_dealer is None:
            chose = "chooses to deal" if opening.choice == "deal" else "chooses not to deal"
            lines.append(f"{name(opening.chooser)} drew the highest card and {chose} (article 5).")
        lines.append(
            f"Dealer (seat: {opening.dealer} of the file) deals first; {name(opening.cutter)} cuts and keeps the "
            "score. Players are named by their place in the first hand and the sides by its dealer: the deal "
            "moves, the names stay."
        )
        ours = p.side_of(opening.dealer)
        sides = (ours, 1 - ours)
        heads = [f"{team(s)} rubs (left)".rjust(26) for s in sides]
        width = max(len("dealer"), *(len(name(s)) for s in range(p.players)))
        lines.append(f"hand  {'dealer'.rjust(width)}  {heads[0]}  {heads[1]}  notable")
        for number, hand in enumerate(hands, start=1):
            rubbed, left = hand.marks.rubbed(), hand.marks.left
            notes = [f"{hand.rules.pack.name(c)} grugé" for _, c, _, _ in hand.gruged]
            notes += [f"{_penalty(hand, f.penalty)} ({name(f.seat)})" for f in hand.faults if f.seat is not None]
            notes += [_penalty(hand, f.penalty) for f in hand.faults if f.seat is None]
            if hand.virlicque is not None:
                notes.append(f"virlicque of {name(hand.virlicque[0])}")
            cells = [f"{rubbed[s]:+d} ({left[s]})".rjust(26) for s in sides]
            row = f"{number:>4}  {name(hand.dealer).rjust(width)}  {cells[0]}  {cells[1]}  {'; '.join(notes)}"
            lines.append(row.rstrip())
        final = hands[-1]
        if final.winner is None:
            lines.append(f"No side has rubbed out its marks after {len(hands)} hands: the game is unfinished.")
        else:
            won = _penalty(final, final.won_by) if final.won_by else "the game"
            members = " and ".join(name(s) for s in p.seats_of(final.winner))
            lines.append(f"{team(final.winner)} wins the game ({won}) after {len(hands)} hands: {members}.")
        return "\n".join(lines)

    def as_json(self, played: Sequence[PlayedHand]) -> JsonObject:
        hands = [own(Hand, hand, "romestecq") for hand in played]
        p = compile_params(self.rules)
        opening = self.opening()
        final = hands[-1]
        return {
            "sitting": {
                "ruleset": self.rules.id,
                "game": "romestecq",
                "players": p.players,
                "target": p.target,
                "hands": len(hands),
                "seed": self.seed,
                "bot": self.bot,
                **({"budget": self.budget} if self.bot in SEARCHING_BOTS else {}),
            },
            "draw": opening.as_dict(self.rules, p),
            "choice": None
            if opening.chooser is None or self.first_dealer is not None
            else {"seat": opening.chooser, "chose": opening.choice},
            "dealer": opening.dealer,
            "scorer": opening.cutter,
            "sides": {str(side): p.seats_of(side) for side in (0, 1)},
            "hands": [{"hand": i, "result": result(h)} for i, h in enumerate(hands, start=1)],
            "marks_left": {str(s): final.marks.left[s] for s in (0, 1)},
            "winner": final.winner,
            "won_by": final.won_by,
        }

    def dump(self, played: Sequence[PlayedHand]) -> str:
        hands = [own(Hand, hand, "romestecq") for hand in played]
        header: dict[str, Any] = {"ruleset": self.rules.id}
        options = {k: v for k, v in self.rules.items() if v != self.rules.options[k].default}
        if options:
            header["options"] = options
        if self.first_dealer is not None:
            header["first_dealer"] = self.first_dealer
        if self.first_deal != "deal":
            header["first_deal"] = self.first_deal
        header.update(hands=len(hands), seed=self.seed, bot=self.bot)
        if self.bot in SEARCHING_BOTS:
            header["budget"] = self.budget
        parts = [
            "# A game of Romestecq recorded by `reversis sitting`: the sitting, then each hand complete.\n",
            yaml.safe_dump({"sitting": header}, sort_keys=False, allow_unicode=True, width=100),
        ]
        for number, hand in enumerate(hands, start=1):
            parts.append(f"--- # hand {number}\n")
            parts.append(dump_record(record(hand, bot=self.bot, seed=self.seed + number, budget=self.budget)))
        return "".join(parts)


def _check(sitting: Sitting, scenario: Any, offset: int, number: int, *, dealer: int, left: tuple[int, int]) -> None:
    def fail(key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{sitting.source}:{scenario.lines.get(key, 1) + offset}: hand {number}: {key}: {problem}")

    if scenario.rules.id != sitting.rules.id or dict(scenario.rules.items()) != dict(sitting.rules.items()):
        raise fail("ruleset", "a game keeps its ruleset and options")
    if scenario.dealer != dealer:
        raise fail("dealer", f"seat {scenario.dealer} deals, but seat {dealer} should")
    if (scenario.marks or (compile_params(scenario.rules).target,) * 2) != left:
        raise fail("marks", f"the hand before left the sides {left[0]} and {left[1]} marks to rub out")


def parse_sitting_fields(
    fields: Mapping[object, object], place: Callable[[str], str], *, source: str, rules: Ruleset
) -> Sitting:
    """A Romestecq sitting's fields checked (``place(key)`` names where each was given)."""

    def fail(key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{place(key)}: {problem}")

    unknown = [str(k) for k in fields if k not in FIELDS]
    if unknown:
        raise fail(unknown[0], f"unknown field (known: {', '.join(FIELDS)})")
    options = fields.get("options") or {}
    if not isinstance(options, dict):
        raise fail("options", "expected a mapping of option names to values")
    try:
        rules = rules.with_options({str(k): v for k, v in options.items()})
    except OptionError as exc:
        raise fail(f"options.{exc.option}", exc.detail) from None
    except RulesetError as exc:
        raise fail("options", str(exc)) from None
    players = compile_params(rules).players
    first = fields.get("first_dealer")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players):
        raise fail("first_dealer", f"{show(first)} is not a seat (0..{players - 1})")
    first_deal = fields.get("first_deal", "deal")
    if first_deal not in CHOICES:
        raise fail("first_deal", f"{show(first_deal)}: the highest card's choice is deal or decline (article 5)")
    if first_deal != "deal" and not has_choice(compile_params(rules)):
        raise fail("first_deal", "at four the deal is no choice: the lowest card must deal (article 8)")
    hands = fields.get("hands", DEFAULT_HANDS)
    if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= 2000:
        raise fail("hands", f"{show(hands)}: the most hands of the game, a whole number from 1 to 2000")
    seed = fields.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise fail("seed", f"{show(seed)} is not allowed: it must be a whole number ≥ 0")
    bot = fields.get("bot", "cautious")
    known = sorted((*BOTS, *SEARCHING_BOTS))
    if bot not in known:
        raise fail("bot", f"unknown bot {show(bot)}{did_you_mean(bot, known)} (known: {', '.join(known)})")
    budget = fields.get("budget", DEFAULT_BUDGET)
    if "budget" in fields and bot not in SEARCHING_BOTS:
        raise fail("budget", f"only the bot {' or '.join(SEARCHING_BOTS)} has a budget (the bot is {bot})")
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise fail("budget", f"{show(budget)} is not allowed: it must be a whole number from 1 to {MAX_BUDGET:,}")
    return Sitting(
        source=source,
        rules=rules,
        first_dealer=first,
        hands=hands,
        seed=seed,
        bot=str(bot),
        first_deal=str(first_deal),
        budget=budget,
    )


def _penalty(hand: Hand, rule: str) -> str:
    """A rule of a sitting's line in English, its id beside it."""
    return f"{in_sentence(hand.rules.rule_name(rule))} [{rule}]" if rule in hand.rules.rule_names else rule

"""What the page of a worked example says whatever its game: who pays, the annotation a rule
illustrates, what the example shows (:mod:`reversis_site.examples`, :mod:`reversis_site.marks_page`).

A player is named by his place in the hand, as the rule books name him (:mod:`reversis.core.roles`):

>>> names = Names(dealer=3, players=4)
>>> names.who(0), names.who("pool"), names.label(3), names.file_seats()[0]
('the eldest hand', 'the pool', 'Dealer', ('the dealer', 3))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import yaml
from markupsafe import Markup, escape

from reversis.annotations import Annotation
from reversis.core.cards import Card
from reversis.core.errors import RulesetError
from reversis.core.moves import Happened
from reversis.core.roles import in_sentence, role, role_label
from reversis.core.ruleset import Ruleset, load_ruleset, ruleset_ids
from reversis.corpus.markup import collapse
from reversis.games.reversis.ledger import POOL
from reversis_site.text import code, text
from reversis_site.told import CardStep, Told
from reversis_site.yaml_values import flow_yaml

if TYPE_CHECKING:
    from reversis_site.examples import WorkedExample


@dataclass(frozen=True)
class Names:
    """How the page of a hand names its players: by their place in the hand, counted from its dealer."""

    dealer: int
    players: int

    def who(self, party: int | str | None) -> str:
        """A player (or the pool) in a sentence: ``the eldest hand``."""
        if party is None:
            return "nobody"
        return "the pool" if party == POOL else role(int(party), dealer=self.dealer, players=self.players)

    def label(self, seat: int) -> str:
        """A player as a label: ``Eldest hand``."""
        return role_label(seat, dealer=self.dealer, players=self.players)

    def order(self) -> list[int]:
        """The seats in playing order from the eldest hand, the dealer last."""
        return [(self.dealer + 1 + k) % self.players for k in range(self.players)]

    def file_seats(self) -> list[tuple[str, int]]:
        """Each player with his seat in the scenario file, the dealer first."""
        return [(self.who(seat), seat) for seat in [self.dealer, *self.order()[:-1]]]

    def seated(self, card: Callable[[Card], Markup], cards: Sequence[tuple[int, Card]], separator: str) -> Markup:
        """Cards each after its player (``the eldest hand 9♠, the second hand J♥``)."""
        return Markup(separator.join(f"{text(self.who(seat))} {card(c)}" for seat, c in cards))


_SEATS = re.compile(r"\b([Ss])eats? (\d(?:(?:, | and )\d)*)\b")
_SIDES = re.compile(r"\b([Ss])ide ([01])\b")


def narrated(story: str, names: Names, side_name: Callable[[int], str] | None = None) -> str:
    """An example's narrative, its players named by their place in the hand (and the sides of a game
    played by sides as the dealer's and the other), however its file numbers them.

    >>> names = Names(dealer=0, players=4)
    >>> narrated("Seat 1, the eldest, leads; seats 2 and 3 pay seat 0 (the dealer).", names)
    'The eldest hand leads; the second hand and the third hand pay the dealer.'
    """

    def players(match: re.Match[str]) -> str:
        seats = [int(d) for d in re.findall(r"\d", match.group(2))]
        said = [names.who(seat) if seat < names.players else f"seat {seat}" for seat in seats]
        words = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
        return words[:1].upper() + words[1:] if match.group(1) == "S" else words

    told = _SEATS.sub(players, story)
    # an apposition that said the place the name now says: "the eldest hand, the eldest," or "the dealer (the dealer)"
    told = re.sub(
        r"\b(the (eldest|dealer|\w+ hand))(?:, the (\w+)(?: hand)?,|\s*\(the (\w+)(?: hand)?\))",
        lambda m: m.group(1) if (m.group(3) or m.group(4)) in m.group(2).split() else m.group(0),
        told,
    )
    told = re.sub(
        r"\b(The (eldest|dealer|\w+ hand)), the (\w+)(?: hand)?,",
        lambda m: m.group(1) if m.group(3) in m.group(2).split() else m.group(0),
        told,
    )
    if side_name is not None:

        def sides(match: re.Match[str]) -> str:
            words = side_name(int(match.group(2)))
            return words[:1].upper() + words[1:] if match.group(1) == "S" else words

        told = _SIDES.sub(sides, told)
    return told


#: An option set in a narrative's words, as its scenario file would set it: ``talon = {5: 7}``.
_SETTING = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)*) = (\{[^{}]*\}|\[[^\[\]]*\]|[^\s,:;()]+)")


def settings_in_words(story: str, rules: Ruleset) -> Markup:
    """A narrative (escaped) whose options set as a scenario sets them (``talon = {5: 7}``) are
    said by their English names, each id and value a small code label.

    >>> from reversis.core.ruleset import load_ruleset
    >>> print(settings_in_words("Read with talon = {5: 7}: seven cards.", load_ruleset("encyclopedie-1765")))
    Read with <em>Size of the talon</em> `talon` set to `{5: 7}`: seven cards.
    """
    out: list[Markup] = []
    at = 0
    for match in _SETTING.finditer(story):
        name, value = match.groups()
        if name not in rules.options:
            continue
        out += [options_in_words(story[at : match.start()], rules)]
        out += [Markup("<em>") + text(rules.option_name(name)) + Markup("</em> ")]
        out += [code(name), text(" set to "), code(value)]
        at = match.end()
    out.append(options_in_words(story[at:], rules))
    return Markup("").join(out)


@cache
def _option_owners() -> dict[str, Ruleset]:
    """Each option id that is no English word (one with an underscore), with a ruleset that has it."""
    owners: dict[str, Ruleset] = {}
    for rid in ruleset_ids():
        rules = load_ruleset(rid)
        for name in rules.options:
            if "_" in name:
                owners.setdefault(name, rules)
    return owners


#: An option's id in prose (``talon_payer``), and the word after it, which may be its value
#: (``(two_pairs combined)``, ``pool_refresh_on [talon]``).
_OPTION_SAID = re.compile(
    r"(?<![\w.`/@=-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w-])"
    r"(?: (\[[^\[\]]*\]|\{[^{}]*\}|\"[^\"]*\"|[^\s,;:()\[\]{}]+))?"
)


def _a_value(rules: Ruleset, name: str, said: str) -> bool:
    """Whether ``said`` (YAML) is a value the option allows: the option set to it in prose."""
    players = rules.get("players")
    try:
        value = yaml.safe_load(said)
        rules.options[name].check(
            value, ruleset=rules.id, pack=rules.pack, players=players if isinstance(players, int) else None
        )
    except (yaml.YAMLError, RulesetError):
        return False
    return True


def options_in_words(
    prose: str, rules: Ruleset | None, *, label: Callable[[str], Markup] = code, plain: Callable[[str], str] = text
) -> Markup:
    """Prose (escaped by ``plain``) whose options are named by their ids (an annotation's reading, a
    narrative: ``(two_pairs combined)``), each said by its English name, its id a small code label
    (``label``) and the value it is set to, where the next word is one it allows, code too.

    >>> from reversis.core.ruleset import load_ruleset
    >>> print(options_in_words("so (two_pairs combined); option talon_payer says who.", load_ruleset("romestecq")))
    so (<em>Two pairs in one combination</em> `two_pairs` set to `combined`); option <em>Who pays the talon</em> \
`talon_payer` says who.
    """
    out: list[str] = []
    at = 0
    for match in _OPTION_SAID.finditer(prose):
        name, value = match.groups()
        owner = rules if rules is not None and name in rules.options else _option_owners().get(name)
        if owner is None:
            continue
        out += [plain(prose[at : match.start()]), f"<em>{text(owner.option_name(name))}</em> {label(name)}"]
        at = match.end(1)
        if value and _a_value(owner, name, value):
            out.append(f" set to {label(value)}")
            at = match.end()
    out.append(plain(prose[at:]))
    return Markup("".join(out))


def option_words(prose: object, rules: Ruleset | None = None, *, html: bool = False) -> Markup:
    """The filter ``option_words`` of the templates: prose (collapsed) whose options are said by their
    English names (:func:`options_in_words`), its ids code spans of Markdown, or ``<code>`` where
    the prose stands in a block of HTML (``html``)."""
    said = collapse(str(prose))
    if html:
        return options_in_words(said, rules, label=_html_code, plain=lambda part: str(text(part)))
    return options_in_words(said, rules)


def option_names(prose: object, rules: Ruleset | None = None) -> str:
    """The filter ``option_names``: prose for a place that holds text alone (an ``<option>`` of a
    list), each option's id replaced by its English name in quotation marks.

    >>> option_names("where it makes none (quinola_last_tricks_neutral)")
    'where it makes none (“The quinola in the last tricks is neutral”)'
    """

    def named(match: re.Match[str]) -> str:
        name = match.group(1)
        owner = rules if rules is not None and name in rules.options else _option_owners().get(name)
        return match.group(0) if owner is None else f"“{owner.option_name(name)}”" + match.group(0)[len(name) :]

    return _OPTION_SAID.sub(named, collapse(str(prose)))


@cache
def _rule_ids() -> re.Pattern[str]:
    """Any engine rule id that is not an English word (a dotted or hyphenated id), longest first."""
    ids = {rule for rid in ruleset_ids() for rule in load_ruleset(rid).rule_names if "." in rule or "-" in rule}
    alternatives = "|".join(re.escape(rule) for rule in sorted(ids, key=len, reverse=True))
    return re.compile(r"\b(?:rules? )?(" + alternatives + r")(?![\w-]|\.\w)")


def rule_words(prose: str, rules: Ruleset | None, *, seats_as_code: bool = False) -> Markup:
    """Prose that names engine rules by their ids (an annotation's reading), each rule said by its
    English name with its id beside it as a small code label, and its options by their English names
    (:func:`options_in_words`); escaped. Another identifier of the engine (a field of a sitting,
    ``first_deal``: a word with an underscore, which English has not) is code.

    >>> from reversis.core.ruleset import load_ruleset
    >>> print(rule_words("paid under rule ace.placed, not play.follow.", load_ruleset("encyclopedie-1765")))
    paid under the rule “An ace placed” <code class="rule-id">ace.placed</code>, not the rule “Following suit” \
<code class="rule-id">play.follow</code>.
    """
    out: list[str] = []
    at = 0
    for match in _rule_ids().finditer(prose):
        rule = match.group(1)
        if rules is None or rule not in rules.rule_names:
            continue
        out.append(_said(prose[at : match.start()], rules, seats_as_code))
        out.append(f'the rule “{text(rules.rule_name(rule))}” <code class="rule-id">{text(rule)}</code>')
        at = match.end()
    out.append(_said(prose[at:], rules, seats_as_code))
    return Markup("".join(out))


def _said(prose: str, rules: Ruleset | None, seats_as_code: bool) -> str:
    """Prose between two rules, escaped, its options said by their English names and its other
    identifiers code (HTML: the prose of an annotation stands in a block of HTML, where Markdown is
    not read)."""

    def plain(part: str) -> str:
        out: list[str] = []
        at = 0
        for match in _IDENTIFIER.finditer(part):
            out += [_plain(part[at : match.start()], seats_as_code), f"<code>{escape(match.group(0))}</code>"]
            at = match.end()
        out.append(_plain(part[at:], seats_as_code))
        return "".join(out)

    return str(options_in_words(prose, rules, label=_html_code, plain=plain))


#: An identifier of code that is no English word (one with an underscore).
_IDENTIFIER = re.compile(r"(?<![\w.`/@=-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")


def _html_code(value: str) -> Markup:
    return Markup('<code class="option-id">') + escape(value) + Markup("</code>")


def _plain(prose: str, seats_as_code: bool) -> str:
    """Prose escaped; with ``seats_as_code``, a seat that the doctest beside it numbers is code
    (``seat 1``), the number a reader finds in its code, not a name."""
    escaped = str(text(prose))
    if not seats_as_code:
        return escaped
    return re.sub(r"\b([Ss]eats?) (\d(?:(?:, | and | or )\d)*)\b", r'\1 <code class="seat-code">\2</code>', escaped)


def rule_view(rule: str, rules: Ruleset) -> dict[str, Any]:
    """An engine rule as a page names it: its English name, and its id, a label that links to its row
    of the ruleset's page (from a page of ``examples/``)."""
    anchor = "rule-" + re.sub(r"[^a-z0-9]+", "-", rule)
    name = rules.rule_name(rule)
    return {"rule": rule, "name": name, "phrase": in_sentence(name), "href": f"../rulesets/{rules.id}.md#{anchor}"}


def annotation_for(rule: str, rules: Ruleset, shown: Sequence[str]) -> str | None:
    candidates = rules.rule_annotations.get(rule, ())
    for aid in shown:
        if aid in candidates:
            return aid
    return candidates[0] if candidates else None


def link(annotations: Mapping[str, Annotation], aid: str) -> dict[str, Any]:
    a = annotations[aid]
    return {
        "id": aid,
        "quote": a.quote,
        "gloss": collapse(a.gloss),  # the English beside the quotation
        "href": f"../sources/{a.source}.md#{aid}",  # from the Markdown of the page
    }


def shows(example: WorkedExample, annotations: Mapping[str, Annotation], rules: Ruleset) -> dict[str, Any]:
    """What the page says the example shows: its rules, annotations and readings."""
    readings = []
    for spec in example.readings:
        a = annotations[spec["annotation"]]
        reading = next(r for r in a.readings if dict(r.options) == dict(spec["options"]))
        readings.append(
            {
                "annotation": link(annotations, a.id),
                "reading": reading,
                "says": rule_words(collapse(reading.says), rules),
                "options": flow_yaml(dict(reading.options)),
            }
        )
    rule_links = [rule_view(r, rules) for r in example.rules]
    return {
        "shows_rules": rule_links,
        "shows_annotations": [link(annotations, aid) for aid in example.annotations],
        "readings": readings,
    }


def step_view(s: CardStep, names: Names, card: Callable[[Card], Markup]) -> dict[str, Any]:
    """A card of the replay as a page shows it: who played it, who took its trick, the table after it,
    and the declarations made before it (each ``{who, name}``)."""
    return {
        "step": s,
        "who": names.who(s.seat),
        "taker": names.who(s.taken_by),
        "card": card(s.card),
        "leads": len(s.table) == 1,
        "table": names.seated(card, s.table, ", "),
        "declared": [{"who": names.who(h.seat), "name": h.name} for h in s.moves if h.kind == "declare"],
    }


def tricks_view(hand_told: Told, card: Callable[[Card], Markup]) -> list[dict[str, Any]]:
    """The tricks as a page's table shows them: each card with its seat and the call said with it,
    and the taker (None: the hand ended before the trick was finished)."""
    return [
        {
            "number": t.number,
            "leader": t.leader,
            "cards": [(s, card(c), call) for s, c, call in t.cards],
            "winner": t.winner,
        }
        for t in hand_told.tricks
    ]


def numbered(hand_told: Told) -> Callable[[Happened], int]:
    """The number of each payment or mark of a hand, as its row of the page's table (from 1, in the
    order the hand made them)."""
    numbers = {id(h): n for n, h in enumerate(hand_told.entries, 1)}
    return lambda h: numbers[id(h)]

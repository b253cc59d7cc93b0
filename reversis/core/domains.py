"""The values an option of a ruleset allows: its domain, written as data in the ruleset file.

Every option of a ruleset file may carry a ``domain:`` mapping (and the older
``choices:`` list); what it leaves out is inferred from the option's default.
The forms, which combine:

=========================================  ===============================================
``choices: [a, b, c]``                     one of these values
``domain: {min: 1}``                       a whole number ≥ 1 (``max`` too: ``{min: 1, max: 13}``)
``domain: {card: ace}``                    a card of the ruleset's pack of that rank
                                           (``any``, ``ace``, ``king``, ``queen``, ``jack``);
                                           ``empty: true`` also allows ``""`` for none,
                                           ``rank: true`` a rank's letter for all its cards
``domain: {suit: true}``                   a suit's letter of the pack (``empty: true``: or ``""``)
``domain: {seat: true}``                   a seat of the hand, 0 to players − 1
``domain: {keys: D, values: D}``           a mapping whose keys and values are in the domains D
``domain: {items: D, unique: true,``       a list whose items are in D, each at most once,
``min_items: 1, max_items: 6}``            with that many items
=========================================  ===============================================

Inferred from the default where the domain does not say: a ``true``/``false``
default allows ``true`` or ``false``; a whole number allows whole numbers
≥ 0; text allows any text; a mapping allows the keys of the default, with
values like the default's; a list allows items like the default's. ``kind:``
(``bool``, ``int``, ``str``, ``list``, ``mapping``) says it where there is no
default to infer it from, as a game declares its options
(:mod:`reversis.core.options`); :meth:`Domain.as_data` writes every domain so.

A ruleset may narrow the domain its game declares, never widen it:
:func:`outside_of` says what of a narrower domain the wider one does not hold.

>>> from reversis.core.cards import FRENCH
>>> domain = parse_domain({"min": 1}, default=3, where="deal_packet")
>>> domain.describe(FRENCH)
'a whole number ≥ 1'
>>> domain.check(0, pack=FRENCH)
Traceback (most recent call last):
...
reversis.core.domains.OutsideDomain: 0 is not allowed: it must be a whole number ≥ 1
>>> parse_domain({"card": "ace"}, default="AH", where="special_ace").check("ah", pack=FRENCH)
'AH'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from reversis.core.cards import ACE, JACK, KING, QUEEN, Pack, card_rank
from reversis.core.errors import RulesetError, ScenarioError

__all__ = ["Domain", "OutsideDomain", "outside_of", "parse_domain", "show"]

#: The rank words of ``domain: {card: …}``.
CARD_RANKS = {"ace": ACE, "king": KING, "queen": QUEEN, "jack": JACK}
_KEYS = {
    "choices",
    "min",
    "max",
    "card",
    "empty",
    "rank",
    "suit",
    "seat",
    "kind",
    "keys",
    "values",
    "items",
    "unique",
    "min_items",
    "max_items",
}
_SHOWN = 60  # characters of a value shown in a message


def show(value: Any) -> str:
    """A value as a reader would write it in YAML, on one line, cut short when long.

    >>> show("most-points"), show(True), show({4: 3}), show(""), show("x" * 100)[-4:]
    ('most-points', 'true', '{4: 3}', "''", 'xx …')
    """
    try:
        text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6).strip()
    except yaml.YAMLError:
        text = repr(value)
    text = text.removesuffix("\n...").removesuffix("...").strip()
    text = " ".join(text.split())
    return text if len(text) <= _SHOWN else text[: _SHOWN - 2] + " …"


class OutsideDomain(ValueError):
    """A value outside its domain; ``path`` leads from the option to the wrong part (``.4``, ``[2]``)."""

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class Domain:
    """The values an option allows (see the module's documentation for the forms)."""

    kind: str  # bool, int, str, card, suit, seat, list, mapping or any
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    card: str = "any"  # for a card: the rank it must have, or any
    empty: bool = False  # for a card or a suit: "" (none) is allowed too
    rank: bool = False  # for a card: a rank's letter (every card of the rank) is allowed too
    keys: Domain | None = None
    values: Domain | None = None
    items: Domain | None = None
    unique: bool = False
    min_items: int | None = None
    max_items: int | None = None

    def describe(self, pack: Pack | None = None, *, players: int | None = None) -> str:
        """What the domain allows, in plain English."""
        if self.choices:
            return "one of " + ", ".join(show(c) for c in self.choices)
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return "a whole number" + _range(self.min, self.max)
        if self.kind == "seat":
            return f"a seat from 0 to {players - 1}" if players else "a seat (0 for the first)"
        if self.kind == "str":
            return "text"
        if self.kind == "card":
            what = "a card" if self.card == "any" else f"an {self.card}" if self.card == "ace" else f"a {self.card}"
            example = ""
            if pack is not None:
                rank = CARD_RANKS.get(self.card, JACK)
                example = f" of the {pack.id} pack, e.g. {pack.name_of_rank(rank)}{pack.suit_letters[1]}"
            if self.rank:
                what = "a rank or a card" if self.card == "any" else what
                jack = f"{pack.name_of_rank(JACK)}{pack.suit_letters[1]}" if pack else ""
                example = f" of the {pack.id} pack, e.g. A or {jack}" if pack else ""
            return what + example + (', or "" for none' if self.empty else "")
        if self.kind == "suit":
            letters = f" ({', '.join(pack.suit_letters)})" if pack is not None else ""
            where = f" of the {pack.id} pack" if pack is not None else ""
            return f"a suit{where}{letters}" + (', or "" for none' if self.empty else "")
        if self.kind == "list":
            count = _count(self.min_items, self.max_items)
            each = f", each {self.items.describe(pack, players=players)}" if self.items else ""
            return f"a list of {count}{', all different' if self.unique else ''}{each}"
        if self.kind == "mapping":
            keys = self.keys.describe(pack, players=players) if self.keys else "anything"
            values = self.values.describe(pack, players=players) if self.values else "anything"
            return f"a mapping from {keys} to {values}"
        return "anything"

    def as_data(self) -> dict[str, Any]:
        """The domain as it would be written in a ruleset file, every inferred part included."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.choices:
            data["choices"] = list(self.choices)
        for name in ("min", "max", "min_items", "max_items"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        if self.kind == "card":
            data["card"] = self.card
            if self.rank:
                data["rank"] = True
        if self.kind in ("card", "suit") and self.empty:
            data["empty"] = True
        if self.unique:
            data["unique"] = True
        for name in ("keys", "values", "items"):
            part = getattr(self, name)
            if part is not None:
                data[name] = part.as_data()
        return data

    def check(self, value: Any, *, pack: Pack, players: int | None = None, path: str = "") -> Any:
        """The value, normalised (a card in its notation), or ``OutsideDomain`` saying what is allowed."""

        def outside(problem: str = "") -> OutsideDomain:
            what = problem or f"{show(value)} is not allowed"
            return OutsideDomain(f"{what}: it must be {self.describe(pack, players=players)}", path=path)

        kind = self.kind
        if kind == "bool" and not isinstance(value, bool):
            raise outside()
        if kind in ("int", "seat"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise outside()
            low = 0 if kind == "seat" else self.min
            high = players - 1 if kind == "seat" and players else self.max
            if (low is not None and value < low) or (high is not None and value > high):
                raise outside()
        if kind == "str" and not isinstance(value, str):
            raise outside()
        if kind == "card":
            value = self._card(value, pack=pack, outside=outside)
        if kind == "suit" and not (self.empty and value == "") and value not in pack.suit_letters:
            raise outside()
        if kind == "list":
            value = self._list(value, pack=pack, players=players, path=path, outside=outside)
        if kind == "mapping":
            value = self._mapping(value, pack=pack, players=players, path=path, outside=outside)
        if self.choices and not _among(value, self.choices):
            raise outside()
        return value

    def _card(self, value: Any, *, pack: Pack, outside: Any) -> Any:
        if self.empty and value == "":
            return value
        if not isinstance(value, str):
            raise outside()
        if self.rank and len(value) == 1 and value.upper() in pack.rank_letters:
            return value.upper()
        try:
            card = pack.parse(value)
        except ScenarioError:
            raise outside() from None
        if self.card != "any" and card_rank(card) != CARD_RANKS[self.card]:
            raise outside()
        return pack.name(card)

    def _list(self, value: Any, *, pack: Pack, players: int | None, path: str, outside: Any) -> Any:
        if not isinstance(value, list):
            raise outside()
        if (self.min_items is not None and len(value) < self.min_items) or (
            self.max_items is not None and len(value) > self.max_items
        ):
            raise outside(f"a list of {len(value)} item{'' if len(value) == 1 else 's'} is not allowed")
        out: list[Any] = []
        for i, item in enumerate(value):
            item = self.items.check(item, pack=pack, players=players, path=f"{path}[{i}]") if self.items else item
            if self.unique and _among(item, out):
                raise OutsideDomain(f"{show(item)} is given twice: each item may be given once", path=f"{path}[{i}]")
            out.append(item)
        return out

    def _mapping(self, value: Any, *, pack: Pack, players: int | None, path: str, outside: Any) -> Any:
        if not isinstance(value, dict):
            raise outside()
        out = {}
        for key, item in value.items():
            where = f"{path}.{key}"
            if self.keys is not None:
                try:
                    key = self.keys.check(key, pack=pack, players=players, path=where)
                except OutsideDomain as exc:
                    raise OutsideDomain(f"the key {exc}", path=where) from None
            if self.values is not None:
                item = self.values.check(item, pack=pack, players=players, path=where)
            out[key] = item
        return out


def _among(value: Any, choices: Any) -> bool:
    """``value in choices``, where ``True`` is not ``1`` and ``1.0`` is not ``1``."""
    return any(type(value) is type(choice) and value == choice for choice in choices)


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" ≥ {low}"
    if high is not None:
        return f" ≤ {high}"
    return ""


def _count(low: int | None, high: int | None) -> str:
    def items(n: int) -> str:
        return "1 item" if n == 1 else f"{n} items"

    if low is not None and high is not None:
        return items(low) if low == high else f"{low} to {items(high)}"
    if low is not None:
        return f"at least {items(low)}"
    if high is not None:
        return f"at most {items(high)}"
    return "items"


_MISSING = object()
#: The kinds a domain may name (``kind:``), as :meth:`Domain.as_data` writes them.
_KINDS = ("bool", "int", "str", "card", "suit", "seat", "list", "mapping")


def _kind_of(sample: Any) -> str:
    if isinstance(sample, bool):
        return "bool"
    if isinstance(sample, int):
        return "int"
    if isinstance(sample, str):
        return "str"
    if isinstance(sample, list):
        return "list"
    if isinstance(sample, dict):
        return "mapping"
    return "any"


def parse_domain(spec: Any, *, default: Any = _MISSING, where: str) -> Domain:
    """The domain written as ``spec`` (a mapping, or ``None``), completed from ``default``.

    ``where`` names the option in errors (``RulesetError``) about the spec itself.
    """
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise RulesetError(f"{where}: a domain is a mapping such as {{min: 1}}, not {show(spec)}")
    unknown = sorted(set(map(str, spec)) - _KEYS)
    if unknown:
        raise RulesetError(f"{where}: unknown domain key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    choices = spec.get("choices", ())
    if not isinstance(choices, list | tuple):
        raise RulesetError(f"{where}: choices must be a list")
    choices = tuple(choices)
    for name in ("min", "max", "min_items", "max_items"):
        bound = spec.get(name)
        if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool)):
            raise RulesetError(f"{where}: domain {name} must be a whole number, not {show(bound)}")
    kind = spec.get("kind")
    if kind is not None and kind not in _KINDS:
        raise RulesetError(f"{where}: domain kind must be one of {', '.join(_KINDS)}")
    if "card" in spec or kind == "card":
        card = spec.get("card", "any")
        if card != "any" and card not in CARD_RANKS:
            raise RulesetError(f"{where}: domain card must be any or one of {', '.join(CARD_RANKS)}")
        return Domain(
            kind="card", card=card, empty=bool(spec.get("empty")), rank=bool(spec.get("rank")), choices=choices
        )
    if spec.get("suit") or kind == "suit":
        return Domain(kind="suit", empty=bool(spec.get("empty")), choices=choices)
    if spec.get("seat") or kind == "seat":
        return Domain(kind="seat", choices=choices)
    sample = default
    if sample is _MISSING and choices:
        sample = choices[0]
    kind = kind or _kind_of(sample)
    if kind == "any" and ("min" in spec or "max" in spec):
        kind = "int"
    if kind == "any" and ("keys" in spec or "values" in spec):
        kind = "mapping"
    if kind == "any" and ("items" in spec or "unique" in spec or "min_items" in spec or "max_items" in spec):
        kind = "list"
    if kind == "int":
        low = spec.get("min", None if choices else 0)
        return Domain(kind="int", choices=choices, min=low, max=spec.get("max"))
    if kind == "list":
        first = default[0] if isinstance(default, list) and default else _MISSING
        items = parse_domain(spec.get("items"), default=first, where=f"{where} items")
        return Domain(
            kind="list",
            choices=choices,
            items=items if items.kind != "any" or items.choices else None,
            unique=bool(spec.get("unique")),
            min_items=spec.get("min_items"),
            max_items=spec.get("max_items"),
        )
    if kind == "mapping":
        pairs = list(default.items()) if isinstance(default, dict) else []
        if "keys" in spec:
            keys = parse_domain(spec["keys"], default=pairs[0][0] if pairs else _MISSING, where=f"{where} keys")
        else:
            keys = Domain(kind=_kind_of(pairs[0][0]) if pairs else "any", choices=tuple(k for k, _ in pairs))
        values = parse_domain(spec.get("values"), default=pairs[0][1] if pairs else _MISSING, where=f"{where} values")
        return Domain(kind="mapping", choices=choices, keys=keys, values=values)
    return Domain(kind=kind, choices=choices)


def outside_of(narrow: Domain, wide: Domain, *, pack: Pack) -> str:
    """What of ``narrow`` (a ruleset's domain) ``wide`` (its game's) does not hold, in a few words, or
    ``""`` when ``wide`` holds all of it: every value of a list of choices, the bounds of a range, the
    keys and values of a mapping, the items of a list.

    >>> from reversis.core.cards import FRENCH
    >>> wide = parse_domain({"kind": "int", "min": 2}, where="players")
    >>> outside_of(parse_domain({"choices": [4, 5]}, default=4, where="players"), wide, pack=FRENCH)
    ''
    >>> outside_of(parse_domain({"choices": [1, 4]}, default=4, where="players"), wide, pack=FRENCH)
    '1 is not allowed: it must be a whole number ≥ 2'
    """
    if narrow.choices:
        for choice in narrow.choices:
            try:
                wide.check(choice, pack=pack)
            except OutsideDomain as exc:
                return f"{exc.path.lstrip('.') + ': ' if exc.path else ''}{exc}"
        return ""
    same_kind = narrow.kind == wide.kind or (narrow.kind == "int" and wide.kind == "seat")
    if not same_kind or (wide.choices and not narrow.choices):
        return f"{narrow.describe(pack)} is wider than {wide.describe(pack)}"
    if _wider(narrow.min, wide.min, low=True) or _wider(narrow.max, wide.max, low=False):
        return f"{narrow.describe(pack)} is wider than {wide.describe(pack)}"
    if _wider(narrow.min_items, wide.min_items, low=True) or _wider(narrow.max_items, wide.max_items, low=False):
        return f"{narrow.describe(pack)} is wider than {wide.describe(pack)}"
    if (narrow.empty and not wide.empty) or (narrow.rank and not wide.rank) or (wide.unique and not narrow.unique):
        return f"{narrow.describe(pack)} is wider than {wide.describe(pack)}"
    if wide.kind == "card" and wide.card != "any" and narrow.card != wide.card:
        return f"{narrow.describe(pack)} is wider than {wide.describe(pack)}"
    for part in ("keys", "values", "items"):
        inner, outer = getattr(narrow, part), getattr(wide, part)
        if outer is not None:
            problem = outside_of(inner, outer, pack=pack) if inner is not None else f"any {part}"
            if problem:
                return f"its {part}: {problem}"
    return ""


def _wider(narrow: int | None, wide: int | None, *, low: bool) -> bool:
    """Whether a bound of the narrower domain lets in what the wider one's keeps out."""
    if wide is None:
        return False
    return narrow is None or (narrow < wide if low else narrow > wide)

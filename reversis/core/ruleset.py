"""Rulesets as data: one frozen ``Ruleset`` per source, loaded from one YAML file each.

Every option has a default, a one-line meaning, the annotation ids that justify
it and the paragraphs it rests on. The engine reads options by name; it never
looks at a ruleset's name.

>>> rules = load_ruleset("encyclopedie-1765")
>>> rules["players"], rules["talon"][4]
(4, 3)
>>> rules.with_options({"players": 5})["players"]
5
>>> rules.with_options({"players": 6})
Traceback (most recent call last):
...
reversis.OptionError: option 'players' of ruleset encyclopedie-1765: 6 is not allowed: it must be one of 4, 5
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from reversis.core.cards import PACKS, Pack
from reversis.core.domains import Domain, OutsideDomain, parse_domain, show
from reversis.core.errors import RulesetError, did_you_mean

__all__ = [
    "BASES",
    "OPTION_TOPICS",
    "Convention",
    "Option",
    "OptionError",
    "Ruleset",
    "load_ruleset",
    "read_ruleset",
    "register_ruleset",
    "ruleset_ids",
    "unregister_ruleset",
]


@dataclass(frozen=True)
class Option:
    """One option of a ruleset: its value, default and justification."""

    name: str
    default: Any
    meaning: str
    annotations: tuple[str, ...]
    cites: tuple[str, ...] = ()
    choices: tuple[Any, ...] = ()
    note: str = ""
    #: its short English name, the words a page uses for it (the option's id stays a small label)
    title: str = ""
    #: the topic it belongs to, a key of :data:`OPTION_TOPICS`, under which a page groups it
    topic: str = ""

    #: the values allowed: ``domain:`` of the ruleset file, completed from the default and ``choices``
    domain: Domain | None = None

    def __post_init__(self) -> None:
        if self.domain is None:
            spec = {"choices": list(self.choices)} if self.choices else None
            object.__setattr__(self, "domain", parse_domain(spec, default=self.default, where=f"option {self.name}"))

    def allowed(self, pack: Pack | None = None, *, players: int | None = None) -> str:
        """What the option allows, in plain English (e.g. ``a whole number ≥ 1``)."""
        assert self.domain is not None
        return self.domain.describe(pack, players=players)

    def check(self, value: Any, *, ruleset: str, pack: Pack, players: int | None = None) -> Any:
        """The value checked against the option's domain (a card in its notation, a mapping merged
        into the default); ``OptionError`` says what is allowed."""
        assert self.domain is not None
        try:
            value = self.domain.check(value, pack=pack, players=players)
        except OutsideDomain as exc:
            raise OptionError(
                f"option {self.name!r} of ruleset {ruleset}: "
                + (f"{self.name}{exc.path}: {exc}" if exc.path else str(exc)),
                option=self.name,
                path=exc.path,
                detail=str(exc),
            ) from None
        if isinstance(self.default, dict) and isinstance(value, dict):
            value = {**self.default, **value}
        return value


class OptionError(RulesetError):
    """An option value outside its domain: ``option`` names it, ``path`` the wrong part of it
    (``.4`` for a key of a mapping, ``[2]`` for an item of a list), ``detail`` the problem alone."""

    def __init__(self, message: str, *, option: str, path: str = "", detail: str = "") -> None:
        super().__init__(message)
        self.option = option
        self.path = path
        self.detail = detail or message


OptionError.__module__ = "reversis"  # as the reader imports it (see reversis.core.errors)


@dataclass(frozen=True)
class Convention:
    """A reading of what the source leaves implicit, stated once for the whole ruleset."""

    topic: str
    text: str
    cites: tuple[str, ...] = ()


#: The topics under which a page groups a ruleset's options, in the order of a hand, with their
#: headings (the keys are those of the annotations' concordance: annotations/FORMAT.md).
OPTION_TOPICS = {
    "players": "The players and the pack",
    "deal": "The deal",
    "exchange": "The exchange",
    "declarations": "Declarations",
    "espagnolette": "The espagnolette",
    "play": "The play",
    "quinola": "The quinola",
    "aces": "The aces",
    "talon": "The talon and the points",
    "scoring": "Scoring",
    "pool": "The pool",
    "reversis": "The reversis",
    "combinations": "Combinations",
    "penalties": "Faults and penalties",
}

#: How an engine rule rests on its ruleset's source.
BASES = ("stated", "interpreted", "reconstructed", "not-in-source")


@dataclass(frozen=True)
class Ruleset(Mapping[str, Any]):
    """A source's rules: the pack, and every option with its value.

    A ``Ruleset`` is a read-only mapping from option name to value.
    """

    id: str
    title: str
    source: str
    evidence: str
    pack: Pack
    options: Mapping[str, Option]
    rule_cites: Mapping[str, tuple[str, ...]]
    rule_annotations: Mapping[str, tuple[str, ...]]
    #: each engine rule's short English name, the words every page and account uses for it
    rule_names: Mapping[str, str] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: how each engine rule rests on the source: stated, interpreted, reconstructed or not-in-source
    rule_basis: Mapping[str, str] = field(default_factory=dict)
    #: how the ruleset reads what its source leaves implicit (direction of play, ties, ...)
    conventions: tuple[Convention, ...] = ()
    #: the game the ruleset is a form of (``reversis``, ``romestecq``): see :mod:`reversis.games`
    game: str = "reversis"

    def __getitem__(self, name: str) -> Any:
        try:
            return self.settings[name]
        except KeyError:
            raise RulesetError(self._unknown(name)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.settings)

    def __len__(self) -> int:
        return len(self.settings)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.settings.items() if v != self.options[k].default}
        return f"load_ruleset({self.id!r}).with_options({changed!r})" if changed else f"load_ruleset({self.id!r})"

    def changed(self) -> dict[str, Any]:
        """The options set away from their defaults."""
        return {k: v for k, v in self.settings.items() if v != self.options[k].default}

    def changed_text(self) -> str:
        """The options set away from their defaults, as a scenario or ``--option`` writes them.

        >>> load_ruleset("encyclopedie-1765").with_options({"quinola_forced_bete": False}).changed_text()
        'quinola_forced_bete: false'
        """
        return "; ".join(f"{name}: {option_yaml(value)}" for name, value in self.changed().items())

    def _unknown(self, name: str) -> str:
        return (
            f"unknown option {show(name)!r} for ruleset {self.id}{did_you_mean(name, self.options)} "
            f"(see `reversis rules {self.id}`)"
        )

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A copy with some options changed; unknown names and wrong types raise ``RulesetError``."""
        values = dict(self.settings)
        # the number of players first: a seat's domain depends on it
        players_option = self.options.get("players")
        if "players" in overrides and players_option is not None:
            values["players"] = players_option.check(overrides["players"], ruleset=self.id, pack=self.pack)
        players = values.get("players")
        players = players if isinstance(players, int) else None
        for name, value in overrides.items():
            if name not in self.options:
                raise RulesetError(self._unknown(name))
            values[name] = self.options[name].check(value, ruleset=self.id, pack=self.pack, players=players)
        for name, option in self.options.items():  # a seat left at its default must exist at this number of players
            if name not in overrides and option.domain is not None and option.domain.kind == "seat":
                option.check(values[name], ruleset=self.id, pack=self.pack, players=players)
        return Ruleset(
            id=self.id,
            title=self.title,
            source=self.source,
            evidence=self.evidence,
            pack=self.pack,
            options=self.options,
            rule_cites=self.rule_cites,
            rule_annotations=self.rule_annotations,
            rule_names=self.rule_names,
            settings=MappingProxyType(values),
            rule_basis=self.rule_basis,
            conventions=self.conventions,
            game=self.game,
        )

    def rule_name(self, rule: str) -> str:
        """An engine rule's English name, as a reader meets it (the id stays a small label).

        >>> load_ruleset("encyclopedie-1765").rule_name("quinola.forced.forcer")
        'The forced quinola pays its forcer'
        """
        try:
            return self.rule_names[rule]
        except KeyError:
            raise RulesetError(f"ruleset {self.id!r} has no engine rule {rule!r}") from None

    def option_name(self, name: str) -> str:
        """An option's English name, as a reader meets it (the option's id stays a small label).

        >>> load_ruleset("encyclopedie-1765").option_name("quinola_forced_each")
        'Who pays each player for a forced quinola'
        """
        if name not in self.options:
            raise RulesetError(self._unknown(name))
        return self.options[name].title

    def options_by_topic(self) -> dict[str, list[Option]]:
        """The options grouped by topic, the topics in the order of :data:`OPTION_TOPICS`, the options
        of each in the order of the ruleset's file.

        >>> [(t, len(o)) for t, o in load_ruleset("romestecq").options_by_topic().items()][:2]
        [('players', 2), ('deal', 1)]
        """
        grouped: dict[str, list[Option]] = {topic: [] for topic in OPTION_TOPICS}
        for option in self.options.values():
            grouped[option.topic].append(option)
        return {topic: options for topic, options in grouped.items() if options}

    def cites(self, name: str) -> tuple[str, ...]:
        """The paragraphs an option rests on."""
        return self.options[name].cites


#: The folder of the rulesets shipped with the package (a plain folder of the installed package;
#: importlib.resources would cost every command its zip and archive imports).
RULESETS = Path(__file__).resolve().parents[1] / "rulesets"


def option_yaml(value: Any) -> str:
    """An option's value as YAML writes it on one line (``false``, ``{5: 7}``, ``[2, 7]``)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6)
    return text.removesuffix("\n").removesuffix("\n...").strip()


#: The rulesets of the games registered at run time (``reversis.games.register``), by id.
_REGISTERED: dict[str, Ruleset] = {}


def register_ruleset(rules: Ruleset) -> None:
    """Make a ruleset known by its id, as a shipped one is (an id already taken is refused)."""
    if rules.id in ruleset_ids():
        raise RulesetError(f"a ruleset with the id {rules.id!r} is known already")
    _REGISTERED[rules.id] = rules


def unregister_ruleset(ruleset_id: str) -> None:
    """Forget a ruleset that :func:`register_ruleset` made known."""
    _REGISTERED.pop(ruleset_id, None)


def ruleset_ids(game: str | None = None) -> list[str]:
    """The ids of the rulesets shipped with the package and registered (of one game, if ``game`` names it)."""
    shipped = [p.name.removesuffix(".yaml") for p in RULESETS.iterdir() if p.name.endswith(".yaml")]
    ids = sorted([*shipped, *_REGISTERED])
    return ids if game is None else [rid for rid in ids if load_ruleset(rid).game == game]


def load_ruleset(ruleset_id: str) -> Ruleset:
    """A ruleset by id (shipped or registered), with every option at its default."""
    registered = _REGISTERED.get(ruleset_id)
    return registered if registered is not None else _load_shipped(ruleset_id)


@cache
def _load_shipped(ruleset_id: str) -> Ruleset:
    if ruleset_id not in ruleset_ids():
        raise RulesetError(
            f"unknown ruleset {show(ruleset_id)!r}{did_you_mean(ruleset_id, ruleset_ids())} "
            f"(known: {', '.join(ruleset_ids())})"
        )
    path = RULESETS / f"{ruleset_id}.yaml"
    return read_ruleset(path.read_text(encoding="utf-8"), where=f"reversis/rulesets/{ruleset_id}.yaml")


def read_ruleset(text: str, *, where: str) -> Ruleset:
    """A ruleset from its YAML text (``where`` names it in an error: a file, a game's module)."""
    try:
        # libyaml's loader where PyYAML has it: the pure-Python one would cost every command ~50 ms
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise RulesetError(f"{where}: malformed YAML: {exc}".replace("\n", " ")) from None
    return _build(data, where=where)


def _domain(spec: dict[str, Any], *, where: str) -> Domain:
    """An option's ``domain:`` with its ``choices:``, completed from its default."""
    written = spec.get("domain") or {}
    if not isinstance(written, dict):
        raise RulesetError(f"{where}: a domain is a mapping such as {{min: 1}}")
    if "choices" in spec:
        written = {"choices": spec["choices"], **written}
    return parse_domain(written, default=spec["default"], where=where)


def _option(name: str, spec: Any, *, where: str) -> Option:
    """One option of a ruleset file, checked: its default, meaning, annotations, name and topic."""
    if not isinstance(spec, dict) or not {"default", "meaning", "annotations"} <= spec.keys():
        raise RulesetError(f"{where}: option {name!r} needs default, meaning and annotations")
    if not spec["annotations"]:
        raise RulesetError(f"{where}: option {name!r} names no annotation that justifies it")
    if not isinstance(spec.get("name"), str) or not spec["name"].strip():
        raise RulesetError(f"{where}: option {name!r} needs a name, its short English name")
    if spec.get("topic") not in OPTION_TOPICS:
        raise RulesetError(
            f"{where}: option {name!r}: topic {spec.get('topic')!r} is not one of {', '.join(OPTION_TOPICS)}"
        )
    return Option(
        name=name,
        default=spec["default"],
        meaning=" ".join(str(spec["meaning"]).split()),
        annotations=tuple(spec["annotations"]),
        cites=tuple(spec.get("cites", ())),
        choices=tuple(spec.get("choices", ())),
        note=" ".join(str(spec.get("note", "")).split()),
        title=" ".join(spec["name"].split()),
        topic=spec["topic"],
        domain=_domain(spec, where=f"{where}: option {name!r}"),
    )


def _build(data: Any, *, where: str) -> Ruleset:
    if not isinstance(data, dict):
        raise RulesetError(f"{where}: expected a mapping at the top")
    for key in ("id", "title", "source", "evidence", "pack", "options", "rules"):
        if key not in data:
            raise RulesetError(f"{where}: missing field {key!r}")
    if data["pack"] not in PACKS:
        raise RulesetError(f"{where}: unknown pack {data['pack']!r} (known: {', '.join(PACKS)})")
    options = {name: _option(name, spec, where=where) for name, spec in data["options"].items()}
    pack = PACKS[data["pack"]]
    players = options["players"].default if "players" in options else None
    for name, option in options.items():
        try:
            option.check(option.default, ruleset=str(data["id"]), pack=pack, players=players)
        except OptionError as exc:
            raise RulesetError(f"{where}: option {name!r}: its default is outside its domain: {exc.detail}") from None
    rule_cites: dict[str, tuple[str, ...]] = {}
    rule_annotations: dict[str, tuple[str, ...]] = {}
    rule_names: dict[str, str] = {}
    rule_basis: dict[str, str] = {}
    for rule, spec in data["rules"].items():
        if not isinstance(spec, dict) or not spec.get("annotations"):
            raise RulesetError(f"{where}: engine rule {rule!r} needs cites and annotations")
        if not isinstance(spec.get("name"), str) or not spec["name"].strip():
            raise RulesetError(f"{where}: engine rule {rule!r} needs a name, its short English name")
        basis = spec.get("basis", "stated")
        if basis not in BASES:
            raise RulesetError(f"{where}: engine rule {rule!r}: basis {basis!r} is not one of {', '.join(BASES)}")
        # a rule the source does not state cites no paragraph of it; every other rule cites one
        if bool(spec.get("cites")) == (basis == "not-in-source"):
            raise RulesetError(
                f"{where}: engine rule {rule!r}: "
                + ("a rule not in the source cites no paragraph" if basis == "not-in-source" else "needs cites")
            )
        rule_cites[rule] = tuple(spec.get("cites") or ())
        rule_annotations[rule] = tuple(spec["annotations"])
        rule_names[rule] = " ".join(spec["name"].split())
        rule_basis[rule] = basis
    conventions = tuple(
        Convention(topic=str(c["topic"]), text=" ".join(str(c["text"]).split()), cites=tuple(c.get("cites", ())))
        for c in data.get("conventions", ())
    )
    values = {name: opt.default for name, opt in options.items()}
    return Ruleset(
        id=data["id"],
        title=data["title"],
        source=data["source"],
        evidence=data["evidence"],
        pack=PACKS[data["pack"]],
        options=MappingProxyType(options),
        rule_cites=MappingProxyType(rule_cites),
        rule_annotations=MappingProxyType(rule_annotations),
        rule_names=MappingProxyType(rule_names),
        settings=MappingProxyType(values),
        rule_basis=MappingProxyType(rule_basis),
        conventions=conventions,
        game=str(data.get("game", "reversis")),
    )

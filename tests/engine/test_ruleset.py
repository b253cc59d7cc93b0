"""Rulesets: loading, every option justified, option checks, and every engine rule id declared and cited."""

from __future__ import annotations

import ast
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

import reversis
from reversis import Ruleset, RulesetError, load_ruleset, ruleset_ids
from reversis.games.reversis.declarations import FEATURE_RULES, RENOUNCER_RULES, REVERSIS_RULES
from reversis.games.reversis.options import OPTIONS
from reversis.games.reversis.params import compile_params

REPO = Path(__file__).resolve().parents[2]
ENGINE = Path(reversis.__file__).resolve().parent
#: The game Reversis, whose rule modules emit the rule ids of its rulesets.
GAME = ENGINE / "games" / "reversis"
RULESET_FILES = sorted((ENGINE / "rulesets").glob("*.yaml"))
CITE = re.compile(r"^(?P<source>[a-z0-9][a-z0-9-]*):(?P<n>[1-9][0-9]*[a-z]?)$")


def _yaml(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _option_cases() -> list[Any]:
    return [
        pytest.param(ruleset_id, name, id=f"{ruleset_id}:{name}")
        for ruleset_id in ruleset_ids()
        for name in load_ruleset(ruleset_id).options
    ]


# -- loading --------------------------------------------------------------------------------


def test_ruleset_ids_are_the_shipped_yaml_files() -> None:
    ids = ruleset_ids()
    assert ids == sorted(ids)
    assert ids == [path.stem for path in RULESET_FILES]
    assert "encyclopedie-1765" in ids


@pytest.mark.parametrize("ruleset_id", ruleset_ids("reversis"))
def test_every_shipped_ruleset_loads_and_compiles(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    assert rules.id == ruleset_id
    assert rules.title and rules.source and rules.evidence
    assert dict(rules) == {name: option.default for name, option in rules.options.items()}
    compile_params(rules)


def test_load_ruleset_is_cached() -> None:
    assert load_ruleset("encyclopedie-1765") is load_ruleset("encyclopedie-1765")


def test_unknown_ruleset_raises_ruleset_error_naming_it() -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'no-such-game'") as info:
        load_ruleset("no-such-game")
    assert "encyclopedie-1765" in str(info.value)  # the known ones are listed


def test_encyclopedie_defaults_give_four_players_eleven_cards_and_a_talon_of_three(rules: Ruleset) -> None:
    params = compile_params(rules)
    assert (params.players, params.hand_size, params.dealer_extra, params.talon_size) == (4, 11, 1, 3)
    assert len(params.pack) == 48


# -- every option justified -----------------------------------------------------------------


@pytest.mark.parametrize(("ruleset_id", "name"), _option_cases())
def test_every_option_has_a_default_a_meaning_and_annotations(ruleset_id: str, name: str) -> None:
    data = _yaml(ENGINE / "rulesets" / f"{ruleset_id}.yaml")["options"][name]
    assert "default" in data
    option = load_ruleset(ruleset_id).options[name]
    assert option.meaning.strip()
    assert option.annotations
    assert all(isinstance(a, str) and a.strip() for a in option.annotations)
    if option.choices:
        assert option.default in option.choices


@pytest.mark.parametrize(("ruleset_id", "name"), _option_cases())
def test_every_option_default_passes_its_own_check(ruleset_id: str, name: str) -> None:
    rules = load_ruleset(ruleset_id)
    assert rules.with_options({name: rules.options[name].default})[name] == rules.options[name].default


# -- with_options -----------------------------------------------------------------------------


def test_with_options_returns_a_copy_and_leaves_the_ruleset_unchanged(rules: Ruleset) -> None:
    five = rules.with_options({"players": 5})
    assert five["players"] == 5
    assert rules["players"] == 4
    assert five.id == rules.id


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        pytest.param("keep_tens", 1, "1 is not allowed: it must be true or false", id="int-for-bool"),
        pytest.param("keep_tens", "yes", "'yes' is not allowed: it must be true or false", id="str-for-bool"),
        pytest.param("players", True, "true is not allowed: it must be one of 4, 5", id="bool-for-int"),
        pytest.param("players", "4", "'4' is not allowed: it must be one of 4, 5", id="str-for-int"),
        pytest.param("players", 6, "6 is not allowed: it must be one of 4, 5", id="not-a-choice"),
        pytest.param(
            "talon_payer",
            "the-dealer",
            "it must be one of most-points, most-points-tie-left, most-points-tie-eldest, each-player",
            id="str-not-a-choice",
        ),
        pytest.param("talon", 3, "3 is not allowed: it must be a mapping from", id="int-for-mapping"),
        pytest.param("talon", {6: 3}, "the key 6 is not allowed: it must be one of 4, 5", id="unknown-key-in-mapping"),
        pytest.param("talon_card_points", {"Z": 1}, "the key Z is not allowed", id="unknown-card-in-mapping"),
        pytest.param("talon_ranking", "points", "points is not allowed: it must be a list", id="str-for-list"),
    ],
)
def test_with_options_checks_the_type_of_each_value(rules: Ruleset, name: str, value: Any, expected: str) -> None:
    with pytest.raises(RulesetError) as info:
        rules.with_options({name: value})
    message = str(info.value)
    assert f"option {name!r}" in message
    assert expected in message


def test_a_mapping_option_is_merged_into_its_default(rules: Ruleset) -> None:
    assert rules.with_options({"talon": {5: 7}})["talon"] == {4: 3, 5: 7}
    points = rules.with_options({"talon_card_points": {"J": 1}})["talon_card_points"]
    assert points == {"A": 5, "K": 4, "Q": 3, "J": 1}


def test_an_int_option_accepts_an_int(rules: Ruleset) -> None:
    assert rules.with_options({"pool_stake": 5})["pool_stake"] == 5


def test_unknown_option_raises_ruleset_error_naming_it(rules: Ruleset) -> None:
    with pytest.raises(RulesetError, match="unknown option 'quinola_forced_gmae'"):
        rules.with_options({"quinola_forced_gmae": True})
    with pytest.raises(RulesetError, match="unknown option 'no_such'"):
        rules["no_such"]


def test_repr_is_a_call_that_rebuilds_the_ruleset(rules: Ruleset) -> None:
    changed = rules.with_options({"players": 5, "talon": {5: 7}, "quinola_forced_game": True})
    for ruleset in (rules, changed):
        rebuilt = eval(repr(ruleset), {"load_ruleset": load_ruleset})
        assert dict(rebuilt) == dict(ruleset)


def test_keep_tens_with_five_players_is_refused(rules: Ruleset) -> None:
    for talon in ({5: 2}, {5: 7}):
        with pytest.raises(RulesetError, match="do not divide among 5 players"):
            compile_params(rules.with_options({"players": 5, "keep_tens": True, "talon": talon}))


# -- engine rule ids ------------------------------------------------------------------------


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _string(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def engine_rule_ids() -> dict[str, str]:
    """Every rule id the engine can emit, found in its source, each with where it was found.

    In hand.py, payments.py, settlement.py and declarations.py: every ``rule=…`` keyword (each payment
    ``ledger.pay(…, rule=…)``, and the rules named by ``IllegalPlay`` and ``IllegalExchange``),
    and the rule that ends the arguments of each ``Exchanged(…)`` and ``QuinolaFate(…)`` event
    and of each bête (``_bete(…)``) and doubled pool (``_double_pool(…)``); in events.py: the
    default ``rule`` of every event.
    """
    found: dict[str, str] = {}
    for module in ("hand.py", "payments.py", "settlement.py", "declarations.py"):
        tree = ast.parse((GAME / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            candidates: list[ast.AST | None] = [kw.value for kw in node.keywords if kw.arg == "rule"]
            if name in ("Exchanged", "QuinolaFate", "_bete", "_double_pool") and node.args:
                candidates.append(node.args[-1])
            for candidate in candidates:
                rule = _string(candidate)
                if rule is not None:
                    found.setdefault(rule, f"{module}:{node.lineno}")
    tree = ast.parse((GAME / "events.py").read_text(encoding="utf-8"))
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == "rule":
                rule = _string(stmt.value)
                if rule is not None:
                    found.setdefault(rule, f"events.py:{cls.name}")
    return found


def test_the_source_scan_finds_the_rules_it_should() -> None:
    # If the scan broke (a refactoring renamed _pay), the declared-rules test below would pass vacuously.
    found = engine_rule_ids()
    for rule in (
        "pool.stake",
        "quinola.placed.trick",
        "quinola.given.bete",
        "quinola.placed.pool",
        "talon.pay",
        "play.follow",
        "exchange.take",
        "deal",
    ):
        assert rule in found
    assert len(found) >= 30


def _declaration_rules(data: dict[str, Any]) -> set[str]:
    """The rules a ruleset's declarations record, named after them (``napolitana.lost``)."""
    options = data["options"]
    rules = set()
    for option, suffixes in (("reversis_declaration", REVERSIS_RULES), ("renouncer", RENOUNCER_RULES)):
        name = options.get(option, {}).get("default")
        if name:
            rules |= {f"{name}.{suffix}" for suffix in suffixes}
    return rules


@pytest.mark.parametrize("ruleset_id", ruleset_ids("reversis"))
def test_every_engine_rule_id_is_declared_in_every_ruleset(ruleset_id: str) -> None:
    # every rule the engine can record, except those of a feature the ruleset has not (its option absent)
    data = _yaml(ENGINE / "rulesets" / f"{ruleset_id}.yaml")
    declared = set(data["rules"])
    wanted = {
        rule: where
        for rule, where in engine_rule_ids().items()
        if rule not in FEATURE_RULES or FEATURE_RULES[rule] in data["options"]
    }
    wanted |= {rule: "declarations.py" for rule in _declaration_rules(data)}
    missing = {rule: where for rule, where in wanted.items() if rule not in declared}
    assert not missing, f"engine rules not declared under rules: in {ruleset_id}.yaml: {missing}"


def test_feature_rules_are_rules_the_engine_records() -> None:
    found = engine_rule_ids()
    assert set(FEATURE_RULES) <= set(found), set(FEATURE_RULES) - set(found)
    # a feature's option is one a ruleset may leave out: it has a neutral value
    assert not [name for name in FEATURE_RULES.values() if OPTIONS.options[name].required]


@pytest.mark.parametrize("ruleset_id", ruleset_ids("reversis"))
def test_every_declared_rule_is_named_by_the_engine(ruleset_id: str) -> None:
    # A declared rule is emitted, or at least named in a message (deal.misdeal names the redeal).
    data = _yaml(ENGINE / "rulesets" / f"{ruleset_id}.yaml")
    declared = set(data["rules"]) - _declaration_rules(data)
    modules = [*GAME.glob("*.py"), *(ENGINE / "core").glob("*.py"), *(ENGINE / "apps").glob("*.py")]
    source = "\n".join(path.read_text(encoding="utf-8") for path in modules)
    unused = {rule for rule in declared if rule not in engine_rule_ids() and rule not in source}
    assert not unused, f"rules declared in {ruleset_id}.yaml that the engine never names: {sorted(unused)}"


def _all_cites(data: dict[str, Any]) -> list[tuple[str, str]]:
    cites = [(f"options.{name}", cite) for name, spec in data["options"].items() for cite in spec.get("cites", ())]
    cites += [(f"rules.{name}", cite) for name, spec in data["rules"].items() for cite in spec.get("cites", ())]
    return cites


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_every_cite_is_a_paragraph_id_of_a_source_in_the_corpus(path: Path) -> None:
    cites = _all_cites(_yaml(path))
    assert cites
    for where, cite in cites:
        match = CITE.match(str(cite))
        assert match, f"{path.name} {where}: {cite!r} is not <source-id>:<n>"
        assert (REPO / "corpus" / match["source"]).is_dir(), f"{path.name} {where}: no corpus/{match['source']}/"


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_the_ruleset_source_is_a_corpus_folder(path: Path) -> None:
    assert (REPO / "corpus" / _yaml(path)["source"]).is_dir()


def test_the_packaged_rulesets_are_the_files_read() -> None:
    folder = resources.files("reversis") / "rulesets"
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml")) == [p.name for p in RULESET_FILES]


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_every_engine_rule_has_an_english_name_and_no_two_rules_share_one(path: Path) -> None:
    rules = load_ruleset(path.stem)
    assert set(rules.rule_names) == set(rules.rule_cites)
    for rule, name in rules.rule_names.items():
        assert name[0].isupper() and name.lower() != rule and not {".", "_"} & set(name), (
            f"{path.name} rules.{rule}: name {name!r}"
        )
    assert len(set(rules.rule_names.values())) == len(rules.rule_names), f"{path.name}: two rules share a name"


def test_a_rule_without_its_name_is_refused_naming_the_rule(tmp_path: Path) -> None:
    from reversis.core.ruleset import _build

    data = _yaml(RULESET_FILES[0])
    del data["rules"]["deal"]["name"]
    with pytest.raises(RulesetError, match=r"^x.yaml: engine rule 'deal' needs a name, its short English name$"):
        _build(data, where="x.yaml")
    with pytest.raises(RulesetError, match="has no engine rule 'nope'"):
        load_ruleset(RULESET_FILES[0].stem).rule_name("nope")


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_every_option_has_an_english_name_and_a_topic_and_no_two_options_share_a_name(path: Path) -> None:
    rules = load_ruleset(path.stem)
    for name, option in rules.options.items():
        assert option.title[0].isupper() and not {".", "_"} & set(option.title), f"{path.name} {name}: {option.title!r}"
        assert rules.option_name(name) == option.title
        assert option.topic in rules.topics
    titles = [o.title for o in rules.options.values()]
    assert len(set(titles)) == len(titles), f"{path.name}: two options share a name"
    grouped = rules.options_by_topic()
    assert [o.name for group in grouped.values() for o in group] == sorted(
        rules.options, key=lambda n: (list(rules.topics).index(rules.options[n].topic), list(rules.options).index(n))
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", None, r"^x.yaml: option 'players' needs a name, its short English name$"),
        ("name", "  ", r"^x.yaml: option 'players' needs a name, its short English name$"),
        # the topic, the values the engine plays and the neutral value are the game's (reversis.games.reversis.options)
        ("topic", "players", r"^x.yaml: option 'players': 'topic' is not the ruleset's to say \(its topic, "),
        ("neutral", 4, r"^x.yaml: option 'players': 'neutral' is not the ruleset's to say "),
    ],
)
def test_an_option_without_its_name_or_with_its_game_s_words_is_refused_naming_the_option(
    field: str, value: Any, message: str
) -> None:
    from reversis.core.ruleset import _build

    data = _yaml(RULESET_FILES[0])
    if value is None:
        del data["options"]["players"][field]
    else:
        data["options"]["players"][field] = value
    with pytest.raises(RulesetError, match=message):
        _build(data, where="x.yaml")
    with pytest.raises(RulesetError, match="unknown option 'nope'"):
        load_ruleset(RULESET_FILES[0].stem).option_name("nope")

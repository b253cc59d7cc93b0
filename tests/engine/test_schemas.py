"""The JSON Schemas shipped for editors: every example scenario of every game validates against the
scenario schema, the result of played hands against the result schema, and both agree with the
loaders and the docs. Each schema holds one definition per game (``$defs/reversis``,
``$defs/romestecq``), chosen by the scenario's ruleset or the result's ``game``."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema")

from reversis.core.errors import ScenarioError  # noqa: E402
from reversis.core.moves import MAX_BUDGET, SEARCHING_BOTS  # noqa: E402
from reversis.core.ruleset import load_ruleset, ruleset_ids  # noqa: E402
from reversis.games import (  # noqa: E402
    game_of,
    parse_any,
    play_file,
)
from reversis.games.reversis.bots import BOTS  # noqa: E402
from reversis.games.reversis.result import dump_record, record, result  # noqa: E402
from reversis.games.reversis.scenario import _FIELDS, parse_scenario, run  # noqa: E402
from reversis.games.romestecq import scenario as romestecq_scenario  # noqa: E402
from reversis.games.romestecq.bots import BOTS as ROMESTECQ_BOTS  # noqa: E402
from reversis.games.romestecq.combinations import NAMES  # noqa: E402
from reversis.games.romestecq.penalties import DEAL_FAULTS  # noqa: E402

from .conftest import REPO  # noqa: E402


def run_any(text: str) -> object:
    """Parse and play a scenario of any game, as ``reversis play`` does."""
    scenario = parse_any(text, source="s")
    return game_of(scenario.rules).run(scenario)


def _game(path: Path) -> str:
    return load_ruleset(yaml.safe_load(path.read_text(encoding="utf-8"))["ruleset"]).game


# every example scenario, of every game
ALL_EXAMPLES = sorted((REPO / "examples").rglob("*.yaml"))
EXAMPLES = [p for p in ALL_EXAMPLES if _game(p) == "reversis"]
DOC = REPO / "docs" / "scenarios.md"


def _schema(name: str) -> dict[str, Any]:
    text = (resources.files("reversis") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def _as_json(data: Any) -> Any:
    """Data as an editor sees it: JSON, where mapping keys are strings."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def _errors(schema: dict[str, Any], data: Any) -> list[str]:
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(_as_json(data))]


# -- the scenario schema ----------------------------------------------------------------------------


def test_there_are_examples_of_every_game_to_validate() -> None:
    assert len(EXAMPLES) >= 4
    assert {_game(p) for p in ALL_EXAMPLES} == {"reversis", "romestecq"}


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_scenario_validates(path: Path) -> None:
    assert _errors(_schema("scenario"), yaml.safe_load(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_json_result_of_every_example_validates(path: Path) -> None:
    scenario, hand = play_file(path)
    data = game_of(scenario.rules).result(hand)
    assert _errors(_schema("result"), data) == []


def test_the_schemas_choose_romestecq_for_the_rulesets_of_that_game() -> None:
    romestecq = sorted(r for r in ruleset_ids() if load_ruleset(r).game == "romestecq")
    assert _schema("scenario")["if"]["properties"]["ruleset"]["enum"] == romestecq
    assert _schema("result")["if"]["properties"]["game"]["const"] == "romestecq"


def test_the_romestecq_scenario_schema_knows_what_its_loader_reads() -> None:
    definition = _schema("scenario")["$defs"]["romestecq"]
    assert set(definition["properties"]) == set(romestecq_scenario.FIELDS)
    assert definition["additionalProperties"] is False
    assert definition["properties"]["bot"]["enum"] == sorted((*ROMESTECQ_BOTS, *SEARCHING_BOTS))
    faults = definition["properties"]["faults"]["items"]["properties"]["fault"]["enum"]
    assert faults == list(DEAL_FAULTS)
    assert set(_schema("scenario")["$defs"]["combination"]["enum"]) == set(NAMES) - {"virlicque"}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{ruleset: romestecq, plays: [{card: AS, call: 3}]}", "plays/0"),
        ("{ruleset: romestecq, claims: {1: [quinola]}}", "claims/1/0"),
        ("{ruleset: romestecq, faults: [{fault: dropped, seat: 1}]}", "faults/0"),
        ("{ruleset: romestecq, marks: {0: 3}}", "marks"),
        ("{ruleset: romestecq, exchange: {1: pass}}", "exchange"),
        ("{ruleset: romestecq, hands: {0: [AS, KS]}}", "hands/0"),
    ],
)
def test_the_romestecq_schema_refuses_what_its_loader_refuses(text: str, where: str) -> None:
    errors = _errors(_schema("scenario"), yaml.safe_load(text))
    assert any(e.startswith(f"{where}:") or where in e for e in errors), errors
    with pytest.raises(ScenarioError):
        run_any(text)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_record_validates_as_a_scenario(seed: int) -> None:
    hand = run(parse_scenario(f"{{ruleset: encyclopedie-1765, seed: {seed}, bot: random}}", source="s"))
    data = yaml.safe_load(dump_record(record(hand, bot="random", seed=seed)))
    assert _errors(_schema("scenario"), data) == []


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{seed: 3}", "ruleset"),
        ("{ruleset: encyclopedie-1765, colour: red}", "colour"),
        ("{ruleset: encyclopedie-1765, plays: [ZZ]}", "plays/0"),
        ("{ruleset: encyclopedie-1765, exchange: {1: keep}}", "exchange/1"),
        ("{ruleset: encyclopedie-1765, seed: -1}", "seed"),
        ("{ruleset: encyclopedie-1765, bot: clever}", "bot"),
    ],
)
def test_the_scenario_schema_refuses_what_the_loader_refuses(text: str, where: str) -> None:
    errors = _errors(_schema("scenario"), yaml.safe_load(text))
    assert errors
    assert any(e.startswith(f"{where}:") or (where == "ruleset" and "'ruleset'" in e) or where in e for e in errors)


def test_the_scenario_schema_knows_every_field_the_loader_reads() -> None:
    schema = _schema("scenario")["$defs"]["reversis"]
    assert set(schema["properties"]) == _FIELDS
    assert schema["additionalProperties"] is False
    assert schema["properties"]["bot"]["enum"] == sorted((*BOTS, *SEARCHING_BOTS))
    assert schema["properties"]["budget"]["maximum"] == MAX_BUDGET


@pytest.mark.parametrize("card", ["JH", "jh", "10H", "J♥", "♥J", "♥10", "SO", " TS "])
def test_the_card_pattern_takes_every_notation_the_loader_takes(card: str) -> None:
    assert _errors(_schema("scenario"), {"ruleset": "r", "plays": [card]}) == []


# -- the result schema -------------------------------------------------------------------------------

RESULT_SCENARIOS = [
    "{ruleset: encyclopedie-1765, seed: 3}",
    "{ruleset: encyclopedie-1765, seed: 5, bot: random, pool: 6, betes: [{seat: 2, amount: 4}]}",
    "{ruleset: encyclopedie-1765, options: {players: 5, talon: {5: 7}}, dealer: 2, seed: 11, bot: random}",
    "{ruleset: encyclopedie-1765, options: {keep_tens: true, talon: {4: 7}}, seed: 2, bot: random}",
]


def _results() -> list[Any]:
    cases = [pytest.param(text, id=f"scenario-{i}") for i, text in enumerate(RESULT_SCENARIOS)]
    cases += [pytest.param(path.read_text(encoding="utf-8"), id=path.stem) for path in EXAMPLES]
    rng = random.Random(10)
    cases += [
        pytest.param(f"{{ruleset: encyclopedie-1765, seed: {rng.randrange(10**6)}, bot: random}}", id=f"random-{i}")
        for i in range(8)
    ]
    return cases


@pytest.mark.parametrize("text", _results())
def test_the_result_of_a_hand_validates(text: str) -> None:
    data = result(run(parse_scenario(text, source="s")))
    assert _errors(_schema("result"), data) == []


def test_the_result_schema_is_open_to_new_fields_and_requires_the_contract() -> None:
    schema = _schema("result")["$defs"]["reversis"]
    assert schema["additionalProperties"] is True
    data = result(run(parse_scenario(RESULT_SCENARIOS[0], source="s")))
    assert set(schema["required"]) <= data.keys()
    assert set(schema["properties"]) == data.keys(), "a field of result() is missing from result.schema.json"
    romestecq = _schema("result")["$defs"]["romestecq"]
    scenario, hand = play_file(REPO / "examples" / "romestecq" / "virlicque.yaml")
    data = game_of(scenario.rules).result(hand)
    assert romestecq["additionalProperties"] is True
    assert set(romestecq["required"]) == set(romestecq["properties"]) == data.keys()


# -- the documentation -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["scenario", "result"])
@pytest.mark.parametrize("game", ["reversis", "romestecq"])
def test_docs_scenarios_md_describes_every_field_of_each_schema(name: str, game: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    if game == "romestecq":
        text = text[text.index("## Romestecq") :]
    missing = [field for field in _schema(name)["$defs"][game]["properties"] if f"`{field}`" not in text]
    assert not missing, f"docs/scenarios.md does not describe {missing}"


def test_the_readme_links_the_scenario_documentation() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "docs/scenarios.md" in readme
    assert "DESIGN.md" not in readme  # the README pointed to a file the repository does not contain

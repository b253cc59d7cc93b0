"""The JSON Schemas shipped for editors: every example scenario validates against the scenario schema,
the result of played hands against the result schema, and both agree with the loader and the docs."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema")

from reversis.core.ruleset import load_ruleset  # noqa: E402
from reversis.games.reversis.bots import BOTS  # noqa: E402
from reversis.games.reversis.result import dump_record, record, result  # noqa: E402
from reversis.games.reversis.scenario import _FIELDS, parse_scenario, run  # noqa: E402

from .conftest import REPO  # noqa: E402


def _game(path: Path) -> str:
    return load_ruleset(yaml.safe_load(path.read_text(encoding="utf-8"))["ruleset"]).game


# the examples of the game the scenario schema describes (Romestecq's scenario is documented in docs/scenarios.md)
EXAMPLES = sorted(p for p in (REPO / "examples").rglob("*.yaml") if _game(p) == "reversis")
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


def test_there_are_examples_to_validate() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_scenario_validates(path: Path) -> None:
    assert _errors(_schema("scenario"), yaml.safe_load(path.read_text(encoding="utf-8"))) == []


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
    schema = _schema("scenario")
    assert set(schema["properties"]) == _FIELDS
    assert schema["additionalProperties"] is False
    assert schema["properties"]["bot"]["enum"] == sorted(BOTS)


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
    schema = _schema("result")
    assert schema["additionalProperties"] is True
    data = result(run(parse_scenario(RESULT_SCENARIOS[0], source="s")))
    assert set(schema["required"]) <= data.keys()
    assert set(schema["properties"]) == data.keys(), "a field of result() is missing from result.schema.json"


# -- the documentation -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["scenario", "result"])
def test_docs_scenarios_md_describes_every_field_of_each_schema(name: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [field for field in _schema(name)["properties"] if f"`{field}`" not in text]
    assert not missing, f"docs/scenarios.md does not describe {missing}"


def test_the_readme_links_the_scenario_documentation() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "docs/scenarios.md" in readme
    assert "DESIGN.md" not in readme  # the README pointed to a file the repository does not contain

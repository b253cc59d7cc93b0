"""Generated scenarios, plausible and absurd, through ``reversis play``: exit status 0 or 2, never a traceback.

Each example is written to a file and played through ``reversis.apps.cli.main`` in this process;
anything but a clean 0 (with output) or a one-line error with status 2 fails, and so does an
exception escaping ``main``. A CPU-time alarm catches a hand that would not end.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reversis import FRENCH, load_ruleset
from reversis.apps.cli import main

RULES = load_ruleset("encyclopedie-1765")
CARDS = [*FRENCH.names(FRENCH.cards(keep_tens=True)), "10H", "♥2", "2♥", "jh", "ZZ", "SO", ""]
FIELDS = ["options", "dealer", "hands", "talon", "exchange", "declarations", "plays", "bot", "seed", "pool", "betes"]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=60)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(CARDS)
)
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(scalars, inner, max_size=4),
    max_leaves=20,
)
cards = st.sampled_from(CARDS)
seats = st.integers(min_value=-1, max_value=6) | junk
seat_keys = st.integers(min_value=-1, max_value=6) | scalars


def _option_value(name: str) -> st.SearchStrategy[Any]:
    """Values near an option's domain (its default's shape, other sizes and kinds) or junk."""
    default = RULES.options[name].default
    near: st.SearchStrategy[Any]
    if isinstance(default, bool):
        near = st.booleans()
    elif isinstance(default, int):
        near = st.integers(min_value=-2, max_value=60)
    elif isinstance(default, str):
        near = st.sampled_from([*RULES.options[name].choices, *CARDS])
    elif isinstance(default, list):
        near = st.lists(st.sampled_from([*default, "points", "tricks", "placed", "x"]), max_size=7)
    else:
        near = st.dictionaries(st.sampled_from([*default, 3, 6, "Z"]), st.integers(-2, 60), max_size=3)
    return near | junk


options = st.lists(st.sampled_from(sorted(RULES.options)), max_size=4, unique=True).flatmap(
    lambda names: st.fixed_dictionaries({name: _option_value(name) for name in names})
)

plausible = {
    "options": options,
    "dealer": seats,
    "hands": st.dictionaries(seat_keys, st.lists(cards, max_size=13), max_size=5),
    "talon": st.lists(cards, max_size=8),
    "exchange": st.dictionaries(
        seat_keys, st.just("pass") | st.fixed_dictionaries({"discard": cards}) | junk, max_size=5
    ),
    "declarations": junk,
    "plays": st.lists(cards | st.fixed_dictionaries({"seat": seats, "card": cards}), max_size=50),
    "bot": st.sampled_from(["cautious", "random", "clever"]) | junk,
    "seed": st.integers(min_value=-1, max_value=10**6) | junk,
    "pool": st.integers(min_value=-1, max_value=100) | junk,
    "betes": st.lists(st.fixed_dictionaries({"seat": seats, "amount": st.integers(-1, 20) | junk}), max_size=3) | junk,
}

scenarios = st.fixed_dictionaries(
    {"ruleset": st.just("encyclopedie-1765") | junk},
    optional={name: plausible[name] | junk for name in FIELDS} | {"title": junk, "narrative": junk, "colour": junk},
)


# Scenarios that mostly reach the engine: a seeded deal, options near their domains, a few plays.
near_scenarios = st.fixed_dictionaries(
    {"ruleset": st.just("encyclopedie-1765"), "seed": st.integers(min_value=0, max_value=10**6), "options": options},
    optional={
        "dealer": st.integers(min_value=0, max_value=4),
        "bot": st.sampled_from(["cautious", "random"]),
        "pool": st.integers(min_value=0, max_value=30),
        "plays": st.lists(cards, max_size=3),
        "exchange": st.dictionaries(st.integers(0, 4), st.just("pass") | st.fixed_dictionaries({"discard": cards})),
    },
)


HANG_SECONDS = 30  # a hand takes milliseconds of CPU; a scenario that uses this much hangs


def _hang(signum: int, frame: object) -> None:
    raise TimeoutError(f"the scenario used {HANG_SECONDS} s of CPU: it hangs")


def _play(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    # The profiling timer counts the CPU time of this process, not the clock: a busy machine does
    # not trip it, and it ends an example that would never end.
    previous = signal.signal(signal.SIGPROF, _hang)
    signal.setitimer(signal.ITIMER_PROF, HANG_SECONDS)
    try:
        status = main(["play", str(path), "--json"])
    except SystemExit as exc:  # argparse only; a scenario never makes it exit
        pytest.fail(f"SystemExit({exc.code}) on:\n{text}")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    out, err = capsys.readouterr()
    assert status in (0, 2), text
    if status == 0:
        assert out and not err, text
    else:
        assert not out, text
        assert err.startswith("reversis: error: ") and err.count("\n") == 1, err + text
        assert "Traceback" not in err


FUZZ = settings(
    max_examples=200,
    deadline=None,  # the clock depends on the machine's load; the CPU timer above catches a hang
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(data=scenarios)
def test_generated_scenarios_exit_0_or_2_without_a_traceback(
    data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(tmp_path, yaml.safe_dump(data, allow_unicode=True), capsys)


@FUZZ
@given(data=near_scenarios)
def test_generated_scenarios_near_the_domains_exit_0_or_2_without_a_traceback(
    data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(tmp_path, yaml.safe_dump(data, allow_unicode=True), capsys)


@FUZZ
@given(text=st.text(max_size=300) | st.text(alphabet="[]{}:,-&*!|>'\"#\n ?%@`ab12", max_size=200))
def test_generated_text_exits_0_or_2_without_a_traceback(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(tmp_path, "ruleset: encyclopedie-1765\n" + text, capsys)

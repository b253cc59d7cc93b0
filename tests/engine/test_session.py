"""``reversis sitting`` (formerly ``reversis session``): a sitting of many hands, printed as a table,
as JSON, recorded and replayed, and every bad sitting file or flag refused with one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reversis import ruleset_ids
from reversis.apps.cli import main
from reversis.apps.sitting import MAX_HANDS, load_sitting, parse_sitting, play_sitting
from reversis.games.reversis.result import result
from reversis.games.reversis.scenario import parse_scenario, run
from reversis.games.reversis.sitting import standing

from .conftest import PLAYED, WriteScenario

SITTING = "sitting:\n  ruleset: encyclopedie-1765\n  first_dealer: 2\n  hands: 9\n  seed: 7\n  bot: random\n"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" or PLAYED.fullmatch(err), err  # simulate and session say how fast they played
    return out


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    return json.loads(_run(argv, capsys))


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# -- the table ------------------------------------------------------------------------------------


def test_the_table_has_a_line_per_hand_and_the_standing(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SITTING)
    out = _run(["sitting", str(path)], capsys)
    hands = play_sitting(load_sitting(path))
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["hand", "dealer", "won"])
    rows = lines[header + 1 : header + 1 + len(hands)]
    running = [0] * hands[0].players
    # the players are named by their place in the first hand, which seat 2 deals
    names = {2: "Dealer", 3: "Eldest hand", 0: "Second hand", 1: "Third hand"}
    for number, (hand, row) in enumerate(zip(hands, rows, strict=True), start=1):
        assert row.split()[0] == str(number)
        assert row[len(f"{number:>4}") :].lstrip().startswith(names[hand.dealer])
        running = [t + b for t, b in zip(running, hand.ledger.balances(), strict=True)]
        for balance, total in zip(hand.ledger.balances(), running, strict=True):
            assert f"{balance:+d} ({total:+d})" in row
    assert [hand.dealer for hand in hands] == [2, 3, 0, 1, 2, 3, 0, 1, 2]
    assert "Players are named by their place in the first hand (Dealer, Eldest hand, Second hand, Third hand)" in out
    assert "The first dealer is seat: 2 of the file." in out
    places = lines[lines.index(next(line for line in lines if line.startswith("Standing after 9 hands"))) + 1 :]
    assert len(places) == hands[0].players
    for line, place in zip(places, standing(hands), strict=True):
        expected = [f"{place['rank']}.", *names[place["seat"]].split(), f"{place['total']:+d}"]
        assert line.split()[: len(expected)] == expected


def test_the_table_names_what_happened(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["sitting", "--ruleset", "encyclopedie-1765", "--hands", "8", "--seed", "7"], capsys)
    # seed 7 with the cautious bot: the quinola is placed and the pool won, a bête is made and paid in
    # seat 0 deals the first hand: seat 2 is its second hand
    said = (
        "quinola placed by Second hand; pool 8 to Second hand: the quinola placed wins the pool [quinola.placed.pool]"
    )
    assert said in out
    assert "bête 8 owed by Dealer" in out
    assert "bête 8 paid in by Dealer" in out
    assert "still owes the pool a bête of 8" in out


def test_flags_and_a_file_give_the_same_sitting(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SITTING)
    from_file = _json(["sitting", str(path), "--json"], capsys)
    argv = ["sitting", "--hands", "9", "--seed", "7", "--bot", "random", "--first-dealer", "2", "--json"]
    assert _json([*argv, "--ruleset", "encyclopedie-1765"], capsys) == from_file


def test_options_are_given_with_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sitting", "--ruleset", "encyclopedie-1765", "--hands", "5", "--json"]
    data = _json([*argv, "--option", "players=5", "--option", "talon={5: 7}"], capsys)
    assert data["sitting"]["players"] == 5
    assert data["sitting"]["options"]["players"] == 5
    assert [hand["result"]["dealer"] for hand in data["hands"]] == [0, 1, 2, 3, 4]


# -- JSON ---------------------------------------------------------------------------------------


def test_json_has_each_hand_result_the_totals_and_the_standing(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SITTING)
    data = _json(["sitting", str(path), "--json"], capsys)
    hands = play_sitting(load_sitting(path))
    assert data.keys() == {"sitting", "hands", "totals", "pool", "betes", "standing"}
    assert data["sitting"] == {
        "ruleset": "encyclopedie-1765",
        "options": {},
        "players": 4,
        "first_dealer": 2,
        "hands": 9,
        "seed": 7,
        "bot": "random",
    }
    assert [h["result"] for h in data["hands"]] == [json.loads(json.dumps(result(hand))) for hand in hands]
    assert [h["pool_after"] for h in data["hands"]] == [hand.pool for hand in hands]
    assert data["standing"] == standing(hands)
    assert sum(data["totals"].values()) + data["pool"]["after"] - data["pool"]["before"] == 0


def test_hand_i_is_the_scenario_dealt_from_seed_plus_i(write_scenario: WriteScenario) -> None:
    hands = play_sitting(load_sitting(write_scenario(SITTING)))
    for i, hand in enumerate(hands):
        betes = "".join(f"{{seat: {s}, amount: {a}}}," for s, a, _ in hand.betes_before)
        text = (
            f"{{ruleset: encyclopedie-1765, dealer: {hand.dealer}, seed: {7 + i}, bot: random, "
            f"pool: {hand.pool_before}, betes: [{betes}]}}"
        )
        alone = run(parse_scenario(text, source="<hand>"))
        assert alone.ledger.entries == hand.ledger.entries


# -- the record ---------------------------------------------------------------------------------


def test_a_recorded_sitting_replays_to_the_same_output(
    write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SITTING)
    out = tmp_path / "sitting.yaml"
    table = _run(["sitting", str(path), "--record", str(out)], capsys)
    assert _run(["sitting", str(out)], capsys) == table
    assert _json(["sitting", str(out), "--json"], capsys) == _json(["sitting", str(path), "--json"], capsys)
    sitting = load_sitting(out)
    assert sitting.records is not None and len(sitting.records) == 9
    # each hand's document is a scenario that `reversis play` replays on its own
    documents = out.read_text(encoding="utf-8").split("\n--- ")
    assert len(documents) == 10
    hand_5 = run(parse_scenario(documents[5].split("\n", 1)[1], source="<hand 5>"))
    assert hand_5.ledger.entries == play_sitting(sitting)[4].ledger.entries


def test_a_recorded_sitting_carries_the_betes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sitting.yaml"
    _run(["sitting", "--ruleset", "encyclopedie-1765", "--hands", "8", "--seed", "7", "--record", str(out)], capsys)
    text = out.read_text(encoding="utf-8")
    assert "betes:\n- {seat: 0, amount: 8}" in text
    assert standing(play_sitting(load_sitting(out)))[0] == {"rank": 1, "seat": 1, "total": 24, "betes_owed": 8}


def test_a_scenario_file_is_a_sitting_of_one_hand(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario("ruleset: encyclopedie-1765\nseed: 3\ndealer: 1\n")
    data = _json(["sitting", str(path), "--json"], capsys)
    alone = run(parse_scenario(path.read_text(encoding="utf-8"), source="<hand>"))
    assert len(data["hands"]) == 1
    assert data["hands"][0]["result"] == json.loads(json.dumps(result(alone)))


def test_the_record_never_overwrites_the_sitting(
    write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_scenario(SITTING)
    assert "overwrite" in _error(["sitting", str(path), "--record", str(path)], capsys)
    assert path.read_text(encoding="utf-8") == SITTING


def test_a_record_to_an_unwritable_place_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(
        ["sitting", "--ruleset", "encyclopedie-1765", "--hands", "2", "--record", str(tmp_path / "no" / "such.yaml")],
        capsys,
    )
    assert "cannot be written" in err


# -- errors -------------------------------------------------------------------------------------


def _recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    out = tmp_path / "recorded.yaml"
    _run(["sitting", "--ruleset", "encyclopedie-1765", "--hands", "3", "--seed", "7", "--record", str(out)], capsys)
    return out.read_text(encoding="utf-8")


BAD_SITTINGS = {
    "empty": ("", ":1: a sitting file begins"),
    "a list": ("- 1\n", ":1: a sitting file begins"),
    "unknown top field": (
        "sitting: {ruleset: encyclopedie-1765, hands: 2}\nplayers: 4\n",
        ":2: players: unknown field",
    ),
    "sitting not a mapping": ("sitting: 3\n", ":1: sitting: expected a mapping"),
    "unknown field": (SITTING + "  colour: red\n", ":7: sitting.colour: unknown field"),
    "no ruleset": ("sitting: {hands: 2}\n", ":1: sitting.ruleset: missing"),
    "unknown ruleset": ("sitting:\n  ruleset: whist\n  hands: 2\n", ":2: sitting.ruleset: unknown ruleset 'whist'"),
    "bad option": (
        "sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  options:\n    players: 6\n",
        ":5: sitting.options.players: 6 is not allowed",
    ),
    "unknown option": (
        "sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  options: {colour: red}\n",
        ":4: sitting.options.colour: unknown option 'colour'",
    ),
    "options that do not fit": (
        "sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  options: {players: 5, keep_tens: true}\n",
        ":4: sitting.options: ",
    ),
    "no hands": ("sitting: {ruleset: encyclopedie-1765}\n", "sitting.hands: missing"),
    "too many hands": (
        f"sitting:\n  ruleset: encyclopedie-1765\n  hands: {MAX_HANDS + 1}\n",
        f":3: sitting.hands: {MAX_HANDS + 1}: the number of hands must be a whole number from 1 to {MAX_HANDS}",
    ),
    "no hand": ("sitting:\n  ruleset: encyclopedie-1765\n  hands: 0\n", ":3: sitting.hands: 0"),
    "hands as text": ("sitting:\n  ruleset: encyclopedie-1765\n  hands: many\n", ":3: sitting.hands: many: the number"),
    "dealer not a seat": (
        "sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  first_dealer: 4\n",
        ":4: sitting.first_dealer: 4 is not a seat (0..3)",
    ),
    "negative seed": ("sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  seed: -1\n", ":4: sitting.seed: -1"),
    "unknown bot": (
        "sitting:\n  ruleset: encyclopedie-1765\n  hands: 2\n  bot: clever\n",
        ":4: sitting.bot: unknown bot",
    ),
    "an alias": ("sitting: &s {ruleset: encyclopedie-1765, hands: 2}\n", ":1: sitting: anchors (&s)"),
    "malformed": ("sitting: {ruleset: encyclopedie-1765, hands: 2\n", "malformed YAML"),
    "empty document": (SITTING + "---\n", ":7: an empty document"),
    "bad hand document": (
        SITTING + "--- # hand 1\nruleset: encyclopedie-1765\nseed: x\n",
        ":9: hand 1: seed: x is not allowed",
    ),
    "malformed hand": (SITTING + "---\nruleset: [\n", ":9: malformed YAML"),
    "hands miscounted": (
        SITTING + "---\nruleset: encyclopedie-1765\n",
        ":4: sitting.hands: the sitting has 9 hands but",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_SITTINGS))
def test_a_bad_sitting_is_one_line_naming_file_and_line(
    name: str, write_scenario: WriteScenario, capsys: pytest.CaptureFixture[str]
) -> None:
    text, expected = BAD_SITTINGS[name]
    path = write_scenario(text, "bad.yaml")
    err = _error(["sitting", str(path)], capsys)
    assert err.startswith(f"reversis: error: {path}:"), err
    assert expected in err, err


# (the text replaced, its replacement, the error, the words on the line the error names)
EDITS = {
    "wrong dealer": ("dealer: 1\n", "dealer: 3\n", "hand 2: dealer: seat 3 deals, but seat 1 should", "dealer: 3"),
    "wrong pool": ("dealer: 1\n", "dealer: 1\npool: 5\n", "hand 2: pool: 5, but the hand before left 0", "pool: 5"),
    "other options": (
        "dealer: 2\n",
        "dealer: 2\noptions: {revoke_penalty: fine}\n",
        "hand 3: options: differ",
        "options:",
    ),
    "illegal play": ("plays: [", "plays: [AS, ", "hand 1: plays[0] (trick 1)", "plays: [AS, "),
    "first dealer": ("first_dealer: 0\n", "first_dealer: 1\n", "hand 1: dealer: seat 0 deals, but seat 1", "dealer: 0"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_an_edited_record_is_refused_with_its_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _recorded(tmp_path, capsys)
    old, new, expected, on_line = EDITS[name]
    assert old in text
    edited = text.replace(old, new, 1)
    path = tmp_path / "edited.yaml"
    path.write_text(edited, encoding="utf-8")
    err = _error(["sitting", str(path)], capsys)
    assert expected in err, err
    line = int(err.split(f"{path}:")[1].split(":")[0])
    assert on_line in edited.splitlines()[line - 1]


R = ["--ruleset", "encyclopedie-1765"]
BAD_FLAGS = {
    "flag with a file": (["--hands", "3", "FILE"], "--hands is for a sitting dealt from the command line"),
    "too many hands": ([*R, "--hands", str(MAX_HANDS + 1)], f"it must be a whole number from 1 to {MAX_HANDS}"),
    "no hands": ([*R, "--hands", "0"], "0 is not allowed"),
    "unknown ruleset": (["--ruleset", "whist"], "invalid choice: 'whist'"),
    "unknown bot": ([*R, "--bot", "clever"], "invalid choice: 'clever'"),
    "option without a value": ([*R, "--option", "players"], "--option players: expected NAME=VALUE"),
    "option not allowed": ([*R, "--option", "players=6"], "--option players: 6 is not allowed"),
    "unknown option": ([*R, "--option", "colour=red"], "--option colour: unknown option 'colour'"),
    "malformed option": ([*R, "--option", "talon={5: 7"], "malformed YAML"),
    "dealer not a seat": ([*R, "--first-dealer", "4"], "--first-dealer: 4 is not a seat (0..3)"),
    "missing file": (["NOFILE"], "cannot be read"),
}


@pytest.mark.parametrize("name", sorted(BAD_FLAGS))
def test_bad_flags_are_one_line(
    name: str, write_scenario: WriteScenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, expected = BAD_FLAGS[name]
    path = write_scenario(SITTING)
    argv = [str(path) if a == "FILE" else str(tmp_path / "none.yaml") if a == "NOFILE" else a for a in argv]
    err = _error(["sitting", *argv], capsys)
    assert expected in err, err


def test_without_a_file_the_ruleset_is_needed_once_there_are_several(capsys: pytest.CaptureFixture[str]) -> None:
    if len(ruleset_ids()) > 1:
        assert "give a sitting file or --ruleset" in _error(["sitting", "--hands", "2"], capsys)
    else:
        assert "Standing after 2 hands" in _run(["sitting", "--hands", "2"], capsys)


def test_a_file_too_big_is_refused_before_it_is_read_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from reversis.apps.sitting import MAX_FILE_BYTES

    path = tmp_path / "big.yaml"
    path.write_bytes(SITTING.encode() + b"#" * MAX_FILE_BYTES)
    assert "MiB" in _error(["sitting", str(path)], capsys)


def test_a_file_not_utf8_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(SITTING.encode() + "# Encyclopédie\n".encode("latin-1"))
    assert ":7: is not UTF-8 text" in _error(["sitting", str(path)], capsys)


def test_the_help_documents_the_file_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["sitting", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for word in ("sitting:", "first_dealer", "seed + i", "--record", "--option", "eldest"):
        assert word in out


@pytest.mark.parametrize("ruleset", ruleset_ids("reversis"))
def test_every_ruleset_plays_a_sitting(ruleset: str) -> None:
    sitting = parse_sitting(f"sitting: {{ruleset: {ruleset}, hands: 6, seed: 1}}", source="<test>")
    hands = play_sitting(sitting)
    assert len(hands) == 6
    assert sum(place["total"] for place in standing(hands)) + hands[-1].pool - hands[0].pool_before == 0


def test_the_old_command_name_still_plays_and_says_the_new_one(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--ruleset", "encyclopedie-1765", "--hands", "2", "--seed", "7"]
    assert main(["session", *argv]) == 0
    old = capsys.readouterr()
    assert main(["sitting", *argv]) == 0
    new = capsys.readouterr()
    assert old.out == new.out and "Standing after 2 hands" in new.out
    said = old.err.splitlines()
    assert said[0] == "reversis: `reversis session` is now `reversis sitting`"
    assert len(said) == len(new.err.splitlines()) + 1 and said[1].startswith("2 hands played in ")

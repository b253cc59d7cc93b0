"""Long measurements (``reversis.apps.runs``): chunks kept and resumed without measuring one twice,
a lost worker, Ray's figures the same as local processes', and bad input as one line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from reversis.apps.cli import main
from reversis.apps.measure import Comparison, Tally, chunk_key, measure
from reversis.apps.runs import ChunkStore, Meter, Ray, gaps, run_local, write_whole

ENC = "encyclopedie-1765"
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.append(str(SCRIPTS))
COMPARED = Comparison(ENC, "quinola_forced_each", ("forcer-from-others", "holder-to-all"))


class Stop(Exception):
    """Raised by a progress callback: the run stops there, as on Ctrl-C."""


def test_a_stopped_run_resumes_where_it_stopped_and_measures_no_chunk_twice(tmp_path: Path) -> None:
    [plain] = measure([COMPARED], hands=60, seed=5, bot="random")
    played: list[int] = []

    def stop_after_three(hands: int, *, resumed: bool = False) -> None:
        played.append(hands)
        if len(played) == 3:
            raise Stop

    with pytest.raises(Stop):
        measure([COMPARED], hands=60, seed=5, bot="random", jobs=1, keep=tmp_path, progress=stop_after_three)
    store = ChunkStore(tmp_path, chunk_key([COMPARED], seed=5, bot="random"))
    kept = store.kept()
    assert len(kept) == 3 and sum(b - a for a, b in kept) * 2 == sum(played)  # each hand under 2 readings

    again: list[tuple[int, bool]] = []
    [resumed] = measure(
        [COMPARED],
        hands=60,
        seed=5,
        bot="random",
        jobs=1,
        keep=tmp_path,
        progress=lambda hands, resumed=False: again.append((hands, resumed)),
    )
    assert resumed == plain
    assert sum(h for h, r in again if r) == sum(played)  # the kept chunks are read, not played
    assert sum(h for h, r in again if not r) == 2 * 60 - sum(played)  # the rest is played once
    assert gaps(60, store.kept()) == []


def test_more_hands_later_measure_only_the_new_ones(tmp_path: Path) -> None:
    measure([COMPARED], hands=30, seed=2, bot="random", jobs=1, keep=tmp_path)
    seen: list[tuple[int, bool]] = []
    [tally] = measure(
        [COMPARED],
        hands=50,
        seed=2,
        bot="random",
        keep=tmp_path,
        progress=lambda h, resumed=False: seen.append((h, resumed)),
    )
    assert tally == measure([COMPARED], hands=50, seed=2, bot="random")[0]
    assert sum(h for h, r in seen if not r) == 2 * 20


def test_chunks_of_another_measurement_or_half_written_are_not_read(tmp_path: Path) -> None:
    store = ChunkStore(tmp_path, chunk_key([COMPARED], seed=5, bot="random"))
    other = ChunkStore(tmp_path, chunk_key([COMPARED], seed=6, bot="random"))
    assert store.folder != other.folder
    tally = Tally.empty([["a"], ["a"]])
    store.keep(0, 10, [tally.as_data()])
    store.keep(5, 15, [tally.as_data()])  # overlaps the first: never added twice
    (store.folder / ".20-30.json.123.partial").write_text("{", encoding="utf-8")  # a write cut short
    assert list(store.kept()) == [(0, 10)]
    store.clear()
    assert store.kept() == {}


def test_a_file_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "result.json"
    write_whole(path, "old\n")

    def broken(src: Any, dst: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_whole(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n" and [p.name for p in tmp_path.iterdir()] == ["result.json"]


def _dies_once(piece: tuple[str, int]) -> int:
    """A chunk whose worker dies the first time it takes piece 3 (as a worker killed out of memory)."""
    marker, k = piece
    if k == 3 and not Path(marker).exists():
        Path(marker).write_text("died", encoding="utf-8")
        os._exit(1)
    return k * k


def test_the_chunks_of_a_lost_worker_go_to_new_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got: list[int] = []
    work = [(str(tmp_path / "died"), k) for k in range(8)]
    run_local(_dies_once, work, jobs=2, collect=lambda piece, result: got.append(result))
    assert sorted(got) == [k * k for k in range(8)]  # each collected once
    assert "a worker process was lost" in capsys.readouterr().err


def test_the_progress_says_hands_rate_and_time_left(tmp_path: Path) -> None:
    with (tmp_path / "log").open("w") as log:
        meter = Meter(1000, every=0, stream=log)
        meter(200, resumed=True)
        meter(100)
    lines = (tmp_path / "log").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("200 of 1,000 hands (200 kept from before), 0.0 hands/s, about unknown left")
    assert lines[1].startswith("300 of 1,000 hands") and "hands/s, about " in lines[1] and lines[1].endswith(" left")


def test_ray_is_asked_by_the_option_or_by_ray_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert Ray.asked(None, 2) is None
    assert Ray.asked("local", 2) == Ray(None, 2)
    assert Ray.asked("auto", 2) == Ray("auto", 2)
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.1:6379")
    assert Ray.asked(None, 2) == Ray("10.0.0.1:6379", 2)


def _compare(*more: str) -> list[str]:
    return ["compare", "--ruleset", ENC, "--option", "quinola_forced_each", "--hands", "20", "--bot", "random", *more]


def test_ray_not_installed_is_one_line_and_keeps_what_was_measured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = tmp_path / "kept"
    store = ChunkStore(keep, chunk_key([COMPARED], seed=0, bot="random"))
    store.keep(0, 10, [measure([COMPARED], hands=10, seed=0, bot="random")[0].as_data()])
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    assert main([*_compare("--cluster", "--keep", str(keep))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Ray is not installed: pip install 'reversis[ray]'" in err
    assert list(store.kept()) == [(0, 10)]


@pytest.mark.slow  # importing Ray takes a few seconds
def test_a_cluster_that_does_not_answer_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(_compare("--cluster", f"127.0.0.1:{port}")) == 2
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1 and f"no Ray cluster answers at 127.0.0.1:{port}: start one with `ray start --head`" in err
    )


@pytest.mark.slow
def test_the_figures_are_the_same_with_a_local_ray_of_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seeds give the same figures, to the last digit, on local processes and as Ray tasks."""
    pytest.importorskip("ray")
    argv = ["compare", "--ruleset", ENC, "--option", "talon_payer", "--hands", "1500", "--bot", "cautious", "--json"]
    assert main([*argv, "--jobs", "2"]) == 0
    plain = capsys.readouterr().out
    assert main([*argv, "--jobs", "2", "--cluster"]) == 0
    on_ray = capsys.readouterr().out
    assert json.loads(plain)["hands"] == 1500 and on_ray == plain


def test_make_readings_with_an_unknown_option_or_argument_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from measure_readings import main as measure_readings

    assert measure_readings(["--hands", "4", "--option", "quinola_forced_eech", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--option quinola_forced_eech: no option of that name" in err
    assert "did you mean quinola_forced_each" in err.replace("'", "")
    with pytest.raises(SystemExit) as stopped:
        measure_readings(["--hands", "4", "--clutser"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.count("\n") == 1 and "unrecognized arguments: --clutser" in err
    assert not any(tmp_path.iterdir())


def _entry(option: str, shift: float) -> dict[str, Any]:
    seats = [{"label": "dealer", "sd": 2.0}, {"label": "pool", "sd": 1.0}]
    moved = [{"label": "dealer", "mean": shift}, {"label": "pool", "mean": 100.0}]
    return {"option": option, "readings": [{"seats": seats}, {"difference": moved}]}


def test_the_strong_player_measures_the_open_options_that_move_most_under_each_bot() -> None:
    from reversis.apps.readings import STRONG_TOP, contested, relative_shift, strong_plan

    open_options = contested(ENC)
    assert "quinola_forced_each" in open_options and "follow_suit" not in open_options
    assert relative_shift(_entry("x", -1.0)) == 0.5  # the pool is no player
    planned = {c.option for c in plan_of(ENC)}
    ranked = [o for o in open_options if o in planned][: 2 * STRONG_TOP + 1]
    shifts = {"cautious": list(range(len(ranked))), "random": list(range(len(ranked)))[::-1]}
    results = {
        (ENC, bot): {"comparisons": [_entry(o, s) for o, s in zip(ranked, shifts[bot], strict=True)]}
        for bot in ("cautious", "random")
    }
    results[ENC, "cautious"]["comparisons"].append(_entry("follow_suit", 99.0))  # not open: never taken
    chosen = [c.option for c in strong_plan(results)[ENC]]
    expected = set(ranked[-STRONG_TOP:]) | set(ranked[:STRONG_TOP])  # the top under each bot
    assert set(chosen) == expected and len(chosen) == 2 * STRONG_TOP


def plan_of(ruleset: str) -> list[Comparison]:
    from reversis.apps.readings import comparisons

    return comparisons(ruleset)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads the process tree from /proc")
def test_sigterm_stops_make_readings_keeps_its_chunks_and_ends_its_workers(tmp_path: Path) -> None:
    import signal
    import subprocess
    import time

    from .processes import alive, children, cpu_ticks

    argv = [sys.executable, str(SCRIPTS / "measure_readings.py"), "--ruleset", "romestecq", "--bot", "random"]
    argv += ["--option", "low_triche"]  # three readings: a chunk in a fraction of a second
    argv += ["--hands", "2000000", "--jobs", "2", "--out", str(tmp_path)]
    # Generous bounds: they end a test that would hang, never one that is slow on a busy machine.
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            workers: set[int] = set()
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and proc.poll() is None:
                workers = children(proc.pid)
                kept = list((tmp_path / ".partial").glob("*/*-*.json"))
                if len(workers) == 2 and all(cpu_ticks(w) > 0 for w in workers) and kept:
                    break
                time.sleep(0.05)
            assert len(workers) == 2 and kept, "make readings did not start its two workers or keep a chunk"
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 130 and err.rstrip().endswith("the same command goes on from there)"), err
    assert "Traceback" not in err
    deadline = time.monotonic() + 300
    while any(map(alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(alive, workers)), "a worker outlived make readings"
    assert list((tmp_path / ".partial").glob("*/*-*.json")) and not (tmp_path / "random").exists()

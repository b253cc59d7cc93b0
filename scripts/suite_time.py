"""How long ``make test`` takes, step by step, and its ten slowest tests.

    python scripts/suite_time.py            # in this checkout, the venv as it is
    python scripts/suite_time.py --fresh    # in a fresh clone of HEAD, setup included
    python scripts/suite_time.py --background   # as a background job: no terminal, SIGINT ignored
    python scripts/suite_time.py --all          # then the steps of make test-all: the whole CI check

Each step of ``make test`` (setup, lint, typecheck, unit, coverage) runs as ``make STEP`` and is
timed on the clock; pytest is asked for its ten slowest tests (``--durations=10``), which are
printed after the steps, and for a JUnit XML report, from which the time of each test file is
summed (setup, call and teardown of its tests, whichever worker ran them): the files that cost
the most come last. Each step's CPU time is given twice: that of every process of the machine
(from /proc/stat, Chromium's included; on a quiet machine, the step's) and that of the step's own
processes (from getrusage, this script adopting the processes whose parent ends first, so that
Chromium's are counted; it holds on a busy machine too). The exit status is make's: a failing step stops the run, as in
``make test``. ``--background`` starts each step the way ``make test &`` does in a shell, with
standard input from /dev/null, in a session of its own and with SIGINT ignored, so that a test
which depends on a terminal or on Ctrl-C reaching its children fails here as it would there.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STEPS = ("setup", "lint", "typecheck", "unit", "coverage")
# ``--all`` adds the steps that ``make test-all`` runs after ``make test`` (the CI script's second target).
ALL_STEPS = ("sweep", "mutants-all")
SLOWEST = re.compile(r"^\s*(\d+\.\d+)s (call|setup|teardown)\s+(\S.*)$")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def machine_cpu_seconds() -> float:
    """CPU seconds spent so far by every process of the machine (user, nice, system), from /proc/stat.

    This counts what the step's children cost (Chromium's processes included) and also whatever
    else the machine runs: on a quiet machine the two are the same."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return float("nan")
    user, nice, system = (int(v) for v in fields[:3])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


def adopt_orphans() -> None:
    """Make this script the "subreaper" of its descendants (Linux's PR_SET_CHILD_SUBREAPER): a process
    whose parent ends before it (Chromium's, once Playwright's driver has gone) is then handed to this
    script rather than to init, so that its CPU time is counted with the step's when it is reaped."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def reap_orphans() -> None:
    """Wait for every descendant handed to this script that has ended (see ``adopt_orphans``)."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def children_cpu_seconds() -> float:
    """CPU seconds of this script's finished descendants (user + system), from getrusage.

    Unlike /proc/stat, it is not changed by other work on the machine (but for what a busy machine
    adds to every process's time: caches shared, memory waited for); it counts a descendant once it
    has been waited for, which every process of a finished ``make`` step has been (``reap_orphans``)."""
    reap_orphans()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_step(step: str, *, cwd: Path, background: bool, junit: Path) -> tuple[float, int, str]:
    """``make STEP`` in ``cwd``: seconds on the clock, exit status, output."""
    target = ".venv/.installed-stamp" if step == "setup" else step
    extra = f" --durations=10 --junitxml={junit}"
    env = {**os.environ, "PYTEST_ADDOPTS": (os.environ.get("PYTEST_ADDOPTS", "") + extra).strip()}
    started = time.perf_counter()
    done = subprocess.run(
        ["make", "--no-print-directory", target],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=background,
        preexec_fn=_ignore_sigint if background else None,
        check=False,
    )
    return time.perf_counter() - started, done.returncode, done.stdout


def slowest(output: str, count: int = 10) -> list[str]:
    """The slowest tests that pytest listed (``--durations``), slowest first."""
    found = [(float(m.group(1)), m.group(0).strip()) for line in output.splitlines() if (m := SLOWEST.match(line))]
    return [text for _, text in sorted(found, reverse=True)[:count]]


def by_file(junit: Path) -> dict[str, float]:
    """Seconds spent in each test file, from pytest's JUnit XML report (empty if there is none)."""
    seconds: defaultdict[str, float] = defaultdict(float)
    if not junit.is_file():
        return seconds
    for case in ET.parse(junit).iter("testcase"):
        module = case.get("classname", "").split("[")[0]
        # "tests.site.test_browser" or "tests.site.test_browser.Class": the file's dotted path
        # (a doctest's is its module's: "reversis.hand")
        parts = [p for p in module.split(".") if p]
        tests = parts[: max((i + 1 for i, p in enumerate(parts) if p.startswith("test")), default=len(parts))]
        seconds["/".join(tests) + ".py" if tests else "(unknown)"] += float(case.get("time", 0))
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--fresh", action="store_true", help="time a fresh clone of HEAD, setup included")
    parser.add_argument("--background", action="store_true", help="run as a background job would")
    parser.add_argument("--all", action="store_true", help="also time the steps of make test-all (sweep, mutants-all)")
    parser.add_argument("--junit", type=Path, help="keep pytest's JUnit XML report of the unit step there")
    args = parser.parse_args(argv)
    adopt_orphans()
    with tempfile.TemporaryDirectory(prefix="reversis-suite-") as scratch:
        cwd = REPO
        junit = Path(scratch) / "junit.xml"
        if args.fresh:
            cwd = Path(scratch) / "clone"
            subprocess.run(["git", "clone", "--quiet", str(REPO), str(cwd)], check=True)
        times: list[tuple[str, float]] = []
        cpu: list[tuple[float, float]] = []
        outputs = []
        status = 0
        for step in STEPS + (ALL_STEPS if args.all else ()):
            if step == "setup" and not args.fresh and (cwd / ".venv" / ".installed-stamp").is_file():
                continue
            machine, children = machine_cpu_seconds(), children_cpu_seconds()
            step_junit = junit if step == "unit" else junit.with_name(f"junit-{step}.xml")
            seconds, status, output = run_step(step, cwd=cwd, background=args.background, junit=step_junit)
            times.append((step, seconds))
            cpu.append((machine_cpu_seconds() - machine, children_cpu_seconds() - children))
            outputs.append(output)
            if status != 0:
                print(output[-4000:], file=sys.stderr)
                print(f"make {step} failed (exit status {status})", file=sys.stderr)
                break
        files = by_file(junit)
        if args.junit and junit.is_file():
            args.junit.write_bytes(junit.read_bytes())
    where = "a fresh clone" if args.fresh else "this checkout"
    how = "as a background job" if args.background else "in the foreground"
    target = "make test, then make test-all" if args.all else "make test"
    print(f"{target}, {where}, {how}, {os.cpu_count()} cores:")
    print(f"  {'step':<10} {'wall':>9} {'CPU, machine':>14} {'CPU, the step':>14}")
    for (step, seconds), (machine, children) in zip(times, cpu, strict=True):
        print(f"  {step:<10} {seconds:7.1f} s {machine:12.0f} s {children:12.0f} s")
    total_machine, total_children = sum(m for m, _ in cpu), sum(c for _, c in cpu)
    print(f"  {'total':<10} {sum(s for _, s in times):7.1f} s {total_machine:12.0f} s {total_children:12.0f} s")
    print("  (CPU, machine: every process of the machine, from /proc/stat; CPU, the step: its own processes)")
    for (step, _), output in zip(times, outputs, strict=True):
        counts = [line.strip("= ") for line in output.splitlines() if re.search(r"\d+ passed", line)]
        if counts:
            print(f"  pytest ({step}): {counts[-1]}")
    print("the ten slowest tests:")
    for line in slowest("\n".join(outputs)):
        print(f"  {line}")
    if files:
        total = sum(files.values())
        print(f"where pytest's time goes (the sum over its workers, {total:.0f} s), the costliest files last:")
        for name, seconds in sorted(files.items(), key=lambda kv: kv[1])[-15:]:
            print(f"  {seconds:7.1f} s {100 * seconds / total:5.1f} %  {name}")
    return status


if __name__ == "__main__":
    sys.exit(main())

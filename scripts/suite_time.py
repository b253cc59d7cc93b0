"""How long ``make test`` takes, step by step, and its ten slowest tests.

    python scripts/suite_time.py            # in this checkout, the venv as it is
    python scripts/suite_time.py --fresh    # in a fresh clone of HEAD, setup included
    python scripts/suite_time.py --background   # as a background job: no terminal, SIGINT ignored

Each step of ``make test`` (setup, lint, typecheck, unit, coverage) runs as ``make STEP`` and is
timed on the clock; pytest is asked for its ten slowest tests (``--durations=10``), which are
printed after the steps, and for a JUnit XML report, from which the time of each test file is
summed (setup, call and teardown of its tests, whichever worker ran them): the files that cost
the most come last. The exit status is make's: a failing step stops the run, as in
``make test``. ``--background`` starts each step the way ``make test &`` does in a shell, with
standard input from /dev/null, in a session of its own and with SIGINT ignored, so that a test
which depends on a terminal or on Ctrl-C reaching its children fails here as it would there.
"""

from __future__ import annotations

import argparse
import os
import re
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
SLOWEST = re.compile(r"^\s*(\d+\.\d+)s (call|setup|teardown)\s+(\S.*)$")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="reversis-suite-") as scratch:
        cwd = REPO
        junit = Path(scratch) / "junit.xml"
        if args.fresh:
            cwd = Path(scratch) / "clone"
            subprocess.run(["git", "clone", "--quiet", str(REPO), str(cwd)], check=True)
        times: list[tuple[str, float]] = []
        outputs = []
        status = 0
        for step in STEPS:
            if step == "setup" and not args.fresh and (cwd / ".venv" / ".installed-stamp").is_file():
                continue
            seconds, status, output = run_step(step, cwd=cwd, background=args.background, junit=junit)
            times.append((step, seconds))
            outputs.append(output)
            if status != 0:
                print(output[-4000:], file=sys.stderr)
                print(f"make {step} failed (exit status {status})", file=sys.stderr)
                break
        files = by_file(junit)
    where = "a fresh clone" if args.fresh else "this checkout"
    how = "as a background job" if args.background else "in the foreground"
    print(f"make test, {where}, {how}, {os.cpu_count()} cores:")
    for step, seconds in times:
        print(f"  {step:<10} {seconds:7.1f} s")
    print(f"  {'total':<10} {sum(s for _, s in times):7.1f} s")
    counts = [line.strip("= ") for line in "\n".join(outputs).splitlines() if re.search(r"\d+ passed", line)]
    if counts:
        print(f"  pytest: {counts[-1]}")
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

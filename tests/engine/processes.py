"""Child processes the tests start and signal: started with SIGINT at its default, found, waited for."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

from .conftest import REPO


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found |= {int(child) for child in (task / "children").read_text().split()}
        except OSError:
            continue
    return found


def cpu_ticks(pid: int) -> int:
    """The CPU time a process has used so far, in clock ticks (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime and stime, fields 14 and 15 of proc(5)


def popen_with_default_sigint(argv: list[str]) -> subprocess.Popen[str]:
    """Start ``argv`` with SIGINT at its default disposition, whatever this process inherited.

    A job started in the background (``make test &``) inherits SIGINT ignored, and an ignored
    signal stays ignored across ``exec``: the child would never see the Ctrl-C the test sends. A
    handler, unlike an ignored signal, is reset to the default by ``exec``, so one is installed for
    the moment of the start (the test runs in the main thread, where Python takes signals).
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            argv,
            cwd=REPO,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended

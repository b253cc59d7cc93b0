"""Long measurements: chunks of seeded hands that are kept as they finish, run on local processes or
as Ray tasks, with their progress shown.

A measurement's hands ``0 … hands-1`` are cut into chunks (ranges of hands). Each chunk's result is
a pure function of its range, and the results of separate ranges add up, so that the totals do not
depend on where, in which order or in how many pieces the chunks ran. Three things follow:

- **Kept chunks.** A :class:`ChunkStore` writes each finished chunk's result to its own file, whole
  or not at all (a temporary file, then ``os.replace``). A run that stopped (Ctrl-C, a crash, a lost
  machine) and is started again with the same arguments reads the chunks kept and measures only the
  hands that none of them holds (:func:`gaps`): no chunk is measured twice.
- **Lost workers.** A local worker process that dies (killed, out of memory) breaks its pool; the
  chunks still to do are given to a new pool, a few times. Ray runs a task again on another worker
  when its worker or machine is lost.
- **Ray.** :func:`run_on_ray` runs the chunks as Ray tasks, on a local Ray started for the run or on
  a cluster started with Ray's own tools (``ray start``, ``ray up``). Ray is an optional extra
  (``pip install 'reversis[ray]'``), imported only there.

>>> gaps(10, [(0, 3), (5, 7)])
[(3, 5), (7, 10)]
>>> cut([(3, 5), (7, 30)], 10)
[(3, 5), (7, 17), (17, 27), (27, 30)]
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from reversis.core.errors import ReversisError

__all__ = ["ChunkStore", "Meter", "Ray", "cut", "engine_digest", "gaps", "run_local", "run_on_ray", "write_whole"]

T = TypeVar("T")
R = TypeVar("R")

#: How many times the chunks left are given to a new pool after a local worker was lost.
LOST_WORKERS = 3


def write_whole(path: Path, text: str) -> None:
    """Write a file whole or not at all: a temporary file beside it, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def gaps(hands: int, done: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges of ``0 … hands-1`` that no range of ``done`` covers."""
    out, at = [], 0
    for start, stop in sorted(done):
        if start > at:
            out.append((at, min(start, hands)))
        at = max(at, stop)
    if at < hands:
        out.append((at, hands))
    return [(a, b) for a, b in out if a < b]


def cut(ranges: Iterable[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """Each range cut into chunks of ``size`` hands at most."""
    return [(a, min(stop, a + size)) for start, stop in ranges for a in range(start, stop, size)]


def engine_digest() -> str:
    """A digest of the package's code and data (its ``.py`` and ``.yaml`` files): chunks kept by
    another engine are not this engine's."""
    import reversis

    root = Path(reversis.__file__).resolve().parent
    digest = hashlib.sha256(reversis.__version__.encode())
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".yaml")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class ChunkStore:
    """The finished chunks of one measurement, in ``folder/<digest of what it measures>/``: each
    chunk a file ``<start>-<stop>.json`` written whole (:func:`write_whole`), beside ``what.json``,
    the measurement it belongs to."""

    def __init__(self, folder: Path, what: Any) -> None:
        text = json.dumps(what, sort_keys=True, default=str, ensure_ascii=False)
        self.folder = folder / hashlib.sha256(text.encode()).hexdigest()[:20]
        self.what = text

    def kept(self) -> dict[tuple[int, int], Any]:
        """Every chunk kept, by its range (none when the folder is not there); the ranges do not overlap."""
        out: dict[tuple[int, int], Any] = {}
        if not self.folder.is_dir():
            return out
        covered: list[tuple[int, int]] = []
        found = []
        for path in self.folder.glob("*-*.json"):
            first, _, last = path.stem.partition("-")
            if first.isdigit() and last.isdigit():
                found.append((int(first), int(last), path))
        for start, stop, path in sorted(found):
            if any(start < b and a < stop for a, b in covered):
                continue  # another chunk holds some of these hands already
            out[start, stop] = json.loads(path.read_text(encoding="utf-8"))
            covered.append((start, stop))
        return out

    def keep(self, start: int, stop: int, result: Any) -> None:
        if not (self.folder / "what.json").is_file():
            write_whole(self.folder / "what.json", self.what + "\n")
        write_whole(self.folder / f"{start}-{stop}.json", json.dumps(result, separators=(",", ":")) + "\n")

    def clear(self) -> None:
        """The measurement is written: its chunks go."""
        shutil.rmtree(self.folder, ignore_errors=True)


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which ends the workers on the way out (with SIGTERM,
    at its default whatever handler the parent had)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _end(pool: ProcessPoolExecutor) -> None:
    """A pool ended at once: the chunks not started are dropped and its processes stopped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():  # a worker that took SIGTERM for something else
            process.kill()
            process.join()


def run_local(
    chunk: Callable[[T], R], work: Sequence[T], *, jobs: int, collect: Callable[[T, R], None], lost: int = LOST_WORKERS
) -> None:
    """``chunk`` applied to each piece of ``work`` on ``jobs`` processes (in this process if ``jobs``
    is 1); ``collect`` gets each piece and its result, in the order they finish. A pool whose worker
    was lost gives the pieces not collected to a new pool, ``lost`` times at most."""
    if jobs <= 1:
        for piece in work:
            collect(piece, chunk(piece))
        return
    left = list(work)
    for attempt in range(lost + 1):
        pool = ProcessPoolExecutor(jobs, initializer=_ignore_interrupts)
        try:
            # two pieces a worker at a time: an interruption finds few futures to wait on
            pieces = iter(enumerate(left))
            running: dict[Future[R], int] = {}
            finished: set[int] = set()
            try:
                for k, piece in itertools.islice(pieces, 2 * jobs):
                    running[pool.submit(chunk, piece)] = k
                while running:
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        k = running.pop(future)
                        collect(left[k], future.result())
                        finished.add(k)
                        for more, piece in itertools.islice(pieces, 1):
                            running[pool.submit(chunk, piece)] = more
            except BrokenProcessPool:
                left = [piece for k, piece in enumerate(left) if k not in finished]
                if attempt == lost:
                    raise ReversisError(
                        f"a worker process was lost {lost + 1} times; the chunks finished are kept: "
                        "run the same command again to measure the rest"
                    ) from None
                print(f"a worker process was lost: {len(left)} chunks go to new workers", file=sys.stderr)
                continue
            return
        finally:
            _end(pool)


@dataclass(frozen=True)
class Ray:
    """Where the chunks run as Ray tasks: ``address`` is a running Ray's (``host:port``, ``auto``,
    ``ray://host:port``), or None for a local Ray started for the run with ``workers`` processes."""

    address: str | None
    workers: int

    @classmethod
    def asked(cls, cluster: str | None, workers: int) -> Ray | None:
        """What ``--cluster`` asks (``local``: a Ray started for the run), or ``RAY_ADDRESS`` when it is not given."""
        if cluster is None:
            address = os.environ.get("RAY_ADDRESS")
            return cls(address, workers) if address else None
        return cls(None if cluster == "local" else cluster, workers)

    def describe(self) -> str:
        return f"Ray at {self.address}" if self.address else f"a local Ray of {self.workers} workers"


def _answers(address: str, seconds: float = 5.0) -> bool:
    """Whether something listens at ``host:port`` (``ray://host:port``); other forms are left to Ray."""
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit():
        return True
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=seconds):
            return True
    except OSError:
        return False


def _start_ray(where: Ray) -> Any:
    try:
        import ray
    except ImportError:
        raise ReversisError(
            "Ray is not installed: pip install 'reversis[ray]', or run without --cluster (and without RAY_ADDRESS)"
        ) from None
    todo = "start one with `ray start --head`, or give another with --cluster ADDRESS or RAY_ADDRESS"
    if where.address and not _answers(where.address):
        raise ReversisError(f"no Ray cluster answers at {where.address}: {todo}")
    env = {name: value for name, value in os.environ.items() if name.startswith("REVERSIS_")}
    options: dict[str, Any] = {"runtime_env": {"env_vars": env}} if env else {}
    if where.address is None:
        options.update(num_cpus=where.workers, include_dashboard=False, object_store_memory=100 * 2**20)
    here = os.getcwd()
    try:
        # Ray puts the directory it starts from on its workers' path: from a checkout, the package's
        # sources there would stand before the engine installed (compiled, say); it starts from elsewhere
        os.chdir(tempfile.gettempdir())
        with _quiet_stderr():  # Ray's own processes log there, a line a second while a cluster does not answer
            ray.init(address=where.address or "local", logging_level=logging.ERROR, log_to_driver=False, **options)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ReversisError(f"Ray could not start or connect ({first}): {todo}") from None
    finally:
        os.chdir(here)
    return ray


@functools.cache
def engine_here() -> str:
    """This process's engine: the digest of its code (:func:`engine_digest`) and whether it is compiled."""
    from reversis.core import chance

    return engine_digest() + ("" if chance.__file__.endswith(".py") else " compiled")


def _checked(chunk: Callable[[T], R], piece: T, engine: str) -> R:
    """A chunk run by a Ray worker whose engine is the driver's, else a one-line error."""
    if engine_here() != engine:
        raise ReversisError(
            f"a Ray worker runs another engine ({engine_here()}) than this one ({engine}): install this version of "
            "reversis, the same way, on every machine of the cluster"
        )
    return chunk(piece)


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error's file descriptor sent to nothing for a while (what Ray's C++ code writes there too)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as nothing:
            os.dup2(nothing.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def run_on_ray(chunk: Callable[[T], R], work: Sequence[T], *, where: Ray, collect: Callable[[T, R], None]) -> None:
    """``chunk`` applied to each piece of ``work`` as Ray tasks (at most two per processor of the
    cluster at a time, so that what is collected is kept as it comes); ``collect`` as for
    :func:`run_local`. A task whose worker or machine is lost is run again by Ray; on the way out
    (Ctrl-C too) Ray is shut down, which ends the tasks of a local Ray, and a cluster ends those of a
    driver gone."""
    ray = _start_ray(where)
    running: dict[Any, int] = {}
    try:
        task = ray.remote(max_retries=5)(_checked)
        engine = engine_here()
        window = max(2, 2 * int(ray.cluster_resources().get("CPU", where.workers)))
        pieces = iter(enumerate(work))
        left = list(work)

        def submit() -> None:
            for k, piece in pieces:
                running[task.remote(chunk, piece, engine)] = k
                if len(running) >= window:
                    return

        submit()
        while running:
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                k = running.pop(ref)
                collect(left[k], ray.get(ref))
            submit()
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, ReversisError):
            raise ReversisError(str(exc.cause)) from None
        raise
    finally:
        ray.shutdown()


class Meter:
    """The progress of a long run on standard error: hands done (of the total), hands per second
    and the time left, as a bar on a terminal, or else a line every ``every`` seconds (a run in the
    background writing to a log). Hands found kept from an earlier run count as done, not in the rate."""

    def __init__(self, total: int, *, every: float = 60.0, stream: Any = None) -> None:
        self.total, self.every, self.stream = total, every, stream or sys.stderr
        self.done = self.resumed = 0
        self.started = self.said = time.monotonic()
        self.bar: Any = None
        if getattr(self.stream, "isatty", lambda: False)():
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

            self.bar = tqdm(total=total, unit="hand", file=self.stream, dynamic_ncols=True)

    def __call__(self, hands: int, *, resumed: bool = False) -> None:
        self.done += hands
        if resumed:
            self.resumed += hands
        if self.bar is not None:
            self.bar.update(hands)
            if resumed and not self.bar.disable:
                self.bar.initial, self.bar.last_print_n = self.bar.initial + hands, self.bar.n
            return
        now = time.monotonic()
        if resumed or now - self.said >= self.every:
            self.said = now
            print(self.line(), file=self.stream, flush=True)

    def line(self) -> str:
        seconds = max(time.monotonic() - self.started, 1e-9)
        rate = (self.done - self.resumed) / seconds
        left = (self.total - self.done) / rate if rate else float("inf")
        kept = f" ({self.resumed:,} kept from before)" if self.resumed else ""
        when = "unknown" if left == float("inf") else _duration(left)
        return f"{self.done:,} of {self.total:,} hands{kept}, {rate:,.1f} hands/s, about {when} left"

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _duration(seconds: float) -> str:
    """
    >>> _duration(42), _duration(4000)
    ('42 s', '1 h 7 min')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"

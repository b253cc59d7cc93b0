"""An annotation's doctest as a page of the site runs it in the reader's browser (Pyodide): each
example's source, the output it wants and the output it got, run as the annotation suite runs it
(:mod:`reversis.annotations.doctests`: ``...`` matches anything, runs of whitespace compare equal).

>>> raises = ">>> int('x')\\nTraceback (most recent call last):\\nValueError: ...\\n"
>>> ran = run_doctest(">>> 1 + 1\\n2\\n>>> 1 / 0\\n0\\n" + raises)
>>> [(e["got"].splitlines()[-1], e["ok"]) for e in ran["examples"]], ran["failures"]
([('2', True), ('ZeroDivisionError: division by zero', False), ('ValueError: ...', True)], 1)
>>> run_doctest(">>>1")
{'error': "line 1 of the docstring for example lacks blank after >>>: '>>>1'"}
"""

from __future__ import annotations

import doctest
import json
import traceback
from io import StringIO
from typing import Any

__all__ = ["FLAGS", "run_doctest", "run_doctest_json"]

#: The flags of the annotation suite's runner.
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


class _Runner(doctest.DocTestRunner):
    """The standard runner, keeping what each example printed (or the last line of what it raised)."""

    def __init__(self) -> None:
        super().__init__(optionflags=FLAGS)
        self.seen: list[dict[str, Any]] = []

    def _keep(self, example: doctest.Example, got: str, ok: bool) -> None:
        if example.exc_msg is not None:  # an exception wanted: its last line, or the want itself when it agrees
            got = example.want if ok else (got.strip().splitlines() or [""])[-1]
        self.seen.append(
            {"source": example.source, "want": example.want, "got": got, "ok": ok, "line": example.lineno + 1}
        )

    def report_success(self, out: Any, test: doctest.DocTest, example: doctest.Example, got: str) -> None:
        self._keep(example, got, True)

    def report_failure(self, out: Any, test: doctest.DocTest, example: doctest.Example, got: str) -> None:
        self._keep(example, got, False)

    def report_unexpected_exception(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, exc_info: Any
    ) -> None:
        self.seen.append(
            {
                "source": example.source,
                "want": example.want,
                "got": traceback.format_exception_only(exc_info[0], exc_info[1])[-1].strip(),
                "ok": False,
                "line": example.lineno + 1,
            }
        )


def run_doctest(text: str, *, name: str = "example") -> dict[str, Any]:
    """Each example of a doctest run: ``{"examples": [{source, want, got, ok, line}], "failures",
    "tried"}``, or ``{"error": one line}`` for a text that is not a doctest."""
    try:
        test = doctest.DocTestParser().get_doctest(text, {}, name, None, 0)
    except ValueError as exc:  # an example badly indented, or no blank after ">>>"
        return {"error": " ".join(str(exc).split())}
    runner = _Runner()
    runner.run(test, out=StringIO().write, clear_globs=True)
    failures = sum(not s["ok"] for s in runner.seen)
    return {"examples": runner.seen, "failures": failures, "tried": len(test.examples)}


def run_doctest_json(text: str) -> str:
    """:func:`run_doctest` for a page's worker, as JSON text."""
    return json.dumps(run_doctest(text), ensure_ascii=False)

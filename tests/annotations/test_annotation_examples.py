"""Every annotation's example, run as a doctest named by the annotation id.

The examples are parsed and run by the standard library's :mod:`doctest`; a
failure names the annotation file and the line of the failing example.
"""

from __future__ import annotations

import doctest
from collections.abc import Iterator

import pytest

from reversis.annotations import Annotation, load_annotations

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _examples() -> Iterator[object]:
    for annotation in load_annotations():
        if annotation.example:
            yield pytest.param(annotation, annotation.example, annotation.example_line, id=annotation.id)
        for reading in annotation.readings:
            values = ",".join(f"{k}={v}" for k, v in reading.options.items())
            yield pytest.param(annotation, reading.example, reading.example_line, id=f"{annotation.id}[{values}]")


def run_example(annotation: Annotation, text: str, line: int) -> tuple[int, str]:
    """Run one example; return the number of failed examples and the runner's report."""
    test = doctest.DocTestParser().get_doctest(text, {}, annotation.id, annotation.file, line - 1)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    runner.run(test, out=report.append, clear_globs=True)
    return runner.failures, "".join(report)


@pytest.mark.parametrize(("annotation", "text", "line"), list(_examples()))
def test_example(annotation: Annotation, text: str, line: int) -> None:
    assert ">>>" in text, f"{annotation.file}:{line}: {annotation.id}: the example has no doctest"
    failures, report = run_example(annotation, text, line)
    if failures:
        pytest.fail(f"{annotation.file}:{line}: {annotation.id}: the example fails\n{report}", pytrace=False)

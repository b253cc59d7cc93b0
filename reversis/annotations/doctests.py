"""Running the annotations' examples as doctests, with the standard library's :mod:`doctest`."""

from __future__ import annotations

import doctest
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from reversis.annotations.model import Annotation

__all__ = ["FLAGS", "Example", "examples", "run_example"]

#: ``...`` matches anything; runs of whitespace compare equal.
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Example:
    """One doctest of an annotation: its own example, or the example of one of its readings."""

    annotation: Annotation
    name: str  # the annotation id, with the reading's option values for a reading
    text: str
    line: int  # the line of the example's first line in its file


def examples(annotations: Iterable[Annotation]) -> Iterator[Example]:
    """Every example of these annotations, the readings' after the annotation's own."""
    for annotation in annotations:
        if annotation.example:
            yield Example(annotation, annotation.id, annotation.example, annotation.example_line)
        for reading in annotation.readings:
            values = ",".join(f"{k}={v}" for k, v in reading.options.items())
            yield Example(annotation, f"{annotation.id}[{values}]", reading.example, reading.example_line)


def run_example(example: Example, *, report: bool = True) -> tuple[int, str]:
    """Run one example; the number of its failed lines, and the runner's report of them.

    An exception the example does not expect counts as a failure, as in any doctest.
    """
    test = doctest.DocTestParser().get_doctest(
        example.text, {}, example.name, example.annotation.file, example.line - 1
    )
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out: list[str] = []
    runner.run(test, out=out.append if report else lambda _: None, clear_globs=True)
    return runner.failures, "".join(out)

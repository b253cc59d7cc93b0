"""Every annotation's example, run as a doctest named by the annotation id.

The examples are parsed and run by the standard library's :mod:`doctest`; a
failure names the annotation file and the line of the failing example.
"""

from __future__ import annotations

import pytest

from reversis.annotations import load_annotations
from reversis.annotations.doctests import Example, examples, run_example


@pytest.mark.parametrize("example", [pytest.param(e, id=e.name) for e in examples(load_annotations())])
def test_example(example: Example) -> None:
    where = f"{example.annotation.file}:{example.line}: {example.name}"
    assert ">>>" in example.text, f"{where}: the example has no doctest"
    failures, report = run_example(example)
    if failures:
        pytest.fail(f"{where}: the example fails\n{report}", pytrace=False)

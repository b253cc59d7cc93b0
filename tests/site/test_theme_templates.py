"""The theme's templates (``overrides/``) in filters and plain Jinja only.

Material for MkDocs 9 reaches its end of life in 2027, and the template engine of its successor has
none of Python's string or dict methods: a template that calls ``page.content.split(…)`` or
``meta.items()`` works with Jinja2 only because Jinja2 lets Python through. Every expression of
``overrides/`` (the theme's partials and the generated fragments, outside their ``{% raw %}``
blocks) is therefore written with filters (``| items``, ``| replace``) and plain Jinja syntax: no
method is called on a value.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_build import BUILD, REPO

OVERRIDES = BUILD / "overrides"  # the theme's templates and the generated fragments, as MkDocs reads them
RAW = re.compile(r"\{%-?\s*raw\s*-?%\}.*?\{%-?\s*endraw\s*-?%\}", re.DOTALL)
TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
STRING = re.compile(r"'[^']*'|\"[^\"]*\"")
# `.name(`: a method called on a value (a macro of an imported template is called as module[name]())
METHOD_CALL = re.compile(r"\.\s*([A-Za-z_]\w*)\s*\(")


def _templates() -> list[Path]:
    return sorted(OVERRIDES.rglob("*.html"))


def method_calls(template: str) -> list[tuple[int, str]]:
    """The method calls in the Jinja tags of a template, each as (line, the call's name).

    >>> method_calls("{{ a | items }}\\n{% set b = page.content.split('x') %}{% raw %}{{ c.d() }}{% endraw %}")
    [(2, 'split')]
    >>> method_calls("{{ '<!-- a.b() -->' ~ fragment[name]() }} {{ super() }}")
    []
    """
    found = []
    kept = RAW.sub(lambda m: "\n" * m.group(0).count("\n"), template)  # raw text is not template code
    for tag in TAG.finditer(kept):
        code = STRING.sub("''", tag.group(0))
        for call in METHOD_CALL.finditer(code):
            line = kept.count("\n", 0, tag.start()) + code.count("\n", 0, call.start()) + 1
            found.append((line, call.group(1)))
    return found


def test_the_theme_has_templates_to_check() -> None:
    names = {p.relative_to(OVERRIDES).as_posix() for p in _templates()}
    assert {"main.html", "partials/content.html"} <= names


@pytest.mark.parametrize("path", _templates(), ids=lambda p: p.relative_to(OVERRIDES).as_posix())
def test_a_theme_template_calls_no_method(path: Path) -> None:
    calls = method_calls(path.read_text(encoding="utf-8"))
    where = [f"{path.relative_to(REPO)}:{line}: .{name}(…)" for line, name in calls]
    assert not where, "methods called in the theme's templates (use a filter):\n" + "\n".join(where)


def test_the_check_finds_what_the_theme_used_to_call() -> None:
    before = (
        "{%- for name, value in page.meta.citation.items() %}\n"
        '{%- set parts = page.content.split("<!-- fragment ") %}\n'
        '{%- set name, rest = part.split(" -->", 1) %}'
    )
    assert method_calls(before) == [(1, "items"), (2, "split"), (3, "split")]

"""No function of the project's Python runs over 80 lines (its signature, docstring and body), as
ESLint's ``max-lines-per-function`` holds its JavaScript to 80 (``tests/site/test_js.py``): a
function longer than a screen is read in pieces, and the project's code is read by scholars."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: The most lines of one function.
MOST = 80
FOLDERS = ("reversis", "scripts", "tests")


def _python_files() -> list[Path]:
    files = [REPO / "setup.py"]
    for folder in FOLDERS:
        files += [p for p in sorted((REPO / folder).rglob("*.py")) if "node_modules" not in p.parts]
    return files


def long_functions(path: Path, most: int = MOST, *, root: Path = REPO) -> list[str]:
    """The functions of a file over ``most`` lines, each as ``file:line: name (n lines)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > most:
                out.append(f"{path.relative_to(root)}:{node.lineno}: {node.name} ({lines} lines)")
    return out


def test_no_function_runs_over_80_lines() -> None:
    found = [line for path in _python_files() for line in long_functions(path)]
    assert not found, "functions over 80 lines:\n" + "\n".join(found)


def test_the_check_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST))
    path = tmp_path / "probe.py"
    path.write_text(f"def short():\n    return 1\n\n\ndef long():\n{body}\n    return 0\n", encoding="utf-8")
    assert long_functions(path, root=tmp_path) == [f"probe.py:5: long ({MOST + 2} lines)"]


def test_the_limit_is_eslints() -> None:
    config = (REPO / "tests" / "site" / "js" / "eslint.config.mjs").read_text(encoding="utf-8")
    assert f'"max-lines-per-function": ["error", {{ max: {MOST},' in config

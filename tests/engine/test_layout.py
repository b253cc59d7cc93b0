"""The house rules of the package's layout: imports go one way (no module imports, at run time, a
module that imports it back, however far round; a module named in a string counts as imported),
and every module, and every script of scripts/, reads in one sitting.

The folders say what is shared: the core (``reversis.core``) imports no game and no application;
a game (``reversis.games.<name>``) imports the core and itself, never another game nor an
application; the list of games (``reversis.games``) imports the games; the applications
(``reversis.apps``) are above them all, and nothing below imports them.

An import under ``if TYPE_CHECKING:`` is for the type checker only and is not followed: a rules
module may name ``Hand`` in its annotations while ``hand`` imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "reversis"
#: The most lines of one module (``hand.py`` is the largest, the state machine of a hand).
MAX_LINES = 600


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(source: str) -> set[str]:
    """The package's modules that a module's ``source`` imports at run time (at the top or inside a
    function)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in MODULES:
                found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in MODULES)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.Constant) and node.value in MODULES:
            found.add(node.value)  # a module imported by its name (games.GAMES, importlib.import_module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_imports_go_one_way() -> None:
    # a package imports its submodules' names for its readers; a submodule importing its own package
    # (``from reversis import __version__``) is not a way back into the submodule
    graph = {
        name: {m for m in _imports(path.read_text(encoding="utf-8")) if not name.startswith(m + ".")}
        for name, path in MODULES.items()
    }
    assert _cycles(graph) == []


def test_the_check_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    tree = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from reversis.games.reversis.hand import Hand\n"
    assert "reversis.games.reversis.hand" not in _imports(tree)
    assert "reversis.games.reversis.hand" in _imports("def f():\n    from reversis.games.reversis.hand import Hand\n")
    assert "reversis.games.reversis.game" in _imports('GAMES = {"reversis": "reversis.games.reversis.game"}\n')
    assert _layer("reversis.games.romestecq.hand") == ("game", "romestecq")
    assert _forbidden("reversis.games.romestecq.result", "reversis.games.reversis.result")
    assert _forbidden("reversis.core.cards", "reversis.games.reversis.hand")
    assert _forbidden("reversis.games.reversis.hand", "reversis.apps.cli")
    assert not _forbidden("reversis.games.reversis.hand", "reversis.core.cards")
    assert _forbidden("reversis.annotations.coverage", "reversis.apps.web")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_reads_in_one_sitting(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{MODULES[name]}: {lines} lines"


@pytest.mark.parametrize("path", sorted((PACKAGE.parent / "scripts").rglob("*.py")), ids=lambda p: p.name)
def test_each_script_reads_in_one_sitting(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{path}: {lines} lines"


def _layer(module: str) -> tuple[str, str]:
    """Where a module stands: (the core, a game and its name, the list of games, an application, or elsewhere)."""
    parts = module.split(".")
    if parts[1:2] == ["core"]:
        return "core", ""
    if parts[1:2] == ["games"]:
        return ("game", parts[2]) if len(parts) > 2 else ("games", "")
    if parts[1:2] == ["apps"]:
        return "app", ""
    return "other", ""


def _forbidden(importer: str, imported: str) -> bool:
    """Whether the layout forbids ``importer`` to import ``imported`` (see the module's docstring)."""
    (low, game), (high, other) = _layer(importer), _layer(imported)
    if low == "core":
        return high in ("game", "games", "app")
    if low == "game":
        return (high == "game" and other != game) or high in ("games", "app")
    if low in ("games", "other"):  # the command's entry point (python -m reversis) is the apps' own
        return high == "app" and importer != "reversis.__main__"
    return False


def test_the_folders_say_what_is_shared() -> None:
    wrong = [
        f"{name} imports {imported}"
        for name, path in MODULES.items()
        for imported in sorted(_imports(path.read_text(encoding="utf-8")))
        if _forbidden(name, imported)
    ]
    assert wrong == []


def test_each_game_has_a_folder_and_the_package_root_holds_only_the_public_api() -> None:
    from reversis.games import GAMES

    assert sorted(game.name for game in GAMES) == sorted(
        p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()
    )
    root = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert root == ["__init__.py", "__main__.py", "romestecq.py"], root

"""The package's shape (issue #11): no import cycle, no file over 500 lines, phases named in
one place.

`state.py` must not reach `rules.py`: the rules act on the state, and a cycle between them is
what made the save checks depend on the rules module before.
"""

from __future__ import annotations

import ast
from pathlib import Path

import leafpile.games.under_the_leaves as package
from leafpile.games.under_the_leaves.state import Phase

PACKAGE = package.__name__
FILES = {
    (PACKAGE if p.stem == "__init__" else f"{PACKAGE}.{p.stem}"): p
    for p in Path(package.__file__).parent.glob("*.py")
}


def imports(path: Path) -> set[str]:
    """The package's modules that `path` imports anywhere (TYPE_CHECKING blocks and function
    bodies included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module in FILES:
            out.add(node.module)
            out.update(
                f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in FILES
            )
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in FILES)
    return out


def test_no_module_of_the_package_imports_itself_back():
    graph = {name: imports(path) - {name} for name, path in FILES.items()}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt == goal:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    cycles = [name for name in graph if reaches(name, name)]
    assert cycles == []
    assert not reaches(f"{PACKAGE}.state", f"{PACKAGE}.rules")


def test_no_file_is_over_500_lines():
    long = {p.name: n for p in FILES.values() if (n := len(p.read_text().splitlines())) > 500}
    assert long == {}


def test_phase_names_are_written_only_in_the_enum():
    for name, path in FILES.items():
        if name == f"{PACKAGE}.state":
            continue
        strings = {
            node.value
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        assert not strings & {p.value for p in Phase}, name

"""The server's floor plan holds: its rooms (the folders of `leafpile.server`) import each
other only downwards, in the order below; no module imports itself round a cycle (imports
inside functions and under TYPE_CHECKING count too); and no module uses another module's
private names. Every Python file of the source tree stays under 500 lines.

The checks read the source with `ast` (nothing is imported), and each is shown to fail on a
small package with one planted violation of each kind.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import leafpile
import leafpile.server

SERVER = Path(leafpile.server.__file__).parent
SRC = Path(leafpile.__file__).parent

#: The rooms from the top down. A room may import the rooms on lower lines only; the rooms
#: of one line never import each other. `app` is the assembly (`app.py` and the package's
#: `__init__`), `workers` the bot process pool, `errors` the refusals every room raises,
#: `metrics` the Prometheus metrics every room reports to.
ORDER: list[tuple[str, ...]] = [
    ("app",),
    ("http",),
    ("analysis", "players"),
    ("api",),
    ("tables",),
    ("store",),
    ("workers", "errors"),
    ("metrics",),
]

#: Underscored names of other libraries that are their documented public interface.
PUBLIC_UNDERSCORED = {("os", "_exit")}

MAX_LINES = 500


@dataclass(frozen=True)
class Module:
    name: str  # dotted
    path: Path
    room: str


def modules_of(root: Path, package: str) -> dict[str, Module]:
    """Every module under `root` (the folder of `package`), with its room: the first folder
    (or module) under the package; the package's own `__init__` is in room "app"."""
    out: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join([package, *parts])
        room = parts[0] if parts else "app"
        out[name] = Module(name, path, room)
    return out


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def imports_of(module: Module, known: dict[str, Module]) -> set[str]:
    """The modules of `known` that `module` imports, anywhere in it (module level, inside
    functions, under TYPE_CHECKING). `from p import m` names module `p.m` when there is one."""
    tree = ast.parse(module.path.read_text(), str(module.path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package
                package = module.name.split(".")
                if module.path.name != "__init__.py":
                    package.pop()
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    found.add(full)
                elif base in known:
                    found.add(base)
    found.discard(module.name)
    return found


def graph_of(root: Path, package: str) -> tuple[dict[str, Module], dict[str, set[str]]]:
    known = modules_of(root, package)
    return known, {name: imports_of(m, known) for name, m in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of `graph`: each strongly connected group of modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward_imports(
    known: dict[str, Module], graph: dict[str, set[str]], order: list[tuple[str, ...]]
) -> list[str]:
    """Every import of a room by a room that is not below it in `order` (or of an unknown
    room, or by one)."""
    level = {room: i for i, rooms in enumerate(order) for room in rooms}
    bad = []
    for name, targets in sorted(graph.items()):
        here = known[name].room
        for target in sorted(targets):
            there = known[target].room
            if there == here:
                continue
            if here not in level or there not in level or level[there] <= level[here]:
                bad.append(f"{name} ({here}) imports {target} ({there})")
    return bad


def private_uses(module: Module) -> list[str]:
    """Where `module` uses another module's private name: `from m import _x`, or `x._y`
    on anything but `self` or `cls` (an imported module, another object, a chain)."""
    tree = ast.parse(module.path.read_text(), str(module.path))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if _is_private(alias.name):
                    bad.append(f"{module.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if isinstance(owner, ast.Name) and (owner.id, node.attr) in PUBLIC_UNDERSCORED:
                continue
            bad.append(f"{module.name}:{node.lineno} uses {ast.unparse(node)}")
    return bad


def long_files(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text().splitlines())
        if lines >= MAX_LINES:
            out.append(f"{path.relative_to(root)}: {lines} lines")
    return out


# -- the server ----------------------------------------------------------------------------
def test_every_server_module_is_in_a_room_of_the_order():
    known = modules_of(SERVER, "leafpile.server")
    rooms = {m.room for m in known.values()}
    assert rooms == {room for line in ORDER for room in line}


def test_the_server_imports_have_no_cycle():
    _known, graph = graph_of(SERVER, "leafpile.server")
    assert "leafpile.server.tables.seating" in graph["leafpile.server.tables.manager"]
    assert cycles(graph) == []


def test_rooms_import_only_the_rooms_below_them():
    known, graph = graph_of(SERVER, "leafpile.server")
    assert upward_imports(known, graph, ORDER) == []


def test_no_server_module_uses_another_modules_private_names():
    known = modules_of(SERVER, "leafpile.server")
    assert [bad for m in known.values() for bad in private_uses(m)] == []


def test_every_python_file_of_the_source_is_under_500_lines():
    assert long_files(SRC) == []


# -- the checks catch what they look for ----------------------------------------------------
def _package(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / "pkg" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "pkg"


PLANTED = {
    "__init__.py": "",
    "top/__init__.py": "",
    "top/a.py": "from pkg.low import b\n\n\ndef go():\n    return b._hidden()\n",
    "low/__init__.py": "",
    "low/b.py": "def _hidden():\n    from pkg.top.a import go\n    return go\n",
    "low/c.py": (
        "from typing import TYPE_CHECKING\n\nfrom pkg.low.b import _hidden\n\n"
        "if TYPE_CHECKING:\n    from pkg.top import a\n\n\n"
        "def run(x):\n    x.manager._catch_up()\n    return _hidden\n"
    ),
    "low/d.py": "from . import b\n",
    "low/big.py": "x = 1\n" * MAX_LINES,
}


def test_the_checks_find_each_planted_violation(tmp_path):
    root = _package(tmp_path, PLANTED)
    known, graph = graph_of(root, "pkg")
    assert graph["pkg.low.d"] == {"pkg.low.b"}  # a relative import is followed
    assert cycles(graph) == [["pkg.low.b", "pkg.top.a"]]  # one import inside a function
    assert upward_imports(known, graph, [("top",), ("low",)]) == [
        "pkg.low.b (low) imports pkg.top.a (top)",
        "pkg.low.c (low) imports pkg.top.a (top)",  # under TYPE_CHECKING
    ]
    assert upward_imports(known, graph, [("low",), ("top",)]) == [
        "pkg.top.a (top) imports pkg.low.b (low)",
    ]
    bad = [b for m in known.values() for b in private_uses(m)]
    assert bad == [
        "pkg.low.c:3 imports _hidden",
        "pkg.low.c:10 uses x.manager._catch_up",
        "pkg.top.a:5 uses b._hidden",
    ]
    assert long_files(root) == [f"low/big.py: {MAX_LINES} lines"]

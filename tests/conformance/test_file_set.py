"""Every registered game has the same file set, and keeps its words and facts in the game.

A game package is found from its registered game object, so a fifth game is checked as soon as
it is registered. `docs/adding-a-game.md` names the files; these tests keep the games from
drifting apart again (terminal drawing in one file here and another there, words that only the
browser package holds, `setup.py` in one game and `set_up.py` in another).
"""

from __future__ import annotations

import ast
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import leafpile
from leafpile.engine import Game, GameInfo
from leafpile.games import GAMES

#: Files and folders every game package has (a trailing `/`: a folder).
COMMON = (
    "__init__.py",
    "README.md",
    "actions.py",
    "vocabulary.py",
    "observation.py",
    "components.py",
    "state.py",
    "set_up.py",
    "rules.py",
    "view.py",
    "terminal.py",
    "heuristic.py",
    "statistics.py",
    "data/",
    "locale/",
    "rules/",
    "web/",
    "web/__init__.py",
    "web/renderer.js",
)
#: The game's modules the `Game` object names, by attribute: each is the package's own.
MODULES = (
    "actions",
    "vocabulary",
    "observation",
    "rules",
    "view",
    "words",
    "terminal",
    "heuristic",
)
SRC = Path(leafpile.__file__).parent
BENCHMARKS = SRC.parent.parent / "benchmarks"


def fields_of(cls: type) -> dict[str, Any]:
    return {f.name: f for f in fields(cls)}


def package(game: Game) -> tuple[str, Path]:
    """The dotted name and the folder of a game's package."""
    return type(game).__module__, game.package_dir()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_the_common_file_set(name: str) -> None:
    _, folder = package(GAMES[name])
    missing = [
        entry
        for entry in COMMON
        if not (folder / entry.rstrip("/")).is_dir()
        and not (not entry.endswith("/") and (folder / entry).is_file())
    ]
    assert not missing, f"{name} lacks {missing}"
    words = [(folder / "words.py").is_file(), (folder / "words" / "__init__.py").is_file()]
    assert words.count(True) == 1, f"{name} needs words.py or a words/ package, not both"
    assert not (folder / "setup.py").exists(), f"{name}: the set-up module is set_up.py"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_names_its_own_modules(name: str) -> None:
    game = GAMES[name]
    dotted, _ = package(game)
    for attribute in MODULES:
        module = getattr(game, attribute).__name__
        assert module == f"{dotted}.{attribute}", f"{name}.{attribute} is {module}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_states_its_action_bound(name: str) -> None:
    """The adapters' action-id bound is the game's own measured fact (`GameInfo`), not the
    default, and a random game stays within it."""
    game = GAMES[name]
    default = fields_of(GameInfo)["max_distinct_actions"].default
    assert game.info.max_distinct_actions != default, f"{name} keeps the default action bound"
    state = game.new_state(game.info.max_players, seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert len(actions) <= game.info.max_distinct_actions
        state.apply(rng.choice(actions))


def imported_modules(path: Path) -> set[str]:
    """The absolute module names a Python file imports (`from a.b import c` gives `a.b` and
    `a.b.c`, since `c` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import"
            assert node.module is not None
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_nothing_outside_a_games_web_folder_imports_from_it() -> None:
    """`web/` holds only the renderer and its display extras: the terminal, the log, the
    simulator and the other games' code read words from the game. The one way in is the game's
    `__init__.py`, which hands `extras` to the platform (`Game.extras`)."""
    webs = {f"{package(game)[0]}.web": package(game)[1] for game in GAMES.values()}
    offenders = []
    for path in sorted([*SRC.rglob("*.py"), *BENCHMARKS.rglob("*.py")]):
        for module in imported_modules(path):
            for web, folder in webs.items():
                if module != web and not module.startswith(web + "."):
                    continue
                inside = path.is_relative_to(folder / "web")
                wiring = path == folder / "__init__.py" and module == web
                if not (inside or wiring):
                    offenders.append(f"{path.relative_to(SRC.parent)} imports {module}")
    assert not offenders, "\n".join(offenders)


def test_the_check_sees_an_import_of_web(tmp_path: Path) -> None:
    """The scan above finds both import forms (so it cannot pass by reading nothing)."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import leafpile.games.momiji.web.table\n"
        "from leafpile.games.undergrove import web\n"
        "def f():\n    from leafpile.games.autumn.web import extras\n",
        encoding="utf-8",
    )
    found = imported_modules(sample)
    assert "leafpile.games.momiji.web.table" in found
    assert "leafpile.games.undergrove.web" in found
    assert "leafpile.games.autumn.web" in found

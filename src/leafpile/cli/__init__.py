"""The `leafpile` command line: list games, play in the terminal, replay, read the rules,
review, simulate, analyze, benchmark and serve. Each group of commands is one module; they
register on the one Typer app of `common.py`.

The command modules (and the games, bots and server they bring) are imported only when a
command runs: `leafpile --version` answers without them."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["app", "main"]


def _version_only(args: list[str]) -> bool:
    return args == ["--version"]


def _app() -> Any:
    """The Typer app with every command registered (importing the command modules)."""
    # isort: off
    from leafpile.cli import play, learn, serve, study  # noqa: F401
    from leafpile.cli import balance  # noqa: F401  (after study: `--help` lists in import order)
    from leafpile.cli import admin  # noqa: F401  (last: the operators' commands)

    # isort: on
    from leafpile.cli.common import app

    return app


def __getattr__(name: str) -> Any:
    """`from leafpile.cli import app` (the tests' runner) gets the app with its commands."""
    if name == "app":
        return _app()
    raise AttributeError(name)


def main() -> None:
    args = sys.argv[1:]
    if _version_only(args):
        from importlib.metadata import version

        print(f"leafpile {version('leafpile')}")
        return
    from leafpile.cli.common import language_first, plain_terminal

    plain_terminal()
    _app()(args=language_first(args))


if __name__ == "__main__":
    main()

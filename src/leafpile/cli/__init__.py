"""The `leafpile` command line: list games, play in the terminal, replay, read the rules,
review, simulate, analyze, benchmark and serve. Each group of commands is one module; they
register on the one Typer app of `common.py`."""

from __future__ import annotations

import sys

# isort: off
from leafpile.cli import play, serve, study
from leafpile.cli import balance  # after study: `--help` lists commands in import order
from leafpile.cli import admin_reports

# isort: on
from leafpile.cli.common import app, language_first, plain_terminal

app.add_typer(admin_reports.admin, name="admin")  # the operator's chat reports
__all__ = ["admin_reports", "app", "balance", "main", "play", "serve", "study"]


def main() -> None:
    plain_terminal()
    app(args=language_first(sys.argv[1:]))


if __name__ == "__main__":
    main()

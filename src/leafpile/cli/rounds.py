"""Between the rounds of a game that has them (Autumn): the round's last table, its scores and
the running total, drawn the same way by `play` and by `replay` (the game's terminal module
draws it: `interlude`); at play, a person at the terminal presses Enter before the next round's
table replaces it, so that they can read it."""

from __future__ import annotations

from rich.console import RenderableType
from rich.markup import escape

from leafpile.cli.at_table import quit_words
from leafpile.cli.common import console, say
from leafpile.cli.notation_words import QUIT_WORDS
from leafpile.engine import Action, Game, State


class LeftBetweenRounds(Exception):
    """The person left at the round's end (quit, or the end of the input): the game is left
    as when they leave at a turn."""


def round_end(game: Game, before: State, action: Action, after: State) -> RenderableType | None:
    """The picture of the round that `action` ended (played in `before`, giving `after`), or
    None when it ended none (or the game has no rounds, or it ended the game: the final
    screen shows that one)."""
    interlude = getattr(game.terminal, "interlude", None)
    if interlude is None:
        return None
    picture: RenderableType | None = interlude(before, action, after)
    return picture


def wait_for_next_round() -> None:
    """Ask the person to press Enter for the next round; raise `LeftBetweenRounds` when the
    input ends or they quit."""
    prompt = say("Press Enter for the next round (or quit).")
    try:
        answer = console.input(f"[bold]{escape(prompt)}[/] ")
    except EOFError:
        raise LeftBetweenRounds from None
    typed = answer.strip().lower()
    if typed in QUIT_WORDS or typed in {w.lower() for w in quit_words()}:
        raise LeftBetweenRounds

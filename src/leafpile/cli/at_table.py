"""A person at this terminal: their turn drawn, the legal actions listed in the reader's
words, what they type read back (numbers, notation in English or in their language, `?`,
`quit`), and, when several people share the terminal (hot-seat), the screen cleared and handed
over before a player's hidden cards show."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rich.markup import escape

from leafpile import i18n
from leafpile.cli.common import console, say
from leafpile.cli.notation_words import (
    HELP_WORDS,
    QUIT_WORDS,
    from_reader,
    quoted_to_reader,
    to_reader,
)
from leafpile.engine import Action, LeafpileError, State
from leafpile.engine.saves import whole_number
from leafpile.i18n import error_text, localize

#: Clears the screen and the scrollback, so the next player cannot scroll up to a hand.
_CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"


@dataclass
class Handover:
    """Who last saw their own screen at this terminal. In a hot-seat game whose players hold
    hidden cards (`secret`), the screen is cleared and the next person asked to take the
    terminal before their cards are drawn."""

    people: int
    secret: bool
    last: int | None = field(default=None)

    def before_turn(self, player: int) -> bool:
        """Hand the terminal to `player` if someone else saw theirs; False when the input
        ended (the game is left)."""
        previous, self.last = self.last, player
        if self.people < 2 or not self.secret or previous in (None, player):
            return True
        clear_screen()
        line = say("Pass the terminal to {name}, then press Enter.", name=i18n.seat_label(player))
        try:
            console.input(f"[bold]{escape(line)}[/] ")
        except EOFError:
            return False
        clear_screen()
        return True


def clear_screen() -> None:
    """A blank screen with nothing to scroll back to (a pipe or a file gets a rule instead)."""
    if console.is_terminal:
        console.file.write(_CLEAR_ALL)
        console.file.flush()
    else:
        console.rule()


class TerminalSeat:
    """A person at this terminal: shown their own view, asked until a legal action is
    entered (number or notation); quitting leaves the game. A decision with one legal action
    is not asked: it is played, and said."""

    asks_forced = True  # to say so: the person sees the forced action go by

    def __init__(self, player: int, handover: Handover | None = None) -> None:
        self.player = player
        self.handover = handover or Handover(1, False)

    def choose(self, view: State) -> Action | None:
        player = self.player
        seat = i18n.seat_label(player)
        actions = view.legal_actions()
        if len(actions) == 1:
            only = to_reader(view, str(actions[0]))
            note = say(
                "{seat}: the only possible action, {action}, is played", seat=seat, action=only
            )
            console.print(f"[dim]{escape(note)}[/]")
            return actions[0]
        if not self.handover.before_turn(player):
            return None
        console.rule(escape(say("Your turn: {seat}", seat=seat)))
        console.print(view.game.render(view, player))
        print_actions(view, actions)
        while True:
            try:
                text = console.input(
                    f"[bold]{escape(seat)}[/] "
                    + escape(say("action (number, notation, ? or quit):"))
                    + " "
                )
            except EOFError:
                return None
            answer = self.read(view, actions, text.strip())
            if isinstance(answer, str):  # "quit"
                return None
            if answer is not None:
                return answer

    def read(self, view: State, actions: list[Any], text: str) -> Action | str | None:
        """What `text` asks for: an action, "quit", or None (asked again, said why)."""
        if not text:
            return None
        if text.lower() in QUIT_WORDS or text.lower() in {w.lower() for w in quit_words()}:
            return "quit"
        if text.lower() in HELP_WORDS or text.lower() in {w.lower() for w in help_words()}:
            print_actions(view, actions)
            return None
        index = whole_number(text)
        if index is not None:
            if 1 <= index <= len(actions):
                chosen: Action = actions[index - 1]
                return chosen
            wrong = say("no action number {n}; choose 1-{last}", n=index, last=len(actions))
            console.print(f"[red]{escape(wrong)}[/]")
            return None
        try:
            return view.parse_action(from_reader(view, text))
        except LeafpileError as e:
            console.print(f"[red]{escape(in_reader_words(view, actions, error_text(e)))}[/]")
        return None


def in_reader_words(view: State, actions: list[Any], message: str) -> str:
    """An error in the reader's language, the notation it quotes (what was typed, the
    examples) and the legal actions it names in their words too."""
    text = quoted_to_reader(view.game, localize(message))
    for action in actions:
        notation = str(action)
        words = to_reader(view, notation)
        if words != notation:
            text = re.sub(rf"(?<!\w){re.escape(notation)}(?!\w)", words, text)
    return text


def quit_words() -> list[str]:
    """`quit` and its short forms in the reader's language."""
    return [w for w in say("quit q exit").split() if w]


def help_words() -> list[str]:
    """`?` and `help` in the reader's language."""
    return [w for w in say("help list").split() if w]


def print_actions(view: State, actions: list[Any]) -> None:
    """The legal actions, numbered, in as many columns as the terminal holds."""
    shown = [to_reader(view, str(a)) for a in actions]
    cells = [f"[dim]{i + 1:>3}[/] {escape(a)}" for i, a in enumerate(shown)]
    width = max((len(a) for a in shown), default=4) + 5
    per_line = max(1, min(8, (console.width or 80) // (width + 2)))
    for i in range(0, len(cells), per_line):
        console.print("  ".join(c.ljust(width + 7) for c in cells[i : i + per_line]))

"""Who sits at the table in the terminal: the seats' names (given with --names, bots by their
level), checked like any outside input, and how each is introduced."""

from __future__ import annotations

import re

from leafpile.i18n import Msg

HUMAN = ("me", "human")
NAME_MAX = 24
#: A name that reads as a seat tag would make "P1 takes red" ambiguous.
_SEAT_TAG = re.compile(r"^P\d$", re.IGNORECASE)

#: The bot levels as a player reads them (a level not listed keeps its own name).
BOT_WORDS: dict[str, Msg] = {
    "random": Msg("random"),
    "greedy": Msg("greedy"),
    "mcts": Msg("mcts"),
    "easy": Msg("easy"),
    "medium": Msg("medium"),
    "hard": Msg("hard"),
}


def bot_label(seat: str, number: int | None = None) -> Msg:
    """A bot by its level ("hard bot"), numbered when several bots share it."""
    base = seat.split(":")[0]
    level = BOT_WORDS.get(base, base)
    if number is None:
        return Msg("{level} bot", level=level)
    return Msg("{level} bot {n}", level=level, n=number)


def check_name(name: str) -> Msg | None:
    """Why a player's name cannot be used (None when it can)."""
    if len(name) > NAME_MAX:
        return Msg("the name {name} is longer than {n} characters", name=repr(name), n=NAME_MAX)
    if not name.isprintable():
        return Msg("the name {name} holds a control character", name=repr(name))
    if _SEAT_TAG.match(name):
        return Msg("the name {name} reads as a seat (P0, P1...): choose another", name=repr(name))
    return None


def seat_names(given: str | None, seats: list[str]) -> tuple[list[str], Msg | None]:
    """The name of each seat: the one given in --names (comma-separated, in seat order; an
    empty entry keeps the default), else a bot's level; people without a name are known by
    their seat (P0, P1...), returned as "". Returns the names or why they are refused."""
    wanted = [n.strip() for n in given.split(",")] if given else []
    if len(wanted) > len(seats):
        return [], Msg.plural(
            "--names lists {given} names but the game has {n} seat",
            "--names lists {given} names but the game has {n} seats",
            len(seats),
            given=len(wanted),
        )
    for name in wanted:
        problem = check_name(name)
        if problem is not None:
            return [], problem
    bots = [s for s in seats if s not in HUMAN]
    counted: dict[str, int] = {}
    names: list[str] = []
    for p, seat in enumerate(seats):
        if p < len(wanted) and wanted[p]:
            names.append(wanted[p])
        elif seat in HUMAN:
            names.append("")
        else:
            counted[seat] = counted.get(seat, 0) + 1
            twins = bots.count(seat) > 1
            names.append(bot_label(seat, counted[seat] if twins else None))
    shown = [n.casefold() for n in names if n]
    if len(set(shown)) != len(shown):
        return [], Msg("two seats have the same name: give each player their own")
    return names, None

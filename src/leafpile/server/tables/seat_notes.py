"""Seat notes in a table's log: a bot starting to play for a person who left or ran out of
time ("Ana ran out of time: the medium bot plays for them"), and the person coming back.

Everyone at the table reads the same line, so a stand-in is never a silent change of hands.
Each note is stored with the seat change it tells (`seat_store`) and keeps its place among
the actions: after the `before` actions played until then, at the table's revision then.
"""

from __future__ import annotations

from leafpile.i18n import Msg
from leafpile.server.store.schema import SeatNote
from leafpile.server.tables.position import LogEntry

LEFT, TIMED_OUT, BACK = "left", "timed_out", "back"

#: The bot levels' names as players read them (the same words as the lobby's).
LEVEL_NAMES = {
    "random": Msg("random"),
    "greedy": Msg("greedy"),
    "mcts": Msg("mcts"),
    "easy": Msg("easy"),
    "medium": Msg("medium"),
    "hard": Msg("hard"),
}


class SeatNoteEntry(LogEntry):
    """A seat note's line in the log (not an action's)."""

    is_action = False


def note_line(note: SeatNote) -> Msg:
    """The note's sentence; `P<seat>` stands for the seat's name, as in every log line."""
    player = f"P{note.seat}"
    level = LEVEL_NAMES.get(note.level or "", note.level or "")
    if note.kind == LEFT:
        return Msg(
            "{player} left the game: the {level} bot plays for them", player=player, level=level
        )
    if note.kind == TIMED_OUT:
        return Msg(
            "{player} ran out of time: the {level} bot plays for them", player=player, level=level
        )
    if note.kind == BACK:
        return Msg("{player} is back and plays again", player=player)
    raise ValueError(f"unknown seat note kind {note.kind!r}")


def note_entry(note: SeatNote, players: int) -> SeatNoteEntry:
    """The note as each audience (the spectator, then every seat) reads it: the same line."""
    return SeatNoteEntry.of(note.seat, [note_line(note)] * (players + 1))


def note_key(note: SeatNote) -> tuple[int, float]:
    """Where the note goes among the log's entries keyed (revision, action number): after the
    actions played before it, and after the take-backs that made its revision."""
    return (note.revision, note.before - 0.5)

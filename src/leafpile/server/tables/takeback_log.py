"""Take-backs in a table's log: their lines, and where they stand among the actions'.

The log shows the line of play as it stands (a taken-back action's line leaves it) and every
take-back ("Ana takes back: Ana pays 1 nutrient"), in the order things happened. Each stored
action keeps the table's revision when it was played, each take-back the revision it made, so
a rebuilt log is put back in that order: a take-back comes after the actions played before it
(lower revisions) and before those played after it.
"""

from __future__ import annotations

import json

from leafpile.engine import Action
from leafpile.engine.game import Game
from leafpile.i18n import Msg
from leafpile.server.store.schema import LoadedTable
from leafpile.server.tables.position import LogEntry, Position
from leafpile.server.tables.seat_notes import note_entry, note_key


class TakeBackEntry(LogEntry):
    """A take-back's line in the log (not an action's)."""

    is_action = False


def take_back_lines(before: Position, game: Game, action: Action, seat: int) -> list[str]:
    """The take-back of `action` (played from `before`) as each audience reads it: the
    action's own line, on that audience's view, after the player's name."""
    return [
        Msg("{player} takes back: {move}", player=f"P{seat}", move=line)
        for line in before.log_lines(game, action)
    ]


def last_action_entry(log: list[LogEntry]) -> int:
    """The index in `log` of the latest action's line."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].is_action:
            return i
    raise ValueError("the log holds no action")


def merge_log(entries: list[LogEntry], raw: LoadedTable) -> list[LogEntry]:
    """The log of a rebuilt table: its actions' `entries` (one per stored action) with its
    take-backs' lines and seat notes among them, in the order things happened."""
    if not raw.takebacks and not raw.notes:
        return entries
    keyed: list[tuple[tuple[int, float], LogEntry]] = []
    for n, entry in enumerate(entries):
        played_at = raw.marks[n][0] if n < len(raw.marks) else 0
        keyed.append(((played_at, n), entry))
    for revision, seat, lines in raw.takebacks:
        items = json.loads(lines)
        if not isinstance(items, list) or len(items) != raw.players + 1:
            raise ValueError(f"table {raw.id}: take-back {revision} has no line per audience")
        keyed.append(((revision, -1), TakeBackEntry(seat, items)))
    for note in raw.notes:
        keyed.append((note_key(note), note_entry(note, raw.players)))
    keyed.sort(key=lambda pair: pair[0])
    return [entry for _key, entry in keyed]

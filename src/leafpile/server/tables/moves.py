"""One action made ready to store: checked against the turn and the rules, with its log
lines, the next `Position`, the clocks after it and the row to commit. Nothing changes here:
`TableManager` commits the row and only then applies the move (`apply_move`)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from leafpile.engine import LeafpileError
from leafpile.i18n import error_text
from leafpile.server.errors import IllegalAction, TutorialMove
from leafpile.server.store.schema import StoredAction
from leafpile.server.tables.clocks import Clocks
from leafpile.server.tables.live_table import FINISHED, SNAPSHOT_EVERY, LiveTable
from leafpile.server.tables.position import LogEntry, Position
from leafpile.server.tables.seating import clocks_after_move, played_by


@dataclass(frozen=True)
class Move:
    """An action of `seat`, checked and described, not yet stored (`row`)."""

    seat: int
    notation: str
    entry: LogEntry
    position: Position
    undoable: bool  # whether its player may take it back (`Game.may_take_back`)
    joins: bool  # it continues its player's previous action, sent in the same click
    clocks: Clocks | None
    stand_in: str | None  # "bot:<level>" when a bot plays the seat for its person
    row: StoredAction

    @property
    def finished(self) -> bool:
        return self.position.finished


def prepare_move(
    table: LiveTable, seat: int, version: int, text: str, now: float, joins: bool = False
) -> Move:
    """Check `text` for `seat` at `version` and build everything it changes (the table's
    lock is held). Any failure here (a rules or display bug included) leaves the table as
    it was; so would a failing commit. `joins`: the client sent it as the next part of the
    click that sent the previous action (kept only while that one may still be taken back,
    which means the same player deciding the same turn)."""
    table.check_turn(seat, version)
    state = table.state
    try:
        action = state.parse_action(text)
    except LeafpileError as e:
        raise IllegalAction(error_text(e), table=table, seat=seat) from None
    notation = str(action)
    joins = joins and bool(table.undoable) and table.undoable[-1]
    script = table.script
    why = script.refusal(len(table.actions), notation) if script is not None else None
    if why is not None:  # legal, but not the tutorial's move now: the step says why
        raise TutorialMove(why, table=table, seat=seat)
    stand_in = played_by(table, seat)
    entry = LogEntry(seat, table.position.log_items(table.game, action), stand_in)
    new_state = state.clone()
    new_state.apply(action)
    finished = new_state.is_terminal()
    undoable = table.game.may_take_back(state, action, new_state)
    position = Position(table.game, new_state, table.version + 1, finished)
    n = len(table.actions)
    snap = finished or (n + 1) % SNAPSHOT_EVERY == 0
    clocks = clocks_after_move(table, seat, position, now)
    row = StoredAction(
        table.id,
        n,
        seat,
        notation,
        FINISHED if finished else None,
        json.dumps(entry.items),
        json.dumps(new_state.to_dict()) if snap else None,
        stand_in,
        clocks.to_json() if clocks is not None else None,
        table.revision,
        undoable,
        joins,
    )
    return Move(seat, notation, entry, position, undoable, joins, clocks, stand_in, row)


def apply_move(table: LiveTable, move: Move) -> None:
    """The table after `move`, once it is committed (now it is true)."""
    if move.stand_in is not None:
        table.played_by[move.row.n] = move.stand_in
    table.clocks = move.clocks
    table.advance(move.position, move.notation, move.entry, move.undoable, move.joins)

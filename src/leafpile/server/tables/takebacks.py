"""Taking back a decision of the current turn (the tables room; storage in `store.takeback_store`,
log lines in takeback_log.py).

The seat to move may undo its own last decision when the game says it revealed nothing and
the turn goes on (`Game.may_take_back`, checked as each action is played and stored with it),
one click per request, as far back as the chain of such decisions goes. Bots never do. One
click of a person may send several decisions (Momiji's "Play 2 cards": two cards and the end
of the play); the later ones say they join the first (`LiveTable.joins`), and one take-back
takes back all of that click that may be taken back, so one Undo undoes one click.

The action log is the source of truth: the taken-back action is deleted from it and the state
before it is the replay of the log without it (so undoing is exactly the game without that
action, and nothing hidden is drawn again); the table keeps the states of the current chain
(`LiveTable.chain`), so only a table rebuilt since replays. The table's `revision` counts
take-backs, and the version clients hold grows with every change (`LiveTable.version`), so an
action or a take-back sent from a position a take-back has left is refused as stale. Other
server processes hear an "undo" and reload the table from the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace

from leafpile.i18n import Msg
from leafpile.server.errors import (
    Conflict,
    NoTakeBack,
    StaleVersion,
    StorageFailed,
)
from leafpile.server.store.db import STORAGE_ERRORS, ConflictError
from leafpile.server.store.takeback_store import StoredTakeBack, store_take_backs
from leafpile.server.tables.live_table import HUMAN, PLAYING, LiveTable
from leafpile.server.tables.position import LogEntry, Position
from leafpile.server.tables.rebuild import rebuild
from leafpile.server.tables.steps import TableSteps
from leafpile.server.tables.takeback_log import TakeBackEntry, last_action_entry, take_back_lines

log = logging.getLogger("leafpile.server")


def can_take_back(table: LiveTable, audience: int | None) -> bool:
    """Whether `audience` (a seat; None: a spectator) may take back the last decision now:
    a person, to move, whose last decision of this turn revealed nothing."""
    return (
        audience is not None
        and table.status == PLAYING
        and table.position.to_move == audience
        and table.seats[audience].kind == HUMAN
        and table.seats[audience].stand_in is None
        and bool(table.undoable)
        and table.undoable[-1]
    )


async def take_back(steps: TableSteps, table: LiveTable, seat: int, version: int) -> None:
    """Take back the last decision of `seat`, seen at `version`: check, commit, then undo in
    memory (the table's lock is held; `TableManager.take_back` found the seat)."""
    table.check_turn(seat, version)
    if not can_take_back(table, seat):
        raise NoTakeBack(
            Msg(
                "your last decision cannot be taken back: it revealed something hidden, "
                "or your turn had not begun"
            ),
            table=table,
            seat=seat,
        )
    count = click_length(table)
    first = len(table.actions) - count
    if len(table.chain) >= count:
        start = table.chain[-count]
    else:  # rebuilt since: the log without the click, replayed
        earlier = replace(table.match.record, actions=table.actions[:first])
        start = await asyncio.to_thread(earlier.replay, table.game)
    # each decision's take-back line, read from the position before it; the last is undone first
    entries: list[LogEntry] = []
    state = start
    for notation in table.actions[first:]:
        action = state.parse_action(notation)
        before = Position(table.game, state, 0, finished=False)
        entries.insert(0, TakeBackEntry.of(seat, take_back_lines(before, table.game, action, seat)))
        state = state.clone()
        state.apply(action)
    position = Position(table.game, start, table.version + count, finished=False)
    last = len(table.actions) - 1
    rows = [
        StoredTakeBack(
            table.id,
            last - k,
            seat,
            table.actions[last - k],
            table.revision + k,
            json.dumps(e.items),
        )
        for k, e in enumerate(entries)
    ]
    try:
        await steps.db.run(store_take_backs, steps.db, rows)
    except ConflictError:  # another process moved the table first
        if not steps.db.shared:
            raise Conflict(Msg("the table moved on first; reload it")) from None
        await steps.catch_up(table)
        raise StaleVersion(
            Msg("the table moved on first: it is at version {now}", now=table.version),
            table=table,
            seat=seat,
        ) from None
    except STORAGE_ERRORS:
        log.exception("cannot store a take-back at table %s", table.id)
        raise StorageFailed(Msg("the take-back could not be stored, so nothing changed")) from None
    # committed: now it is true
    undo(table, position, entries)
    steps.changed(table)


def click_length(table: LiveTable) -> int:
    """How many of the last actions one take-back undoes: the last, and the ones before it
    that were sent in the same click, as far as each may be taken back."""
    count = 1
    last = len(table.actions) - 1
    while (last - count + 1) in table.joins and table.undoable[last - count]:
        count += 1
    return count


def undo(table: LiveTable, position: Position, entries: list[LogEntry]) -> None:
    """Go back to `position`, `len(entries)` actions earlier (already committed): each
    action's line leaves the log and its take-back's line is added, the last action's first;
    clients get the log again from there."""
    cut = len(table.log)
    for entry in entries:
        n = len(table.actions) - 1
        cut = min(cut, last_action_entry(table.log))
        del table.log[last_action_entry(table.log)]
        table.log.append(entry)
        table.played_by.pop(n, None)
        table.joins.discard(n)
        table.match.record.actions.pop()
        table.undoable.pop()
        if table.chain:
            table.chain.pop()
        table.revision += 1
    table.match.state = position.state
    table.position = position
    for listener in table.listeners:
        listener.log_sent = min(listener.log_sent, cut)


async def reload(steps: TableSteps, table: LiveTable) -> None:
    """Another process took an action back: this copy's log was cut, so it is rebuilt from
    the database (the table's lock is held) and every client gets the whole log again."""
    try:
        loaded = await steps.db.run(steps.db.load_tables, [table.id])
    except STORAGE_ERRORS:
        log.exception("cannot read table %s", table.id)
        raise StorageFailed(Msg("the table could not be read; try again")) from None
    if not loaded:
        return
    fresh = await asyncio.to_thread(rebuild, loaded[0])
    table.match = fresh.match
    table.status = fresh.status
    table.seats = fresh.seats
    table.position = fresh.position
    table.log = fresh.log
    table.revision = fresh.revision
    table.undoable = fresh.undoable
    table.chain = fresh.chain
    table.played_by = fresh.played_by
    table.clocks = fresh.clocks
    for listener in table.listeners:
        listener.log_sent = 0
    steps.changed(table)

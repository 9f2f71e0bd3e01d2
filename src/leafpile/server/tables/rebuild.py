"""A stored table in play again: rebuilt from its snapshot and the few actions after it, or
replayed from its log (the source of truth) when the snapshot or the stored lines cannot be
read."""

from __future__ import annotations

import json
import logging

from leafpile.engine import Action, GameRecord, InvalidStateError, LeafpileError, State
from leafpile.engine.game import Game
from leafpile.engine.match import Match
from leafpile.games import get_game
from leafpile.server.store.schema import LoadedTable, TableSettings
from leafpile.server.tables.clocks import ClockRule, Clocks
from leafpile.server.tables.live_table import (
    FINISHED,
    LiveTable,
)
from leafpile.server.tables.position import LogEntry, Position, audience_views, played_item
from leafpile.server.tables.takeback_log import merge_log

log = logging.getLogger("leafpile.server")


def rebuild(raw: LoadedTable) -> LiveTable:
    """A stored table in play again. Its state comes from the latest snapshot and the few
    actions after it, its log lines from the stored lines; a table stored before snapshots
    (or whose snapshot or lines cannot be read) is replayed from its log, the source of
    truth. Raises on rows that cannot make a table (a gap in the log, broken JSON, an
    illegal action): the caller sets such a table aside."""
    game = get_game(raw.game)
    options = json.loads(raw.options)
    if not isinstance(options, dict):
        raise ValueError(f"table {raw.id}: its options are not a JSON object")
    if [s.seat for s in raw.seats] != list(range(raw.players)):
        raise ValueError(f"table {raw.id}: seats {[s.seat for s in raw.seats]} for {raw.players}")
    for i, (n, _seat, _notation, _lines) in enumerate(raw.actions):
        if n != i:
            raise ValueError(f"table {raw.id}: its action log has a gap at {i} (then {n})")
    record = GameRecord(raw.game, raw.players, raw.seed, options, [a[2] for a in raw.actions])
    if raw.start_state is not None:
        start = json.loads(raw.start_state)
        if not isinstance(start, dict):
            raise ValueError(f"table {raw.id}: its start_state is not a JSON object")
        record.start_state = start
    match = Match(game, record.initial_state(game), record)
    fast = _from_snapshot(game, raw, match.state)
    if fast is not None:
        match.state, entries = fast
    else:
        entries = []

        def visit(state: State, action: Action) -> None:
            items = [played_item(game, view, action) for view in audience_views(game, state)]
            stand_in = raw.played_by.get(len(entries))
            entries.append(LogEntry(state.current_player, items, stand_in))

        match.state = record.replay(game, visit)
    version = len(record.actions) + 2 * raw.revision
    position = Position(game, match.state, version, raw.status == FINISHED)
    table = LiveTable(
        id=raw.id,
        match=match,
        status=raw.status,
        created_at=raw.created_at,
        seats=raw.seats,
        position=position,
        log=merge_log(entries, raw),
        played_by=dict(raw.played_by),
        rated=raw.rated,
        revision=raw.revision,
        undoable=[undoable for _revision, undoable in raw.marks] or [False] * len(record.actions),
        joins=set(raw.joins),
        analysis_of=raw.analysis_of,
        tutorial=raw.tutorial,
        notes=raw.notes[-1].seq + 1 if raw.notes else 0,
    )
    settings = raw.settings or TableSettings()
    table.private = settings.private
    table.replacement = settings.replacement
    table.host_hash = settings.host_hash
    rule = ClockRule.from_json(settings.clock)
    if rule is not None:
        table.clocks = Clocks.from_json(rule, settings.clock_state, raw.players)
    return table


def _from_snapshot(
    game: Game, raw: LoadedTable, initial: State
) -> tuple[State, list[LogEntry]] | None:
    """The table's state and log from its snapshot, stored lines and the actions after the
    snapshot; None when something is missing or unreadable (then the log is replayed)."""
    audiences = raw.players + 1
    entries: list[LogEntry] = []
    for n, seat, _notation, lines in raw.actions:
        items = json.loads(lines) if lines is not None else None
        if not (isinstance(items, list) and len(items) == audiences):
            return None
        if not all(isinstance(item, dict) and isinstance(item.get("text"), str) for item in items):
            return None
        entries.append(LogEntry(seat, items, raw.played_by.get(n)))
    version, state = 0, initial.clone()
    if raw.snapshot is not None:
        version = raw.snapshot[0]
        if not 0 <= version <= len(raw.actions):
            return None
        try:
            state = game.state_from_dict(json.loads(raw.snapshot[1]))
        except (LeafpileError, ValueError, TypeError, KeyError):
            log.warning("table %s: its snapshot cannot be read; replaying its log", raw.id)
            return None
    for i in range(version, len(raw.actions)):
        try:
            state.apply(state.parse_action(raw.actions[i][2]))
        except LeafpileError as e:
            raise InvalidStateError(f"table {raw.id}: action {i}: {e}") from e
    return state, entries

"""A live table: one match in memory with its seats, tokens, listeners and log, and how it is
rebuilt from its stored rows (the domain layer; `tables.py` holds the manager of all tables)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from leafpile.engine import Action, GameRecord, InvalidStateError, LeafpileError, State
from leafpile.engine.game import Game
from leafpile.engine.match import Match
from leafpile.engine.options import OptionValue
from leafpile.games import get_game
from leafpile.server.errors import BadOptions, NotFinished
from leafpile.server.position import LogEntry, Position, audience_views
from leafpile.server.schema import LoadedTable, SeatRow, TableChanges, TableRow

log = logging.getLogger("leafpile.server")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
HUMAN, BOT = "human", "bot"
SNAPSHOT_EVERY = 32  # actions between stored snapshots (and one when a game ends)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> tuple[str, str]:
    """A seat's secret and the digest the database keeps (never the secret itself)."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


@dataclass
class Listener:
    """One connected client: the seat it speaks for (None: spectator) and its outbox."""

    seat: int | None
    send: Callable[[str], None]  # queues one JSON message
    log_sent: int = 0  # log entries this client already has: pushes carry only newer ones
    lang: str = "en"  # the reader's language: words in display facts and log lines


@dataclass
class LiveTable:
    """One match being played here: its game (`match`: true state and record), seats, the
    current `position`, the log as each audience reads it, and who is listening."""

    id: str
    match: Match
    status: str
    created_at: float
    seats: list[SeatRow]
    position: Position
    log: list[LogEntry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: list[Listener] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    creator: str | None = None  # the address that opened it (limits; not stored)
    catching_up: bool = False  # a catch-up with other processes' changes is on its way
    analysis_of: str | None = None  # an analysis table: the table it explores (private, unrated)

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def actions(self) -> list[str]:
        return self.match.record.actions

    @property
    def players(self) -> int:
        return self.match.record.players

    @property
    def seed(self) -> int:
        return self.match.record.seed

    @property
    def options(self) -> dict[str, Any]:
        return self.match.record.options

    @property
    def version(self) -> int:
        return len(self.actions)

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret is `token`, or None."""
        if not token:
            return None
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def seat_name(self, seat: SeatRow) -> str | None:
        """A human's display name; a bot is "medium bot" (numbered when two share a level)."""
        if seat.kind == HUMAN:
            return seat.name
        twins = sum(1 for s in self.seats if s.kind == BOT and s.bot == seat.bot)
        return f"{seat.bot} bot" + (f" {seat.seat + 1}" if twins > 1 else "")

    def open_seats(self) -> list[SeatRow]:
        return [s for s in self.seats if s.kind == HUMAN and s.token_hash is None]

    def connected_seats(self) -> set[int]:
        return {lst.seat for lst in self.listeners if lst.seat is not None}

    def advance(self, position: Position, notation: str, entry: LogEntry) -> None:
        """Move on to `position` after `notation` (already committed)."""
        self.match.state = position.state
        self.match.record.actions.append(notation)
        self.position = position
        self.log.append(entry)
        if position.finished:
            self.status = FINISHED

    def catch_up(self, changes: TableChanges) -> bool:
        """Take in what other server processes stored past this copy's version: actions
        (checked against the rules as at start-up; their log lines come stored with them),
        seats taken and the status. Returns whether anything changed."""
        moved = False
        for n, seat, notation, lines in changes.actions:
            if n != self.version:
                raise InvalidStateError(f"table {self.id}: action {n} at version {self.version}")
            state = self.state.clone()
            action = state.parse_action(notation)
            items = json.loads(lines) if lines is not None else None
            entry = (
                LogEntry(seat, items)
                if isinstance(items, list)
                else LogEntry.of(seat, self.position.log_lines(self.game, action))
            )
            state.apply(action)
            self.advance(Position(self.game, state, n + 1, state.is_terminal()), str(action), entry)
            moved = True
        for row in changes.seats:
            mine = self.seats[row.seat]
            if (mine.name, mine.token_hash) != (row.name, row.token_hash):
                mine.name, mine.token_hash = row.name, row.token_hash
                moved = True
        if changes.status != self.status and self.status != FINISHED:
            self.status = changes.status
            moved = True
        return moved

    def record(self) -> GameRecord:
        """The game record so far (it holds the seed: for replays and downloads)."""
        return replace(
            self.match.record,
            options=dict(self.options),
            actions=list(self.actions),
            metadata={
                "table": self.id,
                "seats": [s.name if s.kind == HUMAN else f"bot:{s.bot}" for s in self.seats],
                "created_at": self.created_at,
                **({"analysis_of": self.analysis_of} if self.analysis_of else {}),
            },
        )

    def finished_record(self) -> GameRecord:
        """The record for download: only once the game is over, since it holds the seed."""
        if self.status != FINISHED:
            raise NotFinished(
                "the game record (which holds the seed, and so every hidden card) can be "
                "downloaded once the game is over; the replay shows the game so far"
            )
        return self.record()


@dataclass
class NewTable:
    """A checked request for a table (see `leafpile.server.protocol.read_new_table`)."""

    game: Game
    players: int
    options: dict[str, OptionValue]  # resolved
    seed: int | None  # None: drawn here
    seats: list[SeatRow]
    sit: int | None = None  # the creator's seat (a human one), if they sit down
    name: str | None = None  # the creator's display name when they sit
    start: State | None = None  # an analysis table's starting state (else the seed's deal)
    analysis_of: str | None = None  # the table an analysis table explores


def open_table(new: NewTable, creator: str | None) -> tuple[TableRow, LiveTable, str | None]:
    """A new table's row to store, the table to serve once it is stored, and the creator's
    seat token (None: the creator does not sit). Options the game refuses raise
    `BadOptions`."""
    seed = new.seed if new.seed is not None else secrets.randbits(63)
    token: str | None = None
    if new.sit is not None:
        token, digest = new_token()
        new.seats[new.sit].name = new.name
        new.seats[new.sit].token_hash = digest
    if new.start is not None:  # it plays on from a given state: its record starts there
        seed = new.start.seed
        record = GameRecord.start(new.start)
        record.start_state = new.start.to_dict()
        match = Match(new.game, new.start, record)
    else:
        try:
            match = Match.start(new.game, new.players, seed, new.options)
        except LeafpileError as e:
            raise BadOptions(str(e)) from None
    open_seats = any(s.kind == HUMAN and s.token_hash is None for s in new.seats)
    row = TableRow(
        id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
        game=new.game.info.name,
        players=new.players,
        options=match.record.options,
        seed=seed,
        status=WAITING if open_seats else PLAYING,
        created_at=time.time(),
        seats=new.seats,
        start_state=match.record.start_state,
        analysis_of=new.analysis_of,
    )
    table = LiveTable(
        id=row.id,
        match=match,
        status=row.status,
        created_at=row.created_at,
        seats=row.seats,
        position=Position(new.game, match.state, 0, finished=False),
        creator=creator,
        analysis_of=new.analysis_of,
    )
    return row, table, token


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
            lines = [game.describe(view, action) for view in audience_views(game, state)]
            entries.append(LogEntry.of(state.current_player, lines))

        match.state = record.replay(game, visit)
    position = Position(game, match.state, len(record.actions), raw.status == FINISHED)
    return LiveTable(
        id=raw.id,
        match=match,
        status=raw.status,
        created_at=raw.created_at,
        seats=raw.seats,
        position=position,
        log=entries,
        analysis_of=raw.analysis_of,
    )


def _from_snapshot(
    game: Game, raw: LoadedTable, initial: State
) -> tuple[State, list[LogEntry]] | None:
    """The table's state and log from its snapshot, stored lines and the actions after the
    snapshot; None when something is missing or unreadable (then the log is replayed)."""
    audiences = raw.players + 1
    entries: list[LogEntry] = []
    for _n, seat, _notation, lines in raw.actions:
        items = json.loads(lines) if lines is not None else None
        if not (isinstance(items, list) and len(items) == audiences):
            return None
        if not all(isinstance(item, dict) and isinstance(item.get("text"), str) for item in items):
            return None
        entries.append(LogEntry(seat, items))
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

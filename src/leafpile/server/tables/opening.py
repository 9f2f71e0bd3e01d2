"""Opening a table: a checked request (`NewTable`, from `api.checks.read_new_table` or an
analysis table) made into the row to store and the table to serve once it is stored."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

from leafpile.engine import GameRecord, LeafpileError, State
from leafpile.engine.game import Game
from leafpile.engine.match import Match
from leafpile.engine.options import OptionValue
from leafpile.i18n import error_text
from leafpile.server.errors import (
    BadOptions,
)
from leafpile.server.store.schema import SeatRow, TableRow, TableSettings
from leafpile.server.tables.clocks import ClockRule, Clocks
from leafpile.server.tables.live_table import (
    HUMAN,
    PLAYING,
    WAITING,
    LiveTable,
    hash_token,
    new_token,
)
from leafpile.server.tables.position import Position


@dataclass
class NewTable:
    """A checked request for a table (see `leafpile.server.api.checks.read_new_table`)."""

    game: Game
    players: int
    options: dict[str, OptionValue]  # resolved
    seed: int | None  # None: drawn here
    seats: list[SeatRow]
    sit: int | None = None  # the creator's seat (a human one), if they sit down
    name: str | None = None  # the creator's display name when they sit
    private: bool = False
    clock: ClockRule | None = None
    replacement: str | None = None
    #: the creator's secret, returned once: whoever holds it may remove a player
    host: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    rated: bool = False  # whether the game counts for the ratings (see players/ratings.py)
    start: State | None = None  # an analysis table's starting state (else the seed's deal)
    analysis_of: str | None = None  # the table an analysis table explores
    tutorial: bool = False  # a tutorial table: the game's script leads it (never rated)


def open_table(
    new: NewTable, creator: str | None, now: float | None = None
) -> tuple[TableRow, LiveTable, str | None]:
    """A new table's row to store, the table to serve once it is stored, and the creator's
    seat token (None: the creator does not sit). Options the game refuses raise
    `BadOptions`. `now`: the manager's time (its clock may be a test's)."""
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
            raise BadOptions(error_text(e)) from None
    open_seats = any(s.kind == HUMAN and s.token_hash is None for s in new.seats)
    clocks = Clocks.fresh(new.clock, new.players) if new.clock is not None else None
    settings = TableSettings(
        private=new.private,
        clock=new.clock.to_json() if new.clock is not None else None,
        replacement=new.replacement,
        host_hash=hash_token(new.host),
    )
    # a private table's id is its only lock: 96 random bits instead of 48 ([D])
    id_bytes = 12 if new.private else 6
    row = TableRow(
        id=secrets.token_urlsafe(id_bytes).replace("-", "x").replace("_", "y"),
        game=new.game.info.name,
        players=new.players,
        options=match.record.options,
        seed=seed,
        status=WAITING if open_seats else PLAYING,
        created_at=time.time() if now is None else now,
        seats=new.seats,
        settings=settings,
        rated=new.rated,
        start_state=match.record.start_state,
        analysis_of=new.analysis_of,
        tutorial=new.tutorial,
    )
    table = LiveTable(
        id=row.id,
        match=match,
        status=row.status,
        created_at=row.created_at,
        seats=row.seats,
        position=Position(new.game, match.state, 0, finished=False),
        creator=creator,
        private=new.private,
        replacement=new.replacement,
        host_hash=settings.host_hash,
        clocks=clocks,
        rated=new.rated,
        analysis_of=new.analysis_of,
        tutorial=new.tutorial,
    )
    if clocks is not None and row.status == PLAYING:
        table.clocks = clocks.started(table.person_to_move(), row.created_at)
    settings.clock_state = table.clocks.to_json() if table.clocks is not None else None
    return row, table, token

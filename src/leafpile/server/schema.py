"""The database's tables and the rows the server reads and writes.

The schema here is what the Alembic migrations (`migrations/versions/`) build; a change to it
needs a new migration. The dataclasses are the rows as the table layer sees them, so the
layers above never touch SQLAlchemy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

NAME_MAX = 40  # longest display name accepted
NOTATION_MAX = 200  # longest action notation stored

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object of resolved options
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # waiting / playing / finished
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # An analysis table starts from this state (JSON of a whole state), not from its seed's
    # deal, and names the table it explores; such tables are private and not rated.
    Column("start_state", Text, nullable=True),
    Column("analysis_of", String(32), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human / bot
    Column("bot", String(40), nullable=True),
    Column("name", String(NAME_MAX), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat's secret token
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2, ...: the table's version before it
    Column("seat", Integer, nullable=False),
    Column("notation", String(NOTATION_MAX), nullable=False),
    Column("created_at", Float, nullable=False),
    # JSON list of the action's log line as each audience reads it (spectator, seat 0, ...);
    # NULL for actions stored before it existed (then start-up replays that table's log)
    Column("lines", Text, nullable=True),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, nullable=False),  # actions played before this state
    Column("state", Text, nullable=False),  # the true state's JSON (state.to_dict())
    Column("created_at", Float, nullable=False),
)


reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("setting", String(64), primary_key=True),  # e.g. "seats=0,1 time=0.5"
    Column("review", Text, nullable=False),  # JSON, written once the whole review is done
    Column("created_at", Float, nullable=False),
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    start_state: dict[str, Any] | None = None  # an analysis table's starting state
    analysis_of: str | None = None  # the table an analysis table explores


@dataclass
class StoredAction:
    """One accepted action as it is committed: with its log lines (JSON) and, now and then,
    a snapshot of the state it leads to (JSON), so start-up need not replay."""

    table_id: str
    n: int
    seat: int
    notation: str
    new_status: str | None = None
    lines: str | None = None
    snapshot: str | None = None  # the state after the action, at version n + 1


@dataclass
class LoadedTable:
    """A table as stored, not yet checked: its fields are parsed (and may be found broken)
    by the table layer, one table at a time, so one bad row cannot stop the others."""

    id: str
    game: str
    players: int
    options: str  # JSON text
    seed: int
    status: str
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, int, str, str | None]] = field(default_factory=list)  # n, seat, ...
    snapshot: tuple[int, str] | None = None  # version, state JSON
    start_state: str | None = None  # JSON text: an analysis table's starting state
    analysis_of: str | None = None


@dataclass
class Change:
    """What another server process changed (a NOTIFY): `kind` is "new" (a table was
    opened), "action" (the table is at `version` now), "seat" (a seat was taken) or "gone"
    (a waiting table expired)."""

    origin: str
    kind: str
    table_id: str
    version: int


@dataclass
class TableChanges:
    """A table's rows past a version: its status, seats and the actions from there on."""

    status: str
    seats: list[SeatRow]
    actions: list[tuple[int, int, str, str | None]]

"""The database's tables and the rows the server reads and writes.

The schema here is what the Alembic migrations (`migrations/versions/`) build; a change to it
needs a new migration. The dataclasses are the rows as the table layer sees them, so the
layers above never touch SQLAlchemy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

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
    # migration 0003: private tables, clocks and the bot that stands in for a leaver
    Column("private", Boolean, nullable=False, server_default=false()),  # not in the lobby
    Column("clock", Text, nullable=True),  # JSON ClockRule; NULL: no clock
    Column("clock_state", Text, nullable=True),  # JSON Clocks (banks, running, since)
    Column("replacement", String(40), nullable=True),  # bot level for leavers and timeouts
    Column("host_hash", String(64), nullable=True),  # sha256 of the creator's secret
    # whether the game counts for the ratings (decided when the table is opened)
    Column("rated", Boolean, nullable=False, server_default=false()),
    # take-backs so far: every take-back adds one, so a client's version never names two
    # positions (see tables/takebacks.py)
    Column("revision", Integer, nullable=False, server_default="0"),
    # An analysis table starts from this state (JSON of a whole state), not from its seed's
    # deal, and names the table it explores; such tables are private and not rated.
    Column("start_state", Text, nullable=True),
    Column("analysis_of", String(32), nullable=True),
    # a tutorial table (migration 0010): its moves follow the game's tutorial script
    Column("tutorial", Boolean, nullable=False, server_default=false()),
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
    # migration 0003: the bot level playing a human seat whose person left or ran out of time
    Column("stand_in", String(40), nullable=True),
    Column("player", String(32), nullable=True, index=True),  # the profile in the seat
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
    # migration 0003: who played it when not the seat's own player ("bot:<level>" stand-in)
    Column("played_by", String(48), nullable=True),
    Column("revision", Integer, nullable=False, server_default="0"),  # the table's, when played
    Column("undoable", Boolean, nullable=False, server_default=false()),  # its player may undo it
    # migration 0010: it continues its player's previous action, sent with it in one click
    Column("joins", Boolean, nullable=False, server_default=false()),
)

takebacks = Table(
    "takebacks",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("revision", Integer, primary_key=True),  # the table's revision after it
    Column("n", Integer, nullable=False),  # the number of the action taken back (now deleted)
    Column("seat", Integer, nullable=False),
    Column("notation", String(NOTATION_MAX), nullable=False),
    Column("lines", Text, nullable=False),  # JSON: the take-back's log line per audience
    Column("created_at", Float, nullable=False),
)

# migration 0007: a bot starting to play for a person (who left or ran out of time) and the
# person coming back, as the table's log tells them (see tables/seat_notes.py)
seat_notes = Table(
    "seat_notes",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 0, 1, 2, ...: the table's notes in order
    Column("revision", Integer, nullable=False),  # the table's revision then
    Column("before", Integer, nullable=False),  # the number of actions played before it
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # left / timed_out / back
    Column("level", String(40), nullable=True),  # the stand-in's level (None: back)
    Column("created_at", Float, nullable=False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, nullable=False),  # actions played before this state
    Column("state", Text, nullable=False),  # the true state's JSON (state.to_dict())
    Column("created_at", Float, nullable=False),
)


# -- players across tables and their ratings (see players/profiles.py and ratings.py) --------------
PLAYER_KEY_MAX = 48  # a profile id, or "bot:<level>"

profiles = Table(
    "profiles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(NAME_MAX), nullable=False),
    Column("name_key", String(4 * NAME_MAX), nullable=False, unique=True),  # NFKC, casefolded
    Column("password_hash", String(200), nullable=True),  # argon2id; NULL: no password
    Column("created_at", Float, nullable=False),
    #: sha256 of the name's look-alike key (TR39 skeleton): unique, so look-alikes of a taken
    #: name are refused; NULL for an older profile not yet filled in (or its look-alike's)
    Column("look_alike", String(64), nullable=True),
    Index("ix_profiles_look_alike", "look_alike", unique=True),
)

profile_keys = Table(
    "profile_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),  # sha256 of a browser's secret
    Column("profile_id", String(32), ForeignKey("profiles.id", ondelete="CASCADE"), index=True),
    Column("created_at", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    Column("game", String(40), primary_key=True),
    Column("player", String(PLAYER_KEY_MAX), primary_key=True),  # a profile id or bot:<level>
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_game_rating", "game", "rating"),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("player", String(PLAYER_KEY_MAX), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("place", Integer, nullable=False),  # 0: first (ties share a place)
    Column("before", Float, nullable=False),  # the rating before this game
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("at", Float, nullable=False),  # when the game was rated (just after it finished)
    Index("ix_rating_history_player", "player", "game", "at"),
)

# -- the bot's reviews of finished tables (see reviews.py) ---------------------------------------
reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("setting", String(64), primary_key=True),  # e.g. "seats=0,1 time=0.5"
    Column("review", Text, nullable=False),  # JSON, written once the whole review is done
    Column("created_at", Float, nullable=False),
)


# -- chat at the tables (migration 0007; see store/chat_store.py and players/chat.py) -------------
CHAT_TEXT_MAX = 500  # longest chat message, in characters

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # the operator names it
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("at", Float, nullable=False),
    Column("seat", Integer, nullable=True),  # NULL: a spectator wrote it
    Column("name", String(NAME_MAX), nullable=False),
    Column("text", Text, nullable=True),  # what was written (NULL: a quick phrase)
    Column("phrase", String(32), nullable=True),  # a quick phrase's id, shown in each language
    Column("address", String(64), nullable=False),  # sha256 of the writer's address
    Column("removed", Boolean, nullable=False, server_default=false()),  # by the operator
    Index("ix_chat_messages_table", "table_id", "id"),
)

chat_reports = Table(
    "chat_reports",
    metadata,
    Column(
        "message_id",
        Integer,
        ForeignKey("chat_messages.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("reporter", String(80), primary_key=True),  # a seat or a spectator's address digest
    Column("at", Float, nullable=False),
)

chat_settings = Table(
    "chat_settings",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("enabled", Boolean, nullable=False),  # the host may turn the chat off
    Column("spectators", Boolean, nullable=False),  # spectators may write
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    stand_in: str | None = None  # bot level playing for a person who left or timed out
    player: str | None = None  # the seat's profile id (None: a guest or a bot)


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
    settings: TableSettings | None = None  # privacy, clock, stand-in bot, creator
    rated: bool = False
    start_state: dict[str, Any] | None = None  # an analysis table's starting state
    analysis_of: str | None = None  # the table an analysis table explores
    tutorial: bool = False  # a tutorial table (leafpile.tutorial): its moves follow the script


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
    played_by: str | None = None  # "bot:<level>" when a stand-in played it
    clock_state: str | None = None  # the table's clocks after it (JSON), if it has a clock
    revision: int = 0  # the table's take-backs so far (the append is refused if it moved)
    undoable: bool = False  # its player may take it back (Game.may_take_back)
    joins: bool = False  # it continues the previous action's click (one take-back for both)


@dataclass(frozen=True)
class SeatNote:
    """A seat's change as the log tells it: a bot of `level` starts to play for the seat's
    person (`kind` "left" or "timed_out"), or the person is back ("back"), after `before`
    actions at the table's `revision`."""

    seq: int
    revision: int
    before: int
    seat: int
    kind: str
    level: str | None = None


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
    settings: TableSettings | None = None
    played_by: dict[int, str] = field(default_factory=dict)  # action n -> stand-in
    rated: bool = False
    revision: int = 0  # take-backs so far
    marks: list[tuple[int, bool]] = field(default_factory=list)  # per action: revision, undoable
    joins: set[int] = field(default_factory=set)  # actions that continue the previous one's click
    takebacks: list[tuple[int, int, str]] = field(default_factory=list)  # revision, seat, lines
    notes: list[SeatNote] = field(default_factory=list)  # the seat notes, in order
    start_state: str | None = None  # JSON text: an analysis table's starting state
    analysis_of: str | None = None
    tutorial: bool = False


@dataclass
class Change:
    """What another server process changed (a NOTIFY): `kind` is "new" (a table was
    opened), "action" (the table is at `version` now), "undo" (an action was taken back: the
    table is at `version` now), "seat" (a seat was taken), "gone" (a waiting table expired),
    "chat" (a chat message was stored: `version` is its id) or "chat_settings" (the host
    changed the table's chat)."""

    origin: str
    kind: str
    table_id: str
    version: int
    sent: float = 0.0  # when it was announced (wall time; 0: not said), for the metrics


@dataclass
class TableChanges:
    """A table's rows past a version: its status, seats and the actions from there on."""

    status: str
    seats: list[SeatRow]
    actions: list[tuple[int, int, str, str | None]]
    clock_state: str | None = None
    played_by: dict[int, str] = field(default_factory=dict)
    revision: int = 0  # take-backs so far: another than this copy's means reload it
    notes: list[SeatNote] = field(default_factory=list)  # seat notes past the copy's count
    joins: set[int] = field(default_factory=set)  # actions that continue the previous one's click


@dataclass
class TableSettings:
    """What a table's creator chose besides the game (migration 0003): whether the lobby
    lists it, its clock (JSON, None: none), the bot level that stands in for a person who
    leaves or runs out of time, and the digest of the creator's secret (who may remove a
    player). `clock_state` is the clocks as last stored."""

    private: bool = False
    clock: str | None = None
    replacement: str | None = None
    host_hash: str | None = None
    clock_state: str | None = None

"""A live table: one match in memory with its seats, tokens, listeners and log, and how it
takes in other processes' changes (the tables room: `opening.py` opens a table,
`rebuild.py` rebuilds one from its rows, `manager.py` holds the manager of all tables)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from leafpile.engine import GameRecord, InvalidStateError, State
from leafpile.engine.game import Game
from leafpile.engine.match import Match
from leafpile.i18n import Msg
from leafpile.server.errors import (
    Conflict,
    GameOver,
    NotFinished,
    NotStarted,
    NotYourTurn,
    StaleVersion,
)
from leafpile.server.store.schema import SeatRow, TableChanges
from leafpile.server.tables.clocks import Clocks
from leafpile.server.tables.position import LogEntry, Position
from leafpile.server.tables.seat_notes import note_entry
from leafpile.tutorial import Tutorial
from leafpile.tutorial import load as load_tutorial

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
    #: the address each seat was taken from (one seat per address at a rated table; not
    #: stored, so a restart forgets it)
    seat_clients: dict[int, str] = field(default_factory=dict)
    catching_up: bool = False  # a catch-up with other processes' changes is on its way
    last_change: float = field(default_factory=time.time)  # wall time (for putting away)
    put_away: bool = False  # taken out of memory while idle: `find` loads a fresh copy
    #: sharing the database with other processes (`duty.py`): whether this one plays the
    #: bots and runs the clock here, whether announced changes wait for the next request,
    #: and whether this copy tried to take the table's lock already
    driven: bool = True
    behind: bool = False
    claim_tried: bool = False
    private: bool = False  # reachable only through its invite link, never listed
    replacement: str | None = None  # the bot level standing in for leavers and timeouts
    host_hash: str | None = None  # sha256 of the creator's secret (None: nobody is host)
    clocks: Clocks | None = None  # None: the table has no clock
    played_by: dict[int, str] = field(default_factory=dict)  # action n -> its stand-in
    now: Callable[[], float] = time.time  # the manager's clock (a fake one in tests)
    rated: bool = False  # the game counts for the ratings (see players/ratings.py)
    revision: int = 0  # take-backs so far (takebacks.py)
    undoable: list[bool] = field(default_factory=list)  # per action: may its player undo it
    #: the actions that continue their player's previous one, sent in the same click (one
    #: take-back takes the click back whole)
    joins: set[int] = field(default_factory=set)
    #: The states before the last `len(chain)` actions, all take-back-able (kept since the
    #: last action that was not): a take-back needs no replay. Empty after a rebuild.
    chain: list[State] = field(default_factory=list)
    analysis_of: str | None = None  # an analysis table: the table it explores (private, unrated)
    notes: int = 0  # seat notes in the log so far (seat_notes.py): the next one's number
    tutorial: bool = False  # a tutorial table: the game's script (leafpile.tutorial) leads it

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def script(self) -> Tutorial | None:
        """The tutorial this table follows (None: an ordinary table)."""
        return load_tutorial(self.game.info.name) if self.tutorial else None

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
        """What clients hold and send back: it grows with every action and every take-back
        (one action fewer, two revisions more), so it never names two positions."""
        return len(self.actions) + 2 * self.revision

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

    def bot_of(self, seat: int) -> str | None:
        """The bot level that plays `seat` now: its own bot, or one standing in for its
        person (None: a person plays it, or it is open)."""
        row = self.seats[seat]
        return row.bot if row.kind == BOT else row.stand_in

    def person_to_move(self) -> int | None:
        """The seat to move when a person plays it and the game runs (whose clock runs)."""
        seat = self.position.to_move
        if self.status != PLAYING or seat < 0 or self.bot_of(seat) is not None:
            return None
        return seat

    def open_seats(self) -> list[SeatRow]:
        return [s for s in self.seats if s.kind == HUMAN and s.token_hash is None]

    def connected_seats(self) -> set[int]:
        return {lst.seat for lst in self.listeners if lst.seat is not None}

    def advance(
        self,
        position: Position,
        notation: str,
        entry: LogEntry,
        undoable: bool = False,
        joins: bool = False,
    ) -> None:
        """Move on to `position` after `notation` (already committed; `joins`: it continues
        the previous action's click)."""
        if joins:
            self.joins.add(len(self.actions))
        if undoable:
            self.chain.append(self.match.state)  # never changed again: states are replaced
        else:
            self.chain.clear()
        self.match.state = position.state
        self.match.record.actions.append(notation)
        self.undoable.append(undoable)
        self.position = position
        self.log.append(entry)
        if position.finished:
            self.status = FINISHED

    def idle(self, now: float, ttl: float) -> bool:
        """Whether this game in play waits for a person without a clock, unchanged and
        unwatched for `ttl` seconds at `now` (wall time), with nothing under way."""
        return (
            self.status == PLAYING
            and not self.listeners
            and self.bot_task is None
            and not self.lock.locked()
            and not self.catching_up
            and (self.clocks is None or self.clocks.running is None)
            and now - self.last_change >= ttl
        )

    def check_turn(self, seat: int, version: int) -> None:
        """Refuse a move (an action or a take-back) of `seat` seen at `version` unless the
        game is under way, at that version, with `seat` to move (the table's lock is held)."""
        if self.put_away:  # idle, it was taken out of memory just before: a fresh copy serves
            raise Conflict(Msg("the table was put away meanwhile; reload it"))
        if self.status == WAITING:
            raise NotStarted(Msg("the table is waiting for players"))
        if self.status == FINISHED:
            raise GameOver(Msg("the game is over"), table=self, seat=seat)
        if version != self.version:
            raise StaleVersion(
                Msg(
                    "stale version {version}: the table is at version {now}",
                    version=version,
                    now=self.version,
                ),
                table=self,
                seat=seat,
            )
        if self.position.to_move != seat:
            raise NotYourTurn(Msg("it is not your turn"), table=self, seat=seat)

    def catch_up(self, changes: TableChanges) -> bool:
        """Take in what other server processes stored past this copy's version: actions
        (checked against the rules as at start-up; their log lines come stored with them),
        seats taken, seat notes and the status. Returns whether anything changed."""
        moved = False
        notes = [note for note in changes.notes if note.seq >= self.notes]

        def notes_until(played: int) -> None:
            while notes and notes[0].before <= played:
                note = notes.pop(0)
                self.log.append(note_entry(note, self.players))
                self.notes = note.seq + 1

        moved = bool(notes)
        for n, seat, notation, lines in changes.actions:
            notes_until(n)
            if n != len(self.actions):
                raise InvalidStateError(f"table {self.id}: action {n} after {len(self.actions)}")
            before = self.state
            state = before.clone()
            action = state.parse_action(notation)
            items = json.loads(lines) if lines is not None else None
            entry = (
                LogEntry(seat, items)
                if isinstance(items, list)
                else LogEntry(seat, self.position.log_items(self.game, action))
            )
            entry.stand_in = changes.played_by.get(n)
            state.apply(action)
            undoable = self.game.may_take_back(before, action, state)
            position = Position(self.game, state, n + 1 + 2 * self.revision, state.is_terminal())
            self.advance(position, str(action), entry, undoable, n in changes.joins)
            moved = True
        notes_until(len(self.actions))
        for row in changes.seats:
            mine = self.seats[row.seat]
            seen = (mine.name, mine.token_hash, mine.stand_in, mine.player)
            if seen != (row.name, row.token_hash, row.stand_in, row.player):
                mine.name, mine.token_hash = row.name, row.token_hash
                mine.stand_in, mine.player = row.stand_in, row.player
                moved = True
        self.played_by.update(changes.played_by)
        if self.clocks is not None and changes.clock_state is not None:
            clocks = Clocks.from_json(self.clocks.rule, changes.clock_state, self.players)
            moved = moved or clocks != self.clocks
            self.clocks = clocks
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
                "played_by": self.parts(),
                **({"analysis_of": self.analysis_of} if self.analysis_of else {}),
            },
        )

    def parts(self) -> list[list[dict[str, Any]]]:
        """Who played which part of each seat: runs of its actions (`first` to `last`,
        action numbers) by its person or by a bot standing in (`by`: name or "bot:level")."""
        out: list[list[dict[str, Any]]] = [[] for _ in self.seats]
        actions = (e for e in self.log if e.is_action)
        for n, entry in enumerate(actions):
            if not 0 <= entry.seat < len(self.seats):
                continue
            seat = self.seats[entry.seat]
            by = self.played_by.get(n) or (seat.name if seat.kind == HUMAN else f"bot:{seat.bot}")
            runs = out[entry.seat]
            if runs and runs[-1]["by"] == by:
                runs[-1]["last"] = n
            else:
                runs.append({"by": by, "first": n, "last": n})
        return out

    def finished_record(self) -> GameRecord:
        """The record for download: only once the game is over, since it holds the seed."""
        if self.status != FINISHED:
            raise NotFinished(
                Msg(
                    "the game record (which holds the seed, and so every hidden card) can be "
                    "downloaded once the game is over; the replay shows the game so far"
                )
            )
        return self.record()

"""Who sits where once a table is open: taking a seat, leaving, being removed, running out
of time and coming back (the tables room; `manager.TableManager` owns the tables).

- Anyone may leave a waiting table: their seat opens again.
- A person who leaves a running game, or whose clock runs out, keeps their seat token while
  a bot of the table's `replacement` level stands in and plays on through the same seat-bot
  path as any bot; they may take the seat back (with their token) until the game ends.
- The creator (who holds the table's host secret) may remove a player who has not acted
  yet: the seat opens again and a running table waits for someone to take it.

Each change is committed (seat, status and clocks in one transaction) before the table here
changes and anyone hears of it, as with actions.
"""

from __future__ import annotations

import hmac
import logging
from typing import Any

from leafpile.i18n import Msg
from leafpile.server.errors import (
    AlreadyActed,
    BadSeats,
    BadToken,
    GameOver,
    NotHost,
    NoToken,
    NotRated,
    SeatTaken,
    StoodIn,
    StorageFailed,
    TableFull,
)
from leafpile.server.store.db import STORAGE_ERRORS, ConflictError
from leafpile.server.store.schema import SeatNote
from leafpile.server.store.seat_store import SeatChange, store_seat_change
from leafpile.server.tables.clocks import Clocks
from leafpile.server.tables.live_table import (
    FINISHED,
    HUMAN,
    PLAYING,
    WAITING,
    LiveTable,
    hash_token,
    new_token,
)
from leafpile.server.tables.position import Position
from leafpile.server.tables.seat_notes import BACK, LEFT, TIMED_OUT, note_entry
from leafpile.server.tables.steps import TableSteps

log = logging.getLogger("leafpile.server")

#: The bot level that stands in when a table named none ([D]).
DEFAULT_REPLACEMENT = "medium"


def mover(table: LiveTable, position: Position | None = None) -> int | None:
    """The seat to move at `position` (default: now) when a person plays it: whose clock
    runs once the game is under way."""
    position = position or table.position
    seat = position.to_move
    if position.finished or seat < 0 or table.bot_of(seat) is not None:
        return None
    return seat


def clocks_after_move(table: LiveTable, seat: int, position: Position, now: float) -> Clocks | None:
    """The table's clocks once `seat` has moved at `now`, leading to `position`: the turn
    passes when another seat is to move (a stand-in's decisions within one turn never do)."""
    if table.clocks is None:
        return None
    passed = position.finished or position.to_move != seat
    return table.clocks.after_move(seat, mover(table, position), now, passed)


def played_by(table: LiveTable, seat: int) -> str | None:
    """What the record says of a move of `seat` now: "bot:<level>" for a stand-in."""
    row = table.seats[seat]
    return f"bot:{row.stand_in}" if row.kind == HUMAN and row.stand_in else None


def _opened(
    table: LiveTable, seat: int, clocks: Clocks | None, status: str | None = None
) -> SeatChange:
    """The change that opens `seat` again (its holder leaves or is removed)."""
    row = table.seats[seat]
    state = clocks.to_json() if clocks is not None else None
    return SeatChange(
        table.id, seat, None, None, None, (row.token_hash, row.stand_in), status, state
    )


def _stood_in(
    table: LiveTable, seat: int, level: str | None, clocks: Clocks | None, why: str
) -> SeatChange:
    """The change that has a bot of `level` stand in at `seat` (None: its person is back),
    with the log's note of it (`why`: a `seat_notes` kind)."""
    row = table.seats[seat]
    state = clocks.to_json() if clocks is not None else None
    was = (row.token_hash, row.stand_in)
    note = SeatNote(-1, table.revision, len(table.actions), seat, why, level)
    return SeatChange(table.id, seat, row.name, row.token_hash, level, was, None, state, note)


class Seating:
    """The seat changes of every table of one manager (`steps`: what they use of it)."""

    def __init__(self, steps: TableSteps) -> None:
        self.steps = steps

    # -- what a person may do --------------------------------------------------------------
    async def join(
        self, table: LiveTable, name: str, wanted: object, player: str | None = None
    ) -> tuple[int, str]:
        """Give `name` (with profile `player`, if any) an open seat (`wanted`, or the first
        open one); returns the seat and its secret token. The table starts when its last
        human seat is taken. At a rated table every person has a profile and one seat."""
        async with table.lock:
            if table.rated and player is None:
                raise NotRated(Msg("this table is rated: sign in with a profile to take a seat"))
            if table.rated and any(s.player == player for s in table.seats):
                raise NotRated(Msg("you already sit at this rated table: one seat per person"))
            open_seats = table.open_seats()
            if not open_seats:
                raise TableFull(Msg("every seat at this table is taken"))
            if wanted is None:
                seat = open_seats[0]
            else:
                chosen = [s for s in open_seats if s.seat == wanted]
                if not chosen:
                    raise SeatTaken(Msg("seat {seat!r} is not open", seat=wanted))
                seat = chosen[0]
            token, digest = new_token()
            new_status = PLAYING if len(open_seats) == 1 else None
            clocks = table.clocks
            if clocks is not None and new_status is not None:  # the clocks start now
                clocks = clocks.started(mover(table), self.steps.now())
            stored_clocks = clocks.to_json() if clocks is not None and new_status else None
            try:
                await self.steps.db.run(
                    self.steps.db.take_seat,
                    table.id,
                    seat.seat,
                    name,
                    digest,
                    new_status,
                    stored_clocks,
                    player,
                )
            except ConflictError:
                if self.steps.db.shared:
                    await self.steps.catch_up(table)
                raise SeatTaken(Msg("that seat has just been taken")) from None
            except STORAGE_ERRORS:
                log.exception("cannot store a seat of table %s", table.id)
                raise StorageFailed(
                    Msg("the seat could not be stored, so it was not taken")
                ) from None
            seat.name = name
            seat.token_hash = digest
            seat.player = player
            if new_status is not None:
                table.status = new_status
            table.clocks = clocks
            self.steps.changed(table)
        return seat.seat, token

    async def leave(self, table: LiveTable, token: Any) -> int:
        """The seat holding `token` leaves: a waiting table's seat opens again; in a running
        game a bot stands in until the person comes back. Returns the seat."""
        async with table.lock:
            seat = self._seat_of(table, token)
            if table.status == FINISHED:
                raise GameOver(Msg("the game is over"), table=table, seat=seat)
            row = table.seats[seat]
            if table.status == PLAYING:
                if row.stand_in is None:
                    await self._stand_in(table, seat, LEFT)
                return seat
            clocks = table.clocks.reset(seat) if table.clocks is not None else None
            await self._store(table, _opened(table, seat, clocks))
            row.name = row.token_hash = row.stand_in = row.player = None
            table.clocks = clocks
            self.steps.changed(table)
        return seat

    async def come_back(self, table: LiveTable, token: Any) -> int:
        """The person holding `token` takes their seat back from the bot standing in."""
        async with table.lock:
            seat = self._seat_of(table, token)
            if table.status == FINISHED:
                raise GameOver(Msg("the game is over"), table=table, seat=seat)
            row = table.seats[seat]
            if row.stand_in is None:
                return seat
            now = self.steps.now()
            clocks = None
            if table.clocks is not None:
                running = seat if table.position.to_move == seat else table.clocks.running
                clocks = table.clocks.comeback(seat, now).started(running, now)
            await self._store(table, _stood_in(table, seat, None, clocks, BACK))
            if table.bot_task is not None and table.position.to_move == seat:
                table.bot_task.cancel()
                table.bot_task = None
            row.stand_in = None
            table.clocks = clocks
            self.steps.changed(table)
        return seat

    async def hand_over(self, table: LiveTable, player: str) -> tuple[int, str]:
        """The seat profile `player` holds, brought to the browser asking (signed in with
        that profile): a new seat token for it, the old one no longer valid. Returns the seat
        and its token."""
        async with table.lock:
            held = [s for s in table.seats if s.kind == HUMAN and s.player == player]
            if not held or held[0].token_hash is None:
                raise BadToken(Msg("your profile holds no seat at this table"))
            if table.status == FINISHED:
                raise GameOver(Msg("the game is over"), table=table, seat=held[0].seat)
            row = held[0]
            token, digest = new_token()
            was = (row.token_hash, row.stand_in)
            change = SeatChange(table.id, row.seat, row.name, digest, row.stand_in, was)
            await self._store(table, change)
            row.token_hash = digest
            self.steps.changed(table)
        return row.seat, token

    async def remove(self, table: LiveTable, host: Any, seat: Any) -> None:
        """The creator (holding `host`) removes the player of `seat`, who has not acted."""
        async with table.lock:
            if not isinstance(host, str) or not host:
                raise NoToken(Msg("this needs the table's host secret (its creator's)"))
            if table.host_hash is None or not hmac.compare_digest(
                table.host_hash, hash_token(host)
            ):
                raise NotHost(Msg("only the table's creator may remove a player"))
            if table.status == FINISHED:
                raise GameOver(Msg("the game is over"))
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise BadSeats(Msg("seat must be a seat number"))
            if not 0 <= seat < len(table.seats):
                raise BadSeats(Msg("there is no seat {seat}", seat=seat))
            row = table.seats[seat]
            if row.kind != HUMAN or row.token_hash is None:
                raise BadSeats(Msg("nobody sits at seat {seat} to be removed", seat=seat))
            if any(entry.seat == seat for entry in table.log):
                raise AlreadyActed(Msg("that player has acted already and cannot be removed"))
            clocks = None
            if table.clocks is not None:
                clocks = table.clocks.stopped(self.steps.now()).reset(seat)
            new_status = WAITING if table.status == PLAYING else None
            await self._store(table, _opened(table, seat, clocks, new_status))
            row.name = row.token_hash = row.stand_in = row.player = None
            if new_status is not None:
                table.status = new_status
            if table.bot_task is not None:
                table.bot_task.cancel()
                table.bot_task = None
            table.clocks = clocks
            self.steps.changed(table)

    # -- clocks ------------------------------------------------------------------------------
    async def before_person_acts(self, table: LiveTable, seat: int) -> None:
        """Refuse a person's action at a seat a bot plays for them, and first stand in for a
        seat whose clock has run out (the table's lock is held)."""
        await self.expire(table)
        if table.seats[seat].stand_in is not None:
            raise StoodIn(
                Msg("a bot is playing your seat since you left or ran out of time; take it back"),
                table=table,
                seat=seat,
            )

    async def time_out(self, table: LiveTable) -> None:
        """The timekeeper's call at a table's deadline."""
        async with table.lock:
            await self.expire(table)

    async def expire(self, table: LiveTable) -> None:
        """Stand in for the person to move if their clock has run out (lock held)."""
        seat = table.person_to_move()
        if seat is None or table.clocks is None or table.clocks.running != seat:
            return
        if table.clocks.remaining(seat, self.steps.now()) > 0:
            self.steps.watch(table)
            return
        log.info("table %s: seat %d ran out of time; a bot stands in", table.id, seat)
        await self._stand_in(table, seat, TIMED_OUT)

    # -- shared steps ----------------------------------------------------------------------
    def _seat_of(self, table: LiveTable, token: Any) -> int:
        if not isinstance(token, str) or not token:
            raise NoToken(Msg("this needs your seat token"))
        seat = table.seat_of(token)
        if seat is None:
            raise BadToken(Msg("that token holds no seat at this table"))
        return seat

    async def _stand_in(self, table: LiveTable, seat: int, why: str) -> None:
        """A bot of the table's replacement level plays `seat` from now (lock held); `why`
        is the log's note (left / timed out). A person who leaves during their turn is
        charged on until the stand-in moves, so a quick return cannot stop their clock; a
        timed-out clock stops at zero."""
        row = table.seats[seat]
        level = table.replacement or DEFAULT_REPLACEMENT
        clocks = table.clocks
        if clocks is not None and clocks.running == seat and why == TIMED_OUT:
            clocks = clocks.stopped(self.steps.now())  # charged to the end: zero
        await self._store(table, _stood_in(table, seat, level, clocks, why))
        row.stand_in = level
        table.clocks = clocks
        self.steps.changed(table)

    async def _store(self, table: LiveTable, change: SeatChange) -> None:
        """Commit `change`; its note, once stored, joins the table's log."""
        db = self.steps.db
        try:
            note = await db.run(store_seat_change, db, change)
        except ConflictError:
            raise BadSeats(Msg("that seat has just changed; reload the table")) from None
        except STORAGE_ERRORS:
            log.exception("cannot store a seat change of table %s", table.id)
            raise StorageFailed(Msg("the change could not be stored, so it was not made")) from None
        if note is not None:
            table.log.append(note_entry(note, table.players))
            table.notes = note.seq + 1

"""Live tables: the authoritative game states in memory, rebuilt from the database log.

One `TableManager` owns every table. Each table has an asyncio lock: an action is checked
(seat token, version, turn, legality), committed to the database, and only then applied in
memory and pushed to listeners, so whoever hears of an action can rely on it surviving a
restart. Seat bots think in worker processes and submit through the same door as people.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib
import logging
import multiprocessing
import os
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from leafpile.bots import BOTS, make_bot
from leafpile.engine import (
    GameRecord,
    LeafpileError,
    Rng,
    State,
    legal_strings,
)
from leafpile.engine.game import Game
from leafpile.games import GAMES, get_game
from leafpile.server.db import (
    NAME_MAX,
    ActionWriter,
    ConflictError,
    Database,
    SeatRow,
    TableRow,
)

log = logging.getLogger("leafpile.server")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
HUMAN, BOT = "human", "bot"
ACTION_MAX = 100  # longest action text accepted from a client


class ApiError(Exception):
    """A refused request: HTTP-like status, a short code and a human message."""

    def __init__(
        self, status: int, code: str, message: str, state: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.state = state

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.state is not None:
            out["state"] = self.state
        return out


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ApiError(422, "bad_name", "enter a display name")
    cleaned = " ".join(name.split())
    if len(cleaned) > NAME_MAX:
        raise ApiError(422, "bad_name", f"display names are at most {NAME_MAX} characters")
    return cleaned


@dataclass
class LogEntry:
    seat: int
    lines: list[str]  # [spectator line, player 0's line, player 1's line, ...]

    def line_for(self, audience: int | None) -> str:
        return self.lines[0 if audience is None else audience + 1]


@dataclass
class Listener:
    """One connected client: the seat it speaks for (None: spectator) and its outbox."""

    seat: int | None
    send: Callable[[dict[str, Any]], None]
    log_sent: int = 0  # log entries this client already has: pushes carry only newer ones


@dataclass
class LiveTable:
    id: str
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    created_at: float
    seats: list[SeatRow]
    state: State
    actions: list[str] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: list[Listener] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None

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

    def seats_public(self) -> list[dict[str, Any]]:
        connected = {lst.seat for lst in self.listeners if lst.seat is not None}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": self.seat_name(s),
                "open": s.kind == HUMAN and s.token_hash is None,
                "connected": s.kind == BOT or s.seat in connected,
            }
            for s in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: nothing hidden."""
        to_move = self.state.current_player
        return {
            "id": self.id,
            "game": self.game.info.name,
            "title": self.game.info.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "to_move": to_move if to_move >= 0 and self.status == PLAYING else None,
            "seats": self.seats_public(),
            "created_at": self.created_at,
        }

    def snapshot(self, audience: int | None, log_from: int = 0) -> dict[str, Any]:
        """Everything `audience` (a seat, None: spectator) may know about the table now.

        `log` holds the log entries from `log_start` = `log_from` on (a live client that has
        the earlier ones gets only the new ones, so long games do not resend their history)."""
        state = self.state
        view = self.game.player_view(state, audience)
        view_dict = public_dict(view, finished=self.status == FINISHED)
        to_move = state.current_player
        acting = self.status == PLAYING and to_move >= 0
        try:
            scores = view.scores()
        except Exception:  # a game whose scores need hidden parts: say nothing
            scores = []
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.info.name,
            "title": self.game.info.title,
            "status": self.status,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "you": audience,
            "seats": self.seats_public(),
            "to_move": to_move if acting else None,
            "view": view_dict,
            "legal": legal_strings(state) if acting and audience == to_move else [],
            "log_start": log_from,
            "log": [{"seat": e.seat, "text": e.line_for(audience)} for e in self.log[log_from:]],
            "scores": scores,
            "winners": state.winners() if self.status == FINISHED else None,
            "extras": game_extras(self.game, view),
        }

    def record(self) -> GameRecord:
        rec = GameRecord(
            game=self.game.info.name,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            actions=list(self.actions),
            metadata={
                "table": self.id,
                "seats": [s.name if s.kind == HUMAN else f"bot:{s.bot}" for s in self.seats],
                "created_at": self.created_at,
            },
        )
        return rec


def public_dict(view: State, finished: bool) -> dict[str, Any]:
    """A view's JSON without the seed (which would reveal every future draw) until the end."""
    d = view.to_dict()
    if not finished:
        d.pop("seed", None)
        d.pop("rng", None)
    return d


_EXTRAS: dict[str, Callable[[State], Mapping[str, Any]] | None] = {}


def game_package(game: Game) -> str:
    """The game's package (`leafpile.games.under_the_leaves` for "under-the-leaves")."""
    return ".".join(game.__class__.__module__.split(".")[:3])


def _extras_function(game: Game) -> Callable[[State], Mapping[str, Any]] | None:
    name = game.info.name
    if name not in _EXTRAS:
        try:
            module = importlib.import_module(f"{game_package(game)}.web")
        except ImportError:
            module = None
        _EXTRAS[name] = getattr(module, "extras", None) if module is not None else None
    return _EXTRAS[name]


def game_extras(game: Game, view: State) -> dict[str, Any]:
    """Game-specific display facts computed from a view by the game's own `web` module
    (e.g. Autumn's live area sizes), so the browser never re-implements rules."""
    extras = _extras_function(game)
    if extras is None:
        return {}
    try:
        out = extras(view)
    except Exception:  # display sugar must never break a table
        log.exception("extras failed for %s", game.info.name)
        return {}
    return dict(out)


def describe_for_all(game: Game, state: State, players: int, action_text: str) -> list[str]:
    """The log line of one action as each audience may read it (spectator first)."""
    lines = []
    for audience in [None, *range(players)]:
        try:
            view = game.player_view(state, audience)
            lines.append(game.describe(view, state.parse_action(action_text)))
        except Exception:
            lines.append(f"P{state.current_player} moved")
    return lines


def _bot_act(bot_name: str, view: State, seed: int) -> str:
    """Ask a fresh bot for its move (in a worker process or thread, never on the event loop);
    a bot that answers something illegal plays at random instead."""
    rng = Rng(seed)
    text = str(make_bot(bot_name, view.game).act(view, rng))
    legal = legal_strings(view)
    if text not in legal:
        log.warning("bot %s chose %r, not legal; playing at random", bot_name, text)
        text = rng.choice(legal)
    return text


def _watch_parent(server_pid: int) -> None:
    """Bot worker initializer: exit when the server process is gone (even after SIGKILL)."""

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def make_bot_executor(kind: str) -> Executor:
    """Processes (default) keep a thinking bot from slowing the server through the GIL;
    threads start faster (tests, tiny machines)."""
    if kind == "process":
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=2,
            mp_context=context,
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
    raise ValueError(f"bot executor must be 'process' or 'thread', not {kind!r}")


class TableManager:
    """Every table of this server, their persistence and their seat bots."""

    def __init__(
        self,
        db: Database,
        bot_delay: float = 0.0,
        allow_client_seed: bool = False,
        bot_workers: str = "process",
    ) -> None:
        self.db = db
        self.tables: dict[str, LiveTable] = {}
        self.bot_delay = bot_delay
        self.allow_client_seed = allow_client_seed
        self.executor = make_bot_executor(bot_workers)
        self.closing = False
        self.writer = ActionWriter(db)

    # -- start and stop -----------------------------------------------------------------------
    async def start(self) -> None:
        await self.db.run(self.db.migrate)
        rows = await self.db.run(self.db.load_all)
        for row in rows:
            try:
                table = self._rebuild(row)
            except Exception:
                log.exception("table %s cannot be rebuilt; skipped", row.id)
                continue
            self.tables[table.id] = table
        for table in self.tables.values():
            self._schedule_bot(table)

    async def stop(self) -> None:
        self.closing = True
        self.writer.stop()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.db.close()

    def _rebuild(self, row: TableRow) -> LiveTable:
        game = get_game(row.game)
        state = game.new_state(row.players, row.seed, row.options)
        table = LiveTable(
            id=row.id,
            game=game,
            players=row.players,
            options=row.options,
            seed=row.seed,
            status=row.status,
            created_at=row.created_at,
            seats=row.seats,
            state=state,
        )
        for text in row.actions:
            lines = describe_for_all(game, state, row.players, text)
            seat = state.current_player
            state.play(text)
            table.actions.append(text)
            table.log.append(LogEntry(seat, lines))
        return table

    # -- lookups --------------------------------------------------------------------------------
    def get(self, table_id: Any) -> LiveTable:
        if not isinstance(table_id, str) or table_id not in self.tables:
            raise ApiError(404, "unknown_table", f"there is no table {table_id!r}")
        return self.tables[table_id]

    def lobby(self) -> list[dict[str, Any]]:
        listed = sorted(self.tables.values(), key=lambda t: -t.created_at)
        return [t.summary() for t in listed[:200]]

    # -- creating and joining -------------------------------------------------------------------
    async def create(self, body: Any) -> dict[str, Any]:
        """Create a table: `{game, players, options, seats: [{kind, bot}], name, sit}`."""
        if not isinstance(body, dict):
            raise ApiError(400, "bad_request", "send a JSON object")
        game_name = body.get("game")
        if not isinstance(game_name, str) or game_name not in GAMES:
            known = ", ".join(sorted(GAMES))
            raise ApiError(422, "unknown_game", f"unknown game {game_name!r}; known: {known}")
        game = GAMES[game_name]
        players = body.get("players", game.info.min_players)
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(422, "bad_options", "options must be a JSON object")
        try:
            resolved = game.resolve_options(players, options)
        except LeafpileError as e:
            raise ApiError(422, "bad_options", str(e)) from None
        seed = body.get("seed")
        if seed is not None:
            if not self.allow_client_seed:
                raise ApiError(422, "bad_request", "this server draws the seed itself")
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
                raise ApiError(422, "bad_request", "seed must be an integer in [0, 2^63)")
        else:
            seed = secrets.randbits(63)
        seat_specs = body.get("seats")
        if not isinstance(seat_specs, list) or len(seat_specs) != players:
            raise ApiError(422, "bad_seats", f"give exactly {players} seats")
        seat_rows: list[SeatRow] = []
        for i, spec in enumerate(seat_specs):
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind == HUMAN:
                seat_rows.append(SeatRow(i, HUMAN))
            elif kind == BOT:
                bot = spec.get("bot")
                if not isinstance(bot, str) or bot not in BOTS:
                    known = ", ".join(sorted(BOTS))
                    raise ApiError(422, "bad_seats", f"unknown bot {bot!r}; known: {known}")
                seat_rows.append(SeatRow(i, BOT, bot=bot))
            else:
                raise ApiError(422, "bad_seats", "each seat is {kind: human} or {kind: bot, bot}")
        sit = body.get("sit")
        token: str | None = None
        if sit is not None:
            if not isinstance(sit, int) or isinstance(sit, bool) or not 0 <= sit < players:
                raise ApiError(422, "bad_seats", "sit must be a seat number")
            if seat_rows[sit].kind != HUMAN:
                raise ApiError(422, "bad_seats", "you cannot sit in a bot's seat")
            name = check_name(body.get("name"))
            token = secrets.token_urlsafe(24)
            seat_rows[sit].name = name
            seat_rows[sit].token_hash = hash_token(token)
        try:
            state = game.new_state(players, seed, resolved)
        except LeafpileError as e:
            raise ApiError(422, "bad_options", str(e)) from None
        open_seats = any(s.kind == HUMAN and s.token_hash is None for s in seat_rows)
        row = TableRow(
            id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
            game=game_name,
            players=players,
            options={k: list(v) if isinstance(v, tuple) else v for k, v in resolved.items()},
            seed=seed,
            status=WAITING if open_seats else PLAYING,
            created_at=time.time(),
            seats=seat_rows,
        )
        await self.db.run(self.db.create_table, row)
        table = LiveTable(
            id=row.id,
            game=game,
            players=players,
            options=row.options,
            seed=seed,
            status=row.status,
            created_at=row.created_at,
            seats=seat_rows,
            state=state,
        )
        self.tables[table.id] = table
        self._schedule_bot(table)
        return {
            "table": table.id,
            "seat": sit,
            "token": token,
            "invite": f"/table/{table.id}",
            "state": table.snapshot(sit),
        }

    async def join(self, table_id: Any, body: Any) -> dict[str, Any]:
        """Take an open seat: `{name, seat?}` -> the seat's secret token."""
        table = self.get(table_id)
        if not isinstance(body, dict):
            raise ApiError(400, "bad_request", "send a JSON object")
        name = check_name(body.get("name"))
        async with table.lock:
            open_seats = [s for s in table.seats if s.kind == HUMAN and s.token_hash is None]
            if not open_seats:
                raise ApiError(409, "table_full", "every seat at this table is taken")
            wanted = body.get("seat")
            if wanted is None:
                seat = open_seats[0]
            else:
                chosen = [s for s in open_seats if s.seat == wanted]
                if not chosen:
                    raise ApiError(409, "seat_taken", f"seat {wanted!r} is not open")
                seat = chosen[0]
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            new_status = PLAYING if len(open_seats) == 1 else None
            try:
                await self.db.run(self.db.take_seat, table.id, seat.seat, name, digest, new_status)
            except ConflictError as e:
                raise ApiError(409, "seat_taken", str(e)) from None
            seat.name = name
            seat.token_hash = digest
            if new_status is not None:
                table.status = new_status
            self._broadcast(table)
            self._schedule_bot(table)
        return {"table": table.id, "seat": seat.seat, "token": token}

    # -- acting ---------------------------------------------------------------------------------
    async def act(
        self, table_id: Any, token: Any, body: Any, bot_seat: int | None = None
    ) -> dict[str, Any]:
        """Check and apply `{table, version, action}` for the seat holding `token`."""
        if not isinstance(body, dict):
            raise ApiError(400, "bad_request", "send a JSON object {table, version, action}")
        if body.get("table", table_id) != table_id:
            raise ApiError(400, "bad_request", "the table in the body is not this table")
        table = self.get(table_id)
        version = body.get("version")
        text = body.get("action")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(400, "bad_request", "version must be an integer")
        if not isinstance(text, str) or not text.strip() or len(text) > ACTION_MAX:
            raise ApiError(400, "bad_request", "action must be a short notation string")
        async with table.lock:
            if bot_seat is not None:
                seat: int | None = bot_seat
            else:
                if not isinstance(token, str) or not token:
                    raise ApiError(401, "no_token", "this needs your seat token")
                seat = table.seat_of(token)
                if seat is None:
                    raise ApiError(403, "bad_token", "that token holds no seat at this table")
            assert seat is not None
            if table.status == WAITING:
                raise ApiError(409, "not_started", "the table is waiting for players")
            if table.status == FINISHED:
                raise ApiError(409, "game_over", "the game is over", table.snapshot(seat))
            if version != table.version:
                raise ApiError(
                    409,
                    "stale",
                    f"stale version {version}: the table is at version {table.version}",
                    table.snapshot(seat),
                )
            state = table.state
            if state.current_player != seat:
                raise ApiError(409, "not_your_turn", "it is not your turn", table.snapshot(seat))
            try:
                action = state.parse_action(text)
            except LeafpileError as e:
                raise ApiError(422, "illegal", str(e), table.snapshot(seat)) from None
            notation = str(action)
            lines = describe_for_all(table.game, state, table.players, notation)
            new_state = state.clone()
            new_state.apply(action)
            new_status = FINISHED if new_state.is_terminal() else None
            try:
                await self.writer.append(table.id, table.version, seat, notation, new_status)
            except ConflictError:  # another server process stored this number first
                raise ApiError(
                    409, "conflict", "another action was stored first; reload the table"
                ) from None
            except Exception:
                log.exception("cannot store an action of table %s", table.id)
                raise ApiError(
                    503, "storage", "the action could not be stored, so it was not played"
                ) from None
            # committed: now it is true
            table.state = new_state
            table.actions.append(notation)
            table.log.append(LogEntry(seat, lines))
            if new_status is not None:
                table.status = new_status
            self._broadcast(table)
            self._schedule_bot(table)
            return table.snapshot(seat)

    # -- listeners ------------------------------------------------------------------------------
    def listen(self, table: LiveTable, listener: Listener) -> None:
        table.listeners.append(listener)
        self._broadcast(table)

    def unlisten(self, table: LiveTable, listener: Listener) -> None:
        if listener in table.listeners:
            table.listeners.remove(listener)
            self._broadcast(table)

    def _broadcast(self, table: LiveTable) -> None:
        """Queue each listener its own snapshot (one computation per audience)."""
        cache: dict[tuple[int | None, int], dict[str, Any]] = {}
        for lst in list(table.listeners):
            key = (lst.seat, min(lst.log_sent, len(table.log)))
            if key not in cache:
                cache[key] = table.snapshot(*key)
            lst.send(cache[key])
            lst.log_sent = len(table.log)

    # -- bots -----------------------------------------------------------------------------------
    def _schedule_bot(self, table: LiveTable) -> None:
        if self.closing or table.status != PLAYING:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        seat = table.state.current_player
        if seat < 0 or table.seats[seat].kind != BOT:
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(table, seat))

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            version = table.version
            if table.state.current_player != seat or table.status != PLAYING:
                return
            bot_name = table.seats[seat].bot or "random"
            view = table.game.player_view(table.state, seat)
            rng_seed = (table.seed * 1_000_003 + version * 7919 + seat) % (2**63)
            loop = asyncio.get_running_loop()
            try:
                text = await loop.run_in_executor(self.executor, _bot_act, bot_name, view, rng_seed)
            except BrokenProcessPool:
                log.error("bot processes died; bots now think in threads")
                self.executor = make_bot_executor("thread")
                text = await loop.run_in_executor(self.executor, _bot_act, bot_name, view, rng_seed)
            body = {"table": table.id, "version": version, "action": text}
            await self.act(table.id, None, body, bot_seat=seat)
        except asyncio.CancelledError:
            raise
        except ApiError as e:
            log.info("bot move refused at table %s: %s", table.id, e.message)
        except Exception:
            log.exception("bot failed at table %s", table.id)
        finally:
            table.bot_task = None
        self._schedule_bot(table)

"""Replays: every step of a game as the public (or a seat) saw it, built in the worker pool
once per (table, version, seat) for every language at once, and kept compressed.

A replay replays the whole record, so it never runs on the event loop. The worker replays the
game once and writes the whole answer (head and steps) in each language, the views and scores
serialized once and only the words written per language, each answer gzip-compressed (a long
game's 13 MB of JSON is a few hundred KB). `ReplayCache` keeps the compressed answers within a
memory bound and refuses more concurrent builds than it allows; the endpoint sends the bytes
as they are (`Content-Encoding: gzip`), so a cached answer costs the event loop nothing but
the write, and the build runs as the requester's work in the pool's fair share.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from collections import OrderedDict
from typing import Any

from leafpile import i18n
from leafpile.engine import Action, GameRecord, State
from leafpile.engine.saves import whole_number
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.api.snapshots import seats_public
from leafpile.server.errors import BadRequest, Busy, NotFinished
from leafpile.server.tables.live_table import FINISHED, LiveTable
from leafpile.server.tables.position import extras_of, public_dict
from leafpile.server.workers import REQUESTS, BotPool

COMPRESSION = 6  # gzip level: most of the size gone for a fraction of level 9's time


def replay_bodies(
    game_name: str,
    record: dict[str, Any],
    head: dict[str, Any],
    seat: int | None = None,
    langs: tuple[str, ...] = tuple(i18n.LANGUAGES),
) -> dict[str, bytes]:
    """The gzip-compressed JSON answer (`head` with `steps`) in each of `langs`: every step
    of a game record as the public saw it (each step's view, player to move, scores, extras
    and the log line that led to it, with its "why"), or as `seat` saw it (only asked of a
    finished game, whose record is public).

    The game is replayed once and each step's view and scores serialized once; only the
    extras and the line are written per language. It runs in the worker pool."""
    game = GAMES[game_name]
    fixed: list[str] = []  # each step's language-free part, serialized
    words: list[tuple[Any, str | None, str | None]] = []  # extras, line and why: no language
    line: str | None = None
    why: str | None = None

    def step(state: State) -> None:
        view = game.player_view(state, seat)
        to_move = state.current_player
        part = {
            "version": len(fixed),
            "view": public_dict(view, finished=False),
            "to_move": to_move if to_move >= 0 else None,
            "scores": view.scores(),
            "msg": None if line is None else i18n.as_json(line),
        }
        fixed.append(json.dumps(part)[1:-1])
        # with every step's choices: the review draws its better move from them
        words.append((extras_of(game, view, acts=True), line, why))

    def visit(state: State, action: Action) -> None:
        nonlocal line, why
        step(state)
        seen = game.player_view(state, seat)
        line, why = game.describe(seen, action), game.explain(seen, action)

    step(GameRecord.from_dict(record).replay(game, visit))
    top = json.dumps(head)[:-1] + ', "steps": ['
    bodies = {}
    for lang in langs:
        parts = [top]
        for i, (common, (extras, said, reason)) in enumerate(zip(fixed, words, strict=True)):
            localized = {
                "extras": i18n.localize_tree(extras, lang),
                "line": None if said is None else i18n.localize(said, lang),
                "why": None if reason is None else i18n.localize(reason, lang),
            }
            parts.append(("{" if i == 0 else ", {") + common + ", " + json.dumps(localized)[1:])
        parts.append("]}")
        bodies[lang] = gzip.compress("".join(parts).encode(), COMPRESSION)
    return bodies


Key = tuple[str, int, int | None]  # table, version, seat (None: the public)


def read_audience(given: str | None, table: LiveTable) -> int | None:
    """The `seat` query parameter of a replay: whose views it shows. A seat's own views
    (its hand) only once the game is over, when its record is public anyway."""
    if given is None or given == "":
        return None
    seat = whole_number(given)
    if seat is None or not 0 <= seat < table.players:
        raise BadRequest(Msg("seat must be a number from 0 to {last}", last=table.players - 1))
    if table.status != FINISHED:
        raise NotFinished(Msg("a seat's own view of the game can be replayed once it is over"))
    return seat


class ReplayCache:
    """Replays built in the worker pool, each (table, version, seat) once in every language,
    kept compressed while they fit in `max_bytes`; at most `max_building` different ones are
    built at a time (more are refused as busy), so replay requests cannot take the server's
    time from its tables."""

    def __init__(self, max_bytes: int = 64 * 2**20, max_building: int = 4) -> None:
        self.max_bytes = max_bytes
        self.max_building = max_building
        self.done: OrderedDict[Key, dict[str, bytes]] = OrderedDict()
        self.size = 0
        self.building: dict[Key, asyncio.Future[dict[str, bytes]]] = {}

    async def answer(
        self,
        table: LiveTable,
        workers: BotPool,
        lang: str = i18n.DEFAULT,
        seat: int | None = None,
        client: str = "",
    ) -> bytes:
        """The replay answer in `lang`, gzip-compressed; built in the workers as `client`'s
        work (its share of them) when not cached."""
        key = (table.id, table.version, seat)
        cached = self.done.get(key)
        if cached is not None:
            self.done.move_to_end(key)
            return cached[lang]
        pending = self.building.get(key)
        if pending is None:
            if len(self.building) >= self.max_building:
                raise Busy(Msg("the server is building other replays; try again in a moment"))
            record = table.record().to_dict()
            head = replay_head(table)  # with the record: the table may move on meanwhile
            name = table.game.info.name
            pending = asyncio.ensure_future(
                workers.run(
                    replay_bodies,
                    name,
                    record,
                    head,
                    seat,
                    owner=f"replay:{client}",
                    klass=REQUESTS,
                )
            )
            self.building[key] = pending
            pending.add_done_callback(lambda done: self._built(key, done))
        return (await asyncio.shield(pending))[lang]

    def _built(self, key: Key, done: asyncio.Future[dict[str, bytes]]) -> None:
        self.building.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return  # the waiting requests answer the failure
        bodies = done.result()
        size = sum(len(b) for b in bodies.values())
        if size > self.max_bytes:
            return
        self.done[key] = bodies
        self.size += size
        while self.size > self.max_bytes:
            _, old = self.done.popitem(last=False)
            self.size -= sum(len(b) for b in old.values())


def replay_head(table: LiveTable) -> dict[str, Any]:
    """The replay answer without its steps (`ReplayCache.steps` gives those)."""
    return {
        "table": table.id,
        "game": table.game.info.name,
        "title": table.game.info.title,
        "status": table.status,
        "players": table.players,
        "options": table.options,
        "seats": seats_public(table),
        "winners": table.position.winners if table.status == FINISHED else None,
        "analysis_of": table.analysis_of,
    }

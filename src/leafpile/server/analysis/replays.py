"""Replays: every step of a game as the public saw it, built in the worker pool and cached.

A replay replays the whole record, so it never runs on the event loop; `ReplayCache` keeps
what was built per (table, version, language) within a memory bound and refuses more
concurrent builds than it allows, so replays cannot take the server's time from its tables.
"""

from __future__ import annotations

import asyncio
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
from leafpile.server.workers import BotPool


def replay_steps(
    game_name: str, record: dict[str, Any], lang: str = i18n.DEFAULT, seat: int | None = None
) -> str:
    """The JSON list of every step of a game record as the public saw it (each step's view,
    player to move, scores, extras and the log line that led to it), or as `seat` saw it
    (only asked of a finished game, whose record is public).

    It replays the whole game, so it runs in the worker pool, never on the event loop, and
    its answer is cached per (table, version, language) by `ReplayCache`."""
    game = GAMES[game_name]
    steps: list[dict[str, Any]] = []
    line: str | None = None

    def step(state: State) -> None:
        view = game.player_view(state, seat)
        to_move = state.current_player
        steps.append(
            {
                "version": len(steps),
                "view": public_dict(view, finished=False),
                "to_move": to_move if to_move >= 0 else None,
                "scores": view.scores(),
                # with every step's choices: the review draws its better move from them
                "extras": i18n.localize_tree(extras_of(game, view, acts=True), lang),
                "line": None if line is None else i18n.localize(line, lang),
                "msg": None if line is None else i18n.as_json(line),
            }
        )

    def visit(state: State, action: Action) -> None:
        nonlocal line
        step(state)
        line = game.describe(game.player_view(state, seat), action)

    step(GameRecord.from_dict(record).replay(game, visit))
    return json.dumps(steps)


Key = tuple[str, int, str, int | None]  # table, version, language, seat (None: the public)


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
    """Replays built in the worker pool, each (table, version) once, kept while they fit in
    `max_chars`; at most `max_building` different ones are built at a time (more are
    refused as busy), so replay requests cannot take the server's time from its tables."""

    def __init__(self, max_chars: int = 64 * 2**20, max_building: int = 4) -> None:
        self.max_chars = max_chars
        self.max_building = max_building
        self.done: OrderedDict[Key, str] = OrderedDict()
        self.chars = 0
        self.building: dict[Key, asyncio.Future[str]] = {}

    async def steps(
        self,
        table: LiveTable,
        workers: BotPool,
        lang: str = i18n.DEFAULT,
        seat: int | None = None,
        client: str = "",
    ) -> str:
        """The replay's steps as JSON text; built in the workers as `client`'s work (its
        share of them) when not cached."""
        key = (table.id, table.version, lang, seat)
        cached = self.done.get(key)
        if cached is not None:
            self.done.move_to_end(key)
            return cached
        pending = self.building.get(key)
        if pending is None:
            if len(self.building) >= self.max_building:
                raise Busy(Msg("the server is building other replays; try again in a moment"))
            record = table.record().to_dict()
            pending = asyncio.ensure_future(
                workers.run(
                    replay_steps,
                    table.game.info.name,
                    record,
                    lang,
                    seat,
                    owner=f"replay:{client}",
                )
            )
            self.building[key] = pending
            pending.add_done_callback(lambda done: self._built(key, done))
        return await asyncio.shield(pending)

    def _built(self, key: Key, done: asyncio.Future[str]) -> None:
        self.building.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return  # the waiting requests answer the failure
        text = done.result()
        if len(text) > self.max_chars:
            return
        self.done[key] = text
        self.chars += len(text)
        while self.chars > self.max_chars:
            _, old = self.done.popitem(last=False)
            self.chars -= len(old)


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

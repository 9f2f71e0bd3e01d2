"""Explore from here: a private analysis table that plays on from a position of a finished
game, with bots in the other seats.

The position is what the explorer's chosen seat knew then: its view, with every hidden part
dealt afresh by the game's `determinize` (so the other seats' hands and the draws to come
are a plausible sample, not the real ones). The new table starts from that state (its row
and record carry it as `start_state`), is not listed in the lobby and is not rated.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from leafpile.bots import BOTS
from leafpile.engine import GameRecord, Rng, State
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.api.checks import check_name
from leafpile.server.errors import BadRequest, BadSeats, NotFinished
from leafpile.server.store.schema import SeatRow
from leafpile.server.tables.live_table import BOT, FINISHED, HUMAN, LiveTable
from leafpile.server.tables.opening import NewTable

DEFAULT_BOT = "medium"


@dataclass(frozen=True)
class Exploring:
    """A checked request: the position (actions played), the seat played, the bots' level."""

    version: int
    seat: int
    name: str
    bot: str


def read_explore(body: Any, table: LiveTable) -> Exploring:
    """`{version, seat, name, bot?}` checked against the finished `table`."""
    if table.status != FINISHED:
        raise NotFinished(Msg("a position can be explored once the game is over"))
    if not isinstance(body, dict):
        raise BadRequest(Msg("send a JSON object {fields}", fields="{version, seat, name, bot}"))
    version, seat = _number(body.get("version")), _number(body.get("seat"))
    if version is None or not 0 <= version < len(table.actions):
        raise BadRequest(
            Msg("version must be a position from 0 to {last}", last=len(table.actions) - 1)
        )
    if seat is None or not 0 <= seat < table.players:
        raise BadSeats(Msg("seat must be a number from 0 to {last}", last=table.players - 1))
    bot = body.get("bot", DEFAULT_BOT)
    if not isinstance(bot, str) or bot not in BOTS:
        raise BadSeats(
            Msg(
                "unknown bot {bot}; known: {known}",
                bot=repr(str(bot)[:40]),
                known=", ".join(sorted(BOTS)),
            )
        )
    return Exploring(version, seat, check_name(body.get("name")), bot)


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def start_from(game_name: str, record: dict[str, Any], version: int, seat: int, seed: int) -> State:
    """The state an analysis table starts from (in a worker: it replays the record): the
    position after `version` actions as `seat` saw it, hidden parts dealt again from `seed`."""
    game = GAMES[game_name]
    states = GameRecord.from_dict(record)
    states.actions = states.actions[:version]
    state = states.replay(game)
    start = game.determinize(game.player_view(state, seat), seat, Rng(seed))
    start.seed = seed
    return start


def analysis_table(table: LiveTable, asked: Exploring, start: State | None) -> NewTable:
    """The new table: the explorer in their seat, bots of the asked level in the others
    (without `start`: the table as planned, for the limits checked before any work)."""
    if start is not None and start.is_terminal():
        raise BadRequest(Msg("the game is over at this position"))
    seats = [
        SeatRow(i, HUMAN) if i == asked.seat else SeatRow(i, BOT, bot=asked.bot)
        for i in range(table.players)
    ]
    return NewTable(
        game=table.game,
        players=table.players,
        options=dict(start.options if start is not None else table.options),
        seed=start.seed if start is not None else None,
        seats=seats,
        sit=asked.seat,
        name=asked.name,
        start=start,
        analysis_of=table.id,
        private=True,  # reached only through its link, never listed, never rated
    )


def new_seed() -> int:
    return secrets.randbits(63)

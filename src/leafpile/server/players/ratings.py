"""Rated games: which tables count, rating a finished one exactly once, and what the
leaderboard and a player's page show.

People (their profiles) and bot levels ("bot:<level>") are rated alike, per game, with
Glicko-2 (`glicko2.py`). [D] One game is one rating period: each player meets every other
seat once (1 ahead, 1/2 tied, 0 behind), all results applied together; a bot level in
several seats of one table is one player there, with the results of all its seats and none
between them. [D] Places: the game's winners (after its own tie-breaks) share the first
place; the others follow by score, equal scores tied. [D] A person's seat counts as played
only when they made at least `PLAYED_SHARE` of its decisions themselves (not their stand-in):
a seat they left sooner is a loss, behind every seat that was played, so leaving at once
with a strong stand-in wins nothing. The stand-in at a rated table is always
`RATED_STAND_IN`, whatever the table asked for.

A table says whether it is rated when it is opened, and only then. [D] It may be rated only
when the game can count fairly: the server draws the seed (no client seed) and every option
that fixes an order or a setup (a deck, a bag, start tiles, goals...) is left to chance, and
so is who plays first; the table is public (its game is listed on the players' pages); at
least two players and one person; every person sits with their
profile, one seat each (no hot-seat: the same profile twice is refused). A game's update is
one transaction keyed by its table (`player_store.store_game_ratings`), started when the
last action is stored and retried from the database at start-up and every minute after a
crash, by any process.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any, TypeVar

from leafpile.bots import BOTS
from leafpile.engine import State
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.errors import (
    BadRequest,
    NotFound,
    NotRated,
    Refusal,
    StorageFailed,
    new_error_id,
)
from leafpile.server.players import player_store
from leafpile.server.players.glicko2 import Rating, update
from leafpile.server.players.names import BOT_PREFIX
from leafpile.server.players.player_store import GameRow, HistoryRow, Standing
from leafpile.server.players.profiles import Profile, name_key
from leafpile.server.store.db import STORAGE_ERRORS
from leafpile.server.store.schema import SeatRow
from leafpile.server.tables.live_table import BOT, FINISHED, HUMAN, LiveTable
from leafpile.server.tables.manager import TableManager
from leafpile.server.tables.opening import NewTable

log = logging.getLogger("leafpile.server")

SETTLE_EVERY = 60.0  # seconds between looks for finished rated games left unrated
#: [D] The share of a seat's decisions its person must make for the seat's result to count
#: (below it the seat is a loss): half, so a player who left early plays no rated game.
PLAYED_SHARE = 0.5
#: [D] The one stand-in level at rated tables (the default stand-in of every table).
RATED_STAND_IN = "medium"


# -- which tables count ------------------------------------------------------------------------
def fixed_options(new: NewTable) -> list[str]:
    """The options that fix an order or a setup (list options given a value)."""
    return [
        spec.name
        for spec in new.game.info.options
        if isinstance(spec.default, tuple) and new.options.get(spec.name)
    ]


def unrated_reason(new: NewTable, profile: Profile | None) -> Msg | None:
    """Why `new` cannot be rated (None: it can)."""
    if new.tutorial:
        return Msg("a tutorial is never rated")
    if new.seed is not None:
        return Msg("a rated table draws its own seed")
    fixed = fixed_options(new)
    if fixed:
        return Msg(
            "a rated table leaves the order of cards and tiles to chance (option {option})",
            option=fixed[0],
        )
    if new.options.get("first_player", "random") != "random":
        return Msg("at a rated table the first player is drawn (first_player: random)")
    if new.private:
        return Msg("a private table is not rated: rated games are listed on the players' pages")
    if new.players < 2:
        return Msg("a game alone is not rated")
    if not any(s.kind == HUMAN for s in new.seats):
        return Msg("a table of bots alone is not rated")
    if new.sit is not None and profile is None:
        return Msg("sign in with a profile to play a rated table")
    return None


def prepare(new: NewTable, requested: Any, profile: Profile | None) -> None:
    """Seat the creator with their profile (named as it is), and make the table rated when
    `requested` is true and it can be (else refuse: the creator asked for a rated game)."""
    if new.sit is not None and profile is not None:
        new.seats[new.sit].player = profile.id
        new.name = profile.name
    if requested is None or requested is False:
        return
    if requested is not True:
        raise BadRequest(Msg("rated must be true or false"))
    reason = unrated_reason(new, profile)
    if reason is not None:
        raise NotRated(reason)
    new.rated = True
    new.replacement = RATED_STAND_IN  # no choosing a strong bot to play for a leaver


# -- rating a finished game --------------------------------------------------------------------
def places_of(state: State, played: list[bool] | None = None) -> list[int]:
    """Each seat's place (0 first): winners first, then by score; equals share a place.
    A seat not `played` by its person comes behind every seat that was."""
    winners = set(state.winners())
    scores = state.scores()
    played = played or [True] * state.num_players
    key = [(played[i], i in winners, scores[i]) for i in range(state.num_players)]
    return [sum(1 for other in key if other > mine) for mine in key]


def played_seats(table: LiveTable) -> list[bool]:
    """Whether each seat was played: a bot's always; a person's when they made at least
    `PLAYED_SHARE` of its decisions themselves (a seat with none counts as played)."""
    own = [0] * len(table.seats)
    total = [0] * len(table.seats)
    actions = (e for e in table.log if e.is_action)
    for n, entry in enumerate(actions):
        if 0 <= entry.seat < len(table.seats):
            total[entry.seat] += 1
            own[entry.seat] += n not in table.played_by
    return [
        seat.kind != HUMAN or total[i] == 0 or own[i] >= PLAYED_SHARE * total[i]
        for i, seat in enumerate(table.seats)
    ]


def player_key(seat: SeatRow) -> str | None:
    """Who a seat is for the ratings: its profile, or its bot level."""
    if seat.kind == BOT:
        return BOT_PREFIX + str(seat.bot)
    return seat.player


def rate_seats(keys: list[str], places: list[int], before: dict[str, Rating]) -> dict[str, Rating]:
    """Every player's new rating after one game (see the module's [D])."""
    after = {}
    for me in dict.fromkeys(keys):
        results = []
        for i, ki in enumerate(keys):
            if ki != me:
                continue
            for j, kj in enumerate(keys):
                if kj == me:
                    continue
                score = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                results.append((before[kj], score))
        after[me] = update(before[me], results) if results else before[me]
    return after


class Ratings:
    """Rates the rated tables of `manager` when they finish (or later, after a crash)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.db = manager.db
        self.tasks: set[asyncio.Task[Any]] = set()
        self.skipped: set[str] = set()  # finished rated tables that cannot be rated (logged)
        self.settler: asyncio.Task[None] | None = None
        manager.on_finish = self.finished

    async def start(self) -> None:
        await self.settle()
        self.settler = asyncio.get_running_loop().create_task(self._settle_forever())

    async def stop(self) -> None:
        if self.settler is not None:
            self.settler.cancel()
        for task in list(self.tasks):
            task.cancel()

    def finished(self, table: LiveTable) -> None:
        """A game has just ended here (its last action is stored): rate it if it counts."""
        if not table.rated:
            return
        task = asyncio.get_running_loop().create_task(self._rate_logged(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def idle(self) -> None:
        """Wait for the ratings under way (tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def _rate_logged(self, table: LiveTable) -> None:
        try:
            await self.rate(table)
        except STORAGE_ERRORS:  # the next settle tries again
            log.exception("cannot store the ratings of table %s; trying again later", table.id)
        except Exception:  # a background task must not die silently
            log.exception("rating table %s failed (error id %s)", table.id, new_error_id())

    async def rate(self, table: LiveTable) -> bool:
        """Store the ratings after `table`'s game, once; returns whether this call did."""
        keys = [player_key(s) for s in table.seats]
        if table.status != FINISHED or not table.rated or None in keys:
            if table.rated and table.status == FINISHED:
                log.error("rated table %s has a person without a profile; not rated", table.id)
                self.skipped.add(table.id)
            return False
        seat_keys = [k for k in keys if k is not None]
        places = places_of(table.state, played_seats(table))
        best = {k: min(p for kk, p in zip(seat_keys, places, strict=True) if kk == k) for k in keys}

        def rate(before: dict[str, Rating]) -> dict[str, Rating]:
            return rate_seats(seat_keys, places, before)

        game = table.game.info.name
        return await self.db.run(
            player_store.store_game_ratings, self.db, table.id, game, best, rate
        )

    async def settle(self) -> int:
        """Rate the finished rated games left unrated (by a stopped process); returns how
        many this call rated."""
        ids = await self.db.run(player_store.unrated_finished, self.db)
        done = 0
        for table_id in ids:
            if table_id in self.skipped:
                continue
            try:
                table = await self.manager.find(table_id)
            except Refusal as e:
                log.error("rated table %s cannot be loaded to rate it: %s", table_id, e.message)
                self.skipped.add(table_id)
                continue
            done += await self.rate(table)
        return done

    async def _settle_forever(self) -> None:
        while True:
            await asyncio.sleep(SETTLE_EVERY)
            try:
                await self.settle()
            except STORAGE_ERRORS:
                log.exception("cannot look for unrated finished games")

    # -- what the pages show --------------------------------------------------------------------
    async def leaderboard(self, game: Any) -> dict[str, Any]:
        if not isinstance(game, str) or game not in GAMES:
            raise NotFound(Msg("no such game"))
        rows = sound(await self._read(player_store.leaderboard, game), f"leaderboard {game}")
        return {
            "game": game,
            "title": GAMES[game].info.title,
            "players": [standing(r) for r in rows],
        }

    async def player(self, name: Any) -> dict[str, Any]:
        """A person's or a bot level's ratings, rating history and games."""
        if not isinstance(name, str) or not 0 < len(name) <= 4 * 40:
            raise NotFound(Msg("no such player"))
        key = name_key(" ".join(name.split()))
        if key.startswith(BOT_PREFIX):
            level = key[len(BOT_PREFIX) :]
            if level not in BOTS:
                raise NotFound(Msg("no such player"))
            player, shown, kind = BOT_PREFIX + level, BOT_PREFIX + level, "bot"
        else:
            row = await self._read(player_store.profile_by_name, key)
            if row is None:
                raise NotFound(Msg("no such player"))
            player, shown, kind = row.id, row.name, "person"
        standings = sound(await self._read(player_store.standings_of, player), shown)
        history = sound(await self._read(player_store.history_of, player), shown)
        if kind == "person":
            games = [game_row(g) for g in await self._read(player_store.games_of, player)]
            if not (standings or history or games):  # as an unknown name: no enumeration
                raise NotFound(Msg("no such player"))
        else:
            games = [rated_game(h) for h in reversed(history[-50:])]
        results = {h.table_id: h for h in history}
        shared = await self._read(
            player_store.shared_places, player, [g["table"] for g in games if g["table"] in results]
        )
        for g in games:
            h = results.get(g["table"])
            g["place"] = h.place if h else None
            g["shared"] = g["table"] in shared  # the place is shared: first equal is a draw
            g["change"] = round(h.rating - h.before, 1) if h else None
        return {
            "name": shown,
            "kind": kind,
            "bot": shown[len(BOT_PREFIX) :] if kind == "bot" else None,
            "ratings": [standing(s) for s in standings],
            "history": [history_point(h) for h in history],
            "games": games,
        }

    async def _read(self, fn: Any, *args: Any) -> Any:
        try:
            return await self.db.run(fn, self.db, *args)
        except STORAGE_ERRORS:
            log.exception("cannot read the ratings")
            raise StorageFailed(Msg("the ratings could not be read; try again")) from None


RowT = TypeVar("RowT", Standing, HistoryRow)


def sound(rows: list[RowT], where: str) -> list[RowT]:
    """The stored rating rows whose numbers are real (a damaged row, NaN or infinite, is set
    aside and logged, as a table's broken rows are, rather than failing the answer)."""
    kept = []
    for row in rows:
        numbers = (row.rating, row.deviation, getattr(row, "before", 0.0))
        if all(math.isfinite(x) for x in numbers):
            kept.append(row)
        else:
            log.error("%s: a damaged rating row of %s is set aside: %r", where, row.game, row)
    return kept


def standing(s: Standing) -> dict[str, Any]:
    bot = s.player[len(BOT_PREFIX) :] if s.player.startswith(BOT_PREFIX) else None
    return {
        "name": s.name if bot is None else s.player,
        "bot": bot,
        "game": s.game,
        "title": GAMES[s.game].info.title if s.game in GAMES else s.game,
        "rating": round(s.rating, 1),
        "deviation": round(s.deviation, 1),
        "games": s.games,
    }


def history_point(h: HistoryRow) -> dict[str, Any]:
    return {
        "table": h.table_id,
        "game": h.game,
        "at": h.at,
        "place": h.place,
        "before": round(h.before, 1),
        "rating": round(h.rating, 1),
        "deviation": round(h.deviation, 1),
    }


def game_row(g: GameRow) -> dict[str, Any]:
    return {
        "table": g.table_id,
        "game": g.game,
        "title": GAMES[g.game].info.title if g.game in GAMES else g.game,
        "status": g.status,
        "rated": g.rated,
        "at": g.created_at,
        "seat": g.seat,
        "seats": [
            {"kind": kind, "bot": bot, "name": name, "seat": i}
            for i, (kind, bot, name) in enumerate(g.seats)
        ],
    }


def rated_game(h: HistoryRow) -> dict[str, Any]:
    return {
        "table": h.table_id,
        "game": h.game,
        "title": GAMES[h.game].info.title if h.game in GAMES else h.game,
        "status": FINISHED,
        "rated": True,
        "at": h.at,
        "seat": None,
        "seats": [],
    }

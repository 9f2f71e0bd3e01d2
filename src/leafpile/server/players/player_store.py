"""Storage of players across tables: profiles and their browsers' keys, ratings per game and
their history (the storage under `profiles.py` and `ratings.py`).

Every function is synchronous, run in the database threads (`Database.run`). A game's rating
update is one transaction keyed by its table: the history rows' primary key (table, player)
and a check under a per-game lock make it happen once, whichever process or restart tries.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, and_, exists, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from leafpile.server.players.glicko2 import Rating
from leafpile.server.store.db import Database
from leafpile.server.store.schema import (
    profile_keys,
    profiles,
    rating_history,
    ratings,
    seats,
    tables,
)

KEYS_KEPT = 10  # browsers a profile stays signed in on; a new login forgets the oldest


class NameTakenError(Exception):
    """Another profile has this name (compared case-insensitively)."""


@dataclass(frozen=True)
class ProfileRow:
    id: str
    name: str
    password_hash: str | None


@dataclass(frozen=True)
class Standing:
    """One player's rating in one game (`name`: the profile's; None for a bot level)."""

    player: str
    name: str | None
    game: str
    rating: float
    deviation: float
    games: int


@dataclass(frozen=True)
class HistoryRow:
    table_id: str
    game: str
    place: int
    before: float
    rating: float
    deviation: float
    at: float


@dataclass(frozen=True)
class GameRow:
    """A table a player sat at: the seat, and every seat's (kind, bot, name)."""

    table_id: str
    game: str
    status: str
    rated: bool
    created_at: float
    seat: int
    seats: list[tuple[str, str | None, str | None]]


def _profile(row: object) -> ProfileRow:
    return ProfileRow(row.id, row.name, row.password_hash)  # type: ignore[attr-defined]


# -- profiles ------------------------------------------------------------------------------------
def create_profile(
    db: Database,
    profile_id: str,
    name: str,
    name_key: str,
    password_hash: str | None,
    key: str,
    look_alike: str | None = None,
) -> None:
    """Store a new profile with its first browser key; NameTakenError if the name, or a name
    that reads like it (`look_alike`), is used."""
    now = time.time()
    try:
        with db.engine.begin() as conn:
            conn.execute(
                insert(profiles).values(
                    id=profile_id,
                    name=name,
                    name_key=name_key,
                    password_hash=password_hash,
                    created_at=now,
                    look_alike=look_alike,
                )
            )
            conn.execute(
                insert(profile_keys).values(key_hash=key, profile_id=profile_id, created_at=now)
            )
    except IntegrityError:
        raise NameTakenError(name) from None


def fill_look_alikes(db: Database, key_of: Callable[[str], str]) -> int:
    """Give the profiles stored without a look-alike key theirs (`key_of(name)`), the oldest
    first; one whose look-alike is taken already keeps none (an older name it reads like
    keeps it). Returns how many were filled."""
    filled = 0
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(profiles.c.id, profiles.c.name)
            .where(profiles.c.look_alike.is_(None))
            .order_by(profiles.c.created_at)
        ).all()
    for row in rows:
        try:
            with db.engine.begin() as conn:
                conn.execute(
                    profiles.update()
                    .where(profiles.c.id == row.id)
                    .values(look_alike=key_of(row.name))
                )
            filled += 1
        except IntegrityError:  # an older profile's name reads the same: it keeps the key
            continue
    return filled


def profile_by_look_alike(db: Database, look_alike: str) -> ProfileRow | None:
    with db.engine.connect() as conn:
        row = conn.execute(select(profiles).where(profiles.c.look_alike == look_alike)).first()
    return _profile(row) if row is not None else None


def profile_by_key(db: Database, key: str) -> ProfileRow | None:
    """The profile a browser's key (the sha256 of its secret) belongs to."""
    with db.engine.connect() as conn:
        row = conn.execute(
            select(profiles)
            .join(profile_keys, profile_keys.c.profile_id == profiles.c.id)
            .where(profile_keys.c.key_hash == key)
        ).first()
    return _profile(row) if row is not None else None


def profile_by_name(db: Database, name_key: str) -> ProfileRow | None:
    with db.engine.connect() as conn:
        row = conn.execute(select(profiles).where(profiles.c.name_key == name_key)).first()
    return _profile(row) if row is not None else None


def add_key(db: Database, profile_id: str, key: str) -> None:
    """Sign one more browser in; the profile keeps its `KEYS_KEPT` newest keys."""
    with db.engine.begin() as conn:
        conn.execute(
            insert(profile_keys).values(key_hash=key, profile_id=profile_id, created_at=time.time())
        )
        old = conn.execute(
            select(profile_keys.c.key_hash)
            .where(profile_keys.c.profile_id == profile_id)
            .order_by(profile_keys.c.created_at.desc())
            .offset(KEYS_KEPT)
        ).all()
        if old:
            conn.execute(
                profile_keys.delete().where(profile_keys.c.key_hash.in_([r[0] for r in old]))
            )


def set_password(db: Database, profile_id: str, password_hash: str) -> None:
    with db.engine.begin() as conn:
        conn.execute(
            update(profiles).where(profiles.c.id == profile_id).values(password_hash=password_hash)
        )


def profile_names(conn: Connection, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = conn.execute(select(profiles.c.id, profiles.c.name).where(profiles.c.id.in_(ids)))
    return {r.id: r.name for r in rows}


# -- ratings -------------------------------------------------------------------------------------
def _lock_key(game: str) -> int:
    """A PostgreSQL advisory lock number for one game's ratings (a signed 64-bit integer)."""
    digest = hashlib.sha256(f"leafpile ratings {game}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


Rate = Callable[[dict[str, Rating]], dict[str, Rating]]


def store_game_ratings(
    db: Database,
    table_id: str,
    game: str,
    places: dict[str, int],
    rate: Rate,
) -> bool:
    """Rate one finished table once: under the game's lock (PostgreSQL: an advisory lock, so
    several processes take turns; SQLite: its one write lock, taken first), unless its
    history is stored already, read the players' ratings, `rate` them and store the new
    ratings with one history row per player, all in one transaction. Returns whether it
    rated the table."""
    players = sorted(places)
    try:
        with db.engine.begin() as conn:
            if db.shared:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _lock_key(game)})
            else:  # SQLite: a first write takes the database's write lock before any read
                conn.execute(
                    update(tables)
                    .where(tables.c.id == table_id)
                    .values(updated_at=tables.c.updated_at)
                )
            done = conn.execute(
                select(rating_history.c.player).where(rating_history.c.table_id == table_id)
            ).first()
            if done is not None:
                return False
            rows = {
                r.player: r
                for r in conn.execute(
                    select(ratings).where(ratings.c.game == game, ratings.c.player.in_(players))
                )
            }
            before = {
                p: Rating(rows[p].rating, rows[p].deviation, rows[p].volatility)
                if p in rows
                else Rating()
                for p in players
            }
            after = rate(before)
            now = time.time()  # the history's order: the order the games were counted in
            for p in players:
                new = after[p]
                values = {
                    "rating": new.rating,
                    "deviation": new.deviation,
                    "volatility": new.volatility,
                    "updated_at": now,
                }
                if p in rows:
                    conn.execute(
                        update(ratings)
                        .where(ratings.c.game == game, ratings.c.player == p)
                        .values(games=rows[p].games + 1, **values)
                    )
                else:
                    conn.execute(insert(ratings).values(game=game, player=p, games=1, **values))
                conn.execute(
                    insert(rating_history).values(
                        table_id=table_id,
                        player=p,
                        game=game,
                        place=places[p],
                        before=before[p].rating,
                        rating=new.rating,
                        deviation=new.deviation,
                        volatility=new.volatility,
                        at=now,
                    )
                )
    except IntegrityError:  # another writer rated this table (or a new player) first
        return False
    return True


def unrated_finished(db: Database, limit: int = 100) -> list[str]:
    """Rated tables that are finished but whose ratings are not stored yet (a process
    stopped between the last action and the rating), oldest first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(tables.c.id)
            .where(
                tables.c.rated.is_(True),
                tables.c.status == "finished",
                ~exists().where(rating_history.c.table_id == tables.c.id),
            )
            .order_by(tables.c.updated_at)
            .limit(limit)
        )
        return [r.id for r in rows]


def leaderboard(db: Database, game: str, limit: int = 100) -> list[Standing]:
    """The best rated players of `game`, people and bot levels, highest rating first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(ratings, profiles.c.name)
            .outerjoin(profiles, profiles.c.id == ratings.c.player)
            .where(ratings.c.game == game)
            .order_by(ratings.c.rating.desc(), ratings.c.player)
            .limit(limit)
        ).all()
    return [Standing(r.player, r.name, r.game, r.rating, r.deviation, r.games) for r in rows]


def standings_of(db: Database, player: str) -> list[Standing]:
    with db.engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.player == player)).all()
        names = profile_names(conn, [player])
    return [
        Standing(r.player, names.get(player), r.game, r.rating, r.deviation, r.games)
        for r in sorted(rows, key=lambda r: r.game)
    ]


def history_of(db: Database, player: str, limit: int = 500) -> list[HistoryRow]:
    """The player's rated games, oldest first (the newest `limit`)."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(rating_history)
            .where(rating_history.c.player == player)
            .order_by(rating_history.c.at.desc(), rating_history.c.table_id)
            .limit(limit)
        ).all()
    return [
        HistoryRow(r.table_id, r.game, r.place, r.before, r.rating, r.deviation, r.at)
        for r in reversed(rows)
    ]


def games_of(db: Database, player: str, limit: int = 50) -> list[GameRow]:
    """The newest finished public games a profile played, with every seat. Only finished
    ones: the id of a table still waiting or in play is its invite link, which a public page
    must not hand to strangers; and never a private table's (nor an analysis table's)."""
    with db.engine.connect() as conn:
        mine = conn.execute(
            select(tables, seats.c.seat)
            .join(seats, and_(seats.c.table_id == tables.c.id, seats.c.player == player))
            .where(tables.c.status == "finished", tables.c.private.is_(False))
            .order_by(tables.c.created_at.desc())
            .limit(limit)
        ).all()
        ids = list(dict.fromkeys(r.id for r in mine))
        everyone: dict[str, list[tuple[str, str | None, str | None]]] = {i: [] for i in ids}
        if ids:
            for s in conn.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ):
                everyone[s.table_id].append((s.kind, s.bot, s.name))
    return [
        GameRow(r.id, r.game, r.status, bool(r.rated), r.created_at, r.seat, everyone[r.id])
        for r in mine
    ]


def shared_places(db: Database, player: str, table_ids: list[str]) -> set[str]:
    """Of these rated tables, those where another player finished in the player's place: a
    shared place (a draw for first) is not a win."""
    if not table_ids:
        return set()
    mine = rating_history.alias("mine")
    other = rating_history.alias("other")
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(mine.c.table_id)
            .join(
                other,
                and_(
                    other.c.table_id == mine.c.table_id,
                    other.c.place == mine.c.place,
                    other.c.player != mine.c.player,
                ),
            )
            .where(mine.c.player == player, mine.c.table_id.in_(table_ids[:500]))
        ).all()
    return {r.table_id for r in rows}


def unfinished_tables_of(db: Database, player: str, limit: int = 50) -> list[str]:
    """The ids of the newest tables still waiting or in play where the profile holds a seat,
    private ones included: for that profile's own lobby only (an id is its invite link)."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(tables.c.id)
            .join(seats, and_(seats.c.table_id == tables.c.id, seats.c.player == player))
            .where(tables.c.status != "finished")
            .order_by(tables.c.created_at.desc())
            .limit(limit)
        ).all()
    return list(dict.fromkeys(r.id for r in rows))

"""What an operator does to profiles (`leafpile admin profiles ...`): rename one, or lock it.

A locked profile is signed out of every browser and loses its password, so nobody can speak
for it any more; its name stays taken and its ratings and games stay on the leaderboards.
Both changes are read by every server process from the database at the next request.
"""

from __future__ import annotations

from sqlalchemy import Connection, func, select, update
from sqlalchemy.exc import IntegrityError

from leafpile.i18n import Msg
from leafpile.server.errors import Refusal
from leafpile.server.players.profiles import name_key, read_profile_name
from leafpile.server.store.db import Database
from leafpile.server.store.moderation import ModerationError
from leafpile.server.store.schema import profile_keys, profiles


def _profile_id(conn: Connection, name: str) -> str:
    row = conn.execute(select(profiles.c.id).where(profiles.c.name_key == name_key(name))).first()
    if row is None:
        raise ModerationError(Msg("there is no profile named {name}", name=repr(name)[:60]))
    return str(row.id)


def rename_profile(db: Database, old: str, new: str) -> None:
    """Give the profile `old` the name `new` (checked as any new profile's name)."""
    try:
        checked = read_profile_name(new)
    except Refusal as e:
        raise ModerationError(
            Msg("{name}: {reason}", name=repr(new)[:60], reason=str(e.message))
        ) from None
    try:
        with db.engine.begin() as conn:
            profile = _profile_id(conn, old)
            conn.execute(
                update(profiles)
                .where(profiles.c.id == profile)
                .values(name=checked, name_key=name_key(checked))
            )
    except IntegrityError:
        raise ModerationError(Msg("the name {name} is taken", name=repr(checked))) from None


def lock_profile(db: Database, name: str) -> int:
    """Sign the profile out everywhere and remove its password; returns how many browsers
    were signed out."""
    with db.engine.begin() as conn:
        profile = _profile_id(conn, name)
        keys = conn.execute(
            select(func.count())
            .select_from(profile_keys)
            .where(profile_keys.c.profile_id == profile)
        ).scalar_one()
        conn.execute(profile_keys.delete().where(profile_keys.c.profile_id == profile))
        conn.execute(update(profiles).where(profiles.c.id == profile).values(password_hash=None))
    return int(keys)

"""Players across tables: a profile is a name and a secret the browser keeps, with an
optional password to sign in from another browser. Nothing else is stored: no email.

The server keeps only the sha256 of each browser's secret (a random 32-byte token, so a fast
hash is enough) and the argon2id hash of the password (slow on purpose, in worker threads,
a few at a time). Names follow `names.check_name` ("bot:" and the bot levels' names are kept
for the bots, which are rated players too) and are unique as a reader sees them: no two
profiles have the same look-alike key (`names.look_alike_key`: case, compatibility forms and
confusable characters do not count). Signing in finds a name by its NFKC case-folded form.
Sign-in attempts are limited per address and per name; argon2's check compares in constant
time, and an unknown name (or one without a password) costs the same check as a wrong
password, so timing does not tell which names exist.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from leafpile.i18n import Msg
from leafpile.server.errors import (
    BadLogin,
    BadPassword,
    BadProfile,
    BadRequest,
    Busy,
    Flooding,
    NameTaken,
    StorageFailed,
)
from leafpile.server.players import player_store
from leafpile.server.players.names import check_name, look_alike_digest
from leafpile.server.players.player_store import NameTakenError, ProfileRow
from leafpile.server.store.db import STORAGE_ERRORS, Database

log = logging.getLogger("leafpile.server")

PASSWORD_MIN = 8
PASSWORD_MAX = 128  # characters; longer is refused before any hashing
SECRET_MAX = 100  # a browser's secret is 43 characters; anything longer is nobody's
#: argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 80 ms
#: on one core, so sign-ins cannot be guessed fast and a few at once fit in memory.
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
HASHING_AT_ONCE = 2  # argon2 checks running together
HASHING_QUEUE = 16  # waiting beyond this is answered "busy"


@dataclass
class Limit:
    """A token bucket: `burst` attempts, refilled at `rate` a second."""

    rate: float
    burst: float
    tokens: float = 0.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


#: Sign-in attempts per address: 10, then one every 6 s; failures per name: 20, then one
#: every 30 s (120 guesses an hour at most, however many addresses try). Per process.
LOGINS_PER_ADDRESS = (1 / 6, 10.0)
FAILURES_PER_NAME = (1 / 30, 20.0)
#: Profiles made per address (when the server's limits are on): 5, then one a minute.
PROFILES_PER_ADDRESS = (1 / 60, 5.0)


def name_key(name: str) -> str:
    """What makes two names the same: compatibility forms and case do not count."""
    return unicodedata.normalize("NFKC", name).casefold()


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def read_profile_name(value: Any) -> str:
    return check_name(value)


def read_password(value: Any, required: bool) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise BadPassword(Msg("the password must be text"))
    if not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
        raise BadPassword(
            Msg(
                "passwords are {low} to {high} characters long", low=PASSWORD_MIN, high=PASSWORD_MAX
            )
        )
    return value


def read_object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadRequest(Msg("send a JSON object"))
    return body


@dataclass(frozen=True)
class Profile:
    """A signed-in player: the profile's id (seats and ratings) and name."""

    id: str
    name: str
    has_password: bool


class Profiles:
    """Creating profiles, signing in, and knowing a browser by its secret."""

    def __init__(self, db: Database, limits_on: bool = True) -> None:
        self.db = db
        self.limits_on = limits_on
        self.by_address: dict[str, Limit] = {}
        self.by_name: dict[str, Limit] = {}
        self.made_by: dict[str, Limit] = {}
        self.hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        self.waiting = 0
        self._dummy: str | None = None
        self.filled = False  # older profiles' look-alike keys filled in (once per process)

    # -- argon2, off the event loop --------------------------------------------------------------
    async def _argon(self, fn: Any, *args: Any) -> Any:
        if self.waiting >= HASHING_QUEUE:
            raise Busy(Msg("too many sign-ins at once; try again in a moment"))
        self.waiting += 1
        try:
            async with self.hashing:
                return await asyncio.to_thread(fn, *args)
        finally:
            self.waiting -= 1

    async def _verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches `stored` (None: check a dummy hash, so a name without
        a password, or no profile, takes as long to refuse as a wrong password)."""
        if self._dummy is None:
            self._dummy = await self._argon(HASHER.hash, secrets.token_urlsafe(16))
        target = stored if stored is not None else self._dummy

        def check() -> bool:
            try:
                return bool(HASHER.verify(target, password))
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

        ok = bool(await self._argon(check))
        return ok and stored is not None

    # -- storage ---------------------------------------------------------------------------------
    async def _store(self, fn: Any, *args: Any) -> Any:
        try:
            return await self.db.run(fn, self.db, *args)
        except STORAGE_ERRORS:
            log.exception("cannot read or store a profile")
            raise StorageFailed(Msg("the profile could not be read or stored; try again")) from None

    # -- limits ----------------------------------------------------------------------------------
    @staticmethod
    def _bucket(buckets: dict[str, Limit], key: str, spec: tuple[float, float]) -> Limit:
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) > 10_000:
                buckets.clear()
            bucket = buckets[key] = Limit(spec[0], spec[1], tokens=spec[1], at=time.monotonic())
        return bucket

    # -- what clients ask ------------------------------------------------------------------------
    async def create(self, body: Any, client: str) -> tuple[Profile, str]:
        """`{name, password?}` -> the new profile and the secret its browser keeps."""
        body = read_object(body)
        name = read_profile_name(body.get("name"))
        password = read_password(body.get("password"), required=False)
        if self.limits_on:
            made = self._bucket(self.made_by, client, PROFILES_PER_ADDRESS)
            if not made.take(time.monotonic()):
                raise Flooding(Msg("you have made several profiles lately: wait a little"))
        if not self.filled:  # profiles stored before look-alike keys: theirs first
            await self._store(player_store.fill_look_alikes, look_alike_digest)
            self.filled = True
        look_alike = look_alike_digest(name)
        if await self._store(player_store.profile_by_look_alike, look_alike) is not None:
            raise NameTaken(
                Msg("the name “{name}” reads like a taken one; choose another", name=name)
            )
        if await self._store(player_store.profile_by_name, name_key(name)) is not None:
            raise NameTaken(
                Msg("the name “{name}” is taken; choose another, or sign in", name=name)
            )
        hashed = await self._argon(HASHER.hash, password) if password is not None else None
        secret = secrets.token_urlsafe(32)
        profile_id = secrets.token_hex(8)
        try:
            await self._store(
                player_store.create_profile,
                profile_id,
                name,
                name_key(name),
                hashed,
                hash_secret(secret),
                look_alike,
            )
        except NameTakenError:
            raise NameTaken(
                Msg("the name “{name}” is taken; choose another, or sign in", name=name)
            ) from None
        return Profile(profile_id, name, hashed is not None), secret

    async def login(self, body: Any, client: str, known: str | None = None) -> tuple[Profile, str]:
        """`{name, password}` -> the profile and a new secret for this browser. A browser
        that already holds that profile's secret (`known`, its bearer token) is not held
        back by the name's failures: guesses from elsewhere cannot lock the owner out."""
        body = read_object(body)
        name = body.get("name")
        password = body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise BadRequest(Msg("send {fields}", fields="{name, password}"))
        if len(name) > 4 * 40 or len(password) > PASSWORD_MAX:
            raise BadLogin(Msg("wrong name or password"))
        key = name_key(" ".join(name.split()))
        now = time.monotonic()
        if not self._bucket(self.by_address, client, LOGINS_PER_ADDRESS).take(now):
            raise Flooding(Msg("too many sign-in attempts: wait a minute"))
        failures = self._bucket(self.by_name, key, FAILURES_PER_NAME)
        owner = await self._holds(known, key)
        if not owner and failures.tokens + (now - failures.at) * failures.rate < 1:
            raise Flooding(Msg("too many failed sign-ins for this name: wait a few minutes"))
        row: ProfileRow | None = await self._store(player_store.profile_by_name, key)
        if not await self._verify(row.password_hash if row else None, password) or row is None:
            failures.take(time.monotonic())
            raise BadLogin(Msg("wrong name or password"))
        secret = secrets.token_urlsafe(32)
        await self._store(player_store.add_key, row.id, hash_secret(secret))
        return Profile(row.id, row.name, True), secret

    async def resolve(self, secret: Any) -> Profile:
        """The profile whose browser secret is `secret`; BadProfile for anything else."""
        if not isinstance(secret, str) or not 0 < len(secret) <= SECRET_MAX:
            raise BadProfile(Msg("that profile secret is nobody's: sign in again"))
        # looked up by its sha256: timing could at most tell a prefix of a digest, which
        # says nothing of a secret of 32 random bytes
        row: ProfileRow | None = await self._store(player_store.profile_by_key, hash_secret(secret))
        if row is None:
            raise BadProfile(Msg("that profile secret is nobody's: sign in again"))
        return Profile(row.id, row.name, row.password_hash is not None)

    async def _holds(self, secret: str | None, key: str) -> bool:
        """Whether `secret` is a browser key of the profile named `key`."""
        if not isinstance(secret, str) or not 0 < len(secret) <= SECRET_MAX:
            return False
        row = await self._store(player_store.profile_by_key, hash_secret(secret))
        return row is not None and name_key(row.name) == key

    async def of_body(self, body: Any) -> Profile | None:
        """The profile a create or join request carries (`profile`: the secret), if any."""
        if isinstance(body, dict) and body.get("profile") is not None:
            return await self.resolve(body["profile"])
        return None

    async def set_password(self, secret: Any, body: Any) -> Profile:
        """`{password}` with the browser's secret: set or change the profile's password."""
        profile = await self.resolve(secret)
        password = read_password(read_object(body).get("password"), required=True)
        hashed = await self._argon(HASHER.hash, password)
        await self._store(player_store.set_password, profile.id, hashed)
        return Profile(profile.id, profile.name, True)

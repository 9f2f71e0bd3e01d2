"""What the transports share: the tables, the server's policies and the flooding guards.

HTTP requests are limited per client address and WebSocket messages per connection (token
buckets); opening tables and sockets has its own limits, so one client cannot fill the
server's memory or the lobby.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from leafpile.i18n import Msg
from leafpile.server.analysis.replays import ReplayCache
from leafpile.server.analysis.reviews import Reviews
from leafpile.server.analysis.statistics import StatisticsCache
from leafpile.server.errors import Flooding, NotRated, TooManySockets, TooManyTables
from leafpile.server.players.chat import Chat
from leafpile.server.players.profiles import Profiles
from leafpile.server.players.ratings import Ratings
from leafpile.server.tables.live_table import FINISHED, HUMAN, WAITING, LiveTable
from leafpile.server.tables.manager import TableManager
from leafpile.server.tables.opening import NewTable


@dataclass
class RateLimit:
    """Flooding guard: a token bucket per client (HTTP: per address; WebSocket: per
    connection). `rate` messages per second on average, bursts up to `burst`."""

    rate: float = 20.0
    burst: float = 60.0
    #: WebSockets open at once from one address (when `enabled`), and spectators' sockets on
    #: one table (always; a seat's socket always gets in).
    sockets_per_address: int = 32
    sockets_per_table: int = 256
    #: WebSockets one address may open (when `enabled`): a bucket of `connects_burst`
    #: refilled at `connects_rate` a second; and `hello`s one socket may send (a seat's
    #: presence pushed to the whole table each time): `hellos_burst`, `hellos_rate` a second.
    connects_rate: float = 2.0
    connects_burst: float = 40.0
    hellos_rate: float = 1.0
    hellos_burst: float = 3.0
    #: Messages waiting for one slow WebSocket client before it is dropped (always).
    outbox: int = 64
    #: Tables one address may open (when `enabled`): a bucket of `tables_burst` refilled at
    #: `tables_rate` a second, and at most `open_tables` waiting for players at once.
    tables_rate: float = 0.1
    tables_burst: float = 10.0
    open_tables: int = 8
    #: Tables waiting for players on the whole server (always), so many addresses together
    #: cannot bury the lobby.
    waiting_max: int = 300
    #: Tables of bots only in play at once: per address (when `enabled`) and per server
    #: (always), so bots watched by nobody cannot take the workers from people's tables.
    bot_tables: int = 2
    bot_tables_max: int = 16
    enabled: bool = True
    #: The buckets' clock (seconds): tests give a fake one instead of racing real time.
    now: Callable[[], float] = time.monotonic


class Bucket:
    def __init__(self, limit: RateLimit) -> None:
        self.limit = limit
        self.tokens = limit.burst
        self.at = limit.now()

    def take(self) -> bool:
        if not self.limit.enabled:
            return True
        now = self.limit.now()
        self.tokens = min(self.limit.burst, self.tokens + (now - self.at) * self.limit.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def flooding() -> Flooding:
    return Flooding(Msg("too many requests: slow down"))


class ChatLimits:
    """How fast people write in the chat, always on (`RateLimit.enabled` is for the HTTP
    limits): a bucket per person (a seat, or a spectator's name, at one table) and one per
    address over all its tables, on the limits' clock."""

    PERSON = (1 / 3, 5.0)  # five messages, then one every 3 s
    ADDRESS = (1 / 2, 10.0)  # ten from one address, then one every 2 s
    HISTORY = (2.0, 30.0)  # histories read by one address: thirty, then two a second

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.people: dict[str, Bucket] = {}
        self.addresses: dict[str, Bucket] = {}
        self.readers: dict[str, Bucket] = {}

    def _take(self, buckets: dict[str, Bucket], key: str, spec: tuple[float, float]) -> bool:
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) > 10_000:
                buckets.clear()
            limit = RateLimit(rate=spec[0], burst=spec[1], now=self.now)
            bucket = buckets[key] = Bucket(limit)
        return bucket.take()

    def guard(self, person: str, client: str) -> None:
        """Refuse a message from a person or an address writing faster than people talk."""
        if not self._take(self.people, person, self.PERSON) or not self._take(
            self.addresses, client, self.ADDRESS
        ):
            raise Flooding(Msg("you are writing too fast: wait a little"))

    def guard_history(self, client: str) -> None:
        """Refuse an address that asks for chat histories (up to 200 messages each) faster
        than pages are opened."""
        if not self._take(self.readers, client, self.HISTORY):
            raise flooding()


@dataclass
class Context:
    """What the transports share: the tables, the server's policies and the HTTP buckets."""

    manager: TableManager
    limit: RateLimit
    allow_client_seed: bool = False
    buckets: dict[str, Bucket] = field(default_factory=dict)
    sockets: dict[str, int] = field(default_factory=dict)  # open WebSockets per address
    replays: ReplayCache = field(default_factory=ReplayCache)
    table_buckets: dict[str, Bucket] = field(default_factory=dict)
    connect_buckets: dict[str, Bucket] = field(default_factory=dict)
    reviews: Reviews = field(default_factory=Reviews)
    statistics: StatisticsCache = field(default_factory=StatisticsCache)
    profiles: Profiles = field(init=False)
    ratings: Ratings = field(init=False)
    chat: Chat = field(init=False)
    chat_limits: ChatLimits = field(init=False)

    def __post_init__(self) -> None:
        self.profiles = Profiles(self.manager.db, limits_on=self.limit.enabled)
        self.ratings = Ratings(self.manager)
        self.chat = Chat(self.manager.db)
        self.chat.listen_to(self.manager)
        self.chat_limits = ChatLimits(self.limit.now)

    def guard(self, client: str) -> None:
        """Refuse a client address that floods the HTTP API."""
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[client] = Bucket(self.limit)
        if not bucket.take():
            raise flooding()

    def guard_create(self, client: str, new: NewTable) -> None:
        """Refuse a client address that opens tables faster than people do, or that has
        too many waiting for players already (when `new` would wait too), or too many
        tables of bots only in play (when `new` is one; the server's bound holds always)."""
        if not any(s.kind == HUMAN for s in new.seats):
            self._guard_bots_only(client)
        waits = any(s.kind == HUMAN and s.seat != new.sit for s in new.seats)
        waiting = sum(1 for t in self.manager.tables.values() if t.status == WAITING)
        if waits and waiting >= self.limit.waiting_max:
            raise TooManyTables(Msg("the server has many tables waiting for players: join one"))
        if not self.limit.enabled:
            return
        if waits and self.manager.open_tables_of(client) >= self.limit.open_tables:
            raise TooManyTables(
                Msg.plural(
                    "you have {n} table waiting for players already",
                    "you have {n} tables waiting for players already",
                    self.limit.open_tables,
                )
            )
        bucket = self.table_buckets.get(client)
        if bucket is None:
            if len(self.table_buckets) > 10_000:
                self.table_buckets.clear()
            rate = RateLimit(
                rate=self.limit.tables_rate, burst=self.limit.tables_burst, now=self.limit.now
            )
            bucket = self.table_buckets[client] = Bucket(rate)
        if not bucket.take():
            raise Flooding(Msg("you have opened many tables lately: wait a little"))

    def guard_rated_seat(self, client: str, table: LiveTable) -> None:
        """Refuse a second seat at a rated table to an address that holds one (when
        `enabled`): two profiles of one person cannot play each other for rating."""
        if not (self.limit.enabled and table.rated):
            return
        for seat, held_by in table.seat_clients.items():
            if held_by == client and table.seats[seat].token_hash is not None:
                raise NotRated(Msg("you already sit at this rated table: one seat per person"))

    def _guard_bots_only(self, client: str) -> None:
        mine = total = 0
        for table in self.manager.tables.values():
            if table.status != FINISHED and all(s.kind != HUMAN for s in table.seats):
                total += 1
                mine += table.creator == client
        if total >= self.limit.bot_tables_max:
            raise TooManyTables(Msg("the server has as many games of bots as it can run; wait"))
        if self.limit.enabled and mine >= self.limit.bot_tables:
            raise TooManyTables(
                Msg.plural(
                    "you have {n} game of bots running already",
                    "you have {n} games of bots running already",
                    self.limit.bot_tables,
                )
            )

    def open_socket(self, client: str) -> None:
        """Count a new WebSocket of `client`, or refuse it (too many from its address).
        The table's cap is for spectators only (`watchers_full`): a seat always gets in."""
        held = self.sockets.get(client, 0)
        if self.limit.enabled and held >= self.limit.sockets_per_address:
            raise TooManySockets(Msg("too many connections from your address; close some"))
        self.sockets[client] = held + 1

    def guard_connect(self, client: str) -> None:
        """Refuse an address that opens WebSockets faster than people do."""
        bucket = self.connect_buckets.get(client)
        if bucket is None:
            if len(self.connect_buckets) > 10_000:
                self.connect_buckets.clear()
            rate = RateLimit(
                rate=self.limit.connects_rate,
                burst=self.limit.connects_burst,
                enabled=self.limit.enabled,
                now=self.limit.now,
            )
            bucket = self.connect_buckets[client] = Bucket(rate)
        if not bucket.take():
            raise Flooding(Msg("you have opened many connections lately: wait a little"))

    def watchers_full(self, table: LiveTable) -> bool:
        """Whether `table` has as many spectators' sockets as it may: then only a seat's
        socket (its hello first) is let in."""
        watching = sum(1 for lst in table.listeners if lst.seat is None)
        return watching >= self.limit.sockets_per_table

    def close_socket(self, client: str) -> None:
        held = self.sockets.get(client, 0) - 1
        if held > 0:
            self.sockets[client] = held
        else:
            self.sockets.pop(client, None)

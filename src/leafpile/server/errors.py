"""Why the server refuses a request, in its own terms.

Every room raises these without knowing of HTTP; the wire contract
(`leafpile.server.api.refusals.STATUS`) maps each `code` to an HTTP status or a WebSocket
error message. A refused request has changed nothing. Anything that is not a `Refusal` is a bug and
is answered as an internal error with an error id (see `new_error_id`).
"""

from __future__ import annotations

import secrets
from typing import ClassVar


class Refusal(Exception):
    """A request the server will not carry out. `code` names the reason for clients; when
    `table` and `seat` are given, the answer also shows that seat the table as it is now, so a
    client whose action was stale or illegal can catch up at once.

    The refusals sit below the tables (every room raises them), so `table` is typed as any
    object here; the answer (`api.refusals.error_body`) shows it when it is a live table."""

    code: ClassVar[str] = "refused"

    def __init__(
        self, message: str, *, table: object | None = None, seat: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.table = table
        self.seat = seat


# -- what a client sent cannot be read (raised by the request checks) ---------------------------
class BadRequest(Refusal):
    code = "bad_request"


class BadJson(Refusal):
    code = "bad_json"


class TooLarge(Refusal):
    code = "too_large"


class Flooding(Refusal):
    code = "flooding"


class TooManySockets(Refusal):
    """Too many WebSockets on one table, or from one address."""

    code = "too_many_sockets"


class TooManyTables(Refusal):
    """One address has opened as many waiting tables as it may."""

    code = "too_many_tables"


class NotFound(Refusal):
    code = "not_found"


class MethodNotAllowed(Refusal):
    """No route of the address answers the request's method (the answer's `Allow` lists
    those that do)."""

    code = "method_not_allowed"


# -- what the tables refuse ---------------------------------------------------------------------
class TableNotFound(Refusal):
    code = "unknown_table"


class UnknownGame(Refusal):
    code = "unknown_game"


class BadOptions(Refusal):
    code = "bad_options"


class BadSeats(Refusal):
    code = "bad_seats"


class BadSeed(Refusal):
    code = "bad_seed"


class BadName(Refusal):
    code = "bad_name"


class NoToken(Refusal):
    code = "no_token"


class BadToken(Refusal):
    code = "bad_token"


class TableFull(Refusal):
    code = "table_full"


class SeatTaken(Refusal):
    code = "seat_taken"


class NotStarted(Refusal):
    code = "not_started"


class GameOver(Refusal):
    code = "game_over"


class StaleVersion(Refusal):
    code = "stale"


class NotYourTurn(Refusal):
    code = "not_your_turn"


class IllegalAction(Refusal):
    code = "illegal"


class TutorialMove(Refusal):
    """A legal move that is not the tutorial's move now: the message says why (the step's
    kind word), so the learner tries the highlighted one."""

    code = "tutorial_move"


class NoTakeBack(Refusal):
    """The last decision may not be taken back (it revealed something, or the turn passed)."""

    code = "no_take_back"


class Conflict(Refusal):
    """Another server process stored an action with this number first."""

    code = "conflict"


class NotFinished(Refusal):
    code = "not_finished"


class StorageFailed(Refusal):
    """The database could not store the change (so nothing was changed)."""

    code = "storage"


class Damaged(Refusal):
    """The table's stored rows cannot be rebuilt: it is set aside (and logged)."""

    code = "damaged"


class BadClock(Refusal):
    """A table's clock is not one the server offers (kind, bounds, types)."""

    code = "bad_clock"


class NotHost(Refusal):
    """Only the table's creator (who holds its host secret) may do this."""

    code = "not_host"


class AlreadyActed(Refusal):
    """A player who has acted at a table cannot be removed from it."""

    code = "already_acted"


class StoodIn(Refusal):
    """A bot is playing this seat for its person, who must take it back to act."""

    code = "stood_in"


class Busy(Refusal):
    """The server is doing as much of this kind of work as it allows at once."""

    code = "busy"


# -- profiles and ratings (players/profiles.py, ratings.py) ----------------------------------------
class BadProfile(Refusal):
    """The profile secret sent is nobody's (or is not a string)."""

    code = "bad_profile"


class BadLogin(Refusal):
    """Wrong name or password (the answer does not say which)."""

    code = "bad_login"


class NameTaken(Refusal):
    code = "name_taken"


class BadPassword(Refusal):
    code = "bad_password"


class NotRated(Refusal):
    """A rated table was asked for, or joined, where the game could not count fairly."""

    code = "not_rated"


# -- chat at the tables (players/chat.py) ---------------------------------------------------------
class BadMessage(Refusal):
    """A chat message that is empty, too long, shows nothing or holds a hidden character."""

    code = "bad_message"


class ChatClosed(Refusal):
    """The table's chat is off, or spectators may not write in it."""

    code = "chat_closed"


def new_error_id() -> str:
    """A short id that ties an internal error's answer (or lack of one) to its log line."""
    return secrets.token_hex(4)

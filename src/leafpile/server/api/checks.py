"""What requests must look like: sizes, JSON, names and each request's fields.

Between the transports (`http`), which only carry messages, and the tables, which only know
the game: a request check turns a JSON body or WebSocket message into a typed request, or
refuses it (`errors`) before anything changes. Refusals are answered by `api.refusals`,
states are shown by `api.snapshots`.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from leafpile import i18n
from leafpile.bots import BOTS
from leafpile.engine import LeafpileError
from leafpile.engine.saves import nested_within, whole_number
from leafpile.games import GAMES
from leafpile.i18n import Msg, error_text
from leafpile.server.errors import (
    BadJson,
    BadName,
    BadOptions,
    BadRequest,
    BadSeats,
    BadSeed,
    TooLarge,
    UnknownGame,
)
from leafpile.server.store.schema import NAME_MAX, SeatRow
from leafpile.server.tables.clocks import read_clock
from leafpile.server.tables.live_table import BOT, HUMAN, LiveTable
from leafpile.server.tables.lobby import PAGE_MAX, LobbyQuery
from leafpile.server.tables.opening import NewTable
from leafpile.server.tables.seating import DEFAULT_REPLACEMENT
from leafpile.tutorial import available as tutorials
from leafpile.tutorial import load as load_tutorial

BODY_MAX = 16 * 1024  # bytes of one request body or WebSocket message
ACTION_MAX = 100  # longest action text accepted from a client
JSON_DEPTH = 32  # deepest nesting of lists and objects accepted from a client


def check_size(data: bytes | str, what: str) -> None:
    """Refuse a request body or WebSocket message (`what`) over `BODY_MAX` bytes."""
    if len(data) > BODY_MAX:
        if what == "message":
            raise TooLarge(Msg("messages are at most {size} bytes", size=BODY_MAX))
        raise TooLarge(Msg("request bodies are at most {size} bytes", size=BODY_MAX))


def parse_json(data: bytes | str, what: str) -> Any:
    """A request body or WebSocket message (`what`) as JSON, refused when too large or nested
    deeper than `JSON_DEPTH` (no request needs more, and deep nesting would exhaust the
    parser's or any later walker's recursion)."""
    check_size(data, what)
    try:
        value = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        value = _BAD
    if value is _BAD or not nested_within(value, JSON_DEPTH):
        if what == "message":
            raise BadJson(
                Msg("that message is not valid JSON nested at most {depth} deep", depth=JSON_DEPTH)
            )
        raise BadJson(
            Msg("the request body is not valid JSON nested at most {depth} deep", depth=JSON_DEPTH)
        )
    return value


_BAD = object()


#: Characters a display name may not hold: they reorder or hide the text around them.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Letters and symbols that draw nothing (fillers, blanks) though Unicode calls them visible.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
#: Categories that show nothing: format characters, spaces, separators, combining marks.
UNSEEN = frozenset(("Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cc"))


def check_name(name: Any) -> str:
    """A display name with its spaces tidied; refused when it holds control characters or
    direction overrides (which could disguise it or the text after it) or shows nothing."""
    if not isinstance(name, str) or not name.strip():
        raise BadName(Msg("enter a display name"))
    cleaned = " ".join(name.split())
    if len(cleaned) > NAME_MAX:
        raise BadName(Msg("display names are at most {n} characters", n=NAME_MAX))
    for ch in cleaned:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Co", "Cn") or ch in BIDI_CONTROLS:
            code = f"U+{ord(ch):04X}"
            raise BadName(Msg("display names cannot hold the character {code}", code=code))
    if all(unicodedata.category(ch) in UNSEEN or ch in BLANKS for ch in cleaned):
        raise BadName(Msg("enter a display name that shows something"))
    return cleaned


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_new_table(body: Any, allow_client_seed: bool) -> NewTable:
    """`{game, players, options, seats: [{kind, bot}], sit, name, seed}` checked in the order
    clients have always seen: the first problem found is the one reported."""
    if not isinstance(body, dict):
        raise BadRequest(Msg("send a JSON object"))
    game_name = body.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(Msg("unknown game {game!r}; known: {known}", game=game_name, known=known))
    game = GAMES[game_name]
    if "tutorial" in body:
        return read_new_tutorial(body, game_name)
    players = body.get("players", game.info.min_players)
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise BadOptions(Msg("options must be a JSON object"))
    try:
        resolved = game.resolve_options(players, options)
    except LeafpileError as e:
        raise BadOptions(error_text(e)) from None
    seed = body.get("seed")
    if seed is not None:
        if not allow_client_seed:
            raise BadSeed(Msg("this server draws the seed itself"))
        if not _is_int(seed) or not 0 <= seed < 2**63:
            raise BadSeed(Msg("seed must be an integer in [0, 2^63)"))
    seat_specs = body.get("seats")
    if not isinstance(seat_specs, list) or len(seat_specs) != players:
        raise BadSeats(Msg("give exactly {n} seats", n=players))
    seats: list[SeatRow] = []
    for i, spec in enumerate(seat_specs):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        if kind == HUMAN:
            seats.append(SeatRow(i, HUMAN))
        elif kind == BOT:
            bot = spec.get("bot")
            if not isinstance(bot, str) or bot not in BOTS:
                known = ", ".join(sorted(BOTS))
                raise BadSeats(Msg("unknown bot {bot!r}; known: {known}", bot=bot, known=known))
            seats.append(SeatRow(i, BOT, bot=bot))
        else:
            raise BadSeats(
                Msg("each seat is {human} or {bot}", human="{kind: human}", bot="{kind: bot, bot}")
            )
    sit = body.get("sit")
    name: str | None = None
    if sit is not None:
        if not _is_int(sit) or not 0 <= sit < players:
            raise BadSeats(Msg("sit must be a seat number"))
        if seats[sit].kind != HUMAN:
            raise BadSeats(Msg("you cannot sit in a bot's seat"))
        name = check_name(body.get("name"))
    private = body.get("private", False)
    if not isinstance(private, bool):
        raise BadRequest(Msg("private must be true or false"))
    clock = read_clock(body.get("clock"))
    replacement = body.get("replacement", DEFAULT_REPLACEMENT)
    if not isinstance(replacement, str) or replacement not in BOTS:
        known = ", ".join(sorted(BOTS))
        raise BadSeats(
            Msg(
                "unknown replacement bot {bot!r}; known: {known}",
                bot=str(replacement)[:40],
                known=known,
            )
        )
    return NewTable(game, players, resolved, seed, seats, sit, name, private, clock, replacement)


def read_new_tutorial(body: dict[str, Any], game_name: str) -> NewTable:
    """`{game, tutorial: true, name}`: the game's guided first game, whose set-up, seats and
    bots come from its tutorial file; the creator sits in the learner's seat. Private (never
    listed), unrated, with its own fixed seed whatever the server's seed policy."""
    if body["tutorial"] is not True:
        raise BadRequest(Msg("tutorial must be true"))
    if game_name not in tutorials():
        raise UnknownGame(Msg("{game} has no tutorial yet", game=game_name))
    script = load_tutorial(game_name)
    seats = [
        SeatRow(i, HUMAN) if i == script.learner else SeatRow(i, BOT, bot=script.bot)
        for i in range(script.players)
    ]
    name = check_name(body.get("name"))
    options = script.game.resolve_options(script.players, dict(script.options))
    new = NewTable(script.game, script.players, options, script.seed, seats, script.learner, name)
    new.private = True
    new.tutorial = True
    return new


def read_lobby_query(params: Mapping[str, str]) -> LobbyQuery:
    """`?game=&q=&offset=&limit=` of the lobby: a known game, a search of at most 40
    characters, whole numbers for the page (`limit` 1 to `PAGE_MAX`)."""
    game = params.get("game") or None
    if game is not None and game not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(Msg("unknown game {game!r}; known: {known}", game=game[:40], known=known))
    search = params.get("q", "")
    if len(search) > NAME_MAX:
        raise BadRequest(Msg("search for at most {n} characters", n=NAME_MAX))
    offset = whole_number(params.get("offset") or "0")
    limit = whole_number(params.get("limit") or str(PAGE_MAX))
    if offset is None or limit is None or not 1 <= limit <= PAGE_MAX:
        raise BadRequest(Msg("offset and limit must be whole numbers, limit 1 to {n}", n=PAGE_MAX))
    return LobbyQuery(game, " ".join(search.split()).casefold(), offset, limit)


def read_join(body: Any) -> tuple[str, Any]:
    """`{name, seat?}` -> the display name and the wanted seat (None: the first open one)."""
    if not isinstance(body, dict):
        raise BadRequest(Msg("send a JSON object"))
    return check_name(body.get("name")), body.get("seat")


def read_action(body: Any, table: LiveTable) -> tuple[int, str]:
    """`{table, version, action}` sent to `table` -> the version and the action's text."""
    if not isinstance(body, dict):
        raise BadRequest(Msg("send a JSON object {fields}", fields="{table, version, action}"))
    if body.get("table", table.id) != table.id:
        raise BadRequest(Msg("the table in the body is not this table"))
    version = body.get("version")
    text = body.get("action")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadRequest(Msg("version must be an integer"))
    if not isinstance(text, str) or not text.strip() or len(text) > ACTION_MAX:
        raise BadRequest(Msg("action must be a short notation string"))
    return version, text


def read_joins(body: Any) -> bool:
    """An action's optional `joins` (true: it is the next part of the click that sent the
    seat's previous action, so one take-back takes both back)."""
    joins = body.get("joins", False) if isinstance(body, dict) else False
    if not isinstance(joins, bool):
        raise BadRequest(Msg("joins must be true or false"))
    return joins


def read_take_back(body: Any, table: LiveTable) -> int:
    """`{table, version}` sent to `table` (an undo) -> the version it was seen at."""
    if not isinstance(body, dict):
        raise BadRequest("send a JSON object {table, version}")
    if body.get("table", table.id) != table.id:
        raise BadRequest("the table in the body is not this table")
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadRequest("version must be an integer")
    return version


def read_lang(value: Any) -> str:
    """A client's language (`hello`'s `lang`, the `lang` query parameter): one of ours, or
    English for anything else — a language is a preference, not worth refusing a request."""
    return value if isinstance(value, str) and value in i18n.LANGUAGES else i18n.DEFAULT

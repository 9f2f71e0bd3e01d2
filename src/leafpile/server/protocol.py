"""The protocol layer: what requests must look like, what each audience is shown, and how a
refusal is answered.

Between the transports (`routes`, `ws`), which only carry messages, and the tables
(`tables`), which only know the game: request checks turn JSON into typed requests, snapshots
turn a table's `Position` into each audience's JSON (built from views the position computed
once), and `STATUS` is the one map from a refusal's code to an HTTP status.
"""

from __future__ import annotations

import json
import logging
import unicodedata
from typing import Any

from leafpile import i18n
from leafpile.bots import BOTS
from leafpile.engine import LeafpileError
from leafpile.games import GAMES
from leafpile.i18n import Msg, error_text
from leafpile.server.clocks import read_clock
from leafpile.server.errors import (
    BadJson,
    BadName,
    BadOptions,
    BadRequest,
    BadSeats,
    BadSeed,
    Refusal,
    TooLarge,
    UnknownGame,
    new_error_id,
)
from leafpile.server.live import BOT, FINISHED, HUMAN, PLAYING, LiveTable, NewTable
from leafpile.server.schema import NAME_MAX, SeatRow
from leafpile.server.seating import DEFAULT_REPLACEMENT
from leafpile.server.takebacks import can_take_back

log = logging.getLogger("leafpile.server")

BODY_MAX = 16 * 1024  # bytes of one request body or WebSocket message
ACTION_MAX = 100  # longest action text accepted from a client
JSON_DEPTH = 32  # deepest nesting of lists and objects accepted from a client

#: Every refusal's HTTP status (WebSocket clients get the same `code` in an error message).
STATUS: dict[str, int] = {
    "bad_request": 400,
    "bad_json": 400,
    "no_token": 401,
    "bad_token": 403,
    "not_host": 403,
    "unknown_table": 404,
    "not_found": 404,
    "table_full": 409,
    "seat_taken": 409,
    "not_started": 409,
    "game_over": 409,
    "stale": 409,
    "no_take_back": 409,
    "not_your_turn": 409,
    "conflict": 409,
    "not_finished": 409,
    "already_acted": 409,
    "stood_in": 409,
    "too_large": 413,
    "unknown_game": 422,
    "bad_options": 422,
    "bad_seats": 422,
    "bad_seed": 422,
    "bad_name": 422,
    "bad_clock": 422,
    "illegal": 422,
    "bad_profile": 403,
    "bad_login": 403,
    "name_taken": 409,
    "bad_password": 422,
    "not_rated": 422,
    "flooding": 429,
    "too_many_sockets": 429,
    "too_many_tables": 429,
    "internal": 500,
    "storage": 503,
    "busy": 503,
    "damaged": 503,
}


# -- refusals and failures ----------------------------------------------------------------------
def status_of(refusal: Refusal) -> int:
    return STATUS[refusal.code]


def error_body(refusal: Refusal, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """`{"type": "error", code, message}` with the message in the reader's language, plus the
    refused seat's current `state` when the table said which (a stale, out-of-turn or illegal
    action, or one after the end)."""
    message = refusal.message
    text = message.localize(lang) if isinstance(message, i18n.Msg) else str(message)
    out: dict[str, Any] = {"type": "error", "code": refusal.code, "message": text}
    if isinstance(refusal.table, LiveTable):
        out["state"] = snapshot(refusal.table, refusal.seat, lang=lang)
    return out


def internal_error(exc: BaseException, where: str) -> dict[str, Any]:
    """Log an unexpected exception with its traceback under a fresh error id and give the
    answer that names the id (a bug, never a quiet log line; the table is unchanged)."""
    error_id = new_error_id()
    log.error("internal error %s in %s", error_id, where, exc_info=exc)
    return {
        "type": "error",
        "code": "internal",
        "message": f"the server failed on this request; error id {error_id}",
    }


# -- reading requests ---------------------------------------------------------------------------
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
    if value is _BAD or not _shallow(value):
        if what == "message":
            raise BadJson(
                Msg("that message is not valid JSON nested at most {depth} deep", depth=JSON_DEPTH)
            )
        raise BadJson(
            Msg("the request body is not valid JSON nested at most {depth} deep", depth=JSON_DEPTH)
        )
    return value


_BAD = object()


def _shallow(value: Any) -> bool:
    """Whether `value` nests lists and objects at most `JSON_DEPTH` deep (without recursion)."""
    level: list[Any] = [value]
    for _ in range(JSON_DEPTH + 1):
        nested: list[Any] = []
        for v in level:
            if isinstance(v, dict):
                nested.extend(v.values())
            elif isinstance(v, list):
                nested.extend(v)
        if not nested:
            return True
        level = nested
    return False


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


# -- what each audience is shown ----------------------------------------------------------------
def seats_public(table: LiveTable) -> list[dict[str, Any]]:
    connected = table.connected_seats()
    acted = {entry.seat for entry in table.log}
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "bot": s.bot,
            "name": table.seat_name(s),
            "open": s.kind == HUMAN and s.token_hash is None,
            "connected": s.kind == BOT or s.seat in connected,
            "stand_in": s.stand_in,  # the bot level playing for a person who left or timed out
            "acted": s.seat in acted,  # a player who acted cannot be removed
            "profile": s.player is not None,  # the name links to the player's page
        }
        for s in table.seats
    ]


def summary(table: LiveTable) -> dict[str, Any]:
    """What the lobby lists: nothing hidden."""
    to_move = table.position.to_move
    return {
        "id": table.id,
        "game": table.game.info.name,
        "title": table.game.info.title,
        "players": table.players,
        "options": table.options,
        "status": table.status,
        "version": table.version,
        "to_move": to_move if to_move >= 0 and table.status == PLAYING else None,
        "seats": seats_public(table),
        "created_at": table.created_at,
        "clock": table.clocks.rule.describe() if table.clocks is not None else None,
        "rated": table.rated,
    }


def snapshot(
    table: LiveTable, audience: int | None, log_from: int = 0, lang: str = i18n.DEFAULT
) -> dict[str, Any]:
    """Everything `audience` (a seat, None: spectator) may know about the table now.

    `log` holds the log entries from `log_start` = `log_from` on (a live client that has the
    earlier ones gets only the new ones, so long games do not resend their history). Views,
    scores and extras come ready from the table's `Position`: nothing of the game runs here."""
    position = table.position
    seen = position.seen_by(audience)
    to_move = position.to_move
    acting = table.status == PLAYING and to_move >= 0
    person = acting and table.bot_of(to_move) is None  # not a bot standing in
    return {
        "type": "state",
        "table": table.id,
        "game": table.game.info.name,
        "title": table.game.info.title,
        "status": table.status,
        "version": position.version,
        "players": table.players,
        "options": table.options,
        "you": audience,
        "seats": seats_public(table),
        "to_move": to_move if acting else None,
        "view": seen.data,
        "legal": position.legal if person and audience == to_move else [],
        "take_back": can_take_back(table, audience),
        "log_start": log_from,
        "log": [
            {"seat": e.seat, **served_in(e.item_for(audience), lang)} for e in table.log[log_from:]
        ],
        "scores": seen.scores,
        "winners": position.winners if table.status == FINISHED else None,
        "extras": i18n.localize_tree(seen.extras, lang) if lang != i18n.DEFAULT else seen.extras,
        "lang": lang,
        "private": table.private,
        "replacement": table.replacement,
        "clock": table.clocks.public(table.now()) if table.clocks is not None else None,
        "parts": table.parts() if table.status == FINISHED else None,
        "rated": table.rated,
        "analysis_of": table.analysis_of,  # a private analysis table (not rated) explores it
    }


def read_lang(value: Any) -> str:
    """A client's language (`hello`'s `lang`, the `lang` query parameter): one of ours, or
    English for anything else — a language is a preference, not worth refusing a request."""
    return value if isinstance(value, str) and value in i18n.LANGUAGES else i18n.DEFAULT


def served_in(item: dict[str, Any], lang: str) -> dict[str, Any]:
    """A stored log item (`served_line`) with its text in `lang`, from its message form."""
    if lang == i18n.DEFAULT or "msg" not in item:
        return item
    return {**item, "text": i18n.localize_json(item["msg"], lang)}


def broadcast(table: LiveTable) -> None:
    """Queue each listener its own snapshot: one snapshot (and one JSON text) per audience
    and log position, however many clients share them."""
    cache: dict[tuple[int | None, int, str], str] = {}
    for lst in list(table.listeners):
        key = (lst.seat, min(lst.log_sent, len(table.log)), lst.lang)
        text = cache.get(key)
        if text is None:
            text = cache[key] = json.dumps(snapshot(table, *key))
        lst.send(text)
        lst.log_sent = len(table.log)


def games_list() -> dict[str, Any]:
    """The games with their options and whether they have a browser renderer; bot names."""
    out = []
    for game in GAMES.values():
        info = game.info
        out.append(
            {
                "name": info.name,
                "title": info.title,
                "summary": info.summary,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "renderer": game.renderer_dir() is not None,
                "options": [
                    {
                        "name": o.name,
                        "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                        "help": o.help,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "players": list(o.players) if o.players is not None else None,
                    }
                    for o in info.options
                ],
            }
        )
    return {"games": out, "bots": sorted(BOTS)}

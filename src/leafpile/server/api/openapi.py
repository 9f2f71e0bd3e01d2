"""The OpenAPI description of the HTTP API (served at `/api/openapi.json`).

It documents what clients may send and every answer they may get, refusals included; the
test suite fuzzes the running server from it (schemathesis) and checks that no request is
answered 500 and that no refused request changes anything.
"""

from __future__ import annotations

from typing import Any

from leafpile import i18n
from leafpile.bots import BOTS
from leafpile.games import GAMES
from leafpile.server.api.checks import ACTION_MAX
from leafpile.server.api.methods import with_options
from leafpile.server.api.openapi_health import health_paths
from leafpile.server.api.openapi_mine import mine_paths
from leafpile.server.api.openapi_schemas import (
    AUTH,
    BUSY,
    ERROR,
    NEW_TABLE,
    SEAT,
    STATE,
    STATE_REF,
    TABLE_ID,
    json_content,
    refusal_answers,
    request_body,
)
from leafpile.server.store.schema import NAME_MAX

_PROFILE = {
    "type": "object",
    "required": ["name", "has_password"],
    "properties": {
        "name": {"type": "string"},
        "has_password": {"type": "boolean"},
        "secret": {"type": "string"},
    },
}
_PROFILE_AUTH = {**AUTH, "description": "`Bearer <profile secret>`"}


def _player_paths() -> dict[str, Any]:
    """Profiles, the leaderboards and the players' pages."""
    name_password = {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
            "password": {"type": "string", "minLength": 8, "maxLength": 128},
        },
    }
    return {
        "/api/profiles": {
            "post": {
                "operationId": "create_profile",
                "requestBody": request_body(name_password),
                "responses": {
                    "201": json_content(_PROFILE, "the new profile and its browser's secret"),
                    **refusal_answers(400, 409, 413, 422, *BUSY),
                },
            }
        },
        "/api/profiles/login": {
            "post": {
                "operationId": "login",
                "requestBody": request_body({**name_password, "required": ["name", "password"]}),
                "responses": {
                    "200": json_content(_PROFILE, "the profile and a secret for this browser"),
                    **refusal_answers(400, 403, 413, *BUSY),
                },
            }
        },
        "/api/profiles/me": {
            "get": {
                "operationId": "me",
                "parameters": [_PROFILE_AUTH],
                "responses": {
                    "200": json_content(_PROFILE, "the profile of the bearer's secret"),
                    **refusal_answers(401, 403, *BUSY),
                },
            }
        },
        "/api/profiles/password": {
            "post": {
                "operationId": "set_password",
                "parameters": [_PROFILE_AUTH],
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["password"],
                        "properties": {
                            "password": {"type": "string", "minLength": 8, "maxLength": 128}
                        },
                    }
                ),
                "responses": {
                    "200": json_content(_PROFILE, "the profile, with its password set"),
                    **refusal_answers(400, 401, 403, 413, 422, *BUSY),
                },
            }
        },
        "/api/leaderboard/{game}": {
            "get": {
                "operationId": "leaderboard",
                "parameters": [
                    {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["game", "players"]},
                        "the rated players of a game, best first",
                    ),
                    **refusal_answers(404, *BUSY),
                },
            }
        },
        "/api/players/{name}": {
            "get": {
                "operationId": "player",
                "parameters": [
                    {
                        "name": "name",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "maxLength": 160},
                    }
                ],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["name", "ratings", "history", "games"]},
                        "a person's or a bot level's ratings, rating history and games",
                    ),
                    **refusal_answers(404, *BUSY),
                },
            }
        },
    }


def _page(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"},
        "description": description,
    }


def _query(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": {"type": "string", "maxLength": 40},
        "description": description,
    }


_REVIEW = {
    "type": "object",
    "required": ["status", "setting"],
    "properties": {
        "status": {"enum": ["running", "done", "failed"]},
        "setting": {"type": "string"},
        "done": {"type": "integer"},
        "total": {"type": ["integer", "null"]},
        "decisions": {"type": "array", "items": {"type": "object"}},
        "summary": {"type": "array", "items": {"type": "object"}},
    },
}
_REVIEW_SETTING = {
    "type": "object",
    "properties": {
        "seats": {"type": "array", "maxItems": 8, "items": {"type": "integer", "minimum": 0}},
        "time": {"type": "number", "minimum": 0.05, "maximum": 2.0},
    },
}
_EXPLORE = {
    "type": "object",
    "required": ["version", "seat", "name"],
    "properties": {
        "version": {"type": "integer", "minimum": 0},
        "seat": {"type": "integer", "minimum": 0},
        "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
        "bot": {"enum": sorted(BOTS)},
    },
}


def after_game_paths() -> dict[str, Any]:
    """The bot's review of a finished table, and explore from one of its positions."""
    review_refusals = refusal_answers(400, 404, 409, 413, *BUSY)
    return {
        "/api/tables/{table_id}/review": {
            "get": {
                "operationId": "review",
                "parameters": [
                    TABLE_ID,
                    _query("seats", "the seats reviewed, e.g. 0,1 (default: every person)"),
                    _query("time", "seconds of search per decision"),
                ],
                "responses": {
                    "200": json_content(_REVIEW, "the review or its progress"),
                    **review_refusals,
                },
            },
            "post": {
                "operationId": "startReview",
                "parameters": [TABLE_ID],
                "requestBody": request_body(_REVIEW_SETTING),
                "responses": {
                    "200": json_content(_REVIEW, "the review or its progress"),
                    **review_refusals,
                },
            },
        },
        "/api/tables/{table_id}/explore": {
            "post": {
                "operationId": "explore",
                "parameters": [TABLE_ID],
                "requestBody": request_body(_EXPLORE),
                "responses": {
                    "201": json_content(
                        {"type": "object", "required": ["table", "token"]}, "opened"
                    ),
                    **refusal_answers(400, 404, 409, 413, 422, *BUSY),
                },
            }
        },
    }


def describe() -> dict[str, Any]:
    """The OpenAPI 3.1 document of this server's JSON API."""
    paths: dict[str, Any] = {
        "/api/games": {
            "get": {
                "operationId": "games",
                "responses": {"200": json_content({"type": "object"}, "the games and bot names")},
            }
        },
        "/api/tables": {
            "get": {
                "operationId": "lobby",
                "parameters": [
                    _query("game", "only this game's tables"),
                    _query("q", "a search: a player's name, the game, the table's id"),
                    _page("offset", "tables skipped (newest first)"),
                    _page("limit", "tables shown, 1 to 200"),
                ],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["tables", "total", "offset", "limit"]},
                        "a page of the lobby, and how many tables match in all",
                    ),
                    **refusal_answers(400, 422, *BUSY),
                },
            },
            "post": {
                "operationId": "create",
                "requestBody": request_body(NEW_TABLE),
                "responses": {
                    "201": json_content({"type": "object", "required": ["table"]}, "the new table"),
                    **refusal_answers(400, 403, 413, 422, *BUSY),
                },
            },
        },
        "/api/tables/{table_id}": {
            "get": {
                "operationId": "table",
                "parameters": [TABLE_ID, AUTH],
                "responses": {
                    "200": json_content(STATE_REF, "the table as the bearer sees it"),
                    **refusal_answers(403, 404, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/summary": {
            "get": {
                "operationId": "tableSummary",
                "description": "what the lobby lists of the table, and the bearer's seat",
                "parameters": [TABLE_ID, AUTH],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["id", "status", "you", "private"]},
                        "the table's summary",
                    ),
                    **refusal_answers(403, 404, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/seats": {
            "post": {
                "operationId": "join",
                "parameters": [TABLE_ID],
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                            "seat": {"type": "integer", "minimum": 0},
                            "profile": {"type": "string", "maxLength": 100},
                        },
                    }
                ),
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["token"]}, "the seat taken"
                    ),
                    **refusal_answers(400, 403, 404, 409, 413, 422, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/actions": {
            "post": {
                "operationId": "act",
                "parameters": [TABLE_ID, AUTH],
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["version", "action"],
                        "properties": {
                            "table": {"type": "string"},
                            "version": {"type": "integer", "minimum": 0},
                            "action": {"type": "string", "minLength": 1, "maxLength": ACTION_MAX},
                            "joins": {"type": "boolean"},  # one click's next decision
                        },
                    }
                ),
                "responses": {
                    "200": json_content(STATE_REF, "the seat's new state"),
                    **refusal_answers(400, 401, 403, 404, 409, 413, 422, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/leave": {
            "post": {
                "operationId": "leave",
                "parameters": [TABLE_ID, AUTH],
                "responses": {
                    "200": json_content(
                        STATE_REF, "the seat left (open again, or a bot stands in)"
                    ),
                    **refusal_answers(401, 403, 404, 409, 422, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/return": {
            "post": {
                "operationId": "come_back",
                "parameters": [TABLE_ID, AUTH],
                "responses": {
                    "200": json_content(STATE_REF, "the person plays their seat again"),
                    **refusal_answers(401, 403, 404, 409, 422, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/remove": {
            "post": {
                "operationId": "remove",
                "parameters": [
                    TABLE_ID,
                    {**AUTH, "description": "`Bearer <host secret>` (the creator's)"},
                ],
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["seat"],
                        "properties": {"seat": {"type": "integer", "minimum": 0}},
                    }
                ),
                "responses": {
                    "200": json_content(STATE_REF, "the table with that seat open again"),
                    **refusal_answers(400, 401, 403, 404, 409, 413, 422, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/undo": {
            "post": {
                "operationId": "take_back",
                "description": "take back the bearer's last decision of this turn",
                "parameters": [TABLE_ID, AUTH],
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["version"],
                        "properties": {
                            "table": {"type": "string"},
                            "version": {"type": "integer", "minimum": 0},
                        },
                    }
                ),
                "responses": {
                    "200": json_content(STATE_REF, "the seat's state after the take-back"),
                    **refusal_answers(400, 401, 403, 404, 409, 413, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/replay": {
            "get": {
                "operationId": "replay",
                "parameters": [TABLE_ID, _query("seat", "whose own views (a finished game)")],
                "responses": {
                    "200": json_content({"type": "object", "required": ["steps"]}, "every step"),
                    **refusal_answers(400, 404, 409, *BUSY),
                },
            }
        },
        **after_game_paths(),
        "/api/tables/{table_id}/record": {
            "get": {
                "operationId": "record",
                "parameters": [TABLE_ID],
                "responses": {
                    "200": json_content({"type": "object", "required": ["actions"]}, "the record"),
                    **refusal_answers(404, 409, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/statistics": {
            "get": {
                "operationId": "statistics",
                "description": "A finished game's statistics, computed from its record: a few "
                "tables (a cell per player) and each player's score after every action.",
                "parameters": [TABLE_ID],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["tables", "curve"]}, "the statistics"
                    ),
                    **refusal_answers(404, 409, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/chat": {
            "get": {
                "operationId": "chat",
                "description": "The table's chat: its settings, the quick phrases and the "
                "newest messages (text, or a quick phrase in the reader's language).",
                "parameters": [TABLE_ID],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["settings", "phrases", "messages"]},
                        "the chat history",
                    ),
                    **refusal_answers(404, *BUSY),
                },
            }
        },
        "/api/i18n/{lang}": {
            "get": {
                "operationId": "catalog",
                "parameters": [
                    {"name": "lang", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": json_content({"type": "object"}, "the browser's catalog"),
                    **refusal_answers(404),
                },
            }
        },
        "/api/rules/{game}/{lang}": {
            "get": {
                "operationId": "rules",
                "parameters": [
                    {
                        "name": "game",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": sorted(GAMES)},
                    },
                    {
                        "name": "lang",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": sorted(i18n.LANGUAGES)},
                    },
                ],
                "responses": {
                    "200": json_content({"type": "object", "required": ["parts"]}, "the rulebook"),
                    **refusal_answers(404),
                },
            }
        },
    }
    paths.update(_player_paths())
    paths.update(health_paths())
    paths.update(mine_paths())
    return {
        "openapi": "3.1.0",
        "info": {"title": "leafpile", "version": "1"},
        "paths": with_options(paths),
        "components": {"schemas": {"Error": ERROR, "State": STATE, "Seat": SEAT}},
    }

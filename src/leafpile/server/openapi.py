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
from leafpile.server.openapi_schemas import (
    _AUTH,
    _BUSY,
    _ERROR,
    _NEW_TABLE,
    _SEAT,
    _STATE,
    _STATE_REF,
    _TABLE_ID,
    _body,
    _json,
    _refusals,
)
from leafpile.server.protocol import ACTION_MAX
from leafpile.server.schema import NAME_MAX

_PROFILE = {
    "type": "object",
    "required": ["name", "has_password"],
    "properties": {
        "name": {"type": "string"},
        "has_password": {"type": "boolean"},
        "secret": {"type": "string"},
    },
}
_PROFILE_AUTH = {**_AUTH, "description": "`Bearer <profile secret>`"}


def _player_paths() -> dict[str, Any]:
    """Profiles, the leaderboards and the players' pages."""
    name_password = {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "maxLength": NAME_MAX},
            "password": {"type": "string", "minLength": 8, "maxLength": 128},
        },
    }
    return {
        "/api/profiles": {
            "post": {
                "operationId": "create_profile",
                "requestBody": _body(name_password),
                "responses": {
                    "201": _json(_PROFILE, "the new profile and its browser's secret"),
                    **_refusals(400, 409, 413, 422, *_BUSY),
                },
            }
        },
        "/api/profiles/login": {
            "post": {
                "operationId": "login",
                "requestBody": _body({**name_password, "required": ["name", "password"]}),
                "responses": {
                    "200": _json(_PROFILE, "the profile and a secret for this browser"),
                    **_refusals(400, 403, 413, *_BUSY),
                },
            }
        },
        "/api/profiles/me": {
            "get": {
                "operationId": "me",
                "parameters": [_PROFILE_AUTH],
                "responses": {
                    "200": _json(_PROFILE, "the profile of the bearer's secret"),
                    **_refusals(401, 403, *_BUSY),
                },
            }
        },
        "/api/profiles/password": {
            "post": {
                "operationId": "set_password",
                "parameters": [_PROFILE_AUTH],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["password"],
                        "properties": {
                            "password": {"type": "string", "minLength": 8, "maxLength": 128}
                        },
                    }
                ),
                "responses": {
                    "200": _json(_PROFILE, "the profile, with its password set"),
                    **_refusals(400, 401, 403, 413, 422, *_BUSY),
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
                    "200": _json(
                        {"type": "object", "required": ["game", "players"]},
                        "the rated players of a game, best first",
                    ),
                    **_refusals(404, *_BUSY),
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
                    "200": _json(
                        {"type": "object", "required": ["name", "ratings", "history", "games"]},
                        "a person's or a bot level's ratings, rating history and games",
                    ),
                    **_refusals(404, *_BUSY),
                },
            }
        },
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
        "name": {"type": "string", "maxLength": NAME_MAX},
        "bot": {"enum": sorted(BOTS)},
    },
}


def after_game_paths() -> dict[str, Any]:
    """The bot's review of a finished table, and explore from one of its positions."""
    review_refusals = _refusals(400, 404, 409, 413, *_BUSY)
    return {
        "/api/tables/{table_id}/review": {
            "get": {
                "operationId": "review",
                "parameters": [
                    _TABLE_ID,
                    _query("seats", "the seats reviewed, e.g. 0,1 (default: every person)"),
                    _query("time", "seconds of search per decision"),
                ],
                "responses": {
                    "200": _json(_REVIEW, "the review or its progress"),
                    **review_refusals,
                },
            },
            "post": {
                "operationId": "startReview",
                "parameters": [_TABLE_ID],
                "requestBody": _body(_REVIEW_SETTING),
                "responses": {
                    "200": _json(_REVIEW, "the review or its progress"),
                    **review_refusals,
                },
            },
        },
        "/api/tables/{table_id}/explore": {
            "post": {
                "operationId": "explore",
                "parameters": [_TABLE_ID],
                "requestBody": _body(_EXPLORE),
                "responses": {
                    "201": _json({"type": "object", "required": ["table", "token"]}, "opened"),
                    **_refusals(400, 404, 409, 413, 422, *_BUSY),
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
                "responses": {"200": _json({"type": "object"}, "the games and bot names")},
            }
        },
        "/api/tables": {
            "get": {
                "operationId": "lobby",
                "responses": {
                    "200": _json({"type": "object", "required": ["tables"]}, "the lobby"),
                    **_refusals(*_BUSY),
                },
            },
            "post": {
                "operationId": "create",
                "requestBody": _body(_NEW_TABLE),
                "responses": {
                    "201": _json({"type": "object", "required": ["table"]}, "the new table"),
                    **_refusals(400, 403, 413, 422, *_BUSY),
                },
            },
        },
        "/api/tables/{table_id}": {
            "get": {
                "operationId": "table",
                "parameters": [_TABLE_ID, _AUTH],
                "responses": {
                    "200": _json(_STATE_REF, "the table as the bearer sees it"),
                    **_refusals(403, 404, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/summary": {
            "get": {
                "operationId": "tableSummary",
                "description": "what the lobby lists of the table, and the bearer's seat",
                "parameters": [_TABLE_ID, _AUTH],
                "responses": {
                    "200": _json(
                        {"type": "object", "required": ["id", "status", "you", "private"]},
                        "the table's summary",
                    ),
                    **_refusals(403, 404, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/seats": {
            "post": {
                "operationId": "join",
                "parameters": [_TABLE_ID],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string", "maxLength": NAME_MAX},
                            "seat": {"type": "integer", "minimum": 0},
                            "profile": {"type": "string", "maxLength": 100},
                        },
                    }
                ),
                "responses": {
                    "200": _json({"type": "object", "required": ["token"]}, "the seat taken"),
                    **_refusals(400, 403, 404, 409, 413, 422, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/actions": {
            "post": {
                "operationId": "act",
                "parameters": [_TABLE_ID, _AUTH],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["version", "action"],
                        "properties": {
                            "table": {"type": "string"},
                            "version": {"type": "integer", "minimum": 0},
                            "action": {"type": "string", "minLength": 1, "maxLength": ACTION_MAX},
                        },
                    }
                ),
                "responses": {
                    "200": _json(_STATE_REF, "the seat's new state"),
                    **_refusals(400, 401, 403, 404, 409, 413, 422, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/leave": {
            "post": {
                "operationId": "leave",
                "parameters": [_TABLE_ID, _AUTH],
                "responses": {
                    "200": _json(_STATE_REF, "the seat left (open again, or a bot stands in)"),
                    **_refusals(401, 403, 404, 409, 422, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/return": {
            "post": {
                "operationId": "come_back",
                "parameters": [_TABLE_ID, _AUTH],
                "responses": {
                    "200": _json(_STATE_REF, "the person plays their seat again"),
                    **_refusals(401, 403, 404, 409, 422, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/remove": {
            "post": {
                "operationId": "remove",
                "parameters": [
                    _TABLE_ID,
                    {**_AUTH, "description": "`Bearer <host secret>` (the creator's)"},
                ],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["seat"],
                        "properties": {"seat": {"type": "integer", "minimum": 0}},
                    }
                ),
                "responses": {
                    "200": _json(_STATE_REF, "the table with that seat open again"),
                    **_refusals(400, 401, 403, 404, 409, 413, 422, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/undo": {
            "post": {
                "operationId": "take_back",
                "description": "take back the bearer's last decision of this turn",
                "parameters": [_TABLE_ID, _AUTH],
                "requestBody": _body(
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
                    "200": _json(_STATE_REF, "the seat's state after the take-back"),
                    **_refusals(400, 401, 403, 404, 409, 413, *_BUSY),
                },
            }
        },
        "/api/tables/{table_id}/replay": {
            "get": {
                "operationId": "replay",
                "parameters": [_TABLE_ID, _query("seat", "whose own views (a finished game)")],
                "responses": {
                    "200": _json({"type": "object", "required": ["steps"]}, "every step"),
                    **_refusals(400, 404, 409, *_BUSY),
                },
            }
        },
        **after_game_paths(),
        "/api/tables/{table_id}/record": {
            "get": {
                "operationId": "record",
                "parameters": [_TABLE_ID],
                "responses": {
                    "200": _json({"type": "object", "required": ["actions"]}, "the record"),
                    **_refusals(404, 409, *_BUSY),
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
                    "200": _json({"type": "object"}, "the browser's catalog"),
                    **_refusals(404),
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
                    "200": _json({"type": "object", "required": ["parts"]}, "the rulebook"),
                    **_refusals(404),
                },
            }
        },
    }
    paths.update(_player_paths())
    return {
        "openapi": "3.1.0",
        "info": {"title": "leafpile", "version": "1"},
        "paths": paths,
        "components": {"schemas": {"Error": _ERROR, "State": _STATE, "Seat": _SEAT}},
    }

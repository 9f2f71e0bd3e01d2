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
from leafpile.server.protocol import ACTION_MAX, STATUS
from leafpile.server.schema import NAME_MAX

_ERROR = {
    "type": "object",
    "required": ["type", "code", "message"],
    "properties": {
        "type": {"enum": ["error"]},
        "code": {"enum": sorted(STATUS)},
        "message": {"type": "string"},
        "state": {"$ref": "#/components/schemas/State"},
    },
}

_SEAT = {
    "type": "object",
    "required": ["seat", "kind", "bot", "name", "open", "connected"],
    "properties": {
        "seat": {"type": "integer"},
        "kind": {"enum": ["human", "bot"]},
        "bot": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]},
        "open": {"type": "boolean"},
        "connected": {"type": "boolean"},
    },
}

_STATE = {
    "type": "object",
    "required": ["type", "table", "game", "status", "version", "you", "seats", "view", "legal"],
    "properties": {
        "type": {"enum": ["state"]},
        "table": {"type": "string"},
        "game": {"type": "string"},
        "status": {"enum": ["waiting", "playing", "finished"]},
        "version": {"type": "integer", "minimum": 0},
        "you": {"type": ["integer", "null"]},
        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
        "to_move": {"type": ["integer", "null"]},
        "view": {"type": "object"},
        "legal": {"type": "array", "items": {"type": "string"}},
        "log_start": {"type": "integer"},
        "log": {"type": "array", "items": {"type": "object"}},
        "scores": {"type": "array"},
        "winners": {"type": ["array", "null"]},
        "extras": {"type": "object"},
    },
}

_NEW_TABLE = {
    "type": "object",
    "required": ["game", "seats"],
    "properties": {
        "game": {"type": "string", "enum": sorted(GAMES)},
        "players": {"type": "integer", "minimum": 1, "maximum": 8},
        "options": {"type": "object"},
        "seats": {
            "type": "array",
            "maxItems": 8,
            "items": {
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["kind"],
                        "properties": {"kind": {"enum": ["human"]}},
                    },
                    {
                        "type": "object",
                        "required": ["kind", "bot"],
                        "properties": {"kind": {"enum": ["bot"]}, "bot": {"enum": sorted(BOTS)}},
                    },
                ]
            },
        },
        "sit": {"type": ["integer", "null"], "minimum": 0},
        "name": {"type": "string", "maxLength": NAME_MAX},
        "seed": {"type": "integer", "minimum": 0},
    },
}


def _refusals(*statuses: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for status in statuses:
        out[str(status)] = {
            "description": "refused: nothing was changed",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }
    return out


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_TABLE_ID = {
    "name": "table_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "maxLength": 40},
}
_AUTH = {
    "name": "Authorization",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "`Bearer <seat token>`",
}
_STATE_REF = {"$ref": "#/components/schemas/State"}
_BUSY = (429, 503)


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


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
                    **_refusals(400, 413, 422, *_BUSY),
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
                        },
                    }
                ),
                "responses": {
                    "200": _json({"type": "object", "required": ["token"]}, "the seat taken"),
                    **_refusals(400, 404, 409, 413, 422, *_BUSY),
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
    return {
        "openapi": "3.1.0",
        "info": {"title": "leafpile", "version": "1"},
        "paths": paths,
        "components": {"schemas": {"Error": _ERROR, "State": _STATE, "Seat": _SEAT}},
    }

"""The parts the OpenAPI description (`openapi.py`) is built from: the schemas of a table's
state, a new table, a clock and a refusal, and small helpers for answers and bodies."""

from __future__ import annotations

from typing import Any

from leafpile.bots import BOTS
from leafpile.games import GAMES
from leafpile.server.api.refusals import STATUS
from leafpile.server.store.schema import NAME_MAX
from leafpile.server.tables.clocks import (
    BANK_MAX,
    BANK_MIN,
    INCREMENT_MAX,
    NONE,
    PER_MOVE_MAX,
    PER_MOVE_MIN,
    REALTIME,
    TURN,
)

ERROR = {
    "type": "object",
    "required": ["type", "code", "message"],
    "properties": {
        "type": {"enum": ["error"]},
        "code": {"enum": sorted(STATUS)},
        "message": {"type": "string"},
        "state": {"$ref": "#/components/schemas/State"},
    },
}

SEAT = {
    "type": "object",
    "required": ["seat", "kind", "bot", "name", "open", "connected"],
    "properties": {
        "seat": {"type": "integer"},
        "kind": {"enum": ["human", "bot"]},
        "bot": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]},
        "open": {"type": "boolean"},
        "connected": {"type": "boolean"},
        "stand_in": {"type": ["string", "null"]},
        "acted": {"type": "boolean"},
        "profile": {"type": "boolean"},
    },
}

STATE = {
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
        "take_back": {"type": "boolean"},
        "log_start": {"type": "integer"},
        "log": {"type": "array", "items": {"type": "object"}},
        "scores": {"type": "array"},
        "winners": {"type": ["array", "null"]},
        "extras": {"type": "object"},
        "private": {"type": "boolean"},
        "replacement": {"type": ["string", "null"]},
        "clock": {
            "type": ["object", "null"],
            "required": ["kind", "remaining", "running", "server_time"],
            "properties": {
                "kind": {"enum": [REALTIME, TURN]},
                "remaining": {"type": "array", "items": {"type": "number", "minimum": 0}},
                "running": {"type": ["integer", "null"]},
                "server_time": {"type": "number"},
            },
        },
        "parts": {"type": ["array", "null"]},
        "analysis_of": {"type": ["string", "null"]},
        "rated": {"type": "boolean"},
        # a tutorial table's step (leafpile.tutorial: Tutorial.part), null at other tables
        "tutorial": {"type": ["object", "null"]},
    },
}

CLOCK = {
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["kind"],
            "properties": {"kind": {"enum": [NONE]}},
            "additionalProperties": False,
        },
        {
            "type": "object",
            "required": ["kind", "bank"],
            "properties": {
                "kind": {"enum": [REALTIME]},
                "bank": {"type": "integer", "minimum": BANK_MIN, "maximum": BANK_MAX},
                "increment": {"type": "integer", "minimum": 0, "maximum": INCREMENT_MAX},
            },
            "additionalProperties": False,
        },
        {
            "type": "object",
            "required": ["kind", "per_move"],
            "properties": {
                "kind": {"enum": [TURN]},
                "per_move": {"type": "integer", "minimum": PER_MOVE_MIN, "maximum": PER_MOVE_MAX},
            },
            "additionalProperties": False,
        },
    ]
}

NEW_TABLE = {
    "type": "object",
    "required": ["game", "seats"],
    "properties": {
        "game": {"type": "string", "enum": sorted(GAMES)},
        "players": {"type": "integer", "minimum": 1, "maximum": 8},
        "options": {"type": "object"},
        "seats": {
            "type": "array",
            "minItems": 1,
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
        "private": {"type": "boolean"},
        "clock": CLOCK,
        "replacement": {"enum": sorted(BOTS)},
        "rated": {"type": "boolean"},
        "profile": {"type": "string", "maxLength": 100},
        # the game's guided first game: only `game` and `name` count beside it (no seats)
        "tutorial": {"enum": [True]},
    },
}


def refusal_answers(*statuses: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for status in statuses:
        out[str(status)] = {
            "description": "refused: nothing was changed",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }
    return out


def json_content(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


TABLE_ID = {
    "name": "table_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "maxLength": 40},
}
AUTH = {
    "name": "Authorization",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "`Bearer <seat token>`",
}
STATE_REF = {"$ref": "#/components/schemas/State"}
BUSY = (429, 503)


def request_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}

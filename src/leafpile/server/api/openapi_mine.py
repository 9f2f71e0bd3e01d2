"""The OpenAPI description of a signed-in player's own tables: listed for their profile from
any browser, and their seat brought into the browser asking."""

from __future__ import annotations

from typing import Any

from leafpile.server.api.openapi_schemas import AUTH, BUSY, TABLE_ID, json_content, refusal_answers

_PROFILE_AUTH = {**AUTH, "description": "`Bearer <profile secret>`"}


def mine_paths() -> dict[str, Any]:
    return {
        "/api/profiles/me/tables": {
            "get": {
                "operationId": "myTables",
                "description": "the unfinished tables where the profile holds a seat",
                "parameters": [_PROFILE_AUTH],
                "responses": {
                    "200": json_content(
                        {
                            "type": "object",
                            "required": ["tables"],
                            "properties": {"tables": {"type": "array"}},
                        },
                        "the profile's tables, private ones included",
                    ),
                    **refusal_answers(401, 403, *BUSY),
                },
            }
        },
        "/api/tables/{table_id}/seats/mine": {
            "post": {
                "operationId": "handOver",
                "description": "a new seat token for the seat the profile holds (the old one ends)",
                "parameters": [TABLE_ID, _PROFILE_AUTH],
                "responses": {
                    "200": json_content(
                        {"type": "object", "required": ["table", "seat", "token"]},
                        "the seat and its new token",
                    ),
                    **refusal_answers(401, 403, 404, 409, *BUSY),
                },
            }
        },
    }

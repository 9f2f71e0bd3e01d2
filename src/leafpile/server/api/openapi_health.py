"""The health probes in the OpenAPI description: `/healthz/live` and `/healthz/ready`."""

from __future__ import annotations

from typing import Any

from leafpile.server.api.openapi_schemas import json_content

_HEALTH = {
    "type": "object",
    "required": ["status"],
    "properties": {
        "status": {"type": "string", "enum": ["live", "ready", "not ready"]},
        "problems": {"type": "array", "items": {"type": "string"}},
    },
}


def health_paths() -> dict[str, Any]:
    """Unauthenticated probes, never refused for their rate (for load balancers, systemd)."""
    return {
        "/healthz/live": {
            "get": {
                "operationId": "live",
                "summary": "the process answers",
                "responses": {"200": json_content(_HEALTH, "alive")},
            }
        },
        "/healthz/ready": {
            "get": {
                "operationId": "ready",
                "summary": "the database answers at the newest migration; with several "
                "processes, this one hears the others' announcements",
                "responses": {
                    "200": json_content(_HEALTH, "ready to serve"),
                    "503": json_content(_HEALTH, "not ready: the problems say why"),
                },
            }
        },
    }

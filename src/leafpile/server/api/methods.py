"""The methods each address answers, as the `Allow` header says them (RFC 9110): the one
rule that the server's OPTIONS and 405 answers (`http.methods`) and the OpenAPI description
(`openapi.py`) share, so the description cannot say other methods than the server takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: The order of the methods in an `Allow` header.
ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allow_header(methods: Iterable[str]) -> str:
    """The `Allow` header of an address whose routes take `methods`: HEAD wherever GET is
    (the server answers it as GET without the body), and OPTIONS everywhere."""
    given = {m.upper() for m in methods} | {"OPTIONS"}
    if "GET" in given:
        given.add("HEAD")
    known = [m for m in ORDER if m in given]
    return ", ".join(known + sorted(given - set(ORDER)))


def with_options(paths: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """`paths` of an OpenAPI description with each path's OPTIONS operation: 204 with the
    `Allow` header its other operations make (it takes their path parameters)."""
    out = {}
    for path, operations in paths.items():
        allow = allow_header(operations)
        in_path = {
            p["name"]: p
            for operation in operations.values()
            for p in operation.get("parameters", ())
            if p.get("in") == "path"
        }
        options: dict[str, Any] = {
            "summary": "the methods this address answers; any other is refused 405 with "
            "the same Allow header",
            "responses": {
                "204": {
                    "description": "no content: the methods are in the Allow header",
                    "headers": {
                        "Allow": {"required": True, "schema": {"type": "string", "enum": [allow]}}
                    },
                }
            },
        }
        if in_path:
            options["parameters"] = list(in_path.values())
        out[path] = {**operations, "options": options}
    return out

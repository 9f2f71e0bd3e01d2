"""The OpenAPI description is as strict as the server: an empty name and a table without
seats, which the server refuses, are no valid request either (they were)."""

from __future__ import annotations

from leafpile.server.api.openapi import describe
from tests.server.helpers import HTTP


def _body_schema(spec: dict, path: str) -> dict:
    schema = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    if "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return dict(schema)


def test_an_empty_name_and_no_seats_are_refused_by_the_description_as_by_the_server(lite):
    spec = describe()
    for path in ("/api/profiles", "/api/tables/{table_id}/seats", "/api/tables/{table_id}/explore"):
        assert _body_schema(spec, path)["properties"]["name"]["minLength"] == 1, path
    assert _body_schema(spec, "/api/tables")["properties"]["seats"]["minItems"] == 1
    assert HTTP.post(lite.base + "/api/profiles", json={"name": ""}).status_code == 422
    r = HTTP.post(lite.base + "/api/tables", json={"game": "autumn", "seats": []})
    assert r.status_code == 422

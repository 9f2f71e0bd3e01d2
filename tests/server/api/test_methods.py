"""Every address answers OPTIONS with the `Allow` header the OpenAPI description gives it, and
refuses any other method it does not take with 405 and the same header (Starlette alone said
only the first route's methods: `DELETE /api/tables` got `Allow: GET, HEAD`, without POST,
and OPTIONS was refused everywhere)."""

from __future__ import annotations

import re

from leafpile.server.api import openapi
from tests.server.helpers import HTTP
from tests.server.live import ThreadServer

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _url(srv: ThreadServer, path: str) -> str:
    return srv.base + re.sub(r"\{[^}]+\}", "x", path)  # any value: methods go by the path


def test_options_and_405_say_the_methods_the_description_gives(lite):
    described = openapi.describe()["paths"]
    for path, operations in described.items():
        allow = operations["options"]["responses"]["204"]["headers"]["Allow"]["schema"]["enum"]
        options = HTTP.options(_url(lite, path))
        assert options.status_code == 204, path
        assert [options.headers["allow"]] == allow, path
        assert not options.content
        taken = {m for m in allow[0].split(", ") if m != "OPTIONS"}
        assert taken - {"HEAD"} == {m.upper() for m in operations} - {"OPTIONS"}, path
        for method in METHODS:
            r = HTTP.request(method, _url(lite, path))
            if method in taken:
                assert r.status_code != 405, (method, path)
            else:
                assert r.status_code == 405, (method, path, r.status_code)
                assert r.headers["allow"] == allow[0], (method, path)
                if method != "HEAD":  # an answer to HEAD has no body
                    assert r.json()["code"] == "method_not_allowed", (method, path)
                    assert allow[0] in r.json()["message"]


def test_paths_beyond_the_api_say_their_methods_too(lite):
    """Pages, game files and static files: GET (and HEAD) only; an unknown path is a 404."""
    for path in ("/", "/table/x", "/static/board.js", "/games/autumn/web/x.js"):
        assert HTTP.options(lite.base + path).headers["allow"] == "GET, HEAD, OPTIONS", path
        refused = HTTP.delete(lite.base + path)
        assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD, OPTIONS"
    assert HTTP.options(lite.base + "/no/such/path").status_code == 404
    french = HTTP.post(lite.base + "/api/games", headers={"accept-language": "fr"})
    assert french.status_code == 405 and "méthodes" in french.json()["message"]

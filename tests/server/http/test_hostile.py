"""Hostile clients: whatever one client sends, it gets a clear 4xx (or close code), the server
changes nothing, and its memory and time stay bounded."""

from __future__ import annotations

import dataclasses
import json
import socket
import sys
from typing import Any

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from leafpile.server import serve
from leafpile.server.api.checks import BODY_MAX
from tests.patience import READ, FakeClock
from tests.server.helpers import AUTUMN, HTTP, create, snapshot, two_humans, unchanged
from tests.server.live import ThreadServer


def _raw(server: ThreadServer, head: bytes, chunks: list[bytes], timeout: float = READ) -> bytes:
    """Send a request by hand (so the body can be chunked and never finished) and read what
    the server answers before the client has sent everything."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as s:
        s.sendall(head)
        for chunk in chunks:
            s.sendall(chunk)
        answer = b""
        try:
            while b"\r\n\r\n" not in answer:
                data = s.recv(65536)
                if not data:
                    break
                answer += data
        except TimeoutError:
            pass
        return answer


def test_a_chunked_body_is_refused_once_it_passes_the_limit(lite):
    """The server stops reading at 16 KiB: it answers 413 while the client is still sending
    (it never waits for, or holds, the rest of a huge body)."""
    piece = b"x" * 4096
    chunk = b"%x\r\n%s\r\n" % (len(piece), piece)
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    # 5 chunks = 20 KiB, and no final chunk: a server that reads the whole body waits forever
    answer = _raw(lite, head, [chunk] * (BODY_MAX // len(piece) + 1))
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert not lite.manager.tables


def test_a_declared_length_over_the_limit_is_refused_before_reading(lite):
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 250000000\r\n\r\n"
    )
    answer = _raw(lite, head, [b"{"])
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_the_connection_closes_after_an_over_limit_body_is_refused(lite):
    """The rest of an over-limit body used to be read and thrown away on a connection kept
    alive; now the 413 says `Connection: close` and the server closes it, unread."""
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 250000000\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", lite.port), timeout=READ) as s:
        s.sendall(head + b"{" * 1000)
        answer = b""
        while data := s.recv(65536):  # b"": the server closed the connection
            answer += data
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"connection: close" in answer.lower()


DEEP = "[" * 5000 + "]" * 5000  # under 16 KiB, deeper than Python's recursion limit


def test_deeply_nested_json_is_a_400(lite):
    table, _tok_a, tok_b = two_humans(lite)
    before = snapshot(lite, table, tok_b)
    for path in ("/api/tables", f"/api/tables/{table}/seats", f"/api/tables/{table}/actions"):
        for body in (DEEP, '{"game": ' + DEEP[:3000] + "1" + DEEP[5000:8000] + "}"):
            r = HTTP.post(lite.base + path, content=body.encode())
            assert r.status_code == 400 and r.json()["code"] == "bad_json", (path, r.text)
    unchanged(lite, table, tok_b, before)


def test_deeply_nested_json_and_binary_frames_over_a_websocket(lite):
    table, _tok_a, tok_b = two_humans(lite)
    before = snapshot(lite, table, tok_b)
    with connect(f"{lite.ws_base}/ws/tables/{table}") as ws:
        ws.send(DEEP)
        while (msg := json.loads(ws.recv(timeout=READ)))["type"] != "error":
            pass
        assert msg["code"] == "bad_json"
        ws.send(json.dumps({"type": "ping"}))  # the connection lives on
        while json.loads(ws.recv(timeout=READ))["type"] != "pong":
            pass
        ws.send(b"\x00\x01binary")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=READ)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    unchanged(lite, table, tok_b, before)


def test_game_files_are_only_the_renderers_own(lite):
    ok = HTTP.get(lite.base + "/games/autumn/web/renderer.js")
    assert ok.status_code == 200 and "createRenderer" in ok.text
    web = AUTUMN.renderer_dir()
    assert web is not None
    (web / "__pycache__").mkdir(exist_ok=True)
    compiled = list((web / "__pycache__").glob("*.pyc"))
    if not compiled:  # make one, as importing the package would
        import py_compile

        py_compile.compile(str(web / "__init__.py"))
        compiled = list((web / "__pycache__").glob("*.pyc"))
    for path in [
        f"__pycache__/{compiled[0].name}",
        "__init__.py",
        "renderer.js%00.png",
        "../__init__.py",
        "..%2f__init__.py",
        "x" * 5000,
        "%ff%fe",
    ]:
        r = HTTP.get(f"{lite.base}/games/autumn/web/{path}")
        assert 300 <= r.status_code < 500 and "import" not in r.text, (path, r.status_code)
    for path in ["/games/autumn/data/%00.json", "/games/%00/web/renderer.js", "/table/%00"]:
        assert HTTP.get(lite.base + path).status_code < 500, path


def test_a_full_disk_on_table_creation_or_joining_is_a_503_and_changes_nothing(lite, monkeypatch):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}])

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(lite.manager.db, "create_table", full)
    monkeypatch.setattr(lite.manager.db, "take_seat", full)
    body = {"game": "autumn", "players": 2, "seats": [{"kind": "human"}] * 2}
    r = HTTP.post(lite.base + "/api/tables", json=body)
    assert r.status_code == 503 and r.json()["code"] == "storage", r.text
    r = HTTP.post(f"{lite.base}/api/tables/{made['table']}/seats", json={"name": "Bo"})
    assert r.status_code == 503 and r.json()["code"] == "storage", r.text
    monkeypatch.undo()
    assert list(lite.manager.tables) == [made["table"]]
    assert snapshot(lite, made["table"])["seats"][1]["open"]


@pytest.mark.parametrize(
    "name",
    [
        "Ana\x00",
        "A\x1bna",
        "evil\u202egnp.exe",
        "\u2066Ana",
        "\u200b\u200b",
        "\u3164",
        "\u2800 \u200d",
        "\ufeff",
    ],
)
def test_names_with_control_or_bidi_characters_or_only_invisible_ones_are_refused(lite, name):
    body = {
        "game": "autumn",
        "players": 2,
        "seats": [{"kind": "human"}] * 2,
        "sit": 0,
        "name": name,
    }
    r = HTTP.post(lite.base + "/api/tables", json=body)
    assert r.status_code == 422 and r.json()["code"] == "bad_name", r.text
    assert not lite.manager.tables


def test_real_names_are_kept(lite):
    for name in ["Zoë", "Анна", "李雷", "👩‍👩‍👧 family", "O'Neil-Smith"]:
        made = create(lite, [{"kind": "human"}, {"kind": "human"}], name=name)
        assert snapshot(lite, made["table"])["seats"][0]["name"] == name


def test_every_answer_has_the_security_headers(lite):
    table = create(lite, [{"kind": "human"}, {"kind": "human"}])["table"]
    for path in [
        "/",
        f"/table/{table}",
        "/api/tables",
        "/static/table.js",
        "/api/tables/nope",
        "/games/autumn/web/renderer.js",
    ]:
        headers = HTTP.get(lite.base + path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "unsafe-eval" not in csp and "script-src 'self' 'unsafe-inline'" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"


def _served_as_by_serve(tmp_path, monkeypatch, forwarded_allow_ips: str | None) -> ThreadServer:
    """The platform with the uvicorn settings `leafpile serve` uses for its forwarded headers
    and its default flooding guard (20 a second, bursts of 60, per address), on a clock that
    stands still: only the number of requests counts, not how fast this machine sends them."""
    made: list[dict[str, Any]] = []
    ran: list[dict[str, Any]] = []
    module = sys.modules[serve.__module__]
    monkeypatch.setattr(module, "create_app", lambda db, **options: made.append(options))
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.append(options))
    serve(db=f"sqlite:///{tmp_path / 'unused.db'}", forwarded_allow_ips=forwarded_allow_ips)
    [app_options], [options] = made, ran
    limit = dataclasses.replace(app_options["rate_limit"], now=FakeClock())
    forwarding = {k: options[k] for k in ("proxy_headers", "forwarded_allow_ips")}
    name = f"forwarded-{forwarded_allow_ips is not None}.db"
    return ThreadServer(
        f"sqlite:///{tmp_path / name}", rate_limit=limit, server_options=forwarding
    ).start()


def _floods(srv: ThreadServer) -> bool:
    """Whether 80 requests, each claiming another forwarded address, meet the flooding guard
    (bursts of 60 per address)."""
    codes = [
        HTTP.get(
            srv.base + "/api/tables", headers={"x-forwarded-for": f"10.9.{i // 250}.{i % 250}"}
        ).status_code
        for i in range(80)
    ]
    return 429 in codes


def test_forwarded_addresses_are_believed_only_from_configured_proxies(tmp_path, monkeypatch):
    srv = _served_as_by_serve(tmp_path, monkeypatch, None)
    try:
        assert _floods(srv), "a loopback client chose its own address with X-Forwarded-For"
    finally:
        srv.stop()
    srv = _served_as_by_serve(tmp_path, monkeypatch, "127.0.0.1")
    try:
        assert not _floods(srv)  # behind a configured proxy, each forwarded client counts
    finally:
        srv.stop()


def test_the_openapi_description_is_served(lite):
    r = HTTP.get(lite.base + "/api/openapi.json")
    assert r.status_code == 200 and "/api/tables/{table_id}/actions" in r.json()["paths"]

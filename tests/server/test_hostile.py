"""Hostile clients: whatever one client sends, it gets a clear 4xx (or close code), the server
changes nothing, and its memory and time stay bounded."""

from __future__ import annotations

import socket

from leafpile.server.protocol import BODY_MAX
from tests.server.live import ThreadServer


def _raw(server: ThreadServer, head: bytes, chunks: list[bytes], timeout: float = 5.0) -> bytes:
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

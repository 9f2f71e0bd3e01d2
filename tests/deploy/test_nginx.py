"""The deployment the README gives, run for real: Debian's nginx with deploy/nginx.conf in
front of two `leafpile serve` processes on PostgreSQL; a game is played through it over HTTP
and WebSocket, every request of the table reaches one process (nginx routes on the table id),
and X-Forwarded-For is believed from nginx only (nginx sets it to the client's own address; a
client talking to leafpile directly cannot choose its address)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.patience import HANG, READ, wait_until
from tests.server.conftest import IN_CI
from tests.server.live import ProcessServer, free_port, wait_up

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
CLIENT = "127.0.0.2"  # the test's browser: another loopback address than nginx's 127.0.0.1
DIRECT = "127.0.0.3"  # a client that goes around nginx


def main_config(tmp: Path, listen: int, upstreams: list[int]) -> Path:
    """nginx's main file for a throwaway instance (its files in `tmp`), including the
    repository's deploy/nginx.conf with only its ports changed."""
    site = CONF.read_text()
    assert "listen 80;" in site
    site = site.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    for usual, port in zip((8001, 8002), upstreams, strict=True):
        assert f"server 127.0.0.1:{usual};" in site
        site = site.replace(f"server 127.0.0.1:{usual};", f"server 127.0.0.1:{port};")
    (tmp / "leafpile.conf").write_text(site)
    user = "user root;\n" if os.geteuid() == 0 else ""
    main = tmp / "nginx.conf"
    main.write_text(
        f"{user}daemon off;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log warn;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    access_log {tmp}/access.log;\n"
        f"    client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy;\n"
        f"    fastcgi_temp_path {tmp}/fcgi; uwsgi_temp_path {tmp}/uwsgi;\n"
        f"    scgi_temp_path {tmp}/scgi;\n"
        f"    include {tmp}/leafpile.conf;\n"
        "}\n"
    )
    return main


@pytest.fixture
def nginx_in_front(pg_url: str, tmp_path: Path) -> Iterator[tuple[str, list[ProcessServer]]]:
    if NGINX is None:
        if IN_CI:
            pytest.fail("nginx is not installed (scripts/install-system-deps.sh installs it)")
        pytest.skip("nginx is not installed (scripts/install-system-deps.sh installs it)")
    servers: list[ProcessServer] = []
    try:
        args = ("--forwarded-allow-ips", "127.0.0.1", "--log-format", "json")
        for _ in range(2):
            servers.append(ProcessServer(pg_url, *args, bot_delay=0.01).start())
        port = free_port()
        config = main_config(tmp_path, port, [s.port for s in servers])
        yield from nginx_on(config, port, servers)
    finally:
        for server in servers:
            server.kill()


def nginx_on(
    config: Path, port: int, servers: list[ProcessServer]
) -> Iterator[tuple[str, list[ProcessServer]]]:
    checked = subprocess.run(
        [NGINX, "-t", "-c", str(config)], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen(
        [NGINX, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        wait_up(f"http://127.0.0.1:{port}")
        yield f"127.0.0.1:{port}", servers
    finally:
        proc.terminate()
        proc.wait(timeout=HANG)


def client_from(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=READ)


def request_lines(server: ProcessServer) -> list[dict]:
    out = []
    for line in server.log_text().splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if record.get("message") == "request":
                out.append(record)
    return out


def test_a_game_through_nginx_over_http_and_websocket(nginx_in_front) -> None:
    front, servers = nginx_in_front
    http = client_from(CLIENT)
    base = f"http://{front}"
    assert http.get(base + "/healthz/ready").json()["status"] == "ready"
    made = http.post(
        base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "sit": 0,
            "name": "Ana",
        },
        headers={"x-forwarded-for": "203.0.113.9"},  # a lie nginx replaces
    )
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["token"]
    assert http.get(base + "/").status_code == 200  # the lobby page
    actions = 0
    socket_url = f"ws://{front}/ws/tables/{table}"
    with connect(socket_url, open_timeout=READ, source_address=(CLIENT, 0)) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=READ))
            if msg["type"] != "state" or msg.get("you") != 0:
                continue
            if msg["status"] == "finished":
                break
            if msg["to_move"] == 0 and msg["legal"]:
                ws.send(
                    json.dumps(
                        {
                            "type": "action",
                            "table": table,
                            "version": msg["version"],
                            "action": msg["legal"][0],
                        }
                    )
                )
                actions += 1
    assert actions > 3
    # the other worker may hear of the last action a moment later
    record = wait_until(
        lambda: (r := http.get(f"{base}/api/tables/{table}/record")).status_code == 200 and r,
        "both workers have the finished game",
    )
    assert len(record.json()["actions"]) >= actions
    for path in ("", "/summary", "/statistics", "/record"):  # more requests of the table
        assert http.get(f"{base}/api/tables/{table}{path}").status_code == 200
    assert http.get(f"{base}/table/{table}").status_code == 200
    assert http.get(f"{base}/replay/{table}").status_code == 200

    # every request and the socket of the table reached one process: nginx routes on its id
    owner = next(s for s in servers if any(x.get("table") == table for x in request_lines(s)))
    other = next(s for s in servers if s is not owner)
    at_table = [x for x in request_lines(owner) if x.get("table") == table]
    assert {x["method"] for x in at_table} >= {"GET", "WS"}
    assert len(at_table) >= 7
    assert not [x for x in request_lines(other) if x.get("table") == table]

    # around nginx, a forwarded header is not believed
    direct = client_from(DIRECT)
    r = direct.get(
        f"http://127.0.0.1:{owner.port}/api/tables", headers={"x-forwarded-for": "198.51.100.7"}
    )
    assert r.status_code == 200

    def clients() -> set[str]:
        return {line.get("client", "") for line in request_lines(owner)}

    seen = wait_until(lambda: DIRECT in (c := clients()) and c, "the direct request is logged")
    assert CLIENT in seen  # nginx's X-Forwarded-For is believed: the real client
    assert "203.0.113.9" not in seen and "198.51.100.7" not in seen  # no lie is
    at_table = [x for x in request_lines(owner) if x.get("table") == table]
    assert {x["client"] for x in at_table} == {CLIENT}  # nginx is not the client

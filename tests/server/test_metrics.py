"""Prometheus metrics (`leafpile.server.metrics`): off unless `--metrics-port` asks, then on
a port of their own; with `--workers 2` on PostgreSQL the counts of a game are the sums of
both workers (each worker's files in the run's directory), a worker that dies leaves the
live gauges, and the run's directory is gone after a stop. Every metric and label the README
promises is served."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from leafpile.server import metrics
from leafpile.server.store.announcements import read_change
from tests.patience import READ, wait_until
from tests.server.live import ProcessServer, free_port

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = re.compile(r"^([a-z_]+)(?:\{(.*)\})? (\S+)$")
ROW = re.compile(r"\| `(leafpile_[a-z_]+)` \| (counter|gauge|histogram) \|([^|]*)\|")


def scrape(port: int) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of `/metrics` on the metrics port: (name, labels) -> value."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=READ).text
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line:
            continue
        found = SAMPLE.match(line)
        assert found, line
        name, labels, value = found.groups()
        pairs = frozenset(re.findall(r'([a-z_]+)="([^"]*)"', labels or ""))
        out[(name, pairs)] = float(value)
    return out


def value(samples: dict, name: str, **labels: str) -> float:
    """The sum of `name`'s samples whose labels include `labels` (0 when there is none)."""
    want = set(labels.items())
    return sum(v for (n, pairs), v in samples.items() if n == name and want <= pairs)


def promised() -> list[tuple[str, str, set[str]]]:
    """The README's metrics table: (name, type, labels) of each row."""
    rows = []
    for line in (ROOT / "README.md").read_text().splitlines():
        found = ROW.match(line)
        if found:
            labels = set(re.findall(r"`([a-z_]+)`", found.group(3)))
            rows.append((found.group(1), found.group(2), labels))
    return rows


def run_dirs(tmp: Path) -> list[Path]:
    return sorted(tmp.glob("leafpile-metrics-*"))


def test_metrics_are_off_by_default(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where a run's directory would be made
    srv = ProcessServer(f"sqlite:///{tmp_path / 'off.db'}").start()
    try:
        assert httpx.get(srv.base + "/metrics", timeout=READ).status_code == 404
        assert httpx.get(srv.base + "/api/games", timeout=READ).status_code == 200
        assert run_dirs(tmp_path) == []
        assert "metrics on" not in srv.log_text()
    finally:
        srv.kill()
    assert isinstance(metrics.meter, metrics.Meter)
    assert not isinstance(metrics.meter, metrics.PrometheusMeter)  # nor in this process


def test_one_process_serves_its_metrics_and_removes_its_directory_on_sigterm(
    tmp_path, monkeypatch
) -> None:
    """uvicorn ends a graceful stop by raising SIGTERM again, which would end the process
    before it removed the run's directory: the directory must be gone all the same."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    port = free_port()
    srv = ProcessServer(f"sqlite:///{tmp_path / 'one.db'}", "--metrics-port", str(port)).start()
    try:
        (directory,) = run_dirs(tmp_path)
        route = "/api/games"
        httpx.request("BREW", srv.base + route, timeout=READ)  # a method nobody knows
        samples = scrape(port)
        assert value(samples, "leafpile_http_requests_total", method="other") == 1
        assert "BREW" not in str(samples)  # a client's word is never a label value
        assert value(samples, "leafpile_http_requests_total", route=route, status="200") >= 1
        assert value(samples, "leafpile_http_request_seconds_count", route=route) >= 1
        code = srv.terminate()
        assert code in (0, -signal.SIGTERM), srv.log_text()
        assert not directory.exists()
        assert "Traceback" not in srv.log_text(), srv.log_text()
    finally:
        srv.kill()


def play_autumn(base: str) -> tuple[str, int, int]:
    """Two people play a one-round Autumn over HTTP, each request on a new connection (either
    worker answers); returns the table, the actions accepted and those refused as stale."""
    made = httpx.post(
        base + "/api/tables",
        json={
            "game": "autumn",
            "players": 2,
            "options": {"rounds": 1},
            "seats": [{"kind": "human"}] * 2,
            "sit": 0,
            "name": "Ana",
        },
        timeout=READ,
    )
    assert made.status_code == 201, made.text
    table, tokens = made.json()["table"], {0: made.json()["token"]}
    joined = httpx.post(f"{base}/api/tables/{table}/seats", json={"name": "Bo"}, timeout=READ)
    tokens[1] = joined.json()["token"]
    accepted = stale = 0
    for _ in range(200):
        auth = {"authorization": f"Bearer {tokens[0]}"}
        snap = httpx.get(f"{base}/api/tables/{table}", headers=auth, timeout=READ).json()
        if snap["status"] == "finished":
            break
        auth = {"authorization": f"Bearer {tokens[snap['to_move']]}"}
        mine = httpx.get(f"{base}/api/tables/{table}", headers=auth, timeout=READ).json()
        if not mine["legal"]:  # read from a worker one action behind the first read
            continue
        body = {"table": table, "version": mine["version"], "action": mine["legal"][0]}
        r = httpx.post(f"{base}/api/tables/{table}/actions", json=body, headers=auth, timeout=READ)
        if r.status_code == 200:
            accepted += 1
        else:  # the worker that answered the read had not heard the last action yet
            assert r.json()["code"] == "stale", r.text
            stale += 1
    else:
        pytest.fail("the game did not finish")
    return table, accepted, stale


def bots_game(base: str) -> str:
    made = httpx.post(
        base + "/api/tables",
        json={
            "game": "momiji",
            "players": 2,
            "seats": [{"kind": "bot", "bot": "random"}] * 2,
        },
        timeout=READ,
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    wait_until(
        lambda: (
            httpx.get(f"{base}/api/tables/{table}", timeout=READ).json()["status"] == "finished"
        ),
        "the bots finish their game",
    )
    return table


def recorded(base: str, table: str) -> int:
    return len(httpx.get(f"{base}/api/tables/{table}/record", timeout=READ).json()["actions"])


def test_a_game_on_two_workers_is_counted_once_on_the_metrics_port(
    pg_url, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    port = free_port()
    srv = ProcessServer(
        pg_url, "--workers", "2", "--rate-limit", "0", "--metrics-port", str(port), bot_delay=0.0
    ).start()
    try:
        assert httpx.get(srv.base + "/metrics", timeout=READ).status_code == 404  # not public
        assert httpx.get(f"http://127.0.0.1:{port}/other", timeout=READ).status_code == 404
        (directory,) = run_dirs(tmp_path)
        # both workers listen for the other's announcements (they read their tables then)
        wait_until(
            lambda: value(scrape(port), "leafpile_db_seconds_count", call="table_ids") == 2,
            "both workers have started",
        )
        autumn, accepted, stale = play_autumn(srv.base)
        momiji = bots_game(srv.base)
        assert recorded(srv.base, autumn) == accepted
        bot_moves = recorded(srv.base, momiji)

        # each finished table is held by one worker or both (a worker loads a table another
        # opened only when asked for it): the live gauges of the two are summed
        def both_tables_held() -> dict:
            samples = scrape(port)
            finished = value(samples, "leafpile_tables_in_memory", state="finished")
            return samples if 2 <= finished <= 4 else {}

        samples = wait_until(both_tables_held, "the workers hold both finished tables")
        # each action stored once, by whichever worker stored it: the sums are the games
        person = value(samples, "leafpile_action_seconds_count", game="autumn", by="person")
        assert person == accepted
        bot = value(samples, "leafpile_action_seconds_count", game="momiji", by="bot")
        assert bot == bot_moves
        assert value(samples, "leafpile_games_finished_total", game="autumn") == 1
        assert value(samples, "leafpile_games_finished_total", game="momiji") == 1
        assert value(samples, "leafpile_clock_timeouts_total", game="autumn") == 0
        route = "/api/tables/{table_id}/actions"
        ok = value(samples, "leafpile_http_requests_total", route=route, status="200")
        assert (ok, value(samples, "leafpile_http_requests_total", route=route)) == (
            accepted,
            accepted + stale,
        )
        assert value(samples, "leafpile_refusals_total", code="stale") == stale
        assert (
            value(samples, "leafpile_http_request_seconds_count", route=route) == accepted + stale
        )
        # (a bot with one legal move plays it without asking a worker)
        assert value(samples, "leafpile_bot_think_seconds_count", level="random") > 0
        assert value(samples, "leafpile_db_seconds_count", call="append_actions") >= 1
        assert not any(table in str(key) for key in samples for table in (autumn, momiji))
        # every change one worker stored was heard by the other
        wait_until(
            lambda: (
                value(scrape(port), "leafpile_announcement_lag_seconds_count")
                >= accepted + bot_moves
            ),
            "the other worker hears every action",
        )
        files = [f.name for f in directory.iterdir()]
        writers = {m.group(1) for name in files if (m := re.search(r"_(\d+)\.db$", name))}
        assert len(writers) == 2, files  # both workers wrote

        # a socket open is counted in the worker that holds it, and no more once closed
        with connect(f"ws://127.0.0.1:{srv.port}/ws/tables/{momiji}", open_timeout=READ) as ws:
            ws.recv(timeout=READ)
            wait_until(
                lambda: value(scrape(port), "leafpile_websockets_open") == 1, "the socket counts"
            )
        wait_until(lambda: value(scrape(port), "leafpile_websockets_open") == 0, "it closed")

        # every metric and label the README promises is there
        samples = scrape(port)
        for name, kind, labels in promised():
            sample = {"counter": "_total", "histogram": "_count", "gauge": ""}[kind]
            keys = [pairs for (n, pairs) in samples if n == name + sample]
            assert keys, f"{name} is not served"
            assert all({k for k, _ in pairs} == labels for pairs in keys), (name, keys)
        assert len(promised()) >= 11

        # a worker killed: uvicorn starts another; the dead one's live gauges are swept out
        dead = int(sorted(writers)[0])
        os.kill(dead, signal.SIGKILL)

        def swept() -> bool:
            finished = value(scrape(port), "leafpile_tables_in_memory", state="finished")
            left = [f for f in directory.iterdir() if f.name.endswith(f"_{dead}.db")]
            # (the new worker loads a table only when asked for it: it may hold none yet)
            return finished <= 4 and all("live" not in f.name for f in left)

        wait_until(swept, "the dead worker's live gauges are swept out")
        assert value(scrape(port), "leafpile_games_finished_total") == 2  # counters stay
        srv.terminate()
        assert not directory.exists()  # the run's directory is removed at the end
    finally:
        srv.kill()


def test_an_announcement_says_when_it_was_sent() -> None:
    assert read_change("ab12 action t1 7 1764000000.250000").sent == 1764000000.25
    assert read_change("ab12 action t1 7").sent == 0.0  # a process of an older version
    assert read_change("ab12 action t1 7 nan") is None
    assert read_change("ab12 action t1 7 -5") is None
    assert read_change("ab12 action t1 7 1 2") is None


def test_the_readme_promises_bounded_labels_only() -> None:
    rows = promised()
    labels = set().union(*(labels for _, _, labels in rows))
    assert labels == {"route", "method", "status", "game", "by", "state", "level", "code", "call"}

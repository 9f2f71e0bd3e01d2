"""Start-up: tables come back from snapshots and stored log lines (no replay of history), the
snapshot is what replaying the log gives, and a table whose rows are broken is set aside and
reported while every other table is served."""

from __future__ import annotations

import json
import logging
import time

import pytest
from sqlalchemy import text

from leafpile.engine import GameRecord
from leafpile.games import GAMES
from leafpile.server.store.db import Database
from leafpile.server.store.schema import LoadedTable, SeatRow, TableRow
from leafpile.server.tables.live_table import SNAPSHOT_EVERY
from leafpile.server.tables.rebuild import rebuild
from tests.patience import HANG
from tests.server.helpers import HTTP
from tests.server.live import ThreadServer


def _bot_game(srv: ThreadServer, game: str) -> str:
    body = {"game": game, "players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    if game == "autumn":
        body["options"] = {"rounds": 1}
    r = HTTP.post(srv.base + "/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["table"])


def _wait_finished(srv: ThreadServer, tables: list[str], timeout: float = HANG) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(srv.manager.tables[t].status == "finished" for t in tables):
            return
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def _as_before_snapshots(raw: LoadedTable) -> LoadedTable:
    """The same rows as a server before snapshots stored them: only the log."""
    return LoadedTable(
        raw.id,
        raw.game,
        raw.players,
        raw.options,
        raw.seed,
        raw.status,
        raw.created_at,
        raw.seats,
        [(n, seat, notation, None) for n, seat, notation, _ in raw.actions],
        None,
    )


def test_snapshots_and_stored_lines_are_what_replaying_the_log_gives(db_url, monkeypatch):
    srv = ThreadServer(db_url).start()
    try:
        tables = [_bot_game(srv, name) for name in sorted(GAMES)]
        _wait_finished(srv, tables)
        served = {t: HTTP.get(f"{srv.base}/api/tables/{t}").json() for t in tables}
    finally:
        srv.stop()
    db = Database(db_url)
    for raw in db.load_tables(tables):
        game = GAMES[raw.game]
        assert raw.snapshot is not None and raw.snapshot[0] == len(raw.actions)  # at the end
        fast, slow = rebuild(raw), rebuild(_as_before_snapshots(raw))
        assert fast.state.to_dict() == slow.state.to_dict()
        assert [e.items for e in fast.log] == [e.items for e in slow.log]
        assert [e.seat for e in fast.log] == [e.seat for e in slow.log]
        record = GameRecord(raw.game, 2, raw.seed, json.loads(raw.options), fast.actions)
        states = record.states(game)
        assert game.state_from_dict(json.loads(raw.snapshot[1])).to_dict() == states[-1].to_dict()
    # a snapshot in the middle of a game is the replay up to its version
    with db.engine.connect() as conn:
        mids = conn.execute(
            text("SELECT COUNT(*) FROM actions WHERE n = :n"), {"n": SNAPSHOT_EVERY - 1}
        )
        assert mids.scalar_one() >= 1  # the games were long enough to store one
    db.close()
    replays: list[int] = []
    real = GameRecord.replay

    def counted(self: GameRecord, *args, **kwargs):
        replays.append(len(self.actions))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(GameRecord, "replay", counted)
    srv = ThreadServer(db_url).start()  # start-up replays no game
    try:
        assert replays == []
        for t in tables:
            again = HTTP.get(f"{srv.base}/api/tables/{t}").json()
            assert again == served[t]
    finally:
        srv.stop()


def test_a_mid_game_snapshot_restarts_the_table_where_it_was(tmp_path):
    url = f"sqlite:///{tmp_path / 'mid.db'}"
    srv = ThreadServer(url, bot_delay=0.0).start()
    try:
        body = {
            "game": "momiji",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "sit": 0,
            "name": "Ana",
        }
        made = HTTP.post(srv.base + "/api/tables", json=body).json()
        table, auth = made["table"], {"authorization": f"Bearer {made['token']}"}
        snap = HTTP.get(f"{srv.base}/api/tables/{table}", headers=auth).json()
        # play on past a snapshot, and stop on the person's turn (so no bot moves meanwhile)
        while snap["status"] != "finished" and (
            snap["version"] < SNAPSHOT_EVERY + 3 or snap["to_move"] != 0
        ):
            if snap["to_move"] == 0:
                body = {"table": table, "version": snap["version"], "action": snap["legal"][-1]}
                HTTP.post(f"{srv.base}/api/tables/{table}/actions", json=body, headers=auth)
            else:
                time.sleep(0.01)
            snap = HTTP.get(f"{srv.base}/api/tables/{table}", headers=auth).json()
        before = HTTP.get(f"{srv.base}/api/tables/{table}", headers=auth).json()
    finally:
        srv.stop()
    (raw,) = Database(url).load_tables([table])
    assert raw.status == "playing" and raw.snapshot is not None
    assert 0 < raw.snapshot[0] < len(raw.actions)  # so the restart replays the last few
    assert rebuild(raw).state.to_dict() == rebuild(_as_before_snapshots(raw)).state.to_dict()
    srv = ThreadServer(url).start()
    try:
        after = HTTP.get(f"{srv.base}/api/tables/{table}", headers=auth).json()
        assert after["version"] == before["version"] == len(raw.actions)
        assert after == before
    finally:
        srv.stop()


BREAKAGES = {
    "gap": "DELETE FROM actions WHERE table_id = 'bad' AND n = 1",
    "options": "UPDATE tables SET options = '{not json' WHERE id = 'bad'",
    "options_list": "UPDATE tables SET options = '[1, 2]' WHERE id = 'bad'",
    "illegal": "UPDATE actions SET notation = 'no such move' WHERE table_id = 'bad' AND n = 1",
    "seats": "DELETE FROM seats WHERE table_id = 'bad' AND seat = 1",
    "game": "UPDATE tables SET game = 'chess' WHERE id = 'bad'",
}


def _two_tables(url: str) -> None:
    db = Database(url)
    db.migrate()
    for table_id in ("good", "bad"):
        seats = [SeatRow(0, "human"), SeatRow(1, "human")]
        db.create_table(TableRow(table_id, "autumn", 2, {}, 1, "playing", time.time(), seats))
        state = GAMES["autumn"].new_state(2, 1, GAMES["autumn"].resolve_options(2, {}))
        for n in range(3):
            action = str(state.legal_actions()[0])
            state.play(action)
            db.append_action(table_id, n, 0, action, None)
    db.close()


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_a_table_with_broken_rows_is_set_aside_and_the_others_are_served(
    tmp_path, caplog, breakage
):
    url = f"sqlite:///{tmp_path / 'broken.db'}"
    _two_tables(url)
    db = Database(url)
    with db.engine.begin() as conn:
        conn.execute(text("PRAGMA foreign_keys=OFF"))
        conn.execute(text(BREAKAGES[breakage]))
    db.close()
    with caplog.at_level(logging.ERROR, logger="leafpile.server"):
        srv = ThreadServer(url).start()
    try:
        assert HTTP.get(f"{srv.base}/api/tables/good").json()["version"] == 3
        r = HTTP.get(f"{srv.base}/api/tables/bad")
        assert r.status_code == 503 and r.json()["code"] == "damaged"
        assert [t["id"] for t in HTTP.get(srv.base + "/api/tables").json()["tables"]] == ["good"]
    finally:
        srv.stop()
    traced = [r for r in caplog.records if "bad" in r.getMessage() and r.exc_info]
    assert len(traced) == 1  # reported with its traceback
    assert any("set aside" in r.getMessage() and "bad" in r.getMessage() for r in caplog.records)


def test_finished_tables_beyond_the_lobby_are_loaded_when_asked_for(tmp_path, monkeypatch):
    from leafpile.server.tables import manager as tables_module

    url = f"sqlite:///{tmp_path / 'old.db'}"
    srv = ThreadServer(url).start()
    try:
        old = [_bot_game(srv, "autumn") for _ in range(3)]
        _wait_finished(srv, old)
    finally:
        srv.stop()
    monkeypatch.setattr(tables_module, "LOBBY_MAX", 1)
    srv = ThreadServer(url).start()
    try:
        assert len(srv.manager.tables) == 1  # start-up loaded only the newest finished one
        for t in old:
            r = HTTP.get(f"{srv.base}/api/tables/{t}")
            assert r.status_code == 200 and r.json()["status"] == "finished"
        assert HTTP.get(f"{srv.base}/api/tables/{old[0]}/record").status_code == 200
        assert HTTP.get(srv.base + "/api/tables/nosuchtable").status_code == 404
    finally:
        srv.stop()

"""After the game: the bot's review of a finished table (in the workers, with progress,
stored whole per setting, stopped when nobody waits) and "explore from here" (a private,
unrated analysis table that starts from a re-dealt position and replays like any other)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from leafpile.engine import GameRecord
from leafpile.games import GAMES
from leafpile.server.analysis import reviews
from leafpile.server.store import review_store
from tests.patience import HANG
from tests.server.helpers import AUTUMN, HTTP, SEED, create
from tests.server.live import ThreadServer


def finished_table(server: ThreadServer) -> tuple[str, str]:
    """A one-round Autumn game: Ana (seat 0) plays her first legal action each turn against
    a random bot; returns the table and her token."""
    made = create(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = made["table"], made["token"]
    play_out(server, table, token, 0)
    return table, token


def play_out(server: ThreadServer, table: str, token: str, seat: int) -> dict[str, Any]:
    auth = {"authorization": f"Bearer {token}"}
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        snap = HTTP.get(f"{server.base}/api/tables/{table}", headers=auth).json()
        if snap["status"] == "finished":
            return dict(snap)
        if snap["to_move"] != seat:
            time.sleep(0.01)
            continue
        body = {"table": table, "version": snap["version"], "action": snap["legal"][0]}
        r = HTTP.post(f"{server.base}/api/tables/{table}/actions", json=body, headers=auth)
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def review_of(server: ThreadServer, table: str, body: dict[str, Any]) -> dict[str, Any]:
    """Ask for a review, then poll it like the page does until it is done."""
    url = f"{server.base}/api/tables/{table}/review"
    answer = HTTP.post(url, json=body)
    assert answer.status_code == 200, answer.text
    seen = [answer.json()]
    deadline = time.monotonic() + HANG
    while seen[-1]["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        params = {"seats": ",".join(map(str, body.get("seats", [0]))), "time": body["time"]}
        seen.append(HTTP.get(url, params=params).json())
    assert seen[-1]["status"] == "done", seen[-1]
    progress = [s["done"] for s in seen if s["status"] == "running" and s["total"]]
    assert progress == sorted(progress)  # it only moves forward
    return dict(seen[-1])


def test_a_finished_table_is_reviewed_in_the_workers_and_kept_whole(tmp_path):
    db = f"sqlite:///{tmp_path / 'review.db'}"
    server = ThreadServer(db).start()
    try:
        table, _ = finished_table(server)
        review = review_of(server, table, {"time": 0.05})
        record = GameRecord.from_dict(HTTP.get(f"{server.base}/api/tables/{table}/record").json())
        assert review["seats"] == [0]  # every human seat by default: Ana's
        chosen = [d for d in review["decisions"] if d["seat"] == 0]
        assert [d["played"] for d in chosen] == [record.actions[d["number"]] for d in chosen]
        assert all(d["choices"] > 1 and d["mark"] in ("", *review["marks"]) for d in chosen)
        assert all(d["played_words"]["msg"] and d["best_words"]["text"] for d in chosen)
        assert review["summary"][0]["decisions"] == len(chosen) == 9
        stored = review_store.load_review(server.manager.db, table, "seats=0 time=0.05")
        assert json.loads(stored) == review
        # asked again, it is not made again; asked with another setting, it is
        again = HTTP.post(f"{server.base}/api/tables/{table}/review", json={"time": 0.05})
        assert again.json() == review
        both = review_of(server, table, {"seats": [0, 1], "time": 0.05})
        assert {d["seat"] for d in both["decisions"]} == {0, 1}
    finally:
        server.stop()
    server = ThreadServer(db).start()  # a restart keeps finished reviews
    try:
        url = f"{server.base}/api/tables/{table}/review"
        kept = HTTP.get(url, params={"time": "0.05"})
        assert kept.status_code == 200 and kept.json() == review
        missing = HTTP.get(url, params={"time": "0.1"})
        assert missing.status_code == 404  # never asked for: nothing is started by a GET
    finally:
        server.stop()


@pytest.mark.parametrize(
    "body",
    [
        {"time": 100},
        {"time": 0},
        {"time": "soon"},
        {"time": True},
        {"seats": [2], "time": 0.1},
        {"seats": [0, 0, 1], "time": 0.1},
        {"seats": "0,x", "time": 0.1},
        {"seats": "0,²", "time": 0.1},  # a digit to str.isdigit(), not to int()
        {"seats": [True], "time": 0.1},
        ["seats"],
    ],
)
def test_a_review_request_is_checked(lite, body):
    table, _ = finished_table(lite)
    r = HTTP.post(f"{lite.base}/api/tables/{table}/review", json=body)
    assert r.status_code == 400, r.text
    assert not lite.app.state.ctx.reviews.jobs


def test_a_running_game_is_not_reviewed_or_explored(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table = made["table"]
    r = HTTP.post(f"{lite.base}/api/tables/{table}/review", json={"time": 0.1})
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    body = {"version": 0, "seat": 0, "name": "Ana"}
    r = HTTP.post(f"{lite.base}/api/tables/{table}/explore", json=body)
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    r = HTTP.get(f"{lite.base}/api/tables/{table}/replay", params={"seat": "0"})
    assert r.status_code == 409  # a seat's own views only once the game is over


def test_reviews_are_bounded_and_a_review_nobody_waits_for_stops_unwritten(lite, monkeypatch):
    table, _ = finished_table(lite)
    ctx = lite.app.state.ctx
    url = f"{lite.base}/api/tables/{table}/review"
    assert HTTP.post(url, json={"time": 0.3}).json()["status"] == "running"
    second = HTTP.post(url, json={"time": 0.2})  # the same client: one at a time
    assert second.status_code == 503 and second.json()["code"] == "busy"
    ctx.reviews.idle_stop = 0.0  # the page was closed: nobody asks any more
    deadline = time.monotonic() + HANG
    while ctx.reviews.jobs and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not ctx.reviews.jobs
    assert review_store.load_review(lite.manager.db, table, "seats=0 time=0.3") is None


def test_a_review_stopped_with_the_server_leaves_nothing(tmp_path):
    db = f"sqlite:///{tmp_path / 'stop.db'}"
    server = ThreadServer(db).start()
    table, _ = finished_table(server)
    r = HTTP.post(f"{server.base}/api/tables/{table}/review", json={"time": 1.0})
    assert r.json()["status"] == "running"
    server.stop()
    server = ThreadServer(db).start()
    try:
        assert review_store.load_review(server.manager.db, table, "seats=0 time=1") is None
        r = HTTP.get(f"{server.base}/api/tables/{table}/review", params={"time": "1"})
        assert r.status_code == 404
    finally:
        server.stop()


def test_explore_opens_a_private_table_from_the_seats_own_view(tmp_path):
    db = f"sqlite:///{tmp_path / 'explore.db'}"
    server = ThreadServer(db).start()
    try:
        source, _ = finished_table(server)
        record = GameRecord.from_dict(HTTP.get(f"{server.base}/api/tables/{source}/record").json())
        body = {"version": 5, "seat": 1, "name": "Ana", "bot": "random"}
        made = HTTP.post(f"{server.base}/api/tables/{source}/explore", json=body)
        assert made.status_code == 201, made.text
        analysis, token = made.json()["table"], made.json()["token"]
        snap = made.json()["state"]
        assert snap["analysis_of"] == source and snap["status"] == "playing" and snap["you"] == 1
        assert snap["private"] is True and snap["rated"] is False
        # the position is what seat 1 knew then; only hidden parts may differ (read from the
        # table's stored start: its bot may have moved already)
        then = record.states(AUTUMN)[5]
        live = server.manager.tables[analysis]
        start = live.record().states(AUTUMN)[0]
        assert AUTUMN.player_view(start, 1).to_dict() | {"seed": 0, "rng": 0} == (
            AUTUMN.player_view(then, 1).to_dict() | {"seed": 0, "rng": 0}
        )
        assert start.seed != SEED
        lobby = HTTP.get(f"{server.base}/api/tables").json()["tables"]
        assert source in [t["id"] for t in lobby] and analysis not in [t["id"] for t in lobby]
        final = play_out(server, analysis, token, 1)
        downloaded = HTTP.get(f"{server.base}/api/tables/{analysis}/record").json()
        assert downloaded["start_state"] and downloaded["metadata"]["analysis_of"] == source
        replayed = GameRecord.from_dict(downloaded).final_state(AUTUMN)
        assert replayed.to_dict() == live.state.to_dict()
        replay = HTTP.get(f"{server.base}/api/tables/{analysis}/replay").json()
        assert len(replay["steps"]) == final["version"] + 1 and replay["analysis_of"] == source
        assert replay["steps"][0]["view"]["placed"] == then.to_dict()["placed"]
    finally:
        server.stop()
    server = ThreadServer(db).start()  # rebuilt from its stored start and log
    try:
        again = HTTP.get(f"{server.base}/api/tables/{analysis}").json()
        assert again["status"] == "finished" and again["analysis_of"] == source
        assert server.manager.tables[analysis].state.to_dict() == replayed.to_dict()
    finally:
        server.stop()


@pytest.mark.parametrize(
    "body",
    [
        {"version": -1, "seat": 0, "name": "Ana"},
        {"version": 10_000, "seat": 0, "name": "Ana"},
        {"version": "3", "seat": 0, "name": "Ana"},
        {"version": 3, "seat": 2, "name": "Ana"},
        {"version": 3, "seat": 0, "name": ""},
        {"version": 3, "seat": 0, "name": "Ana", "bot": "oracle"},
        [3, 0],
    ],
)
def test_an_explore_request_is_checked(lite, body):
    table, _ = finished_table(lite)
    before = len(lite.manager.tables)
    r = HTTP.post(f"{lite.base}/api/tables/{table}/explore", json=body)
    assert r.status_code in (400, 422), r.text
    assert len(lite.manager.tables) == before


def test_the_judge_runs_in_the_workers(lite, monkeypatch):
    """No search on the event loop: each decision is judged through the worker pool."""
    table, _ = finished_table(lite)
    ran: list[str] = []
    real = lite.manager.bots.run

    async def spy(fn, *args, **kwargs):
        ran.append(fn.__name__)
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(lite.manager.bots, "run", spy)
    review = review_of(lite, table, {"time": 0.05})
    assert ran == ["find_decisions"] + ["judge_decision"] * len(review["decisions"])
    assert reviews.TIME_MIN <= review["time"] <= reviews.TIME_MAX


def test_a_database_from_before_reviews_upgrades_and_keeps_its_tables(db_url):
    from sqlalchemy import text

    from leafpile.server.store import db as storage
    from tests.server.helpers import schema_at

    db = storage.Database(db_url)
    with schema_at(db, "0002") as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, created_at,"
                " updated_at) VALUES ('old', 'autumn', 2, '{}', 1, 'finished', 1.0, 1.0)"
            )
        )
    db.migrate()
    (old,) = db.load_tables(["old"])
    assert old.start_state is None and old.analysis_of is None
    review_store.store_review(db, "old", "seats=0 time=0.5", '{"status": "done"}')
    review_store.store_review(
        db, "old", "seats=0 time=0.5", '{"status": "other"}'
    )  # the first one stays
    assert review_store.load_review(db, "old", "seats=0 time=0.5") == '{"status": "done"}'
    db.close()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_analysis_start_keeps_what_the_seat_knew_and_its_record_replays(name):
    """For every game: the re-dealt position shows the seat exactly its view of the real one,
    and a record that starts from it replays (saved and read back as JSON)."""
    from leafpile.bots import RandomBot
    from leafpile.engine import Rng
    from leafpile.server.analysis.explore import start_from

    game = GAMES[name]
    players = max(2, game.info.min_players)
    state = game.new_state(players, seed=11)
    record = GameRecord.start(state)
    rng = Rng(3)
    while len(record.actions) < 12 and not state.is_terminal():
        action = RandomBot().act(game.player_view(state, state.current_player), rng)
        record.actions.append(str(action))
        state.apply(action)
    seat = state.current_player
    start = start_from(name, record.to_dict(), len(record.actions), seat, seed=99)
    blank = {"seed": 0, "rng": 0}
    assert game.player_view(start, seat).to_dict() | blank == (
        game.player_view(state, seat).to_dict() | blank
    )
    analysis = GameRecord.start(start)
    analysis.start_state = start.to_dict()
    played = start.clone()
    for _ in range(6):
        if played.is_terminal():
            break
        action = RandomBot().act(game.player_view(played, played.current_player), rng)
        analysis.actions.append(str(action))
        played.apply(action)
    again = GameRecord.from_json(analysis.to_json())
    assert again.final_state(game).to_dict() == played.to_dict()


@pytest.mark.parametrize("seat", ["²", "⑤", "9" * 5000, "-1", "x"])
def test_a_replay_seat_that_is_no_seat_number_is_refused(lite, seat):
    table, _ = finished_table(lite)
    r = HTTP.get(f"{lite.base}/api/tables/{table}/replay", params={"seat": seat})
    assert r.status_code == 400 and r.json()["code"] == "bad_request", r.text


def test_a_damaged_stored_review_is_made_again_not_served(lite):
    """A review row that does not read back as that table's finished review was served as
    it was; now it is set aside and the review made again in its place."""
    table, _ = finished_table(lite)
    setting = "seats=0 time=0.05"
    review_store.store_review(lite.manager.db, table, setting, '{"status": "done", "x": [1')
    review = review_of(lite, table, {"seats": [0], "time": 0.05})
    assert review["status"] == "done" and review["table"] == table and review["decisions"]
    stored = review_store.load_review(lite.manager.db, table, setting)
    assert stored is not None and json.loads(stored) == review

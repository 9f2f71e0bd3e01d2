"""Rated games: which tables count, ratings stored exactly once when a rated game ends (people
and bot levels), after a restart too, unrated tables not counting, the leaderboard and a
player's page."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from leafpile.server import RateLimit
from leafpile.server.players import player_store
from leafpile.server.players.glicko2 import Rating
from leafpile.server.players.ratings import RATED_STAND_IN, places_of, rate_seats
from leafpile.server.store.db import Database
from leafpile.server.store.schema import rating_history, ratings
from tests.patience import HANG, READ, wait_until
from tests.server.helpers import HTTP, act
from tests.server.live import ThreadServer, run_async

SHORT = {"rounds": 1}  # Autumn's one-round match


def profile(server: ThreadServer, name: str) -> str:
    r = HTTP.post(server.base + "/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["secret"])


def open_table(server: ThreadServer, seats: list[dict[str, Any]], **extra: Any):
    body: dict[str, Any] = {"game": "autumn", "players": len(seats), "options": SHORT}
    body.update({"seats": seats, "sit": 0, "name": "guest", **extra})
    return HTTP.post(server.base + "/api/tables", json=body)


def play_out(server: ThreadServer, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play every seat in `tokens` (its first legal action) until the game ends; bot seats
    play themselves."""
    deadline = time.monotonic() + HANG
    any_token = next(iter(tokens.values()))
    while time.monotonic() < deadline:
        snap = HTTP.get(
            f"{server.base}/api/tables/{table}", headers={"authorization": f"Bearer {any_token}"}
        ).json()
        if snap["status"] == "finished":
            return dict(snap)
        seat = snap["to_move"]
        if seat in tokens and snap["status"] == "playing":
            mine = HTTP.get(
                f"{server.base}/api/tables/{table}",
                headers={"authorization": f"Bearer {tokens[seat]}"},
            ).json()
            if mine["legal"]:
                act(server, table, tokens[seat], mine["version"], mine["legal"][0])
                continue
        time.sleep(0.01)
    raise AssertionError("the game did not end")


def wait_rated(server: ThreadServer) -> None:
    """Wait until the ratings started when games ended here are stored."""
    deadline = time.monotonic() + HANG
    while server.app.state.ctx.ratings.tasks:
        assert time.monotonic() < deadline, "the ratings were not stored"
        time.sleep(0.02)


def stored(db: Database) -> tuple[dict[str, tuple[int, float]], int]:
    with db.engine.connect() as conn:
        rows = {r.player: (r.games, r.rating) for r in conn.execute(select(ratings))}
        history = conn.execute(select(func.count()).select_from(rating_history)).scalar_one()
    return rows, int(history)


# -- who may be rated ------------------------------------------------------------------------------
def test_places_put_the_winners_first_then_the_scores():
    class End:
        num_players = 4

        def winners(self) -> list[int]:
            return [2]

        def scores(self) -> list[float]:
            return [10, 12, 12, 3]

    assert places_of(End()) == [2, 1, 0, 3]  # type: ignore[arg-type]


def test_a_bot_level_in_two_seats_is_one_player_with_both_seats_results():
    before = {"ana": Rating(), "bot:easy": Rating()}
    after = rate_seats(["ana", "bot:easy", "bot:easy"], [0, 1, 2], before)
    assert set(after) == {"ana", "bot:easy"}
    assert after["ana"].rating > 1500 > after["bot:easy"].rating
    alone = rate_seats(["ana", "bot:easy"], [0, 1], before)
    assert after["ana"].rating > alone["ana"].rating  # she beat two seats, not one


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seed": 5}, "seed"),
        ({"options": {**SHORT, "deck": list(range(18))}}, "deck"),
        ({"options": {**SHORT, "first_player": "0"}}, "first player"),
        ({"players": 1, "seats": [{"kind": "human"}]}, "alone"),
        ({"sit": None, "seats": [{"kind": "bot", "bot": "random"}] * 2}, "bots alone"),
        ({"profile": None}, "profile"),
        ({"rated": "yes"}, "true or false"),
        ({"private": True}, "private"),
    ],
)
def test_a_rated_table_is_refused_where_it_could_not_count_fairly(lite, change, reason):
    secret = profile(lite, "Ana")
    body: dict[str, Any] = {"rated": True, "profile": secret, **change}
    seats = body.pop("seats", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    if "players" in body:
        body["options"] = {}
    r = open_table(lite, seats, **body)
    assert r.status_code in (400, 422) and reason in r.json()["message"], r.text
    assert lite.manager.tables == {}


def test_a_rated_table_takes_only_profiles_and_one_seat_each(lite):
    ana, bo = profile(lite, "Ana"), profile(lite, "Bo")
    made = open_table(lite, [{"kind": "human"}] * 2, rated=True, profile=ana).json()
    assert made["state"]["rated"] is True and made["state"]["seats"][0]["name"] == "Ana"
    seats_url = f"{lite.base}/api/tables/{made['table']}/seats"
    guest = HTTP.post(seats_url, json={"name": "Guest"})
    assert guest.status_code == 422 and guest.json()["code"] == "not_rated"
    twice = HTTP.post(seats_url, json={"name": "x", "profile": ana})
    assert twice.status_code == 422 and "one seat" in twice.json()["message"]
    assert HTTP.post(seats_url, json={"name": "x", "profile": "nobody's"}).status_code == 403
    joined = HTTP.post(seats_url, json={"name": "ignored", "profile": bo})
    assert joined.status_code == 200, joined.text
    lobby = HTTP.get(lite.base + "/api/tables").json()["tables"][0]
    assert lobby["rated"] is True
    assert [(s["name"], s["profile"]) for s in lobby["seats"]] == [("Ana", True), ("Bo", True)]
    # a table in play is not on her page: its id is its invite link (a profile without
    # games answers as an unknown name)
    assert HTTP.get(lite.base + "/api/players/Ana").status_code == 404


# -- rating once -----------------------------------------------------------------------------------
def test_a_rated_game_against_a_bot_rates_both_once(server):
    secret = profile(server, "Ana")
    made = open_table(
        server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], rated=True, profile=secret
    ).json()
    end = play_out(server, made["table"], {0: made["token"]})
    wait_rated(server)
    db = server.manager.db
    rows, history = stored(db)
    assert set(rows) == {"bot:random", server.manager.tables[made["table"]].seats[0].player}
    assert history == 2 and all(games == 1 for games, _ in rows.values())
    ana_rating = rows[server.manager.tables[made["table"]].seats[0].player][1]
    if len(end["winners"]) == 2:  # a draw between newcomers moves nobody
        assert ana_rating == pytest.approx(1500) == rows["bot:random"][1]
    else:
        winner, loser = (ana_rating, rows["bot:random"][1])[:: 1 if end["winners"] == [0] else -1]
        assert winner > 1500 > loser
    # rating it again (another process, a retry, a restart) changes nothing
    table = server.manager.tables[made["table"]]
    assert run_async(server.app.state.ctx.ratings.rate(table)) is False
    assert run_async(server.app.state.ctx.ratings.settle()) == 0
    assert stored(db) == (rows, history)


def test_a_game_that_ended_just_before_a_crash_is_rated_at_the_next_start(tmp_path):
    url = f"sqlite:///{tmp_path / 'crash.db'}"
    first = ThreadServer(url).start()
    ana, bo = profile(first, "Ana"), profile(first, "Bo")
    first.manager.on_finish = lambda table: None  # the process stops before it rates
    made = open_table(first, [{"kind": "human"}] * 2, rated=True, profile=ana).json()
    joined = HTTP.post(
        f"{first.base}/api/tables/{made['table']}/seats", json={"name": "Bo", "profile": bo}
    ).json()
    play_out(first, made["table"], {0: made["token"], 1: joined["token"]})
    assert stored(first.manager.db) == ({}, 0)
    first.stop()
    second = ThreadServer(url).start()  # start-up settles the unrated finished game
    try:
        rows, history = stored(second.manager.db)
        assert history == 2 and sorted(g for g, _ in rows.values()) == [1, 1]
        assert sum(r for _, r in rows.values()) == pytest.approx(3000, abs=1)
        board = HTTP.get(second.base + "/api/leaderboard/autumn").json()
        assert {p["name"] for p in board["players"]} == {"Ana", "Bo"}
        assert board["players"][0]["rating"] >= board["players"][1]["rating"]
    finally:
        second.stop()
    third = ThreadServer(url).start()  # and never again
    try:
        assert stored(third.manager.db) == (rows, history)
    finally:
        third.stop()


def test_unrated_tables_do_not_count(lite):
    secret = profile(lite, "Ana")
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = open_table(lite, seats, profile=secret).json()  # not asked to be rated
    assert made["state"]["rated"] is False
    joined = HTTP.post(  # hot-seat: the same profile in both seats is fine when unrated
        f"{lite.base}/api/tables/{made['table']}/seats", json={"name": "x", "profile": secret}
    )
    assert joined.status_code == 200
    play_out(lite, made["table"], {0: made["token"], 1: joined.json()["token"]})
    seeded = open_table(lite, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    play_out(lite, seeded.json()["table"], {0: seeded.json()["token"]})
    wait_rated(lite)
    assert stored(lite.manager.db) == ({}, 0)
    page = HTTP.get(lite.base + "/api/players/ana").json()
    assert page["ratings"] == [] and page["history"] == []
    assert [g["rated"] for g in page["games"]] == [False, False]  # her two seats, one table


def test_two_processes_rate_a_game_once_and_every_game_of_a_player(db_url, tmp_path):
    """Several processes (several Database objects) racing on the same finished tables."""
    dbs = [Database(db_url) for _ in range(3)]
    dbs[0].migrate()
    from tests.server.store.test_db import _table

    for t in ("g1", "g2", "g3"):
        _table(dbs[0], t)

    def rate(before: dict[str, Rating]) -> dict[str, Rating]:
        return rate_seats(["ana", "bot:easy"], [0, 1], before)

    results: list[bool] = []

    def worker(db: Database, table: str) -> None:
        places = {"ana": 0, "bot:easy": 1}
        results.append(player_store.store_game_ratings(db, table, "autumn", places, rate))

    threads = [
        threading.Thread(target=worker, args=(db, t)) for t in ("g1", "g2", "g3") for db in dbs
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == [False] * 6 + [True] * 3
    rows, history = stored(dbs[0])
    assert history == 6 and rows["ana"][0] == 3 and rows["bot:easy"][0] == 3
    points = player_store.history_of(dbs[0], "ana")
    assert points[0].before == 1500 and points[-1].rating == rows["ana"][1]
    for db in dbs:
        db.close()


def test_the_player_page_has_the_ratings_history_and_games(server):
    secret = profile(server, "Ana")
    for _ in range(2):
        made = open_table(
            server,
            [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            rated=True,
            profile=secret,
        ).json()
        play_out(server, made["table"], {0: made["token"]})
    # a private game of hers is played to the end too: it is never on her page
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    hidden = open_table(server, seats, private=True, profile=secret).json()
    play_out(server, hidden["table"], {0: hidden["token"]})
    wait_rated(server)
    page = HTTP.get(server.base + "/api/players/ANA").json()
    assert hidden["table"] not in [g["table"] for g in page["games"]]
    assert page["name"] == "Ana" and page["kind"] == "person"
    assert [r["games"] for r in page["ratings"]] == [2]
    assert len(page["history"]) == 2 and page["history"][0]["before"] == 1500
    assert page["history"][1]["before"] == page["history"][0]["rating"]
    assert [g["rated"] for g in page["games"]] == [True, True]
    assert all(g["change"] is not None and g["place"] in (0, 1) for g in page["games"])
    assert all(isinstance(g["shared"], bool) for g in page["games"])
    bot = HTTP.get(server.base + "/api/players/bot:random").json()
    assert bot["kind"] == "bot" and bot["ratings"][0]["games"] == 2 and len(bot["games"]) == 2
    assert HTTP.get(server.base + "/api/players/nobody").status_code == 404
    assert HTTP.get(server.base + "/api/players/bot:nobody").status_code == 404
    assert HTTP.get(server.base + "/api/leaderboard/chess").status_code == 404
    board = HTTP.get(server.base + "/api/leaderboard/autumn").json()
    names = [(p["name"], p["bot"]) for p in board["players"]]
    assert sorted(names, key=str) == sorted([("Ana", None), ("bot:random", "random")], key=str)


def test_a_database_from_before_profiles_upgrades(db_url):
    """Migration 0004 on a database at 0002 with a table in it: the table is unrated, its
    seats have no profile, and profiles and ratings can be stored."""
    from sqlalchemy import text

    from tests.server.helpers import schema_at

    db = Database(db_url)
    with schema_at(db, "0003") as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, created_at,"
                " updated_at) VALUES ('old', 'autumn', 2, '{}', 1, 'playing', 1.0, 1.0)"
            )
        )
        conn.execute(text("INSERT INTO seats (table_id, seat, kind) VALUES ('old', 0, 'human')"))
        conn.execute(text("INSERT INTO seats (table_id, seat, kind) VALUES ('old', 1, 'human')"))
    db.migrate()
    (old,) = db.load_tables(["old"])
    assert old.rated is False and [s.player for s in old.seats] == [None, None]
    player_store.create_profile(db, "p1", "Ana", "ana", None, "k" * 64)
    assert player_store.profile_by_key(db, "k" * 64) == player_store.ProfileRow("p1", "Ana", None)
    # and back down and up again (the tables' rows stay where they are)
    with schema_at(db, "0003", down=True):
        pass
    db.migrate()
    (old,) = db.load_tables(["old"])
    assert len(old.seats) == 2
    db.close()


def test_a_rated_game_played_through_two_processes_is_rated_once(pg_url):
    """Two servers on one PostgreSQL database: Bo joins and plays through the second."""
    first, second = ThreadServer(pg_url).start(), ThreadServer(pg_url).start()
    try:
        ana, bo = profile(first, "Ana"), profile(second, "Bo")
        made = open_table(first, [{"kind": "human"}] * 2, rated=True, profile=ana).json()
        joined = HTTP.post(
            f"{second.base}/api/tables/{made['table']}/seats", json={"name": "x", "profile": bo}
        )
        assert joined.status_code == 200, joined.text
        tokens = {0: made["token"], 1: joined.json()["token"]}
        servers = {0: first, 1: second}
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            snap = HTTP.get(
                f"{first.base}/api/tables/{made['table']}",
                headers={"authorization": f"Bearer {tokens[0]}"},
            ).json()
            if snap["status"] == "finished":
                break
            seat = snap["to_move"]
            if seat is None:  # the first process has not heard of Bo's seat yet
                time.sleep(0.02)
                continue
            mine = HTTP.get(
                f"{servers[seat].base}/api/tables/{made['table']}",
                headers={"authorization": f"Bearer {tokens[seat]}"},
            ).json()
            if mine["version"] == snap["version"] and mine["legal"]:
                act(servers[seat], made["table"], tokens[seat], mine["version"], mine["legal"][0])
        wait_rated(first)
        wait_rated(second)
        for srv in (first, second):
            assert run_async(srv.app.state.ctx.ratings.settle()) == 0
        rows, history = stored(first.manager.db)
        assert history == 2 and sorted(g for g, _ in rows.values()) == [1, 1]
        page = HTTP.get(second.base + "/api/players/bo").json()
        assert page["games"][0]["rated"] is True and page["games"][0]["change"] is not None
    finally:
        first.stop()
        second.stop()


def test_a_shared_first_place_is_a_draw_on_the_player_page_not_a_win(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'd.db'}")
    db.migrate()
    from tests.server.store.test_db import _table

    for t, bot_place in (("drawn", 0), ("won", 1)):
        _table(db, t)

        def rate(before: dict[str, Rating]) -> dict[str, Rating]:
            return rate_seats(["ana", "bot:easy"], [0, bot_place], before)  # noqa: B023

        places = {"ana": 0, "bot:easy": bot_place}
        assert player_store.store_game_ratings(db, t, "autumn", places, rate)
    assert player_store.shared_places(db, "ana", ["drawn", "won"]) == {"drawn"}
    assert player_store.shared_places(db, "bot:easy", ["drawn", "won"]) == {"drawn"}
    assert player_store.shared_places(db, "ana", []) == set()
    db.close()


# -- a rated seat must be played -------------------------------------------------------------------
def test_a_seat_its_person_did_not_play_comes_behind_every_played_seat():
    class End:
        num_players = 3

        def winners(self) -> list[int]:
            return [0]

        def scores(self) -> list[float]:
            return [20, 12, 3]

    assert places_of(End(), [False, True, True]) == [2, 0, 1]  # type: ignore[arg-type]
    assert places_of(End(), [False, False, True]) == [1, 2, 0]  # type: ignore[arg-type]


def test_leaving_a_rated_game_at_once_is_a_loss_whatever_the_stand_in_does(server):
    """Six such games took a profile to the top of the leaderboard: the stand-in (asked to
    be `hard`) won them. Now the stand-in is the rated tables' one level and the seat a
    person did not play is a loss."""
    secret = profile(server, "Ana")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = open_table(server, seats, rated=True, profile=secret, replacement="hard").json()
    table = server.manager.tables[made["table"]]
    assert table.replacement == RATED_STAND_IN == made["state"]["replacement"]
    left = HTTP.post(
        f"{server.base}/api/tables/{made['table']}/leave",
        headers={"authorization": f"Bearer {made['token']}"},
    )
    assert left.status_code == 200, left.text
    wait_until(lambda: table.status == "finished", "the stand-in plays the game out")
    wait_rated(server)
    rows, _ = stored(server.manager.db)
    assert rows[table.seats[0].player][1] < 1500 < rows["bot:random"][1]
    places = HTTP.get(server.base + "/api/players/Ana").json()["history"]
    assert len(places) == 1


def test_one_address_holds_one_seat_at_a_rated_table(tmp_path):
    limit = RateLimit(rate=1000, burst=1000)
    srv = ThreadServer(f"sqlite:///{tmp_path / 'a.db'}", rate_limit=limit).start()
    other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=READ)
    try:
        ana, bo = profile(srv, "Ana"), profile(srv, "Bo")
        made = open_table(srv, [{"kind": "human"}] * 2, rated=True, profile=ana).json()
        seats_url = f"{srv.base}/api/tables/{made['table']}/seats"
        again = HTTP.post(seats_url, json={"name": "x", "profile": bo})  # her second profile
        assert again.status_code == 422 and again.json()["code"] == "not_rated"
        assert srv.manager.tables[made["table"]].open_seats()
        joined = other.post(seats_url, json={"name": "x", "profile": bo})
        assert joined.status_code == 200, joined.text
    finally:
        other.close()
        srv.stop()


def test_a_damaged_rating_row_is_set_aside_not_a_500(lite):
    """A NaN rating (PostgreSQL keeps one; SQLite makes it NULL, so infinity here) made the
    leaderboard answer 500."""
    secret = profile(lite, "Ana")
    made = open_table(
        lite, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], rated=True, profile=secret
    ).json()
    play_out(lite, made["table"], {0: made["token"]})
    wait_rated(lite)
    with lite.manager.db.engine.begin() as conn:
        conn.execute(
            ratings.update().where(ratings.c.player == "bot:random").values(rating=float("inf"))
        )
    board = HTTP.get(lite.base + "/api/leaderboard/autumn")
    assert board.status_code == 200, board.text
    assert [p["name"] for p in board.json()["players"]] == ["Ana"]
    assert HTTP.get(lite.base + "/api/players/bot:random").status_code == 200


def test_a_profile_without_games_answers_as_an_unknown_name(lite):
    profile(lite, "Ana")
    for name in ("Ana", "Nobody"):
        r = HTTP.get(f"{lite.base}/api/players/{name}")
        assert r.status_code == 404 and r.json()["code"] == "not_found", name

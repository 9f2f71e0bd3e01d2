"""The server is generic over the Game protocol: every registered game can be created, played
to the end through the API (one person, the other seats random bots) and downloaded."""

from __future__ import annotations

import time

import httpx
import pytest

from leafpile.games import GAMES
from leafpile.server.api.snapshots import snapshot
from tests.patience import HANG, READ
from tests.server.live import ThreadServer


@pytest.fixture(scope="module")
def srv(tmp_path_factory) -> ThreadServer:
    db = tmp_path_factory.mktemp("games") / "games.db"
    server = ThreadServer(f"sqlite:///{db}").start()
    yield server
    server.stop()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_plays_to_the_end_over_the_api(srv, name):
    game = GAMES[name]
    players = 2 if game.info.min_players <= 2 <= game.info.max_players else game.info.min_players
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    http = httpx.Client(base_url=srv.base, timeout=READ)  # one client: a new one costs ~30 ms
    made = http.post(
        "/api/tables",
        json={"game": name, "players": players, "seats": seats, "sit": 0, "name": "Ana", "seed": 7},
    )
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["token"]
    auth = {"authorization": f"Bearer {token}"}
    deadline = time.monotonic() + HANG  # only a hang takes so long
    while time.monotonic() < deadline:
        snap = http.get(f"/api/tables/{table}", headers=auth).json()
        if snap["status"] == "finished":
            break
        if snap["to_move"] != 0:
            time.sleep(0.01)
            continue
        live = srv.manager.tables[table]
        expected = game.player_view(live.state, 0).to_dict()
        expected.pop("seed"), expected.pop("rng")
        assert snap["view"] == expected  # exactly the seat's own view, nothing more
        if snap["version"] % 10 == 0:  # and the others see only theirs
            for audience, token in ((None, None), (1, None)):
                other = game.player_view(live.state, audience).to_dict()
                other.pop("seed"), other.pop("rng")
                seen = http.get(f"/api/tables/{table}").json() if token is None else None
                if audience is None:
                    assert seen["view"] == other and seen["legal"] == []
                else:
                    assert snapshot(live, 1)["view"] == other
        assert snap["legal"] and all(isinstance(a, str) for a in snap["legal"])
        r = http.post(
            f"/api/tables/{table}/actions",
            json={"table": table, "version": snap["version"], "action": snap["legal"][0]},
            headers=auth,
        )
        assert r.status_code == 200, r.text
    assert snap["status"] == "finished", f"{name} did not finish: a hang?"
    record = http.get(f"/api/tables/{table}/record")
    assert record.status_code == 200 and record.json()["game"] == name
    replay = http.get(f"/api/tables/{table}/replay").json()
    assert len(replay["steps"]) == snap["version"] + 1
    http.close()

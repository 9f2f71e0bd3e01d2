"""A tutorial table is an ordinary table led by the game's script: the bot plays the script's
moves, another legal move of the learner is refused with the step's words (and changes
nothing), each snapshot carries the step in the reader's language, it is never rated and
never listed, and a restart keeps it a tutorial."""

from __future__ import annotations

import time

from leafpile import tutorial
from tests.patience import HANG
from tests.server.helpers import HTTP, act, snapshot, stored_actions
from tests.server.live import ThreadServer


def open_tutorial(server: ThreadServer, game: str = "autumn") -> tuple[str, str]:
    r = HTTP.post(server.base + "/api/tables", json={"game": game, "tutorial": True, "name": "Ana"})
    assert r.status_code == 201, r.text
    return r.json()["table"], r.json()["token"]


def learner_turn(server: ThreadServer, table: str, token: str) -> dict:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        snap = snapshot(server, table, token)
        if snap["status"] == "finished" or snap["legal"]:
            return snap
        time.sleep(0.05)
    raise AssertionError("the tutorial's bot never moved")


def test_a_tutorial_plays_its_script_to_the_end(server: ThreadServer) -> None:
    script = tutorial.load("autumn")
    table, token = open_tutorial(server)
    snap = learner_turn(server, table, token)
    assert snap["private"] and not snap["rated"]
    while snap["status"] != "finished":
        part = snap["tutorial"]
        step = script.steps[part["step"]]
        assert part["say"] == step.say and part["expect"] == list(step.expect)
        r = act(server, table, token, snap["version"], part["expect"][0])
        assert r.status_code == 200, r.text
        snap = learner_turn(server, table, token)
    assert snap["tutorial"]["done"] and snap["tutorial"]["end"] == script.end
    assert snap["scores"] == [14, 19]
    listed = HTTP.get(server.base + "/api/tables").json()["tables"]
    assert table not in {t["id"] for t in listed}


def test_another_legal_move_is_refused_with_the_steps_words(server: ThreadServer) -> None:
    script = tutorial.load("autumn")
    table, token = open_tutorial(server)
    snap = learner_turn(server, table, token)
    assert snap["tutorial"]["expect"] == ["yellow"]
    r = act(server, table, token, snap["version"], "red")
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "tutorial_move"
    assert body["message"] == script.steps[1].wrong
    assert stored_actions(server, table) == snap["version"]
    french = HTTP.get(
        f"{server.base}/api/tables/{table}?lang=fr", headers={"authorization": f"Bearer {token}"}
    ).json()
    assert french["tutorial"]["say"] == script.steps[1].say.localize("fr") != script.steps[1].say


def test_a_tutorial_is_never_rated(server: ThreadServer) -> None:
    r = HTTP.post(
        server.base + "/api/tables",
        json={"game": "autumn", "tutorial": True, "name": "Ana", "rated": True},
    )
    assert r.status_code == 422 and r.json()["code"] == "not_rated"


def test_bad_tutorial_requests_are_refused(server: ThreadServer) -> None:
    for body, code in (
        ({"game": "autumn", "tutorial": "yes", "name": "Ana"}, "bad_request"),
        ({"game": "autumn", "tutorial": True}, "bad_name"),
        ({"game": "chess", "tutorial": True, "name": "Ana"}, "unknown_game"),
    ):
        r = HTTP.post(server.base + "/api/tables", json=body)
        assert r.json()["code"] == code, (body, r.text)


def test_a_restarted_server_keeps_the_tutorial(server: ThreadServer) -> None:
    table, token = open_tutorial(server)
    snap = learner_turn(server, table, token)
    assert act(server, table, token, snap["version"], "yellow").status_code == 200
    server.stop()
    server.start()
    snap = learner_turn(server, table, token)
    assert snap["tutorial"]["step"] == 2
    other = next(a for a in snap["legal"] if a not in snap["tutorial"]["expect"])
    assert act(server, table, token, snap["version"], other).json()["code"] == "tutorial_move"

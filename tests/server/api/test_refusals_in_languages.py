"""A refusal reaches a person in their language: over HTTP by `Accept-Language` (or `?lang=`),
over a WebSocket by the language the client said hello in. The `code` stays the same."""

from __future__ import annotations

import json

from websockets.sync.client import connect

from tests.patience import READ
from tests.server.helpers import HTTP, act, snapshot, two_humans


def test_an_out_of_turn_action_is_refused_in_french_and_in_russian(lite):
    table, tok_a, _tok_b = two_humans(lite)
    snap = snapshot(lite, table, tok_a)
    move = snap["legal"][0]
    assert act(lite, table, tok_a, 0, move).status_code == 200
    english = act(lite, table, tok_a, 1, move).json()
    assert (english["code"], english["message"]) == ("not_your_turn", "it is not your turn")
    body = {"table": table, "version": 1, "action": move}
    auth = {"authorization": f"Bearer {tok_a}"}
    url = f"{lite.base}/api/tables/{table}/actions"
    fr = HTTP.post(url, json=body, headers={**auth, "accept-language": "fr-FR,fr;q=0.9"}).json()
    assert (fr["code"], fr["message"]) == ("not_your_turn", "ce n'est pas votre tour")
    ru = HTTP.post(url + "?lang=ru", json=body, headers=auth).json()
    assert (ru["code"], ru["message"]) == ("not_your_turn", "сейчас не ваш ход")


def test_a_missing_table_is_refused_in_the_readers_language(lite):
    r = HTTP.get(f"{lite.base}/api/tables/nope", headers={"accept-language": "ru"})
    assert r.status_code == 404
    assert r.json()["message"] == "нет стола 'nope'"


def test_a_refusal_with_an_unknown_lang_parameter_falls_back_to_english(lite):
    r = HTTP.get(f"{lite.base}/api/tables/nope?lang=xx")
    assert r.status_code == 404 and r.json()["code"] in ("not_found", "unknown_table")


def test_a_websocket_refusal_comes_in_the_language_of_the_hello(lite):
    table, tok_a, _tok_b = two_humans(lite)
    with connect(f"{lite.ws_base}/ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tok_a, "lang": "fr"}))
        state = json.loads(ws.recv(timeout=READ))
        assert state["type"] == "state"
        ws.send(json.dumps({"type": "action", "table": table, "version": 7, "action": "x"}))
        while (msg := json.loads(ws.recv(timeout=READ)))["type"] != "error":
            pass
        assert msg["code"] == "stale"
        assert msg["message"] == "version périmée 7 : la table en est à la version 0"


def test_a_bad_clock_is_refused_in_french(lite):
    from leafpile.server.tables.clocks import PER_MOVE_MAX, PER_MOVE_MIN
    from tests.server.helpers import SEED

    body = {
        "game": "autumn",
        "players": 2,
        "options": {},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "seed": SEED,
        "clock": {"kind": "turn", "per_move": 1},
    }
    r = HTTP.post(f"{lite.base}/api/tables", json=body, headers={"accept-language": "fr"})
    assert r.status_code == 422
    low, high = PER_MOVE_MIN, PER_MOVE_MAX
    assert r.json()["message"] == f"per_move doit être entre {low} et {high} secondes"

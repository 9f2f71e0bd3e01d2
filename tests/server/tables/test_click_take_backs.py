"""One Undo takes back one click (takebacks.py): the decisions a page sends for one click
(Momiji's "Play 2 cards": two cards and the end of the play) say they join the first, and one
take-back takes them all back, also after a restart; a `joins` the turn does not allow (the
first decision of a turn) starts a click of its own, and a malformed one is refused."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.patience import READ
from tests.server.live import ThreadServer

HTTP = httpx.Client(timeout=READ)
SEED = 20261129
CARD = re.compile(r"^<?[A-Z]\d[LR]?>?$")  # a Momiji card played from the hand


def _headers(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _momiji(server: ThreadServer) -> tuple[str, str]:
    """Two people at Momiji; Ana (seat 0, whose token this returns) moves first."""
    body = {
        "game": "momiji",
        "players": 2,
        "options": {"first_player": "0"},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "name": "Ana",
        "seed": SEED,
    }
    made = HTTP.post(server.base + "/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    joined = HTTP.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return table, made.json()["token"]


def _snap(server: ThreadServer, table: str, token: str) -> dict[str, Any]:
    r = HTTP.get(f"{server.base}/api/tables/{table}", headers=_headers(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _act(server: ThreadServer, table: str, token: str, snap: dict[str, Any], action: str,
         **more: Any) -> httpx.Response:  # fmt: skip
    body = {"table": table, "version": snap["version"], "action": action, **more}
    return HTTP.post(
        f"{server.base}/api/tables/{table}/actions", json=body, headers=_headers(token)
    )


def _undo(server: ThreadServer, table: str, token: str, snap: dict[str, Any]) -> dict[str, Any]:
    url = f"{server.base}/api/tables/{table}/undo"
    r = HTTP.post(url, json={"version": snap["version"]}, headers=_headers(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _game(snap: dict[str, Any]) -> dict[str, Any]:
    return {k: snap[k] for k in ("to_move", "view", "legal", "scores", "extras", "take_back")}


def _play_two(server: ThreadServer, table: str, token: str) -> list[dict[str, Any]]:
    """Ana's "Play 2 cards" as the page sends it: a card, a second card and `stop` (when the
    play does not end by itself), the later ones joining the first; each answer."""
    snaps = [_snap(server, table, token)]
    first = next(a for a in snaps[0]["legal"] if CARD.match(a))
    snaps.append(_act(server, table, token, snaps[-1], first).json())
    second = next(a for a in snaps[-1]["legal"] if CARD.match(a))
    snaps.append(_act(server, table, token, snaps[-1], second, joins=True).json())
    if "stop" in snaps[-1]["legal"]:
        snaps.append(_act(server, table, token, snaps[-1], "stop", joins=True).json())
    assert all(s["take_back"] for s in snaps[1:])
    return snaps


def test_one_undo_takes_back_every_decision_of_one_click(server):
    table, tok = _momiji(server)
    snaps = _play_two(server, table, tok)
    back = _undo(server, table, tok, snaps[-1])
    assert _game(back) == _game(snaps[0])  # the turn's start, after one Undo
    assert back["version"] > snaps[-1]["version"]  # a new version, never an old one again
    texts = [e["text"] for e in back["log"]]
    played = [s["log"][-1]["text"] for s in snaps[1:]]
    assert texts == [f"P0 takes back: {line}" for line in reversed(played)]


def test_a_click_after_another_click_is_taken_back_alone(server):
    table, tok = _momiji(server)
    start = _snap(server, table, tok)
    card = next(a for a in start["legal"] if CARD.match(a))
    one = _act(server, table, tok, start, card).json()  # a click of its own
    second = next(a for a in one["legal"] if CARD.match(a))
    two = _act(server, table, tok, one, second).json()  # another click: joins nothing
    back = _undo(server, table, tok, two)
    assert _game(back) == _game(one)


def test_joins_on_the_first_decision_of_a_turn_starts_its_own_click(server):
    table, tok = _momiji(server)
    start = _snap(server, table, tok)
    card = next(a for a in start["legal"] if CARD.match(a))
    one = _act(server, table, tok, start, card, joins=True).json()
    assert _game(_undo(server, table, tok, one)) == _game(start)


@pytest.mark.parametrize("joins", ["yes", 1, None, [True]])
def test_a_malformed_joins_is_refused_and_changes_nothing(server, joins):
    table, tok = _momiji(server)
    start = _snap(server, table, tok)
    card = next(a for a in start["legal"] if CARD.match(a))
    r = _act(server, table, tok, start, card, joins=joins)
    assert r.status_code == 400, r.text
    assert _snap(server, table, tok)["version"] == start["version"]


def test_a_restart_keeps_the_click_whole(db_url):
    srv = ThreadServer(db_url).start()
    try:
        table, tok = _momiji(srv)
        snaps = _play_two(srv, table, tok)
    finally:
        srv.stop()
    srv = ThreadServer(db_url).start()
    try:
        back = _undo(srv, table, tok, _snap(srv, table, tok))
        assert _game(back) == _game(snaps[0])
        assert len(back["log"]) == len(snaps) - 1  # a take-back line per decision
        again = _undo(srv, table, tok, back) if back["take_back"] else None
        assert again is None  # nothing left of the turn to take back
    finally:
        srv.stop()

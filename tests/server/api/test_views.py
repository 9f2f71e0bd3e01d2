"""Each action builds each audience's view once (its snapshots and the next log line share
it), and bot seats draw from `seat_rng(table seed, seat, version)`."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
from websockets.sync.client import connect

from leafpile.bots import BotSeat, make_bot
from leafpile.engine import State
from leafpile.engine.match import seat_rng
from leafpile.games import GAMES
from tests.patience import HANG, READ
from tests.server.helpers import AUTUMN, SEED, act, create, snapshot, two_humans


def test_each_action_builds_each_audience_view_once(server, monkeypatch):
    table, tok_a, tok_b = two_humans(server)
    tokens = {0: tok_a, 1: tok_b}
    url = f"{server.ws_base}/ws/tables/{table}"
    built: Counter[int | None] = Counter()
    real = AUTUMN.player_view

    def counted(state: State, player: int | None) -> State:
        built[player] += 1
        return real(state, player)

    with connect(url) as a, connect(url) as b, connect(url) as spectator, connect(url) as twin:
        sockets = {a: tok_a, b: tok_b, spectator: None, twin: tok_b}  # two clients of seat 1
        for ws, token in sockets.items():
            ws.send(json.dumps({"type": "hello", "token": token}))

        def pushed(version: int) -> list[dict[str, Any]]:
            """The state each socket is pushed at `version` (read up to it)."""
            out = []
            for ws in sockets:
                while (msg := json.loads(ws.recv(timeout=READ)))["version"] != version:
                    pass
                out.append(msg)
            return out

        pushed(0)
        monkeypatch.setattr(AUTUMN, "player_view", counted)
        for version in range(6):
            seat = snapshot(server, table)["to_move"]
            legal = snapshot(server, table, tokens[seat])["legal"]
            built.clear()
            if version % 2:  # over HTTP (whose answer is one more snapshot) ...
                assert act(server, table, tokens[seat], version, legal[0]).status_code == 200
            else:  # ... or over a socket
                ws = a if seat == 0 else b
                body = {"type": "action", "table": table, "version": version, "action": legal[0]}
                ws.send(json.dumps(body))
            seen = pushed(version + 1)
            assert [m["you"] for m in seen] == [0, 1, None, 1]
            assert all(len(m["log"]) == 1 for m in seen)  # each with its own log line
            # every audience (spectator + 2 seats) viewed once: snapshots, pushes, log lines
            assert sum(built.values()) <= 2 + 1, built
            assert set(built) <= {None, 0, 1} and max(built.values()) == 1, built


def test_a_bot_seat_draws_from_the_seat_rng_of_the_table_seed(server):
    made = create(server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table, token = made["table"], made["token"]
    opening = snapshot(server, table, token)["legal"][0]
    assert act(server, table, token, 0, opening).status_code == 200
    deadline = time.monotonic() + HANG
    while snapshot(server, table)["version"] < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    live = server.manager.tables[table]
    state = AUTUMN.new_state(2, SEED, live.options)
    state.play(opening)  # seat 1 now chooses its colours: a real choice
    assert len(state.legal_actions()) > 1
    bot = BotSeat(make_bot("random", AUTUMN), seat_rng(SEED, 1, 1))
    assert live.actions[1] == str(bot.choose(AUTUMN.player_view(state, 1)))


@pytest.mark.parametrize("name", ["autumn", "under-the-leaves"])
def test_legal_actions_parts_go_only_where_the_legal_actions_go(name):
    from leafpile.server.tables.position import Position

    game = GAMES[name]
    state = game.new_state(2, seed=1)
    position = Position(game, state, 0, False)
    mover = state.current_player
    for audience in (None, 0, 1):
        assert ("choices" in position.seen_by(audience).extras) == (audience == mover)
    assert sorted(position.seen_by(mover).extras["choices"]) == sorted(position.legal)

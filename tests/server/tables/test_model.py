"""A model-based test: a Hypothesis state machine creates tables, takes seats, acts (in turn,
out of turn, stale), reconnects WebSockets and restarts the server, and after every step
checks the real server against its model: one stored action per version, exactly the
accepted ones; no seat taken twice; the stored log replays to the state the server serves."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
)
from websockets.sync.client import connect

from leafpile.games import GAMES as REGISTRY
from leafpile.server.api import snapshots
from leafpile.server.tables.rebuild import rebuild
from tests.patience import READ
from tests.server.live import ThreadServer

GAMES = sorted(REGISTRY)
STEPS: dict[str, int] = {}  # what the runs did, for the report


def tally(what: str) -> None:
    STEPS[what] = STEPS.get(what, 0) + 1


class Model:
    """What the server should hold for one table."""

    def __init__(self, table: str, players: int) -> None:
        self.table = table
        self.players = players
        self.tokens: dict[int, str] = {}  # seats taken -> their tokens
        self.actions: list[str] = []  # accepted, in order (less those taken back)
        self.take_backs = 0

    @property
    def version(self) -> int:
        """What clients hold: every action and every take-back is a new one."""
        return len(self.actions) + 2 * self.take_backs

    @property
    def started(self) -> bool:
        return len(self.tokens) == self.players


class ServerMachine(RuleBasedStateMachine):
    tables = Bundle("tables")

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="lp-model-"))
        self.url = f"sqlite:///{self.folder / 'model.db'}"
        self.srv = ThreadServer(self.url).start()
        self.http = httpx.Client(timeout=READ)
        self.models: dict[str, Model] = {}
        self.restarts = 0

    def teardown(self) -> None:
        self.srv.stop()
        self.http.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def snapshot(self, table: str, token: str | None = None) -> dict[str, Any]:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        r = self.http.get(f"{self.srv.base}/api/tables/{table}", headers=headers)
        assert r.status_code == 200, r.text
        return dict(r.json())

    # -- rules ----------------------------------------------------------------------------------
    @rule(target=tables, game=st.sampled_from(GAMES), sit=st.booleans(), seed=st.integers(0, 99))
    def create(self, game: str, sit: bool, seed: int) -> Any:
        body: dict[str, Any] = {
            "game": game,
            "players": 2,
            "seats": [{"kind": "human"}] * 2,
            "seed": seed,
        }
        if sit:
            body.update(sit=0, name="Ana")
        r = self.http.post(self.srv.base + "/api/tables", json=body)
        assert r.status_code == 201, r.text
        model = Model(r.json()["table"], 2)
        if sit:
            model.tokens[0] = r.json()["token"]
        self.models[model.table] = model
        return model.table

    @rule(table=tables, seat=st.sampled_from([None, 0, 1]))
    def join(self, table: str, seat: int | None) -> None:
        model = self.models[table]
        body: dict[str, Any] = {"name": "Bo"} if seat is None else {"name": "Bo", "seat": seat}
        r = self.http.post(f"{self.srv.base}/api/tables/{table}/seats", json=body)
        open_seats = [s for s in range(model.players) if s not in model.tokens]
        if (seat is None and open_seats) or seat in open_seats:
            assert r.status_code == 200, r.text
            taken = r.json()["seat"]
            assert taken == (open_seats[0] if seat is None else seat)
            model.tokens[taken] = r.json()["token"]
            tally("seats taken")
        else:
            tally("seats refused")
            assert r.status_code == 409, r.text
            assert r.json()["code"] in ("table_full", "seat_taken")

    @rule(
        table=tables,
        seat=st.sampled_from([0, 1]),
        pick=st.integers(0, 1000),
        lag=st.sampled_from([0, 0, 0, 1, -1]),
    )
    def act(self, table: str, seat: int, pick: int, lag: int) -> None:
        """Seat `seat` plays its `pick`-th legal action, at the current version (lag 0),
        an old one (1) or a future one (-1); out of turn when it is not its turn."""
        model = self.models[table]
        token = model.tokens.get(seat)
        if token is None:
            return
        snap = self.snapshot(table, token)
        legal = snap["legal"] or self.snapshot(table, model.tokens.get(1 - seat))["legal"]
        if not legal:
            return  # the game is over, or the other seat is not taken yet
        action = legal[pick % len(legal)]
        version = snap["version"] - lag
        body = {"table": table, "version": version, "action": action}
        r = self.http.post(
            f"{self.srv.base}/api/tables/{table}/actions",
            json=body,
            headers={"authorization": f"Bearer {token}"},
        )
        mine = snap["to_move"] == seat and snap["status"] == "playing"
        if mine and lag == 0:
            assert r.status_code == 200, r.text
            model.actions.append(action)
            tally("accepted actions")
        else:
            tally("refused actions")
            assert r.status_code in (409, 422), r.text
            if "state" in r.json():
                assert r.json()["state"]["version"] == model.version

    @rule(
        table=tables, seat=st.sampled_from([None, None, 0, 1]), lag=st.sampled_from([0, 0, 1, -1])
    )
    def take_back(self, table: str, seat: int | None, lag: int) -> None:
        """Seat `seat` (None: the one to move) takes back its last decision, at the current
        version (lag 0), an old one or a future one; accepted exactly when offered."""
        model = self.models[table]
        if seat is None:
            seat = self.snapshot(table)["to_move"]
        token = model.tokens.get(seat) if seat is not None else None
        if token is None:
            return
        snap = self.snapshot(table, token)
        body = {"table": table, "version": snap["version"] - lag}
        r = self.http.post(
            f"{self.srv.base}/api/tables/{table}/undo",
            json=body,
            headers={"authorization": f"Bearer {token}"},
        )
        if snap["take_back"] and lag == 0:
            assert r.status_code == 200, r.text
            model.actions.pop()
            model.take_backs += 1
            assert r.json()["version"] == model.version
            tally("take-backs")
        else:
            tally("refused take-backs")
            assert r.status_code == 409, r.text
            if "state" in r.json():
                assert r.json()["state"]["version"] == model.version

    @rule(table=tables, seat=st.sampled_from([None, 0, 1]))
    def reconnect(self, table: str, seat: int | None) -> None:
        """A client (re)connects, says hello as a seat or a spectator, and leaves."""
        model = self.models[table]
        token = model.tokens.get(seat) if seat is not None else None
        with connect(f"{self.srv.ws_base}/ws/tables/{table}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            while (msg := json.loads(ws.recv(timeout=READ)))["you"] != (seat if token else None):
                pass
            assert msg["version"] == model.version
            assert msg == self.snapshot(table, token) | {"seats": msg["seats"]}
        tally("reconnects")

    @rule(table=tables, moves=st.integers(1, 12), pick=st.integers(0, 1000))
    def play_on(self, table: str, moves: int, pick: int) -> None:
        """Whoever is to move plays, `moves` times (a game that gets somewhere)."""
        model = self.models[table]
        if not model.started:
            return
        for i in range(moves):
            spectator = self.snapshot(table)
            if spectator["status"] != "playing":
                return
            seat = spectator["to_move"]
            snap = self.snapshot(table, model.tokens[seat])
            action = snap["legal"][(pick + i) % len(snap["legal"])]
            body = {"table": table, "version": snap["version"], "action": action}
            r = self.http.post(
                f"{self.srv.base}/api/tables/{table}/actions",
                json=body,
                headers={"authorization": f"Bearer {model.tokens[seat]}"},
            )
            assert r.status_code == 200, r.text
            model.actions.append(action)
            tally("accepted actions")

    @precondition(lambda self: self.restarts < 2)
    @rule()
    def restart(self) -> None:
        self.restarts += 1
        self.srv.stop()
        self.srv = ThreadServer(self.url).start()
        tally("restarts")

    # -- checks after every step ----------------------------------------------------------------
    @invariant()
    def the_server_is_the_model(self) -> None:
        if not self.models:
            return
        db = self.srv.manager.db
        stored = {raw.id: raw for raw in db.load_tables(list(self.models))}
        for table, model in self.models.items():
            raw = stored[table]
            # one stored action per version: exactly the accepted ones, in order
            assert [a[0] for a in raw.actions] == list(range(len(model.actions)))
            assert [a[2] for a in raw.actions] == model.actions
            # no seat taken twice: each token holds its own seat, the rest are open
            hashes = [s.token_hash for s in raw.seats if s.token_hash is not None]
            assert len(hashes) == len(set(hashes)) == len(model.tokens)
            live = self.srv.manager.tables[table]
            for seat, token in model.tokens.items():
                assert live.seat_of(token) == seat
            # the stored log replays to the state the server serves, to every audience
            replayed = rebuild(raw)
            served = self.snapshot(table)
            assert snapshots.snapshot(replayed, None)["view"] == served["view"]
            assert replayed.state.to_dict() == live.state.to_dict()
            assert served["status"] == ("waiting" if not model.started else served["status"])


ServerMachine.TestCase.settings = settings(
    max_examples=10,
    stateful_step_count=25,
    deadline=None,  # a busy machine is not a failure; the clients' timeouts catch a hang
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


def test_the_server_follows_its_model() -> None:
    ServerMachine.TestCase("runTest").runTest()
    print(f"\nmodel-based: {STEPS}")

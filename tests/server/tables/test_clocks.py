"""Clocks with a fake time: the Fischer increment, turn-based moves, a timeout handing the seat
to a bot, the person coming back, and a real restart of the table manager from the database
in the middle of a turn-based game that keeps every clock exactly right."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from leafpile.server.api.checks import read_new_table
from leafpile.server.api.snapshots import snapshot
from leafpile.server.errors import StoodIn
from leafpile.server.store.db import Database
from leafpile.server.tables.clocks import ClockRule, Clocks
from leafpile.server.tables.live_table import FINISHED, LiveTable
from leafpile.server.tables.manager import TableManager
from leafpile.server.workers import BotPool
from tests.patience import HANG, FakeClock
from tests.server.helpers import SEED
from tests.server.live import run_async

DAY = 86400


def _manager(url: str, clock: FakeClock) -> TableManager:
    return TableManager(Database(url), BotPool("thread"), now=clock)


async def _two_people(manager: TableManager, clock: dict[str, Any]) -> tuple[LiveTable, str, str]:
    body = {
        "game": "autumn",
        "players": 2,
        "options": {"first_player": "0", "rounds": 1},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "name": "Ana",
        "seed": SEED,
        "clock": clock,
        "replacement": "random",
    }
    table, token_a = await manager.create(read_new_table(body, True))
    assert token_a is not None
    _, token_b = await manager.seating.join(table, "Bo", None)
    return table, token_a, token_b


async def _move(manager: TableManager, table: LiveTable, token: str) -> None:
    await manager.act(table, token, table.version, table.position.legal[0])


async def _until(predicate: Any, what: str) -> None:
    deadline = time.monotonic() + HANG  # only a hang takes so long
    while not predicate():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


# -- the arithmetic -------------------------------------------------------------------------------
def test_fischer_increment_comes_when_the_turn_passes_not_within_a_turn():
    rule = ClockRule("realtime", 60, 5)
    clocks = Clocks.fresh(rule, 2).started(0, 100.0)
    within = clocks.after_move(0, 0, 110.0)  # seat 0 decides again: no increment yet
    assert within.remaining(0, 110.0) == 50.0 and within.running == 0
    passed = within.after_move(0, 1, 115.0)  # the turn passes to seat 1
    assert passed.banks[0] == 50.0  # 60 - 15 + 5
    assert passed.running == 1 and passed.remaining(1, 130.0) == 45.0
    assert passed.deadline() == 115.0 + 60.0


def test_turn_based_moves_each_have_the_whole_time():
    rule = ClockRule("turn", DAY)
    clocks = Clocks.fresh(rule, 2).started(0, 0.0)
    after = clocks.after_move(0, 1, 20 * 3600.0)
    assert after.banks == (DAY, DAY) and after.running == 1 and after.since == 20 * 3600.0
    assert after.remaining(1, 30 * 3600.0) == DAY - 10 * 3600.0


def test_a_person_back_from_a_timeout_has_a_minute_once_per_turn_never_more_than_they_had():
    rule = ClockRule("realtime", 600, 0)
    clocks = Clocks(rule, (0.0, 300.0))
    back = clocks.comeback(0, 0.0)
    assert back.banks[0] == 60.0
    assert back.with_bank(0, 0.0).comeback(0, 0.0).banks[0] == 0.0  # once per turn
    assert Clocks(rule, (200.0, 1.0)).comeback(0, 0.0).banks[0] == 200.0  # time left: as it was
    # a turn begun with 20 s: a timeout gives 20 s back, not a minute
    started = Clocks(rule, (20.0, 300.0)).started(0, 100.0)
    assert started.comeback(0, 125.0).banks[0] == 20.0
    # the turn passing to the other seat and back: a new turn, so a new comeback
    again = back.after_move(0, 1, 0.0).after_move(1, 0, 0.0).with_bank(0, 0.0)
    assert again.comeback(0, 0.0).banks[0] == 60.0


def test_coming_back_with_time_left_gives_nothing_back_in_either_kind_of_clock():
    real = Clocks.fresh(ClockRule("realtime", 30), 2).started(0, 0.0)
    assert real.comeback(0, 26.23).remaining(0, 26.23) == pytest.approx(3.77)
    turn = Clocks.fresh(ClockRule("turn", 3600), 2).started(0, 0.0)
    assert turn.comeback(0, 6.1).remaining(0, 6.1) == pytest.approx(3593.9)


def test_a_stand_ins_decision_within_a_turn_does_not_pass_it():
    rule = ClockRule("turn", 3600)
    clocks = Clocks.fresh(rule, 2).started(0, 0.0)
    within = clocks.after_move(0, None, 100.0, passed=False)  # a stand-in decides at seat 0
    assert within.banks[0] == 3500.0 and within.turn_bank == (0, 3600.0)
    assert within.after_move(0, 1, 200.0).banks[0] == 3600.0  # the turn passing: afresh
    stored = Clocks.from_json(rule, within.with_bank(0, 0.0).comeback(0, 0).to_json(), 2)
    assert stored.graced == frozenset({0}) and stored.turn_bank == (0, 3600.0)


# -- the manager with a fake clock ----------------------------------------------------------------
def test_increments_are_served_and_a_move_after_the_deadline_hands_the_seat_to_a_bot(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    clock = FakeClock()

    async def go() -> None:
        manager = _manager(url, clock)
        await manager.start()
        try:
            table, tok_a, tok_b = await _two_people(
                manager, {"kind": "realtime", "bank": 60, "increment": 5}
            )
            assert table.clocks is not None and table.clocks.running == 0
            clock.advance(10)
            await _move(manager, table, tok_a)  # seat 0's turn is one decision: it passes
            seen = snapshot(table, None)["clock"]
            assert seen["remaining"] == [55.0, 60.0] and seen["running"] == 1
            assert seen["server_time"] == clock.t and seen["increment"] == 5
            clock.advance(61)  # seat 1 lets its clock run out ...
            with pytest.raises(StoodIn):  # ... and a move after the deadline comes too late
                await _move(manager, table, tok_b)
            assert table.seats[1].stand_in == "random"
            await _until(lambda: table.position.to_move == 0, "the stand-in bot moves")
            assert table.played_by  # the record says a bot played those moves
            # Bo comes back with the seat token, and has a minute again
            await manager.seating.come_back(table, tok_b)
            assert table.seats[1].stand_in is None and table.clocks.banks[1] == 60.0
            while table.status != FINISHED:
                mover = table.position.to_move
                clock.advance(1)
                await _move(manager, table, tok_a if mover == 0 else tok_b)
            parts = table.record().metadata["played_by"]
            assert [p["by"] for p in parts[0]] == ["Ana"]
            assert [p["by"] for p in parts[1]] == ["bot:random", "Bo"]  # both colour choices
            assert parts[1][0] == {"by": "bot:random", "first": 1, "last": 2}
        finally:
            await manager.stop()

    run_async(go())


def test_leaving_and_coming_back_never_gives_a_clock_more_time(tmp_path):
    """A 30 s bank at 3.77 s left stays there through three leave-and-return rounds, and a
    one-hour turn at 3,593.9 s is not started afresh, even returning within the bot's delay."""
    clock = FakeClock()

    async def go(kind: dict[str, Any], spent: float, left: float) -> None:
        url = f"sqlite:///{tmp_path / (kind['kind'] + '.db')}"
        manager = TableManager(Database(url), BotPool("thread"), now=clock, bot_delay=HANG)
        await manager.start()
        try:
            table, tok_a, _tok_b = await _two_people(manager, kind)
            assert table.clocks is not None and table.clocks.running == 0
            clock.advance(spent)
            for _ in range(3):  # leave, and come back before the stand-in moves
                await manager.seating.leave(table, tok_a)
                assert table.seats[0].stand_in == "random"
                clock.advance(0.1)
                await manager.seating.come_back(table, tok_a)
                assert table.seats[0].stand_in is None
                left -= 0.1  # the time away is charged
                assert table.clocks.remaining(0, clock.t) == pytest.approx(left)
            assert table.position.to_move == 0  # nobody moved: the log has only seat notes
            assert not any(e.is_action for e in table.log)
        finally:
            await manager.stop()

    run_async(go({"kind": "realtime", "bank": 30}, 30 - 3.77, 3.77))
    run_async(go({"kind": "turn", "per_move": 3600}, 6.1, 3593.9))


def test_the_timekeeper_wakes_at_the_deadline_without_any_request(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    clock = FakeClock()

    async def go() -> None:
        manager = _manager(url, clock)
        await manager.start()
        try:
            table, _, _ = await _two_people(manager, {"kind": "realtime", "bank": 30})
            assert manager.timekeeper.next_deadline() == clock.t + 30
            clock.advance(29.5)
            await manager.timekeeper.expire()
            assert table.seats[0].stand_in is None  # not yet
            clock.advance(0.5)
            await manager.timekeeper.expire()
            assert table.seats[0].stand_in == "random"
            await _until(lambda: table.position.to_move == 1, "the stand-in bot moves")
        finally:
            await manager.stop()

    run_async(go())


def test_a_restart_mid_turn_keeps_every_turn_based_clock_exact(db_url):
    clock = FakeClock()
    per_move = 2 * DAY

    async def first() -> tuple[str, float]:
        manager = _manager(db_url, clock)
        await manager.start()
        table, tok_a, tok_b = await _two_people(manager, {"kind": "turn", "per_move": per_move})
        clock.advance(5 * 3600)
        await _move(manager, table, tok_a)  # the turn passes to seat 1 (two decisions)
        turn_start = clock.t
        clock.advance(3 * 3600)
        await _move(manager, table, tok_b)  # seat 1 goes on deciding: its clock runs on
        assert table.clocks is not None and table.clocks.running == 1
        before = snapshot(table, 1)["clock"]
        assert before["remaining"] == [per_move, per_move - 3 * 3600]
        await manager.stop()
        return table.id, turn_start

    table_id, turn_start = run_async(first())
    clock.advance(7 * 3600)  # the server is down for seven hours: the clock runs on

    async def second() -> None:
        manager = _manager(db_url, clock)
        await manager.start()
        try:
            table = manager.get(table_id)
            seen = snapshot(table, 1)["clock"]
            assert seen["running"] == 1
            assert seen["remaining"] == [per_move, per_move - (clock.t - turn_start)]
            assert manager.timekeeper.next_deadline() == turn_start + per_move
            clock.advance(per_move)  # and now seat 1 has run out: a bot stands in
            await manager.timekeeper.expire()
            assert table.seats[1].stand_in == "random"
            await _until(lambda: table.position.to_move == 0, "the stand-in bot moves")
            assert snapshot(table, 0)["clock"]["remaining"] == [per_move, per_move]
        finally:
            await manager.stop()

    run_async(second())


def test_a_database_from_before_clocks_upgrades_and_its_tables_load(tmp_path):
    from sqlalchemy import text

    from tests.server.helpers import schema_at

    db = Database(f"sqlite:///{tmp_path / 'old.db'}")
    with schema_at(db, "0002") as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, created_at,"
                " updated_at) VALUES ('old', 'autumn', 2, '{}', 1, 'playing', 1.0, 1.0)"
            )
        )
        for seat in (0, 1):
            conn.execute(
                text("INSERT INTO seats (table_id, seat, kind) VALUES ('old', :s, 'human')"),
                {"s": seat},
            )
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM seats")).scalar() == 2
    db.migrate()
    (raw,) = db.load_tables(["old"])
    assert raw.settings is not None and raw.settings.private is False
    assert raw.settings.clock is None and [s.stand_in for s in raw.seats] == [None, None]
    db.close()

"""A bot that takes over a seat is never silent: the log says when and why ("Ana ran out of
time: the random bot plays for them"), marks each move it plays for the person, says when the
person is back, and keeps all of it through a restart and in another process's copy."""

from __future__ import annotations

from typing import Any

from leafpile.server.api.snapshots import snapshot
from leafpile.server.store.db import Database
from leafpile.server.tables.rebuild import rebuild
from tests.patience import FakeClock
from tests.server.live import run_async
from tests.server.tables.test_clocks import _manager, _move, _two_people, _until


def _log(table: Any, audience: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
    return list(snapshot(table, audience, lang=lang)["log"])


def _notes(log: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in log if e.get("note")]


def test_a_timeout_a_stand_in_s_moves_and_the_return_are_in_everyone_s_log(tmp_path):
    url = f"sqlite:///{tmp_path / 'n.db'}"
    clock = FakeClock()

    async def go() -> str:
        manager = _manager(url, clock)
        await manager.start()
        try:
            table, tok_a, tok_b = await _two_people(manager, {"kind": "realtime", "bank": 60})
            await _move(manager, table, tok_a)
            clock.advance(61)  # Bo lets his clock run out
            await manager.timekeeper.expire()
            await _until(lambda: table.position.to_move == 0, "the stand-in bot moves")
            for audience in (None, 0, 1):  # the spectator and both seats read the same note
                log = _log(table, audience)
                assert _notes(log) == ["P1 ran out of time: the random bot plays for them"]
                by_bot = [e for e in log if e.get("by")]
                assert by_bot and all(e == {**e, "seat": 1, "by": "bot:random"} for e in by_bot)
            assert not any(e.get("by") for e in _log(table) if e["seat"] == 0)
            french = _notes(_log(table, 0, "fr"))
            assert french == ["P1 n'a plus de temps : le bot hasard joue à sa place"]
            await manager.seating.come_back(table, tok_b)
            assert _notes(_log(table))[-1] == "P1 is back and plays again"
            await _move(manager, table, tok_a)
            assert not _log(table)[-1].get("by")  # Ana's own move
            return str(table.id)
        finally:
            await manager.stop()

    table_id = run_async(go())

    async def after_restart() -> None:
        manager = _manager(url, clock)
        await manager.start()
        try:
            table = await manager.find(table_id)
            log = _log(table)
            assert _notes(log) == [
                "P1 ran out of time: the random bot plays for them",
                "P1 is back and plays again",
            ]
            first_note = next(i for i, e in enumerate(log) if e.get("note"))
            assert log[first_note + 1]["by"] == "bot:random"  # the note comes before its moves
            assert log[-1]["seat"] == 0 and not log[-1].get("note")  # and Ana's move after
        finally:
            await manager.stop()

    run_async(after_restart())


def test_a_leaver_s_note_reaches_another_process_copy_in_its_place(tmp_path):
    url = f"sqlite:///{tmp_path / 'n.db'}"
    clock = FakeClock()

    async def go() -> None:
        manager = _manager(url, clock)
        await manager.start()
        try:
            manager.seat_bots.delay = 3600.0  # the stand-in waits: the copy hears note first
            table, tok_a, _tok_b = await _two_people(manager, {"kind": "realtime", "bank": 600})
            await _move(manager, table, tok_a)
            db = Database(url)
            other = rebuild(db.load_tables([table.id])[0])  # another process's copy, now
            await manager.seating.leave(table, tok_a)
            assert _notes(_log(table)) == ["P0 left the game: the random bot plays for them"]
            changes = db.changes_since(other.id, len(other.actions), other.notes)
            assert changes is not None and other.catch_up(changes)
            assert _log(other) == _log(table)
            assert other.notes == table.notes == 1
            again = db.changes_since(other.id, len(other.actions), other.notes)
            assert again is not None and not again.notes  # nothing heard twice
        finally:
            await manager.stop()

    run_async(go())

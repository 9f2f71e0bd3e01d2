"""`GET /api/tables/<id>/statistics`: a finished table's statistics are its record's (the same
as `statistics_of` on the downloaded record), in the reader's language; a game still running
or an unknown table is refused and nothing is computed."""

from __future__ import annotations

from leafpile.engine import GameRecord
from leafpile.engine.statistics import as_json, statistics_of
from leafpile.games import get_game
from tests.patience import wait_until
from tests.server.helpers import HTTP, create, snapshot


def test_statistics_of_a_finished_table_are_its_records(lite):
    made = create(lite, [{"kind": "bot", "bot": "random"}] * 2, sit=None, name=None)
    table = made["table"]
    wait_until(lambda: snapshot(lite, table)["status"] == "finished", "the bots finish")
    record = GameRecord.from_dict(HTTP.get(f"{lite.base}/api/tables/{table}/record").json())
    expected = statistics_of(get_game("autumn"), record)
    for lang in ("en", "fr", "ru"):
        got = HTTP.get(f"{lite.base}/api/tables/{table}/statistics?lang={lang}")
        assert got.status_code == 200, got.text
        assert {k: v for k, v in got.json().items() if k in ("tables", "curve")} == as_json(
            expected, lang
        )
    assert got.json()["curve"][-1] == snapshot(lite, table)["scores"]


def test_statistics_wait_for_the_end_and_a_real_table(lite):
    made = create(lite, [{"kind": "human"}, {"kind": "human"}])
    running = HTTP.get(f"{lite.base}/api/tables/{made['table']}/statistics?lang=fr")
    assert running.status_code == 409 and running.json()["code"] == "not_finished"
    assert "fin de la partie" in running.json()["message"]
    for bad in ("nope", "x" * 300, "%00"):
        assert HTTP.get(f"{lite.base}/api/tables/{bad}/statistics").status_code == 404

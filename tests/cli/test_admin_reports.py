"""`leafpile admin reports`: the operator lists reported chat messages (as plain text, so a
message is never read as terminal markup) and removes one from every history."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.server.store import chat_store
from leafpile.server.store.db import Database
from leafpile.server.store.schema import tables

runner = CliRunner()


def _db_with_reports(url: str) -> tuple[int, int]:
    db = Database(url)
    db.migrate()
    with db.engine.begin() as conn:
        conn.execute(
            tables.insert().values(
                id="t1",
                game="autumn",
                players=2,
                options=json.dumps({}),
                seed=1,
                status="playing",
                created_at=0.0,
                updated_at=0.0,
            )
        )
    rude = chat_store.append_message(db, "t1", 0.0, 0, "Ana", "[red]rude[/red]", None, "1.2.3.4")
    fine = chat_store.append_message(db, "t1", 1.0, None, "Vera", "fine", None, "5.6.7.8")
    for reporter in ("seat:1", "watch:x"):
        chat_store.add_report(db, rude.id, reporter, 2.0)
    chat_store.add_report(db, fine.id, "seat:0", 3.0)
    db.close()
    return rude.id, fine.id


def test_reports_list_and_remove(tmp_path):
    url = f"sqlite:///{tmp_path / 'ops.db'}"
    rude, fine = _db_with_reports(url)
    listed = runner.invoke(app, ["admin", "reports", "list", "--db", url])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert lines[0].startswith(f"#{rude} table t1 ") and lines[0].endswith(
        "Ana, reported 2 times: [red]rude[/red]"
    )
    assert lines[1].startswith(f"#{fine} ")
    assert "Vera (spectator), reported 1 time: fine" in lines[1]
    removed = runner.invoke(app, ["admin", "reports", "remove", str(rude), "--db", url])
    assert removed.exit_code == 0 and f"Removed message {rude}." in removed.output
    again = runner.invoke(app, ["admin", "reports", "remove", str(rude), "--db", url])
    assert again.exit_code == 2 and "no chat message" in again.output
    for bad in ("0", "x", "-3", str(2**70)):
        refused = runner.invoke(app, ["admin", "reports", "remove", bad, "--db", url])
        assert refused.exit_code == 2, bad
    left = runner.invoke(app, ["admin", "reports", "list", "--db", url]).output.splitlines()
    assert len(left) == 1 and left[0].startswith(f"#{fine} ")
    db = Database(url)
    assert [m.text for m in chat_store.load_messages(db, "t1")] == ["fine"]
    db.close()

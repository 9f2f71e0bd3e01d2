"""A log line's reason (`Game.explain`) on its way to readers: stored with the line, served in
each reader's language by the snapshot and the replay, and still there after a restart."""

from __future__ import annotations

from leafpile.games.autumn.explain import RULES
from tests.patience import wait_until
from tests.server.helpers import HTTP, create
from tests.server.live import ThreadServer

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def finished_autumn(server: ThreadServer) -> str:
    table = str(create(server, BOTS, sit=None, name=None)["table"])
    url = f"{server.base}/api/tables/{table}"
    wait_until(lambda: HTTP.get(url).json()["status"] == "finished", "the bots finish")
    return table


def whys(server: ThreadServer, table: str, lang: str) -> list[str | None]:
    log = HTTP.get(f"{server.base}/api/tables/{table}", params={"lang": lang}).json()["log"]
    return [item["why"]["text"] if "why" in item else None for item in log]


def test_the_last_card_s_line_says_why_in_each_language_after_a_restart(tmp_path):
    db = f"sqlite:///{tmp_path / 'why.db'}"
    server = ThreadServer(db).start()
    try:
        table = finished_autumn(server)
        said = {lang: whys(server, table, lang) for lang in ("en", "fr", "ru")}
        replay = HTTP.get(f"{server.base}/api/tables/{table}/replay", params={"lang": "fr"})
        steps = replay.json()["steps"]
    finally:
        server.stop()
    for lang, lines in said.items():
        assert lines[-1] is not None and lines[-1].endswith(RULES["round"].localize(lang))
    assert "La pioche est vide : la manche se termine." in said["fr"][-1]
    assert [s["why"] for s in steps[1:]] == said["fr"]  # the replay gives the same reasons
    assert any(w is None for w in said["en"])  # a card that changes no area has none
    again = ThreadServer(db).start()
    try:
        assert {lang: whys(again, table, lang) for lang in said} == said
    finally:
        again.stop()

"""The table's chat in the browser, with two people (French and Russian) and a spectator:
messages arrive, survive a reload and a server restart; quick phrases show in each reader's
language; a message with HTML and a link shows as plain text; the host lets spectators write
and turns the chat off; muting hides a writer for one reader only; a flood and an oversized
message are refused with a clear error and store nothing. The rates run on a fake clock."""

from __future__ import annotations

import json

import httpx

from leafpile.server import RateLimit
from leafpile.server.store import chat_store
from tests.browser.helpers import MOVE_TIMEOUT
from tests.patience import FakeClock
from tests.server.live import ThreadServer

HOSTILE = '<img src=x onerror="document.title=1"><b>bold</b> https://example.org'


def _open(browser, srv: ThreadServer, table: str, lang: str, token=None, host=None):
    """A person's own browser (its own storage) on the table page, in `lang`."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(srv.base + "/")
    page.evaluate(f"localStorage.setItem('leafpile.lang', '{lang}')")
    if token:
        page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
    if host:
        page.evaluate(f"localStorage.setItem('leafpile.host.{table}', '{host}')")
    page.goto(f"{srv.base}/table/{table}")
    page.wait_for_selector("#chat-phrases", state="attached", timeout=MOVE_TIMEOUT)
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)
    return page


def _sees(page, text: str, where: str = "#chat-messages") -> None:
    shown = f"[...document.querySelectorAll('{where} li .text')]"
    page.wait_for_function(
        f"{shown}.some(e => e.textContent === {json.dumps(text)})", timeout=MOVE_TIMEOUT
    )


def _texts(page, where: str = "#chat") -> list[str]:
    return list(page.locator(f"{where} li .text").all_text_contents())


def _say(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def test_a_table_chat_between_two_people_and_a_spectator(browser, tmp_path):
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'chat.db'}"
    limit = RateLimit(enabled=False, now=clock)
    srv = ThreadServer(url, rate_limit=limit).start()
    made = httpx.post(
        srv.base + "/api/tables",
        json={
            "game": "autumn",
            "players": 2,
            "options": {"first_player": "0", "rounds": 1},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "name": "Ana",
        },
    ).json()
    table = made["table"]
    joined = httpx.post(f"{srv.base}/api/tables/{table}/seats", json={"name": "Boris"}).json()
    ana = _open(browser, srv, table, "fr", made["token"], made["host"])
    boris = _open(browser, srv, table, "ru", joined["token"])
    watcher = _open(browser, srv, table, "en")
    try:
        # HTML and a link are text: nothing parsed, nothing clickable
        _say(ana, HOSTILE)
        for page in (ana, boris, watcher):
            _sees(page, HOSTILE)
            assert page.locator("#chat img, #chat b, #chat a").count() == 0
        assert watcher.title() != "1"
        # a quick phrase, each in the reader's language
        ana.click("#chat-phrases [data-phrase=good_game]")
        _sees(ana, "Bonne partie")
        _sees(boris, "Хорошая партия")
        _sees(watcher, "Good game")
        # a spectator reads but may not write until the host lets spectators write
        assert watcher.locator("#chat-form").is_hidden()
        assert watcher.locator("#chat-note").is_visible()
        ana.check("#chat-spectators-write")
        watcher.wait_for_selector("#chat-form", state="visible", timeout=MOVE_TIMEOUT)
        watcher.fill("#chat-name", "Vera")
        _say(watcher, "hello from the rail")
        _sees(boris, "hello from the rail", "#chat-spectators")  # shown apart
        assert "hello from the rail" not in _texts(boris, "#chat-messages")
        # Boris mutes Vera: her messages are gone for him only
        boris.locator("#chat-spectators li .chat-mute").first.click()
        boris.wait_for_selector("#chat-muted .chat-unmute", timeout=MOVE_TIMEOUT)
        assert "hello from the rail" not in _texts(boris)
        _say(watcher, "still here")
        _sees(ana, "still here", "#chat-spectators")
        _say(ana, "after Vera")
        _sees(boris, "after Vera")
        assert "still here" not in _texts(boris)
        # a report reaches the operator's list
        boris.locator("#chat-messages li .chat-report").first.click()
        boris.wait_for_selector(".toast.info", timeout=MOVE_TIMEOUT)
        (report,) = chat_store.list_reports(srv.manager.db)
        assert report.message.text == HOSTILE

        stored = len(chat_store.load_messages(srv.manager.db, table))
        # oversized (past the field's own limit): refused with a clear error, nothing stored
        ana.evaluate("document.getElementById('chat-input').removeAttribute('maxlength')")
        _say(ana, "x" * 501)
        ana.wait_for_function(
            "document.getElementById('chat-error').textContent.includes('500')",
            timeout=MOVE_TIMEOUT,
        )
        assert "caractères" in ana.inner_text("#chat-error")
        # a flood: five in a row, then refused until the clock moves on
        clock.advance(60)
        for i in range(5):
            _say(ana, f"quick {i}")
            _sees(ana, f"quick {i}")
        _say(ana, "one too many")
        ana.wait_for_function(
            "document.getElementById('chat-error').textContent.includes('trop vite')",
            timeout=MOVE_TIMEOUT,
        )
        assert len(chat_store.load_messages(srv.manager.db, table)) == stored + 5
        assert "one too many" not in _texts(boris)

        # the host turns the chat off: nobody may write, everyone is told
        ana.uncheck("#chat-enabled")
        boris.wait_for_selector("#chat-form", state="hidden", timeout=MOVE_TIMEOUT)
        watcher.wait_for_selector("#chat-form", state="hidden", timeout=MOVE_TIMEOUT)
        assert "отключил" in boris.inner_text("#chat-note")
        ana.check("#chat-enabled")
        boris.wait_for_selector("#chat-form", state="visible", timeout=MOVE_TIMEOUT)

        # a reload keeps the history (and this reader's mutes)
        boris.reload()
        _sees(boris, "quick 4")
        assert "still here" not in _texts(boris)
        srv.stop()
        port = srv.port
        srv = ThreadServer(url, rate_limit=limit)
        srv.port, srv.base = port, f"http://127.0.0.1:{port}"  # the same origin: same storage
        srv.start()
        clock.advance(60)  # the histories read so far are forgotten
        for page in (ana, boris, watcher):
            page.reload()
        _sees(boris, HOSTILE)
        _sees(boris, "Хорошая партия")
        _sees(ana, "Bonne partie")
        _sees(watcher, "still here", "#chat-spectators")
        assert _texts(ana).count("quick 4") == 1
    finally:
        for page in (ana, boris, watcher):
            page.context.close()
        srv.stop()

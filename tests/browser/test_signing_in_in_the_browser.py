"""Signing in, as a person sees it: the button shows progress ("Signing in…", both buttons
disabled) while the server checks the password, and a refusal stays beside the form until
the next try (it was a toast that vanished after 5 s). Signed in from a second browser, the
lobby's "Your games" lists the player's open private table (it listed only the tables whose
seat tokens the browser kept), and "Continue here" brings the seat over; another player's
lobby never shows it."""

from __future__ import annotations

import os

import httpx

from tests.browser.helpers import MOVE_TIMEOUT, dataset
from tests.patience import HANG_MS


def _look(page, name: str, **options: object) -> None:
    """A screenshot to look at, written only where LEAFPILE_LOOK names a folder."""
    folder = os.environ.get("LEAFPILE_LOOK")
    if folder:
        page.screenshot(path=os.path.join(folder, name), **options)


PASSWORD = "a long password"


def _profile(base: str, name: str) -> str:
    r = httpx.post(base + "/api/profiles", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return str(r.json()["secret"])


def _sign_in(page, name: str, password: str) -> None:
    page.fill("#name", name)
    page.fill("#password", password)
    page.click("#sign-in")


def test_sign_in_shows_progress_and_keeps_its_error(browser, live):
    _profile(live.base, "Ana")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    held = []
    page.route("**/api/profiles/login", lambda route: held.append(route))  # answered later
    page.goto(live.base + "/")
    page.wait_for_selector("#sign-in")
    _sign_in(page, "Ana", "not the password")
    page.wait_for_function("document.querySelector('#sign-in').disabled", timeout=HANG_MS)
    assert page.inner_text("#sign-in") == "Signing in…"
    assert page.locator("#create-profile").is_disabled()
    _look(page, "sign-in-busy-phone.png")
    held.pop().continue_()
    page.wait_for_function(
        "document.querySelector('#profile-error').textContent !== ''", timeout=HANG_MS
    )
    page.clock.install()
    page.clock.run_for(10_000)  # a toast would be gone by now; the error stays
    assert "password" in page.inner_text("#profile-error").lower()
    assert page.is_visible("#profile-error")
    assert page.inner_text("#sign-in") == "Sign in" and not page.locator("#sign-in").is_disabled()
    page.set_viewport_size({"width": 1280, "height": 800})
    _look(page, "sign-in-error-desktop.png")
    page.unroute("**/api/profiles/login")
    _sign_in(page, "Ana", PASSWORD)  # the next try clears it
    page.wait_for_selector("#signed-in", timeout=HANG_MS)
    assert page.locator("#profile-error").count() == 0
    context.close()


def test_a_private_table_follows_its_player_to_another_browser(browser, live):
    secret = _profile(live.base, "Ana")
    made = httpx.post(
        live.base + "/api/tables",
        json={
            "game": "autumn",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "sit": 0,
            "profile": secret,
            "private": True,
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    _profile(live.base, "Ben")
    for name, size in (("Ben", (1280, 800)), ("Ana", (390, 844))):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(live.base + "/")
        page.wait_for_selector("#sign-in")
        _sign_in(page, name, PASSWORD)
        page.wait_for_selector("#signed-in", timeout=HANG_MS)
        if name == "Ben":  # another player: not in their games, not in the lobby's list
            page.wait_for_selector("#tables .muted, #tables li", timeout=HANG_MS)
            page.wait_for_timeout(300)
            assert page.locator(f"li[data-table='{table}']").count() == 0
            assert page.is_hidden("#mine")
        else:
            mine = page.locator(f"#mine li[data-table='{table}']")
            mine.wait_for(timeout=MOVE_TIMEOUT)
            assert "private" in mine.inner_text()
            mine.scroll_into_view_if_needed()
            _look(page, "your-games-elsewhere-phone.png")
            mine.locator("button.continue-here").click()
            page.wait_for_url(f"**/table/{table}")
            page.wait_for_function("document.body.dataset.you === '0'", timeout=MOVE_TIMEOUT)
            assert dataset(page, "status") == "waiting"
        assert errors == []
        context.close()

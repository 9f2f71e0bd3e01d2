"""Every page works under the server's Content-Security-Policy: nothing it loads or does is
refused (scripts, styles, pictures, fetch and the WebSocket), and no script error shows."""

from __future__ import annotations

import httpx

from tests.patience import HANG_MS


def test_every_page_loads_without_a_policy_violation(browser, live):
    body = {
        "game": "autumn",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "sit": 0,
        "name": "Ana",
    }
    table = httpx.post(live.base + "/api/tables", json=body).json()["table"]
    httpx.post(live.base + "/api/profiles", json={"name": "Bo"})
    context = browser.new_context()
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on(
        "console",
        lambda m: problems.append(m.text) if m.type == "error" or "Policy" in m.text else None,
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    pages = {
        "/": "#name",
        f"/table/{table}": "body[data-version]",
        f"/table/{table}?generic": "body[data-version]",
        f"/replay/{table}": "body[data-step]",
        "/rules/autumn": "svg",
        "/leaderboard/autumn": "#board",
        "/player/bot:easy": "#player-name",  # a profile without games is a 404, as a stranger
    }
    for path, ready in pages.items():
        page.goto(live.base + path)
        page.wait_for_selector(ready, state="attached", timeout=HANG_MS)
        page.wait_for_timeout(300)  # late requests (the WebSocket, pictures) have started
    context.close()
    assert problems == []

"""A long game's log keeps its numbers whole: the list's markers ("160.", "1000.") fit in the
room the scrolled log box leaves them (they were cut to "60." past 99), on the table page and
the replay page, at desktop and phone size."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const log = document.getElementById("log");
  for (let i = log.children.length; i < 1000; i++) log.append(document.createElement("li"));
  log.lastChild.textContent = "a line";
  const style = getComputedStyle(log.lastChild);
  const ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const marker = ctx.measureText("1000. ").width;
  const room = log.lastChild.getBoundingClientRect().left - log.getBoundingClientRect().left;
  return { marker, room };
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_log_numbers_past_99_are_not_cut(browser, live, size):
    made = httpx.post(
        live.base + "/api/tables",
        json={
            "game": "autumn",
            "players": 2,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    for path in (f"/table/{table}", f"/replay/{table}"):
        page.goto(live.base + path)
        page.wait_for_selector("#log li")
        seen = page.evaluate(MEASURE)
        assert seen["marker"] <= seen["room"], (path, seen)

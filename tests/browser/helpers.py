"""What every game's browser test reads from a table page."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.patience import HANG_MS, READ, wait_until

#: ms: a move, a bot's answer or a page that takes longer than this is a hang
MOVE_TIMEOUT = HANG_MS


def dataset(page, key: str) -> str:
    """A fact the table page publishes on <body data-...> (version, status, you, toMove)."""
    return str(page.evaluate(f"document.body.dataset.{key} ?? ''"))


def create_from_lobby(
    page,
    base: str,
    game: str,
    seats: tuple[str, ...] = ("bot:random",),
    *,
    name: str = "Ana",
    drawn: str = "document.body.dataset.version !== undefined",
    **options: str,
) -> str:
    """Open a table of `game` from the lobby as `name`, the other seats as `seats` (each
    "open" or "bot:<name>") and the game's `options` set in the options box; wait until the
    table page shows the table (`drawn`, an expression) and return the table's id.

    An option the lobby does not offer (a puzzle's fixed leaf types or deck) is added to the
    lobby's request on its way to the server, as the API takes it."""
    page.goto(base + "/")
    page.wait_for_selector("#seat1")  # the lobby is ready (it sets the remembered name first)
    page.fill("#name", name)
    page.select_option("#game", game)
    page.select_option("#players", str(1 + len(seats)))
    for i, seat in enumerate(seats, start=1):
        page.select_option(f"#seat{i}", seat)
    offered = {o: v for o, v in options.items() if page.locator(f"[data-option={o}]").count()}
    if offered:
        page.click("#options-box summary")
    for option, value in offered.items():
        field = page.locator(f"[data-option={option}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(value == "true")
        else:
            field.fill(value)
    hidden = {o: v for o, v in options.items() if o not in offered}

    def with_hidden_options(route) -> None:
        request = route.request
        if request.method != "POST" or not hidden:
            route.continue_()
            return
        body = json.loads(request.post_data or "{}")
        body.setdefault("options", {}).update(hidden)
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/tables", with_hidden_options)
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.unroute("**/api/tables", with_hidden_options)
    page.wait_for_function(drawn, timeout=MOVE_TIMEOUT)
    return str(page.url.rsplit("/", 1)[-1])


#: A phone, as Playwright opens one: its screen in CSS pixels, a finger for a pointer.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: The seat on this page is to decide and the page takes a choice: no action on its way, no
#: chain of a click's actions still being sent (a renderer's `data-busy`).
YOUR_TURN = (
    "(() => { const d = document.body.dataset; return d.status === 'playing' && d.you !== '' "
    "&& d.you === d.toMove && !document.body.classList.contains('waiting') "
    "&& !document.querySelector('[data-busy]'); })()"
)

#: Whether an element is shown and enabled now (not in a closed <details>, whose content keeps
#: its boxes).
_USABLE = "(e) => e.checkVisibility({ visibilityProperty: true }) && !e.disabled"

#: The first of the selectors that matches something shown and enabled, with the indices of
#: what it matches so (null when none does).
_FIRST_SHOWN = f"""(selectors) => {{
  const usable = {_USABLE};
  for (const s of selectors.filter(Boolean)) {{
    const found = [...document.querySelectorAll(s)].flatMap((e, i) => usable(e) ? [i] : []);
    if (found.length) return [s, found];
  }}
  return null;
}}"""

#: Scroll the element to the middle of the screen, as a person does before tapping it (not
#: under the page's sticky bars), then find a point of it, relative to its box, where a finger
#: reaches it rather than something drawn over it: the box's centre first, then a grid over
#: the box. When it is covered everywhere: what covers its centre, in words.
_UNCOVERED = """(e) => {
  e.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
  const r = e.getBoundingClientRect();
  const w = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
  const h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
  const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0);
  const points = [[x0 + w / 2, y0 + h / 2]];
  for (let i = 1; i < 8; i++)
    for (let j = 1; j < 8; j++) points.push([x0 + (w * i) / 8, y0 + (h * j) / 8]);
  for (const [x, y] of w > 0 && h > 0 ? points : []) {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === e || e.contains(hit))) return { x: x - r.left, y: y - r.top };
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const name = (x) => (x ? x.outerHTML.slice(0, 160) : "nothing (off the screen)");
  return `${name(e)} at ${JSON.stringify(r)} under ${name(hit)}`;
}"""


def tap_where_it_shows(target) -> None:
    """Tap `target` on a part of it that shows: a phone's overlapping hand of cards shows only
    each card's edge. An offered choice covered everywhere is a fault of the page."""
    point = target.evaluate(_UNCOVERED)
    if isinstance(point, str):
        raise AssertionError(f"an offered choice is covered by something else: {point}")
    target.tap(position=point, timeout=MOVE_TIMEOUT)


def tap_a_decision(page, rng, offered: str, confirm: str, prefer: str = "", most: int = 16) -> int:
    """Make one decision on a touch screen by tapping what the page offers: the confirmation
    (`confirm`) once it shows, else one of the `offered` marks at random (legal choices and the
    first halves of choices made in several taps; those of `prefer` first when there are any),
    until the page sends an action; wait for the server's answer. Returns the number of taps."""
    version = int(dataset(page, "version"))
    sent = (
        "document.body.classList.contains('waiting') || "
        f"Number(document.body.dataset.version) > {version}"
    )
    for taps in range(1, most + 1):
        found = page.evaluate(_FIRST_SHOWN, [confirm, prefer, offered])
        assert found, f"my turn, but nothing to tap ({offered})"
        selector, indices = found
        tap_where_it_shows(page.locator(selector).nth(rng.choice(indices)))
        if page.evaluate(sent):
            page.wait_for_function(
                f"Number(document.body.dataset.version) > {version}", timeout=MOVE_TIMEOUT
            )
            return taps
    raise AssertionError(f"{most} taps sent nothing")


def play_to_end(page, decide, ready: str = "true", most: int = 1000) -> int:
    """Make the page's decisions with `decide(page)` whenever it is this seat's turn (and
    `ready`, a renderer's own condition, holds) until the game is over; returns how many."""
    made = 0
    over = "document.body.dataset.status === 'finished'"
    while True:
        page.wait_for_function(f"{over} || ({YOUR_TURN} && ({ready}))", timeout=MOVE_TIMEOUT)
        if dataset(page, "status") == "finished":
            return made
        decide(page)
        made += 1
        assert made < most, f"{most} decisions and the game goes on"


def bot_game(
    base: str,
    game: str,
    *,
    players: int = 2,
    bot: str = "random",
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> tuple[str, dict[str, Any]]:
    """A game between bots, made through the API and played to its end: its table id and its
    final snapshot (as the public sees it)."""
    body: dict[str, Any] = {
        "game": game,
        "players": players,
        "seats": [{"kind": "bot", "bot": bot}] * players,
    }
    if options:
        body["options"] = options
    if seed is not None:
        body["seed"] = seed
    made = httpx.post(base + "/api/tables", json=body, timeout=READ)
    assert made.status_code == 201, made.text
    table = str(made.json()["table"])

    def done() -> dict[str, Any] | None:
        snap: dict[str, Any] = httpx.get(f"{base}/api/tables/{table}", timeout=READ).json()
        return snap if snap["status"] == "finished" else None

    return table, wait_until(done, f"the bots finish their game of {game}")


def two_humans_at(
    srv: Any, game: str, seed: int, prefix: list[str], **extra: Any
) -> tuple[str, list[str]]:
    """A table of `game` between two people (Ana, Bo) that has played `prefix`, made through
    the API (`extra`: more of the request, a clock say): its id and the two seats' tokens."""
    body = {
        "game": game,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "sit": 0,
        "name": "Ana",
        "seed": seed,
        **extra,
    }
    made = httpx.post(srv.base + "/api/tables", json=body).json()
    table = made["table"]
    joined = httpx.post(f"{srv.base}/api/tables/{table}/seats", json={"name": "Bo"}).json()
    tokens = [made["token"], joined["token"]]
    for action in prefix:
        snap = httpx.get(
            f"{srv.base}/api/tables/{table}", headers={"authorization": f"Bearer {tokens[0]}"}
        ).json()
        auth = {"authorization": f"Bearer {tokens[snap['to_move']]}"}
        act = {"version": snap["version"], "action": action}
        r = httpx.post(f"{srv.base}/api/tables/{table}/actions", json=act, headers=auth)
        assert r.status_code == 200, r.text
    return table, tokens


def open_as(page, srv: Any, table: str, token: str) -> None:
    """Open `table` in `page` as the seat `token` holds (the token stored as the lobby does)."""
    page.goto(f"{srv.base}/table/{table}")
    page.evaluate(f"localStorage.setItem('leafpile.token.{table}', '{token}')")
    page.reload()
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=MOVE_TIMEOUT)

"""What every game's browser test reads from a table page."""

from __future__ import annotations

import json

from tests.patience import HANG_MS

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

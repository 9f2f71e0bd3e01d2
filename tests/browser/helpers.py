"""What every game's browser test reads from a table page."""

from __future__ import annotations

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
    table page shows the table (`drawn`, an expression) and return the table's id."""
    page.goto(base + "/")
    page.wait_for_selector("#seat1")  # the lobby is ready (it sets the remembered name first)
    page.fill("#name", name)
    page.select_option("#game", game)
    page.select_option("#players", str(1 + len(seats)))
    for i, seat in enumerate(seats, start=1):
        page.select_option(f"#seat{i}", seat)
    if options:
        page.click("#options-box summary")
        for option, value in options.items():
            field = page.locator(f"[data-option={option}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_function(drawn, timeout=MOVE_TIMEOUT)
    return str(page.url.rsplit("/", 1)[-1])

"""Scripted gardens for the Under the Leaves scenarios.

A tile is named by the picture it should make: `"G* O / P P"` is green with a mushroom top-left,
orange top-right and a pink pair at the bottom (P pink, Y yellow, O orange, V violet = purple,
G green, W water = puddle; `*` a mushroom). `lay()` finds the garden tile and orientation that
make that picture and places it through the real rules (`play`), so arrivals happen as in a game.
"""

from __future__ import annotations

from leafpile.games.under_the_leaves import GAME, UnderTheLeavesState
from leafpile.games.under_the_leaves.components import (
    GARDEN_TILES,
    GREEN,
    GRID,
    MUSHROOM,
    ORANGE,
    ORIENTED,
    PINK,
    PUDDLE,
    PURPLE,
    YELLOW,
    orientation_name,
    space_bit,
)
from leafpile.games.under_the_leaves.scoring import hummingbirds
from leafpile.games.under_the_leaves.state import Phase

LETTERS = {"P": PINK, "Y": YELLOW, "O": ORANGE, "V": PURPLE, "G": GREEN, "W": PUDDLE}
NAMES = {v: k for k, v in LETTERS.items()}


def codes(picture: str) -> tuple[int, ...]:
    out = []
    for token in picture.replace("/", " ").split():
        code = LETTERS[token[0]] | (MUSHROOM if token.endswith("*") else 0)
        out.append(code)
    assert len(out) == 4, picture
    return tuple(out)


def find_tile(picture: str, state: UnderTheLeavesState | None = None) -> tuple[int, int]:
    """(tile id, orientation) of a garden tile that shows `picture` (one not in a garden yet)."""
    want = codes(picture)
    placed = {t[0] for garden in state.placed for t in garden} if state else set()
    for tile in GARDEN_TILES:
        if tile in placed:
            continue
        for o in range(8):
            if ORIENTED[tile][o] == want:
                return tile, o
    raise AssertionError(f"no garden tile shows {picture!r}")


def new_game(
    players: int = 2, starts: tuple[int, ...] = (1, 2), **options: object
) -> UnderTheLeavesState:
    """A game with fixed starting tiles (1-4 = S1-S4) and first player 0. S1 is
    `W P / V Y*`, S2 `W O / Y P*`, S3 `W V / P O*`, S4 `W Y / O V*`."""
    opts: dict[str, object] = {
        "start_tiles": starts[:players],
        "first_player": "0",
        "leaf": "thoughtful",
        "mushroom": "host",
        "puddle": "diver",
        **options,
    }
    state = GAME.new_state(players, seed=1, options=opts)
    assert isinstance(state, UnderTheLeavesState)
    return state


def lay(state: UnderTheLeavesState, x: int, y: int, picture: str, player: int = 0) -> int:
    """Place the tile showing `picture` on tile cell (x, y) of `player`'s garden, as that
    player's turn (the tile is taken out of the market or bag first). Returns the tile id; a
    pending Collector/Friendly choice is left for the test to `play`."""
    tile, o = find_tile(picture, state)
    if tile in state.market:
        state.market.remove(tile)
    else:  # from the bag: one market tile goes back, so the market keeps its size
        state.bag.remove(tile)
        state.bag.append(state.market.pop())
        if not state.options.get("bag"):
            state.bag.sort()
    state.draws_left = max(state.draws_left, 1)
    state.to_move = player
    state.phase = Phase.PLACE
    state.taken = tile
    state.play(f"{x},{y}{orientation_name(o)}")
    if state.phase != "choose":
        state.to_move = player
    return tile


def space(x: int, y: int) -> int:
    return space_bit(x, y)


def spots(state: UnderTheLeavesState, player: int = 0, family: int | None = None) -> list:
    """The dweller figures as (family, (x, y)), in the order they arrived."""
    from leafpile.games.under_the_leaves.components import space_xy

    return [(f, space_xy(b)) for f, b in state.spots[player] if family is None or f == family]


def picture(state: UnderTheLeavesState, player: int = 0) -> list[str]:
    """The garden as rows of letters (`.` empty; lowercase = mushroom), for debugging."""
    xs = [2 * t[1] for t in state.placed[player]]
    ys = [2 * t[2] for t in state.placed[player]]
    rows = []
    for y in range(min(ys), max(ys) + 2):
        row = ""
        for x in range(min(xs), max(xs) + 2):
            code = state.grid[player * GRID + space_bit(x, y)]
            if not code:
                row += "."
            else:
                letter = NAMES[code & 7]
                row += letter.lower() if code & MUSHROOM else letter
        rows.append(row)
    return rows


def bees(state: UnderTheLeavesState, player: int = 0) -> int:
    return state.bees[player]


def birds(state: UnderTheLeavesState, player: int = 0) -> int:
    return hummingbirds(state, player)


def figures(state: UnderTheLeavesState, player: int = 0, family: int = 0) -> int:
    return state.dwellers[3 * player + family]

"""Scripted Undergrove positions for the scenario tests."""

from __future__ import annotations

from leafpile.games.undergrove import GAME, UndergroveState
from leafpile.games.undergrove.components import CORNER_OFFSETS, DECK, cell
from leafpile.games.undergrove.forest import forest_changed
from leafpile.games.undergrove.forest import put_tile as forest_put_tile
from leafpile.games.undergrove.kinds import Kind

SORTED_DECK = tuple(DECK)


def fresh(players: int = 2, deck: tuple[int, ...] = SORTED_DECK, goals=(1, 3, 5), **opts):
    """A game after set-up: P0 on Earthlover corner (0,0), P1 on (1,0), P2 (0,1), P3 (1,1).

    The deck is dealt in order: P0 gets the first 3 tiles, P1 the next 3, ...
    """
    options = {
        "first_player": "0",
        "deck": deck,
        "goals": goals,
        "bonus_tiles": tuple(range(1, 17)),
        **opts,
    }
    s = GAME.new_state(players, seed=1, options=options)
    assert isinstance(s, UndergroveState)
    for corner in ["0,0", "1,0", "0,1", "1,1"][:players]:
        s.play(f"seedling {corner}")
    return s


def play(s: UndergroveState, *moves: str) -> None:
    for move in moves:
        s.play(move)


def legal(s: UndergroveState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def c(x: int, y: int) -> int:
    return cell(x, y)


def put_tile(s: UndergroveState, t: int, x: int, y: int, carbon: int = 0) -> None:
    """Put a tile in the forest by hand (taking it out of wherever it was)."""
    for hand in s.hands:
        if t in hand:
            hand.remove(t)
    if t in s.deck:
        s.deck.remove(t)
    if t in s.discard:
        s.discard.remove(t)
    forest_put_tile(s, t, cell(x, y))
    s.carbon[t] = carbon


def give_root(s: UndergroveState, p: int, x: int, y: int, t: int) -> None:
    """A root from p's piece on corner (x, y) into tile t (no goal-8 bookkeeping)."""
    corner = cell(x, y)
    slot = CORNER_OFFSETS.index(corner - s.pos[t])
    s.roots[4 * t + slot] = p
    s.roots_left[p] -= 1
    forest_changed(s)  # roots laid by hand: the forest's cached answers are stale


def put_piece(s: UndergroveState, p: int, x: int, y: int, carbon: int = 0, tree: bool = False):
    corner = cell(x, y)
    s.piece[corner] = p + 4 if tree else p
    forest_changed(s)
    s.pcarbon[corner] = carbon
    if tree:
        s.trees[p] -= 1
    else:
        s.seedlings[p] -= 1


def set_res(s: UndergroveState, p: int, C=0, N=0, P=0, K=0) -> None:
    s.res[p] = [C, N, P, K]


def pass_turn(s: UndergroveState) -> None:
    """The current player photosynthesizes without converting or discarding."""
    s.play("photosynthesize")
    while s.pending and s.pending[-1].kind in (Kind.CONVERT, Kind.DISCARD):
        s.play("convert 0" if s.pending[-1].kind == Kind.CONVERT else "done")


B, PINK, G, Y = 1, 2, 4, 8  # token bits


def rooted(t: int, players: int = 2, carbon: int = 0, **opts) -> UndergroveState:
    """P0's first seedling on (0,0) also roots into tile t, put on cell (-1,-1)."""
    s = fresh(players, **opts)
    put_tile(s, t, -1, -1, carbon)
    give_root(s, 0, 0, 0, t)
    return s

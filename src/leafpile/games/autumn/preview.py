"""What a placement would change, measured by the engine for the page's preview (autumn.md §5).

The seat to move points at a legal spot; the page shows, from these numbers alone, how the
largest area of each colour would grow or shrink, the round score it would give the seat (and
the other seat) if the round ended now, and outlines the areas the card would join. Computed
on the seat's own view, from its legal actions; nothing in it is hidden from that seat.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import opt_str
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import Place
from leafpile.games.autumn.components import CELLS, OFFSET, RED_BITS, STRIDE, bit
from leafpile.games.autumn.state import AutumnState, Phase

COLOURS = ("red", "yellow")


def areas(mask: int) -> list[int]:
    """The orthogonally connected areas of `mask`, each as a mask, in the order found (from
    the lowest cell up): the board never reaches its edge columns, so a shift by one cannot
    wrap an area onto the next row."""
    out = []
    while mask:
        region = mask & -mask
        while True:
            grown = region | region << 1 | region >> 1 | region << STRIDE | region >> STRIDE
            grown &= mask
            if grown == region:
                break
            region = grown
        out.append(region)
        mask ^= region
    return out


def regions(mask: int) -> list[int]:
    """The areas of `mask`, largest first (the first found of equal ones first)."""
    return sorted(areas(mask), key=int.bit_count, reverse=True)


def largest_region(mask: int) -> int:
    """The cells of the largest area of `mask` (0 when it is empty)."""
    found = regions(mask)
    return found[0] if found else 0


def cells(mask: int) -> list[list[int]]:
    """The (x, y) of each cell of `mask`, as the table's placements name them."""
    out = []
    while mask:
        b = (mask & -mask).bit_length() - 1
        out.append([b % STRIDE - OFFSET, b // STRIDE - OFFSET])
        mask &= mask - 1
    return out


def largest_now(view: AutumnState) -> dict[str, list[list[int]]]:
    """The cells of each colour's largest area on the table now: what would score if the
    round ended now (the page outlines them during play)."""
    red, yellow = rules.colour_masks(view)
    return {"red": cells(largest_region(red)), "yellow": cells(largest_region(yellow))}


def round_scores(view: AutumnState, red: int, yellow: int) -> list[int] | None:
    """Each seat's score of the round if it ended with these colour masks: the largest area of
    its colour (two players, colours chosen), or the solo challenge's score; None while the
    colours are not yet chosen."""
    if view.num_players == 1:
        areas = sorted(
            [r.bit_count() for r in regions(red)] + [r.bit_count() for r in regions(yellow)],
            reverse=True,
        )
        challenge = opt_str(view.options, "challenge", "garden")
        rule = opt_str(view.options, "balance_rule", "any-three")
        return [rules.solo_score(challenge, areas, rule)]
    if view.red_player is None:
        return None
    row = [0, 0]
    row[view.red_player] = largest_region(red).bit_count()
    row[1 - view.red_player] = largest_region(yellow).bit_count()
    return row


def previews(view: AutumnState) -> dict[str, dict[str, Any]]:
    """Legal placement notation -> what it would bring the seat to move: `areas` (each colour's
    largest area, [before, after]), `scores` (by seat, its round score if the round ended now,
    [before, after]; None before the colours are chosen), `mine` (the seat's colour, or
    None) and `joins` (per colour, the cells of the areas the card's leaves of that colour
    would belong to once placed)."""
    if view.phase != Phase.PLACE or view.card is None:
        return {}
    red0, yellow0 = rules.colour_masks(view)
    before = {
        "red": largest_region(red0).bit_count(),
        "yellow": largest_region(yellow0).bit_count(),
    }
    scores0 = round_scores(view, red0, yellow0)
    mine = None
    if view.num_players == 2 and view.red_player is not None:
        mine = "red" if view.to_move == view.red_player else "yellow"
    out: dict[str, dict[str, Any]] = {}
    for action in view.legal_actions():
        assert isinstance(action, Place)
        occupied, red = rules.laid(view, action)
        yellow = occupied & ~red
        card = CELLS << bit(action.x, action.y)
        card_red = RED_BITS[view.card][action.rot] << bit(action.x, action.y)
        masks = {"red": red, "yellow": yellow}
        leaves = {"red": card_red, "yellow": card & ~card_red}
        joins = {}
        areas = {}
        for colour in COLOURS:
            found = regions(masks[colour])
            areas[colour] = [before[colour], found[0].bit_count() if found else 0]
            joins[colour] = cells(sum(r for r in found if r & leaves[colour]))
        scores1 = round_scores(view, red, yellow)
        out[str(action)] = {
            "areas": areas,
            "scores": (
                None
                if scores0 is None or scores1 is None
                else [[b, a] for b, a in zip(scores0, scores1, strict=True)]
            ),
            "mine": mine,
            "joins": joins,
        }
    return out

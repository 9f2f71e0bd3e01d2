"""Bees and hummingbirds (§5, §6, §12 U8): what a new tile's sectors attract.

Gardens only grow (§4), so after a placement only the sectors that contain a space of the new
tile can have changed: those are flood-filled on the colour bitboards and compared with the
stored bee sectors (new, grown or merged). Hummingbirds can only arrive when pollination grows,
and only on tiles that have none yet.
"""

from __future__ import annotations

from leafpile.games.under_the_leaves.components import NMASKS, PUDDLE
from leafpile.games.under_the_leaves.garden import Sector, bird_lines, bird_tiles, flood
from leafpile.games.under_the_leaves.state import UnderTheLeavesState


def changed_sectors(
    s: UnderTheLeavesState, p: int, t: int, colour_groups: tuple[tuple[int, int], ...]
) -> list[Sector]:
    """The sectors that contain player p's new tile (top-left space bit t), one per colour
    group of the tile: the only sectors the placement changed (§4)."""
    masks = s.masks
    base = NMASKS * p
    sectors = []
    for colour, local in colour_groups:
        sector = flood(local << t, masks[base + colour])
        sectors.append((colour, sector, sector.bit_count()))
    return sectors


def bees_arrive(s: UnderTheLeavesState, p: int, changed: list[Sector]) -> None:
    """Bees for the changed sectors of 3+ spaces (§5, §12 U8): a new pollinated sector brings
    one bee, and one more to each other pollinated sector of its colour; a sector that grew or
    merged keeps the bees of the sectors it joined and brings none. Then the hummingbirds."""
    poll_before = s.pollinated[p]
    poll = poll_before
    sectors = s.sectors[p]
    for colour, comp, size in changed:
        if size < 3:
            continue
        poll |= comp
        if comp & poll_before == 0:  # a new pollinated sector: 1 bee, +1 on each other one
            others = [(c, m, b + 1) if c == colour else (c, m, b) for c, m, b in sectors]
            gained = 1 + sum(1 for c, _, _ in sectors if c == colour)
            sectors = (*others, (colour, comp, 1))
            s.bees[p] += gained
        else:  # grown or merged: one record, bees summed, no new bee
            joined = 0
            kept = []
            for c, m, b in sectors:
                if c == colour and m & comp:
                    joined += b
                else:
                    kept.append((c, m, b))
            sectors = (*kept, (colour, comp, joined))
    if poll != poll_before:
        s.sectors[p] = sectors
        s.pollinated[p] = poll
        hummingbirds_arrive(s, p)


def hummingbirds_arrive(s: UnderTheLeavesState, p: int) -> None:
    """§6: the base hummingbird comes to every tile whose terrain (puddles aside) is all
    pollinated; the row and column birds to the middle of three such tiles in a line. A tile
    that has its base bird keeps it, as pollination never shrinks."""
    base = NMASKS * p
    masks = s.masks
    bare = masks[base] & ~masks[base + PUDDLE] & ~s.pollinated[p]
    hb = s.humm_base[p]
    hb |= bird_tiles(s.tiles[p] & ~hb, bare)
    if hb != s.humm_base[p]:
        s.humm_base[p] = hb
        s.humm_row[p], s.humm_col[p] = bird_lines(hb)

"""A plain bitboard version of Autumn's rules (docs/rules/autumn.md), the yardstick that
`engine_speed.py` measures leafpile's Autumn against: random two-player matches of three rounds.

It is written for speed alone, as a prototype would be: no states to clone or save, no views,
no notation, Python's own `random.Random`. The table is two integers (covered cells, red
cells), a cell (x, y) being bit (y + 20) * 41 + (x + 20); a card covers its anchor cell, the
one to the right and the two below. A legal anchor covers 1 or 2 covered cells (§4.2 rule 3),
counted for every anchor at once with bit-sliced adders; a random move picks the k-th legal
(anchor, rotation) without listing them. Areas (§5.1) are grown by dilation.
"""

from __future__ import annotations

import random

W = 41  # row stride: cells stay within 19 of the origin, so rows never touch
ORIGIN = 20 * W + 20
CARD = 1 | 2 | (1 << W) | (1 << (W + 1))
#: The placeholder deck of §1.4 as TL TR BL BR faces (R red, Y yellow), with its copies.
DECK = ["RRYY"] * 4 + ["RYRY"] * 4 + ["RYYR"] * 2 + ["YRRY"] * 2 + ["RYYY"] * 3 + ["YRRR"] * 3


def _red(faces: str) -> int:
    cells = (0, 1, W, W + 1)
    return sum(1 << c for c, f in zip(cells, faces, strict=True) if f == "R")


#: RED[card] = (red cells at 0 degrees, at 180 degrees: TL<->BR, TR<->BL), from the anchor.
RED = [(_red(f), _red(f[::-1])) for f in DECK]
#: A 180-degree-symmetric card offers one placement per anchor, the others two.
TURNS = [1 if f == f[::-1] else 2 for f in DECK]


def anchors(cover: int) -> int:
    """Anchors whose card would lie on exactly one or two covered cells."""
    a, b, c, d = cover, cover >> 1, cover >> W, cover >> (W + 1)
    one_top, two_top = a ^ b, a & b
    one_bot, two_bot = c ^ d, c & d
    some = one_top | two_top | one_bot | two_bot
    many = (two_top & (one_bot | two_bot)) | (two_bot & one_top)
    return some & ~many


def kth_bit(mask: int, k: int) -> int:
    """The index of the k-th lowest set bit of `mask` (k from 0)."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def largest(cells: int) -> int:
    """The size of the largest orthogonally connected area of `cells`."""
    best = 0
    while cells:
        area = cells & -cells
        while True:
            grown = (area | area << 1 | area >> 1 | area << W | area >> W) & cells
            if grown == area:
                break
            area = grown
        best = max(best, area.bit_count())
        cells &= ~area
    return best


def play_round(rng: random.Random) -> tuple[int, int, int]:
    """One round of random play: (red's largest area, yellow's, placements)."""
    deck = list(range(18))
    rng.shuffle(deck)
    start = deck.pop()
    cover = CARD << ORIGIN
    red = RED[start][rng.randrange(2)] << ORIGIN
    moves = 0
    while deck:
        card = deck.pop()
        legal = anchors(cover)
        turns = TURNS[card]
        k = rng.randrange(legal.bit_count() * turns)
        at = kth_bit(legal, k // turns)
        mask = CARD << at
        cover |= mask
        red = (red & ~mask) | (RED[card][k % turns] << at)
        moves += 1
    return largest(red), largest(cover & ~red), moves


def random_game(seed: int) -> int:
    """A random match of three rounds (the colour choice random too); its number of actions."""
    rng = random.Random(seed)
    totals = [0, 0]
    actions = 0
    for _ in range(3):
        red_player = rng.randrange(2)  # the second player's choice of colours (§3.1)
        red_area, yellow_area, moves = play_round(rng)
        totals[red_player] += red_area
        totals[1 - red_player] += yellow_area
        actions += moves + 1
    return actions

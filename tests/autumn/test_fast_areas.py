"""The round's largest area (stopped early) and the shifted flood fill count what a plain
flood fill over the whole table counts."""

from __future__ import annotations

from leafpile.engine import Rng
from leafpile.games.autumn import GAME, rules
from leafpile.games.autumn.components import STRIDE


def plain_areas(mask: int) -> list[int]:
    """Connected areas by a breadth-first search over the cells, largest first."""
    cells = {i for i in range(mask.bit_length()) if mask >> i & 1}
    sizes = []
    while cells:
        todo = [cells.pop()]
        size = 0
        while todo:
            c = todo.pop()
            size += 1
            for n in (c - 1, c + 1, c - STRIDE, c + STRIDE):
                if n in cells:
                    cells.remove(n)
                    todo.append(n)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def test_areas_match_a_plain_search_through_random_rounds() -> None:
    for seed in range(30):
        s = GAME.new_state(2, seed=seed, options={"rounds": 1})
        rng = Rng(seed)
        while not s.is_terminal():
            for mask in (s.red, s.occupied & ~s.red):
                want = plain_areas(mask)
                assert rules.area_sizes(mask) == want
                assert rules.largest_area(mask) == (want[0] if want else 0)
            s.apply(s.random_action(rng))
    assert rules.largest_area(0) == 0 and rules.area_sizes(0) == []

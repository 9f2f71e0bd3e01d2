"""The incremental arrivals against a slow reference that rescans the whole garden.

The rules module only looks at what a placement can change (§4: gardens only grow). This
reference follows the rules text literally instead: after every placement it recomputes every
sector, window and pattern of the active garden from scratch (the [BGA] algorithms of §5-§7 with
the §12 decisions), keeps its own memories, and must agree with the game at every step of many
random games, for every dweller card.
"""

from __future__ import annotations

import random

import pytest

from leafpile.games.under_the_leaves import GAME, UnderTheLeavesState
from leafpile.games.under_the_leaves.actions import Choose, Place
from leafpile.games.under_the_leaves.components import (
    FAMILY_CARDS,
    GRID,
    MUSHROOM,
    PUDDLE,
    space_bit,
    space_xy,
    tile_xy,
)

Space = tuple[int, int]


class Garden:
    """One player's garden and the memories of its beings, recomputed naively."""

    def __init__(self) -> None:
        self.kind: dict[Space, int] = {}  # colour 1-5 or PUDDLE
        self.mushroom: set[Space] = set()
        self.tiles: list[tuple[int, int]] = []
        self.bee_sectors: list[list] = []  # [colour, frozenset, bees]
        self.birds: dict[tuple[int, int], int] = {}
        self.used: list[set[Space]] = [set(), set(), set()]
        self.figures = [0, 0, 0]

    def read(self, state: UnderTheLeavesState, p: int) -> None:
        """Copy the spaces of the game's garden (the layout itself is not under test)."""
        self.kind.clear()
        self.mushroom.clear()
        for _, tx, ty, _ in state.placed[p]:
            for dx in (0, 1):
                for dy in (0, 1):
                    x, y = 2 * tx + dx, 2 * ty + dy
                    code = state.grid[p * GRID + space_bit(x, y)]
                    self.kind[(x, y)] = code & 7
                    if code & MUSHROOM:
                        self.mushroom.add((x, y))
        self.tiles = [(t[1], t[2]) for t in state.placed[p]]

    def sectors(self) -> list[tuple[int, frozenset[Space]]]:
        seen: set[Space] = set()
        out = []
        for start, kind in sorted(self.kind.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if start in seen or kind == PUDDLE:
                continue
            group, todo = {start}, [start]
            while todo:
                x, y = todo.pop()
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n not in group and self.kind.get(n) == kind:
                        group.add(n)
                        todo.append(n)
            seen |= group
            out.append((kind, frozenset(group)))
        return out

    def puddles(self) -> list[frozenset[Space]]:
        seen: set[Space] = set()
        out = []
        for start, kind in self.kind.items():
            if start in seen or kind != PUDDLE:
                continue
            group, todo = {start}, [start]
            while todo:
                x, y = todo.pop()
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n not in group and self.kind.get(n) == PUDDLE:
                        group.add(n)
                        todo.append(n)
            seen |= group
            out.append(frozenset(group))
        return out

    def windows(self) -> list[tuple[Space, list[Space]]]:
        """Every 2x2 window of existing spaces, in (row, column) order of its top-left."""
        out = []
        for x, y in sorted(self.kind, key=lambda s: (s[1], s[0])):
            block = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
            if all(b in self.kind for b in block):
                out.append(((x, y), block))
        return out

    # -- one placement -----------------------------------------------------------------------
    def arrivals(self, cards: tuple[str, str, str]) -> list[tuple[int, Space, Space]]:
        sectors = self.sectors()
        pollinated = [(c, g) for c, g in sectors if len(g) >= 3]
        # bees (§5, §12 U8)
        records = self.bee_sectors
        fresh = []
        for colour, group in pollinated:
            inside = [r for r in records if r[0] == colour and r[1] <= group]
            if inside:  # grown, or merged with the bees summed
                for r in inside[1:]:
                    inside[0][2] += r[2]
                    records.remove(r)
                inside[0][1] = group
            else:
                fresh.append([colour, group, 1])
        for new in fresh:
            for r in records:
                if r[0] == new[0]:
                    r[2] += 1
        records.extend(fresh)
        # hummingbirds (§6)
        covered = set().union(*(g for _, g in pollinated)) if pollinated else set()
        base = {
            t
            for t in self.tiles
            if all(s in covered for s in self._tile_spaces(t) if self.kind[s] != PUDDLE)
        }
        for t in base:
            x, y = t
            target = 1 + ({(x - 1, y), (x + 1, y)} <= base) + ({(x, y - 1), (x, y + 1)} <= base)
            self.birds[t] = max(self.birds.get(t, 0), target)
        # dwellers (§7, §12)
        leaf, mush, water = cards
        used = self.used
        if leaf in ("thoughtful", "flirty"):
            for (x, y), block in self.windows():
                kinds = [self.kind[b] for b in block]
                if leaf == "thoughtful":  # one terrain colour: four puddles are no sector
                    ok = len(set(kinds)) == 1 and kinds[0] != PUDDLE
                else:
                    ok = len(set(kinds)) == 4
                if leaf == "flirty" and (x, y) == (0, 0):
                    ok = False  # the starting tile's own window
                if ok and not used[0] & set(block):
                    used[0] |= set(block)
                    self.figures[0] += 1
        for _, group in pollinated:
            if leaf == "restless" and len(group) >= 5 and not used[0] & group:
                used[0] |= group
                self.figures[0] += 1
            if leaf == "runner" and not used[0] & group and self._line(group):
                used[0] |= group
                self.figures[0] += 1
        pending = []
        if water == "diver":
            for group in self.puddles():
                if len(group) >= 2 and not used[2] & group:
                    used[2] |= group
                    self.figures[2] += 1
        if water == "skipper":
            for (x, y), kind in self.kind.items():
                pairs = (((x - 1, y), (x + 1, y)), ((x, y - 1), (x, y + 1)))
                if (
                    kind != PUDDLE
                    and (x, y) not in used[2]
                    and any(
                        self.kind.get(a) == PUDDLE and self.kind.get(b) == PUDDLE for a, b in pairs
                    )
                ):
                    used[2].add((x, y))
                    self.figures[2] += 1
        if water == "shy":
            for s in [s for s, k in self.kind.items() if k == PUDDLE]:
                ring = self._ring(s)
                if (
                    s not in used[2]
                    and all(r in self.kind for r in ring)
                    and not any(self.kind[r] == PUDDLE for r in ring)
                ):
                    used[2].add(s)
                    self.figures[2] += 1
        if water == "friendly":
            pending += self._diagonal_pairs({s for s, k in self.kind.items() if k == PUDDLE}, 2)
        if mush == "host":
            for _, group in sectors:
                found = group & self.mushroom
                if len(found) >= 2 and not used[1] & found:
                    used[1] |= found
                    self.figures[1] += 1
        if mush == "explorer":
            free = self.mushroom - used[1]
            got = set()
            for x, y in free:
                row = [a for a, b in free if b == y]
                col = [b for a, b in free if a == x]
                if (min(row) < x < max(row)) or (min(col) < y < max(col)):
                    got.add((x, y))
            used[1] |= got
            self.figures[1] += len(got)
        if mush == "loner":
            for s in self.mushroom:
                ring = self._ring(s)
                if (
                    s not in used[1]
                    and all(r in self.kind for r in ring)
                    and not (set(ring) & self.mushroom)
                ):
                    used[1].add(s)
                    self.figures[1] += 1
        if mush == "collector":
            pending += self._diagonal_pairs(self.mushroom, 1)
        return pending

    @staticmethod
    def _tile_spaces(t):
        x, y = t
        return [(2 * x, 2 * y), (2 * x + 1, 2 * y), (2 * x, 2 * y + 1), (2 * x + 1, 2 * y + 1)]

    @staticmethod
    def _ring(s):
        x, y = s
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]

    @staticmethod
    def _line(group):
        return any(
            all((x + i * dx, y + i * dy) in group for i in range(4))
            for x, y in group
            for dx, dy in ((1, 0), (0, 1))
        )

    def _diagonal_pairs(self, spaces, family):
        free = spaces - self.used[family]
        pairs = []
        for x, y in free:
            for other in ((x - 1, y + 1), (x + 1, y + 1)):
                if other in free:
                    pairs.append(((y, x), (other[1], other[0])))
        pairs.sort()
        return [(family, (a[1], a[0]), (b[1], b[0])) for a, b in pairs]


def compare(state: UnderTheLeavesState, p: int, ref: Garden) -> None:
    mine = sorted((c, sorted(space_xy(b) for b in _bits(m)), n) for c, m, n in state.sectors[p])
    theirs = sorted((c, sorted(g), n) for c, g, n in ref.bee_sectors)
    assert mine == theirs
    assert state.bees[p] == sum(n for _, _, n in theirs)
    birds: dict[tuple[int, int], int] = {}
    for mask in (state.humm_base[p], state.humm_row[p], state.humm_col[p]):
        for tb in _bits(mask):
            birds[tile_xy(tb)] = birds.get(tile_xy(tb), 0) + 1
    assert birds == ref.birds
    assert state.dwellers[3 * p : 3 * p + 3] == ref.figures
    for f in range(3):
        assert {space_xy(b) for b in _bits(state.used[3 * p + f])} == ref.used[f]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def greedy_choice(state: UnderTheLeavesState, chooser: random.Random):
    """A placement that gains the most figures (ties at random): richer gardens than random
    play, so big sectors, hummingbird lines and dwellers actually happen."""
    actions = state.legal_actions()
    if not isinstance(actions[0], Place):
        return chooser.choice(actions)
    p = state.current_player
    best, picks = -1.0, []
    for action in actions:
        twin = state.clone()
        twin.apply(action)
        value = (
            twin.bees[p]
            + sum(twin.dwellers[3 * p : 3 * p + 3])
            + twin.pollinated[p].bit_count() / 64
        )
        value += (
            twin.humm_base[p].bit_count()
            + twin.humm_row[p].bit_count()
            + twin.humm_col[p].bit_count()
        )
        if value > best:
            best, picks = value, [action]
        elif value == best:
            picks.append(action)
    return chooser.choice(picks)


def check_game(players: int, seed: int, cards: tuple[str, str, str], greedy: bool = False) -> None:
    options = {"leaf": cards[0], "mushroom": cards[1], "puddle": cards[2]}
    state = GAME.new_state(players, seed=seed, options=options)
    assert isinstance(state, UnderTheLeavesState)
    refs = [Garden() for _ in range(players)]
    chooser = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player
        action = greedy_choice(state, chooser) if greedy else chooser.choice(state.legal_actions())
        state.apply(action)
        if isinstance(action, Place):
            ref = refs[p]
            ref.read(state, p)
            ref.pending = ref.arrivals(state.cards)
            got = [(q.family, space_xy(q.first), space_xy(q.second)) for q in state.pending]
            assert got == ref.pending
        elif isinstance(action, Choose):
            ref = refs[p]
            family = ref.pending.pop(0)[0]
            ref.used[family].add((action.x, action.y))
            ref.figures[family] += 1
        if state.phase != "choose" and isinstance(action, Place | Choose):
            compare(state, p, refs[p])


CARD_SETS = [(FAMILY_CARDS[0][i], FAMILY_CARDS[1][i], FAMILY_CARDS[2][i]) for i in range(4)] + [
    (FAMILY_CARDS[0][i], FAMILY_CARDS[1][(i + 1) % 4], FAMILY_CARDS[2][(i + 2) % 4])
    for i in range(4)
]


@pytest.mark.parametrize("cards", CARD_SETS, ids=["-".join(c) for c in CARD_SETS])
def test_incremental_arrivals_match_a_full_rescan(cards):
    for seed in range(3):
        check_game(2 + seed % 3, seed, cards)
    check_game(2, 10, cards, greedy=True)

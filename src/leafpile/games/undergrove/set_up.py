"""Set-up (§3): the starting cross, deck, goals, bonus tiles, supplies, hands and first player,
then each player's first seedling on a corner of the Earthlover (§3.6)."""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, opt_ints, opt_str
from leafpile.games.undergrove.actions import Seedling, seedling
from leafpile.games.undergrove.components import (
    ALL_TOKENS,
    BLOCKER,
    BONUS_SET_SIZE,
    BONUS_SETS_AT,
    BONUS_TILES,
    CORNER_OFFSETS,
    DECK,
    EARTHLOVER,
    GOAL_CARDS,
    HAND_SIZE,
    START_CROSS,
    START_RESOURCES,
    SUPPLY,
    cell,
)
from leafpile.games.undergrove.decision import Decision
from leafpile.games.undergrove.forest import (
    draw,
    earthlover_corners,
    forest_changed,
    put_piece,
    put_tile,
)
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.turn import start_turn


def start(s: UndergroveState) -> None:
    """§3: deal a new game; the players then place their first seedlings."""
    n = s.num_players
    rng = s.rng
    for t, x, y, c in START_CROSS:
        put_tile(s, t, cell(x, y))
        s.carbon[t] = c
    scripted = opt_ints(s.options, "deck")
    s.deck = list(scripted) if scripted else list(DECK)
    if not scripted:
        rng.shuffle(s.deck)
    goals = opt_ints(s.options, "goals")
    if goals:
        s.goals = list(goals)
    else:
        cards = list(GOAL_CARDS)
        rng.shuffle(cards)
        s.goals = sorted(card[rng.randrange(2)] for card in cards[:3])
    order = list(opt_ints(s.options, "bonus_tiles"))
    if not order:
        order = sorted(BONUS_TILES)
        rng.shuffle(order)
    size = BONUS_SET_SIZE[n]
    s.bonus_sets = [sorted(order[i * size : (i + 1) * size]) for i in range(len(BONUS_SETS_AT))]
    for p in range(n):
        s.res[p] = list(START_RESOURCES)
        s.ready[p] = ALL_TOKENS
        s.seedlings[p] = SUPPLY["seedlings"]
        s.trees[p] = SUPPLY["trees"]
        s.roots_left[p] = SUPPLY["roots"]
        for _ in range(HAND_SIZE):
            draw(s, p)
    first = opt_str(s.options, "first_player", "random")
    s.first = rng.randrange(n) if first == "random" else int(first) % n
    s.to_move = s.first
    s.setup_left = n
    s.pending = [FirstSeedling()]


@dataclass(frozen=True, slots=True)
class FirstSeedling(Decision):
    """§3.6: each player in turn puts a seedling on an Earthlover corner, with a free root into
    the Earthlover; the corners left get neutral place-holders. Asks each player once."""

    kind = Kind.SETUP
    prompt = "put your first seedling on an Earthlover corner"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [seedling(c) for c in earthlover_corners(s) if c not in s.piece]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Seedling
        put_piece(s, action.corner, p)
        s.pcarbon[action.corner] = 0
        s.seedlings[p] -= 1
        slot = CORNER_OFFSETS.index(action.corner - s.pos[EARTHLOVER])
        s.roots[4 * EARTHLOVER + slot] = p
        forest_changed(s)
        s.roots_left[p] -= 1
        s.setup_left -= 1
        if s.setup_left:
            s.to_move = (p + 1) % s.num_players
            return
        for c in earthlover_corners(s):  # place-holders on unclaimed corners
            if c not in s.piece:
                put_piece(s, c, BLOCKER)
        s.pending.pop()
        s.to_move = s.first
        start_turn(s)

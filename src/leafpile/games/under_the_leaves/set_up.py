"""Under the Leaves' set-up (under-the-leaves.md §2): starting tiles, dweller cards, the bag
by player count, the market and the first player."""

from __future__ import annotations

from leafpile.engine import opt_ints, opt_str
from leafpile.games.under_the_leaves.components import (
    FAMILIES,
    FAMILY_CARDS,
    FIRST_GAME_CARDS,
    GARDEN_TILES,
    MARKET_SIZE,
    START_TILE_BIT,
    START_TILES,
    TILES_PER_PLAYER,
)
from leafpile.games.under_the_leaves.state import UnderTheLeavesState


def cards_for(options: dict[str, object], rng_pick: list[int]) -> tuple[str, str, str]:
    """The three dweller cards: one option per family ('random' or a card name); the
    first-game option fills the families left random with the leaf-marked trio (§2.2)."""
    first_game = bool(options.get("first_game", False))
    chosen = []
    for f, family in enumerate(FAMILIES):
        name = str(options.get(family, "random"))
        if name == "random":
            name = FIRST_GAME_CARDS[f] if first_game else FAMILY_CARDS[f][rng_pick[f]]
        chosen.append(name)
    return chosen[0], chosen[1], chosen[2]


def start(s: UnderTheLeavesState) -> None:
    """Starting tiles, dweller cards, the bag by player count, the market, the first player.

    The bag is kept as a sorted list of the unseen tiles plus the number of refills still to
    come (`draws_left`); each refill draws uniformly from it with the state's RNG. That is the
    same as removing unseen tiles at set-up and drawing later (§2.3), and it keeps the hidden
    information down to the RNG. A scripted bag (option `bag`) is drawn in its given order.
    """
    n = s.num_players
    rng = s.rng
    scripted_starts = opt_ints(s.options, "start_tiles")
    if scripted_starts:
        starts = [START_TILES[i - 1] for i in scripted_starts]  # 1-4 name S1-S4
    else:
        starts = list(START_TILES)
        rng.shuffle(starts)
    picks = [rng.randrange(len(FAMILY_CARDS[f])) for f in range(3)]
    s.cards = cards_for(dict(s.options), picks)
    scripted_bag = opt_ints(s.options, "bag")
    if scripted_bag:
        s.market = list(scripted_bag[:MARKET_SIZE])
        s.bag = list(scripted_bag[MARKET_SIZE:])
        s.draws_left = len(s.bag)
    else:
        s.bag = list(GARDEN_TILES)
        s.market = [s.bag.pop(rng.randrange(len(s.bag))) for _ in range(MARKET_SIZE)]
        # every player gets 12 turns; the last 2 market tiles are never taken (§2.3)
        s.draws_left = TILES_PER_PLAYER * n + 2 - MARKET_SIZE
    for p in range(n):
        s.put_tile(p, starts[p], START_TILE_BIT, 0)  # §12 U9: no arrivals for it
    first = opt_str(s.options, "first_player", "random")
    s.to_move = rng.randrange(n) if first == "random" else int(first)

"""Set-up (§2): leaf types, deck, hands, display, objectives, acorns and landscapes, with the
landscape draft (§1.4 [D]) when the option asks for one."""

from __future__ import annotations

from leafpile.engine import Action, InvalidOptionsError, OptionValue, opt_int, opt_ints, opt_str
from leafpile.games.momiji.actions import DRAFTS, Draft
from leafpile.games.momiji.cards import reveal
from leafpile.games.momiji.components import (
    CARD_TYPE,
    DISPLAY_SIZE,
    HAND_SIZE,
    LANDSCAPES,
    NUM_TYPES,
    OBJECTIVES,
    POSITIONS,
    PRESET,
    START_ACORNS,
    cards_of_types,
    objective_usable,
    setup_row,
)
from leafpile.games.momiji.state import DRAFT, MomijiState
from leafpile.games.momiji.turn import start_turn


def scripted_types(options: dict[str, OptionValue]) -> set[int]:
    """The types the options 'deck' and 'objectives' need in play."""
    types = {CARD_TYPE[c] for c in opt_ints(options, "deck")}
    for i in opt_ints(options, "objectives"):
        if 0 <= i < len(OBJECTIVES) and OBJECTIVES[i].metric == "type_count":
            param = OBJECTIVES[i].param
            assert param is not None
            types.add(param)
    return types


def start(s: MomijiState) -> None:
    """Deal a new game from the checked options (`Game.setup`)."""
    n = s.num_players
    n_types, n_objectives, _ = setup_row(n)
    rng = s.rng
    prefix = list(opt_ints(s.options, "deck"))
    fixed_types = opt_ints(s.options, "types")
    if fixed_types:
        s.types = sorted(fixed_types)
    else:  # §1.3 [D] Q3: the types left out are random (but keep the types of every scripted
        # card and of every scripted type objective)
        needed = sorted(scripted_types(s.options))
        others = [t for t in range(NUM_TYPES) if t not in needed]
        rng.shuffle(others)
        s.types = sorted(needed + others[: n_types - len(needed)])
    if any(CARD_TYPE[c] not in s.types for c in prefix):
        raise InvalidOptionsError("option 'deck' holds a card whose type is not in play")
    in_prefix = set(prefix)
    rest = [c for c in cards_of_types(s.types) if c not in in_prefix]
    rng.shuffle(rest)
    s.deck = prefix + rest  # the scripted cards are drawn first: hands, then the display
    first = opt_str(s.options, "first_player", "random")
    s.first = rng.randrange(n) if first == "random" else int(first)
    for p in range(n):
        s.hands[p] = sorted(s.deck[:HAND_SIZE])
        del s.deck[:HAND_SIZE]
    reveal(s, DISPLAY_SIZE)
    objectives = list(opt_ints(s.options, "objectives"))
    if objectives:
        bad = [OBJECTIVES[i].id for i in objectives if not objective_usable(i, s.types)]
        if bad:
            raise InvalidOptionsError(f"objective(s) {', '.join(bad)} need a type not in play")
        s.objectives = objectives
    else:
        pool = [i for i in range(len(OBJECTIVES)) if objective_usable(i, s.types)]
        rng.shuffle(pool)
        s.objectives = sorted(pool[:n_objectives])
    s.owners = [-1] * len(s.objectives)
    s.acorns = [opt_int(s.options, "start_acorns", START_ACORNS)] * n
    tiles = opt_ints(s.options, "landscape_tiles")
    if tiles:
        s.tiles = [list(tiles[3 * p : 3 * p + 3]) for p in range(n)]
    elif opt_str(s.options, "landscapes", "preset") == "preset":
        s.tiles = [list(PRESET[p]) for p in range(n)]
    else:
        s.tiles = [[] for _ in range(n)]
        s.draft_position = 0
        _start_draft_position(s)
        return
    start_turn(s, s.first)


# -- the landscape draft (§1.4 [D]) -------------------------------------------------------------
def _start_draft_position(s: MomijiState) -> None:
    """Reveal players + 1 tiles of this position; each keeps one in reverse seat order."""
    pool = [t.index for t in LANDSCAPES if t.position == s.draft_position]
    s.rng.shuffle(pool)
    s.draft_pool = sorted(pool[: s.num_players + 1])
    s.phase = DRAFT
    s.to_move = s.num_players - 1


def draft_choices(s: MomijiState) -> list[Action]:
    return [DRAFTS[t] for t in s.draft_pool]


def draft(s: MomijiState, action: Draft) -> None:
    """Keep the tile; after seat 0 the next position is drafted, after the last the game
    begins with the first player."""
    s.tiles[s.to_move].append(action.tile)
    s.draft_pool.remove(action.tile)
    if s.to_move > 0:
        s.to_move -= 1
        return
    s.draft_position += 1
    if s.draft_position < len(POSITIONS):
        _start_draft_position(s)
    else:
        s.draft_pool = []
        start_turn(s, s.first)

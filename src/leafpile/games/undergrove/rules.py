"""Undergrove's rules: set-up, the five actions as stacks of atomic decisions, mushroom effects,
the carbon track, goals, end of game and scoring.

Rule references (§) are to shared/rules/undergrove.md. Choices of ours are marked [D]:

- [D] A mushroom tile can be activated at most once per turn (its own activation; a copycat
  activates only itself). Without it the extra-action tiles 19-22 can refresh each other
  forever, and random games would have no length bound (the rules file's Q8 assumed token
  flips end chains; 19 and 22 refresh each other's token).
- [D] Option `round_limit`: the game also ends after that many rounds (a safety net for games
  where nobody can absorb any more; never reached in ordinary play).
- [D] Optional steps with nothing possible (no tile to place, no root slot, no carbon to
  absorb) are not offered; a track root reward that cannot be placed is skipped (§5.1).
- [D] Tiles placed from hand are replaced when the turn ends (§4 step 5; BGA draws at once
  but holds the new tile aside until the turn is confirmed, so it is not playable earlier).
- Copycats (§6.2): the carbon paid and "absorb from this tile" use the copycat; [D] from the
  BGA code, resources stored by a copied 41-44 go on that tile (the only one whose pine
  cones count them; the copycat's are printed).

Pending decisions (stack entries, top = last):

    main                        choose the turn's action (or spend a bonus tile)
    setup                       place the first seedling on an Earthlover corner (§3.6)
    carbon left free here must  absorb one carbon: (tile, seedling); `stop` only if optional
    flip                        pay one ready token (Absorb's base cost)
    pay n / step n              pay n nutrients / n carbon-movement steps (token or nutrient)
    gain n / swap n             take n nutrients of choice / swap up to n nutrients
    place restrict second free  put a mushroom from hand (restrict: 0 anywhere, 1 must make
                                a free corner, 2 must touch your piece); free = bonus placement
    seedling candy              put a seedling on a free corner (candy: Candy Cap's extra root)
    root corner optional        put a root from the piece on `corner` (-1: any of yours)
    convert / discard           Photosynthesize's steps
    store host tile             put own resources on a storing mushroom (42-44)
    choice                      +1 N or another action (45-48)
    copy host                   the tile a copycat copies
    bonus set / endspace / refresh1   carbon-track rewards
Automatic entries (no decision): effect tile host, photo_end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from leafpile.engine import Action, opt_int, opt_ints, opt_str
from leafpile.games.undergrove.actions import (
    Carbon,
    Numbered,
    Place,
    Resource,
    Root,
    Seedling,
    Swap,
    carbon,
    numbered,
    place,
    resource,
    root,
    seedling,
    swap,
    word,
)
from leafpile.games.undergrove.components import (
    ALL_TOKENS,
    BLOCKER,
    BONUS_SET_SIZE,
    BONUS_SETS_AT,
    BONUS_TILES,
    CELLS_OF_CORNER,
    CORNER_OFFSETS,
    DECK,
    EARTHLOVER,
    END_SPACES,
    GOAL_CARDS,
    GOALS,
    HAND_SIZE,
    KIND_OF,
    NEIGHBOURS,
    NUM_TILES,
    ONGOING_BONUS,
    RANKING_POINTS,
    RESOURCES,
    START_CROSS,
    START_RESOURCES,
    STARTING_MUSHROOMS,
    STORED_VP,
    SUPPLY,
    TILES,
    TOKEN_OF,
    TRACK_END,
    TRACK_SPACES,
    C,
    K,
    N,
    P,
    W,
    cell,
    tile,
)

if TYPE_CHECKING:
    from leafpile.games.undergrove.state import Pending, UndergroveState

DEFAULT_ROUND_LIMIT = 50
#: The last number of a "carbon" decision: may it be declined, and does it carry the Absorb
#: action's base cost (§4.2) or is it an absorb tile's own first carbon (§6.1)?
OPTIONAL, ABSORB_ACTION, MANDATORY = 0, 1, 2
MAX_ROUND_LIMIT = 100

#: How many ints follow the kind in each pending entry (checked when a save is loaded).
ARITY = {
    "main": 0,
    "setup": 0,
    "carbon": 4,
    "flip": 0,
    "pay": 1,
    "step": 1,
    "gain": 1,
    "swap": 1,
    "place": 3,
    "seedling": 1,
    "root": 2,
    "convert": 0,
    "discard": 0,
    "store": 2,
    "choice": 0,
    "copy": 1,
    "bonus": 1,
    "endspace": 0,
    "refresh1": 0,
    "effect": 2,
    "photo_end": 0,
}
KINDS = frozenset(ARITY)
AUTO = frozenset({"effect", "photo_end"})
#: Decisions that may have nothing to choose and are then dropped (the others always have a
#: real choice: their legality was checked when they were pushed).
DROPPABLE = frozenset({"carbon", "place", "root", "swap", "convert", "discard", "refresh1"})

ABSORB, REPRODUCE, PARTNER, PHOTO = (
    word("absorb"),
    word("reproduce"),
    word("partner"),
    word("photosynthesize"),
)
SKIP, STOP, DONE, NUTRIENT, AGAIN = (
    word("skip"),
    word("stop"),
    word("done"),
    word("nutrient"),
    word("again"),
)
CLOSERS = frozenset({SKIP, STOP, DONE, numbered("convert", 0)})

# VP kinds per tile (§6.2): >= 0 printed, -1 stored x2 (41), -2 stored table (42-44), -3 adjacent.
_VP_KIND: tuple[int, ...] = tuple(
    0
    if t is None
    else t.vp
    if isinstance(t.vp, int)
    else {"stored_x2": -1, "stored": -2, "adjacent": -3}[t.vp]
    for t in TILES
)
_DYNAMIC = frozenset(t for t in range(1, NUM_TILES + 1) if _VP_KIND[t] in (-1, -2))
_COLOUR = tuple(False if t is None else t.colour_name for t in TILES)
_ANIMAL = tuple(False if t is None else t.animal_name for t in TILES)


# -- set-up -------------------------------------------------------------------------------------
def start_game(s: UndergroveState) -> None:
    """§3: the starting cross, deck, goals, bonus tiles, supplies, hands, first player."""
    n = s.num_players
    rng = s.rng
    for t, x, y, c in START_CROSS:
        _put_tile(s, t, cell(x, y))
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
    s.pending = [("setup",)]


def earthlover_corners(s: UndergroveState) -> list[int]:
    c = s.pos[EARTHLOVER]
    return [c + o for o in CORNER_OFFSETS]


# -- small queries ------------------------------------------------------------------------------
def _put_tile(s: UndergroveState, t: int, c: int) -> None:
    s.pos[t] = c
    s.tile_at[c] = t


def draw(s: UndergroveState, p: int) -> None:
    """Draw one tile; the discard pile is reshuffled into an empty deck [BGA] (§3.2)."""
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
    if s.deck:
        s.hands[p].append(s.deck.pop(0))


def nutrients(s: UndergroveState, p: int) -> int:
    r = s.res[p]
    return r[N] + r[P] + r[K]


def has_root(s: UndergroveState, p: int, t: int) -> bool:
    roots = s.roots
    b = 4 * t
    return roots[b] == p or roots[b + 1] == p or roots[b + 2] == p or roots[b + 3] == p


def has_ongoing(s: UndergroveState, p: int, bonus: str) -> bool:
    """Ongoing tiles (28-32) help whoever has a root on them (§6.2)."""
    t = ONGOING_BONUS[bonus]
    return s.pos[t] >= 0 and has_root(s, p, t)


def seedling_corners(s: UndergroveState, p: int) -> list[int]:
    return sorted(c for c, code in s.piece.items() if code == p)


def piece_corners(s: UndergroveState, p: int) -> list[int]:
    tree = 4 + p
    return sorted(c for c, code in s.piece.items() if code in (p, tree))


def free_corners(s: UndergroveState) -> list[int]:
    piece = s.piece
    out = {c + o for c in s.tile_at for o in CORNER_OFFSETS}
    return sorted(c for c in out if c not in piece)


def mushroom_slots(s: UndergroveState) -> list[int]:
    """Empty cells orthogonally adjacent to a placed tile (§2)."""
    tile_at = s.tile_at
    out = {c + d for c in tile_at for d in NEIGHBOURS}
    return sorted(c for c in out if c not in tile_at)


def root_slots(s: UndergroveState, corner: int) -> list[tuple[int, int]]:
    """(tile, slot index) of the tiles touching `corner` whose slot toward it is empty."""
    out = []
    for i, off in enumerate(CELLS_OF_CORNER):
        t = s.tile_at.get(corner + off)
        if t is not None and s.roots[4 * t + i] < 0:
            out.append((t, i))
    return out


def rooted_tiles(s: UndergroveState, corner: int) -> list[int]:
    """Tiles the piece on `corner` has a root in."""
    out = []
    for i, off in enumerate(CELLS_OF_CORNER):
        t = s.tile_at.get(corner + off)
        if t is not None and s.roots[4 * t + i] >= 0:
            out.append(t)
    return out


def distance(s: UndergroveState, corner: int, source: int) -> int:
    """Carbon-movement steps from `source` to the nearest tile the seedling roots into: the
    Manhattan distance [BGA] (§2, Q6)."""
    sy, sx = divmod(s.pos[source], W)
    best = 1 << 30
    for t in rooted_tiles(s, corner):
        y, x = divmod(s.pos[t], W)
        d = abs(x - sx) + abs(y - sy)
        if d < best:
            best = d
    return best


def tile_vp(s: UndergroveState, t: int) -> int:
    """Pine cones of a placed tile now (§6.1, §6.2)."""
    kind = _VP_KIND[t]
    if kind >= 0:
        return kind
    if kind == -1:
        return 2 * s.stored[t]
    if kind == -2:
        return STORED_VP[min(s.stored[t], len(STORED_VP) - 1)]
    token = TOKEN_OF[t]
    c = s.pos[t]
    count = 0
    for d in NEIGHBOURS:
        other = s.tile_at.get(c + d)
        if other is not None and TOKEN_OF[other] == token:
            count += 1
    return 2 + count


# -- legal actions ------------------------------------------------------------------------------
def legal_actions(s: UndergroveState) -> list[Action]:
    if s.over or not s.pending:
        return []
    return options(s, s.pending[-1])


def options(s: UndergroveState, e: Pending) -> list[Action]:
    return _OPTIONS[e[0]](s, s.to_move, e)


def _main_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    out: list[Action] = [numbered("use", b) for b in s.bonus[p] if BONUS_TILES[b].one_shot]
    for t in range(1, NUM_TILES + 1):
        if s.pos[t] >= 0 and can_activate(s, p, t):
            out.append(numbered("activate", t))
    if can_absorb(s, p):
        out.append(ABSORB)
    if can_reproduce(s, p):
        out.append(REPRODUCE)
    if can_partner(s, p):
        out.append(PARTNER)
    out.append(PHOTO)  # §4.5: always available
    return out


def can_activate(s: UndergroveState, p: int, t: int) -> bool:
    """§4.1: a root on it, its token ready, its costs payable; [D] once per turn."""
    kind = KIND_OF[t]
    if kind == "ongoing" or s.activated >> t & 1:
        return False
    token = TOKEN_OF[t]
    if token >= 0 and not s.ready[p] >> token & 1:
        return False
    if not has_root(s, p, t):
        return False
    if kind == "copycat":
        return bool(copy_targets(s, p, t))
    return _payable(s, p, t, t)


def _payable(s: UndergroveState, p: int, t: int, host: int) -> bool:
    """Tile t's costs can be paid (resolved on `host`) and, for an absorb tile, its first
    carbon can then be absorbed: BGA offers no way past that step (§6.1)."""
    spec = tile(t)
    if s.res[p][C] < spec.carbon or nutrients(s, p) < spec.any:
        return False
    if KIND_OF[t] != "absorb":
        return True
    eff = spec.effect
    token = TOKEN_OF[host]
    ready = s.ready[p] & ~(1 << token) if token >= 0 else s.ready[p]
    budget = token_count(ready) + nutrients(s, p) - spec.any + eff["free_steps"]
    s.carbon[host] += spec.carbon  # the carbon paid lands on the host first
    try:
        here = host if eff["from_here"] else 0
        return bool(_absorb_choices(s, p, budget, here, first_only=True))
    finally:
        s.carbon[host] -= spec.carbon


def copy_targets(s: UndergroveState, p: int, host: int) -> list[int]:
    """§6.2: placed activatable tiles of the copycat's symbol whose costs you can pay."""
    token = TOKEN_OF[host]
    out = []
    for t in range(2, NUM_TILES + 1):
        if t == host or s.pos[t] < 0 or TOKEN_OF[t] != token:
            continue
        if KIND_OF[t] in ("ongoing", "copycat"):
            continue
        if _payable(s, p, t, host):
            out.append(t)
    return out


def _absorb_choices(
    s: UndergroveState, p: int, budget: int, here: int, first_only: bool = False
) -> list[Action]:
    """(source, seedling) pairs whose carbon movement costs at most `budget` steps
    (`first_only`: stop at the first, for a yes/no question)."""
    if budget < 0:
        return []
    pos = s.pos
    if here:
        sources = [here] if s.carbon[here] > 0 else []
    else:
        carbon_on = s.carbon
        sources = [t for t in range(1, NUM_TILES + 1) if carbon_on[t] > 0 and pos[t] >= 0]
    if not sources:
        return []
    where = [(t, *divmod(pos[t], W)) for t in sources]
    out: list[Action] = []
    for corner in seedling_corners(s, p):
        if s.pcarbon[corner] >= 4:  # [BGA] a seedling holds at most 4 C
            continue
        rooted = [divmod(pos[t], W) for t in rooted_tiles(s, corner)]
        for t, sy, sx in where:
            # the distance (§2, Q6): to the nearest tile this seedling roots into
            if any(abs(x - sx) + abs(y - sy) <= budget for y, x in rooted):
                out.append(carbon(t, corner))
                if first_only:
                    return out
    return out


def token_count(mask: int) -> int:
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)


def can_absorb(s: UndergroveState, p: int) -> bool:
    """§4.2 [BGA]: a ready token, a nutrient, and some carbon the budget can reach."""
    if not s.ready[p] or not nutrients(s, p):
        return False
    budget = token_count(s.ready[p]) + nutrients(s, p) - 2
    return bool(_absorb_choices(s, p, budget, 0, first_only=True))


def can_reproduce(s: UndergroveState, p: int) -> bool:
    """§4.3: a seedling and a root in supply, 2 P + 1 C, and somewhere to put the seedling."""
    r = s.res[p]
    if s.seedlings[p] < 1 or s.roots_left[p] < 1 or r[P] < 2 or r[C] < 1:
        return False
    if free_corners(s):
        return True
    return bool(s.hands[p]) and nutrients(s, p) - 2 >= 1 and bool(_slots(s, p, 1))


def can_partner(s: UndergroveState, p: int) -> bool:
    """§4.4: a root in supply, 2 K + 1 C, and a free root slot (now or after a placement)."""
    r = s.res[p]
    if s.roots_left[p] < 1 or r[K] < 2 or r[C] < 1:
        return False
    if _has_own_free_slot(s, p):
        return True
    return bool(s.hands[p]) and nutrients(s, p) - 2 >= 1 and bool(_slots(s, p, 2))


def _has_own_free_slot(s: UndergroveState, p: int) -> bool:
    return any(root_slots(s, c) for c in piece_corners(s, p))


def _slots(s: UndergroveState, p: int, restrict: int) -> list[int]:
    slots = mushroom_slots(s)
    if restrict == 1:  # the new tile must bring a free corner (§4.3 mandatory placement)
        piece = s.piece
        return [c for c in slots if any(c + o not in piece for o in CORNER_OFFSETS)]
    if restrict == 2:  # it must touch a corner with your piece (§4.4 mandatory placement)
        mine = set(piece_corners(s, p))
        return [c for c in slots if any(c + o in mine for o in CORNER_OFFSETS)]
    return slots


def _carbon_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    _, _left, free, here, must = e
    budget = token_count(s.ready[p]) + nutrients(s, p) + free - (2 if must == ABSORB_ACTION else 0)
    out = _absorb_choices(s, p, budget, here)
    if must == OPTIONAL:
        out.append(STOP)
    return out


def _token_options(s: UndergroveState, p: int) -> list[Action]:
    ready = s.ready[p]
    return [resource("flip", t) for t in range(4) if ready >> t & 1]


def _nutrient_options(s: UndergroveState, p: int) -> list[Action]:
    r = s.res[p]
    return [resource("pay", x) for x in (N, P, K) if r[x] > 0]


def _flip_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return _token_options(s, p)


def _pay_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return _nutrient_options(s, p)


def _step_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return _token_options(s, p) + _nutrient_options(s, p)


_GAINS: list[Action] = [resource("gain", x) for x in (N, P, K)]


def _gain_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return list(_GAINS)


def _swap_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    r = s.res[p]
    out: list[Action] = [swap(a, b) for a in (N, P, K) if r[a] > 0 for b in (N, P, K) if b != a]
    out.append(DONE)
    return out


def _place_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    _, restrict, _second, free = e
    out: list[Action] = []
    hand = s.hands[p]
    if hand and (free or nutrients(s, p) >= 1):
        slots = _slots(s, p, restrict)
        for t in sorted(hand):
            for c in slots:
                out.append(place(t, c))
    if restrict == 0:
        out.append(SKIP)
    return out


def _seedling_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [seedling(c) for c in free_corners(s)]


def _setup_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [seedling(c) for c in earthlover_corners(s) if c not in s.piece]


def _root_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    _, corner, optional = e
    if s.roots_left[p] < 1:
        return []
    corners = [corner] if corner >= 0 else piece_corners(s, p)
    out: list[Action] = [root(c, t) for c in corners for t, _i in root_slots(s, c)]
    if optional and out:
        out.append(SKIP)
    return out


def _convert_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [numbered("convert", k) for k in range(s.res[p][N] + 1)]


def _discard_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    out: list[Action] = [numbered("discard", t) for t in sorted(s.hands[p])]
    out.append(DONE)
    return out


def _store_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    _, host, t = e
    eff = tile(t).effect
    r = RESOURCES.index(eff["resource"])
    most = min(eff["most"], eff["capacity"] - s.stored[host], s.res[p][r])
    return [numbered("store", k) for k in range(max(most, 0) + 1)]


def _choice_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [NUTRIENT, AGAIN]


def _copy_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [numbered("copy", t) for t in copy_targets(s, p, e[1])]


def _bonus_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    return [numbered("take", b) for b in s.bonus_sets[e[1]]]


def _endspace_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    taken = set(s.end_space)
    return [numbered("end", i) for i in range(len(END_SPACES)) if i not in taken]


def _refresh_options(s: UndergroveState, p: int, e: Pending) -> list[Action]:
    ready = s.ready[p]
    return [resource("refresh", t) for t in range(4) if not ready >> t & 1]


_OPTIONS = {
    "main": _main_options,
    "setup": _setup_options,
    "carbon": _carbon_options,
    "flip": _flip_options,
    "pay": _pay_options,
    "step": _step_options,
    "gain": _gain_options,
    "swap": _swap_options,
    "place": _place_options,
    "seedling": _seedling_options,
    "root": _root_options,
    "convert": _convert_options,
    "discard": _discard_options,
    "store": _store_options,
    "choice": _choice_options,
    "copy": _copy_options,
    "bonus": _bonus_options,
    "endspace": _endspace_options,
    "refresh1": _refresh_options,
}


# -- applying -----------------------------------------------------------------------------------
def apply(s: UndergroveState, action: Action) -> None:
    e = s.pending[-1]
    _APPLY[e[0]](s, s.to_move, e, action)
    advance(s)


def advance(s: UndergroveState) -> None:
    """Run automatic steps until a real decision is on top (or the game is over). Decisions
    with nothing to choose (only a closing word, or no option at all) are dropped."""
    while not s.over:
        if not s.pending:
            finish_turn(s)
            continue
        e = s.pending[-1]
        kind = e[0]
        if kind in AUTO:
            s.pending.pop()
            _AUTO[kind](s, s.to_move, e)
            continue
        if kind in DROPPABLE:
            opts = options(s, e)
            if not opts or (len(opts) == 1 and opts[0] in CLOSERS):
                s.pending.pop()
                continue
        return


def _push(s: UndergroveState, *entries: Pending) -> None:
    """Push entries so that the first one given is decided first."""
    s.pending.extend(reversed(entries))


def _apply_main(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    r = s.res[p]
    if type(a) is Numbered and a.verb == "use":
        use_bonus(s, p, a.n)
        return
    s.pending.pop()
    if type(a) is Numbered:  # activate
        activate(s, p, a.n)
    elif a is ABSORB:
        # §4.2: choose the carbon first (its distance fixes the price), then pay.
        s.pending.append(("carbon", 1, 0, 0, ABSORB_ACTION))
    elif a is REPRODUCE:
        r[P] -= 2
        r[C] -= 1
        candy = has_ongoing(s, p, "reproduce_root")
        jack = has_ongoing(s, p, "reproduce_mushroom")
        restrict = 0 if free_corners(s) else 1
        _push(s, ("place", restrict, int(jack), 0), ("seedling", int(candy)))
    elif a is PARTNER:
        r[K] -= 2
        r[C] -= 1
        earthfan = has_ongoing(s, p, "partner_root")
        smith = has_ongoing(s, p, "partner_mushroom")
        restrict = 0 if _has_own_free_slot(s, p) else 2
        entries: list[Pending] = [
            ("place", restrict, int(smith), 0),
            ("root", -1, 0),
            ("root", -1, 1),
        ]
        if earthfan:
            entries.append(("root", -1, 1))
        _push(s, *entries)
    elif a is PHOTO:
        _push(s, ("convert",), ("discard",), ("photo_end",))
    else:  # pragma: no cover - only legal actions reach here
        raise ValueError(f"not a turn action: {a}")


def use_bonus(s: UndergroveState, p: int, b: int) -> None:
    """§5.2: one-shot bonus tiles, spent before the action."""
    s.bonus[p].remove(b)
    spec = BONUS_TILES[b]
    if spec.kind == "refresh":
        s.ready[p] = ALL_TOKENS
    else:
        s.res[p][spec.resource] += 1
        if spec.resource == C:
            s.gained_c += 1


def activate(s: UndergroveState, p: int, t: int) -> None:
    """§4.1: flip the token, pay carbon onto the tile, then nutrients, then the effect."""
    spec = tile(t)
    s.activated |= 1 << t
    if spec.token >= 0:
        s.ready[p] &= ~(1 << spec.token)
    if spec.kind == "copycat":
        s.pending.append(("copy", t))
        return
    _pay_and_resolve(s, p, t, t)


def _pay_and_resolve(s: UndergroveState, p: int, t: int, host: int) -> None:
    spec = tile(t)
    s.res[p][C] -= spec.carbon
    s.carbon[host] += spec.carbon
    entries: list[Pending] = [("pay", spec.any)] if spec.any else []
    entries.append(("effect", t, host))
    _push(s, *entries)


def _auto_effect(s: UndergroveState, p: int, e: Pending) -> None:
    """Resolve one mushroom effect (§6.1), one small function per kind of effect."""
    _, t, host = e
    _EFFECTS[KIND_OF[t]](s, p, tile(t).effect, t, host)


def _gain_effect(s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int) -> None:
    r = s.res[p]
    gain = eff.get("gain", {})
    assert isinstance(gain, dict)
    for name, v in gain.items():
        r[RESOURCES.index(name)] += v
    others = eff.get("others")
    if isinstance(others, str):
        x = RESOURCES.index(others)
        for q in range(s.num_players):
            if q != p:
                s.res[q][x] += 1
    _refresh(s, p, eff.get("refresh", ""))
    entries: list[Pending] = []
    choice = eff.get("choice", 0)
    if isinstance(choice, int) and choice:
        entries.append(("gain", choice))
    if eff.get("again"):
        entries.append(("main",))
    _push(s, *entries)


def _refresh(s: UndergroveState, p: int, letters: object) -> None:
    assert isinstance(letters, str)
    for letter in letters:
        s.ready[p] |= 1 << "bpgy".index(letter)


def _earthlover_effect(s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int) -> None:
    _push(s, ("gain", eff["choice"]), ("swap", eff["swaps"]))


def _absorb_effect(s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int) -> None:
    # §6.1: the first carbon is the effect itself (BGA offers no pass before it); "up to 2":
    # the second one is optional.
    here = host if eff["from_here"] else 0
    s.pending.append(("carbon", eff["count"], eff["free_steps"], here, MANDATORY))


def _store_supply_effect(
    s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int
) -> None:
    capacity = eff["capacity"]
    assert isinstance(capacity, int)
    if s.stored[t] < capacity:  # on the storing tile itself, even when copied (§6.2 [D])
        s.stored[t] += 1
    s.pending.append(("gain", eff["choice"]))


def _store_own_effect(s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int) -> None:
    gain = eff["gain"]
    assert isinstance(gain, dict)
    for name, v in gain.items():
        s.res[p][RESOURCES.index(name)] += v
    s.pending.append(("store", t, t))  # on the storing tile itself, even when copied


def _refresh_or_effect(s: UndergroveState, p: int, eff: dict[str, Any], t: int, host: int) -> None:
    _refresh(s, p, eff["refresh"])
    s.pending.append(("choice",))


_EFFECTS = {
    "gain": _gain_effect,
    "earthlover": _earthlover_effect,
    "absorb": _absorb_effect,
    "store_supply": _store_supply_effect,
    "store_own": _store_own_effect,
    "refresh_or": _refresh_or_effect,
}


def _apply_carbon(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    s.pending.pop()
    if a is STOP:
        return
    assert type(a) is Carbon
    _, left, free, here, must = e
    d = distance(s, a.corner, a.tile)
    move_carbon(s, p, a.tile, a.corner)
    entries: list[Pending] = []
    if must == ABSORB_ACTION:  # §4.2: flip a token and pay a nutrient, then the steps
        entries += [("flip",), ("pay", 1)]
    if d - free > 0:
        entries.append(("step", d - free))
    if left > 1:
        entries.append(("carbon", left - 1, free, here, OPTIONAL))
    _push(s, *entries)


def move_carbon(s: UndergroveState, p: int, t: int, corner: int) -> None:
    """One carbon from tile t onto the seedling; a third carbon grows a tree (§4.2)."""
    s.carbon[t] -= 1
    held = s.pcarbon[corner] + 1
    s.pcarbon[corner] = held
    s.absorbed = True
    if held == 3 and s.trees[p] > 0:
        s.piece[corner] = 4 + p
        s.trees[p] -= 1  # [BGA] the seedling does not go back to the supply


def _apply_flip(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Resource
    s.pending.pop()
    s.ready[p] &= ~(1 << a.r)


def _apply_counted(s: UndergroveState, e: Pending) -> None:
    """Count down a repeated decision (pay n, step n, gain n, swap n)."""
    s.pending.pop()
    if e[1] > 1:
        s.pending.append((e[0], e[1] - 1))


def _apply_pay(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Resource
    s.res[p][a.r] -= 1
    _apply_counted(s, e)


def _apply_step(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Resource
    if a.verb == "flip":
        s.ready[p] &= ~(1 << a.r)
    else:
        s.res[p][a.r] -= 1
    _apply_counted(s, e)


def _apply_gain(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Resource
    s.res[p][a.r] += 1
    _apply_counted(s, e)


def _apply_swap(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    if a is DONE:
        s.pending.pop()
        return
    assert type(a) is Swap
    s.res[p][a.give] -= 1
    s.res[p][a.get] += 1
    _apply_counted(s, e)


def _apply_place(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    s.pending.pop()
    if a is SKIP:
        return
    assert type(a) is Place
    _, _restrict, second, free = e
    s.hands[p].remove(a.tile)
    _put_tile(s, a.tile, a.cell)
    # §4 step 5: the replacement is drawn when the turn ends. BGA draws it at once but keeps
    # it aside until the turn is confirmed, so it can never be placed in the same action.
    if free:
        return
    entries: list[Pending] = [("pay", 1)]
    if second:  # Slippery Jack / Smith's Amanita: a second mushroom, free (§4.3, §4.4)
        entries.append(("place", 0, 0, 1))
    _push(s, *entries)


def _apply_seedling(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Seedling
    s.pending.pop()
    s.piece[a.corner] = p
    s.pcarbon[a.corner] = 0
    s.seedlings[p] -= 1
    entries: list[Pending] = [("root", a.corner, 0)]
    if e[1]:  # Candy Cap: one more root around the new seedling
        entries.append(("root", a.corner, 1))
    _push(s, *entries)


def _apply_setup(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    """§3.6: a seedling on an Earthlover corner with a free root into the Earthlover."""
    assert type(a) is Seedling
    s.piece[a.corner] = p
    s.pcarbon[a.corner] = 0
    s.seedlings[p] -= 1
    slot = CORNER_OFFSETS.index(a.corner - s.pos[EARTHLOVER])
    s.roots[4 * EARTHLOVER + slot] = p
    s.roots_left[p] -= 1
    s.setup_left -= 1
    if s.setup_left:
        s.to_move = (p + 1) % s.num_players
        return
    for c in earthlover_corners(s):  # place-holders on unclaimed corners
        if c not in s.piece:
            s.piece[c] = BLOCKER
    s.pending.pop()
    s.to_move = s.first
    _start_turn(s)


def _apply_root(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    s.pending.pop()
    if a is SKIP:
        return
    assert type(a) is Root
    place_root(s, p, a.corner, a.tile)


def place_root(s: UndergroveState, p: int, corner: int, t: int) -> None:
    slot = CORNER_OFFSETS.index(corner - s.pos[t])
    s.roots[4 * t + slot] = p
    s.roots_left[p] -= 1
    token = TOKEN_OF[t]
    if token >= 0:
        s.root_symbols[token] += 1


def _apply_convert(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    """§4.5: N -> C one for one, each counted for goal 2."""
    assert type(a) is Numbered
    s.pending.pop()
    k = a.n
    s.res[p][N] -= k
    s.res[p][C] += k
    s.conversions[p] += k
    s.gained_c += k


def _apply_discard(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    if a is DONE:
        s.pending.pop()
        return
    assert type(a) is Numbered
    s.hands[p].remove(a.n)
    s.discard.append(a.n)


def _auto_photo_end(s: UndergroveState, p: int, e: Pending) -> None:
    gain = 3 if has_ongoing(s, p, "photosynthesize_carbon") else 2
    s.res[p][C] += gain
    s.gained_c += gain
    s.ready[p] = ALL_TOKENS


def _apply_store(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Numbered
    s.pending.pop()
    _, host, t = e
    r = RESOURCES.index(tile(t).effect["resource"])
    s.res[p][r] -= a.n
    s.stored[host] += a.n


def _apply_choice(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    s.pending.pop()
    if a is AGAIN:
        s.pending.append(("main",))
    else:
        s.res[p][N] += 1


def _apply_copy(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Numbered
    s.pending.pop()
    _pay_and_resolve(s, p, a.n, e[1])


def _apply_bonus(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Numbered
    s.pending.pop()
    s.bonus_sets[e[1]].remove(a.n)
    s.bonus[p].append(a.n)
    s.bonus[p].sort()


def _apply_endspace(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    """§5.1: an end space nobody took; its reward."""
    assert type(a) is Numbered
    s.pending.pop()
    s.end_space[p] = a.n
    reward = END_SPACES[a.n]["reward"]
    r = s.res[p]
    if reward == "root":
        s.pending.append(("root", -1, 0))
    elif reward == "carbon_nutrients":
        r[C] += END_SPACES[a.n]["carbon"]
        s.gained_c += END_SPACES[a.n]["carbon"]
        s.pending.append(("gain", END_SPACES[a.n]["choice"]))
    elif reward == "carbon":
        r[C] += END_SPACES[a.n]["carbon"]
        s.gained_c += END_SPACES[a.n]["carbon"]
    elif reward == "refresh_nutrient":
        _push(s, ("refresh1",), ("gain", 1))


def _apply_refresh(s: UndergroveState, p: int, e: Pending, a: Action) -> None:
    assert type(a) is Resource
    s.pending.pop()
    s.ready[p] |= 1 << a.r


_APPLY = {
    "main": _apply_main,
    "setup": _apply_setup,
    "carbon": _apply_carbon,
    "flip": _apply_flip,
    "pay": _apply_pay,
    "step": _apply_step,
    "gain": _apply_gain,
    "swap": _apply_swap,
    "place": _apply_place,
    "seedling": _apply_seedling,
    "root": _apply_root,
    "convert": _apply_convert,
    "discard": _apply_discard,
    "store": _apply_store,
    "choice": _apply_choice,
    "copy": _apply_copy,
    "bonus": _apply_bonus,
    "endspace": _apply_endspace,
    "refresh1": _apply_refresh,
}
_AUTO = {"effect": _auto_effect, "photo_end": _auto_photo_end}


# -- end of turn --------------------------------------------------------------------------------
def finish_turn(s: UndergroveState) -> None:
    """§4 steps 3-6, run when the turn's decisions are all made. Re-entered after the track
    reward's own decisions (the `track_done` flag keeps the step to once per turn)."""
    p = s.to_move
    if s.absorbed and not s.track_done:
        s.track_done = True
        if s.track[p] < TRACK_END:
            s.track[p] += 1
            step_reward(s, p, s.track[p])
        return
    if s.absorbed and not any(
        s.carbon[t] for t in range(2, NUM_TILES + 1) if s.pos[t] >= 0
    ):  # §6.3 the Earthlover's ongoing effect
        for t in STARTING_MUSHROOMS:
            s.carbon[t] += 1
    s.big_turns[p] += s.gained_c // 6  # goal 1
    if max(s.root_symbols) >= 2:  # goal 8
        s.symbol_turns[p] += 1
    while len(s.hands[p]) < HAND_SIZE and (s.deck or s.discard):
        draw(s, p)
    n = s.num_players
    s.to_move = (p + 1) % n
    if s.to_move == s.first:
        s.round += 1
        limit = opt_int(s.options, "round_limit", DEFAULT_ROUND_LIMIT)
        if (0 <= s.final_round < s.round) or s.round >= limit:
            s.over = True
            return
    _start_turn(s)


def _start_turn(s: UndergroveState) -> None:
    s.pending = [("main",)]
    s.absorbed = False
    s.track_done = False
    s.gained_c = 0
    s.root_symbols = [0, 0, 0, 0]
    s.activated = 0


def step_reward(s: UndergroveState, p: int, space: int) -> None:
    """§5.1: the reward of the space just reached; the 9th step takes an end space and
    triggers the end (§8: finish this round, then one more)."""
    if space == TRACK_END:
        s.pending.append(("endspace",))
        if s.final_round < 0:
            s.final_round = s.round + 1
        return
    spec = TRACK_SPACES[space - 1]
    reward = spec["reward"]
    if reward == "gain":
        x = RESOURCES.index(spec["resource"])
        s.res[p][x] += 1
        if x == C:
            s.gained_c += 1
    elif reward == "bonus":
        s.pending.append(("bonus", spec["set"]))
    elif reward == "root":
        s.pending.append(("root", -1, 0))
    elif reward == "gain_choice":
        s.pending.append(("gain", 1))


# -- goals and scoring --------------------------------------------------------------------------
def goal_measure(s: UndergroveState, p: int, measure: str) -> int:
    """A player's progress on one goal (§7)."""
    if measure == "carbon_turns":
        return s.big_turns[p]
    if measure == "conversions":
        return s.conversions[p]
    if measure == "symbol_turns":
        return s.symbol_turns[p]
    if measure == "roots":
        return SUPPLY["roots"] - s.roots_left[p]
    corners = piece_corners(s, p)
    if measure == "columns":
        return len({c % W for c in corners})
    if measure == "touched_tiles":
        return len(
            {s.tile_at[c + o] for c in corners for o in CELLS_OF_CORNER if c + o in s.tile_at}
        )
    if measure == "trees":
        return sum(1 for c in corners if s.piece[c] == 4 + p)
    if measure == "well_rooted":
        return sum(1 for c in corners if len(rooted_tiles(s, c)) >= 2)
    # root-counting goals 9-12
    tiles = [t for c in corners for t in rooted_tiles(s, c)]  # a root belongs to its piece
    if measure == "colour_roots":
        return sum(_COLOUR[t] for t in tiles)
    if measure == "animal_roots":
        return sum(_ANIMAL[t] for t in tiles)
    odd = 0
    even = 0
    for t in tiles:
        vp = tile_vp(s, t)
        if vp % 2:
            odd += 1
        elif vp > 0 or t in _DYNAMIC:  # a dynamic tile at 0 counts as even (§7)
            even += 1
    return even if measure == "even_roots" else odd


def ranking_points(values: list[int]) -> list[int]:
    """§7 [BGA]: 9/5/3/1 by place; tied players share their places' points, rounded down."""
    points = [*RANKING_POINTS, *[0] * len(values)]
    out = []
    for v in values:
        place_ = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(sum(points[place_ : place_ + tied]) // tied)
    return out


def goal_points(s: UndergroveState) -> list[list[int]]:
    """Points of each goal in play, per player: [goal][player]."""
    out = []
    for g in s.goals:
        goal = GOALS[g]
        values = [goal_measure(s, p, goal.measure) for p in range(s.num_players)]
        if goal.ranking:
            out.append(ranking_points(values))
        else:
            out.append([goal.points(v) for v in values])
    return out


def piece_points(s: UndergroveState, corner: int) -> int:
    """§9.1: a tree scores all its root tiles; a seedling its c best, c = its carbon."""
    vps = sorted((tile_vp(s, t) for t in rooted_tiles(s, corner)), reverse=True)
    if s.piece[corner] >= 4:
        return sum(vps)
    return sum(vps[: s.pcarbon[corner]])


def score_parts(s: UndergroveState, p: int) -> dict[str, int]:
    """The final-scoring lines of §9 for one player (also the running score)."""
    roots = sum(piece_points(s, c) for c in piece_corners(s, p))
    bonus = sum(BONUS_TILES[b].points for b in s.bonus[p])
    if s.end_space[p] >= 0:
        bonus += int(END_SPACES[s.end_space[p]].get("points", 0))
    leftover = sum(s.res[p]) // 2
    return {"roots": roots, "bonus": bonus, "resources": leftover}


def scores(s: UndergroveState) -> list[int]:
    goals = goal_points(s)
    out = []
    for p in range(s.num_players):
        parts = score_parts(s, p)
        out.append(sum(parts.values()) + sum(row[p] for row in goals))
    return out


def tie_break(s: UndergroveState, p: int) -> tuple[int, int]:
    """§9 [BGA]: most trees, then most carbon on seedlings."""
    corners = piece_corners(s, p)
    trees = sum(1 for c in corners if s.piece[c] >= 4)
    seedling_carbon = sum(s.pcarbon[c] for c in corners if s.piece[c] < 4)
    return trees, seedling_carbon


def winners(s: UndergroveState) -> list[int]:
    if not s.over:
        return []
    totals = scores(s)
    keys = [(totals[p], *tie_break(s, p)) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]


def check_goals(goals: tuple[int, ...]) -> str | None:
    """Why a scripted goal choice is impossible (None if fine): 3 goals, distinct cards."""
    if len(goals) != 3 or any(g not in GOALS for g in goals):
        return "option 'goals' needs 3 goal numbers 1-12"
    if len({(g - 1) // 2 for g in goals}) != 3:
        return "option 'goals' needs goals from 3 different cards (1/2, 3/4, ... are one card)"
    return None


def pending_problem(s: UndergroveState, e: Pending) -> str | None:
    """Why a saved pending decision could never have been pushed (None if it could): the
    right number of ints for its kind, each in the range the rules give it."""
    kind = e[0]
    if kind not in ARITY or len(e) != 1 + ARITY[kind]:
        return "unknown kind or wrong length"
    args = e[1:]
    p = s.to_move

    def placed(t: int) -> bool:
        return 1 <= t <= NUM_TILES and s.pos[t] >= 0

    if kind in ("pay", "step", "gain", "swap"):
        ok = 1 <= args[0] <= 100
    elif kind == "carbon":
        left, free, here, must = args
        ok = 1 <= left <= 2 and 0 <= free <= 2 and (here == 0 or placed(here))
        ok = ok and must in (OPTIONAL, ABSORB_ACTION, MANDATORY)
    elif kind == "place":
        ok = args[0] in (0, 1, 2) and args[1] in (0, 1) and args[2] in (0, 1)
    elif kind == "seedling":
        ok = args[0] in (0, 1)
    elif kind == "root":
        corner, optional = args
        ok = optional in (0, 1) and (corner == -1 or s.piece.get(corner) in (p, 4 + p))
    elif kind == "store":
        host, t = args
        ok = placed(host) and 1 <= t <= NUM_TILES and KIND_OF[t] == "store_own"
    elif kind == "copy":
        ok = placed(args[0]) and KIND_OF[args[0]] == "copycat"
    elif kind == "bonus":
        ok = 0 <= args[0] < len(BONUS_SETS_AT) and bool(s.bonus_sets[args[0]])
    elif kind == "effect":
        t, host = args
        ok = 1 <= t <= NUM_TILES and KIND_OF[t] in _EFFECTS and placed(host)
    else:
        ok = True
    return None if ok else "arguments out of range"

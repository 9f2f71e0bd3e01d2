"""Momiji's rules: set-up, legal decisions, applying them, end of game and scoring.

Section numbers (§) refer to shared/rules/momiji.md. A turn is a sequence of atomic decisions
(see actions.py): free actions and the main action are chosen in the TURN phase; a Play, a paid
Collect and some landscape powers continue in their own phase until `stop` (or the last card);
`end` closes the turn, then the hand limit asks for discards one card at a time.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from leafpile.engine import Action, InvalidOptionsError, OptionValue, opt_int, opt_ints, opt_str
from leafpile.games.momiji.actions import (
    ACTIVATE,
    COMPOST,
    DISCARD,
    DRAFT,
    END,
    LAND,
    NEW_LEFT,
    NEW_RIGHT,
    ON_PILE,
    PICK,
    PLACE,
    REFRESH,
    STOP,
    SWAP,
    TAKE,
    Activate,
    Compost,
    Discard,
    Draft,
    End,
    Pick,
    Place,
    Refresh,
    Stop,
    Swap,
    Take,
    UseLandscape,
)
from leafpile.games.momiji.components import (
    BY_PLAYERS,
    CARD_KIND,
    CARD_LEFT,
    CARD_RIGHT,
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    COMPOST_CARDS,
    DISPLAY_SIZE,
    HAND_LIMIT,
    HAND_SIZE,
    HARVEST_ACORNS,
    KIND_TYPE,
    KIND_VALUE,
    LANDSCAPE_COST,
    LANDSCAPE_POWER,
    LANDSCAPES,
    MAX_VALUE,
    NUM_TYPES,
    OBJECTIVE_COST,
    OBJECTIVES,
    POSITIONS,
    PRESET,
    REFRESH_COST,
    START_ACORNS,
    cards_of_types,
    objective_usable,
)

if TYPE_CHECKING:
    from leafpile.games.momiji.state import MomijiState

# Main action kinds (§4: one per turn; two different ones with the extra_main power).
MAIN_COLLECT, MAIN_PLAY, MAIN_OBJECTIVE = 1, 2, 4

# Landscape effects that last for the rest of the turn (§1.4 placeholder powers).
MOD_COLLECT_TWO = 1  # L2: the Collect takes two types
MOD_SKIP = 2  # C1: one card may skip a value
MOD_THREE = 4  # C2: a same-type Play may place 3 cards
MOD_START_ONE = 8  # C3: a new pile may start with a 1
MOD_HARVEST_SAME = 16  # C4: a same-type Play harvests too
MOD_CHEAP_OBJECTIVE = 32  # R1: an objective costs 1 acorn
MOD_NO_LIMIT = 64  # R4: no hand limit at the end of this turn
MOD_OF_POWER = {
    "collect_two": MOD_COLLECT_TWO,
    "skip": MOD_SKIP,
    "three_same": MOD_THREE,
    "start_one": MOD_START_ONE,
    "harvest_same": MOD_HARVEST_SAME,
    "cheap_objective": MOD_CHEAP_OBJECTIVE,
    "no_limit": MOD_NO_LIMIT,
}
ALL_MODS = sum(MOD_OF_POWER.values())
CHEAP_OBJECTIVE_COST = 1
REVEAL_POWER_CARDS = 4  # L1
DRAW_POWER_CARDS = 3  # L3
GAIN_POWER_ACORNS = 3  # L5
FROM_DISCARD_CARDS = 2  # R2
SELL_CARDS = 3  # R5


def scripted_types(options: dict[str, OptionValue]) -> set[int]:
    """The types the options 'deck' and 'objectives' need in play."""
    types = {CARD_TYPE[c] for c in opt_ints(options, "deck")}
    for i in opt_ints(options, "objectives"):
        if 0 <= i < len(OBJECTIVES) and OBJECTIVES[i].metric == "type_count":
            param = OBJECTIVES[i].param
            assert param is not None
            types.add(param)
    return types


def setup_row(players: int) -> tuple[int, int, int]:
    """(types in play, objectives revealed, closed piles that trigger the end) (§1.3)."""
    return BY_PLAYERS[players]


# -- set-up (§2) --------------------------------------------------------------------------------
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
        start_draft_position(s)
        return
    start_turn(s, s.first)


def start_draft_position(s: MomijiState) -> None:
    """§1.4 [D]: reveal players + 1 tiles of this position; each keeps one in reverse seat order."""
    pool = [t.index for t in LANDSCAPES if t.position == s.draft_position]
    s.rng.shuffle(pool)
    s.draft_pool = sorted(pool[: s.num_players + 1])
    s.phase = "draft"
    s.to_move = s.num_players - 1


def start_turn(s: MomijiState, player: int) -> None:
    s.to_move = player
    s.phase = "turn"
    s.turn += 1
    s.mains_left = 1
    s.main_used = 0
    s.composted = False
    s.land_used = False
    s.mods = 0
    s.played = []
    s.step_cards = 0


def reveal(s: MomijiState, count: int) -> None:
    """Turn up to `count` deck cards into the display (fewer if the deck runs out, §4.1)."""
    drawn = s.deck[:count]
    if drawn:
        del s.deck[:count]
        s.display.extend(drawn)
        s.display.sort()


def refill(s: MomijiState) -> None:
    """§4.1 [D] Q8: an empty display is refilled with 4 cards at once."""
    if not s.display:
        reveal(s, DISPLAY_SIZE)


# -- legal actions ------------------------------------------------------------------------------
def legal_actions(s: MomijiState) -> list[Action]:
    if s.redacted and s.viewer != s.to_move:
        return []  # a view cannot know another player's options (their hand is hidden)
    phase = s.phase
    if phase == "turn":
        return _turn_actions(s)
    if phase == "play":
        out: list[Action] = []
        _placements(s, out)
        out.append(STOP)
        return out
    if phase == "collect":
        return [TAKE[t] for t in _display_types(s)]
    if phase == "collect2":
        out = [TAKE[t] for t in _display_types(s) if t != s.played[0]]
        out.append(STOP)
        return out
    if phase == "discard":
        return [DISCARD[k] for k in _kinds(s.hands[s.to_move])]
    if phase == "compost":
        return [DISCARD[k] for k in _kinds(s.hands[s.to_move])]
    if phase == "sell":
        out = [DISCARD[k] for k in _kinds(s.hands[s.to_move])] if s.step_cards < SELL_CARDS else []
        out.append(STOP)
        return out
    if phase == "pick":
        return [PICK[k] for k in _kinds(s.display)]
    if phase == "swap":
        return [SWAP[i] for i in _swappable(s.rows[s.to_move])]
    if phase == "draft":
        return [DRAFT[t] for t in s.draft_pool]
    return []


def _turn_actions(s: MomijiState) -> list[Action]:
    p = s.to_move
    out: list[Action] = []
    acorns = s.acorns[p]
    if s.mains_left > 0:
        if not s.main_used & MAIN_COLLECT:  # §4.1
            out.extend(TAKE[t] for t in _display_types(s))
            # §4.1; §5 [D]: with an empty deck it reveals nothing but may still be paid for,
            # as long as a type can be taken afterwards
            if acorns >= REFRESH_COST and (s.deck or s.display):
                out.append(REFRESH)
        if not s.main_used & MAIN_PLAY:  # §4.2
            _placements(s, out)
        if not s.main_used & MAIN_OBJECTIVE and acorns >= _objective_cost(s):  # §4.3
            out.extend(
                ACTIVATE[o] for o, owner in zip(s.objectives, s.owners, strict=True) if owner < 0
            )
    main_possible = bool(out)
    hand = s.hands[p]
    if not s.composted and len(hand) >= COMPOST_CARDS:  # §4.5 compost: 2 cards, any kinds
        out.append(COMPOST)
    if not s.land_used and acorns >= LANDSCAPE_COST:  # §4.5 landscape: once per turn
        used = s.tiles_used[p]
        for slot, tile in enumerate(s.tiles[p]):
            if not used >> slot & 1 and power_usable(s, LANDSCAPE_POWER[tile]):
                out.append(LAND[tile])
    if s.main_used or not main_possible:  # §4.7: with no main action possible, pass
        out.append(END)
    return out


def _display_types(s: MomijiState) -> list[int]:
    types: list[int] = []
    for c in s.display:  # ascending ids: types come grouped and in order
        t = CARD_TYPE[c]
        if not types or types[-1] != t:
            types.append(t)
    return types


def _kinds(cards: list[int]) -> list[int]:
    """The distinct kinds among `cards` (ascending)."""
    return sorted({CARD_KIND[c] for c in cards})


def _objective_cost(s: MomijiState) -> int:
    return CHEAP_OBJECTIVE_COST if s.mods & MOD_CHEAP_OBJECTIVE else OBJECTIVE_COST


def _placements(s: MomijiState, out: list[Action]) -> None:
    """Append every legal card placement of the current Play (§3, §4.2).

    A pile starts with a 0; each card equals the top or is one higher; a 3 closes the pile.
    Same-type mode: up to 2 cards of one type (3 with C2). Mixed mode: one card per type.
    """
    p = s.to_move
    row = s.rows[p]
    tops = [-1] * NUM_TYPES
    for pile in row:
        c = pile[-1]
        tops[CARD_TYPE[c]] = CARD_VALUE[c]
    played = s.played
    only_type = -1  # same-type mode continues with this type only
    excluded = 0  # mixed mode: types already played
    if played:
        first = played[0]
        if len(played) == 1:
            pass  # either mode is still open
        elif all(t == first for t in played):
            limit = 3 if s.mods & MOD_THREE else 2
            if len(played) >= limit:
                return
            only_type = first
        else:
            for t in played:
                excluded |= 1 << t
    skip = s.mods & MOD_SKIP
    start_one = s.mods & MOD_START_ONE
    seen = 0
    for c in s.hands[p]:
        k = CARD_KIND[c]
        if seen >> k & 1:
            continue
        seen |= 1 << k
        t = KIND_TYPE[k]
        if only_type >= 0 and t != only_type:
            continue
        if excluded >> t & 1:
            continue
        v = KIND_VALUE[k]
        top = tops[t]
        if top >= 0:
            if top < MAX_VALUE and (v == top or v == top + 1 or (skip and v == top + 2)):
                out.append(PLACE[k][ON_PILE])
        elif v == 0 or (start_one and v == 1):
            if row:
                place = PLACE[k]
                out.append(place[NEW_LEFT])
                out.append(place[NEW_RIGHT])
            else:
                out.append(PLACE[k][ON_PILE])


def _swappable(row: list[list[int]]) -> list[int]:
    """Left indices of adjacent pairs of open piles (R3)."""
    return [
        i
        for i in range(len(row) - 1)
        if CARD_VALUE[row[i][-1]] < MAX_VALUE and CARD_VALUE[row[i + 1][-1]] < MAX_VALUE
    ]


def power_usable(s: MomijiState, power: str) -> bool:
    """Whether using this landscape power now could do anything (§1.4 placeholder powers;
    powers that modify the main action must come before it, §4.5)."""
    p = s.to_move
    can_play = s.mains_left > 0 and not s.main_used & MAIN_PLAY
    if power in ("reveal4", "draw3"):
        return bool(s.deck)
    if power == "collect_two":
        return s.mains_left > 0 and not s.main_used & MAIN_COLLECT and bool(s.display)
    if power == "pick_display":
        return bool(s.display)
    if power in ("skip", "three_same", "start_one", "harvest_same"):
        return can_play
    if power == "cheap_objective":
        return (
            s.mains_left > 0 and not s.main_used & MAIN_OBJECTIVE and min(s.owners, default=0) < 0
        )
    if power == "from_discard":
        return bool(s.discard)
    if power == "swap_piles":
        return bool(_swappable(s.rows[p]))
    if power == "sell_cards":
        return bool(s.hands[p])
    return power in ("gain3", "extra_main", "no_limit")


# -- applying -----------------------------------------------------------------------------------
def apply(s: MomijiState, action: Action) -> None:
    if type(action) is Place:
        _place(s, action)
    elif type(action) is Stop:
        _stop(s)
    elif type(action) is Take:
        _take(s, action.type)
    elif type(action) is End:
        _end(s)
    elif type(action) is Compost:  # §4.5: the 2 cards follow as `discard` decisions
        s.composted = True
        s.step_cards = 0
        s.phase = "compost"
    elif type(action) is Discard:
        _discard(s, action.kind)
    elif type(action) is Refresh:
        p = s.to_move
        s.acorns[p] -= REFRESH_COST
        _start_main(s, MAIN_COLLECT)
        reveal(s, DISPLAY_SIZE)
        s.phase = "collect"
    elif type(action) is Activate:
        p = s.to_move
        s.acorns[p] -= _objective_cost(s)
        s.mods &= ~MOD_CHEAP_OBJECTIVE
        _start_main(s, MAIN_OBJECTIVE)
        s.owners[s.objectives.index(action.objective)] = p
    elif type(action) is UseLandscape:
        _use_landscape(s, action.tile)
    elif type(action) is Pick:
        _move_kind(s.display, s.hands[s.to_move], action.kind)
        refill(s)
        s.phase = "turn"
    elif type(action) is Swap:
        row = s.rows[s.to_move]
        i = action.position
        row[i], row[i + 1] = row[i + 1], row[i]
        s.phase = "turn"
    elif type(action) is Draft:
        _draft(s, action.tile)
    else:  # pragma: no cover - play() only passes legal actions
        raise TypeError(f"not a Momiji action: {action!r}")


def _start_main(s: MomijiState, main: int) -> None:
    s.main_used |= main
    s.mains_left -= 1


def _move_kind(source: list[int], target: list[int], kind: int) -> int:
    """Move the first card of `kind` from a sorted list to another; return its id."""
    for i, c in enumerate(source):
        if CARD_KIND[c] == kind:
            del source[i]
            insort(target, c)
            return c
    raise ValueError("no card of that kind")  # pragma: no cover - legality guarantees one


def _take_card(hand: list[int], kind: int) -> int:
    for i, c in enumerate(hand):
        if CARD_KIND[c] == kind:
            del hand[i]
            return c
    raise ValueError("no card of that kind")  # pragma: no cover


def _place(s: MomijiState, action: Place) -> None:
    p = s.to_move
    if s.phase == "turn":
        _start_main(s, MAIN_PLAY)
        s.phase = "play"
        s.played = []
    c = _take_card(s.hands[p], action.kind)
    t = CARD_TYPE[c]
    v = CARD_VALUE[c]
    row = s.rows[p]
    for pile in row:
        if CARD_TYPE[pile[-1]] == t:
            if v == CARD_VALUE[pile[-1]] + 2:
                s.mods &= ~MOD_SKIP  # C1 used up
            pile.append(c)
            break
    else:
        if v != 0:
            s.mods &= ~MOD_START_ONE  # C3 used up
        if action.side == NEW_LEFT:
            row.insert(0, [c])
        else:
            row.append([c])
    s.played.append(t)


def _stop(s: MomijiState) -> None:
    phase = s.phase
    if phase == "play":
        played = s.played
        mixed = any(t != played[0] for t in played)
        if mixed:  # §4.4: a mixed-type Play harvests
            harvest(s, played)
        elif s.mods & MOD_HARVEST_SAME:  # C4
            s.mods &= ~MOD_HARVEST_SAME
            harvest(s, played)
        s.played = []
    elif phase == "collect2":
        s.played = []
    s.phase = "turn"


def harvest(s: MomijiState, played: list[int]) -> None:
    """§4.4: 2 acorns for each pair of adjacent open piles whose touching corners both show
    an acorn. Option 'harvest' (Q10): every pair, or only pairs with a pile played this turn."""
    p = s.to_move
    row = s.rows[p]
    only_new = opt_str(s.options, "harvest", "all-pairs") == "new-pairs"
    gained = 0
    for i in range(len(row) - 1):
        a = row[i][-1]
        b = row[i + 1][-1]
        if not (CARD_RIGHT[a] and CARD_LEFT[b]):
            continue
        if CARD_VALUE[a] == MAX_VALUE or CARD_VALUE[b] == MAX_VALUE:
            continue  # Q11: a torii hides a closed pile's top card
        if only_new and CARD_TYPE[a] not in played and CARD_TYPE[b] not in played:
            continue
        gained += HARVEST_ACORNS
    s.acorns[p] += gained


def _take(s: MomijiState, t: int) -> None:
    p = s.to_move
    phase = s.phase
    if phase == "turn":
        _start_main(s, MAIN_COLLECT)
    hand = s.hands[p]
    keep = []
    for c in s.display:
        if CARD_TYPE[c] == t:
            hand.append(c)
        else:
            keep.append(c)
    hand.sort()
    s.display = keep
    refill(s)
    if phase != "collect2" and s.mods & MOD_COLLECT_TWO:  # L2: a second type follows
        s.mods &= ~MOD_COLLECT_TWO
        s.played = [t]
        s.phase = "collect2"
    else:
        s.played = []
        s.phase = "turn"


def _discard(s: MomijiState, kind: int) -> None:
    p = s.to_move
    s.discard.append(_take_card(s.hands[p], kind))
    if s.phase == "sell":  # R5: 1 acorn per card
        s.acorns[p] += 1
        s.step_cards += 1
    elif s.phase == "compost":  # §4.5: 1 acorn for 2 cards
        s.step_cards += 1
        if s.step_cards == COMPOST_CARDS:
            s.acorns[p] += 1
            s.phase = "turn"
    elif len(s.hands[p]) <= HAND_LIMIT:  # §4.6 hand limit reached: the turn ends
        end_turn(s)


def _use_landscape(s: MomijiState, tile: int) -> None:
    """§4.5: pay 1 acorn, flip the tile; at most one landscape per turn, each once per game."""
    p = s.to_move
    s.acorns[p] -= LANDSCAPE_COST
    s.land_used = True
    s.tiles_used[p] |= 1 << s.tiles[p].index(tile)
    power = LANDSCAPE_POWER[tile]
    if power in MOD_OF_POWER:
        s.mods |= MOD_OF_POWER[power]
    elif power == "reveal4":
        reveal(s, REVEAL_POWER_CARDS)
    elif power == "draw3":
        hand = s.hands[p]
        hand.extend(s.deck[:DRAW_POWER_CARDS])
        del s.deck[:DRAW_POWER_CARDS]
        hand.sort()
    elif power == "pick_display":
        s.phase = "pick"
    elif power == "gain3":
        s.acorns[p] += GAIN_POWER_ACORNS
    elif power == "extra_main":
        s.mains_left += 1
    elif power == "from_discard":  # the discard pile is face down: the cards come at random
        hand = s.hands[p]
        for _ in range(min(FROM_DISCARD_CARDS, len(s.discard))):
            hand.append(s.discard.pop(s.rng.randrange(len(s.discard))))
        hand.sort()
    elif power == "swap_piles":
        s.phase = "swap"
    elif power == "sell_cards":
        s.step_cards = 0
        s.phase = "sell"
    else:  # pragma: no cover - data/landscapes.json names an unknown power
        raise ValueError(f"unknown landscape power {power!r}")


def _end(s: MomijiState) -> None:
    p = s.to_move
    if len(s.hands[p]) > HAND_LIMIT and not s.mods & MOD_NO_LIMIT:
        s.phase = "discard"  # §4.6: the player chooses the discards, one card at a time
        return
    end_turn(s)


def _draft(s: MomijiState, tile: int) -> None:
    s.tiles[s.to_move].append(tile)
    s.draft_pool.remove(tile)
    if s.to_move > 0:
        s.to_move -= 1
        return
    s.draft_position += 1
    if s.draft_position < len(POSITIONS):
        start_draft_position(s)
    else:
        s.draft_pool = []
        start_turn(s, s.first)


# -- end of game (§5) ---------------------------------------------------------------------------
def closed_piles(s: MomijiState) -> int:
    return sum(1 for row in s.rows for pile in row if CARD_VALUE[pile[-1]] == MAX_VALUE)


def end_turn(s: MomijiState) -> None:
    """§5: after the trigger (deck empty, or players + 2 piles closed), finish the round
    (option 'final_round' = 'finish') or play one more full round ('extra')."""
    n = s.num_players
    if s.turns_left < 0:
        if not s.deck or closed_piles(s) >= setup_row(n)[2]:
            if opt_str(s.options, "final_round", "finish") == "finish":
                s.turns_left = (s.first - s.to_move - 1) % n
            else:
                s.turns_left = n
    else:
        s.turns_left -= 1
    if s.turns_left == 0:
        s.phase = "over"
        s.played = []
        return
    start_turn(s, (s.to_move + 1) % n)


# -- scoring (§6) -------------------------------------------------------------------------------
def pile_points(row: list[list[int]]) -> int:
    """Top value x number of cards, for each pile."""
    return sum(CARD_VALUE[pile[-1]] * len(pile) for pile in row)


def metric(s: MomijiState, player: int, index: int) -> int:
    """How well `player` meets objective `index` (cards in piles only, §6 [D])."""
    o = OBJECTIVES[index]
    row = s.rows[player]
    m = o.metric
    if m == "value_count":
        return sum(1 for pile in row for c in pile if c >= 0 and CARD_VALUE[c] == o.param)
    if m == "type_count":
        return sum(len(pile) for pile in row if CARD_TYPE[pile[-1]] == o.param)
    if m == "visible_sum":
        return sum(CARD_VALUE[pile[-1]] for pile in row)
    if m == "closed_piles":
        return sum(1 for pile in row if CARD_VALUE[pile[-1]] == MAX_VALUE)
    if m == "pile_count":
        return len(row)
    if m == "biggest_pile":
        return max((len(pile) for pile in row), default=0)
    if m == "acorns":
        return s.acorns[player]
    raise ValueError(f"unknown objective metric {m!r}")  # pragma: no cover


def objective_points(s: MomijiState) -> list[int]:
    """§6.3: for each active objective, every best player scores: its owner 10, anyone else 3
    (others score 3 even when the owner is not among the best); ties all score; a best value
    of 0 scores nothing (Q14)."""
    n = s.num_players
    points = [0] * n
    for index, owner in zip(s.objectives, s.owners, strict=True):
        if owner < 0:
            continue
        values = [metric(s, p, index) for p in range(n)]
        best = max(values)
        if best <= 0:
            continue
        for p in range(n):
            if values[p] == best:
                points[p] += OWNER_POINTS if p == owner else OTHER_POINTS
    return points


OWNER_POINTS = 10
OTHER_POINTS = 3


def totals(s: MomijiState) -> list[int]:
    """Piles + acorns + active objectives (running score before the end; in a view, piles
    count only their visible cards)."""
    objective = objective_points(s)
    return [pile_points(s.rows[p]) + s.acorns[p] + objective[p] for p in range(s.num_players)]


def scores(s: MomijiState) -> list[float]:
    return [float(v) for v in totals(s)]


def tie_break_key(s: MomijiState, player: int, score: int) -> tuple[int, int, int]:
    """§6 [D] Q15: score, then closed piles, then acorns; still tied: shared victory."""
    closed = sum(1 for pile in s.rows[player] if CARD_VALUE[pile[-1]] == MAX_VALUE)
    return score, closed, s.acorns[player]


def winners(s: MomijiState) -> list[int]:
    if s.phase != "over":
        return []
    points = totals(s)
    keys = [tie_break_key(s, p, points[p]) for p in range(s.num_players)]
    best = max(keys)
    return [p for p in range(s.num_players) if keys[p] == best]


def max_length(players: int) -> int:
    """A true upper bound on the number of actions of a game.

    With C cards in play and n players: each card enters the display at most once and reaches
    a hand at most once from the deck or display (+2 per player from the discard, R2), and
    never goes back. So: takes <= C; refreshes <= C (each is followed by a take); placements +
    discards <= C + 2n (each takes a card out of a hand); Play `stop`s <= placements; composts
    <= (C + 2n) / 2 (each is followed by 2 discards); objectives <= n + 2; turns, hence `end`s,
    <= 2C + 4n + 3 (each turn has a main action, or is a pass, which is possible only from the
    end trigger on: <= n + 1 passes); landscapes <= 3n with <= 4n follow-up `stop`/`pick`/`swap`
    decisions; the draft 3n.
    """
    c = setup_row(players)[0] * len(CARDS) // NUM_TYPES
    n = players
    moves = c + 2 * n
    turns = 2 * c + 4 * n + 3
    return 3 * n + turns + c + c + 2 * moves + moves // 2 + (n + 2) + 3 * n + 4 * n


def max_score(players: int) -> int:
    """A true upper bound of one player's score: piles <= 3 per card; acorns from the start
    (<= 10 by option), harvests (<= 2 x 5 pairs per Play), composts and powers; objectives."""
    c = setup_row(players)[0] * len(CARDS) // NUM_TYPES
    n = players
    plays = c + 2 * n
    harvests = (plays // 2 + 1) * HARVEST_ACORNS * (NUM_TYPES - 1)
    powers = GAIN_POWER_ACORNS + SELL_CARDS
    return 3 * c + 10 + harvests + plays // 2 + powers + OWNER_POINTS * setup_row(players)[1]

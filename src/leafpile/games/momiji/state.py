"""Momiji's state: flat lists of card ids and ints, a cheap hand-written clone, canonical JSON.

Cards are ids (components.CARDS). A pile is a list of card ids, bottom first, top last; a row is
a player's piles from left to right. In a view, hidden cards are -1 placeholders (the deck, the
discard pile, other players' hands); piles are whole, since every card in them was played face
up. What each seat remembers of the hands and the discard pile is in `known` and `discarded`
(memory.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from itertools import pairwise
from typing import Any

from leafpile.engine import (
    TERMINAL,
    Action,
    InvalidStateError,
    OptionValue,
    State,
    chance_rows,
    int_list,
    int_rows,
    require,
)
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    CARDS_PER_TYPE,
    HAND_LIMIT,
    KIND_TYPE,
    LANDSCAPES,
    MAX_VALUE,
    NUM_CARDS,
    NUM_KINDS,
    NUM_TYPES,
    OBJECTIVES,
    POSITIONS,
    objective_usable,
    setup_row,
)


class Phase(StrEnum):
    """The pending decision: what the player to move is asked next. Each phase's choices and
    effect are one step in rules.STEPS; the values are the saved strings."""

    DRAFT = "draft"  # keep one revealed landscape tile (§1.4)
    TURN = "turn"  # main action, free actions or end of turn (§4)
    COLLECT = "collect"  # after a paid refresh: take a type (§4.1)
    COLLECT2 = "collect2"  # landscape power: take a second type, or stop
    COMPOST = "compost"  # free action: discard 2 cards, one at a time (§4.5)
    PLAY = "play"  # a Play in progress: place another card or stop (§4.2)
    PICK = "pick"  # landscape power: take one card from the display
    SWAP = "swap"  # landscape power: swap two adjacent open piles
    SELL = "sell"  # landscape power: discard up to 3 cards for acorns
    DISCARD = "discard"  # end of turn: discard down to the hand limit (§4.6)
    OVER = "over"


# The members bound once: enum attribute lookup is slow on Python 3.11 and the rules compare
# phases on every action.
DRAFT = Phase.DRAFT
TURN = Phase.TURN
COLLECT = Phase.COLLECT
COLLECT2 = Phase.COLLECT2
COMPOST = Phase.COMPOST
PLAY = Phase.PLAY
PICK = Phase.PICK
SWAP = Phase.SWAP
SELL = Phase.SELL
DISCARD = Phase.DISCARD
OVER = Phase.OVER
_PHASE_VALUES = frozenset(p.value for p in Phase)

# Main action kinds, the bits of `main_used` (§4: one per turn; two different ones with the
# extra_main power).
MAIN_COLLECT, MAIN_PLAY, MAIN_OBJECTIVE = 1, 2, 4

# Landscape effects that last for the rest of the turn, the bits of `mods` (§1.4 placeholder
# powers; landscapes.MOD_OF_POWER names the power that sets each).
MOD_COLLECT_TWO = 1  # L2: the Collect takes two types
MOD_SKIP = 2  # C1: one card may skip a value
MOD_THREE = 4  # C2: a same-type Play may place 3 cards
MOD_START_ONE = 8  # C3: a new pile may start with a 1
MOD_HARVEST_SAME = 16  # C4: a same-type Play harvests too
MOD_CHEAP_OBJECTIVE = 32  # R1: an objective costs 1 acorn
MOD_NO_LIMIT = 64  # R4: no hand limit at the end of this turn
ALL_MODS = (
    MOD_COLLECT_TWO
    | MOD_SKIP
    | MOD_THREE
    | MOD_START_ONE
    | MOD_HARVEST_SAME
    | MOD_CHEAP_OBJECTIVE
    | MOD_NO_LIMIT
)


class MomijiState(State):
    __slots__ = (
        "acorns",
        "composted",
        "deck",
        "discard",
        "discarded",
        "discarded_chance",
        "display",
        "draft_pool",
        "draft_position",
        "first",
        "hands",
        "known",
        "known_chance",
        "land_used",
        "main_used",
        "mains_left",
        "mods",
        "num_players",
        "objectives",
        "options",
        "owners",
        "phase",
        "played",
        "redacted",
        "rng",
        "rows",
        "seed",
        "step_cards",
        "tiles",
        "tiles_used",
        "to_move",
        "turn",
        "turns_left",
        "types",
        "viewer",
    )

    def __init__(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        self.init_base(num_players, seed, options)
        self.types: list[int] = []  # leaf types in play, ascending
        self.deck: list[int] = []  # draw order: deck[0] is the next card
        self.display: list[int] = []  # ascending card ids (grouped by type)
        self.discard: list[int] = []  # face down, in discard order
        self.hands: list[list[int]] = [[] for _ in range(num_players)]  # ascending card ids
        self.rows: list[list[list[int]]] = [[] for _ in range(num_players)]
        self.acorns = [0] * num_players
        self.tiles: list[list[int]] = [[] for _ in range(num_players)]  # landscape indices
        self.tiles_used = [0] * num_players  # bit i: tiles[p][i] has been used (§1.4)
        self.objectives: list[int] = []  # revealed objective indices
        self.owners: list[int] = []  # per revealed objective: its owner, -1 while inactive
        self.draft_pool: list[int] = []  # revealed landscape tiles still to keep
        self.draft_position = 0  # which panorama position is being drafted
        self.first = 0
        self.to_move = 0
        self.turn = 0  # turns begun so far
        self.phase: Phase = TURN
        # -- this turn (§4) --
        self.mains_left = 1  # main actions still allowed (2 with the extra_main power)
        self.main_used = 0  # bitmask of the MAIN_* kinds taken
        self.composted = False
        self.land_used = False
        self.mods = 0  # bitmask of the MOD_* landscape effects active this turn
        self.played: list[int] = []  # types placed in the current Play, in order
        self.step_cards = 0  # cards discarded so far in this compost or sell_cards step
        # -- end of game (§5) --
        self.turns_left = -1  # -1: not triggered; else turns still to play after this one
        # -- what the seats remember (memory.py) --
        self.known: list[list[int]] = [[] for _ in range(num_players)]  # kinds taken face up
        self.known_chance: list[list[float]] = [[] for _ in range(num_players)]
        self.discarded: list[list[int]] = [[] for _ in range(num_players)]  # own, face down
        self.discarded_chance: list[list[float]] = [[] for _ in range(num_players)]

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER  # current_player's answer without the property (playouts ask it)

    def parse_action(self, text: str) -> Action:
        """The engine's parse (which accepts other spellings: any case, 'pass' for 'end'),
        except that on a finished game malformed text is still refused as malformed
        (InvalidNotationError), as Momiji always did, not as 'the game is over'."""
        if self.current_player == TERMINAL:
            self.game.parse_notation(text)  # raises InvalidNotationError when malformed
        return super().parse_action(text)

    # -- copying and saving -----------------------------------------------------------------
    def clone(self) -> MomijiState:
        new = MomijiState.__new__(MomijiState)
        self.copy_base(new)
        new.types = self.types  # never mutated after set-up
        new.deck = self.deck[:]
        new.display = self.display[:]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.rows = [[pile[:] for pile in row] for row in self.rows]
        new.acorns = self.acorns[:]
        new.tiles = [t[:] for t in self.tiles]
        new.tiles_used = self.tiles_used[:]
        new.objectives = self.objectives  # never mutated after set-up
        new.owners = self.owners[:]
        new.draft_pool = self.draft_pool[:]
        new.draft_position = self.draft_position
        new.first = self.first
        new.to_move = self.to_move
        new.turn = self.turn
        new.phase = self.phase
        new.mains_left = self.mains_left
        new.main_used = self.main_used
        new.composted = self.composted
        new.land_used = self.land_used
        new.mods = self.mods
        new.played = self.played[:]
        new.step_cards = self.step_cards
        new.turns_left = self.turns_left
        new.known = [k[:] for k in self.known]
        new.known_chance = [k[:] for k in self.known_chance]
        new.discarded = [k[:] for k in self.discarded]
        new.discarded_chance = [k[:] for k in self.discarded_chance]
        return new

    def to_dict(self) -> dict[str, Any]:
        out = self.base_dict()
        out.update(
            types=list(self.types),
            deck=list(self.deck),
            display=list(self.display),
            discard=list(self.discard),
            hands=[list(h) for h in self.hands],
            rows=[[list(p) for p in row] for row in self.rows],
            acorns=list(self.acorns),
            tiles=[list(t) for t in self.tiles],
            tiles_used=list(self.tiles_used),
            objectives=list(self.objectives),
            owners=list(self.owners),
            draft_pool=list(self.draft_pool),
            draft_position=self.draft_position,
            first=self.first,
            to_move=self.to_move,
            turn=self.turn,
            phase=str(self.phase),
            mains_left=self.mains_left,
            main_used=self.main_used,
            composted=self.composted,
            land_used=self.land_used,
            mods=self.mods,
            played=list(self.played),
            step_cards=self.step_cards,
            turns_left=self.turns_left,
            known=[list(k) for k in self.known],
            known_chance=[list(k) for k in self.known_chance],
            discarded=[list(k) for k in self.discarded],
            discarded_chance=[list(k) for k in self.discarded_chance],
        )
        return out

    @classmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> MomijiState:
        s = cls(players, seed, options)
        s.load_base(data)
        s.types = int_list(data, "types")
        s.deck = int_list(data, "deck")
        s.display = int_list(data, "display")
        s.discard = int_list(data, "discard")
        s.hands = int_rows(data, "hands", count=players)
        rows = require(data, "rows", list)
        if len(rows) != players or not all(isinstance(r, list) for r in rows):
            raise InvalidStateError("saved state field 'rows' must hold one row per player")
        s.rows = [int_rows({"rows": row}, "rows") for row in rows]  # a row is a list of piles
        s.acorns = int_list(data, "acorns", length=players, minimum=0)
        s.tiles = int_rows(data, "tiles", count=players)
        s.tiles_used = int_list(data, "tiles_used", length=players, minimum=0)
        s.objectives = int_list(data, "objectives")
        s.owners = int_list(data, "owners")
        s.draft_pool = int_list(data, "draft_pool")
        s.draft_position = require(data, "draft_position", int)
        s.first = require(data, "first", int)
        s.to_move = require(data, "to_move", int)
        s.turn = require(data, "turn", int)
        phase = require(data, "phase", str)
        if phase not in _PHASE_VALUES:
            raise InvalidStateError(f"saved state has an unknown phase {phase!r}")
        s.phase = Phase(phase)
        s.mains_left = require(data, "mains_left", int)
        s.main_used = require(data, "main_used", int)
        s.composted = require(data, "composted", bool)
        s.land_used = require(data, "land_used", bool)
        s.mods = require(data, "mods", int)
        s.played = int_list(data, "played")
        s.step_cards = require(data, "step_cards", int)
        s.turns_left = require(data, "turns_left", int)
        if "known" in data or "discarded" in data:
            s.known, s.known_chance = _memory(data, "known", players)
            s.discarded, s.discarded_chance = _memory(data, "discarded", players)
        # else: a save from before the seats remembered anything: nothing is remembered
        _check_consistent(s)
        _check_memory(s)
        return s


def _check_consistent(s: MomijiState) -> None:
    """Refuse saves that no game could reach (a broken file must not become a broken game)."""
    n = s.num_players
    if s.to_move not in range(n) or s.first not in range(n):
        raise InvalidStateError("saved state has a bad player to move or first player")
    if sorted(set(s.types)) != s.types or not all(0 <= t < NUM_TYPES for t in s.types):
        raise InvalidStateError("saved state has bad leaf types")
    if len(s.types) != setup_row(n)[0]:
        raise InvalidStateError("saved state has the wrong number of leaf types for its players")
    if len(s.objectives) != setup_row(n)[1] or len(set(s.objectives)) != len(s.objectives):
        raise InvalidStateError("saved state has the wrong objectives for its players")
    if len(s.owners) != len(s.objectives) or not all(
        0 <= o < len(OBJECTIVES) for o in s.objectives
    ):
        raise InvalidStateError("saved state has bad objectives")
    if not all(-1 <= o < n for o in s.owners):
        raise InvalidStateError("saved state has a bad objective owner")
    if not all(0 <= t < len(LANDSCAPES) for tiles in s.tiles for t in tiles) or not all(
        0 <= t < len(LANDSCAPES) for t in s.draft_pool
    ):
        raise InvalidStateError("saved state has bad landscape tiles")
    if not all(0 <= t < NUM_TYPES for t in s.played):
        raise InvalidStateError("saved state has bad played types")
    in_play = [c for t in s.types for c in range(t * CARDS_PER_TYPE, (t + 1) * CARDS_PER_TYPE)]
    seen = s.deck + s.display + s.discard
    for hand in s.hands:
        seen += hand
    for row in s.rows:
        for pile in row:
            if not pile:
                raise InvalidStateError("saved state has an empty pile")
            seen += pile
    if not all(-1 <= c < NUM_CARDS for c in seen):
        raise InvalidStateError("saved state has a bad card id")
    known = [c for c in seen if c >= 0]
    if len(set(known)) != len(known) or not set(known) <= set(in_play):
        raise InvalidStateError("saved state holds a card twice or a card not in play")
    if not s.redacted and sorted(known) != in_play:
        raise InvalidStateError("saved state's cards are not exactly the cards in play")
    for row in s.rows:
        if any(c < 0 for pile in row for c in pile):
            raise InvalidStateError("saved state hides a card of a pile (all were played face up)")
        types = [CARD_TYPE[pile[-1]] for pile in row]
        if len(set(types)) != len(types):
            raise InvalidStateError("saved state has two piles of one type in a row")
        for pile in row:
            _check_pile(pile)
    if s.display != sorted(s.display) or any(hand != sorted(hand) for hand in s.hands):
        raise InvalidStateError("saved state's display and hands must be in ascending card order")
    if not all(objective_usable(o, s.types) for o in s.objectives):
        raise InvalidStateError("saved state reveals a type objective whose type is not in play")
    _check_tiles(s)
    if s.phase == COLLECT2 and len(s.played) != 1:
        raise InvalidStateError("saved state is collecting a second type without a first")
    if s.phase == DRAFT and not s.draft_pool:
        raise InvalidStateError("saved state is drafting from an empty pool")
    if not (0 <= s.mains_left <= 2 and 0 <= s.main_used < 8 and s.step_cards >= 0 <= s.turn):
        raise InvalidStateError("saved state has bad turn counters")
    if s.turns_left < -1 or s.turns_left > n or s.mods & ~ALL_MODS or s.mods < 0:
        raise InvalidStateError("saved state has bad end-of-game or power fields")
    if s.phase in (COLLECT2, PICK, SWAP, SELL) and not s.land_used:
        raise InvalidStateError(
            f"saved state is in phase {str(s.phase)!r} without a landscape used"
        )
    if s.phase == COMPOST and not s.composted:
        raise InvalidStateError("saved state is composting without the compost action")
    if bool(s.played) != (s.phase in (PLAY, COLLECT2)):
        raise InvalidStateError("saved state has played types outside a Play or second Collect")
    if s.phase == DISCARD and len(s.hands[s.to_move]) <= HAND_LIMIT:
        raise InvalidStateError("saved state asks for discards from a hand within the limit")
    if s.phase != OVER and (not s.redacted or s.viewer == s.to_move) and not s.legal_actions():
        raise InvalidStateError(
            f"saved state in phase {str(s.phase)!r} leaves its player no action"
        )


def _check_pile(pile: list[int]) -> None:
    """A pile: one type, starting with a 0 (a 1 with the C3 power), never going down, climbing
    by at most 2 (the C1 power), a 3 only on top (§3)."""
    if any(CARD_TYPE[c] != CARD_TYPE[pile[-1]] for c in pile):
        raise InvalidStateError("saved state has a pile of two leaf types")
    if CARD_VALUE[pile[0]] > 1:
        raise InvalidStateError("saved state has a pile that does not start with a 0")
    values = [CARD_VALUE[c] for c in pile]
    if any(v == MAX_VALUE for v in values[:-1]) or not all(
        0 <= b - a <= 2 for a, b in pairwise(values)
    ):
        raise InvalidStateError("saved state has a pile that goes down, skips or covers a 3")


def _check_tiles(s: MomijiState) -> None:
    """Each player's landscapes fill the panorama slots Left, Centre, Right in order: all three
    after the draft; during it, the players who already kept a tile of this position have one
    more than the others (the draft runs from the last seat down, §1.4)."""
    n = s.num_players
    if s.phase == DRAFT:
        if s.draft_position not in range(len(POSITIONS)):
            raise InvalidStateError("saved state drafts a landscape position that does not exist")
        sizes = [s.draft_position + (p > s.to_move) for p in range(n)]
    else:
        sizes = [len(POSITIONS)] * n
    if [len(tiles) for tiles in s.tiles] != sizes or not all(
        LANDSCAPES[t].position == slot for tiles in s.tiles for slot, t in enumerate(tiles)
    ):
        raise InvalidStateError("saved state has landscape tiles out of their panorama slots")
    every = [t for tiles in s.tiles for t in tiles] + s.draft_pool
    if len(set(every)) != len(every):
        raise InvalidStateError("saved state gives one landscape tile twice")
    if not all(0 <= u < 1 << len(tiles) for u, tiles in zip(s.tiles_used, s.tiles, strict=True)):
        raise InvalidStateError("saved state marks a landscape used that the player lacks")


def _memory(
    data: Mapping[str, Any], key: str, players: int
) -> tuple[list[list[int]], list[list[float]]]:
    """One remembered field (memory.py): per player, kinds and the chance of each."""
    kinds = int_rows(data, key, count=players)
    chance = chance_rows(data, f"{key}_chance", players)
    if [len(k) for k in kinds] != [len(c) for c in chance]:
        raise InvalidStateError(f"saved state fields {key!r} and {key}_chance do not match")
    if not all(0 <= k < NUM_KINDS for row in kinds for k in row):
        raise InvalidStateError(f"saved state field {key!r} has a bad card kind")
    return kinds, chance


def _check_memory(s: MomijiState) -> None:
    """What the seats remember must be true: kinds of the types in play; a card remembered
    for sure in a hand (or, by its owner, in the discard pile) is there; a view remembers only
    its own discards."""
    in_play = CARDS_PER_TYPE * len(s.types)  # no card is taken face up twice
    for p in range(s.num_players):
        if not all(KIND_TYPE[k] in s.types for k in s.known[p] + s.discarded[p]):
            raise InvalidStateError("saved state remembers a card whose type is not in play")
        if len(s.known[p]) > in_play or len(s.discarded[p]) > in_play:
            raise InvalidStateError("saved state remembers more cards than the game holds")
        sure = [k for k, c in zip(s.known[p], s.known_chance[p], strict=True) if c >= 1.0]
        if len(sure) > len(s.hands[p]) or not _within(sure, s.hands[p]):
            raise InvalidStateError(f"saved state remembers cards that P{p} does not hold")
        if s.redacted and p != s.viewer and s.discarded[p]:
            raise InvalidStateError("a view remembers another player's face-down discards")
        sure = [k for k, c in zip(s.discarded[p], s.discarded_chance[p], strict=True) if c >= 1]
        if len(sure) > len(s.discard) or not _within(sure, s.discard):
            raise InvalidStateError("saved state remembers discards that are not in the pile")


def _within(kinds: list[int], cards: list[int]) -> bool:
    """Whether `cards` hold at least these kinds (hidden cards, -1, may be anything)."""
    if any(c < 0 for c in cards):
        return True
    have = [CARD_KIND[c] for c in cards]
    for k in kinds:
        if k not in have:
            return False
        have.remove(k)
    return True

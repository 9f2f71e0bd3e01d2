"""Undergrove's state: plain data (ints, flat lists, two small dicts), a hand-written clone
and a canonical JSON form.

The forest: `pos[tile]` is the cell of each placed tile (-1 if not placed) and `tile_at` the
reverse map; `carbon[tile]` and `stored[tile]` what lies on it. Pieces sit on corners:
`piece[corner]` is `p` for a seedling of player p, `4 + p` for a tree, BLOCKER for a neutral
place-holder, and `pcarbon[corner]` the carbon it holds (a tree: 0, its carbon was discarded
as it grew; 3 under option `carbon_moves=bga`). `roots[4 * tile + i]` is the player whose root
fills the slot of `tile` pointing at its corner i (TL, TR, BL, BR), or -1.

`reshuffled[tile]` is the last reshuffle of the discard pile into the deck that the tile went
through (0: none; [BGA] §3.2): the discard pile is face up, so everyone knows which tiles each
new deck holds. In a view a hidden hand tile is written -1 - (the reshuffle it was drawn
after), since a tile drawn after reshuffle e came from the tiles that reshuffle put in the deck.

The turn is a stack of pending decisions (`pending`, top = last), each a small frozen object
saved as `[kind, *ints]` (decision.py; the kinds are in kinds.py).

This module imports no rules: the state reaches them through its game (`State.game`), and a
saved pending decision is loaded and checked by its own class (decision.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leafpile.engine import (
    TERMINAL,
    InvalidStateError,
    OptionValue,
    State,
    int_list,
    int_rows,
    require,
)
from leafpile.games.undergrove.components import (
    ALL_TOKENS,
    BLOCKER,
    BONUS_TILES,
    CORNER_OFFSETS,
    DECK,
    END_SPACES,
    GOALS,
    NUM_TILES,
    OFFSET,
    SUPPLY,
    cell,
    check_goals,
    coord_text,
    coords,
)
from leafpile.games.undergrove.decision import Decision, load
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.memo import ForestMemo


class UndergroveState(State):
    __slots__ = (
        "absorbed",
        "activated",
        "bga_moves",
        "big_turns",
        "bonus",
        "bonus_sets",
        "carbon",
        "conversions",
        "deck",
        "discard",
        "end_space",
        "final_round",
        "first",
        "gained_c",
        "goals",
        "hands",
        "memo",
        "num_players",
        "options",
        "over",
        "paths",
        "pcarbon",
        "pending",
        "piece",
        "pos",
        "ready",
        "redacted",
        "res",
        "reshuffled",
        "rng",
        "root_symbols",
        "roots",
        "roots_left",
        "round",
        "seed",
        "seedlings",
        "setup_left",
        "stored",
        "symbol_turns",
        "tile_at",
        "to_move",
        "track",
        "track_done",
        "trees",
        "viewer",
    )

    def __init__(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        n = num_players
        self.init_base(num_players, seed, options)
        #: Option `carbon_moves=bga`: BGA's carbon movement, tree growth and Partner (§2, §4.2,
        #: §4.4) instead of the published rules'; read on every legal-move listing.
        self.bga_moves = options.get("carbon_moves", "rules") == "bga"
        # the forest
        self.tile_at: dict[int, int] = {}
        self.pos = [-1] * (NUM_TILES + 1)
        self.carbon = [0] * (NUM_TILES + 1)
        self.stored = [0] * (NUM_TILES + 1)
        self.piece: dict[int, int] = {}
        self.pcarbon: dict[int, int] = {}
        self.roots = [-1] * (4 * (NUM_TILES + 1))
        #: Not saved: shortest paths over the placed tiles, `paths[source][tile]` (§2), filled
        #: as asked (carbon_movement.py). Clones share it until one of them places a tile,
        #: which gives that one a new, empty dict (forest.put_tile): a shared dict only ever
        #: serves states whose forests are the same.
        self.paths: dict[int, list[int]] = {}
        #: Not saved either: the forest's answers for the legal actions (memo.py), shared and
        #: renewed like `paths`.
        self.memo = ForestMemo()
        # cards and tiles
        self.deck: list[int] = []  # deck[0] is drawn next
        self.discard: list[int] = []
        self.reshuffled = [0] * (NUM_TILES + 1)  # the last reshuffle each tile went through
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.goals: list[int] = []
        self.bonus_sets: list[list[int]] = []
        # players
        self.res = [[0, 0, 0, 0] for _ in range(n)]  # C, N, P, K
        self.ready = [0] * n  # bit mask of ready activation tokens
        self.seedlings = [0] * n
        self.trees = [0] * n
        self.roots_left = [0] * n
        self.track = [0] * n
        self.bonus: list[list[int]] = [[] for _ in range(n)]
        self.end_space = [-1] * n
        self.big_turns = [0] * n  # goal 1
        self.conversions = [0] * n  # goal 2
        self.symbol_turns = [0] * n  # goal 8
        # turn order
        self.first = 0
        self.to_move = 0
        self.round = 0
        self.final_round = -1  # the last round once the end is triggered (§8)
        self.over = False
        self.setup_left = 0  # initial seedlings still to place (§3.6)
        # this turn
        self.pending: list[Decision] = []
        self.absorbed = False
        self.track_done = False
        self.gained_c = 0
        self.root_symbols = [0, 0, 0, 0]
        self.activated = 0  # bit mask of tile ids activated this turn

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over  # current_player's answer without the property (playouts ask it)

    # -- copying and saving -----------------------------------------------------------------
    def clone(self) -> UndergroveState:
        new = UndergroveState.__new__(UndergroveState)
        self.copy_base(new)
        new.tile_at = self.tile_at.copy()
        new.pos = self.pos[:]
        new.carbon = self.carbon[:]
        new.stored = self.stored[:]
        new.piece = self.piece.copy()
        new.pcarbon = self.pcarbon.copy()
        new.roots = self.roots[:]
        new.bga_moves = self.bga_moves
        new.paths = self.paths
        new.memo = self.memo
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.reshuffled = self.reshuffled[:]
        new.hands = [h[:] for h in self.hands]
        new.goals = self.goals
        new.bonus_sets = [b[:] for b in self.bonus_sets]
        new.res = [r[:] for r in self.res]
        new.ready = self.ready[:]
        new.seedlings = self.seedlings[:]
        new.trees = self.trees[:]
        new.roots_left = self.roots_left[:]
        new.track = self.track[:]
        new.bonus = [b[:] for b in self.bonus]
        new.end_space = self.end_space[:]
        new.big_turns = self.big_turns[:]
        new.conversions = self.conversions[:]
        new.symbol_turns = self.symbol_turns[:]
        new.first = self.first
        new.to_move = self.to_move
        new.round = self.round
        new.final_round = self.final_round
        new.over = self.over
        new.setup_left = self.setup_left
        new.pending = self.pending[:]
        new.absorbed = self.absorbed
        new.track_done = self.track_done
        new.gained_c = self.gained_c
        new.root_symbols = self.root_symbols[:]
        new.activated = self.activated
        return new

    def to_dict(self) -> dict[str, Any]:
        out = self.base_dict()
        out.update(
            tiles=[
                [t, *coords(self.pos[t]), self.carbon[t], self.stored[t]]
                for t in range(1, NUM_TILES + 1)
                if self.pos[t] >= 0
            ],
            pieces=[
                [*coords(c), code, self.pcarbon.get(c, 0)] for c, code in sorted(self.piece.items())
            ],
            roots=[[i // 4, i % 4, p] for i, p in enumerate(self.roots) if p >= 0],
            deck=list(self.deck),
            discard=list(self.discard),
            reshuffled=list(self.reshuffled),
            hands=[list(h) for h in self.hands],
            goals=list(self.goals),
            bonus_sets=[list(b) for b in self.bonus_sets],
            resources=[list(r) for r in self.res],
            ready=list(self.ready),
            seedlings=list(self.seedlings),
            trees=list(self.trees),
            roots_left=list(self.roots_left),
            track=list(self.track),
            bonus=[list(b) for b in self.bonus],
            end_space=list(self.end_space),
            big_turns=list(self.big_turns),
            conversions=list(self.conversions),
            symbol_turns=list(self.symbol_turns),
            first=self.first,
            to_move=self.to_move,
            round=self.round,
            final_round=self.final_round,
            over=self.over,
            setup_left=self.setup_left,
            pending=[e.to_list() for e in self.pending],
            absorbed=self.absorbed,
            track_done=self.track_done,
            gained_c=self.gained_c,
            root_symbols=list(self.root_symbols),
            # a list, not the bit mask: JSON numbers above 2**53 lose precision in browsers
            activated=[t for t in range(NUM_TILES + 1) if self.activated >> t & 1],
        )
        return out

    @classmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> UndergroveState:
        s = cls(players, seed, options)
        n = players
        s.load_base(data)
        for row in int_rows(data, "tiles", width=5):
            t, x, y, carbon, stored = row
            if not 1 <= t <= NUM_TILES or s.pos[t] >= 0 or carbon < 0 or not 0 <= stored <= 4:
                raise InvalidStateError(f"saved state has a bad tile {row!r}")
            c = _cell(x, y)
            if c in s.tile_at:
                raise InvalidStateError(f"saved state has two tiles on ({x},{y})")
            s.pos[t], s.carbon[t], s.stored[t] = c, carbon, stored
            s.tile_at[c] = t
        for row in int_rows(data, "pieces", width=4):
            x, y, code, carbon = row
            c = _cell(x, y)
            if c in s.piece or not ((0 <= code < 8 and code % 4 < n) or code == BLOCKER):
                raise InvalidStateError(f"saved state has a bad piece {row!r}")
            if not 0 <= carbon <= 4:
                raise InvalidStateError(f"saved state has a bad piece {row!r}")
            s.piece[c] = code
            if code != BLOCKER:
                s.pcarbon[c] = carbon
        for row in int_rows(data, "roots", width=3):
            t, i, p = row
            if not (1 <= t <= NUM_TILES and 0 <= i < 4 and 0 <= p < n and s.pos[t] >= 0):
                raise InvalidStateError(f"saved state has a bad root {row!r}")
            s.roots[4 * t + i] = p
        s.deck = int_list(data, "deck")
        s.discard = int_list(data, "discard")
        if "reshuffled" in data:  # a save from before it was remembered: no reshuffle known
            s.reshuffled = int_list(data, "reshuffled", length=NUM_TILES + 1, minimum=0)
        s.hands = int_rows(data, "hands", count=n)
        s.goals = int_list(data, "goals")
        s.bonus_sets = int_rows(data, "bonus_sets", count=3)
        res = int_rows(data, "resources", count=n, width=4)
        if any(min(r) < 0 for r in res):
            raise InvalidStateError("saved state field 'resources' has a negative amount")
        s.res = res
        for name in (
            "ready",
            "seedlings",
            "trees",
            "roots_left",
            "track",
            "end_space",
            "big_turns",
            "conversions",
            "symbol_turns",
        ):
            setattr(s, name, int_list(data, name, length=n))
        s.bonus = int_rows(data, "bonus", count=n)
        s.first = require(data, "first", int)
        s.to_move = require(data, "to_move", int)
        s.round = require(data, "round", int)
        s.final_round = require(data, "final_round", int)
        s.over = require(data, "over", bool)
        s.setup_left = require(data, "setup_left", int)
        s.pending = [load(entry) for entry in require(data, "pending", list)]
        s.absorbed = require(data, "absorbed", bool)
        s.track_done = require(data, "track_done", bool)
        s.gained_c = require(data, "gained_c", int)
        s.root_symbols = int_list(data, "root_symbols", length=4)
        activated = int_list(data, "activated")
        if any(not 1 <= t <= NUM_TILES for t in activated):
            raise InvalidStateError("saved state field 'activated' lists an unknown tile")
        s.activated = sum(1 << t for t in set(activated))
        s.memo = ForestMemo()  # the forest was laid field by field: nothing asked before counts
        _check_consistent(s)
        return s


def _check_reshuffles(s: UndergroveState, hidden: list[int]) -> None:
    """The deck holds only tiles of the last reshuffle (a reshuffle needs an empty deck), and
    a view's hidden hand tiles come each from a reshuffle with such tiles left unseen."""
    last = max(s.reshuffled)
    if last > s.game.info.max_length:  # each reshuffle needs a discard first
        raise InvalidStateError("saved state counts more reshuffles than a game could hold")
    if any(s.reshuffled[t] for t in range(DECK[0])):
        raise InvalidStateError("saved state reshuffled a tile that is never in the deck")
    unseen = [s.reshuffled[t] for t in s.deck]
    if not s.redacted and any(e != last for e in unseen):
        raise InvalidStateError("saved state's deck holds a tile from before its last reshuffle")
    for e in set(hidden):
        if not -1 - last <= e <= -1 or hidden.count(e) > unseen.count(-1 - e):
            raise InvalidStateError("saved state hides a hand tile no reshuffle could give")


def _cell(x: int, y: int) -> int:
    if not (-OFFSET < x < OFFSET and -OFFSET < y < OFFSET):
        raise InvalidStateError(f"saved state has a position ({x},{y}) off the table")
    return cell(x, y)


def _check_consistent(s: UndergroveState) -> None:
    """Refuse saves that no game could reach (a broken file must not become a broken game)."""
    n = s.num_players
    if s.first not in range(n) or s.to_move not in range(n):
        raise InvalidStateError("saved state has a bad first player or player to move")
    if len(s.goals) != 3 or any(g not in GOALS for g in s.goals):
        raise InvalidStateError("saved state has bad goals")
    if any(b not in BONUS_TILES for row in s.bonus_sets + s.bonus for b in row):
        raise InvalidStateError("saved state has an unknown bonus tile")
    if not (s.over or s.pending):
        raise InvalidStateError("saved state has nothing to decide but is not over")
    hidden = [t for h in s.hands for t in h if t < 0]
    known = [t for h in s.hands for t in h if t >= 0] + s.deck + s.discard
    known += [t for t in range(1, NUM_TILES + 1) if s.pos[t] >= 0]
    if hidden and not s.redacted:
        raise InvalidStateError("a full saved state cannot have hidden hand tiles")
    if sorted(known) != list(range(1, NUM_TILES + 1)):
        raise InvalidStateError("saved state's tiles are not exactly the 53 tiles of the game")
    _check_reshuffles(s, hidden)
    if any(not 0 <= v <= 9 for v in s.track):
        raise InvalidStateError("saved state has a carbon-track position off the track")
    _check_pieces(s)
    _check_counters(s)
    for e in s.pending:
        problem = e.problem(s)
        if problem:
            raise InvalidStateError(
                f"saved state has a bad pending decision {e.to_list()!r}: {problem}"
            )


def _check_pieces(s: UndergroveState) -> None:
    """Pieces sit on corners of placed tiles, every root points at its owner's piece, and the
    supplies plus what is on the board make the starting supplies (§1, §2)."""
    n = s.num_players
    corners = {c + o for c in s.tile_at for o in CORNER_OFFSETS}
    tree_carbon = 3 if s.bga_moves else 0
    for c, code in s.piece.items():
        if c not in corners:
            raise InvalidStateError(f"saved state has a piece off the forest at {coord_text(c)}")
        # §4.2: a new tree's carbon is discarded; [BGA] it keeps its 3
        if code != BLOCKER and code >= 4 and s.pcarbon[c] != tree_carbon:
            raise InvalidStateError(
                f"saved state has a tree at {coord_text(c)} holding {s.pcarbon[c]} carbon "
                f"(a tree holds {tree_carbon})"
            )
    for i, p in enumerate(s.roots):
        if p < 0:
            continue
        t, slot = divmod(i, 4)
        if s.piece.get(s.pos[t] + CORNER_OFFSETS[slot]) not in (p, 4 + p):
            raise InvalidStateError(f"saved state has a root in tile {t} with no piece of P{p}")
    for p in range(n):
        on_board = sum(1 for code in s.piece.values() if code in (p, 4 + p))
        trees = sum(1 for code in s.piece.values() if code == 4 + p)
        roots = sum(1 for q in s.roots if q == p)
        if (
            s.seedlings[p] + on_board != SUPPLY["seedlings"]
            or s.trees[p] + trees != SUPPLY["trees"]
            or s.roots_left[p] + roots != SUPPLY["roots"]
        ):
            raise InvalidStateError(f"saved state's supply of P{p} does not match the forest")


def _check_counters(s: UndergroveState) -> None:
    """Tokens, end spaces, bonus tiles, goals and round counters within their ranges."""
    n = s.num_players
    if any(not 0 <= r <= ALL_TOKENS for r in s.ready):
        raise InvalidStateError("saved state field 'ready' is not a set of the 4 tokens")
    taken = [e for e in s.end_space if e >= 0]
    if any(not -1 <= e < len(END_SPACES) for e in s.end_space) or len(set(taken)) != len(taken):
        raise InvalidStateError("saved state has a bad or doubly taken end space")
    if any(e >= 0 and s.track[p] != 9 for p, e in enumerate(s.end_space)):
        raise InvalidStateError("saved state has an end space for a player not at the end")
    bonus = [b for row in s.bonus_sets + s.bonus for b in row]
    if len(set(bonus)) != len(bonus):
        raise InvalidStateError("saved state has the same bonus tile twice")
    if check_goals(tuple(s.goals)):
        raise InvalidStateError("saved state has bad goals")
    counters = (*s.big_turns, *s.conversions, *s.symbol_turns, *s.root_symbols, s.gained_c)
    if any(v < 0 for v in counters):
        raise InvalidStateError("saved state has a negative goal counter")
    if s.round < 0 or not -1 <= s.final_round <= s.round + 1 or not 0 <= s.setup_left <= n:
        raise InvalidStateError("saved state has bad round counters")
    if s.setup_left and [e.kind for e in s.pending] != [Kind.SETUP]:
        raise InvalidStateError("saved state is placing first seedlings but asks something else")


HIDDEN = -1  # a hidden tile drawn before any reshuffle; -1 - e: drawn after reshuffle e


def deck_count(state: UndergroveState) -> int:
    """Tiles really in the deck (a view's `deck` also holds the hidden hands)."""
    hidden = sum(1 for h in state.hands for t in h if t < 0)
    return len(state.deck) - hidden

"""Answers about the forest that the legal actions ask at every decision, kept until the forest
changes: which corners hold whose pieces, which tiles a piece roots into, which tiles a player
has a root on, the free corners and the empty cells next to the forest.

They depend only on the tiles, the pieces and the roots, which change a few times a turn, while
the legal actions are listed at every one of a turn's many small decisions (pay, flip, step).
Every change of the forest goes through `forest.put_tile`, `forest.put_piece`,
`forest.place_root` or `forest.forest_changed`, which give the state a new memo (clones share
one until either changes, like `paths`): a memo only ever serves states whose forests are the
same. A new piece or a new root keeps the answers that do not depend on it (`pieces_changed`,
`roots_changed`: the containers are shared, and a shared one is only ever filled by states
whose forests agree on what it depends on). Callers must not change the lists they are given;
a test that edits a state's fields by hand calls `forest_changed` after.
"""

from __future__ import annotations


class ForestMemo:
    """The cached answers; each is filled when first asked (forest.py, mushrooms.py)."""

    __slots__ = (
        "candidates",
        "copyable",
        "empty",
        "free",
        "mine",
        "own_slot",
        "pieces",
        "placed",
        "rooted",
        "seedlings",
        "slots",
    )

    def __init__(self) -> None:
        # the tiles alone
        self.placed: list[int] | None = None  # placed tiles, in id order
        self.empty: list[int] | None = None  # empty cells next to a placed tile
        self.copyable: dict[int, list[int]] = {}  # token -> placed tiles a copycat may copy
        # the tiles and the pieces
        self.seedlings: dict[int, list[int]] = {}  # player -> corners of their seedlings
        self.pieces: dict[int, list[int]] = {}  # player -> corners of their seedlings and trees
        self.free: list[int] | None = None  # corners without a piece
        self.slots: dict[int, list[int]] = {}  # 4 * restrict + player -> mushroom_slots
        # the tiles and the roots
        self.rooted: dict[int, list[int]] = {}  # corner -> tiles its piece roots into
        self.mine: dict[int, list[int]] = {}  # player -> placed tiles they have a root on
        # player -> (tile, token bit, carbon cost, nutrient cost, special) of the tiles they
        # might activate (mushrooms.activatable)
        self.candidates: dict[int, list[tuple[int, int, int, int, int]]] = {}
        # all three
        self.own_slot: dict[int, bool] = {}  # player -> has_own_free_slot

    def pieces_changed(self) -> ForestMemo:
        """A new memo for a forest with a piece more (or changed): the tiles' and the roots'
        answers carry over."""
        new = self._tiles_only()
        new.rooted = self.rooted
        new.mine = self.mine
        new.candidates = self.candidates
        return new

    def roots_changed(self) -> ForestMemo:
        """A new memo for a forest with a root more: the tiles' and the pieces' answers carry
        over."""
        new = self._tiles_only()
        new.seedlings = self.seedlings
        new.pieces = self.pieces
        new.free = self.free
        new.slots = self.slots
        return new

    def _tiles_only(self) -> ForestMemo:
        new = ForestMemo()
        new.placed = self.placed
        new.empty = self.empty
        new.copyable = self.copyable
        return new

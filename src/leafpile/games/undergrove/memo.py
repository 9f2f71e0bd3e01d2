"""Answers about the forest that the legal actions ask at every decision, kept until the forest
changes: which corners hold whose pieces, which tiles a piece roots into, which tiles a player
has a root on, the free corners and the empty cells next to the forest.

They depend only on the tiles, the pieces and the roots, which change a few times a turn, while
the legal actions are listed at every one of a turn's many small decisions (pay, flip, step).
Every change of the forest goes through `forest.put_tile` or `forest.forest_changed`, which
give the state a new, empty memo (clones share one until either changes, like `paths`): a
memo only ever serves states whose forests are the same. Callers must not change the lists
they are given; a test that edits a state's fields by hand calls `forest_changed` after.
"""

from __future__ import annotations


class ForestMemo:
    """The cached answers; each is filled when first asked (forest.py)."""

    __slots__ = (
        "candidates",
        "copyable",
        "empty",
        "free",
        "mine",
        "pieces",
        "placed",
        "rooted",
        "seedlings",
    )

    def __init__(self) -> None:
        self.rooted: dict[int, list[int]] = {}  # corner -> tiles its piece roots into
        self.seedlings: dict[int, list[int]] = {}  # player -> corners of their seedlings
        self.pieces: dict[int, list[int]] = {}  # player -> corners of their seedlings and trees
        self.mine: dict[int, list[int]] = {}  # player -> placed tiles they have a root on
        self.placed: list[int] | None = None  # placed tiles, in id order
        self.free: list[int] | None = None  # corners without a piece
        self.empty: list[int] | None = None  # empty cells next to a placed tile
        # player -> (tile, token bit, carbon cost, nutrient cost, special) of the tiles they
        # might activate (mushrooms.activatable)
        self.candidates: dict[int, list[tuple[int, int, int, int, int]]] = {}
        self.copyable: dict[int, list[int]] = {}  # token -> placed tiles a copycat may copy

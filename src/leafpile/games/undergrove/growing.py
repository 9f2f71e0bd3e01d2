"""Reproduce and Partner (§4.3, §4.4): mushrooms from hand, new seedlings and roots.

Both actions may first put a mushroom from hand (paid with a nutrient); it is mandatory when
there is otherwise nowhere to grow (no free corner for Reproduce, no free root slot next to
your pieces for Partner). Ongoing mushrooms (28-31) add a free mushroom or an extra root.
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, Rng
from leafpile.games.undergrove.actions import SKIP, Place, Root, Seedling, place, root, seedling
from leafpile.games.undergrove.components import C, K, P
from leafpile.games.undergrove.decision import Decision, push
from leafpile.games.undergrove.forest import (
    ANYWHERE,
    NEW_CORNER,
    NEXT_TO_OWN,
    free_corners,
    has_ongoing,
    has_own_free_slot,
    mushroom_slots,
    piece_corners,
    place_root,
    put_piece,
    put_tile,
    root_slots,
)
from leafpile.games.undergrove.kinds import Kind, Ongoing
from leafpile.games.undergrove.payments import PAY_ONE, nutrients
from leafpile.games.undergrove.state import UndergroveState

#: A root decision's `corner` when the root may come from any of the player's pieces.
ANY_PIECE = -1


@dataclass(frozen=True, slots=True)
class PlaceMushroom(Decision):
    """Put a mushroom from hand next to the forest (`restrict`: see forest.ANYWHERE), paying a
    nutrient unless `free`; `second`: a free second one follows (Slippery Jack, Smith's
    Amanita). Optional (`skip`) only when not restricted."""

    kind = Kind.PLACE
    prompt = "place a mushroom from your hand (or skip)"
    droppable = True

    restrict: int
    second: bool
    free: bool

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        out: list[Action] = []
        hand = s.hands[p]
        if hand and (self.free or nutrients(s, p) >= 1):
            slots = mushroom_slots(s, p, self.restrict)
            for t in sorted(hand):
                for c in slots:
                    out.append(place(t, c))
        if self.restrict == ANYWHERE:
            out.append(SKIP)
        return out

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        """The k-th of `options`: (tile, cell) from the hand in order times the slots."""
        hand = s.hands[p]
        slots: list[int] = []
        if hand and (self.free or nutrients(s, p) >= 1):
            slots = mushroom_slots(s, p, self.restrict)
        m = len(hand) * len(slots)
        k = rng.randrange(m + (self.restrict == ANYWHERE))
        if k == m:
            return SKIP
        i, j = divmod(k, len(slots))
        return place(sorted(hand)[i], slots[j])

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        return (
            bool(s.hands[p])
            and (self.free or nutrients(s, p) >= 1)
            and bool(mushroom_slots(s, p, self.restrict))
        )

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        s.pending.pop()
        if action is SKIP:
            return
        assert type(action) is Place
        s.hands[p].remove(action.tile)
        put_tile(s, action.tile, action.cell)
        # §4 step 5: the replacement is drawn when the turn ends. BGA draws it at once but keeps
        # it aside until the turn is confirmed, so it can never be placed in the same action.
        if self.free:
            return
        if self.second:  # Slippery Jack / Smith's Amanita: a second mushroom, free (§4.3, §4.4)
            push(s.pending, PAY_ONE, FREE_MUSHROOM)
        else:
            s.pending.append(PAY_ONE)

    def problem(self, s: UndergroveState) -> str | None:
        ok = self.restrict in (ANYWHERE, NEW_CORNER, NEXT_TO_OWN)
        return None if ok else "arguments out of range"


FREE_MUSHROOM = PlaceMushroom(ANYWHERE, False, True)


@dataclass(frozen=True, slots=True)
class PlaceSeedling(Decision):
    """Reproduce's seedling on a free corner, then its root; `candy`: Candy Cap's extra root."""

    kind = Kind.SEEDLING
    prompt = "put a seedling on a free corner"

    candy: bool

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [seedling(c) for c in free_corners(s)]

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        corners = free_corners(s)
        return seedling(corners[rng.randrange(len(corners))])

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Seedling
        s.pending.pop()
        put_piece(s, action.corner, p)
        s.pcarbon[action.corner] = 0
        s.seedlings[p] -= 1
        if self.candy:  # Candy Cap: one more root around the new seedling
            push(s.pending, PlaceRoot(action.corner, False), PlaceRoot(action.corner, True))
        else:
            s.pending.append(PlaceRoot(action.corner, False))


@dataclass(frozen=True, slots=True)
class PlaceRoot(Decision):
    """A root from the piece on `corner` (ANY_PIECE: any of the player's) into a tile touching
    it; `optional`: `skip` is allowed. Dropped when no root or no slot is left (§5.1 [D])."""

    kind = Kind.ROOT
    prompt = "place a root"
    droppable = True

    corner: int
    optional: bool

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        if s.roots_left[p] < 1:
            return []
        corners = [self.corner] if self.corner >= 0 else piece_corners(s, p)
        out: list[Action] = [root(c, t) for c in corners for t, _i in root_slots(s, c)]
        if self.optional and out:
            out.append(SKIP)
        return out

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        if s.roots_left[p] < 1:
            return Decision.pick(self, s, p, rng)  # nothing to choose: the empty list's draw
        corners = [self.corner] if self.corner >= 0 else piece_corners(s, p)
        pairs = [(c, t) for c in corners for t, _i in root_slots(s, c)]
        k = rng.randrange(len(pairs) + (self.optional and bool(pairs)))
        return SKIP if k == len(pairs) else root(*pairs[k])

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        if s.roots_left[p] < 1:
            return False
        corners = [self.corner] if self.corner >= 0 else piece_corners(s, p)
        return any(root_slots(s, c) for c in corners)

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        s.pending.pop()
        if action is SKIP:
            return
        assert type(action) is Root
        place_root(s, p, action.corner, action.tile)

    def problem(self, s: UndergroveState) -> str | None:
        p = s.to_move
        ok = self.corner == ANY_PIECE or s.piece.get(self.corner) in (p, 4 + p)
        return None if ok else "arguments out of range"


ROOT_ANY = PlaceRoot(ANY_PIECE, False)
ROOT_ANY_OPTIONAL = PlaceRoot(ANY_PIECE, True)


def can_reproduce(s: UndergroveState, p: int) -> bool:
    """§4.3: a seedling and a root in supply, 2 P + 1 C, and somewhere to put the seedling."""
    r = s.res[p]
    if s.seedlings[p] < 1 or s.roots_left[p] < 1 or r[P] < 2 or r[C] < 1:
        return False
    if free_corners(s):
        return True
    return bool(s.hands[p]) and nutrients(s, p) - 2 >= 1 and bool(mushroom_slots(s, p, NEW_CORNER))


def reproduce(s: UndergroveState, p: int) -> None:
    """§4.3: pay 2 P + 1 C; a mushroom (mandatory if no corner is free), a seedling, a root."""
    r = s.res[p]
    r[P] -= 2
    r[C] -= 1
    candy = has_ongoing(s, p, Ongoing.REPRODUCE_ROOT)
    jack = has_ongoing(s, p, Ongoing.REPRODUCE_MUSHROOM)
    restrict = ANYWHERE if free_corners(s) else NEW_CORNER
    push(s.pending, PlaceMushroom(restrict, jack, False), PlaceSeedling(candy))


def can_partner(s: UndergroveState, p: int) -> bool:
    """§4.4: a root in supply, 2 K + 1 C, and a free root slot (now or after a placement)."""
    r = s.res[p]
    if s.roots_left[p] < 1 or r[K] < 2 or r[C] < 1:
        return False
    if has_own_free_slot(s, p):
        return True
    return bool(s.hands[p]) and nutrients(s, p) - 2 >= 1 and bool(mushroom_slots(s, p, NEXT_TO_OWN))


def partner(s: UndergroveState, p: int) -> None:
    """§4.4: pay 2 K + 1 C; a mushroom (mandatory if no slot is free), then two roots ("Placez
    2 nouvelles Racines": the second one too whenever it can be placed, dropped when no slot
    or root is left; `carbon_moves=bga`: the second one is optional, as on BGA), and an
    optional third with Earthfan."""
    r = s.res[p]
    r[K] -= 2
    r[C] -= 1
    earthfan = has_ongoing(s, p, Ongoing.PARTNER_ROOT)
    smith = has_ongoing(s, p, Ongoing.PARTNER_MUSHROOM)
    restrict = ANYWHERE if has_own_free_slot(s, p) else NEXT_TO_OWN
    second = ROOT_ANY_OPTIONAL if s.bga_moves else ROOT_ANY
    entries: list[Decision] = [PlaceMushroom(restrict, smith, False), ROOT_ANY, second]
    if earthfan:
        entries.append(ROOT_ANY_OPTIONAL)
    push(s.pending, *entries)

"""Under the Leaves in words: colours, tiles, orientations, dweller cards and what a placement
brings, for the log sentences (`describe`), the terminal, the browser (`web/`, its extras) and
the balance report.

What a placement brings is found by laying the tile on a clone of the view and running the
arrivals only (rules.arrivals): the end of the turn, which draws the refill with the hidden
RNG, is never played, so nothing hidden is used or shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action
from leafpile.games.under_the_leaves.actions import Choose, Place, Take
from leafpile.games.under_the_leaves.components import (
    MUSHROOM,
    PUDDLE,
    TILE_TO_SPACE,
    TILES,
    TYPE_MASK,
    space_bit,
    tile_bit,
)
from leafpile.games.under_the_leaves.rules import arrivals
from leafpile.games.under_the_leaves.scoring import hummingbirds
from leafpile.games.under_the_leaves.state import UnderTheLeavesState
from leafpile.i18n import Msg

#: Type code -> its name in words (1-5 the colours, 6 a puddle).
COLOUR_WORDS: dict[int, Msg] = {
    1: Msg("pink"),
    2: Msg("yellow"),
    3: Msg("orange"),
    4: Msg("purple"),
    5: Msg("green"),
    PUDDLE: Msg("puddle"),
}

FAMILY_WORDS = (Msg("leaf dweller"), Msg("mushroom dweller"), Msg("puddle dweller"))
#: Each family by its name in the data files (data/dwellers.json `family`), in one word.
FAMILY_NAMES: dict[str, Msg] = {
    "leaf": Msg("leaf"),
    "mushroom": Msg("mushroom"),
    "puddle": Msg("puddle"),
}

#: Each card's title and its condition in words.
CARD_WORDS: dict[str, tuple[Msg, Msg]] = {
    "thoughtful": (
        Msg("Thoughtful"),
        Msg(
            "A pollinated sector holds a 2-by-2 square of its colour: a leaf dweller on the "
            "square's centre. Those 4 spaces never serve another leaf dweller."
        ),
    ),
    "restless": (
        Msg("Restless"),
        Msg("A pollinated sector of 5 or more spaces: a leaf dweller on it, once per sector."),
    ),
    "flirty": (
        Msg("Flirty"),
        Msg(
            "A 2-by-2 block of 4 different types (a puddle counts as a type): a leaf dweller on "
            "its centre. Those 4 spaces never serve another leaf dweller."
        ),
    ),
    "runner": (
        Msg("Runner"),
        Msg(
            "A pollinated sector with 4 spaces in a straight row or column: a leaf dweller on "
            "it, once per sector."
        ),
    ),
    "host": (
        Msg("Host"),
        Msg("A sector of any size with 2 or more mushrooms: a mushroom dweller on it, once."),
    ),
    "explorer": (
        Msg("Explorer"),
        Msg(
            "3 mushrooms in one row or column of spaces, any distance apart: a mushroom "
            "dweller on the middle one."
        ),
    ),
    "collector": (
        Msg("Collector"),
        Msg("2 diagonally adjacent mushrooms: a mushroom dweller on the one you choose."),
    ),
    "loner": (
        Msg("Loner"),
        Msg(
            "A mushroom whose 8 surrounding spaces are all filled, none with a mushroom: a "
            "mushroom dweller on it."
        ),
    ),
    "diver": (
        Msg("Diver"),
        Msg(
            "A puddle of 2 or more spaces forms: a puddle dweller on it; growing it later "
            "gives no more."
        ),
    ),
    "skipper": (
        Msg("Skipper"),
        Msg(
            "Two puddles with exactly one other space between them in a row or column: a "
            "puddle dweller on that space."
        ),
    ),
    "friendly": (
        Msg("Friendly"),
        Msg("2 diagonally adjacent puddles: a puddle dweller on the one you choose."),
    ),
    "shy": (
        Msg("Shy"),
        Msg(
            "A puddle whose 8 surrounding spaces are all filled, none a puddle: a puddle "
            "dweller on it."
        ),
    ),
}
BURLY_WORDS = (
    Msg("Burly"),
    Msg(
        "Goes to the first player with a sector of 5 or more spaces, then to whoever forms a "
        "sector larger than the holder's largest: 3 points at the end."
    ),
)


def tile_name(tile_id: int) -> Msg:
    """A garden tile in words: its pair colour, its single colour, and its puddle or mushroom
    ("the pink tile with orange and a puddle")."""
    a, b, c, _ = TILES[tile_id].spaces  # [A, B, C, C] as printed (§1.2)
    pair, single = COLOUR_WORDS[c & TYPE_MASK], COLOUR_WORDS[b & TYPE_MASK]
    if a & TYPE_MASK == PUDDLE:
        return Msg("the {pair} tile with {single} and a puddle", pair=pair, single=single)
    if a & MUSHROOM:
        return Msg(
            "the {pair} tile with {single} and a mushroom on {corner}",
            pair=pair,
            single=single,
            corner=COLOUR_WORDS[a & TYPE_MASK],
        )
    return Msg("the starting tile")  # pragma: no cover - never taken nor placed


def orientation_words(o: int) -> Msg:
    quarter = o % 4
    if o >= 4:
        return Msg("turned {deg}° and flipped", deg=90 * quarter) if quarter else Msg("flipped")
    return Msg("turned {deg}°", deg=90 * quarter) if quarter else Msg("as printed")


@dataclass(frozen=True)
class Gain:
    """What one placement brings to the player to move (figures that arrive now; the
    Collector and Friendly pairs each bring one figure once its space is chosen)."""

    bees: int
    birds: int
    dwellers: tuple[int, int, int]  # leaf, mushroom, puddle figures placed now
    choices: tuple[int, int, int]  # pairs to settle per family (one figure each)
    burly: bool  # the placement takes Burly
    largest: int  # the player's largest sector afterwards

    @property
    def total(self) -> int:
        return self.bees + self.birds + sum(self.dwellers) + sum(self.choices)


def placed(view: UnderTheLeavesState, action: Place) -> UnderTheLeavesState:
    """A clone of `view` with the taken tile laid as `action` says and the arrivals run (no
    refill, so nothing hidden is drawn)."""
    p = view.to_move
    after = view.clone()
    tile = after.taken
    tb = tile_bit(action.x, action.y)
    after.put_tile(p, tile, tb, action.o)
    arrivals(after, p, TILE_TO_SPACE[tb], tile, action.o)
    return after


def place_gain(view: UnderTheLeavesState, action: Place) -> Gain:
    """What laying the taken tile as `action` says brings (`placed`)."""
    return gain_of(view, placed(view, action))


def gain_of(view: UnderTheLeavesState, after: UnderTheLeavesState) -> Gain:
    """What the placement that led from `view` to `after` (`placed`) brings its player."""
    p = view.to_move
    choices = [0, 0, 0]
    for pair in after.pending:
        choices[pair.family] += 1
    d0, d1 = view.dwellers[3 * p : 3 * p + 3], after.dwellers[3 * p : 3 * p + 3]
    return Gain(
        bees=after.bees[p] - view.bees[p],
        birds=hummingbirds(after, p) - hummingbirds(view, p),
        dwellers=(d1[0] - d0[0], d1[1] - d0[1], d1[2] - d0[2]),
        choices=(choices[0], choices[1], choices[2]),
        burly=after.burly_holder == p and view.burly_holder != p,
        largest=after.largest[p],
    )


def join(items: list[Msg]) -> Msg:
    """A list of phrases joined by commas, still translatable."""
    out = items[0]
    for item in items[1:]:
        out = Msg("{a}, {b}", a=out, b=item)
    return out


def gain_words(view: UnderTheLeavesState, gain: Gain) -> Msg:
    items: list[Msg] = []
    if gain.bees:
        items.append(Msg.plural("{n} bee", "{n} bees", gain.bees))
    if gain.birds:
        items.append(Msg.plural("{n} hummingbird", "{n} hummingbirds", gain.birds))
    for family in range(3):
        card = CARD_WORDS[view.cards[family]][0]
        if n := gain.dwellers[family]:
            items.append(
                Msg.plural("the {card} arrives", "{n} {card} figures arrive", n, card=card)
            )
        if n := gain.choices[family]:
            items.append(
                Msg.plural(
                    "{n} {card} figure to place", "{n} {card} figures to place", n, card=card
                )
            )
    if gain.burly:
        items.append(Msg("Burly moves in"))
    return join(items) if items else Msg("nothing arrives")


def describe(state: UnderTheLeavesState, action: Action) -> str:
    """The log line of `action` in `state` (the viewer's view before it), in words: the tile
    taken, the tile placed (where, in tile coordinates, and turned how) and what arrived
    (found by running the arrivals on a clone, never the refill, so nothing hidden shows),
    where a chosen figure went."""
    player = f"P{state.to_move}"
    if isinstance(action, Take):
        return Msg("{player} takes {tile}", player=player, tile=tile_name(action.tile))
    if isinstance(action, Place) and state.taken:
        return Msg(
            "{player} places {tile} at {x},{y}, {how} — {what}",
            player=player,
            tile=tile_name(state.taken),
            x=action.x,
            y=action.y,
            how=orientation_words(action.o),
            what=gain_words(state, place_gain(state, action)),
        )
    if isinstance(action, Choose) and state.pending:
        pair = state.pending[0]
        card = CARD_WORDS[state.cards[pair.family]][0]
        upper = space_bit(action.x, action.y) == pair.first
        if pair.family == 1 and upper:
            return Msg("{player} puts the {card} on the upper mushroom", player=player, card=card)
        if pair.family == 1:
            return Msg("{player} puts the {card} on the lower mushroom", player=player, card=card)
        if upper:
            return Msg("{player} puts the {card} on the upper puddle", player=player, card=card)
        return Msg("{player} puts the {card} on the lower puddle", player=player, card=card)
    return str(action)

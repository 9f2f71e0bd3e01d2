"""Under the Leaves' browser renderer (renderer.js, under-the-leaves.css) and the display facts
it needs.

`extras(view)` (through `Game.extras`) is called by the server for every view it sends. It
gives the renderer each garden space by space with its sectors, figures, hummingbirds and score
broken down, the dweller cards in words with what each player has from them, Burly, the
market tiles in their 8 orientations and, for the player who must place a tile, what every
legal placement would bring (words.place_gain: the arrivals on a clone, never the refill), and
each legal action's parts (`choices`; `places` for the placements of each market tile before
one is taken). So the JavaScript draws, never re-implements a rule, never parses notation.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import State
from leafpile.games.under_the_leaves.actions import Choose, Place, Take
from leafpile.games.under_the_leaves.components import (
    BURLY_POINTS,
    COLOURS,
    GRID,
    MUSHROOM,
    NMASKS,
    ORIENTED,
    PUDDLE,
    TYPE_MASK,
    TYPE_NAMES,
    bits,
    space_bit,
    space_xy,
    tile_xy,
)
from leafpile.games.under_the_leaves.garden import flood
from leafpile.games.under_the_leaves.scoring import majority_bonus
from leafpile.games.under_the_leaves.state import CHOOSE, OVER, PLACE, TAKE, UnderTheLeavesState
from leafpile.games.under_the_leaves.words import (
    BURLY_WORDS,
    CARD_WORDS,
    FAMILY_WORDS,
    tile_name,
)
from leafpile.games.under_the_leaves.words import place_gain as place_gain

#: Cards whose figure sits on the centre of a 2x2 square (the record keeps its top-left space).
SQUARE_CARDS = ("thoughtful", "flirty")


def label(code: int) -> str:
    """A space as tiles.json writes it: "pink", "pink*" (with a mushroom), "puddle"."""
    return TYPE_NAMES[code & TYPE_MASK] + ("*" if code & MUSHROOM else "")


def tile_faces(tile: int) -> list[list[str]]:
    """The tile's [TL, TR, BL, BR] in each of the 8 orientations (o: quarter turns, then
    mirrored when o >= 4)."""
    return [[label(c) for c in codes] for codes in ORIENTED[tile]]


def groups(s: UnderTheLeavesState, p: int) -> list[dict[str, Any]]:
    """Every sector (any size) and every puddle of player p, with the bees on it."""
    base = NMASKS * p
    bees = {mask: b for _, mask, b in s.sectors[p]}
    out = []
    for kind in (*COLOURS, PUDDLE):
        spaces = s.masks[base + kind]
        while spaces:
            group = flood(spaces & -spaces, s.masks[base + kind])
            spaces &= ~group
            size = group.bit_count()
            out.append(
                {
                    "kind": TYPE_NAMES[kind],
                    "size": size,
                    "pollinated": kind != PUDDLE and size >= 3,
                    "bees": bees.get(group, 0),
                    "spaces": [list(space_xy(b)) for b in bits(group)],
                }
            )
    return out


def garden(s: UnderTheLeavesState, p: int) -> dict[str, Any]:
    grid0 = p * GRID
    spaces = []
    for _tile, x, y, _o in s.placed[p]:
        for dy in (0, 1):
            for dx in (0, 1):
                sx, sy = 2 * x + dx, 2 * y + dy
                spaces.append([sx, sy, label(s.grid[grid0 + space_bit(sx, sy)])])
    birds: dict[tuple[int, int], int] = {}
    for mask in (s.humm_base[p], s.humm_row[p], s.humm_col[p]):
        for tb in bits(mask):
            xy = tile_xy(tb)
            birds[xy] = birds.get(xy, 0) + 1
    figures = []
    for family, b in s.spots[p]:
        x, y = space_xy(b)
        centre = 1.0 if family == 0 and s.cards[0] in SQUARE_CARDS else 0.5
        figures.append([family, x + centre, y + centre])
    return {
        "spaces": spaces,
        "last": list(s.placed[p][-1][1:3]) if len(s.placed[p]) > 1 else None,
        "groups": groups(s, p),
        "birds": [[x, y, n] for (x, y), n in sorted(birds.items())],
        "figures": figures,
        "largest": s.largest[p],
        "turns": len(s.placed[p]) - 1,
    }


def score_parts(s: UnderTheLeavesState) -> list[dict[str, int]]:
    """Every player's score by where it comes from; the majority bonuses and Burly's points
    only count once the game is over (§8), as in the scores."""
    over = s.phase == OVER
    bonus = majority_bonus(s) if over else [[0, 0, 0]] * s.num_players
    out = []
    for p in range(s.num_players):
        d = s.dwellers[3 * p : 3 * p + 3]
        parts = {
            "bees": s.bees[p],
            "hummingbirds": (
                s.humm_base[p].bit_count() + s.humm_row[p].bit_count() + s.humm_col[p].bit_count()
            ),
            "leaf": d[0],
            "mushroom": d[1],
            "puddle": d[2],
            "leaf_bonus": bonus[p][0],
            "mushroom_bonus": bonus[p][1],
            "puddle_bonus": bonus[p][2],
            "burly": BURLY_POINTS if over and s.burly_holder == p else 0,
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def previews(s: UnderTheLeavesState) -> dict[str, dict[str, dict[str, Any]]]:
    """What each legal placement would bring, by tile id then notation: for the tile being
    placed, or before a tile is taken for each market tile (taking one draws nothing). About
    10 ms for the 150 placements of one tile late in a game."""
    if s.phase == TAKE:
        out = {}
        for action in s.legal_actions():
            assert isinstance(action, Take)
            taken = s.clone()
            taken.apply(action)
            out.update(previews(taken))
        return out
    gains = {}
    for action in s.legal_actions():
        assert isinstance(action, Place)
        g = place_gain(s, action)
        gains[str(action)] = {
            "bees": g.bees,
            "hummingbirds": g.birds,
            "dwellers": [g.dwellers[f] + g.choices[f] for f in range(3)],
            "choices": sum(g.choices),
            "burly": g.burly,
            "largest": g.largest,
            "total": g.total,
        }
    return {str(s.taken): gains}


def parts(action: object) -> dict[str, Any]:
    """A legal action as the page uses it: the tile taken, a placement's tile cell and
    orientation (`o`: quarter turns, +4 when mirrored), or the space a figure goes to."""
    if isinstance(action, Take):
        return {"kind": "take", "tile": str(action.tile)}
    if isinstance(action, Place):
        return {"kind": "place", "x": action.x, "y": action.y, "o": action.o}
    if isinstance(action, Choose):
        return {"kind": "choose", "x": action.x, "y": action.y}
    raise TypeError(f"Under the Leaves action of unknown kind: {action!r}")


def choices(s: UnderTheLeavesState) -> dict[str, dict[str, Any]]:
    """Notation -> parts, for every legal action of the player to move (nothing in them is
    hidden: the market, the tile taken and the gardens are on the table)."""
    if s.phase == OVER:
        return {}
    return {str(a): parts(a) for a in s.legal_actions()}


def places(s: UnderTheLeavesState) -> dict[str, list[dict[str, Any]]]:
    """The legal placements of each tile the player may place, by tile id, with their
    notation: of the tile taken, or before a tile is taken of each market tile (as previews)."""
    if s.phase == TAKE:
        out = {}
        for action in s.legal_actions():
            taken = s.clone()
            taken.apply(action)
            out.update(places(taken))
        return out
    return {str(s.taken): [{**parts(a), "action": str(a)} for a in s.legal_actions()]}


def extras(view: State) -> dict[str, Any]:
    assert isinstance(view, UnderTheLeavesState)
    s = view
    n = s.num_players
    cards = []
    for family, name in enumerate(s.cards):
        title, text = CARD_WORDS[name]
        cards.append(
            {
                "name": name,
                "title": title,
                "family": family,
                "family_name": FAMILY_WORDS[family],
                "text": text,
                "figures": [s.dwellers[3 * p + family] for p in range(n)],
            }
        )
    shown = [*s.market, *([s.taken] if s.taken else [])]
    out: dict[str, Any] = {
        "cards": cards,
        "burly": (
            {
                "title": BURLY_WORDS[0],
                "text": BURLY_WORDS[1],
                "holder": s.burly_holder if s.burly_holder >= 0 else None,
                "bar": s.burly_bar,
                "points": BURLY_POINTS,
            }
            if s.options.get("burly")
            else None
        ),
        "gardens": [garden(s, p) for p in range(n)],
        "scores": score_parts(s),
        "visible_score": bool(s.options.get("visible_score", True)) or s.phase == OVER,
        "tiles": {str(t): {"faces": tile_faces(t), "name": tile_name(t)} for t in shown},
        "choice": None,
        "preview": None,
        "places": None,
    }
    if s.phase == CHOOSE and s.pending:
        pair = s.pending[0]
        out["choice"] = {
            "family": pair.family,
            "card": CARD_WORDS[s.cards[pair.family]][0],
            "spaces": [list(space_xy(pair.first)), list(space_xy(pair.second))],
            "left": len(s.pending),
        }
    if s.phase in (TAKE, PLACE) and s.viewer is not None and s.viewer == s.to_move:
        out["preview"] = previews(s)
        out["places"] = places(s)
    return out

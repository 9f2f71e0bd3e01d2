"""Undergrove's components as data: the 53 mushroom tiles, the goals, the carbon track and the
bonus tiles (loaded from data/*.json; docs/rules/undergrove.md §1, §5, §6, §7).

Geometry (§2): tile (x, y) has the corners (x, y), (x+1, y), (x, y+1), (x+1, y+1). Cells and
corners share one integer encoding `(y + OFFSET) * W + (x + OFFSET)`: a corner's number is the
number of the cell whose top-left it is. The forest grows from a cross by at most 48 tiles,
so every coordinate stays far inside [-OFFSET, OFFSET).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from leafpile.games.undergrove.kinds import BonusKind, Effect, Measure, Ongoing, Reward
from leafpile.i18n import Msg

W = 256
OFFSET = 128

BLOCKER = 8  # piece code of a neutral place-holder (players' pieces: p seedling, 4 + p tree)
RESOURCES = "CNPK"  # carbon, nitrogen, phosphorus, potassium
C, N, P, K = 0, 1, 2, 3
NUTRIENTS = (N, P, K)
TOKENS = "bpgy"  # the four activation-token symbols (§1); display names below [DEFAULT] Q11
TOKEN_NAMES = ("blue", "pink", "green", "yellow")
ALL_TOKENS = 0b1111

#: Offsets from a cell to its corners TL, TR, BL, BR (root slot index = position in this tuple).
CORNER_OFFSETS = (0, 1, W, W + 1)
#: Offsets from a corner to the cells touching it, in the order matching CORNER_OFFSETS: the
#: cell at corner - CORNER_OFFSETS[i] has this corner as its corner number i.
CELLS_OF_CORNER = tuple(-o for o in CORNER_OFFSETS)
NEIGHBOURS = (1, -1, W, -W)


def cell(x: int, y: int) -> int:
    return (y + OFFSET) * W + (x + OFFSET)


def coords(c: int) -> tuple[int, int]:
    y, x = divmod(c, W)
    return x - OFFSET, y - OFFSET


def coord_text(c: int) -> str:
    x, y = coords(c)
    return f"{x},{y}"


@dataclass(frozen=True)
class Tile:
    id: int
    name: str
    token: int  # index into TOKENS, -1 for none (Earthlover)
    carbon: int  # carbon cost of activation (goes onto the tile)
    any: int  # "any nutrient" payments of activation
    vp: int | str  # pine cones, or "stored_x2" / "stored" / "adjacent" (§6.2)
    colour_name: bool  # goal 11
    animal_name: bool  # goal 12
    effect: dict[str, Any] = field(compare=False)

    @property
    def kind(self) -> Effect:
        return Effect(self.effect["kind"])

    @property
    def activatable(self) -> bool:
        return self.kind is not Effect.ONGOING


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())


def _load_tiles() -> tuple[tuple[Tile | None, ...], list[int], list[tuple[int, int, int, int]]]:
    raw = _read("tiles.json")
    tiles: list[Tile | None] = [None] * (len(raw["tiles"]) + 1)
    for entry in raw["tiles"]:
        token = TOKENS.index(entry["token"]) if entry["token"] else -1
        tiles[entry["id"]] = Tile(
            entry["id"],
            entry["name"],
            token,
            entry["carbon"],
            entry["any"],
            entry["vp"],
            entry["colour_name"],
            entry["animal_name"],
            entry["effect"],
        )
    start = [(e["tile"], e["x"], e["y"], e["carbon"]) for e in raw["start"]]
    return tuple(tiles), list(raw["stored_vp"]), start


TILES, STORED_VP, START_CROSS = _load_tiles()
NUM_TILES = len(TILES) - 1  # ids 1..53
EARTHLOVER = 1
STARTING_MUSHROOMS = (2, 3, 4, 5)
DECK = tuple(range(6, NUM_TILES + 1))  # the 48 mushroom tiles of the deck (§1)


def tile(tile_id: int) -> Tile:
    t = TILES[tile_id]
    assert t is not None
    return t


TOKEN_OF = tuple(-1 if t is None else t.token for t in TILES)
KIND_OF: tuple[Effect | None, ...] = tuple(None if t is None else t.kind for t in TILES)
ONGOING_BONUS = {
    Ongoing(t.effect["bonus"]): t.id for t in TILES if t is not None and t.kind is Effect.ONGOING
}


@dataclass(frozen=True)
class Goal:
    id: int
    name: str
    measure: Measure
    table: tuple[int, ...] = ()
    ranking: bool = False
    per: int = 0

    def points(self, value: int) -> int:
        """Points for a threshold/table goal (ranking goals are scored across players)."""
        if self.per:
            return self.per * value
        return self.table[min(value, len(self.table) - 1)]


def _load_goals() -> tuple[dict[int, Goal], tuple[int, ...]]:
    raw = _read("goals.json")
    goals = {
        g["id"]: Goal(
            g["id"],
            g["name"],
            Measure(g["measure"]),
            tuple(g.get("table", ())),
            bool(g.get("ranking", False)),
            int(g.get("per", 0)),
        )
        for g in raw["goals"]
    }
    return goals, tuple(raw["ranking"])


GOALS, RANKING_POINTS = _load_goals()
#: The six double-sided goal cards (§7): sides (1,2), (3,4), ...
GOAL_CARDS = tuple((2 * i + 1, 2 * i + 2) for i in range(len(GOALS) // 2))


def check_goals(goals: tuple[int, ...]) -> str | None:
    """Why a goal choice is impossible (None if fine): 3 goals, from 3 different cards."""
    if len(goals) != 3 or any(g not in GOALS for g in goals):
        return Msg("option 'goals' needs 3 goal numbers 1-12")
    if len({(g - 1) // 2 for g in goals}) != 3:
        return Msg("option 'goals' needs goals from 3 different cards (1/2, 3/4, ... are one card)")
    return None


@dataclass(frozen=True)
class BonusTile:
    id: int
    kind: BonusKind  # gain and refresh are one-shot, points count at the end
    resource: int = -1
    points: int = 0

    @property
    def one_shot(self) -> bool:
        return self.kind is not BonusKind.POINTS


def _load_track() -> dict[str, Any]:
    track = dict(_read("track.json"))
    for space in (*track["spaces"], *track["end_spaces"]):
        space["reward"] = Reward(space["reward"])
    return track


_TRACK = _load_track()
TRACK_SPACES: tuple[dict[str, Any], ...] = tuple(_TRACK["spaces"])  # spaces 1..8
TRACK_END = len(TRACK_SPACES) + 1  # the 9th step: an end space
END_SPACES: tuple[dict[str, Any], ...] = tuple(_TRACK["end_spaces"])
BONUS_SETS_AT: tuple[int, ...] = tuple(_TRACK["bonus_sets_at"])
BONUS_SET_SIZE: dict[int, int] = {int(k): v for k, v in _TRACK["bonus_set_size"].items()}
BONUS_TILES: dict[int, BonusTile] = {
    b["id"]: BonusTile(
        b["id"],
        BonusKind(b["kind"]),
        RESOURCES.index(b["resource"]) if "resource" in b else -1,
        int(b.get("points", 0)),
    )
    for b in _TRACK["bonus_tiles"]
}
SUPPLY: dict[str, int] = dict(_TRACK["supply"])
START_RESOURCES = tuple(_TRACK["start_resources"][r] for r in RESOURCES)
HAND_SIZE: int = _TRACK["hand_size"]

"""Momiji's table as the browser draws it: cards, the display, every player's area, the
objectives and the turn so far (part of `extras`, in `web/__init__.py`)."""

from __future__ import annotations

from typing import Any

from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    LANDSCAPES,
    MAX_VALUE,
    OBJECTIVES,
    TYPE_LETTERS,
)
from leafpile.games.momiji.landscapes import MOD_OF_POWER
from leafpile.games.momiji.memory import SURE
from leafpile.games.momiji.scoring import OTHER_POINTS, OWNER_POINTS, metric
from leafpile.games.momiji.state import (
    DRAFT,
    MAIN_COLLECT,
    MAIN_OBJECTIVE,
    MAIN_PLAY,
    OVER,
    PLAY,
    MomijiState,
)
from leafpile.games.momiji.words import (
    POWER_WORDS,
    SLOT_WORDS,
    kind_words,
    landscape_text,
    landscape_title,
    objective_words,
)
from leafpile.i18n import Msg, as_json

#: A play tree stops growing at this many positions; its last positions are then "open": the
#: page sends the cards chosen so far without ending the Play, and the next tree goes on.
TREE_LIMIT = 1500


def w(text: str) -> Any:
    """Words for the page: a Msg in its message form (translated there), plain text as is."""
    return as_json(text) or {"id": str(text)}


def card(c: int) -> dict[str, Any] | None:
    return None if c < 0 else {"id": c, "kind": KIND_NAMES[CARD_KIND[c]]}


def kind_info(kind: int) -> dict[str, Any]:
    sample = CARDS[CARD_KIND.index(kind)]
    return {
        "type": TYPE_LETTERS[KIND_TYPE[kind]],
        "value": KIND_VALUE[kind],
        "left": sample.left,
        "right": sample.right,
        "words": w(kind_words(kind)),
    }


# -- the table -------------------------------------------------------------------------------
def objectives(s: MomijiState, legal: set[str]) -> list[dict[str, Any]]:
    n = s.num_players
    out = []
    for index, owner in zip(s.objectives, s.owners, strict=True):
        o = OBJECTIVES[index]
        values = [metric(s, p, index) for p in range(n)]  # piles are whole in every view
        top = max(values)
        best = [p for p in range(n) if values[p] == top] if top > 0 else []
        points = [
            (OWNER_POINTS if p == owner else OTHER_POINTS) if owner >= 0 and p in best else 0
            for p in range(n)
        ]
        action = f"obj {o.id}"
        out.append(
            {
                "id": o.id,
                "text": w(objective_words(index)),
                "owner": owner if owner >= 0 else None,
                "action": action if action in legal else None,
                "values": values,
                "best": best,
                "points": points,
            }
        )
    return out


def player_area(
    s: MomijiState, p: int, legal: set[str], objs: list[dict[str, Any]]
) -> dict[str, Any]:
    row = []
    for i, pile in enumerate(s.rows[p]):
        top = pile[-1]
        swap = f"swap {i + 1}"
        row.append(
            {
                "type": TYPE_LETTERS[CARD_TYPE[top]],
                "top": card(top),
                "size": len(pile),
                "closed": CARD_VALUE[top] == MAX_VALUE,
                "points": CARD_VALUE[top] * len(pile),
                "swap": swap if p == s.to_move and swap in legal else None,
            }
        )
    lands = []
    for slot, tile in enumerate(s.tiles[p]):
        action = f"land {LANDSCAPES[tile].id}"
        lands.append(
            {
                "id": LANDSCAPES[tile].id,
                "slot": slot,
                "slot_name": w(SLOT_WORDS[LANDSCAPES[tile].position]),
                "title": w(landscape_title(tile)),
                "text": w(landscape_text(tile)),
                "used": bool(s.tiles_used[p] >> slot & 1),
                "action": action if p == s.to_move and action in legal else None,
            }
        )
    piles = sum(r["points"] for r in row)
    objective = sum(o["points"][p] for o in objs if o["owner"] is not None)
    return {
        "acorns": s.acorns[p],
        "hand": len(s.hands[p]),
        "remembered": remembered(s, p),
        "row": row,
        "landscapes": lands,
        "owned": [o["id"] for o in objs if o["owner"] == p],
        "score": {
            "piles": piles,
            "acorns": s.acorns[p],
            "objectives": objective,
            "total": piles + s.acorns[p] + objective,
        },
    }


def remembered(s: MomijiState, p: int) -> list[dict[str, Any]] | None:
    """A hand this view does not see, as its seat remembers it (memory.py): the kinds seen
    taken face up, likeliest first, `sure` unless a face-down discard may have taken them
    since; at most as many as the hand holds. None for a hand the view shows."""
    hand = s.hands[p]
    if not hand or hand[0] >= 0:
        return None
    entries = sorted(zip(s.known[p], s.known_chance[p], strict=True), key=lambda e: -e[1])
    return [{"kind": KIND_NAMES[k], "sure": c >= SURE} for k, c in entries[: len(hand)]]


def display(s: MomijiState, legal: set[str]) -> list[dict[str, Any]]:
    columns: list[dict[str, Any]] = []
    for c in s.display:  # ascending ids: grouped by type, in type order
        letter = TYPE_LETTERS[CARD_TYPE[c]]
        if not columns or columns[-1]["type"] != letter:
            take = f"take {letter}"
            columns.append({"type": letter, "cards": [], "take": take if take in legal else None})
        info = card(c)
        assert info is not None
        pick = f"pick {info['kind']}"
        info["pick"] = pick if pick in legal else None
        columns[-1]["cards"].append(info)
    return columns


def turn_summary(s: MomijiState) -> list[Any]:
    """What the player to move has done this turn, and the effects in force."""
    if s.phase in (DRAFT, OVER):
        return []
    out: list[str] = []
    if s.main_used & MAIN_COLLECT:
        out.append(Msg("collected leaves"))
    if s.main_used & MAIN_PLAY:
        if s.phase == PLAY:
            out.append(
                Msg.plural(
                    "playing leaves: {n} card so far",
                    "playing leaves: {n} cards so far",
                    len(s.played),
                )
            )
        else:
            out.append(Msg("played leaves"))
    if s.main_used & MAIN_OBJECTIVE:
        out.append(Msg("activated an objective"))
    if not s.main_used:
        out.append(Msg("main action still to do"))
    elif s.mains_left > 0:
        out.append(Msg("one more main action allowed"))
    if s.composted:
        out.append(Msg("composted"))
    if s.land_used:
        out.append(Msg("used a landscape"))
    for power, bit in MOD_OF_POWER.items():
        if s.mods & bit:
            out.append(Msg("{power} in force", power=POWER_WORDS[power][0]))
    return [w(x) for x in out]

"""What each legal answer of the player to move means, for the page: a short label in words,
a longer explanation for the preview, and what it points at (a tile, a cell or a corner of the
forest, a tile in hand, a resource, a token, a bonus tile, an end space), so the page maps
clicks on drawn things to legal notations without reading the notation.

Each choice also says whether it is `final`: whether it ends the turn or reveals something
(draws a tile), so it can no longer be taken back; a phone asks to confirm only those.

Only the legal actions the rules list are described; an answer of a shape this module does not
know still gets its notation as a label, so the page stays playable when the rules change.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import Action
from leafpile.engine.takeback import may_take_back
from leafpile.games.undergrove.actions import (
    Carbon,
    Numbered,
    Place,
    Resource,
    Root,
    Seedling,
    Swap,
    Word,
)
from leafpile.games.undergrove.components import (
    BLOCKER,
    RESOURCES,
    TOKENS,
    coords,
    tile,
)
from leafpile.games.undergrove.forest import has_ongoing
from leafpile.games.undergrove.kinds import Kind, Ongoing
from leafpile.games.undergrove.rules import TAKE_BACKS
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.words import (
    bonus_text,
    colour,
    cost_text,
    effect_text,
    end_space_texts,
    name,
    xy,
)
from leafpile.games.undergrove.words.prompts import (
    owed,
)
from leafpile.i18n import Msg

Choice = dict[str, Any]


def choices(view: UndergroveState) -> dict[str, Choice]:
    """Notation -> what it means, for the legal actions of the player to move, when this view
    is theirs (the others are never told someone's choices)."""
    if view.over or not view.pending:
        return {}
    if view.redacted and view.viewer != view.to_move:
        return {}
    top = view.pending[-1]
    out: dict[str, Choice] = {}
    for action in view.legal_actions():
        try:
            out[str(action)] = choice(view, top.kind, action)
        except Exception:  # a shape of answer this module does not know yet
            out[str(action)] = {"label": str(action), "group": "other"}
        out[str(action)]["final"] = final(view, action)
    return out


def final(view: UndergroveState, action: Action) -> bool:
    """Whether `action` cannot be taken back: played on the mover's own view, it ends the
    turn or takes a tile from a place closed to them (the rules' `TAKE_BACKS`); the view holds
    all the mover knows, and a test checks this agrees with the true state's answer."""
    after = view.clone()
    after.apply(action)
    return not may_take_back(TAKE_BACKS, view, after)


def _at(c: int) -> list[int]:
    return list(coords(c))


def choice(s: UndergroveState, kind: Kind, action: Action) -> Choice:
    p = s.to_move
    if isinstance(action, Word):
        return _word(s, p, kind, action.word)
    if isinstance(action, Numbered):
        return _numbered(s, p, action.verb, action.n)
    if isinstance(action, Resource):
        letter = TOKENS[action.r] if action.verb in ("flip", "refresh") else RESOURCES[action.r]
        if action.verb == "flip":
            label = Msg("Flip the {colour} token", colour=colour(action.r))
            return {"label": label, "group": "token", "token": letter}
        if action.verb == "refresh":
            label = Msg("Ready the {colour} token", colour=colour(action.r))
            return {"label": label, "group": "token", "token": letter}
        if action.verb == "gain":
            return {"label": Msg("Take 1 {res}", res=letter), "group": "res", "res": letter}
        return {"label": Msg("Pay 1 {res}", res=letter), "group": "res", "res": letter}
    if isinstance(action, Swap):
        give, get = RESOURCES[action.give], RESOURCES[action.get]
        label = Msg("Give 1 {give}, take 1 {get}", give=give, get=get)
        return {"label": label, "group": "swap", "give": give, "get": get}
    if isinstance(action, Place):
        label = Msg("Place {tile} at {at}", tile=name(action.tile), at=xy(action.cell))
        return {
            "label": label,
            "group": "place",
            "hand": action.tile,
            "cell": _at(action.cell),
            "detail": effect_text(action.tile),
        }
    if isinstance(action, Seedling):
        label = Msg("A seedling on corner {at}", at=xy(action.corner))
        return {"label": label, "group": "seedling", "corner": _at(action.corner)}
    if isinstance(action, Root):
        at, into = xy(action.corner), name(action.tile)
        if _is_tree(s, action.corner):
            label = Msg("A root from the tree at {at} into {tile}", at=at, tile=into)
        else:
            label = Msg("A root from the seedling at {at} into {tile}", at=at, tile=into)
        return {
            "label": label,
            "group": "root",
            "corner": _at(action.corner),
            "tile": action.tile,
            "detail": _root_detail(action.tile),
        }
    if isinstance(action, Carbon):
        return _carbon(s, kind, action)
    return {"label": str(action), "group": "other"}


def _is_tree(s: UndergroveState, corner: int) -> bool:
    code = s.piece.get(corner, BLOCKER)
    return code != BLOCKER and code >= 4


def _root_detail(t: int) -> Msg:
    spec = tile(t)
    return Msg("{tile}: {effect}", tile=spec.name, effect=effect_text(t))


def _carbon(s: UndergroveState, kind: Kind, action: Carbon) -> Choice:
    trial = s.clone()
    trial.pending[-1].apply(trial, trial.to_move, action)
    steps = owed(trial)["steps"]
    via = getattr(action, "via", None)
    way = (
        Msg("no step to pay")
        if not steps
        else Msg.plural("{n} step to pay", "{n} steps to pay", steps)
    )
    label = Msg(
        "1 C from {tile} to the seedling at {at} ({way})",
        tile=name(action.tile),
        at=xy(action.corner),
        way=way,
    )
    out: Choice = {
        "label": label,
        "group": "carbon",
        "tile": action.tile,
        "corner": _at(action.corner),
        "steps": steps,
    }
    if isinstance(via, int) and via > 0:
        out["via"] = via
        out["label"] = Msg("{label}, through {tile}", label=label, tile=name(via))
    return out


def _word(s: UndergroveState, p: int, kind: Kind, word: str) -> Choice:
    if word == "absorb":
        return {
            "label": Msg("Absorb"),
            "group": "main",
            "detail": Msg(
                "Flip a ready token and pay 1 nutrient: 1 carbon from a tile onto one of your "
                "seedlings; each step of its way costs a token or a nutrient."
            ),
        }
    if word == "reproduce":
        return {
            "label": Msg("Reproduce"),
            "group": "main",
            "detail": Msg(
                "Pay 2 P + 1 C: a new seedling on a free corner, with 1 root (first you may "
                "place a mushroom from your hand for 1 nutrient)."
            ),
        }
    if word == "partner":
        return {
            "label": Msg("Partner"),
            "group": "main",
            "detail": Msg(
                "Pay 2 K + 1 C: new roots from your seedlings and trees (first you may place a "
                "mushroom from your hand for 1 nutrient)."
            ),
        }
    if word == "photosynthesize":
        gain = 3 if has_ongoing(s, p, Ongoing.PHOTOSYNTHESIZE_CARBON) else 2
        return {
            "label": Msg("Photosynthesize"),
            "group": "main",
            "detail": Msg(
                "+{n} C and all your tokens ready again; first you may convert N into C and "
                "discard tiles from your hand.",
                n=gain,
            ),
        }
    labels = {
        "skip": {
            Kind.PLACE: Msg("Place no mushroom"),
            Kind.ROOT: Msg("No more roots"),
        }.get(kind, Msg("Skip")),
        "stop": Msg("Absorb no more"),
        "done": {
            Kind.SWAP: Msg("No more swaps"),
            Kind.DISCARD: Msg("Done discarding"),
        }.get(kind, Msg("Done")),
        "nutrient": Msg("Take 1 N"),
        "again": Msg("Take another action"),
    }
    return {"label": labels.get(word, word), "group": "word"}


def _numbered(s: UndergroveState, p: int, verb: str, n: int) -> Choice:
    if verb == "activate":
        label = Msg("Activate {tile}", tile=name(n))
        detail = Msg("Cost: {cost}. {effect}", cost=cost_text(n), effect=effect_text(n))
        return {"label": label, "group": "activate", "tile": n, "detail": detail}
    if verb == "copy":
        label = Msg("Copy {tile}", tile=name(n))
        detail = Msg("Cost: {cost}. {effect}", cost=cost_text(n), effect=effect_text(n))
        return {"label": label, "group": "copy", "tile": n, "detail": detail}
    if verb == "use":
        label = Msg("Spend bonus tile: {what}", what=bonus_text(n))
        return {"label": label, "group": "bonus", "bonus": n}
    if verb == "take":
        label = Msg("Take bonus tile: {what}", what=bonus_text(n))
        return {"label": label, "group": "take", "bonus": n}
    if verb == "end":
        label = Msg("End space E{i}: {what}", i=n + 1, what=end_space_texts()[n])
        return {"label": label, "group": "end", "end": n}
    if verb == "convert":
        label = Msg("Convert nothing") if n == 0 else Msg("Convert {n} N into {n} C", n=n)
        return {"label": label, "group": "convert", "n": n}
    if verb == "discard":
        return {"label": Msg("Discard {tile}", tile=name(n)), "group": "discard", "hand": n}
    if verb == "store":
        top = s.pending[-1]
        t = int(getattr(top, "t", 0))
        res = tile(t).effect.get("resource", "") if t else ""
        label = Msg("Store nothing") if n == 0 else Msg("Store {n} {res}", n=n, res=res)
        return {"label": label, "group": "store", "n": n}
    return {"label": f"{verb} {n}", "group": "other"}

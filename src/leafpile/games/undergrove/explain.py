"""Why an Undergrove log line says what it does (the log's "why?"): how carbon moved (absorbed
straight from a rooted tile or moved there first, Photosynthesize, the Earthlover's refill, the
carbon track's step), and what Activate, Partner and Reproduce are.

The facts come from the same outcome the log sentence is built on (`words.log.outcome`: the
decision answered on a copy of the reader's view, then the automatic steps). The rules'
sentences are data, below (`RULES`, in the words of docs/rules/undergrove.md §4-§6).
"""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.undergrove.actions import Carbon, Numbered, Word
from leafpile.games.undergrove.components import STARTING_MUSHROOMS, TRACK_END
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.words import effect_text, name, track_texts, xy
from leafpile.games.undergrove.words.log import outcome
from leafpile.games.undergrove.words.prompts import owed
from leafpile.i18n import Msg, sentences

#: The rules a line is explained by.
RULES: dict[str, Msg] = {
    "absorb": Msg(
        "Absorb: flip any one ready activation token and pay 1 N, P or K, then one of your "
        "seedlings takes 1 C from a mushroom tile it has a root on. Carbon may first be moved "
        "onto a rooted tile that holds none, paying 1 N, P or K or 1 ready token per step of "
        "the way."
    ),
    "tree": Msg(
        "A seedling that holds 3 C becomes a tree when you have one in supply: its carbon "
        "goes back to the supply, and a tree never absorbs again."
    ),
    "photosynthesize": Msg(
        "Photosynthesize (always available): convert N into C one for one if you like, gain "
        "2 C (3 with the Brown Roll-rim), and make all 4 of your activation tokens ready "
        "again."
    ),
    "activate": Msg(
        "Activate is an action of your player board, not of a tile: choose a mushroom tile "
        "you have a root on, pay its cost (flip its token from ready to used, put its carbon "
        "from your supply onto the tile, pay any nutrient it asks), then apply its effect."
    ),
    "copy": Msg(
        "A copycat copies another placed mushroom of its token symbol: you pay that "
        "mushroom's costs (its carbon goes onto the copycat) and resolve its effect."
    ),
    "partner": Msg(
        "Partner: pay 2 K and 1 C, then put 1 root from any of your seedlings or trees into a "
        "free root slot of a tile touching its corner, and a second root if you like."
    ),
    "reproduce": Msg(
        "Reproduce: pay 2 P and 1 C, put a seedling on any free corner of the forest, then 1 "
        "root from it into a tile touching that corner."
    ),
    "track": Msg(
        "A turn in which you absorbed at least one carbon moves your carbon marker one space, "
        "and you take that space's reward; one step per turn however many you absorbed."
    ),
    "earthlover": Msg(
        "Whenever no carbon remains on any mushroom tile of the forest, 1 C goes on each of "
        "the four starting mushrooms around the Earthlover."
    ),
}

#: Decisions named by a word, and the rule that tells what they are.
WORD_RULES = {
    "absorb": "absorb",
    "photosynthesize": "photosynthesize",
    "partner": "partner",
    "reproduce": "reproduce",
}


def explain(s: UndergroveState, action: Action) -> Msg | None:
    """Why the line of `action` (from `s`, the reader's view before it) says what it does;
    None when it needs no reason."""
    direct, after = outcome(s, action)
    if direct is None or after is None:
        return None
    p = s.to_move
    parts: list[Msg] = []
    if isinstance(action, Word) and action.word in WORD_RULES:
        parts.append(RULES[WORD_RULES[action.word]])
    elif isinstance(action, Numbered) and action.verb == "activate":
        parts += [
            RULES["activate"],
            Msg("{tile}: {effect}.", tile=name(action.n), effect=effect_text(action.n)),
        ]
    elif isinstance(action, Numbered) and action.verb == "copy":
        parts += [
            RULES["copy"],
            Msg("{tile}: {effect}.", tile=name(action.n), effect=effect_text(action.n)),
        ]
    elif isinstance(action, Carbon):
        parts += _absorbed(s, p, action, direct)
    parts += _followed(p, direct, after)
    return sentences(parts)


def _absorbed(s: UndergroveState, p: int, action: Carbon, direct: UndergroveState) -> list[Msg]:
    """The carbon's way into the seedling, and the tree it may have grown into."""
    at, source = xy(action.corner), name(action.tile)
    steps = owed(direct)["steps"]  # the way still to pay: carbon moved before it is absorbed
    out: list[Msg] = []
    if steps:
        out.append(
            Msg.plural(
                "The seedling at {at} has no root on {tile}: the carbon is moved {n} step "
                "onto a tile the seedling roots into that holds none, then absorbed.",
                "The seedling at {at} has no root on {tile}: the carbon is moved {n} steps "
                "onto a tile the seedling roots into that holds none, then absorbed.",
                steps,
                at=at,
                tile=source,
            )
        )
    else:
        out.append(
            Msg(
                "The seedling at {at} has a root on {tile}: 1 C moves from the tile onto the "
                "seedling.",
                at=at,
                tile=source,
            )
        )
    out.append(RULES["absorb"])
    if s.piece.get(action.corner) == p and direct.piece.get(action.corner) == 4 + p:
        out.append(RULES["tree"])
    return out


def _followed(p: int, direct: UndergroveState, after: UndergroveState) -> list[Msg]:
    """The carbon track's step and the Earthlover's refill, when the turn's end brought them."""
    out: list[Msg] = []
    space = after.track[p]
    if space > direct.track[p]:
        if space >= TRACK_END:
            out.append(Msg("The carbon marker reaches the end of the track."))
        else:
            out.append(
                Msg(
                    "The carbon marker moves to space {n}: {reward}.",
                    n=space,
                    reward=track_texts()[space - 1],
                )
            )
        out.append(RULES["track"])
    if all(after.carbon[t] > direct.carbon[t] for t in STARTING_MUSHROOMS):
        out.append(RULES["earthlover"])
    return out

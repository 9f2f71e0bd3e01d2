"""What the player to move is doing, said to everyone else: the third-person twin of
`prompts.prompt` ("Choosing an action: ... a mushroom they have a root on"), so a page never
tells a spectator or an opponent "your hand" about someone else's decision."""

from __future__ import annotations

from typing import Any

from leafpile.games.undergrove.components import BONUS_SETS_AT, tile
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.words import decision_field, name, xy
from leafpile.i18n import Msg

_SAID = {
    Kind.SETUP: Msg("Putting a first seedling on a corner of the Earthlover (with a free root)."),
    Kind.FLIP: Msg("Paying for absorbing: flipping one of their ready tokens."),
    Kind.SEEDLING: Msg("Putting a seedling on a free corner of the forest."),
    Kind.CONVERT: Msg("Photosynthesize: converting nitrogen into carbon, 1 N for 1 C (or none)."),
    Kind.DISCARD: Msg("Perhaps discarding tiles from their hand (they draw back to 3)."),
    Kind.CHOICE: Msg("Taking 1 N, or another action."),
    Kind.COPY: Msg("Choosing the mushroom the copycat copies."),
    Kind.ENDSPACE: Msg(
        "End of the carbon track: choosing an end space. The game ends after the next round."
    ),
    Kind.REFRESH1: Msg("Making one of their used tokens ready again."),
}


def their_prompt(s: UndergroveState) -> Msg:
    """What the player to move is deciding, in the third person."""
    if s.over or not s.pending:
        return Msg("The game is over.")
    e = s.pending[-1]
    kind = e.kind
    if kind in _SAID:
        return _SAID[kind]
    if kind is Kind.MAIN:
        if s.activated:
            return Msg(
                "A mushroom gave them another action: activating another mushroom, Absorb, "
                "Reproduce, Partner or Photosynthesize."
            )
        return Msg(
            "Choosing an action: activating a mushroom they have a root on, Absorb, Reproduce, "
            "Partner or Photosynthesize."
        )
    if kind is Kind.CARBON:
        return Msg(
            "Absorbing carbon: 1 carbon from a tile into one of their seedlings, each step of "
            "its way paid with a ready token or a nutrient."
        )
    if kind is Kind.PAY:
        return Msg("Paying a nutrient (N, P or K): {n} to pay.", n=decision_field(e, "n", 1))
    if kind is Kind.STEP:
        return Msg.plural(
            "Paying the carbon's way: {n} step left, with a ready token or a nutrient.",
            "Paying the carbon's way: {n} steps left, each with a ready token or a nutrient.",
            decision_field(e, "n", 1),
        )
    if kind is Kind.GAIN:
        return Msg("Taking a nutrient of their choice: {n} to take.", n=decision_field(e, "n", 1))
    if kind is Kind.SWAP:
        return Msg("Earthlover: swapping a nutrient for another, or stopping.")
    if kind is Kind.PLACE:
        return _placing(e)
    if kind is Kind.ROOT:
        return _rooting(e)
    if kind is Kind.STORE:
        t = decision_field(e, "t")
        res = tile(t).effect.get("resource", "") if t else ""
        return Msg(
            "Perhaps storing some of their {res} on {tile}.", res=res, tile=name(t) if t else ""
        )
    if kind is Kind.BONUS:
        space = BONUS_SETS_AT[decision_field(e, "set_index")] if hasattr(e, "set_index") else 0
        return Msg("Carbon track space {n}: taking a bonus tile.", n=space)
    return Msg("Choose: {what}", what=e.prompt)


def _placing(e: Any) -> Msg:
    restrict = decision_field(e, "restrict")
    if decision_field(e, "free"):
        return Msg("Perhaps placing a second mushroom from their hand, for free.")
    if restrict == 1:
        return Msg(
            "No corner is free: placing a mushroom from their hand (1 nutrient) where it brings "
            "a free corner."
        )
    if restrict == 2:
        return Msg(
            "No root slot is free: placing a mushroom from their hand (1 nutrient) touching one "
            "of their pieces."
        )
    return Msg("Perhaps placing a mushroom from their hand next to the forest first (1 nutrient).")


def _rooting(e: Any) -> Msg:
    corner = decision_field(e, "corner", -1)
    optional = decision_field(e, "optional")
    if corner >= 0:
        if optional:
            return Msg(
                "Perhaps putting one more root from the new seedling at {at}.", at=xy(corner)
            )
        return Msg(
            "Putting a root from the seedling at {at} into a tile it touches.", at=xy(corner)
        )
    if optional:
        return Msg("Perhaps putting another root from one of their pieces.")
    return Msg("Putting a root from one of their pieces into a tile it touches.")


__all__ = ["their_prompt"]

"""What the pending decision of an Undergrove turn asks, what is still owed and what comes
next, in words (the prompts of the browser table)."""

from __future__ import annotations

from typing import Any

from leafpile.games.undergrove.components import (
    BONUS_SETS_AT,
    tile,
)
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.words import (
    decision_field,
    joined,
    name,
    xy,
)
from leafpile.games.undergrove.words.their import their_prompt
from leafpile.i18n import Msg


def owed(s: UndergroveState) -> dict[str, int]:
    """What the run of payments on top of the stack still asks: tokens to flip, nutrients,
    carbon-movement steps (a token or a nutrient each)."""
    out = {"tokens": 0, "nutrients": 0, "steps": 0}
    for e in reversed(s.pending):
        if e.kind is Kind.FLIP:
            out["tokens"] += 1
        elif e.kind is Kind.PAY:
            out["nutrients"] += decision_field(e, "n", 1)
        elif e.kind is Kind.STEP:
            out["steps"] += decision_field(e, "n", 1)
        else:
            break
    return out


def owed_text(s: UndergroveState) -> Msg | None:
    due = owed(s)
    parts: list[Msg] = []
    if due["tokens"]:
        parts.append(Msg.plural("{n} ready token", "{n} ready tokens", due["tokens"]))
    if due["nutrients"]:
        parts.append(Msg.plural("{n} nutrient", "{n} nutrients", due["nutrients"]))
    if due["steps"]:
        parts.append(
            Msg.plural(
                "{n} step (a token or a nutrient)",
                "{n} steps (a token or a nutrient each)",
                due["steps"],
            )
        )
    if not parts:
        return None
    return Msg("Still to pay: {what}", what=joined(parts))


def prompt(s: UndergroveState) -> Msg:
    """What the player to move is asked now, in words: to them, or (in a view of another
    seat, or a spectator's) about them."""
    if s.redacted and s.viewer != s.to_move and not s.over and s.pending:
        return their_prompt(s)
    if s.over or not s.pending:
        return Msg("The game is over.")
    e = s.pending[-1]
    kind = e.kind
    if kind is Kind.SETUP:
        return Msg("Put your first seedling on a corner of the Earthlover (with a free root).")
    if kind is Kind.MAIN:
        if s.activated:
            return Msg(
                "A mushroom gave you another action: activate another mushroom, Absorb, "
                "Reproduce, Partner or Photosynthesize."
            )
        return Msg(
            "Choose your action: activate a mushroom you have a root on, Absorb, Reproduce, "
            "Partner or Photosynthesize."
        )
    if kind is Kind.CARBON:
        return _carbon_prompt(s, e)
    if kind is Kind.FLIP:
        return Msg("Pay for absorbing: flip one of your ready tokens.")
    if kind is Kind.PAY:
        return Msg("Pay a nutrient (N, P or K): {n} to pay.", n=decision_field(e, "n", 1))
    if kind is Kind.STEP:
        return Msg.plural(
            "Pay the carbon's way: {n} step left, with a ready token or a nutrient.",
            "Pay the carbon's way: {n} steps left, each with a ready token or a nutrient.",
            decision_field(e, "n", 1),
        )
    if kind is Kind.GAIN:
        return Msg("Take a nutrient of your choice: {n} to take.", n=decision_field(e, "n", 1))
    if kind is Kind.SWAP:
        return Msg.plural(
            "Earthlover: swap a nutrient for another ({n} swap left), or stop.",
            "Earthlover: swap a nutrient for another ({n} swaps left), or stop.",
            decision_field(e, "n", 1),
        )
    if kind is Kind.PLACE:
        return _place_prompt(e)
    if kind is Kind.SEEDLING:
        return Msg("Put a seedling on a free corner of the forest.")
    if kind is Kind.ROOT:
        corner = decision_field(e, "corner", -1)
        optional = decision_field(e, "optional")
        if corner >= 0:
            if optional:
                return Msg(
                    "You may put one more root from the new seedling at {at}.", at=xy(corner)
                )
            return Msg(
                "Put a root from the seedling at {at} into a tile it touches.", at=xy(corner)
            )
        if optional:
            return Msg("You may put another root from one of your pieces, or stop.")
        return Msg("Put a root from one of your pieces into a tile it touches.")
    if kind is Kind.CONVERT:
        return Msg("Photosynthesize: convert nitrogen into carbon, 1 N for 1 C (or none).")
    if kind is Kind.DISCARD:
        return Msg("Discard tiles from your hand if you like, then Done (you draw back to 3).")
    if kind is Kind.STORE:
        t = decision_field(e, "t")
        res = tile(t).effect.get("resource", "") if t else ""
        return Msg("Store some of your {res} on {tile}?", res=res, tile=name(t) if t else "")
    if kind is Kind.CHOICE:
        return Msg("Take 1 N, or take another action.")
    if kind is Kind.COPY:
        return Msg("Choose the mushroom the copycat copies: you pay its cost, it acts here.")
    if kind is Kind.BONUS:
        space = BONUS_SETS_AT[decision_field(e, "set_index")] if hasattr(e, "set_index") else 0
        return Msg("Carbon track space {n}: take a bonus tile.", n=space)
    if kind is Kind.ENDSPACE:
        return Msg(
            "End of the carbon track: choose an end space. The game ends after the next round."
        )
    if kind is Kind.REFRESH1:
        return Msg("Make one of your used tokens ready again.")
    return Msg("Choose: {what}", what=e.prompt)


def _carbon_prompt(s: UndergroveState, e: Any) -> Msg:
    parts = [Msg("Absorb 1 carbon: choose a tile with carbon, then your seedling")]
    free = decision_field(e, "free")
    here = decision_field(e, "here")
    must = decision_field(e, "must", 1)
    if here:
        parts.append(Msg("only from {tile}", tile=name(here)))
    parts.append(Msg("each step of its way costs a ready token or a nutrient"))
    if free:
        parts.append(Msg("the first {n} steps are free", n=free))
    if must == 1:
        parts.append(Msg("then pay Absorb's cost: 1 token and 1 nutrient"))
    if must == 0:
        parts.append(Msg("or absorb no more"))
    return Msg("{text}.", text=joined(parts))


def _place_prompt(e: Any) -> Msg:
    restrict = decision_field(e, "restrict")
    if decision_field(e, "free"):
        return Msg("You may place a second mushroom from your hand for free, or skip.")
    if restrict == 1:
        return Msg(
            "No corner is free: place a mushroom from your hand (1 nutrient) where it brings "
            "a free corner."
        )
    if restrict == 2:
        return Msg(
            "No root slot is free: place a mushroom from your hand (1 nutrient) touching one "
            "of your pieces."
        )
    return Msg(
        "You may first place a mushroom from your hand next to the forest (1 nutrient): pick "
        "a tile, then an empty slot. Or skip."
    )


def next_steps(s: UndergroveState) -> list[Msg]:
    """Short names of the decisions waiting under the top one (what comes next this turn)."""
    out: list[Msg] = []
    for e in reversed(s.pending[:-1]):
        text = _STEP_NAMES.get(e.kind)
        if text is not None and (not out or out[-1] != text):
            out.append(text)
    return out


_STEP_NAMES = {
    Kind.MAIN: Msg("another action"),
    Kind.CARBON: Msg("maybe a 2nd carbon"),
    Kind.FLIP: Msg("flip a token"),
    Kind.PAY: Msg("pay nutrients"),
    Kind.STEP: Msg("pay steps"),
    Kind.GAIN: Msg("take nutrients"),
    Kind.SWAP: Msg("swap nutrients"),
    Kind.PLACE: Msg("a second mushroom"),
    Kind.SEEDLING: Msg("put the seedling"),
    Kind.ROOT: Msg("a root"),
    Kind.CONVERT: Msg("convert N into C"),
    Kind.DISCARD: Msg("discard tiles"),
    Kind.STORE: Msg("store resources"),
    Kind.CHOICE: Msg("1 N or another action"),
    Kind.COPY: Msg("choose the copied tile"),
    Kind.PHOTO_END: Msg("+2 C and all tokens ready"),
    Kind.REFRESH1: Msg("refresh a token"),
}

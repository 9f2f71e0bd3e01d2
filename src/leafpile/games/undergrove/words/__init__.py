"""Undergrove in words, for the log, the terminal, the browser (`web/`, its extras) and the
balance report: what tiles, bonus tiles, track spaces and goals do (what a pending decision
asks is in `prompts.py`, the log sentence of a decision in `log.py`).

Every text is a `Msg` (English, translated through the game's catalogs). Tile names are the
English edition's proper names and stay as they are in every language (as in the rules for
players). Nothing here decides a rule: the decisions, the legal answers and the scores come
from the rules modules; this module only puts them into words.
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import Action
from leafpile.games.undergrove.components import (
    BONUS_TILES,
    END_SPACES,
    GOALS,
    RESOURCES,
    STORED_VP,
    TOKEN_NAMES,
    TOKENS,
    TRACK_SPACES,
    coords,
    tile,
)
from leafpile.games.undergrove.kinds import BonusKind, Effect, Measure, Ongoing, Reward
from leafpile.games.undergrove.state import UndergroveState
from leafpile.i18n import Msg

# -- small things ---------------------------------------------------------------------------------
COLOURS = (Msg("blue"), Msg("pink"), Msg("green"), Msg("yellow"))
assert len(COLOURS) == len(TOKEN_NAMES)


def colour(token: int) -> Msg:
    """A token symbol's colour name (index into TOKENS)."""
    return COLOURS[token]


def decision_field(decision: Any, field: str, default: int = 0) -> int:
    """A decision's field, read defensively: the rules may reshape a decision."""
    value = getattr(decision, field, default)
    return int(value) if isinstance(value, (int, bool)) else default


def xy(corner_or_cell: int) -> str:
    """Coordinates as the page shows them on the forest's rulers: `2,-1`."""
    x, y = coords(corner_or_cell)
    return f"{x},{y}"


def name(t: int) -> str:
    """A tile's name (a proper name, the same in every language)."""
    return tile(t).name


def amounts(gain: dict[str, int]) -> str:
    """`{"N": 1, "P": 2}` as `1 N + 2 P` (symbols read the same in every language)."""
    return " + ".join(f"{v} {k}" for k, v in gain.items() if v)


def resource_list(counts: list[int]) -> str:
    """Amounts per resource index (C, N, P, K) as `1 C + 2 P`."""
    return " + ".join(f"{v} {RESOURCES[i]}" for i, v in enumerate(counts) if v)


def token_list(tokens: list[int]) -> Msg:
    """Token indices as `blue token`, `blue and pink tokens`, `all four tokens`."""
    if len(tokens) == 4:
        return Msg("all four tokens")
    if len(tokens) == 1:
        return Msg("{colour} token", colour=colour(tokens[0]))
    names = colour(tokens[0])
    for t in tokens[1:-1]:  # nested, so each colour is translated in the reader's language
        names = Msg("{first}, {rest}", first=names, rest=colour(t))
    return Msg("{colours} and {last} tokens", colours=names, last=colour(tokens[-1]))


def joined(parts: list[Msg]) -> Msg:
    """Parts of a sentence separated by semicolons, kept translatable one by one."""
    assert parts
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Msg("{first}; {rest}", first=part, rest=out)
    return out


def summed(parts: list[Msg]) -> Msg:
    """Parts of a cost joined by plus signs, kept translatable one by one."""
    assert parts
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Msg("{first} + {rest}", first=part, rest=out)
    return out


# -- the mushroom tiles ---------------------------------------------------------------------------
_ONGOING = {
    Ongoing.REPRODUCE_ROOT: Msg("when you Reproduce, 1 more root from the new seedling"),
    Ongoing.PARTNER_ROOT: Msg("when you Partner, a 3rd root"),
    Ongoing.REPRODUCE_MUSHROOM: Msg(
        "when you Reproduce and place a mushroom, a second one from your hand for free"
    ),
    Ongoing.PARTNER_MUSHROOM: Msg(
        "when you Partner and place a mushroom, a second one from your hand for free"
    ),
    Ongoing.PHOTOSYNTHESIZE_CARBON: Msg("Photosynthesize gives 3 C instead of 2"),
}


def effect_text(t: int) -> Msg:
    """What tile t does when activated (or always, for the ongoing ones), in words."""
    spec = tile(t)
    eff = spec.effect
    kind = spec.kind
    if kind is Effect.ONGOING:
        return Msg(
            "Ongoing, for every player with a root here: {what}.",
            what=_ONGOING[Ongoing(eff["bonus"])],
        )
    if kind is Effect.EARTHLOVER:
        return Msg(
            "Gain 1 nutrient of your choice, then swap up to 2 nutrients one for one. "
            "Whenever no carbon is left on the mushrooms, 1 C goes on each starting mushroom."
        )
    if kind is Effect.ABSORB:
        if eff["free_steps"]:
            return Msg(
                "Absorb 1 C from any tile into one of your seedlings; the first {n} steps of "
                "its way are free.",
                n=eff["free_steps"],
            )
        if eff["from_here"]:
            return Msg(
                "Absorb up to 2 C from this tile (the carbon just paid included) into your "
                "seedlings; the way from here costs steps as in Absorb. The 2nd is optional."
            )
        return Msg(
            "Absorb up to 2 C from any tiles into your seedlings, paying the steps as in "
            "Absorb. The 2nd is optional."
        )
    if kind is Effect.STORE_SUPPLY:
        return Msg(
            "Gain {n} nutrients of your choice, then 1 resource from the supply is stored "
            "here (at most {most}). Worth 2 pine cones per stored resource.",
            n=eff["choice"],
            most=eff["capacity"],
        )
    if kind is Effect.STORE_OWN:
        table = "/".join(str(v) for v in STORED_VP)
        return Msg(
            "Gain {gain}, then you may store up to {most} of your {res} here (at most "
            "{capacity} in all). Pine cones for 0-4 stored: {table}.",
            gain=amounts(eff["gain"]),
            most=eff["most"],
            res=eff["resource"],
            capacity=eff["capacity"],
            table=table,
        )
    if kind is Effect.REFRESH_OR:
        return Msg(
            "Ready again: {colour} token; then gain 1 N or take another action. "
            "Worth 2 pine cones + 1 per neighbouring tile of the same symbol.",
            colour=colour(TOKENS.index(eff["refresh"])),
        )
    if kind is Effect.COPYCAT:
        return Msg(
            "Copy another {colour} mushroom of the forest: pay its cost, its effect happens here.",
            colour=colour(spec.token),
        )
    return _gain_text(eff)


def _gain_text(eff: dict[str, Any]) -> Msg:
    parts: list[Msg] = []
    gain = amounts(eff.get("gain", {}))
    choice = int(eff.get("choice", 0))
    if gain and choice:
        parts.append(
            Msg.plural(
                "Gain {gain} + {n} nutrient of your choice",
                "Gain {gain} + {n} nutrients of your choice",
                choice,
                gain=gain,
            )
        )
    elif gain:
        parts.append(Msg("Gain {gain}", gain=gain))
    elif choice:
        parts.append(Msg("Gain {n} nutrients of your choice", n=choice))
    if eff.get("others"):
        parts.append(Msg("every other player gains 1 {res}", res=eff["others"]))
    if eff.get("refresh"):
        tokens = token_list([TOKENS.index(c) for c in eff["refresh"]])
        if parts:
            parts.append(Msg("ready again: {tokens}", tokens=tokens))
        else:
            parts.append(Msg("Ready again: {tokens}", tokens=tokens))
    if eff.get("again"):
        parts.append(Msg("take another action"))
    return Msg("{effect}.", effect=joined(parts))


def vp_text(t: int) -> Msg:
    """The tile's printed pine cones, or how they are counted."""
    vp = tile(t).vp
    if isinstance(vp, int):
        return Msg.plural("{n} pine cone", "{n} pine cones", vp)
    if vp == "stored_x2":
        return Msg("2 pine cones per stored resource")
    if vp == "stored":
        return Msg("pine cones by stored resources")
    return Msg("2 pine cones + 1 per neighbour of its symbol")


def cost_text(t: int) -> Msg:
    """What activating tile t costs."""
    spec = tile(t)
    if spec.kind is Effect.ONGOING:
        return Msg("never activated")
    parts: list[Msg] = []
    if spec.token >= 0:
        parts.append(Msg("{colour} token", colour=colour(spec.token)))
    if spec.carbon:
        parts.append(Msg("{n} C onto the tile", n=spec.carbon))
    if spec.any:
        parts.append(Msg.plural("{n} nutrient", "{n} nutrients", spec.any))
    if spec.kind is Effect.COPYCAT:
        parts.append(Msg("the copied tile's cost"))
    if not parts:
        return Msg("free")
    return summed(parts)


def tile_card(t: int) -> dict[str, Any]:
    """What the page shows of one mushroom tile besides its printed numbers."""
    spec = tile(t)
    flags = []
    if spec.colour_name:
        flags.append(Msg("colour in its name"))
    if spec.animal_name:
        flags.append(Msg("animal or person in its name"))
    return {
        "name": spec.name,
        "effect": effect_text(t),
        "cost": cost_text(t),
        "vp_text": vp_text(t),
        "flags": flags,
    }


# -- bonus tiles, the carbon track, goals ---------------------------------------------------------
def bonus_text(b: int) -> Msg:
    spec = BONUS_TILES[b]
    if spec.kind is BonusKind.POINTS:
        return Msg.plural("{n} point at the end", "{n} points at the end", spec.points)
    if spec.kind is BonusKind.REFRESH:
        return Msg("all 4 tokens ready again, once")
    return Msg("+1 {res}, once", res=RESOURCES[spec.resource])


def _reward_text(spec: dict[str, Any], their: bool = False) -> Msg:
    """A reward as the track prints it, or (`their`) as a line about a player says it."""
    reward = spec["reward"]
    if reward is Reward.GAIN:
        return Msg("+1 {res}", res=spec["resource"])
    if reward is Reward.BONUS:
        return Msg("a bonus tile")
    if reward is Reward.ROOT:
        return Msg("a free root")
    if reward is Reward.GAIN_CHOICE:
        return Msg("+1 nutrient of their choice") if their else Msg("+1 nutrient of your choice")
    if reward is Reward.CARBON_NUTRIENTS:
        c, n = spec["carbon"], spec["choice"]
        if their:
            return Msg("+{c} C and {n} nutrients of their choice", c=c, n=n)
        return Msg("+{c} C and {n} nutrients of your choice", c=c, n=n)
    if reward is Reward.CARBON:
        return Msg("+{c} C", c=spec["carbon"])
    if reward is Reward.REFRESH_NUTRIENT:
        if their:
            return Msg("1 used token ready again and +1 nutrient of their choice")
        return Msg("1 used token ready again and +1 nutrient of your choice")
    return Msg.plural("{n} point", "{n} points", int(spec.get("points", 0)))


def track_texts(their: bool = False) -> list[Msg]:
    """The reward of each track space 1-8 (`their`: in a line about a player)."""
    return [_reward_text(spec, their) for spec in TRACK_SPACES]


def track_short() -> list[Msg]:
    """The reward of each track space 1-8 in two or three words, for the track's squares."""
    short = {
        Reward.BONUS: Msg("bonus tile"),
        Reward.ROOT: Msg("free root"),
        Reward.GAIN_CHOICE: Msg("+1 N/P/K"),
    }
    return [short.get(spec["reward"], _reward_text(spec)) for spec in TRACK_SPACES]


def end_space_texts(their: bool = False) -> list[Msg]:
    return [_reward_text(spec, their) for spec in END_SPACES]


_GOAL_NAMES = {
    Measure.CARBON_TURNS: Msg("Big carbon turns"),
    Measure.CONVERSIONS: Msg("Convert nitrogen"),
    Measure.COLUMNS: Msg("Spread across columns"),
    Measure.TOUCHED_TILES: Msg("Touch many mushrooms"),
    Measure.TREES: Msg("Grow trees"),
    Measure.WELL_ROOTED: Msg("Well-rooted pieces"),
    Measure.ROOTS: Msg("Many roots"),
    Measure.SYMBOL_TURNS: Msg("Same-symbol roots"),
    Measure.EVEN_ROOTS: Msg("Even pine cones"),
    Measure.ODD_ROOTS: Msg("Odd pine cones"),
    Measure.COLOUR_ROOTS: Msg("Colour names"),
    Measure.ANIMAL_ROOTS: Msg("Animal and person names"),
}
_GOAL_COUNTS = {
    Measure.CARBON_TURNS: Msg("turns gaining 6 C or more (12+ counts twice)"),
    Measure.CONVERSIONS: Msg("nitrogen converted into carbon"),
    Measure.COLUMNS: Msg("columns of corners holding your pieces"),
    Measure.TOUCHED_TILES: Msg("tiles touching one of your pieces"),
    Measure.TREES: Msg("your trees"),
    Measure.WELL_ROOTED: Msg("your pieces with 2 roots or more"),
    Measure.ROOTS: Msg("your roots on the forest"),
    Measure.SYMBOL_TURNS: Msg("turns placing 2+ roots on tiles of one symbol"),
    Measure.EVEN_ROOTS: Msg("your roots on tiles with even pine cones"),
    Measure.ODD_ROOTS: Msg("your roots on tiles with odd pine cones"),
    Measure.COLOUR_ROOTS: Msg("your roots on tiles with a colour in their name"),
    Measure.ANIMAL_ROOTS: Msg("your roots on tiles with an animal or person in their name"),
}


def goal_texts(g: int) -> tuple[Msg, Msg, Msg]:
    """A goal's name, what it counts and how the count scores."""
    goal = GOALS[g]
    if goal.ranking:
        how = Msg("ranked: 9 / 5 / 3 / 1 points, ties share")
    elif goal.per:
        how = Msg("{n} points each", n=goal.per)
    else:
        last = len(goal.table) - 1
        steps = [f"{i}{'+' if i == last else ''} → {v}" for i, v in enumerate(goal.table) if v]
        how = Msg("points by count: {table}", table=", ".join(steps))
    return _GOAL_NAMES[goal.measure], _GOAL_COUNTS[goal.measure], how


def describe(state: UndergroveState, action: Action) -> str:
    """One sentence for the log, from the state (or view) before the action: what the player
    did and what it caused (`log.py`, which builds on the words here)."""
    from leafpile.games.undergrove.words.log import sentence

    return sentence(state, action)

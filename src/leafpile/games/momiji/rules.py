"""Momiji's rules as the engine calls them: set-up, legal decisions, applying them, scores.

Section numbers (§) refer to docs/rules/momiji.md. A turn is a sequence of atomic decisions
(see actions.py). The state's `phase` names the pending decision, and STEPS maps each phase to
its choices and its effect; the rules themselves live in the modules named after the rules'
parts:

| module            | rules                                                                  |
|-------------------|------------------------------------------------------------------------|
| `set_up.py`       | set-up (§2) and the landscape draft (§1.4)                             |
| `main_actions.py` | Collect (§4.1), Play and the harvest (§3, §4.2, §4.4), objectives (§4.3) |
| `landscapes.py`   | landscape powers (§4.5)                                                |
| `turn.py`         | a turn's start, compost (§4.5), hand limit and end (§4.6, §4.7, §5)    |
| `scoring.py`      | scores, winners (§6) and the game's bounds                             |

In the TURN phase (below) the player chooses a main action, a free action or `end`; a Play,
a paid Collect and some landscape powers continue in their own phase until `stop` (or the last
card); `end` closes the turn, then the hand limit asks for discards one card at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from leafpile.engine import Action, Rng
from leafpile.engine.takeback import TakeBackRule
from leafpile.games.momiji.actions import (
    ACTIVATES,
    COMPOST_ACTION,
    END,
    LANDS,
    REFRESH,
    TAKES,
    Activate,
    Compost,
    Discard,
    Draft,
    End,
    Pick,
    Place,
    Refresh,
    Stop,
    Swap,
    Take,
    UseLandscape,
)
from leafpile.games.momiji.components import (
    CARD_TYPE,
    COMPOST_CARDS,
    LANDSCAPE_COST,
    REFRESH_COST,
)
from leafpile.games.momiji.landscapes import (
    TILE_CHECK,
    pick,
    pick_choices,
    sell,
    sell_choices,
    stop_selling,
    swap,
    swap_choices,
    usable,
    use_landscape,
)
from leafpile.games.momiji.main_actions import (
    activate,
    collect,
    collect_choices,
    end_play,
    objective_cost,
    place,
    placements,
    play_choices,
    refresh,
    second_collect,
    second_collect_choices,
    skip_second_collect,
    start_collect,
    start_play,
)
from leafpile.games.momiji.scoring import scores, winners
from leafpile.games.momiji.set_up import draft, draft_choices, start
from leafpile.games.momiji.state import (
    MAIN_COLLECT,
    MAIN_OBJECTIVE,
    MAIN_PLAY,
    MomijiState,
    Phase,
)
from leafpile.games.momiji.turn import (
    compost,
    compost_choices,
    discard,
    discard_choices,
    end,
    start_compost,
)

__all__ = [
    "STEPS",
    "TAKE_BACKS",
    "Step",
    "apply",
    "legal_actions",
    "random_action",
    "scores",
    "start",
    "winners",
]


def turn_choices(s: MomijiState) -> list[Action]:
    """The TURN phase: a main action while one is allowed (§4.1-§4.3), the free actions (§4.5),
    and `end` once the main action is done, or as a pass when none is possible (§4.7). (One
    function on purpose: it runs for most decisions of a game.)"""
    p = s.to_move
    out: list[Action] = []
    acorns = s.acorns[p]
    if s.mains_left > 0:
        if not s.main_used & MAIN_COLLECT:  # §4.1: one `take` per type in the display
            last = -1
            for c in s.display:  # ascending ids: types come grouped and in order
                t = CARD_TYPE[c]
                if t != last:
                    out.append(TAKES[t])
                    last = t
            # §4.1; §5 [D]: with an empty deck it reveals nothing but may still be paid for,
            # as long as a type can be taken afterwards
            if acorns >= REFRESH_COST and (s.deck or s.display):
                out.append(REFRESH)
        if not s.main_used & MAIN_PLAY:  # §4.2
            placements(s, out)
        if not s.main_used & MAIN_OBJECTIVE and acorns >= objective_cost(s):  # §4.3
            for o, owner in zip(s.objectives, s.owners, strict=True):
                if owner < 0:
                    out.append(ACTIVATES[o])
    main_possible = bool(out)
    if not s.composted and len(s.hands[p]) >= COMPOST_CARDS:  # §4.5 compost: 2 cards
        out.append(COMPOST_ACTION)
    if not s.land_used and acorns >= LANDSCAPE_COST:  # §4.5 landscape: once per turn
        used = s.tiles_used[p]
        for slot, tile in enumerate(s.tiles[p]):
            if not used >> slot & 1 and usable(s, TILE_CHECK[tile]):  # power_usable
                out.append(LANDS[tile])
    if s.main_used or not main_possible:  # §4.7: with no main action possible, pass
        out.append(END)
    return out


def _no_choices(s: MomijiState) -> list[Action]:
    return []


@dataclass(frozen=True, slots=True)
class Step:
    """One kind of pending decision (a phase): the choices it offers the player to move, and
    for each kind of action among them, what it does (an action is applied only when
    `choices` offered it)."""

    choices: Callable[[MomijiState], list[Action]]
    effects: Mapping[type[Action], Callable[[MomijiState, Any], None]]


STEPS: dict[Phase, Step] = {
    Phase.TURN: Step(
        turn_choices,
        {
            Place: start_play,
            Take: start_collect,
            End: end,
            Compost: start_compost,
            Refresh: refresh,
            Activate: activate,
            UseLandscape: use_landscape,
        },
    ),
    Phase.PLAY: Step(play_choices, {Place: place, Stop: end_play}),
    Phase.COLLECT: Step(collect_choices, {Take: collect}),
    Phase.COLLECT2: Step(second_collect_choices, {Take: second_collect, Stop: skip_second_collect}),
    Phase.COMPOST: Step(compost_choices, {Discard: compost}),
    Phase.DISCARD: Step(discard_choices, {Discard: discard}),
    Phase.PICK: Step(pick_choices, {Pick: pick}),
    Phase.SWAP: Step(swap_choices, {Swap: swap}),
    Phase.SELL: Step(sell_choices, {Discard: sell, Stop: stop_selling}),
    Phase.DRAFT: Step(draft_choices, {Draft: draft}),
    Phase.OVER: Step(_no_choices, {}),
}
assert set(STEPS) == set(Phase)
# STEPS flattened for the calls made at every action (one lookup less each).
_CHOICES = {phase: step.choices for phase, step in STEPS.items()}
_EFFECTS = {phase: dict(step.effects) for phase, step in STEPS.items()}


def legal_actions(s: MomijiState) -> list[Action]:
    if s.redacted and s.viewer != s.to_move:
        return []  # a view cannot know another player's options (their hand is hidden)
    return _CHOICES[s.phase](s)


def random_action(s: MomijiState, rng: Rng) -> Action:
    """`legal_actions(s)[rng.randrange(len(...))]` (`Game.random_action`), one call less."""
    actions = [] if s.redacted and s.viewer != s.to_move else _CHOICES[s.phase](s)
    return actions[rng.randrange(len(actions))]


def apply(s: MomijiState, action: Action) -> None:
    _EFFECTS[s.phase][type(action)](s, action)


def _closed(s: MomijiState, player: int) -> list[list[int]]:
    """What `player` cannot see: the deck, the face-down discard pile, the other hands and
    the cards under every pile's top."""
    under = [c for row in s.rows for pile in row for c in pile[:-1]]
    return [s.deck, s.discard, under, *(h for q, h in enumerate(s.hands) if q != player)]


#: Take-backs (`leafpile.engine.takeback`): a turn is numbered by `turn`. Plays, stops,
#: composts, discards, a take that leaves cards in the display, landscape powers that draw
#: nothing may be taken back; a refresh, a take that empties the display (it refills from the
#: deck), R2's random draw from the discard pile or `end` may not.
TAKE_BACKS = TakeBackRule(turn=lambda s: s.turn, closed=_closed)

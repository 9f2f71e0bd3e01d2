"""A turn (§4) and the end of the game (§8): the action choice, the loop that answers the
pending decisions, and the end of a turn (track step, Earthlover refill, goal counters,
drawing back up, the next player, the last round).
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, Rng, opt_int
from leafpile.games.undergrove.actions import (
    ABSORB,
    PARTNER,
    PHOTO,
    REPRODUCE,
    Numbered,
    numbered,
)
from leafpile.games.undergrove.carbon_movement import ABSORB_ACTION_START, can_absorb
from leafpile.games.undergrove.components import (
    BONUS_TILES,
    HAND_SIZE,
    NUM_TILES,
    STARTING_MUSHROOMS,
    TRACK_END,
)
from leafpile.games.undergrove.decision import Decision
from leafpile.games.undergrove.forest import draw
from leafpile.games.undergrove.growing import can_partner, can_reproduce, partner, reproduce
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.mushrooms import activatable, activate
from leafpile.games.undergrove.photosynthesis import photosynthesize
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.track import step_reward, use_bonus

#: [D] The game also ends after this many rounds (option `round_limit`): a safety net for
#: games where nobody can absorb any more, never reached in ordinary play.
DEFAULT_ROUND_LIMIT = 50
MAX_ROUND_LIMIT = 100


@dataclass(frozen=True, slots=True)
class ChooseAction(Decision):
    """The turn's action (§4): activate a mushroom, absorb, reproduce, partner or
    photosynthesize; one-shot bonus tiles may be spent first (`use B7`, asks again)."""

    kind = Kind.MAIN
    prompt = "choose an action (absorb, activate N, reproduce, partner, photosynthesize)"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        out: list[Action] = [numbered("use", b) for b in s.bonus[p] if BONUS_TILES[b].one_shot]
        for t in activatable(s, p):  # §4.1: the tiles with p's root that can_activate allows
            out.append(numbered("activate", t))
        if can_absorb(s, p):
            out.append(ABSORB)
        if can_reproduce(s, p):
            out.append(REPRODUCE)
        if can_partner(s, p):
            out.append(PARTNER)
        out.append(PHOTO)  # §4.5: always available
        return out

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        """The k-th of `options` from one count: the same questions, no list of actions."""
        uses = [b for b in s.bonus[p] if BONUS_TILES[b].one_shot] if s.bonus[p] else ()
        tiles = activatable(s, p)
        absorb = can_absorb(s, p)
        repro = can_reproduce(s, p)
        part = can_partner(s, p)
        k = rng.randrange(len(uses) + len(tiles) + absorb + repro + part + 1)
        if k < len(uses):
            return numbered("use", uses[k])
        k -= len(uses)
        if k < len(tiles):
            return numbered("activate", tiles[k])
        k -= len(tiles)
        for ok, action in ((absorb, ABSORB), (repro, REPRODUCE), (part, PARTNER)):
            if ok:
                if not k:
                    return action
                k -= 1
        return PHOTO

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        if type(action) is Numbered and action.verb == "use":
            use_bonus(s, p, action.n)
            return
        s.pending.pop()
        if type(action) is Numbered:  # activate
            activate(s, p, action.n)
        elif action is ABSORB:
            s.pending.append(ABSORB_ACTION_START)
        elif action is REPRODUCE:
            reproduce(s, p)
        elif action is PARTNER:
            partner(s, p)
        elif action is PHOTO:
            photosynthesize(s)
        else:  # pragma: no cover - only legal actions reach here
            raise ValueError(f"not a turn action: {action}")


MAIN = ChooseAction()


# -- answering decisions -----------------------------------------------------------------------
def legal_actions(s: UndergroveState) -> list[Action]:
    if s.over or not s.pending:
        return []
    return s.pending[-1].options(s, s.to_move)


def random_action(s: UndergroveState, rng: Rng) -> Action:
    """`legal_actions(s)[rng.randrange(len(...))]` (`Game.random_action`): the top decision
    picks its answer, most of them without building the list (`Decision.pick`)."""
    if s.over or not s.pending:
        actions = legal_actions(s)
        return actions[rng.randrange(len(actions))]  # the empty list's draw, as without a hook
    return s.pending[-1].pick(s, s.to_move, rng)


def apply(s: UndergroveState, action: Action) -> None:
    s.pending[-1].apply(s, s.to_move, action)
    advance(s)


def advance(s: UndergroveState) -> None:
    """Run automatic steps until a real decision is on top (or the game is over). Decisions
    with nothing to choose (only a closing word, or no option at all) are dropped."""
    pending = s.pending
    while not s.over:
        if not pending:
            finish_turn(s)
            pending = s.pending  # a new turn has a new stack
            continue
        e = pending[-1]
        if e.auto:
            pending.pop()
            e.resolve(s, s.to_move)
            continue
        if e.droppable and not e.has_choice(s, s.to_move):
            pending.pop()
            continue
        return


# -- the end of a turn -------------------------------------------------------------------------
def finish_turn(s: UndergroveState) -> None:
    """§4 steps 3-6, run when the turn's decisions are all made. Re-entered after the track
    reward's own decisions (the `track_done` flag keeps the step to once per turn)."""
    p = s.to_move
    if s.absorbed and not s.track_done:
        s.track_done = True
        if s.track[p] < TRACK_END:
            s.track[p] += 1
            step_reward(s, p, s.track[p])
        return
    if s.absorbed and not any(
        s.carbon[t] for t in range(2, NUM_TILES + 1) if s.pos[t] >= 0
    ):  # §6.3 the Earthlover's ongoing effect
        for t in STARTING_MUSHROOMS:
            s.carbon[t] += 1
    s.big_turns[p] += s.gained_c // 6  # goal 1
    if max(s.root_symbols) >= 2:  # goal 8
        s.symbol_turns[p] += 1
    while len(s.hands[p]) < HAND_SIZE and (s.deck or s.discard):
        draw(s, p)
    n = s.num_players
    s.to_move = (p + 1) % n
    if s.to_move == s.first:
        s.round += 1
        limit = opt_int(s.options, "round_limit", DEFAULT_ROUND_LIMIT)
        if (0 <= s.final_round < s.round) or s.round >= limit:
            s.over = True
            return
    start_turn(s)


def start_turn(s: UndergroveState) -> None:
    s.pending = [MAIN]
    s.absorbed = False
    s.track_done = False
    s.gained_c = 0
    s.root_symbols = [0, 0, 0, 0]
    s.activated = 0

"""The carbon track and the bonus tiles (§5): one step per turn that absorbed, each space's
reward, the end spaces that trigger the end of the game (§8), and spending bonus tiles."""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action
from leafpile.games.undergrove.actions import Numbered, Resource, numbered, resource
from leafpile.games.undergrove.components import (
    ALL_TOKENS,
    BONUS_SETS_AT,
    BONUS_TILES,
    END_SPACES,
    RESOURCES,
    TRACK_END,
    TRACK_SPACES,
    C,
)
from leafpile.games.undergrove.decision import Decision, push
from leafpile.games.undergrove.growing import ROOT_ANY
from leafpile.games.undergrove.kinds import BonusKind, Kind, Reward
from leafpile.games.undergrove.payments import GainNutrients
from leafpile.games.undergrove.state import UndergroveState


def step_reward(s: UndergroveState, p: int, space: int) -> None:
    """§5.1: the reward of the space just reached; the 9th step takes an end space and
    triggers the end (§8: finish this round, then one more)."""
    if space == TRACK_END:
        s.pending.append(TakeEndSpace())
        if s.final_round < 0:
            s.final_round = s.round + 1
        return
    spec = TRACK_SPACES[space - 1]
    reward = spec["reward"]
    if reward is Reward.GAIN:
        x = RESOURCES.index(spec["resource"])
        s.res[p][x] += 1
        if x == C:
            s.gained_c += 1
    elif reward is Reward.BONUS:
        s.pending.append(TakeBonus(spec["set"]))
    elif reward is Reward.ROOT:
        s.pending.append(ROOT_ANY)
    elif reward is Reward.GAIN_CHOICE:
        s.pending.append(GainNutrients(1))


@dataclass(frozen=True, slots=True)
class TakeBonus(Decision):
    """A bonus tile from the set laid out at the space just reached (§5.2)."""

    kind = Kind.BONUS
    prompt = "take a bonus tile"

    set_index: int  # which of the three sets (spaces 2, 4, 6)

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [numbered("take", b) for b in s.bonus_sets[self.set_index]]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Numbered
        s.pending.pop()
        s.bonus_sets[self.set_index].remove(action.n)
        s.bonus[p].append(action.n)
        s.bonus[p].sort()

    def problem(self, s: UndergroveState) -> str | None:
        ok = 0 <= self.set_index < len(BONUS_SETS_AT) and bool(s.bonus_sets[self.set_index])
        return None if ok else "arguments out of range"


@dataclass(frozen=True, slots=True)
class TakeEndSpace(Decision):
    """§5.1: an end space nobody took, and its reward."""

    kind = Kind.ENDSPACE
    prompt = "choose an end space"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        taken = set(s.end_space)
        return [numbered("end", i) for i in range(len(END_SPACES)) if i not in taken]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Numbered
        s.pending.pop()
        s.end_space[p] = action.n
        spec = END_SPACES[action.n]
        reward = spec["reward"]
        r = s.res[p]
        if reward is Reward.ROOT:
            s.pending.append(ROOT_ANY)
        elif reward is Reward.CARBON_NUTRIENTS:
            r[C] += spec["carbon"]
            s.gained_c += spec["carbon"]
            s.pending.append(GainNutrients(spec["choice"]))
        elif reward is Reward.CARBON:
            r[C] += spec["carbon"]
            s.gained_c += spec["carbon"]
        elif reward is Reward.REFRESH_NUTRIENT:
            push(s.pending, RefreshToken(), GainNutrients(1))


@dataclass(frozen=True, slots=True)
class RefreshToken(Decision):
    """End space E4: one used token ready again (dropped when none is used)."""

    kind = Kind.REFRESH1
    prompt = "refresh one used token"
    droppable = True

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        ready = s.ready[p]
        return [resource("refresh", t) for t in range(4) if not ready >> t & 1]

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        return s.ready[p] & ALL_TOKENS != ALL_TOKENS

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Resource
        s.pending.pop()
        s.ready[p] |= 1 << action.r


def use_bonus(s: UndergroveState, p: int, b: int) -> None:
    """§5.2: a one-shot bonus tile, spent before the action."""
    s.bonus[p].remove(b)
    spec = BONUS_TILES[b]
    if spec.kind is BonusKind.REFRESH:
        s.ready[p] = ALL_TOKENS
    else:
        s.res[p][spec.resource] += 1
        if spec.resource == C:
            s.gained_c += 1

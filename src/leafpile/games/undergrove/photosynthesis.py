"""Photosynthesize (§4.5, always available): convert nitrogen into carbon, discard tiles from
hand, then gain carbon and refresh every token."""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, Rng
from leafpile.games.undergrove.actions import DONE, Numbered, numbered
from leafpile.games.undergrove.components import ALL_TOKENS, C, N
from leafpile.games.undergrove.decision import Decision, push
from leafpile.games.undergrove.forest import has_ongoing
from leafpile.games.undergrove.kinds import Kind, Ongoing
from leafpile.games.undergrove.state import UndergroveState


@dataclass(frozen=True, slots=True)
class ConvertNitrogen(Decision):
    """N -> C one for one, each counted for goal 2 (`convert 0` converts nothing)."""

    kind = Kind.CONVERT
    prompt = "convert nitrogen into carbon"
    droppable = True

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [numbered("convert", k) for k in range(s.res[p][N] + 1)]

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        return numbered("convert", rng.randrange(s.res[p][N] + 1))

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        return s.res[p][N] > 0

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Numbered
        s.pending.pop()
        k = action.n
        s.res[p][N] -= k
        s.res[p][C] += k
        s.conversions[p] += k
        s.gained_c += k


@dataclass(frozen=True, slots=True)
class DiscardTiles(Decision):
    """Discard tiles from hand one by one (asks again), then `done`."""

    kind = Kind.DISCARD
    prompt = "discard tiles from your hand, then done"
    droppable = True

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        out: list[Action] = [numbered("discard", t) for t in sorted(s.hands[p])]
        out.append(DONE)
        return out

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        hand = s.hands[p]
        k = rng.randrange(len(hand) + 1)
        return DONE if k == len(hand) else numbered("discard", sorted(hand)[k])

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        return bool(s.hands[p])

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        if action is DONE:
            s.pending.pop()
            return
        assert type(action) is Numbered
        s.hands[p].remove(action.n)
        s.discard.append(action.n)


@dataclass(frozen=True, slots=True)
class EndPhotosynthesis(Decision):
    """Automatic: +2 C (+3 with the ongoing mushroom 32) and every token ready again."""

    kind = Kind.PHOTO_END
    auto = True

    def resolve(self, s: UndergroveState, p: int) -> None:
        gain = 3 if has_ongoing(s, p, Ongoing.PHOTOSYNTHESIZE_CARBON) else 2
        s.res[p][C] += gain
        s.gained_c += gain
        s.ready[p] = ALL_TOKENS


_STEPS = (ConvertNitrogen(), DiscardTiles(), EndPhotosynthesis())


def photosynthesize(s: UndergroveState) -> None:
    push(s.pending, *_STEPS)

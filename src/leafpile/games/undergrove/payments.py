"""Paying and gaining, one unit per decision: activation tokens and nutrients (§1, §4).

Costs are asked one unit at a time (`pay N`, then `pay K`) so that every decision has a few
choices; a counted decision (`pay 3`) asks again with one less until it is done.
"""

from __future__ import annotations

from dataclasses import dataclass

from leafpile.engine import Action, Rng
from leafpile.games.undergrove.actions import DONE, Resource, Swap, resource, swap
from leafpile.games.undergrove.components import K, N, P
from leafpile.games.undergrove.decision import Decision
from leafpile.games.undergrove.kinds import Kind
from leafpile.games.undergrove.state import UndergroveState


def nutrients(s: UndergroveState, p: int) -> int:
    r = s.res[p]
    return r[N] + r[P] + r[K]


def token_count(mask: int) -> int:
    """Ready tokens in a bit mask of the four."""
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)


def token_options(s: UndergroveState, p: int) -> list[Action]:
    ready = s.ready[p]
    return [resource("flip", t) for t in range(4) if ready >> t & 1]


def nutrient_options(s: UndergroveState, p: int) -> list[Action]:
    r = s.res[p]
    return [resource("pay", x) for x in (N, P, K) if r[x] > 0]


#: `flip t` and `pay x` by index, for the picks that do not list them.
_FLIPS = tuple(resource("flip", t) for t in range(4))
_PAYS = tuple(resource("pay", x) for x in range(4))


def _pick_payment(s: UndergroveState, p: int, rng: Rng, tokens: bool) -> Action:
    """`(token_options + nutrient_options)[k]` (only the nutrients unless `tokens`), one draw."""
    ready = s.ready[p] if tokens else 0
    r = s.res[p]
    choices = [_FLIPS[t] for t in range(4) if ready >> t & 1]
    for x in (N, P, K):
        if r[x] > 0:
            choices.append(_PAYS[x])
    return choices[rng.randrange(len(choices))]


@dataclass(frozen=True, slots=True)
class FlipToken(Decision):
    """Absorb's base cost (§4.2): one ready token."""

    kind = Kind.FLIP
    prompt = "flip a ready activation token"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return token_options(s, p)

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        ready = s.ready[p]
        tokens = [t for t in range(4) if ready >> t & 1]
        return _FLIPS[tokens[rng.randrange(len(tokens))]]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Resource
        s.pending.pop()
        s.ready[p] &= ~(1 << action.r)


@dataclass(frozen=True, slots=True)
class Counted(Decision):
    """A decision repeated `n` times (pay n, step n, gain n, swap n)."""

    n: int

    def count_down(self, s: UndergroveState) -> None:
        s.pending.pop()
        if self.n > 1:
            s.pending.append(type(self)(self.n - 1))

    def problem(self, s: UndergroveState) -> str | None:
        return None if 1 <= self.n <= 100 else "arguments out of range"


@dataclass(frozen=True, slots=True)
class PayNutrients(Counted):
    """Nutrients of the payer's choice: an activation's "any" cost, a placement (§4.1, §4.3)."""

    kind = Kind.PAY
    prompt = "pay a nutrient"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return nutrient_options(s, p)

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        return _pick_payment(s, p, rng, False)

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Resource
        s.res[p][action.r] -= 1
        self.count_down(s)


@dataclass(frozen=True, slots=True)
class PaySteps(Counted):
    """Carbon-movement steps (§4.2): each a ready token or a nutrient."""

    kind = Kind.STEP
    prompt = "pay one carbon-movement step (a token or a nutrient)"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return token_options(s, p) + nutrient_options(s, p)

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        return _pick_payment(s, p, rng, True)

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Resource
        if action.verb == "flip":
            s.ready[p] &= ~(1 << action.r)
        else:
            s.res[p][action.r] -= 1
        self.count_down(s)


_GAINS: list[Action] = [resource("gain", x) for x in (N, P, K)]


@dataclass(frozen=True, slots=True)
class GainNutrients(Counted):
    """Nutrients of the player's choice from the supply (effects, track rewards)."""

    kind = Kind.GAIN
    prompt = "take a nutrient"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return list(_GAINS)

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        return _GAINS[rng.randrange(len(_GAINS))]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Resource
        s.res[p][action.r] += 1
        self.count_down(s)


@dataclass(frozen=True, slots=True)
class SwapNutrients(Counted):
    """The Earthlover's swaps (§6.1): up to n times one nutrient for another, or done."""

    kind = Kind.SWAP
    prompt = "swap a nutrient or done"
    droppable = True

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        r = s.res[p]
        out: list[Action] = [swap(a, b) for a in (N, P, K) if r[a] > 0 for b in (N, P, K) if b != a]
        out.append(DONE)
        return out

    def pick(self, s: UndergroveState, p: int, rng: Rng) -> Action:
        """The k-th of `options`: two swaps per nutrient held, then `done`."""
        r = s.res[p]
        givers = [a for a in (N, P, K) if r[a] > 0]
        k = rng.randrange(2 * len(givers) + 1)
        if k == 2 * len(givers):
            return DONE
        a = givers[k >> 1]
        return swap(a, [b for b in (N, P, K) if b != a][k & 1])

    def has_choice(self, s: UndergroveState, p: int) -> bool:
        r = s.res[p]
        return r[N] > 0 or r[P] > 0 or r[K] > 0

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        if action is DONE:
            s.pending.pop()
            return
        assert type(action) is Swap
        s.res[p][action.give] -= 1
        s.res[p][action.get] += 1
        self.count_down(s)


FLIP = FlipToken()
PAY_ONE = PayNutrients(1)

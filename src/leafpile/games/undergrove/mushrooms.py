"""Activating a mushroom (§4.1) and what mushrooms do (§6): costs, one small function per kind
of effect, storing, copycats.

[D] A mushroom is activated at most once per turn (`state.activated`); copycats: the carbon
paid and "absorb from this tile" use the copycat, and resources stored by a copied 41-44 go on
the copied tile (BGA's code; the copycat's own pine cones are printed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from leafpile.engine import Action
from leafpile.games.undergrove.actions import AGAIN, NUTRIENT, Numbered, numbered
from leafpile.games.undergrove.carbon_movement import (
    MANDATORY,
    AbsorbCarbon,
    absorb_tile_can_start,
)
from leafpile.games.undergrove.components import (
    KIND_OF,
    NUM_TILES,
    RESOURCES,
    TILES,
    TOKEN_OF,
    C,
    K,
    N,
    P,
    tile,
)
from leafpile.games.undergrove.decision import Decision, new_decision, push
from leafpile.games.undergrove.forest import has_root, placed_tiles, tiles_rooted_by
from leafpile.games.undergrove.kinds import (
    ABSORB_EFFECT,
    COPYCAT,
    ONGOING,
    Effect,
    Kind,
)
from leafpile.games.undergrove.payments import GainNutrients, PayNutrients, SwapNutrients, nutrients
from leafpile.games.undergrove.state import UndergroveState

Effects = dict[str, Any]


#: Each tile's activation costs (carbon, any nutrients), looked up on every legal-move listing.
_COSTS = tuple((0, 0) if t is None else (t.carbon, t.any) for t in TILES)


def _placed(s: UndergroveState, t: int) -> bool:
    return 1 <= t <= NUM_TILES and s.pos[t] >= 0


def can_activate(s: UndergroveState, p: int, t: int) -> bool:
    """§4.1: a root on it, its token ready, its costs payable; [D] once per turn."""
    kind = KIND_OF[t]
    if kind is ONGOING or s.activated >> t & 1:
        return False
    token = TOKEN_OF[t]
    if token >= 0 and not s.ready[p] >> token & 1:
        return False
    if not has_root(s, p, t):
        return False
    if kind is COPYCAT:
        return bool(copy_targets(s, p, t))
    return _payable(s, p, t, t)


def _payable(s: UndergroveState, p: int, t: int, host: int) -> bool:
    """Tile t's costs can be paid (resolved on `host`) and, for an absorb tile, its first
    carbon can then be absorbed."""
    carbon_cost, any_cost = _COSTS[t]
    if s.res[p][C] < carbon_cost or nutrients(s, p) < any_cost:
        return False
    if KIND_OF[t] is not ABSORB_EFFECT:
        return True
    return absorb_tile_can_start(s, p, tile(t), host)


#: A candidate's `special` (activatable): an absorb tile, a copycat, or neither.
_PLAIN, _ABSORB, _COPY = 0, 1, 2


def activatable(s: UndergroveState, p: int) -> list[int]:
    """The placed tiles player p may activate now, in id order: `can_activate` of each tile
    with p's root, from a list of candidates kept in the forest memo (the roots decide it)
    so that a decision checks only the flags, tokens and costs that change."""
    memo = s.memo.candidates
    candidates = memo.get(p)
    if candidates is None:
        candidates = memo[p] = _candidates(s, p)
    done = s.activated
    ready = s.ready[p]
    r = s.res[p]
    carbon = r[C]
    nut = r[N] + r[P] + r[K]
    out = []
    for t, bit, carbon_cost, any_cost, special in candidates:
        if done >> t & 1 or (bit and not ready & bit):
            continue
        if special == _COPY:
            if copy_targets(s, p, t):
                out.append(t)
        elif (
            carbon >= carbon_cost
            and nut >= any_cost
            and (special != _ABSORB or absorb_tile_can_start(s, p, tile(t), t))
        ):
            out.append(t)
    return out


def _candidates(s: UndergroveState, p: int) -> list[tuple[int, int, int, int, int]]:
    """(tile, token bit or 0, carbon cost, nutrient cost, special) of the tiles p has a root
    on that are not ongoing (those are never activated)."""
    out = []
    for t in tiles_rooted_by(s, p):
        kind = KIND_OF[t]
        if kind is ONGOING:
            continue
        token = TOKEN_OF[t]
        special = _COPY if kind is COPYCAT else _ABSORB if kind is ABSORB_EFFECT else _PLAIN
        out.append((t, 1 << token if token >= 0 else 0, *_COSTS[t], special))
    return out


def copy_targets(s: UndergroveState, p: int, host: int) -> list[int]:
    """§6.2: placed activatable tiles of the copycat's symbol whose costs you can pay."""
    return [t for t in _copyable(s, TOKEN_OF[host]) if t != host and _payable(s, p, t, host)]


def _copyable(s: UndergroveState, token: int) -> list[int]:
    """Placed tiles 2-53 of a symbol that a copycat may copy (neither ongoing nor copycats),
    in id order, kept in the forest memo."""
    memo = s.memo.copyable
    out = memo.get(token)
    if out is None:
        out = memo[token] = [
            t
            for t in placed_tiles(s)
            if t >= 2
            and TOKEN_OF[t] == token
            and KIND_OF[t] is not ONGOING
            and KIND_OF[t] is not COPYCAT
        ]
    return out


def activate(s: UndergroveState, p: int, t: int) -> None:
    """§4.1: flip the token, pay carbon onto the tile, then nutrients, then the effect."""
    s.activated |= 1 << t
    token = TOKEN_OF[t]
    if token >= 0:
        s.ready[p] &= ~(1 << token)
    if KIND_OF[t] is COPYCAT:
        s.pending.append(CopyMushroom(t))
        return
    _pay_and_resolve(s, p, t, t)


def _pay_and_resolve(s: UndergroveState, p: int, t: int, host: int) -> None:
    spec = tile(t)
    s.res[p][C] -= spec.carbon
    s.carbon[host] += spec.carbon
    if spec.any:
        push(s.pending, PayNutrients(spec.any), ResolveEffect(t, host))
    else:
        s.pending.append(ResolveEffect(t, host))


@dataclass(frozen=True, slots=True)
class ResolveEffect(Decision):
    """Automatic: the effect of tile t, activated on `host` (itself, or a copycat)."""

    kind = Kind.EFFECT
    auto = True

    t: int
    host: int

    def resolve(self, s: UndergroveState, p: int) -> None:
        t = self.t
        _EFFECTS[KIND_OF[t]](s, p, tile(t).effect, t, self.host)

    def problem(self, s: UndergroveState) -> str | None:
        t = self.t
        ok = 1 <= t <= NUM_TILES and KIND_OF[t] in _EFFECTS and _placed(s, self.host)
        return None if ok else "arguments out of range"


# -- the effects (§6.1), one function per kind -----------------------------------------------
def _gain_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    r = s.res[p]
    gain = eff.get("gain", {})
    assert isinstance(gain, dict)
    for name, v in gain.items():
        r[RESOURCES.index(name)] += v
    others = eff.get("others")
    if isinstance(others, str):
        x = RESOURCES.index(others)
        for q in range(s.num_players):
            if q != p:
                s.res[q][x] += 1
    _refresh(s, p, eff.get("refresh", ""))
    entries: list[Decision] = []
    choice = eff.get("choice", 0)
    if isinstance(choice, int) and choice:
        entries.append(GainNutrients(choice))
    if eff.get("again"):
        entries.append(new_decision(Kind.MAIN))
    push(s.pending, *entries)


def _refresh(s: UndergroveState, p: int, letters: object) -> None:
    assert isinstance(letters, str)
    for letter in letters:
        s.ready[p] |= 1 << "bpgy".index(letter)


def _earthlover_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    push(s.pending, GainNutrients(eff["choice"]), SwapNutrients(eff["swaps"]))


def _absorb_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    # §6.1: the first carbon is the effect itself (BGA offers no pass before it); "up to 2":
    # the second one is optional.
    here = host if eff["from_here"] else 0
    s.pending.append(AbsorbCarbon(eff["count"], eff["free_steps"], here, MANDATORY))


def _store_supply_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    capacity = eff["capacity"]
    assert isinstance(capacity, int)
    if s.stored[t] < capacity:  # on the storing tile itself, even when copied (§6.2 [D])
        s.stored[t] += 1
    s.pending.append(GainNutrients(eff["choice"]))


def _store_own_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    gain = eff["gain"]
    assert isinstance(gain, dict)
    for name, v in gain.items():
        s.res[p][RESOURCES.index(name)] += v
    s.pending.append(StoreResources(t, t))  # on the storing tile itself, even when copied


def _refresh_or_effect(s: UndergroveState, p: int, eff: Effects, t: int, host: int) -> None:
    _refresh(s, p, eff["refresh"])
    s.pending.append(NUTRIENT_OR_AGAIN)


_EFFECTS: dict[Effect | None, Callable[[UndergroveState, int, Effects, int, int], None]] = {
    Effect.GAIN: _gain_effect,
    Effect.EARTHLOVER: _earthlover_effect,
    Effect.ABSORB: _absorb_effect,
    Effect.STORE_SUPPLY: _store_supply_effect,
    Effect.STORE_OWN: _store_own_effect,
    Effect.REFRESH_OR: _refresh_or_effect,
}


# -- the decisions effects ask for ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StoreResources(Decision):
    """Put up to the tile's `most` of its resource from your supply on a storing mushroom
    (42-44), within its capacity; `host` holds them, t says which resource and how many."""

    kind = Kind.STORE
    prompt = "store resources on the mushroom"

    host: int
    t: int

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        eff = tile(self.t).effect
        r = RESOURCES.index(eff["resource"])
        most = min(eff["most"], eff["capacity"] - s.stored[self.host], s.res[p][r])
        return [numbered("store", k) for k in range(max(most, 0) + 1)]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Numbered
        s.pending.pop()
        r = RESOURCES.index(tile(self.t).effect["resource"])
        s.res[p][r] -= action.n
        s.stored[self.host] += action.n

    def problem(self, s: UndergroveState) -> str | None:
        t = self.t
        ok = _placed(s, self.host) and 1 <= t <= NUM_TILES and KIND_OF[t] is Effect.STORE_OWN
        return None if ok else "arguments out of range"


@dataclass(frozen=True, slots=True)
class NutrientOrAgain(Decision):
    """Mushrooms 45-48: +1 N (`nutrient`) or another action (`again`)."""

    kind = Kind.CHOICE
    prompt = "+1 N (nutrient) or another action (again)"

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [NUTRIENT, AGAIN]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        s.pending.pop()
        if action is AGAIN:
            s.pending.append(new_decision(Kind.MAIN))
        else:
            s.res[p][N] += 1


NUTRIENT_OR_AGAIN = NutrientOrAgain()


@dataclass(frozen=True, slots=True)
class CopyMushroom(Decision):
    """The tile a copycat on `host` copies (§6.2): its costs are paid, its effect resolved on
    the copycat. Pushed only when some tile can be copied."""

    kind = Kind.COPY
    prompt = "choose the mushroom to copy"

    host: int

    def options(self, s: UndergroveState, p: int) -> list[Action]:
        return [numbered("copy", t) for t in copy_targets(s, p, self.host)]

    def apply(self, s: UndergroveState, p: int, action: Action) -> None:
        assert type(action) is Numbered
        s.pending.pop()
        _pay_and_resolve(s, p, action.n, self.host)

    def problem(self, s: UndergroveState) -> str | None:
        ok = _placed(s, self.host) and KIND_OF[self.host] is COPYCAT
        return None if ok else "arguments out of range"

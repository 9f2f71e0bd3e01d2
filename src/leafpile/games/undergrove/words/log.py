"""The log sentence of one decision (`describe`): what the player did and what it caused.

The sentence is built on the view of the audience before the action. What the action caused is
read by answering the decision on a copy of that view (`apply`, then the automatic steps that
follow), and comparing: resources gained, tokens ready again, a seedling grown into a tree, the
carbon marker moved and its reward, another action granted. A view answers the legal actions
as the real state does; the tiles drawn at the end of a turn are not told (a view draws from
its pooled unknown tiles, which would be wrong, and is secret anyway).
"""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.undergrove.actions import (
    Carbon,
    Numbered,
    Place,
    Resource,
    Root,
    Seedling,
    Swap,
    Word,
)
from leafpile.games.undergrove.components import (
    BLOCKER,
    RESOURCES,
    STARTING_MUSHROOMS,
    TRACK_END,
    TRACK_SPACES,
    tile,
)
from leafpile.games.undergrove.kinds import Kind, Reward
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.turn import advance
from leafpile.games.undergrove.words import (
    bonus_text,
    colour,
    end_space_texts,
    name,
    resource_list,
    summed,
    token_list,
    track_texts,
    xy,
)
from leafpile.games.undergrove.words.prompts import (
    owed,
)
from leafpile.i18n import Msg

HIDDEN = -1


def sentence(s: UndergroveState, action: Action) -> Msg:
    """One sentence for the log, from the state (or view) before the action."""
    p = s.to_move
    kind = s.pending[-1].kind if s.pending else None
    direct, after = _play(s, action)
    base = _base(s, p, kind, action, direct)
    if direct is None or after is None:
        return base
    then = _caused(s, p, action, direct) + _followed(p, direct, after)
    if not then:
        return base
    return Msg("{what}: {then}", what=base, then=_listed(then))


def _listed(parts: list[Msg]) -> Msg:
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Msg("{first}; {rest}", first=part, rest=out)
    return out


def outcome(
    s: UndergroveState, action: Action
) -> tuple[UndergroveState | None, UndergroveState | None]:
    """What the decision does to a copy of `s`: the state right after its own answer, and
    after the automatic steps that follow (None, None if this view cannot play it); the
    log's "why?" (explain.py) reads the same outcome as the sentence."""
    return _play(s, action)


def _play(
    s: UndergroveState, action: Action
) -> tuple[UndergroveState | None, UndergroveState | None]:
    """The state right after the decision's own answer, and after the automatic steps that
    follow it (None, None if this view cannot play it)."""
    if s.over or not s.pending:
        return None, None
    try:
        trial = s.clone()
        _reveal(trial, action)
        trial.pending[-1].apply(trial, trial.to_move, action)
        direct = trial.clone()
        advance(trial)
    except Exception:
        return None, None
    return direct, trial


def _reveal(s: UndergroveState, action: Action) -> None:
    """A tile placed or discarded from a hand this view cannot see is public from now on: put
    it in that hand of the copy so the copy can play the action."""
    t = None
    if isinstance(action, Place):
        t = action.tile
    elif isinstance(action, Numbered) and action.verb == "discard":
        t = action.n
    hand = s.hands[s.to_move]
    if t is None or t in hand or not any(h < 0 for h in hand):
        return
    slot = HIDDEN - s.reshuffled[t]  # the placeholder of the reshuffle it was drawn after
    hand[hand.index(slot) if slot in hand else next(i for i, h in enumerate(hand) if h < 0)] = t
    if t in s.deck:
        s.deck.remove(t)


# -- what the player did --------------------------------------------------------------------------
def _base(
    s: UndergroveState,
    p: int,
    kind: Kind | None,
    action: Action,
    direct: UndergroveState | None,
) -> Msg:
    who = f"P{p}"
    if isinstance(action, Word):
        return _word(s, p, who, kind, action.word, direct)
    if isinstance(action, Numbered):
        return _numbered(s, p, who, action.verb, action.n, direct)
    if isinstance(action, Resource):
        return _resource(who, kind, action)
    if isinstance(action, Swap):
        give, get = RESOURCES[action.give], RESOURCES[action.get]
        return Msg("{player} swaps 1 {give} for 1 {get}", player=who, give=give, get=get)
    if isinstance(action, Place):
        top = s.pending[-1]
        if getattr(top, "free", False):
            return Msg(
                "{player} places {tile} at {at}, for free",
                player=who,
                tile=name(action.tile),
                at=xy(action.cell),
            )
        return Msg(
            "{player} places {tile} at {at}", player=who, tile=name(action.tile), at=xy(action.cell)
        )
    if isinstance(action, Seedling):
        if kind is Kind.SETUP:
            return Msg(
                "{player} puts a first seedling on the Earthlover's corner {at}, with a root "
                "into the Earthlover",
                player=who,
                at=xy(action.corner),
            )
        return Msg("{player} puts a seedling on corner {at}", player=who, at=xy(action.corner))
    if isinstance(action, Root):
        code = s.piece.get(action.corner, BLOCKER)
        at, into = xy(action.corner), name(action.tile)
        if code != BLOCKER and code >= 4:
            return Msg(
                "{player} puts a root from the tree at {at} into {tile}",
                player=who,
                at=at,
                tile=into,
            )
        return Msg(
            "{player} puts a root from the seedling at {at} into {tile}",
            player=who,
            at=at,
            tile=into,
        )
    if isinstance(action, Carbon):
        via = getattr(action, "via", None)
        if isinstance(via, int) and via > 0:
            return Msg(
                "{player} absorbs 1 C from {tile}, moved through {via}, into the seedling at {at}",
                player=who,
                tile=name(action.tile),
                via=name(via),
                at=xy(action.corner),
            )
        return Msg(
            "{player} absorbs 1 C from {tile} into the seedling at {at}",
            player=who,
            tile=name(action.tile),
            at=xy(action.corner),
        )
    return Msg("{player} chooses {action}", player=who, action=str(action))


def _paid(s: UndergroveState, p: int, direct: UndergroveState | None) -> str:
    if direct is None:
        return ""
    return resource_list([max(0, a - b) for a, b in zip(s.res[p], direct.res[p], strict=True)])


def _word(
    s: UndergroveState,
    p: int,
    who: str,
    kind: Kind | None,
    word: str,
    direct: UndergroveState | None,
) -> Msg:
    if word == "absorb":
        return Msg("{player} absorbs carbon", player=who)
    if word in ("reproduce", "partner"):
        paid = _paid(s, p, direct)
        if word == "reproduce":
            if paid:
                return Msg("{player} reproduces, paying {paid}", player=who, paid=paid)
            return Msg("{player} reproduces", player=who)
        if paid:
            return Msg("{player} partners, paying {paid}", player=who, paid=paid)
        return Msg("{player} partners", player=who)
    if word == "photosynthesize":
        return Msg("{player} photosynthesizes", player=who)
    if word == "skip":
        if kind is Kind.PLACE:
            return Msg("{player} places no mushroom", player=who)
        if kind is Kind.ROOT:
            return Msg("{player} places no more roots", player=who)
        return Msg("{player} skips this step", player=who)
    if word == "stop":
        return Msg("{player} absorbs no more carbon", player=who)
    if word == "done":
        if kind is Kind.SWAP:
            return Msg("{player} swaps no more", player=who)
        if kind is Kind.DISCARD:
            return Msg("{player} is done discarding", player=who)
        return Msg("{player} is done", player=who)
    if word == "nutrient":
        return Msg("{player} takes 1 N", player=who)
    if word == "again":
        return Msg("{player} takes another action", player=who)
    return Msg("{player} chooses {action}", player=who, action=word)


def _numbered(
    s: UndergroveState,
    p: int,
    who: str,
    verb: str,
    n: int,
    direct: UndergroveState | None,
) -> Msg:
    if verb in ("activate", "copy"):
        host = n if verb == "activate" else int(getattr(s.pending[-1], "host", n))
        cost: list[Msg] = []
        if direct is not None:
            flipped = [t for t in range(4) if s.ready[p] >> t & 1 and not direct.ready[p] >> t & 1]
            if flipped:
                cost.append(token_list(flipped))
            put = direct.carbon[host] - s.carbon[host]
            if put > 0:
                cost.append(Msg("{n} C onto it", n=put))
        if verb == "copy":
            if cost:
                return Msg(
                    "{player} copies {tile} with {host} ({cost})",
                    player=who,
                    tile=name(n),
                    host=name(host),
                    cost=summed(cost),
                )
            return Msg(
                "{player} copies {tile} with {host}", player=who, tile=name(n), host=name(host)
            )
        if cost:
            return Msg(
                "{player} activates {tile} ({cost})", player=who, tile=name(n), cost=summed(cost)
            )
        return Msg("{player} activates {tile}", player=who, tile=name(n))
    if verb == "use":
        return Msg("{player} spends bonus tile B{b} ({what})", player=who, b=n, what=bonus_text(n))
    if verb == "take":
        return Msg("{player} takes bonus tile B{b} ({what})", player=who, b=n, what=bonus_text(n))
    if verb == "end":
        return Msg(
            "{player} takes end space E{i} ({what})",
            player=who,
            i=n + 1,
            what=end_space_texts(their=True)[n],
        )
    if verb == "convert":
        if n == 0:
            return Msg("{player} converts no nitrogen", player=who)
        return Msg("{player} converts {n} N into {n} C", player=who, n=n)
    if verb == "discard":
        return Msg("{player} discards {tile}", player=who, tile=name(n))
    if verb == "store":
        t = int(getattr(s.pending[-1], "host", 0))
        if n == 0 or not t:
            return Msg("{player} stores nothing", player=who)
        res = _stored_resource(s)
        return Msg("{player} stores {n} {res} on {tile}", player=who, n=n, res=res, tile=name(t))
    notation = f"{verb} {n}"
    return Msg("{player} chooses {action}", player=who, action=notation)


def _stored_resource(s: UndergroveState) -> str:
    t = int(getattr(s.pending[-1], "t", 0))
    return str(tile(t).effect.get("resource", "")) if t else ""


def _resource(who: str, kind: Kind | None, action: Resource) -> Msg:
    if action.verb == "flip":
        if kind is Kind.STEP:
            return Msg(
                "{player} flips the {colour} token for a step of the carbon's way",
                player=who,
                colour=colour(action.r),
            )
        return Msg("{player} flips the {colour} token", player=who, colour=colour(action.r))
    if action.verb == "refresh":
        return Msg(
            "{player} makes the {colour} token ready again", player=who, colour=colour(action.r)
        )
    res = RESOURCES[action.r]
    if action.verb == "gain":
        return Msg("{player} takes 1 {res}", player=who, res=res)
    if kind is Kind.STEP:
        return Msg("{player} pays 1 {res} for a step of the carbon's way", player=who, res=res)
    return Msg("{player} pays 1 {res}", player=who, res=res)


# -- what it caused -------------------------------------------------------------------------------
def _caused(s: UndergroveState, p: int, action: Action, direct: UndergroveState) -> list[Msg]:
    """What the answer itself did besides what its base sentence says."""
    out: list[Msg] = []
    if isinstance(action, Carbon):
        corner = action.corner
        if s.piece.get(corner) == p and direct.piece.get(corner) == 4 + p:
            out.append(Msg("the seedling grows into a tree"))
        due = owed(direct)
        parts: list[Msg] = []
        if due["tokens"]:
            parts.append(Msg.plural("{n} token", "{n} tokens", due["tokens"]))
        if due["nutrients"]:
            parts.append(Msg.plural("{n} nutrient", "{n} nutrients", due["nutrients"]))
        if due["steps"]:
            parts.append(Msg.plural("{n} step", "{n} steps", due["steps"]))
        if parts:
            out.append(Msg("still to pay: {what}", what=summed(parts)))
    return out


def _followed(p: int, direct: UndergroveState, after: UndergroveState) -> list[Msg]:
    """What the automatic steps after the answer did: effects, Photosynthesize's end, the end
    of the turn (the carbon track, the Earthlover), another action, the end of the game."""
    out: list[Msg] = []
    gained = [max(0, b - a) for a, b in zip(direct.res[p], after.res[p], strict=True)]
    moved = after.track[p] - direct.track[p]
    space = after.track[p]
    if moved > 0 and space < TRACK_END:
        spec = TRACK_SPACES[space - 1]
        if spec["reward"] is Reward.GAIN:
            gained[RESOURCES.index(spec["resource"])] -= 1
    if any(v > 0 for v in gained):
        out.append(Msg("gains {what}", what=resource_list([max(0, v) for v in gained])))
    ready = [t for t in range(4) if after.ready[p] >> t & 1 and not direct.ready[p] >> t & 1]
    if ready:
        out.append(Msg("{tokens} ready again", tokens=token_list(ready)))
    for q in range(after.num_players):
        if q == p:
            continue
        got = [max(0, b - a) for a, b in zip(direct.res[q], after.res[q], strict=True)]
        if any(got):
            other = f"P{q}"
            out.append(Msg("{player} gains {what}", player=other, what=resource_list(got)))
    for t in range(1, len(after.stored)):
        if after.stored[t] > direct.stored[t]:
            out.append(Msg("1 resource is stored on {tile}", tile=name(t)))
    if all(after.carbon[t] > direct.carbon[t] for t in STARTING_MUSHROOMS):
        out.append(Msg("no carbon was left on the mushrooms: 1 C goes on each starting mushroom"))
    if moved > 0:
        if space >= TRACK_END:
            out.append(
                Msg(
                    "the carbon marker reaches the end of the track: the game ends after the "
                    "next round"
                )
            )
        else:
            out.append(
                Msg(
                    "the carbon marker moves to space {n} ({reward})",
                    n=space,
                    reward=track_texts(their=True)[space - 1],
                )
            )
    if (
        not after.over
        and after.to_move == p
        and after.pending
        and after.pending[-1].kind is Kind.MAIN
        and direct.pending
        and direct.pending[-1].kind is not Kind.MAIN
    ):
        out.append(Msg("another action follows"))
    if after.over:
        out.append(Msg("the game is over"))
    return out


__all__ = ["outcome", "sentence"]

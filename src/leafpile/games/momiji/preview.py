"""What a decision brings the player to move, for the page's preview (as Under the Leaves shows
"+2, Score 16 → 19"): the score broken down now, and after a Play ended at a given position
(its piles, its harvest), an objective activated or a compost made. Each is the rules' own
effect played on a clone of the player's view: the view holds the piles whole and the
player's own hand, and nothing else is looked at, so the preview tells no secret."""

from __future__ import annotations

from typing import Any

from leafpile.engine import Action
from leafpile.games.momiji.actions import STOP, Activate, Compost, Discard
from leafpile.games.momiji.scoring import objective_points, pile_points
from leafpile.games.momiji.state import PLAY, MomijiState


def score_parts(s: MomijiState, p: int) -> dict[str, int]:
    """Player `p`'s running score as the page breaks it down: piles, acorns, objectives."""
    piles, acorns, objectives = pile_points(s.rows[p]), s.acorns[p], objective_points(s)[p]
    return {
        "piles": piles,
        "acorns": acorns,
        "objectives": objectives,
        "total": piles + acorns + objectives,
    }


def after_stop(s: MomijiState) -> dict[str, int] | None:
    """The score of the player to move once the Play ends here (None: it may not end here)."""
    if s.phase != PLAY:
        return None
    p = s.to_move
    ended = s.clone()
    ended.apply(STOP)
    return score_parts(ended, p)


def after_action(s: MomijiState, action: Action) -> dict[str, int] | None:
    """The score of the player to move after an objective is activated or a compost is made
    (its two cards, whichever they are, score nothing in a hand); None for other actions."""
    if not isinstance(action, Activate | Compost):
        return None
    p = s.to_move
    done = s.clone()
    done.apply(action)
    while isinstance(action, Compost) and done.to_move == p:
        discards = [a for a in done.legal_actions() if isinstance(a, Discard)]
        if not discards:
            break
        done.apply(discards[0])
    return score_parts(done, p)


def previews(s: MomijiState, legal: list[Action]) -> dict[str, Any]:
    """The score now and after each legal objective or compost, by notation."""
    out = {str(a): after_action(s, a) for a in legal}
    return {
        "now": score_parts(s, s.to_move),
        "after": {k: v for k, v in out.items() if v is not None},
    }

"""Undergrove's evaluation for greedy bots and rollout cut-offs (issue 6).

The running score (§9) already counts roots, goals and leftover resources; on top of it we
value what turns into points later: carbon absorbed into your pieces (each carbon unlocks a
root's pine cones, three make a tree), progress on the carbon track (rewards and the end
trigger; a step earned this turn counts before the turn ends), roots placed, and ready
activation tokens (actions available next turn), seedlings that can still absorb, nutrients
(the currency of every action) and being able to afford a new seedling. A tree counts the 3
carbon that grew it, whether they were discarded (the rules) or kept (`carbon_moves=bga`).

Carbon-movement steps the turn still owes are charged (`W_STEP`): the greedy bot chooses the
carbon before paying for its way, and without the charge took far carbon as readily as near.
Greedy with the charge against greedy without, 2 players: 57.6% of 800 games under the
published rules' paths, 64.5% of 400 under `carbon_moves=bga`.
"""

from __future__ import annotations

from leafpile.engine.lead import leads
from leafpile.games.undergrove.carbon_movement import AbsorbCarbon
from leafpile.games.undergrove.components import SUPPLY
from leafpile.games.undergrove.growing import PlaceRoot, PlaceSeedling
from leafpile.games.undergrove.payments import PaySteps, nutrients, token_count
from leafpile.games.undergrove.photosynthesis import EndPhotosynthesis
from leafpile.games.undergrove.scoring import totals
from leafpile.games.undergrove.state import UndergroveState

#: Bot levels tuned for Undergrove (`Game.bot_levels`). A turn is a long chain of small
#: decisions (pay, flip, step), so eight random ones leave a position that no longer says
#: much: rollouts stop after two. Against greedy at 200 iterations per decision, rollouts of
#: two won 19 of 30 games and the eight-step default 4 of 10; at 1 s per decision (up to about
#: 4,600 iterations), `benchmarks/bots.py` measured 83.9% over 56 games; 58.3% over 60 once
#: greedy charged the movement steps it owes (a stronger greedy) under the published rules'
#: carbon movement, on a busier machine (about 3,300 iterations a second).
BOT_LEVELS = {"hard": {"rollout_depth": 2}, "medium": {"rollout_depth": 2}}

W_PIECE_CARBON = 1.0
W_TRACK = 2.0
W_ROOTS_PLACED = 0.5
W_READY_TOKEN = 0.25
W_SEEDLING = 5.0  # a growing seedling (or the tree it became): future carbon and points
W_NUTRIENT = 0.6  # nutrients pay for actions, beyond their half point at the end
W_CAN_REPRODUCE = 0.5  # a new seedling is affordable (P and C, pieces in supply)
W_STEP = 1.0  # a carbon-movement step still owed (a nutrient or a token): near carbon first


def features(state: UndergroveState, p: int, score: float) -> float:
    """`score` (the running score) plus the weighted progress features of player p."""
    tree = p + 4
    piece_carbon = 0
    growing = 0
    for c, code in state.piece.items():
        if code == tree:
            # the 3 carbon that grew it, whether they were discarded (§4.2) or kept [BGA]
            piece_carbon += 3
            growing += 1  # a tree has grown: keep its worth
        elif code == p:
            piece_carbon += state.pcarbon[c]
            growing += state.pcarbon[c] < 4
    roots_placed = SUPPLY["roots"] - state.roots_left[p]
    ready = token_count(state.ready[p])
    track_step = int(
        p == state.to_move and state.absorbed and not state.track_done and state.track[p] < 9
    )
    r = state.res[p]
    score += sum(r) / 2 - sum(r) // 2  # leftover resources without the rounding: smoother
    can_reproduce = int(
        r[2] >= 2 and r[0] >= 1 and state.seedlings[p] > 0 and state.roots_left[p] > 0
    )
    if p == state.to_move:
        # Credit what the turn has already paid for but not resolved yet, so that the first
        # step of a multi-step action is not judged by its costs alone; and charge the carbon
        # movement it still owes, so that near carbon is preferred to far carbon.
        for entry in state.pending:
            kind = type(entry)
            if kind is EndPhotosynthesis:
                score += 1.0  # 2 C at half a point each
                ready = 4
            elif kind is PlaceSeedling:
                growing += 1
            elif type(entry) is PlaceRoot and not entry.optional:
                roots_placed += 1
            elif type(entry) is AbsorbCarbon and entry.must:
                piece_carbon += 1
            elif type(entry) is PaySteps:
                score -= W_STEP * entry.n
    return (
        score
        + W_PIECE_CARBON * piece_carbon
        + W_TRACK * (state.track[p] + track_step)
        + W_ROOTS_PLACED * roots_placed
        + W_READY_TOKEN * ready
        + W_SEEDLING * growing
        + W_NUTRIENT * nutrients(state, p)
        + W_CAN_REPRODUCE * can_reproduce
    )


def evaluate(state: UndergroveState, player: int) -> float:
    """Own features minus the best opponent's (higher is better for `player`)."""
    return evaluate_all(state)[player]


def evaluate_all(state: UndergroveState) -> list[float]:
    """Every player's evaluation at once (`Game.evaluate_all`)."""
    scores = totals(state)
    if state.over:
        return [float(v) for v in leads(scores)]
    return leads([features(state, q, scores[q]) for q in range(state.num_players)])

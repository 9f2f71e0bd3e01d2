"""Undergrove's rules as the engine sees them (`Game.rules`): set-up, legal decisions, applying
one, scores and winners. The rules themselves are in the modules named after their part:

    set_up.py           §3 the deal and the first seedlings
    turn.py             §4 the action choice, answering decisions, the end of a turn, §8
    mushrooms.py        §4.1 activating a mushroom, §6 what mushrooms do
    carbon_movement.py  §2, §4.2 absorbing: distance, step costs, reachable carbon
    growing.py          §4.3 Reproduce, §4.4 Partner: mushrooms from hand, seedlings, roots
    photosynthesis.py   §4.5 Photosynthesize
    payments.py         tokens and nutrients paid or gained one at a time
    track.py            §5 the carbon track, end spaces and bonus tiles
    scoring.py          pine cones, §7 goals, §9 final scoring
    forest.py           §2 the grid: tiles, corners, root slots, drawing tiles

Rule references (§) are to docs/rules/undergrove.md. Choices of ours are marked [D]:

- [D] Option `carbon_moves` chooses between two readings: `rules` (the default, the published
  rules of seed 004: carbon moves only onto a rooted tile without carbon, along the shortest
  path over placed tiles; a new tree discards its carbon; Partner places two roots) and `bga`
  (BGA's code: any rooted tile, Manhattan distance; the tree keeps its carbon; the second
  Partner root is optional). See carbon_movement.py and the package README.

- [D] A mushroom tile can be activated at most once per turn (its own activation; a copycat
  activates only itself). Without it the extra-action tiles 19-22 can refresh each other
  forever, and random games would have no length bound (the rules file's Q8 assumed token
  flips end chains; 19 and 22 refresh each other's token).
- [D] Option `round_limit`: the game also ends after that many rounds (a safety net for games
  where nobody can absorb any more; never reached in ordinary play).
- [D] Optional steps with nothing possible (no tile to place, no root slot, no carbon to
  absorb) are not offered; a track root reward that cannot be placed is skipped (§5.1).
- [D] Tiles placed from hand are replaced when the turn ends (§4 step 5; BGA draws at once
  but holds the new tile aside until the turn is confirmed, so it is not playable earlier).
- Copycats (§6.2): the carbon paid and "absorb from this tile" use the copycat; [D] from the
  BGA code, resources stored by a copied 41-44 go on that tile (the only one whose pine
  cones count them; the copycat's are printed).

A turn is a stack of pending decisions (decision.py), one small class per kind (kinds.py
lists them), each in the module of its rule.
"""

from __future__ import annotations

from leafpile.engine.takeback import TakeBackRule
from leafpile.games.undergrove.scoring import scores, winners
from leafpile.games.undergrove.set_up import start
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.turn import apply, legal_actions, random_action

__all__ = [
    "TAKE_BACKS",
    "apply",
    "legal_actions",
    "random_action",
    "scores",
    "start",
    "winners",
]


def _closed(s: UndergroveState, player: int) -> list[list[int]]:
    """What `player` cannot see (§3.2, Q10): the deck and the other hands."""
    return [s.deck, *(h for q, h in enumerate(s.hands) if q != player)]


#: Take-backs (`leafpile.engine.takeback`): a turn is the player to move in a round (or a
#: first seedling of the set-up). Every payment, flip, placement, root and choice may be
#: taken back until the turn's end draws tiles (or the discard pile is reshuffled).
TAKE_BACKS = TakeBackRule(
    turn=lambda s: (s.setup_left, s.round, s.to_move),
    closed=_closed,
)

"""What each player may see, and the twin determinization for bots.

Everything in Under the Leaves is public except the bag (§11 Q6: its count is public, its
contents and order are not). The state keeps the unseen tiles as a sorted list and draws each
refill with its RNG at the moment of the draw, so the only hidden parts are the RNG and the
seed that started it: a view blanks both, and determinize gives the RNG a fresh seed (a
scripted bag is an option, so public).
"""

from __future__ import annotations

from leafpile.engine import Rng
from leafpile.games.under_the_leaves.state import UnderTheLeavesState


def player_view(state: UnderTheLeavesState, player: int | None) -> UnderTheLeavesState:
    view = state.clone()
    view.redact_base(player)  # blanks the seed and the RNG: they replay every future refill
    return view


def determinize(view: UnderTheLeavesState, player: int | None, rng: Rng) -> UnderTheLeavesState:
    state = view.clone()
    state.redacted = False
    state.viewer = None
    state.rng = Rng(rng.next64())
    return state


def contradiction(view: UnderTheLeavesState, state: UnderTheLeavesState) -> str | None:
    """Nothing to remember beyond what the view shows: only the bag is hidden, a view lists its
    unseen tiles already, and every tile leaves it face up, never to go back (§11 Q6)."""
    return None

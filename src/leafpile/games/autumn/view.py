"""What each player may see, and the twin determinization for bots.

Autumn hides only the order of the face-down deck (and so the future draws of the RNG, which
shuffle later rounds). A view keeps the remaining cards, sorted, and a blank RNG.
"""

from __future__ import annotations

from leafpile.engine import Rng
from leafpile.games.autumn.state import AutumnState


def player_view(state: AutumnState, player: int | None) -> AutumnState:
    view = state.clone()
    view.redact_base(player)
    if not state.options.get("deck"):  # a scripted deck order is public: it is an option
        view.deck.sort()
    return view


def determinize(view: AutumnState, player: int | None, rng: Rng) -> AutumnState:
    state = view.clone()
    state.redacted = False
    state.viewer = None
    if not view.options.get("deck"):
        rng.shuffle(state.deck)
    state.rng = Rng(rng.next64())
    return state


def contradiction(view: AutumnState, state: AutumnState) -> str | None:
    """Nothing to remember beyond what the view shows: Autumn hides only the deck order, and
    every card placed stays in the state, covered or not (autumn.md §2)."""
    return None

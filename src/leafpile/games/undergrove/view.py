"""What each player may see, the twin determinization for bots, and the terminal picture.

Hidden (§3.2, Q10): the order of the deck and the hands of the other players. A view keeps its
viewer's hand, turns every other hand into placeholders (-1, so hand sizes stay public) and puts
all unknown tiles (the deck plus those hands) into `deck`, sorted: a viewer cannot tell a tile
in the deck from one in an opponent's hand. Placed tiles and the discard pile are public.
"""

from __future__ import annotations

from rich.console import Group

from leafpile.engine import Action, Rng
from leafpile.games.undergrove.components import (
    W,
    coord_text,
)
from leafpile.games.undergrove.state import UndergroveState

HIDDEN = -1


def player_view(state: UndergroveState, player: int | None) -> UndergroveState:
    view = state.clone()
    view.redact_base(player)  # also blanks the seed and the RNG
    pool = list(state.deck)
    for q, hand in enumerate(state.hands):
        if q != player:
            pool.extend(t for t in hand if t != HIDDEN)
            view.hands[q] = [HIDDEN] * len(hand)
    pool.sort()
    view.deck = pool
    return view


def determinize(view: UndergroveState, player: int | None, rng: Rng) -> UndergroveState:
    state = view.clone()
    state.redacted = False
    state.viewer = None
    pool = list(view.deck)
    rng.shuffle(pool)
    for q, hand in enumerate(view.hands):
        if q != player or any(t == HIDDEN for t in hand):
            count = sum(1 for t in hand if t == HIDDEN)
            known = [t for t in hand if t != HIDDEN]
            state.hands[q] = known + pool[:count]
            del pool[:count]
    state.deck = pool
    state.rng = Rng(rng.next64())
    return state


def deck_count(state: UndergroveState) -> int:
    """Tiles really in the deck (a view's `deck` also holds the hidden hands)."""
    hidden = sum(1 for h in state.hands for t in h if t == HIDDEN)
    return len(state.deck) - hidden


# -- terminal rendering -------------------------------------------------------------------------
def render(state: UndergroveState, viewer: int | None = None) -> Group:
    """The table for the terminal (`terminal.py`), in the current language; a full state is
    first turned into `viewer`'s view."""
    from leafpile.games.undergrove.terminal import render as picture

    if not state.redacted and viewer is not None:
        state = player_view(state, viewer)
    return picture(state, viewer)


def describe(state: UndergroveState, action: Action) -> str:
    """One sentence for the log, from the state (or view) before the action: what the player
    did and what it caused (web/log.py)."""
    from leafpile.games.undergrove.web.log import sentence

    return sentence(state, action)


def corner_text(corner: int) -> str:
    return coord_text(corner)


__all__ = ["W", "describe", "determinize", "player_view", "render"]

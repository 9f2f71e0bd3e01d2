"""What each player may see, and the twin determinization for bots.

Hidden (§3.2, Q10): the order of the deck and the hands of the other players. A view keeps its
viewer's hand, turns every other hand into placeholders (so hand sizes stay public) and puts
all unknown tiles (the deck plus those hands) into `deck`, sorted: a viewer cannot tell a tile
in the deck from one in an opponent's hand. Placed tiles and the discard pile are public, so a
seat remembers which tiles each reshuffle of the discard pile put into the deck [BGA]: a hidden
tile is written -1 - (the reshuffle it was drawn after), and determinize deals it from the
unseen tiles of that reshuffle (state.py).
"""

from __future__ import annotations

from leafpile.engine import Rng
from leafpile.games.undergrove.state import HIDDEN, UndergroveState


def player_view(state: UndergroveState, player: int | None) -> UndergroveState:
    view = state.clone()
    view.redact_base(player)  # also blanks the seed and the RNG
    pool = list(state.deck)
    for q, hand in enumerate(state.hands):
        if q != player:
            pool.extend(hand)
            view.hands[q] = [HIDDEN - state.reshuffled[t] for t in hand]
    pool.sort()
    view.deck = pool
    return view


def determinize(view: UndergroveState, player: int | None, rng: Rng) -> UndergroveState:
    """Each hidden hand tile from the unseen tiles of the reshuffle it was drawn after; the
    deck from what is left, in a random order."""
    state = view.clone()
    state.redacted = False
    state.viewer = None
    pool = list(view.deck)
    rng.shuffle(pool)
    by_reshuffle: dict[int, list[int]] = {}
    for t in pool:
        by_reshuffle.setdefault(view.reshuffled[t], []).append(t)
    for q, hand in enumerate(view.hands):
        if any(t < 0 for t in hand):
            state.hands[q] = [t if t >= 0 else by_reshuffle[HIDDEN - t].pop() for t in hand]
    # each reshuffle's tiles are still in the shuffled order (and the deck holds only the last)
    state.deck = [t for tiles in by_reshuffle.values() for t in tiles]
    state.rng = Rng(rng.next64())
    return state


def contradiction(view: UndergroveState, state: UndergroveState) -> str | None:
    """What in the full `state` contradicts what `view`'s seat remembers (None: nothing): each
    hidden hand tile must come from the reshuffle the view says, and the deck only holds
    tiles of the last reshuffle."""
    for q, hand in enumerate(view.hands):
        drawn_after = sorted(HIDDEN - t for t in hand if t < 0)
        if drawn_after and drawn_after != sorted(state.reshuffled[t] for t in state.hands[q]):
            return f"P{q}'s hand holds tiles of other reshuffles than remembered"
    last = max(view.reshuffled)
    if any(state.reshuffled[t] != last for t in state.deck):
        return "the deck holds a tile from before the last reshuffle"
    return None

"""What each player may see, the twin determinization for bots, and the terminal picture.

Hidden in Momiji (momiji.md §2, §3): every hand but your own, the deck order, the face-down
discard pile, and every pile's cards under its top card (nobody may look through a pile, not
even its owner; by default nobody knows pile sizes either: option `show_pile_sizes`). Once the
game is over the piles are turned over for scoring, so views show them whole.
"""

from __future__ import annotations

from rich.console import Group

from leafpile.engine import Action, Rng
from leafpile.games.momiji.components import (
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    MAX_VALUE,
    cards_of_types,
)
from leafpile.games.momiji.state import OVER, MomijiState

HIDDEN = -1


def _sizes_shown(state: MomijiState) -> bool:
    return bool(state.options.get("show_pile_sizes", False))


def player_view(state: MomijiState, player: int | None) -> MomijiState:
    view = state.clone()
    view.redact_base(player)  # also blanks the seed and the RNG
    view.deck = [HIDDEN] * len(state.deck)
    view.discard = [HIDDEN] * len(state.discard)
    view.hands = [
        hand if p == player else [HIDDEN] * len(hand) for p, hand in enumerate(view.hands)
    ]
    if state.phase != OVER:
        if _sizes_shown(state):
            view.rows = [[[HIDDEN] * (len(p) - 1) + [p[-1]] for p in row] for row in view.rows]
        else:
            view.rows = [[[p[-1]] for p in row] for row in view.rows]
    return view


def determinize(view: MomijiState, player: int | None, rng: Rng) -> MomijiState:
    """A full state consistent with `view`: the unknown cards are dealt at random, and each
    pile gets cards under its top that make it a plausible pile (each lower value once, then
    random extra cards of its type that are not higher than its top)."""
    state = view.clone()
    state.redacted = False
    state.viewer = None
    known = set(state.display)
    for cards in (state.deck, state.discard, *state.hands):
        known.update(cards)
    piles = [pile for row in state.rows for pile in row]
    for pile in piles:
        known.update(pile)
    pool = [c for c in cards_of_types(state.types) if c not in known]
    rng.shuffle(pool)
    placeholders = state.deck.count(HIDDEN) + state.discard.count(HIDDEN)
    placeholders += sum(hand.count(HIDDEN) for hand in state.hands)
    if view.phase != OVER:
        if _sizes_shown(view):
            pool = _fill_sized_piles(piles, pool)
        else:
            pool = _fill_hidden_piles(piles, pool, len(pool) - placeholders, rng)
    it = iter(pool)
    for p, hand in enumerate(state.hands):
        if HIDDEN in hand:
            state.hands[p] = sorted(c if c != HIDDEN else next(it) for c in hand)
    state.discard = [c if c != HIDDEN else next(it) for c in state.discard]
    state.deck = [c if c != HIDDEN else next(it) for c in state.deck]
    state.rng = Rng(rng.next64())
    return state


def _chain_needs(top: int) -> list[int]:
    """Values a pile with this top card holds below it at least (highest first)."""
    return list(range(CARD_VALUE[top] - 1, -1, -1))


def _fits(card: int, top: int) -> bool:
    return CARD_TYPE[card] == CARD_TYPE[top] and CARD_VALUE[card] <= min(
        CARD_VALUE[top], MAX_VALUE - 1
    )


def _take_first(pool: list[int], type_: int, value: int) -> int | None:
    for i, c in enumerate(pool):
        if CARD_TYPE[c] == type_ and CARD_VALUE[c] == value:
            return pool.pop(i)
    return None


def _finish(pile: list[int], under: list[int]) -> None:
    under.sort(key=lambda c: (CARD_VALUE[c], c))
    pile[:] = [*under, pile[-1]]


def _fill_sized_piles(piles: list[list[int]], pool: list[int]) -> list[int]:
    for pile in piles:
        top = pile[-1]
        room = len(pile) - 1
        under: list[int] = []
        for value in _chain_needs(top):
            if len(under) >= room:
                break
            c = _take_first(pool, CARD_TYPE[top], value)
            if c is not None:
                under.append(c)
        while len(under) < room:
            i = next((i for i, c in enumerate(pool) if _fits(c, top)), None)
            if i is None:  # no plausible card left (rare powers): any card keeps counts right
                i = next((i for i, c in enumerate(pool) if CARD_TYPE[c] == CARD_TYPE[top]), 0)
            under.append(pool.pop(i))
        _finish(pile, under)
    return pool


def _fill_hidden_piles(piles: list[list[int]], pool: list[int], budget: int, rng: Rng) -> list[int]:
    unders: list[list[int]] = [[] for _ in piles]
    for j, pile in enumerate(piles):
        top = pile[-1]
        for value in _chain_needs(top):
            if budget <= 0:
                break
            c = _take_first(pool, CARD_TYPE[top], value)
            if c is not None:
                unders[j].append(c)
                budget -= 1
    rest: list[int] = []
    for c in pool:
        if budget > 0:
            fitting = [j for j, pile in enumerate(piles) if _fits(c, pile[-1])]
            if fitting:
                unders[rng.choice(fitting)].append(c)
                budget -= 1
                continue
        rest.append(c)
    while budget > 0 and piles and rest:  # fallback: keep the counts right
        unders[rng.randrange(len(piles))].append(rest.pop())
        budget -= 1
    for pile, under in zip(piles, unders, strict=True):
        _finish(pile, under)
    return rest


# -- words --------------------------------------------------------------------------------------
def card_name(card: int) -> str:
    return "??" if card < 0 else CARDS[card].kind_name


def describe(state: MomijiState, action: object) -> str:
    """One sentence for the game log, in words (the state is the reader's view before the
    action): the cards collected and played, where each goes, what a Play's end harvests, the
    landscape used and its power, the last round and the end of the game. A card that goes
    face down (compost, discards) is named only in its owner's own view's log."""
    from leafpile.games.momiji.web.words import describe as in_words

    assert isinstance(action, Action)
    return in_words(state, action)


# -- terminal rendering -------------------------------------------------------------------------
def render(state: MomijiState, viewer: int | None = None) -> Group:
    """The table for the terminal (`terminal.py`), in the current language."""
    from leafpile.games.momiji.terminal import render as picture

    return picture(state, viewer)

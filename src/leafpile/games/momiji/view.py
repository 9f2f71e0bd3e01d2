"""What each player may see, and the twin determinization for bots.

Hidden in Momiji (momiji.md §2, §3): every hand but your own, the deck order and the face-down
discard pile. Every card on a pile was played face up, so a view holds the piles whole (the
physical rule forbids looking through a pile, not remembering what was played on it), and it
carries what its seat remembers of the hidden parts (memory.py): the cards each player took
face up and may still hold, and the seat's own face-down discards.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from leafpile.engine import Rng
from leafpile.games.momiji.components import (
    CARD_KIND,
    cards_of_types,
)
from leafpile.games.momiji.memory import SURE
from leafpile.games.momiji.state import MomijiState

HIDDEN = -1


def player_view(state: MomijiState, player: int | None) -> MomijiState:
    view = state.clone()
    view.redact_base(player)  # also blanks the seed and the RNG
    view.deck = [HIDDEN] * len(state.deck)
    view.discard = [HIDDEN] * len(state.discard)
    view.hands = [
        hand if p == player else [HIDDEN] * len(hand) for p, hand in enumerate(view.hands)
    ]
    for p in range(state.num_players):
        if p != player:  # only the one who discarded face down knows what went
            view.discarded[p] = []
            view.discarded_chance[p] = []
    return view


def determinize(view: MomijiState, player: int | None, rng: Rng) -> MomijiState:
    """A full state consistent with `view` and its memory: each hand holds the cards its player
    was seen taking (the uncertain ones with their chance, else they lie in the discard pile),
    the seat's own discards lie in the discard pile, and the other unseen cards are dealt at
    random."""
    return determinizer(view, player)(rng)


def determinizer(view: MomijiState, player: int | None) -> Callable[[Rng], MomijiState]:
    """`determinize(view, player, rng)` as a function of `rng` (`Game.determinizer`): what
    does not depend on the draws (the unseen cards, the cards remembered for sure) is worked
    out once, since a search determinizes the same view at every iteration. Each call makes
    the same draws and returns the same state as `determinize`."""
    seen = set(view.display)
    for row in view.rows:
        for pile in row:
            seen.update(pile)
    for hand in view.hands:
        seen.update(hand)
    unseen: dict[int, list[int]] = {}  # kind -> unseen cards of that kind
    for c in _in_play(tuple(view.types)):
        if c not in seen:
            unseen.setdefault(CARD_KIND[c], []).append(c)

    def take(kind: int) -> int:
        cards = unseen.get(kind)
        return cards.pop() if cards else HIDDEN  # copies of a kind are alike

    hidden = [p for p, hand in enumerate(view.hands) if HIDDEN in hand]
    hands: dict[int, list[int]] = {p: [] for p in hidden}
    room = {p: len(view.hands[p]) for p in hidden}
    discards: list[int] = []  # the face-down discard pile, as far as dealt
    pile_room = len(view.discard)
    spare: list[int] = []
    own = player if player is not None else -1
    # what is sure first (no draw: the same for every call), then what is likely
    for p in hidden:
        for kind, chance in zip(view.known[p], view.known_chance[p], strict=True):
            if chance >= SURE:
                c = take(kind)
                if c == HIDDEN:
                    continue
                if room[p] > 0:
                    hands[p].append(c)
                    room[p] -= 1
                elif len(discards) < pile_room:  # discarded face down
                    discards.append(c)
                else:
                    spare.append(c)
    if own >= 0:
        for kind, chance in zip(view.discarded[own], view.discarded_chance[own], strict=True):
            if chance >= SURE:
                c = take(kind)
                if c == HIDDEN:
                    continue
                if len(discards) < pile_room:
                    discards.append(c)
                else:
                    spare.append(c)
    likely = [
        (p, kind, chance)
        for p in hidden
        for kind, chance in zip(view.known[p], view.known_chance[p], strict=True)
        if chance < SURE
    ]
    if own >= 0:
        likely += [
            (-1, kind, chance)
            for kind, chance in zip(view.discarded[own], view.discarded_chance[own], strict=True)
            if chance < SURE
        ]
    rest = [c for cards in unseen.values() for c in cards]  # when nothing is only likely
    drawn_kinds = {kind for _, kind, _ in likely}

    def draw(rng: Rng) -> MomijiState:
        state = view.clone()
        state.redacted = False
        state.viewer = None
        dealt = {p: cards[:] for p, cards in hands.items()}
        left = dict(room)
        pile = discards[:]
        if likely:
            pool = dict(unseen)
            for kind in drawn_kinds:
                if kind in pool:
                    pool[kind] = pool[kind][:]
            out = spare[:]
            for p, kind, chance in likely:
                cards = pool.get(kind)
                if not cards:
                    continue
                c = cards.pop()
                if p >= 0:
                    if left[p] > 0 and rng.random() < chance:
                        dealt[p].append(c)
                        left[p] -= 1
                    elif len(pile) < pile_room:  # discarded face down
                        pile.append(c)
                    else:
                        out.append(c)
                elif len(pile) < pile_room and rng.random() < chance:
                    pile.append(c)
                else:
                    out.append(c)
            for cards in pool.values():
                out.extend(cards)
        else:
            out = spare + rest
        rng.shuffle(out)
        at = 0
        for p in hidden:
            hand = dealt[p]
            n = left[p]
            hand.extend(out[at : at + n])
            at += n
            hand.sort()
            state.hands[p] = hand
        n = pile_room - len(pile)
        pile.extend(out[at : at + n])
        at += n
        state.discard = pile  # its order never matters: R2 takes from it at random
        state.deck = out[at:]
        state.rng = Rng(rng.next64())
        return state

    return draw


@functools.cache
def _in_play(types: tuple[int, ...]) -> list[int]:
    """The card ids of these types (determinize runs once per search iteration)."""
    return cards_of_types(list(types))


def contradiction(view: MomijiState, state: MomijiState) -> str | None:
    """What in the full `state` contradicts what `view`'s seat remembers (None: nothing): a
    card remembered for sure in a hand must be there, and so must the seat's own sure discards
    in the discard pile."""
    for p, hand in enumerate(state.hands):
        if not _holds(hand, _sure(view.known[p], view.known_chance[p])):
            return f"P{p}'s hand lacks a card remembered in it"
    if view.viewer is not None:
        v = view.viewer
        if not _holds(state.discard, _sure(view.discarded[v], view.discarded_chance[v])):
            return "the discard pile lacks a card its seat discarded"
    return None


def _sure(kinds: list[int], chance: list[float]) -> list[int]:
    return [k for k, c in zip(kinds, chance, strict=True) if c >= SURE]


def _holds(cards: list[int], kinds: list[int]) -> bool:
    have = [CARD_KIND[c] for c in cards if c >= 0]
    for k in kinds:
        if k not in have:
            return False
        have.remove(k)
    return True

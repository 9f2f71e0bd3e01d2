"""What every seat remembers of the public events (perfect recall), kept up to date by the rules.

Face up in Momiji (momiji.md §2-§4): the display, every card played onto a pile (so every pile
is known whole to everyone who watched it grow), the cards a Collect (or the L4 power) takes
from the display into a hand. Face down: the deck, the hands, the discard pile. A seat
therefore remembers, besides what the table shows:

- `known[p]`: the kinds of the cards player p took face up and has not been seen playing since,
  with `known_chance[p]`, the chance that each is still in p's hand. It is 1.0 until p discards
  face down (compost, the hand limit, the R5 power): nobody sees which card went, so each face-down
  discard from a hand of h cards keeps each card with chance (h-1)/h [D] (a uniform guess:
  every card of the hand alike). A card played face up takes the entry of its kind, a sure one
  first.
- `discarded[p]`: the kinds p itself put face down, which only p knows lie in the discard pile,
  with `discarded_chance[p]`: the R2 power takes cards from the discard pile at random, so each
  of them stays there with chance (D-k)/D when someone else takes k of D cards; the one who
  takes them sees them.

A view keeps `known` for every hand (everyone saw the same events) and `discarded` for its own
seat only. Entries whose chance falls below `FORGET` are dropped: such a card is as good as
unknown.
"""

from __future__ import annotations

from leafpile.games.momiji.components import CARD_KIND
from leafpile.games.momiji.state import MomijiState

SURE = 1.0
FORGET = 0.1  # [D] an entry less likely than this is forgotten


def took(s: MomijiState, p: int, cards: list[int]) -> None:
    """Cards enter p's hand face up (a Collect, the L4 pick): everyone saw which."""
    known = s.known[p]
    chance = s.known_chance[p]
    for c in cards:
        known.append(CARD_KIND[c])
        chance.append(SURE)


def played(s: MomijiState, p: int, card: int) -> None:
    """A card leaves p's hand face up onto a pile: the remembered card of its kind is gone
    (a sure one first, else the likeliest)."""
    known = s.known[p]
    if not known:
        return
    kind = CARD_KIND[card]
    chance = s.known_chance[p]
    best = -1
    for i, k in enumerate(known):
        if k == kind and (best < 0 or chance[i] > chance[best]):
            best = i
    if best >= 0:
        del known[best]
        del chance[best]


def discarded_face_down(s: MomijiState, p: int, card: int, hand_before: int) -> None:
    """p puts a card face down from a hand of `hand_before` cards: every remembered card of that
    hand may be the one; p alone remembers which it was."""
    s.discarded[p].append(CARD_KIND[card])
    s.discarded_chance[p].append(SURE)
    if s.known[p]:
        keep = (hand_before - 1) / hand_before
        _scale(s.known[p], s.known_chance[p], keep)


def took_from_discard(s: MomijiState, p: int, cards: list[int], pile_before: int) -> None:
    """R2: p takes cards from the face-down discard pile at random and sees them; the others
    only know how many left it."""
    mine = s.discarded[p]
    mine_chance = s.discarded_chance[p]
    for c in cards:
        if c < 0:
            continue  # a view playing its own power: the cards are not known yet
        kind = CARD_KIND[c]
        if kind in mine:
            i = mine.index(kind)
            del mine[i]
            del mine_chance[i]
    keep = (pile_before - len(cards)) / pile_before
    for q in range(s.num_players):
        if q != p and s.discarded[q]:
            _scale(s.discarded[q], s.discarded_chance[q], keep)


def _scale(kinds: list[int], chance: list[float], keep: float) -> None:
    """Multiply each chance by `keep`, forgetting entries that fall below FORGET."""
    j = 0
    for i, k in enumerate(kinds):
        c = chance[i] * keep
        if c >= FORGET:
            kinds[j] = k
            chance[j] = c
            j += 1
    del kinds[j:]
    del chance[j:]

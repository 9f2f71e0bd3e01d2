"""What each player may see, the twin determinization for bots, and the terminal picture.

Hidden in Momiji (momiji.md §2, §3): every hand but your own, the deck order and the face-down
discard pile. Every card on a pile was played face up, so a view holds the piles whole (the
physical rule forbids looking through a pile, not remembering what was played on it), and it
carries what its seat remembers of the hidden parts (memory.py): the cards each player took
face up and may still hold, and the seat's own face-down discards.
"""

from __future__ import annotations

import functools

from rich.console import Group
from rich.text import Text

from leafpile.engine import Action, Rng, opt_str
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    KIND_NAMES,
    KIND_TYPE,
    LANDSCAPES,
    MAX_VALUE,
    OBJECTIVE_COST,
    OBJECTIVES,
    TYPE_LETTERS,
    TYPE_NAMES,
    cards_of_types,
    setup_row,
)
from leafpile.games.momiji.memory import SURE
from leafpile.games.momiji.scoring import OTHER_POINTS, OWNER_POINTS, totals, winners
from leafpile.games.momiji.state import DRAFT, OVER, MomijiState
from leafpile.games.momiji.turn import closed_piles

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
    state = view.clone()
    state.redacted = False
    state.viewer = None
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
    # what is sure first, then what is likely
    for sure in (True, False):
        for p in hidden:
            for kind, chance in zip(view.known[p], view.known_chance[p], strict=True):
                if (chance >= SURE) != sure:
                    continue
                c = take(kind)
                if c == HIDDEN:
                    continue
                if room[p] > 0 and (sure or rng.random() < chance):
                    hands[p].append(c)
                    room[p] -= 1
                elif len(discards) < pile_room:  # discarded face down
                    discards.append(c)
                else:
                    spare.append(c)
        if own >= 0:
            for kind, chance in zip(view.discarded[own], view.discarded_chance[own], strict=True):
                if (chance >= SURE) != sure:
                    continue
                c = take(kind)
                if c == HIDDEN:
                    continue
                if len(discards) < pile_room and (sure or rng.random() < chance):
                    discards.append(c)
                else:
                    spare.append(c)
    for cards in unseen.values():
        spare.extend(cards)
    rng.shuffle(spare)
    it = iter(spare)
    for p in hidden:
        hand = hands[p]
        hand.extend(next(it) for _ in range(room[p]))
        state.hands[p] = sorted(hand)
    discards.extend(next(it) for _ in range(pile_room - len(discards)))
    state.discard = discards  # its order never matters: R2 takes from it at random
    state.deck = list(it)
    state.rng = Rng(rng.next64())
    return state


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
_STYLE = ("green3", "yellow3", "dark_orange", "red3", "medium_purple", "orange4")


def _card(text: Text, card: int) -> None:
    if card < 0:
        text.append("??", style="dim")
    else:
        text.append(CARDS[card].kind_name, style=f"bold {_STYLE[CARD_TYPE[card]]}")


def _remembered_hand(text: Text, state: MomijiState, p: int) -> None:
    """Another player's hand as the table remembers it: the cards seen taken face up (with a
    `?` those that may have been discarded face down since), a back for each other card."""
    size = len(state.hands[p])
    remembered = sorted(
        zip(state.known[p], state.known_chance[p], strict=True), key=lambda kc: (-kc[1], kc[0])
    )[:size]
    for kind, chance in remembered:
        style = f"bold {_STYLE[KIND_TYPE[kind]]}" if chance >= SURE else _STYLE[KIND_TYPE[kind]]
        text.append(KIND_NAMES[kind] + ("" if chance >= SURE else "?"), style=style)
        text.append(" ")
    for _ in range(size - len(remembered)):
        text.append("??", style="dim")
        text.append(" ")


def render(state: MomijiState, viewer: int | None = None) -> Group:
    over = state.phase == OVER
    head = Text()
    head.append("Momiji", style="bold")
    if over:
        head.append("  game over\n")
    else:
        head.append(f"  turn {state.turn}, P{state.to_move} to act ({state.phase})\n")
    torii = setup_row(state.num_players)[2]
    head.append(
        f"deck {len(state.deck)} cards   discard {len(state.discard)}   "
        f"closed piles {closed_piles(state)}/{torii}"
    )
    if state.turns_left >= 0 and not over:
        head.append(f"   final round: {state.turns_left} turn(s) after this one", style="bold")
    head.append("\n")
    parts: list[Text] = [head]
    line = Text("display: ")
    previous = -1
    for c in state.display:  # ascending ids: one column per type
        if previous >= 0 and CARD_TYPE[c] != CARD_TYPE[previous]:
            line.append("| ", style="dim")
        _card(line, c)
        line.append(" ")
        previous = c
    if not state.display:
        line.append("empty", style="dim")
    parts.append(line)
    line = Text(
        f"objectives (activate for {OBJECTIVE_COST} acorns; owner {OWNER_POINTS}, "
        f"other best players {OTHER_POINTS}):"
    )
    for index, owner in zip(state.objectives, state.owners, strict=True):
        o = OBJECTIVES[index]
        line.append("\n  ")
        line.append(f"{o.id:<8}", style="bold" if owner >= 0 else "")
        line.append(f" {'owned by P' + str(owner) if owner >= 0 else 'inactive':<11} ")
        line.append(o.text, style="dim")
    parts.append(line)
    if state.phase == DRAFT:
        parts.append(
            Text("landscape draft: " + " ".join(LANDSCAPES[t].id for t in state.draft_pool))
        )
    scores = totals(state)
    for p in range(state.num_players):
        row = Text()
        marker = "> " if p == state.to_move and not over else "  "
        row.append(f"{marker}P{p}", style="bold")
        row.append(f"  acorns {state.acorns[p]}  hand {len(state.hands[p])}")
        row.append(f"  score {scores[p]}")
        row.append("\n    piles: ")
        for pile in state.rows[p]:
            top = pile[-1]
            row.append("[")
            _card(row, top)
            if CARD_VALUE[top] == MAX_VALUE:
                row.append(" torii", style="bold red")
            row.append(f" x{len(pile)}")
            row.append("] ")
        if not state.rows[p]:
            row.append("none", style="dim")
        row.append("\n    landscapes: ")
        for slot, tile in enumerate(state.tiles[p]):
            used = state.tiles_used[p] >> slot & 1
            row.append(
                LANDSCAPES[tile].id + (" (used)" if used else ""), style="dim" if used else ""
            )
            row.append(" ")
        shows_hand = (state.redacted and state.viewer == p) or (
            not state.redacted and (viewer is None or viewer == p)
        )
        if shows_hand and state.hands[p]:
            row.append("\n    hand: ")
            for c in sorted(state.hands[p], key=lambda c: (CARD_KIND[c] if c >= 0 else -1, c)):
                _card(row, c)
                row.append(" ")
        elif state.hands[p]:
            row.append("\n    hand: ")
            _remembered_hand(row, state, p)
        parts.append(row)
    own = state.viewer if state.redacted else viewer
    if own is not None and not over:
        for slot, tile in enumerate(state.tiles[own]):
            if not state.tiles_used[own] >> slot & 1:
                t = LANDSCAPES[tile]
                parts.append(Text(f"  your landscape {t.id}: {t.text}", style="dim"))
    if over:
        won = winners(state)
        names = ", ".join(f"P{p}" for p in won)
        parts.append(Text(f"winner(s): {names}", style="bold"))
    else:
        legend = "  ".join(f"{TYPE_LETTERS[t]}={TYPE_NAMES[t]}" for t in state.types)
        rule = opt_str(state.options, "final_round", "finish")
        parts.append(Text(f"types: {legend}   (L/R: acorn corner; end: {rule})", style="dim"))
    return Group(*parts)

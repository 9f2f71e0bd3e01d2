"""What each player may see, the twin determinization for bots, and the terminal picture.

Hidden in Momiji (momiji.md §2, §3): every hand but your own, the deck order, the face-down
discard pile, and every pile's cards under its top card (nobody may look through a pile, not
even its owner; by default nobody knows pile sizes either: option `show_pile_sizes`). Once the
game is over the piles are turned over for scoring, so views show them whole.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from leafpile.engine import Action, Rng, opt_str
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    LANDSCAPES,
    MAX_VALUE,
    OBJECTIVE_COST,
    OBJECTIVES,
    TYPE_LETTERS,
    TYPE_NAMES,
    cards_of_types,
    setup_row,
)
from leafpile.games.momiji.scoring import OTHER_POINTS, OWNER_POINTS, totals, winners
from leafpile.games.momiji.state import DRAFT, OVER, MomijiState
from leafpile.games.momiji.turn import closed_piles

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
_STYLE = ("green3", "yellow3", "dark_orange", "red3", "medium_purple", "orange4")


def _card(text: Text, card: int) -> None:
    if card < 0:
        text.append("??", style="dim")
    else:
        text.append(CARDS[card].kind_name, style=f"bold {_STYLE[CARD_TYPE[card]]}")


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
    sizes_known = not state.redacted or _sizes_shown(state) or over
    scores = totals(state)
    for p in range(state.num_players):
        row = Text()
        marker = "> " if p == state.to_move and not over else "  "
        row.append(f"{marker}P{p}", style="bold")
        row.append(f"  acorns {state.acorns[p]}  hand {len(state.hands[p])}")
        if sizes_known:
            row.append(f"  score {scores[p]}")
        row.append("\n    piles: ")
        for pile in state.rows[p]:
            top = pile[-1]
            row.append("[")
            _card(row, top)
            if CARD_VALUE[top] == MAX_VALUE:
                row.append(" torii", style="bold red")
            row.append(f" x{len(pile)}" if sizes_known else " x?")
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

"""Momiji in the terminal: the table in the reader's language, laid out in columns that wrap
inside themselves at any width, with a legend for every code it shows (card kinds, piles,
landscape ids).

The picture shows what the view holds: the display, the objectives, each player's row of
piles (top card and size: every seat remembers each pile whole, since each card was played
face up), landscapes and acorns, the viewer's own hand, what the player to move is asked, and
the legend.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from leafpile.engine.terminal import Legend, say
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARD_VALUE,
    CARDS,
    KIND_NAMES,
    KIND_TYPE,
    LANDSCAPES,
    MAX_VALUE,
    OBJECTIVES,
    TYPE_LETTERS,
    setup_row,
)
from leafpile.games.momiji.main_actions import objective_cost
from leafpile.games.momiji.memory import SURE
from leafpile.games.momiji.scoring import (
    OTHER_POINTS,
    OWNER_POINTS,
    objective_points,
    pile_points,
    totals,
    winners,
)
from leafpile.games.momiji.state import DRAFT, OVER, MomijiState
from leafpile.games.momiji.turn import closed_piles
from leafpile.games.momiji.words import (
    SLOT_WORDS,
    landscape_text,
    landscape_title,
    objective_words,
    type_words,
)
from leafpile.games.momiji.words.prompts import prompt
from leafpile.i18n import Msg, seat_label, with_seat_names

#: Players hold cards the others must not see: a hot-seat game hands the terminal over.
SECRET_HANDS = True
#: The objectives' ids as a player reads and types them (`obj zero`), by their data id; the
#: records keep the data id.
OBJECTIVE_IDS: dict[str, Msg] = {
    "zero": Msg("zero"),
    "visible": Msg("visible"),
    "closed": Msg("closed"),
    "piles": Msg("piles"),
    "biggest": Msg("biggest"),
    "acorns": Msg("acorns"),
    **{f"type-{t}": Msg("type-{letter}", letter=t) for t in TYPE_LETTERS},
}
#: The words after a verb of the notation that the command line shows translated.
NOTATION_ARGUMENTS = {"obj": OBJECTIVE_IDS}


def objective_id(data_id: str) -> str:
    """An objective's id in the reader's language, one word, lower case."""
    words = OBJECTIVE_IDS.get(data_id)
    return words.localize() if words is not None else data_id


#: Each leaf type's colour on the terminal, by type index.
TYPE_STYLES = ("green3", "yellow3", "dark_orange", "red3", "medium_purple", "orange4")


def card_text(text: Text, card: int) -> None:
    """A card by its kind code, in its type's colour; `??` for a hidden one."""
    if card < 0:
        text.append("??", style="dim")
    else:
        text.append(CARDS[card].kind_name, style=f"bold {TYPE_STYLES[CARD_TYPE[card]]}")


def remembered_hand(state: MomijiState, p: int) -> Text:
    """Another player's hand as the table remembers it: the cards seen taken face up (with a
    `?` those that may have been discarded face down since), `??` for each other card."""
    text = Text()
    size = len(state.hands[p])
    remembered = sorted(
        zip(state.known[p], state.known_chance[p], strict=True), key=lambda kc: (-kc[1], kc[0])
    )[:size]
    for kind, chance in remembered:
        style = TYPE_STYLES[KIND_TYPE[kind]]
        text.append(
            KIND_NAMES[kind] + ("" if chance >= SURE else "?"),
            style=("bold " + style) if chance >= SURE else style,
        )
        text.append(" ")
    for _ in range(size - len(remembered)):
        text.append("?? ", style="dim")
    return text


def cards_text(cards: list[int], by_type: bool = False) -> Text:
    """Cards in a row; `by_type` puts a bar between the types (the display's columns)."""
    text = Text()
    previous = -1
    for c in sorted(cards, key=lambda c: (CARD_KIND[c] if c >= 0 else -1, c)):
        if by_type and previous >= 0 and CARD_TYPE[c] != CARD_TYPE[previous]:
            text.append("| ", style="dim")
        card_text(text, c)
        text.append(" ")
        previous = c
    return text


def own_seat(state: MomijiState, viewer: int | None) -> int | None:
    return state.viewer if state.redacted else viewer


def render(state: MomijiState, viewer: int | None = None) -> Group:
    """The table for the terminal, in the current language."""
    own = own_seat(state, viewer)
    parts: list[RenderableType] = [head(state, own), market(state), objectives(state)]
    if state.phase == DRAFT:
        parts.append(draft(state))
    scores = totals(state)
    grid = _grid()  # one grid, so every player's labels line up
    for p in range(state.num_players):
        player_rows(grid, state, p, own, viewer, scores)
    parts.append(grid)
    if own is not None and state.phase != OVER:
        parts.append(own_landscapes(state, own))
    if state.phase == OVER:
        parts.append(breakdown(state))
    parts.append(asked(state, own))
    parts.append(key(state, viewer))
    return Group(*parts)


def breakdown(state: MomijiState) -> Table:
    """The final scores, each as its parts: piles, acorns and objectives."""
    grid = _grid()
    grid.add_row(Text(say("final scores:"), style="bold"), Text(""))
    objective = objective_points(state)
    for p, total in enumerate(totals(state)):
        line = say(
            "piles {piles} + acorns {acorns} + objectives {objectives} = {total}",
            piles=pile_points(state.rows[p]),
            acorns=state.acorns[p],
            objectives=objective[p],
            total=total,
        )
        grid.add_row(Text("  " + seat_label(p), style="bold"), Text(line))
    grid.add_row(
        Text(""),
        Text(say("a pile scores its top card's value times its number of cards"), style="dim"),
    )
    return grid


def head(state: MomijiState, own: int | None) -> Text:
    text = Text("Momiji", style="bold")
    if state.phase == OVER:
        won = ", ".join(seat_label(p) for p in winners(state))
        text.append("  " + say("game over; won by {players}", players=won), style="bold")
    elif own == state.to_move:
        text.append("  " + say("turn {n}, your turn", n=state.turn))
    else:
        text.append(
            "  " + say("turn {n}, {player} plays", n=state.turn, player=seat_label(state.to_move))
        )
    needed = setup_row(state.num_players)[2]
    text.append("\n")
    text.append(
        Msg.plural("deck: {n} card", "deck: {n} cards", len(state.deck)).localize()
        + "   "
        + say("discard pile: {n}", n=len(state.discard))
        + "   "
        + say("closed piles: {closed}", closed=closed_piles(state))
        + "\n"
    )
    if state.options.get("final_round", "finish") == "extra":
        end = Msg(
            "the game ends when {n} piles are closed or the deck is empty: one more full "
            "round is played after the current one",
            n=needed,
        )
    else:
        end = Msg(
            "the game ends when {n} piles are closed or the deck is empty: the current round "
            "is finished",
            n=needed,
        )
    text.append(end.localize(), style="dim")
    if state.turns_left >= 0 and state.phase != OVER:
        text.append("\n")
        text.append(
            Msg.plural(
                "last round: {n} more turn after this one",
                "last round: {n} more turns after this one",
                state.turns_left,
            ).localize(),
            style="bold",
        )
    return text


def _grid() -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    return grid


def market(state: MomijiState) -> Table:
    grid = _grid()
    shown = cards_text(state.display, by_type=True) if state.display else Text(say("empty"))
    grid.add_row(Text(say("display:"), style="bold"), shown)
    return grid


def objectives(state: MomijiState) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    intro = say(
        "objectives: activate one for {cost} acorns; at the end, the players with the most "
        "score it: its owner {own}, any other {other}",
        cost=objective_cost(state),
        own=OWNER_POINTS,
        other=OTHER_POINTS,
    )
    title = Text(intro, style="bold")
    for index, owner in zip(state.objectives, state.owners, strict=True):
        o = OBJECTIVES[index]
        status = say("owner: {player}", player=seat_label(owner)) if owner >= 0 else say("inactive")
        grid.add_row(
            Text("  " + objective_id(o.id), style="bold" if owner >= 0 else ""),
            Text(status, style="bold" if owner >= 0 else "dim"),
            Text(_words(objective_words(index)), style="dim"),
        )
    return Group(title, grid)


def draft(state: MomijiState) -> Table:
    grid = _grid()
    slot = SLOT_WORDS[state.draft_position].localize()
    grid.add_row(Text(say("landscapes to draft ({slot}):", slot=slot), style="bold"), Text(""))
    for tile in state.draft_pool:
        grid.add_row(Text("  " + LANDSCAPES[tile].id, style="bold"), landscape_line(tile))
    return grid


def landscape_line(tile: int) -> Text:
    words = Msg("{title}: {power}", title=landscape_title(tile), power=landscape_text(tile))
    return Text(words.localize())


def _words(text: str) -> str:
    return text.localize() if isinstance(text, Msg) else text


def player_rows(
    grid: Table,
    state: MomijiState,
    p: int,
    own: int | None,
    viewer: int | None,
    scores: list[int],
) -> None:
    """One player's area: acorns, hand size and score, piles, landscapes, and the hand when
    the view shows it."""
    to_move = p == state.to_move and state.phase != OVER
    who = Text("> " if to_move else "  ", style="bold yellow")
    who.append(seat_label(p), style="bold")
    if p == own:
        who.append(" (" + say("you") + ")", style="bold")
    facts = say("acorns {acorns}, hand {hand}", acorns=state.acorns[p], hand=len(state.hands[p]))
    facts += ", " + say("score {n}", n=scores[p])
    grid.add_row(who, Text(facts))
    piles = Text()
    for pile in state.rows[p]:
        top = pile[-1]
        piles.append("[")
        card_text(piles, top)
        if CARD_VALUE[top] == MAX_VALUE:
            piles.append(" torii", style="bold red")
        piles.append(f" x{len(pile)}")
        piles.append("] ")
    grid.add_row(Text("    " + say("piles:")), piles if state.rows[p] else Text(say("none"), "dim"))
    lands = Text()
    for slot, tile in enumerate(state.tiles[p]):
        used = state.tiles_used[p] >> slot & 1
        lands.append(LANDSCAPES[tile].id, style="dim" if used else "bold")
        lands.append(" " + _words(landscape_title(tile)), style="dim" if used else "")
        if used:
            lands.append(" (" + say("used") + ")", style="dim")
        lands.append("  ")
    grid.add_row(Text("    " + say("landscapes:")), lands)
    shows_hand = (state.redacted and state.viewer == p) or (
        not state.redacted and (viewer is None or viewer == p)
    )
    if shows_hand and state.hands[p]:
        grid.add_row(Text("    " + say("hand:")), cards_text(state.hands[p]))
    elif state.hands[p]:
        grid.add_row(Text("    " + say("hand:")), remembered_hand(state, p))


def own_landscapes(state: MomijiState, own: int) -> RenderableType:
    """What the viewer's unused landscapes do, in full."""
    grid = _grid()
    for slot, tile in enumerate(state.tiles[own]):
        if not state.tiles_used[own] >> slot & 1:
            grid.add_row(Text("  " + LANDSCAPES[tile].id, style="bold"), landscape_line(tile))
    return Group(Text(say("your landscapes (1 acorn each, once per game):")), grid)


def asked(state: MomijiState, own: int | None) -> Text:
    """What the player to move is asked now (for them), or what they are doing."""
    acting = state.phase != OVER and own == state.to_move and state.redacted
    legal = {str(a) for a in state.legal_actions()} if acting else set()
    return Text(with_seat_names(_words(prompt(state, acting, legal))), style="bold")


def key(state: MomijiState, viewer: int | None = None) -> Legend:
    """The legend of the codes this picture uses."""
    entries = [(TYPE_LETTERS[t], _words(type_words(t))) for t in state.types]
    entries.append(
        (
            example_card(state),
            say(
                "a card: its type, its value, then L / R for an acorn in its bottom left / "
                "right corner"
            ),
        )
    )
    entries.append(("[G2 x3]", say("a pile: its top card and how many cards it holds")))
    entries.append(("torii", say("a pile closed by a {n}: it takes no more cards", n=MAX_VALUE)))
    entries.append(("L1 C1 R1", say("landscapes: left, centre and right tile, and their number")))
    card = example_card(state)
    if state.phase != OVER:
        entries.append(
            (
                f"<{card} {card}>",
                say(
                    "in the actions: play the card as a new pile at the left / right end of "
                    "your row ({card} alone: on its own pile)",
                    card=card,
                ),
            )
        )
    if any(remembers(state, p, viewer) for p in range(state.num_players)):
        entries.append(
            (f"{card}?", say("in another's hand: seen taken, but maybe discarded face down since"))
        )
        entries.append(("??", say("in another's hand: a card nobody saw")))
    return Legend(entries)


def remembers(state: MomijiState, p: int, viewer: int | None) -> bool:
    """Whether the picture shows `p`'s hand as the table remembers it (`??`, `R1R?`)."""
    own = state.viewer if state.redacted else viewer
    return bool(state.hands[p]) and own is not None and p != own


def example_card(state: MomijiState) -> str:
    """A card kind the table shows, preferably with an acorn corner, for the legend."""
    shown = [c for c in (*state.display, *(c for h in state.hands for c in h)) if c >= 0]
    shown += [pile[-1] for row in state.rows for pile in row]
    with_acorn = [c for c in shown if CARDS[c].left or CARDS[c].right]
    return CARDS[(with_acorn or shown or [0])[0]].kind_name

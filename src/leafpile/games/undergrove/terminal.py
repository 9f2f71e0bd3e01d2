"""Undergrove in the terminal: the forest as a character grid that fits the terminal (a full
layout with tile names, a compact one without, or a clear message with the width it needs),
every player's resources and supply, the goals and bonus tiles in words, what the player to
move is asked, and a legend for every code shown (`C4 N2 P2 K2`, `s6 T4 r18`, `0s2`...).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from leafpile.engine.terminal import Fitted, Legend, say
from leafpile.games.undergrove.components import (
    BLOCKER,
    BONUS_SETS_AT,
    CORNER_OFFSETS,
    END_SPACES,
    RESOURCES,
    TOKEN_OF,
    TOKENS,
    coords,
    tile,
)
from leafpile.games.undergrove.scoring import tie_break, tile_vp, totals, winners
from leafpile.games.undergrove.state import HIDDEN, UndergroveState, deck_count
from leafpile.games.undergrove.view import player_view
from leafpile.games.undergrove.words import (
    COLOURS,
    bonus_text,
    end_space_texts,
    goal_texts,
)
from leafpile.games.undergrove.words.prompts import owed_text, prompt
from leafpile.i18n import Msg, seat_label, with_seat_names

#: Players hold cards the others must not see: a hot-seat game hands the terminal over.
SECRET_HANDS = True
#: Each seat's pieces, in the colours of the browser's table (web/colours.js PLAYER_COLOURS).
PLAYER_STYLES = ("bold dark_orange", "bold medium_purple", "bold red3", "bold white on grey35")
PLAYER_COLOURS = (
    Msg("orange pieces"),
    Msg("purple pieces"),
    Msg("red pieces"),
    Msg("white pieces"),
)
TOKEN_STYLES = ("blue", "magenta", "green", "yellow")
_CORNER_W = 3  # a corner's piece: owner digit, s/T, carbon
_TILE_H = 4  # 1 line of corners + 3 of tile
_MARGIN = 4  # the ruler of corner rows
#: A tile's inner width in each layout of the forest, widest first: the longest tile name
#: whole, shorter names whole, names cut (9), no name (6, the compact layout).
FOREST_WIDTHS = (28, 20, 14, 9, 6)


def render(state: UndergroveState, viewer: int | None = None) -> Group:
    """The table for the terminal, in the current language (`viewer`: whose hand shows); a full
    state is first turned into `viewer`'s view."""
    if not state.redacted and viewer is not None:
        state = player_view(state, viewer)
    parts: list[RenderableType] = [head(state, viewer), goals_and_bonus(state)]
    layouts = [forest_layout(state, inner) for inner in FOREST_WIDTHS]
    notes = [names_cut(state, inner) for inner in FOREST_WIDTHS]
    parts.append(Fitted(layouts, say("The forest"), notes))
    parts.append(players(state, viewer))
    if not state.over and state.pending:
        parts.append(asked(state))
    parts.append(key(state))
    return Group(*parts)


def own_seat(state: UndergroveState, viewer: int | None) -> int | None:
    return state.viewer if state.redacted else viewer


def head(state: UndergroveState, viewer: int | None) -> Text:
    text = Text("Undergrove", style="bold")
    if state.over:  # the round counter has moved past the last round played
        text.append("  " + say("ended after round {n}", n=state.round))
    elif state.final_round > state.round:
        text.append("  " + say("round {n}", n=state.round + 1))
        text.append(" " + say("(the last: {n})", n=state.final_round + 1), style="bold")
    elif state.final_round == state.round:
        text.append("  " + say("round {n}", n=state.round + 1))
        text.append(" " + say("(the last round)"), style="bold")
    else:
        text.append("  " + say("round {n}", n=state.round + 1))
    if state.over:
        won = ", ".join(seat_label(p) for p in winners(state))
        text.append("  " + say("game over; won by {players}", players=won), style="bold")
    elif own_seat(state, viewer) == state.to_move:
        text.append("  " + say("your turn"), style="bold yellow")
    else:
        text.append("  " + say("{player} plays", player=seat_label(state.to_move)))
    text.append("\n")
    text.append(
        Msg.plural("deck: {n} tile", "deck: {n} tiles", deck_count(state)).localize()
        + "   "
        + say("discard pile: {n}", n=len(state.discard))
    )
    return text


def goals_and_bonus(state: UndergroveState) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for i, g in enumerate(state.goals):
        name, counts, how = goal_texts(g)
        label = say("goals:") if i == 0 else ""
        grid.add_row(
            Text(label, style="bold"),
            Text(
                Msg(
                    "{n} {name}: {counts} — {how}", n=g, name=name, counts=counts, how=how
                ).localize()
            ),
        )
    for i, space in enumerate(BONUS_SETS_AT):
        label = say("bonus tiles:") if i == 0 else ""
        tiles = Text(say("track space {n}:", n=space) + " ")
        for j, b in enumerate(state.bonus_sets[i]):
            tiles.append((" · " if j else "") + f"B{b}", style="bold")
            tiles.append(" " + bonus_text(b).localize())
        if not state.bonus_sets[i]:
            tiles.append(say("none left"), style="dim")
        grid.add_row(Text(label, style="bold"), tiles)
    return grid


# -- the forest ---------------------------------------------------------------------------------
def piece_text(state: UndergroveState, corner: int) -> tuple[str, str]:
    code = state.piece.get(corner)
    if code is None:
        return " + ", "dim"
    if code == BLOCKER:
        return " # ", "dim"
    p = code % 4
    kind = "T" if code >= 4 else "s"
    return f"{p}{kind}{state.pcarbon.get(corner, 0)}", PLAYER_STYLES[p]


def forest_layout(state: UndergroveState, inner: int) -> Callable[[], Text]:
    """A drawing of the forest with tiles `inner` characters wide: 9 or more shows each
    tile's name (as much of it as fits), 6 only its number (the compact layout)."""
    return lambda: draw_forest(state, inner)


def draw_forest(state: UndergroveState, inner: int) -> Text:
    """The forest as a character grid. Each corner shows its piece (`1s2`: player 1's
    seedling holding 2 carbon, `0T0` a tree, `#` a blocker, `+` free); each tile its number and
    symbol, its name (full layout, `+2` at its end: resources stored on it), its carbon (`C1`)
    and pine cones (`3v`), and a root as its owner's digit in the tile's corner toward the
    root's corner. Rulers give the corners' coordinates, as the notation names them
    (`seedling 1,0`)."""
    if not state.tile_at:
        return Text()
    cell_w = _CORNER_W + inner
    xy = [coords(c) for c in state.tile_at]
    x0 = min(x for x, _ in xy)
    x1 = max(x for x, _ in xy) + 1
    y0 = min(y for _, y in xy)
    y1 = max(y for _, y in xy) + 1
    cols = _MARGIN + (x1 - x0) * cell_w + _CORNER_W
    rows = 1 + (y1 - y0) * _TILE_H + 1
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]

    def put(r: int, c: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= c + i < cols:
                grid[r][c + i] = (ch, style)

    for x in range(x0, x1 + 1):
        put(0, _MARGIN + (x - x0) * cell_w, f"{x:^3}", "dim")
    for y in range(y0, y1 + 1):
        put(1 + (y - y0) * _TILE_H, 0, f"{y:>3}", "dim")
    corners = {c + o for c in state.tile_at for o in CORNER_OFFSETS}
    for corner in corners:
        x, y = coords(corner)
        label, style = piece_text(state, corner)
        put(1 + (y - y0) * _TILE_H, _MARGIN + (x - x0) * cell_w, label, style)
    for c, t in state.tile_at.items():
        x, y = coords(c)
        r = 1 + (y - y0) * _TILE_H
        col = _MARGIN + (x - x0) * cell_w + _CORNER_W
        draw_tile(state, t, r, col, inner, put)
    text = Text()
    for row in grid:
        for ch, style in row:
            text.append(ch, style=style)
        text.append("\n")
    text.rstrip()
    return text


def draw_tile(
    state: UndergroveState, t: int, r: int, col: int, inner: int, put: Callable[..., None]
) -> None:
    token = TOKEN_OF[t]
    symbol = TOKENS[token] if token >= 0 else "*"
    symbol_style = TOKEN_STYLES[token] if token >= 0 else "bold"
    carbon = state.carbon[t]
    carbon_text = f"C{carbon}" if carbon else ""
    stored = stored_mark(state, t)
    put(r, col, "-" * inner, "dim")
    for line in (1, 2, 3):
        put(r + line, col - 1, "|", "dim")
    last = inner - 1
    # Roots sit in the tile's corner characters (columns 0 and last of rows 1 and 3); the
    # rest keeps a blank column beside them, so a root's digit never touches a number.
    if inner >= 9:
        put(r + 1, col + 2, f"{t:>2}", "bold")
        put(r + 1, col + 5, symbol, symbol_style)
        put(r + 2, col, tile_name(t, inner - len(stored)) + stored)
        put(r + 3, col + 2, carbon_text, "bold yellow")
        put(r + 3, col + 5, f"{tile_vp(state, t)}v", "green")
    else:
        put(r + 1, col + 2, carbon_text, "bold yellow")
        put(r + 2, col + 1, f"{t:>2}", "bold")
        put(r + 2, col + 4, symbol, symbol_style)
        put(r + 3, col + 2, f"{tile_vp(state, t)}v", "green")
    spots = ((r + 1, col), (r + 1, col + last), (r + 3, col), (r + 3, col + last))
    for i, (rr, cc) in enumerate(spots):  # slot i sits in the tile's corner i (TL, TR, BL, BR)
        owner = state.roots[4 * t + i]
        if owner >= 0:
            put(rr, cc, str(owner), PLAYER_STYLES[owner])


def names_cut(state: UndergroveState, inner: int) -> Legend | None:
    """The whole names of the forest's tiles that a layout `inner` wide cuts, by number."""
    cut = sorted(
        t
        for t in state.tile_at.values()
        if inner < 9 or tile_name(t, inner - len(stored_mark(state, t))) != tile(t).name
    )
    if not cut:
        return None
    return Legend([(str(t), tile(t).name) for t in cut], say("tiles:"))


def stored_mark(state: UndergroveState, t: int) -> str:
    """`+2` after a tile's name: resources stored on it."""
    return f"+{state.stored[t]}" if state.stored[t] else ""


def tile_name(t: int, room: int) -> str:
    """A tile's name in `room` characters: whole, else without its spaces, else cut with a
    dot to show it goes on."""
    name = tile(t).name
    if len(name) <= room:
        return name
    name = name.replace(" ", "")
    return name if len(name) <= room else name[: room - 1] + "."


# -- the players --------------------------------------------------------------------------------
def players(state: UndergroveState, viewer: int | None) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    own = own_seat(state, viewer)
    points = totals(state)
    for p in range(state.num_players):
        mark = "> " if not state.over and state.to_move == p else "  "
        who = Text(mark, style="bold yellow")
        who.append(seat_label(p), style=PLAYER_STYLES[p])
        if p == own:
            who.append(" (" + say("you") + ")", style="bold")
        grid.add_row(who, supply_line(state, p))
        grid.add_row(Text(""), hand_line(state, p, viewer))
    scores = ", ".join(f"{seat_label(p)} {v}" for p, v in enumerate(points))
    label = say("final score:") if state.over else say("score if the game ended now:")
    line = Text(label, style="bold")
    line.append(" " + scores)
    if not state.over:
        why = say(
            "(the pine cones your trees and seedlings reach by their roots, bonus tiles and "
            "end spaces, goals, and a point for every two resources left)"
        )
        line.append(" " + why, style="dim")
        return Group(grid, line)
    # the tie-breaks in the rules' words: most trees, then most carbon absorbed (3 per tree,
    # plus the carbon still on the seedlings)
    ties = Text(say("tie-breaks, most trees then most carbon absorbed:"), style="dim")
    for p in range(state.num_players):
        trees, on_seedlings = tie_break(state, p)
        absorbed = 3 * trees + on_seedlings
        counts = say("{trees} trees, {absorbed} carbon absorbed", trees=trees, absorbed=absorbed)
        ties.append(f" {seat_label(p)} {counts}" + (";" if p < state.num_players - 1 else ""))
    return Group(grid, line, ties)


def supply_line(state: UndergroveState, p: int) -> Text:
    line = Text()
    line.append(PLAYER_COLOURS[p].localize(), style=PLAYER_STYLES[p])
    line.append("  " + " ".join(f"{RESOURCES[i]}{state.res[p][i]}" for i in range(4)))
    line.append("  " + say("tokens") + " ")
    for t in range(4):
        ready = state.ready[p] >> t & 1
        line.append(
            TOKENS[t].upper() if ready else TOKENS[t], style=TOKEN_STYLES[t] if ready else "dim"
        )
    line.append("  " + say("supply") + f" s{state.seedlings[p]} T{state.trees[p]}")
    line.append(f" r{state.roots_left[p]}")
    line.append("  " + say("track {n}/9", n=state.track[p]))
    if state.end_space[p] >= 0:
        space = END_SPACES[state.end_space[p]]["id"]
        reward = end_space_texts()[state.end_space[p]].localize()
        line.append(f" ({space}: {reward})")
    if state.bonus[p]:
        line.append("  " + say("bonus") + " " + " ".join(f"B{b}" for b in state.bonus[p]))
    return line


def hand_line(state: UndergroveState, p: int, viewer: int | None) -> Text:
    hand = state.hands[p]
    hidden = any(t <= HIDDEN for t in hand) or (
        viewer is not None and viewer != p and state.redacted
    )
    if hidden or not hand:
        n = len(hand)
        return Text(Msg.plural("hand: {n} tile", "hand: {n} tiles", n).localize(), style="dim")
    names = ", ".join(f"{t} {tile(t).name}" for t in sorted(hand))
    return Text(say("hand:") + " " + names, style="dim")


def asked(state: UndergroveState) -> Text:
    """What the player to move is asked, and what they still owe."""
    player = "P" + str(state.to_move)  # the reader's name for it comes in below
    asks = Msg("{player} to decide: {prompt}", player=player, prompt=prompt(state))
    text = Text(with_seat_names(asks.localize()), style="bold")
    due = owed_text(state)
    if due is not None:
        text.append(" " + due.localize())
    return text


def key(state: UndergroveState) -> Legend:
    """The legend of the codes this picture uses."""
    colours = ", ".join(f"{TOKENS[t]} {COLOURS[t].localize()}" for t in range(4))
    entries = [
        ("C4 N2 P2 K2", say("carbon, nitrogen, phosphorus, potassium")),
        ("BPGY", say("activation tokens, capital when ready: {colours}", colours=colours)),
        ("s6 T4 r18", say("seedlings, trees, roots in the supply")),
        ("0s2", say("P0's seedling with 2 carbon; 0T0 P0's tree")),
        ("+ #", say("a free corner; a blocker")),
        ("12 g", say("a tile's number and symbol; C1 its carbon; 3v its pine cones")),
        ("+2", say("after a tile's name: resources stored on it")),
        ("0", say("in a tile's corner: P0's root into the tile")),
        ("B7", say("a bonus tile")),
        (say("track {n}/9", n=3), say("a space of the carbon track")),
    ]
    return Legend(entries)

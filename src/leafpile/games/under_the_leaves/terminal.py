"""Under the Leaves in the terminal: each garden as a grid of coloured spaces with its figures,
the market and the dweller cards in words, what the player to move is asked, the result and a
legend, in the current language (`leafpile.i18n`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from leafpile.engine.terminal import Fitted, Legend
from leafpile.games.under_the_leaves.components import (
    BURLY,
    DWELLER_BY_NAME,
    GRID,
    MAJORITY_BONUS,
    MUSHROOM,
    ORIENTED,
    PUDDLE,
    TYPE_MASK,
    bits,
    orientation_name,
    space_bit,
    space_xy,
    tile_bit,
)
from leafpile.games.under_the_leaves.scoring import (
    figures,
    hummingbirds,
    majority_bonus,
    scores,
    winners,
)
from leafpile.games.under_the_leaves.state import CHOOSE, OVER, PLACE, UnderTheLeavesState
from leafpile.games.under_the_leaves.words import (
    CARD_WORDS,
    COLOUR_WORDS,
    FAMILY_NAMES,
    FAMILY_WORDS,
)
from leafpile.i18n import Msg, seat_label, with_seat_names

_BG = {
    1: "black on pink1",
    2: "black on yellow1",
    3: "black on dark_orange",
    4: "white on purple4",
    5: "white on green4",
    PUDDLE: "white on dodger_blue3",
}
_FAMILY_LETTER = "LMW"  # leaf, mushroom, puddle (water) dweller figures: not a colour letter


#: One letter per type, so the garden reads without colours too (V = violet, i.e. purple).
_LETTER = " PYOVG~"


def space_cell(code: int, figures: str, width: int = 3) -> Text:
    """One space, `width` characters: its type letter, * for a mushroom, then its dweller
    figures (one letter, or their number when several share the space). Narrower, the figure
    takes the mushroom's place (2), or the letter's (1)."""
    kind = code & TYPE_MASK
    shown = figures if len(figures) < 2 else str(len(figures))
    mark = "*" if code & MUSHROOM else " "
    if width == 3:
        cell = _LETTER[kind] + mark + shown + " "
    elif width == 2:
        cell = _LETTER[kind] + (shown or mark)
    else:
        cell = shown or _LETTER[kind]
    return Text(cell[:width], style=_BG[kind])


def tile_picture(codes: tuple[int, int, int, int]) -> list[Text]:
    return [
        Text.assemble(space_cell(codes[0], ""), space_cell(codes[1], "")),
        Text.assemble(space_cell(codes[2], ""), space_cell(codes[3], "")),
    ]


def render_garden(state: UnderTheLeavesState, p: int, width: int = 3) -> Text:
    """The space grid with colours (letters P Y O V G, ~ for a puddle), mushrooms (*) and
    dweller figures (L, M, W letters on their space; Thoughtful and Flirty figures sit on the
    top-left space of their square), each space `width` characters wide. Tiles are separated
    by a gap; the line under each tile row shows the hummingbirds on each tile (h1-h3); tile
    coordinates label rows and columns."""
    placed = state.placed[p]
    xs = [t[1] for t in placed]
    ys = [t[2] for t in placed]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    figures: dict[int, str] = {}
    for family, b in state.spots[p]:
        figures[b] = figures.get(b, "") + _FAMILY_LETTER[family]
    birds: dict[int, int] = {}
    for mask in (state.humm_base[p], state.humm_row[p], state.humm_col[p]):
        for tb in bits(mask):
            birds[tb] = birds.get(tb, 0) + 1
    g0 = p * GRID
    tile_w = 2 * width + 1
    text = Text()
    text.append("    " + "".join(f"{x:^{tile_w}}" for x in range(x0, x1 + 1)) + "\n", style="dim")
    for ty in range(y0, y1 + 1):
        for row in (0, 1):
            text.append(f"{ty:>3} " if row == 0 else "    ", style="dim")
            for tx in range(x0, x1 + 1):
                for col in (0, 1):
                    b = space_bit(2 * tx + col, 2 * ty + row)
                    code = state.grid[g0 + b]
                    if code:
                        text.append_text(space_cell(code, figures.get(b, ""), width))
                    else:
                        text.append(f"{'·':^{width}}", style="dim")
                text.append(" ")
            text.append("\n")
        text.append("    ")
        for tx in range(x0, x1 + 1):
            n = birds.get(tile_bit(tx, ty), 0)
            text.append(f"{'h' + str(n) if n else '':^{tile_w - 1}} ", style="bold cyan")
        text.append("\n")
    text.rstrip()
    text.append("\n")
    return text


def garden_picture(state: UnderTheLeavesState, p: int) -> Fitted:
    """A garden at the widest of its layouts that fits the terminal."""
    layouts = [lambda width=width: render_garden(state, p, width) for width in (3, 2, 1)]
    return Fitted(layouts, say("The garden"))


def where(x: int, y: int) -> Msg:
    """A space in the garden's own coordinates: its tile (as the rulers number them) and its
    corner of that tile."""
    return Msg("tile {tx},{ty}, {corner}", tx=x // 2, ty=y // 2, corner=_CORNERS[y % 2][x % 2])


_CORNERS = (
    (Msg("top left"), Msg("top right")),
    (Msg("bottom left"), Msg("bottom right")),
)


def garden_summary(
    state: UnderTheLeavesState, p: int, show_score: bool, viewer: int | None = None
) -> Text:
    d = state.dwellers[3 * p : 3 * p + 3]
    line = Text(seat_label(p), style="bold")
    if p == viewer:
        line.append(" (" + say("you") + ")", style="bold")
    if show_score:
        count = figures(state, p)
        line.append("  " + Msg.plural("{n} figure", "{n} figures", count).localize())
    line.append(
        "  "
        + say(
            "(bees {bees}, hummingbirds {birds}, leaf {leaf}, mushroom {mushroom}, "
            "puddle {puddle})",
            bees=state.bees[p],
            birds=hummingbirds(state, p),
            leaf=d[0],
            mushroom=d[1],
            puddle=d[2],
        )
    )
    if state.burly_holder == p:
        line.append("  " + say("holds Burly"), style="bold green")
    if p == state.to_move and state.phase != OVER:
        line.append("  <- " + say("to move"), style="bold yellow")
    line.append("\n")
    for colour, mask, bees in state.sectors[p]:
        x, y = space_xy((mask & -mask).bit_length() - 1)
        sector = Msg.plural(
            "{colour} sector of {n} space from {where}: bees {bees}",
            "{colour} sector of {n} spaces from {where}: bees {bees}",
            mask.bit_count(),
            colour=COLOUR_WORDS[colour],
            where=where(x, y),
            bees=bees,
        )
        line.append("   " + sector.localize() + "\n", style="dim")
    return line


def say(msgid: str, **args: object) -> str:
    """A sentence of the terminal picture in the current language."""
    return Msg(msgid, **args).localize()


def render(state: UnderTheLeavesState, viewer: int | None = None) -> Group:
    show = bool(state.options.get("visible_score", True)) or state.phase == OVER
    head = Text("Under the Leaves", style="bold")
    head.append("   " + say("tiles still to come: {n}", n=state.draws_left) + "\n")
    head.append(say("dweller cards:") + " ")
    for name in state.cards:
        card = DWELLER_BY_NAME[name]
        title, text = CARD_WORDS[name]
        head.append(f"{title.localize()} ({FAMILY_WORDS[card.family].localize()})", style="bold")
        head.append(f" - {text.localize()}\n   ")
    if state.options.get("burly"):
        holder = seat_label(state.burly_holder) if state.burly_holder >= 0 else say("nobody")
        head.append(
            say("Burly (+3): {holder}, sector to beat {size}", holder=holder, size=state.burly_bar)
            + "\n",
            style="green",
        )
    parts: list[RenderableType] = [head]
    own = state.viewer if state.redacted else viewer
    for p in range(state.num_players):
        parts.append(garden_summary(state, p, show, own))
        parts.append(garden_picture(state, p))
    market = Text(say("market:") + " ")
    pics = [tile_picture(ORIENTED[t][0]) for t in state.market]
    for t in state.market:
        market.append(f"{'t' + str(t):<7}")
    market.append("\n        ")
    for row in (0, 1):
        for pic in pics:
            market.append_text(pic[row])
            market.append(" ")
        market.append("\n        ")
    parts.append(market)
    if state.phase == PLACE:
        line = Text(
            with_seat_names(
                say(
                    "P{player} places tile {tile}; orientations:",
                    player=state.to_move,
                    tile=state.taken,
                )
            )
            + "\n"
        )
        pics = [tile_picture(ORIENTED[state.taken][o]) for o in range(8)]
        line.append("".join(f"{orientation_name(o):<7}" for o in range(8)) + "\n")
        for row in (0, 1):
            for pic in pics:
                line.append_text(pic[row])
                line.append(" ")
            line.append("\n")
        line.append(say("play 'x,y' + orientation, e.g. '1,0r90m'"))
        parts.append(line)
    elif state.phase == CHOOSE:
        pair = state.pending[0]
        (x1, y1), (x2, y2) = space_xy(pair.first), space_xy(pair.second)
        question = Msg(
            "{player}: where does the {card} go? @{x1},{y1} ({first}) or @{x2},{y2} ({second})",
            player=seat_label(state.to_move),
            card=CARD_WORDS[state.cards[pair.family]][0],
            x1=x1,
            y1=y1,
            first=where(x1, y1),
            x2=x2,
            y2=y2,
            second=where(x2, y2),
        )
        parts.append(Text(question.localize()))
    elif state.phase == OVER:
        parts.append(Text(with_seat_names(result_line(state)), style="bold"))
    return Group(*parts, key())


def key() -> Legend:
    """The legend of the letters and marks of the gardens and the market."""
    colours = ", ".join(f"{_LETTER[k]} {COLOUR_WORDS[k].localize()}" for k in (1, 2, 3, 4, 5))
    families = ", ".join(
        f"{letter} {FAMILY_WORDS[i].localize()}" for i, letter in enumerate(_FAMILY_LETTER)
    )
    return Legend(
        [
            ("P Y O V G", say("a space's colour: {colours}", colours=colours)),
            ("~", COLOUR_WORDS[PUDDLE].localize()),
            ("*", say("a mushroom on the space")),
            (
                "L M W",
                say("after a space's colour: {families} (a digit: how many)", families=families),
            ),
            ("h2", say("hummingbirds on the tile above")),
            ("t15", say("tile 15 of the market (take it with t15)")),
            ("0 1 -1", say("tile coordinates, as the notation names them (1,0r90)")),
        ]
    )


def majority_words(bonus: list[int]) -> str:
    """A player's majority bonus, explained: +2 for each kind of dweller they have the most
    of (ties included)."""
    names = list(FAMILY_NAMES.values())
    kinds = ", ".join(names[f].localize() for f, b in enumerate(bonus) if b)
    return say(
        "incl. majority +{n} (the most {kinds} dwellers: +{each} each kind, ties included)",
        n=sum(bonus),
        kinds=kinds,
        each=MAJORITY_BONUS,
    )


def result_line(state: UnderTheLeavesState) -> str:
    totals = scores(state)
    bonus = majority_bonus(state)
    parts = []
    for p in range(state.num_players):
        extra = " " + majority_words(bonus[p]) if sum(bonus[p]) else ""
        if state.burly_holder == p:
            extra += " " + say("and Burly +{n}", n=BURLY["points"])
        total = f"{totals[p]:g}"
        parts.append(f"P{p} {total}{extra}")
    won = winners(state)
    who = (
        say("P{player} wins", player=won[0])
        if len(won) == 1
        else say("shared victory: {players}", players=", ".join(f"P{w}" for w in won))
    )
    return f"{who}; " + "; ".join(parts)

"""Autumn in the terminal: the table as a grid of coloured cells, the live areas, the card to
place and the result, in the current language (`leafpile.i18n`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from leafpile.engine import Action
from leafpile.engine.terminal import Fitted, Legend
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import Place
from leafpile.games.autumn.components import CARDS, RED
from leafpile.games.autumn.state import AutumnState, Phase
from leafpile.i18n import Msg, seat_label, with_seat_names

_BG = {RED: "on red3", 1: "on gold3"}


def top_cards(state: AutumnState) -> dict[tuple[int, int], tuple[int, int]]:
    """For each occupied cell: (placement index of the top card, its colour)."""
    top: dict[tuple[int, int], tuple[int, int]] = {}
    for index, (card_id, x, y, rot) in enumerate(state.placed):
        faces = CARDS[card_id].faces_at(rot)
        for (dx, dy), colour in zip(((0, 0), (1, 0), (0, 1), (1, 1)), faces, strict=True):
            top[(x + dx, y + dy)] = (index, colour)
    return top


def render_table(state: AutumnState, cell: int = 4) -> Text:
    """The table as a grid of coloured cells; each cell shows the order number of the card on
    top of it and its colour letter (r/y), so card edges (where the number changes), overlaps
    and colours stay readable even without colour. `cell` is a cell's width: 4 (`  14y`), 3
    (`14y`, for a wider table) or 1 (the colour letter only, for a narrow terminal)."""
    top = top_cards(state)
    text = Text()
    if not top:
        return text
    xs = [c[0] for c in top]
    ys = [c[1] for c in top]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    text.append("    " + _ruler(x0, x1, cell) + "\n", style="dim")
    for y in range(y0, y1 + 1):
        text.append(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            if (x, y) in top:
                index, colour = top[(x, y)]
                letter = "ry"[colour]
                shown = letter if cell == 1 else f"{index:>{cell - 1}}{letter}"
                text.append(shown, style=f"bold white {_BG[colour]}")
            else:
                text.append(f"{'.':>{cell}}", style="dim")
        text.append("\n")
    text.rstrip()
    return text


def _ruler(x0: int, x1: int, cell: int) -> str:
    """The column numbers over the cells; one-character cells are numbered every fifth."""
    if cell > 1:
        return "".join(f"{x:>{cell}}" for x in range(x0, x1 + 1))
    ruler = [" "] * (x1 - x0 + 4)
    for x in range(x0, x1 + 1):
        if x % 5 == 0 or x == x0:
            label = str(x)
            if all(c == " " for c in ruler[x - x0 : x - x0 + len(label) + 1]):
                ruler[x - x0 : x - x0 + len(label)] = label
    return "".join(ruler).rstrip()


def table_picture(state: AutumnState) -> Fitted:
    """The table at the widest of its layouts that fits the terminal."""
    layouts = [lambda cell=cell: render_table(state, cell) for cell in (4, 3, 1)]
    return Fitted(layouts, say("The table"))


def render(state: AutumnState, viewer: int | None = None) -> Group:
    """The table for the terminal, in the current language (`leafpile.i18n`)."""
    red_area, yellow_area = rules.live_areas(state)
    head = Text()
    if state.num_players == 2:
        head.append(say("Autumn, round {n} of {rounds}", n=state.round + 1, rounds=state.rounds))
        head.append("  ")
    head.append(say("red {n}", n=red_area), style="bold red3")
    head.append("  ")
    head.append(say("yellow {n}", n=yellow_area), style="bold gold3")
    head.append("   " + say("cards left in deck: {n}", n=len(state.deck)) + "\n")
    if state.num_players == 2:
        head.append_text(seats_line(state, viewer))
    parts: list[RenderableType] = [head]
    if state.num_players == 1:
        parts.append(solo_goal(state))
    parts.append(table_picture(state))
    if state.card is not None and state.phase == Phase.PLACE:
        card = CARDS[state.card]
        line = Text(say("card to place (#{card}):", card=state.card) + " ")
        for rot in (0, 1):
            faces = card.faces_at(rot)
            line.append(" 0°:" if rot == 0 else "   180°:")
            for colour in faces[:2]:
                line.append(" " + "RY"[colour], style=_BG[colour])
            line.append("/")
            for colour in faces[2:]:
                line.append(" " + "RY"[colour], style=_BG[colour])
            if card.symmetric:
                break
        parts.append(line)
    if state.phase == Phase.COLOUR:
        parts.append(
            Text(
                with_seat_names(
                    say("P{player} chooses a colour: 'red' or 'yellow'", player=state.to_move)
                )
            )
        )
    if state.phase == Phase.OVER:
        parts.append(Text(with_seat_names(result_line(state)), style="bold"))
    parts.append(key(state))
    return Group(*parts)


def key(state: AutumnState) -> Legend:
    """The legend of the table's cells, of the card to place and of the notation."""
    entries = [
        ("14y", say("the 14th card played lies on top, on yellow (r: red; 0 the start card)")),
        ("x,y", say("a card's top-left cell: column x, row y (x,yr: the card turned 180°)")),
    ]
    if state.card is not None and state.phase == Phase.PLACE:
        entries += [("R", say("red")), ("Y", say("yellow"))]
        entries.append(("R Y/Y R", say("the card to place: its top row / its bottom row")))
    return Legend(entries)


#: What each solo challenge asks of you (docs/rules/autumn.md §6).
SOLO_GOALS = {
    "garden": Msg(
        "make your three largest areas (of either colour) large: your score is the size of "
        "the third largest (0 with fewer than three areas)"
    ),
    "balance": Msg(
        "make three areas of exactly the same size: your score is the largest size that "
        "three areas share (0 if none)"
    ),
    "balance/three-largest": Msg(
        "make your three largest areas exactly the same size: your score is that size (0 if "
        "they differ)"
    ),
    "two": Msg("end with only two areas in all, one red and one yellow: 1 if you do, 0 if not"),
}
CHALLENGE_NAMES = {"garden": Msg("Garden"), "balance": Msg("Balance"), "two": Msg("Two")}


def solo_goal(state: AutumnState) -> Text:
    """The solo challenge by its name, and its goal."""
    challenge = str(state.options.get("challenge", "garden"))
    goal = challenge
    if challenge == "balance" and state.options.get("balance_rule") == "three-largest":
        goal = "balance/three-largest"
    line = Text(say("Solo challenge: {name}", name=CHALLENGE_NAMES[challenge]), style="bold")
    line.append(" — " + SOLO_GOALS[goal].localize())
    return line


def interlude(before: AutumnState, action: Action, after: AutumnState) -> RenderableType | None:
    """At the end of a round that another follows: the round's last layout, its scores and
    the match's running total, before the next round's table replaces it."""
    if len(after.round_scores) == len(before.round_scores) or after.phase == Phase.OVER:
        return None
    last = before.clone()
    assert isinstance(last, AutumnState) and isinstance(action, Place)
    assert before.card is not None
    last.placed = [*before.placed, (before.card, action.x, action.y, action.rot)]
    last.card = None
    n = len(after.round_scores)
    row, red = after.round_scores[-1], after.round_red[-1]
    scores = say(
        "P{red} (red) {red_score}, P{yellow} (yellow) {yellow_score}",
        red=red,
        red_score=row[red],
        yellow=1 - red,
        yellow_score=row[1 - red],
    )
    total = ", ".join(
        f"P{p} {sum(r[p] for r in after.round_scores)}" for p in range(after.num_players)
    )
    title = Text(say("End of round {n}: the table as it was left", n=n), style="bold")
    words = Text(
        with_seat_names(
            say("Round {n}: {scores}. Running total: {total}.", n=n, scores=scores, total=total)
        ),
        style="bold",
    )
    return Group(title, table_picture(last), words)


def seats_line(state: AutumnState, viewer: int | None) -> Text:
    """Who plays which colour this round (or that it is not chosen yet), and who you are."""
    line = Text()
    for p in range(2):
        if p:
            line.append("   ")
        who = seat_label(p) + (" (" + say("you") + ")" if p == viewer else "")
        if state.red_player is None:
            line.append(who, style="bold")
        else:
            red = state.red_player == p
            colour = say("red") if red else say("yellow")
            line.append(
                say("{player}: {colour}", player=who, colour=colour),
                style="bold red3" if red else "bold gold3",
            )
    if state.red_player is None:
        line.append("   " + say("(colours not chosen yet)"), style="dim")
    line.append("\n")
    return line


def say(msgid: str, **args: object) -> str:
    """A sentence of the terminal picture in the current language."""
    return Msg(msgid, **args).localize()


def result_line(state: AutumnState) -> str:
    if state.num_players == 1:
        areas = state.solo_areas
        score = f"{rules.scores(state)[0]:g}"
        return say(
            "final score {score} ({n} areas: {areas})",
            score=score,
            n=len(areas),
            areas=", ".join(map(str, areas)),
        )
    rows = ", ".join(
        say(
            "round {n} {red_score}-{yellow_score} (P{red} red)",
            n=i + 1,
            red_score=r[red],
            yellow_score=r[1 - red],
            red=red,
        )
        for i, (r, red) in enumerate(zip(state.round_scores, state.round_red, strict=True))
    )
    won = rules.winners(state)
    who = say("draw") if len(won) != 1 else say("P{player} wins", player=won[0])
    return say("{who}; rounds: {rows}", who=who, rows=rows)

"""Autumn in the terminal: the table as a grid of coloured cells, the live areas, the card to
place and the result, in the current language (`leafpile.i18n`)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from leafpile.games.autumn import rules
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


def render_table(state: AutumnState) -> Text:
    """The table as a grid of coloured cells; each cell shows the order number of the card on
    top of it and its colour letter (r/y), so card edges (where the number changes), overlaps
    and colours stay readable even without colour."""
    top = top_cards(state)
    text = Text()
    if not top:
        return text
    xs = [c[0] for c in top]
    ys = [c[1] for c in top]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    text.append("     " + "".join(f"{x:>4}" for x in range(x0, x1 + 1)) + "\n", style="dim")
    for y in range(y0, y1 + 1):
        text.append(f"{y:>4} ", style="dim")
        for x in range(x0, x1 + 1):
            if (x, y) in top:
                index, colour = top[(x, y)]
                letter = "ry"[colour]
                text.append(f"{index:>3}{letter}", style=f"bold white {_BG[colour]}")
            else:
                text.append("   .", style="dim")
        text.append("\n")
    return text


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
    parts: list[Text] = [head, render_table(state)]
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
        parts.append(Text(say("R = red, Y = yellow; a card's top row / bottom row"), style="dim"))
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
    return Group(*parts)


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
            red_score=r[0],
            yellow_score=r[1],
            red=red,
        )
        for i, (r, red) in enumerate(zip(state.round_scores, state.round_red, strict=True))
    )
    won = rules.winners(state)
    who = say("draw") if len(won) != 1 else say("P{player} wins", player=won[0])
    return say("{who}; rounds: {rows}", who=who, rows=rows)

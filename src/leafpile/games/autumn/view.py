"""What each player may see, the twin determinization for bots, and the terminal picture.

Autumn hides only the order of the face-down deck (and so the future draws of the RNG, which
shuffle later rounds). A view keeps the remaining cards, sorted, and a blank RNG.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from leafpile.engine import Action, Rng
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import ChooseColour, Place
from leafpile.games.autumn.components import CARDS, COLOUR_NAMES, RED
from leafpile.games.autumn.state import AutumnState, Phase


def player_view(state: AutumnState, player: int | None) -> AutumnState:
    view = state.clone()
    view.redact_base(player)
    if not state.options.get("deck"):  # a scripted deck order is public: it is an option
        view.deck.sort()
    return view


def determinize(view: AutumnState, player: int | None, rng: Rng) -> AutumnState:
    state = view.clone()
    state.redacted = False
    state.viewer = None
    if not view.options.get("deck"):
        rng.shuffle(state.deck)
    state.rng = Rng(rng.next64())
    return state


# -- terminal rendering -------------------------------------------------------------------------
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
    red_area, yellow_area = rules.live_areas(state)
    head = Text()
    if state.num_players == 2:
        head.append(f"Autumn, round {state.round + 1} of {state.rounds}  ")
        totals = rules.scores(state)
        head.append(f"match: P0 {totals[0]:g} - P1 {totals[1]:g}\n")
        if state.red_player is not None:
            head.append(f"P{state.red_player} is ", style="")
            head.append("red", style="bold red3")
            head.append(f", P{1 - state.red_player} is ")
            head.append("yellow", style="bold gold3")
            head.append("\n")
        else:
            head.append("colours not chosen yet\n", style="dim")
    else:
        challenge = str(state.options.get("challenge", "garden"))
        head.append(f"Autumn solo, challenge: {challenge}\n")
    head.append("largest areas now: ")
    head.append(f"red {red_area}", style="bold red3")
    head.append("  ")
    head.append(f"yellow {yellow_area}", style="bold gold3")
    head.append(f"   cards left in deck: {len(state.deck)}\n")
    parts: list[Text] = [head, render_table(state)]
    if state.card is not None and state.phase == Phase.PLACE:
        card = CARDS[state.card]
        line = Text(f"card to place (#{state.card}): ")
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
        parts.append(Text(f"P{state.to_move} chooses a colour: 'red' or 'yellow'"))
    if state.phase == Phase.OVER:
        parts.append(Text(result_line(state), style="bold"))
    return Group(*parts)


def result_line(state: AutumnState) -> str:
    if state.num_players == 1:
        areas = state.solo_areas
        return f"final score {rules.scores(state)[0]:g} ({len(areas)} areas: {areas})"
    rows = ", ".join(
        f"R{i + 1} {r[0]}-{r[1]} (P{red} red)"
        for i, (r, red) in enumerate(zip(state.round_scores, state.round_red, strict=True))
    )
    won = rules.winners(state)
    who = "draw" if len(won) != 1 else f"P{won[0]} wins"
    return f"{who}; rounds: {rows}"


def describe(state: AutumnState, action: Action) -> str:
    """The log line of `action`, played in `state`."""
    if isinstance(action, ChooseColour):
        return describe_colour(state.to_move, action.colour)
    if isinstance(action, Place) and state.card is not None:
        card = CARDS[state.card]
        turned = " turned 180°" if action.rot else ""
        return f"P{state.to_move} places card #{card.id} ({card.layout()}){turned} at " + (
            f"({action.x},{action.y})"
        )
    return str(action)


def describe_colour(chooser: int, colour: int) -> str:
    return f"P{chooser} takes {COLOUR_NAMES[colour]}"

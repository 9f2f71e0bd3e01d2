"""Autumn in words: the log sentence of each decision (`describe`) and the colours as players
read them. The card is public once revealed, so every audience may read every sentence."""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.autumn import rules
from leafpile.games.autumn.actions import ChooseColour, Place
from leafpile.games.autumn.components import CARDS, RED
from leafpile.games.autumn.state import AutumnState
from leafpile.i18n import Msg


def describe(state: AutumnState, action: Action) -> str:
    """The log line of `action`, played in `state`: the card by its colours and where it went
    (its top-left cell, as the notation and the table's rulers name it), then what it did
    to the largest areas (the card is public once revealed, so every audience may read it)."""
    if isinstance(action, ChooseColour):
        return describe_colour(state.to_move, action.colour)
    if isinstance(action, Place) and state.card is not None:
        faces = CARDS[state.card].faces_at(action.rot)
        reds = sum(1 for f in faces if f == RED)
        occupied, red_mask = rules.laid(state, action)
        leaves = {
            "player": state.to_move,
            "red": Msg.plural("{n} red", "{n} red", reds),
            "yellow": Msg.plural("{n} yellow", "{n} yellow", 4 - reds),
            "x": action.x,
            "y": action.y,
        }
        placed = (
            Msg("P{player} places a card ({red}, {yellow}) at {x},{y}", **leaves)
            if not action.rot
            else Msg("P{player} places a card ({red}, {yellow}) turned 180° at {x},{y}", **leaves)
        )
        if not state.deck:
            return round_end(state, placed, occupied, red_mask)
        return Msg(
            "{placed}: largest red area {red}, largest yellow area {yellow}",
            placed=placed,
            red=rules.largest_area(red_mask),
            yellow=rules.largest_area(occupied & ~red_mask),
        )
    return str(action)


def round_end(state: AutumnState, placed: Msg, occupied: int, red_mask: int) -> Msg:
    """The last card's line: the round ends, with what each player scores (the largest area
    of their colour) and the match so far."""
    red, yellow = rules.largest_area(red_mask), rules.largest_area(occupied & ~red_mask)
    if state.num_players == 1 or state.red_player is None:
        return Msg("{placed}; the round ends", placed=placed)
    row = [0, 0]
    row[state.red_player], row[1 - state.red_player] = red, yellow
    totals = [sum(r[p] for r in state.round_scores) + row[p] for p in (0, 1)]
    return Msg(
        "{placed}; round {n} ends: P{red_player} scores {red} (largest red area), "
        "P{yellow_player} scores {yellow} (largest yellow area); match so far {total0} to {total1}",
        placed=placed,
        n=state.round + 1,
        red_player=state.red_player,
        red=red,
        yellow_player=1 - state.red_player,
        yellow=yellow,
        total0=totals[0],
        total1=totals[1],
    )


def describe_colour(chooser: int, colour: int) -> Msg:
    return Msg("P{player} takes {colour}", player=chooser, colour=COLOUR_WORDS[colour])


#: The colours as players read them (COLOUR_NAMES are the notation).
COLOUR_WORDS = (Msg("red"), Msg("yellow"))

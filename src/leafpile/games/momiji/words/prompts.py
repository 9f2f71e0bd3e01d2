"""The step of a Momiji turn in words: what the player to move is asked (for them), or what
they are doing (for everyone else), for the terminal and the browser."""

from __future__ import annotations

from leafpile.games.momiji.components import COMPOST_CARDS, HAND_LIMIT
from leafpile.games.momiji.landscapes import SELL_CARDS
from leafpile.games.momiji.state import (
    COLLECT,
    COLLECT2,
    COMPOST,
    DISCARD,
    DRAFT,
    OVER,
    PICK,
    PLAY,
    SELL,
    SWAP,
    TURN,
    MomijiState,
)
from leafpile.games.momiji.words import SLOT_WORDS
from leafpile.i18n import Msg


def prompt(s: MomijiState, acting: bool, legal: set[str]) -> str:
    """The current step in words: what the player to move is asked (for them), or what they
    are doing (for everyone else)."""
    player = f"P{s.to_move}"
    phase = s.phase
    if phase == OVER:
        return Msg("The game is over.")
    if phase == DRAFT:
        slot = SLOT_WORDS[s.draft_position]
        if acting:
            return Msg("Keep one of these tiles as your {slot}.", slot=slot)
        return Msg("{player} chooses a tile for their {slot}.", player=player, slot=slot)
    if not acting:
        return {
            TURN: Msg("{player} is taking their turn.", player=player),
            COLLECT: Msg("{player} chooses a type to collect.", player=player),
            COLLECT2: Msg("{player} may collect a second type.", player=player),
            COMPOST: Msg("{player} is composting 2 cards.", player=player),
            PLAY: Msg("{player} is playing leaves.", player=player),
            PICK: Msg("{player} takes a card from the display.", player=player),
            SWAP: Msg("{player} chooses two piles to swap.", player=player),
            SELL: Msg("{player} is selling cards for acorns.", player=player),
            DISCARD: Msg("{player} discards down to the hand limit.", player=player),
        }[phase]
    if phase == TURN:
        if not s.main_used and "end" in legal:
            return Msg("No main action is possible: use a free action or pass.")
        if not s.main_used:
            return Msg(
                "Choose your main action: collect a type from the display, play leaves from "
                "your hand, or activate an objective."
            )
        if s.mains_left > 0:
            return Msg("You may take a second, different main action, or end your turn.")
        return Msg("Main action done: use a free action or end your turn.")
    if phase == COLLECT:
        return Msg("Collect: take all the cards of one type from the display.")
    if phase == COLLECT2:
        return Msg("You may collect a second type, or stop.")
    if phase == COMPOST:
        left = COMPOST_CARDS - s.step_cards
        return Msg.plural(
            "Choose {n} more card to compost.", "Choose {n} more cards to compost.", left
        )
    if phase == PLAY:
        return Msg("Play another card, or end the play.")
    if phase == PICK:
        return Msg("Take one card of the display into your hand.")
    if phase == SWAP:
        return Msg("Choose two neighbouring open piles to swap.")
    if phase == SELL:
        left = SELL_CARDS - s.step_cards
        return Msg.plural(
            "Sell up to {n} more card, 1 acorn each, or stop.",
            "Sell up to {n} more cards, 1 acorn each, or stop.",
            left,
        )
    extra = len(s.hands[s.to_move]) - HAND_LIMIT
    return Msg.plural(
        "Your hand is over the limit of {limit}: discard {n} card.",
        "Your hand is over the limit of {limit}: discard {n} cards.",
        extra,
        limit=HAND_LIMIT,
    )

"""Autumn's set-up (autumn.md §2, §3.1): the first player, then each round's shuffled deck,
start card and first revealed card."""

from __future__ import annotations

from leafpile.engine import opt_ints, opt_str
from leafpile.games.autumn.components import CELLS, DECK_SIZE, RED_BITS, SYMMETRIC, bit
from leafpile.games.autumn.state import AutumnState, Phase


def start(s: AutumnState) -> None:
    """Choose the first player (random unless the option fixes it), then start round 1."""
    first = opt_str(s.options, "first_player", "random")
    s.first = s.rng.randrange(2) if first == "random" else int(first)
    if s.num_players == 1:
        s.first = 0
    start_round(s)


def start_round(s: AutumnState) -> None:
    """Shuffle the 18 cards, reveal the start card at (0, 0), reveal the first card (§2, §3.1)."""
    scripted = opt_ints(s.options, "deck")
    s.deck = list(scripted) if scripted else list(range(DECK_SIZE))
    if not scripted:
        s.rng.shuffle(s.deck)
    rot_option = opt_str(s.options, "start_rotation", "random")
    rot = s.rng.randrange(2) if rot_option == "random" else int(rot_option == "180")
    start = s.deck.pop(0)
    if SYMMETRIC[start]:
        rot = 0
    s.occupied = CELLS << bit(0, 0)
    s.red = RED_BITS[start][rot] << bit(0, 0)
    s.placed = [(start, 0, 0, rot)]
    s.red_player = None
    s.phase = Phase.PLACE
    s.to_move = s.first
    s.card = s.deck.pop(0)

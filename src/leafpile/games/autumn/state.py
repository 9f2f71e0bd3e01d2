"""Autumn's state: plain data, a cheap hand-written clone and a canonical JSON form.

The visible table is two bitboards (`occupied` and `red`; yellow = occupied & ~red). The list
of placements is kept too, for drawing card edges and for rebuilding the boards from a save.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from leafpile.engine import (
    TERMINAL,
    InvalidStateError,
    OptionValue,
    State,
    int_list,
    int_rows,
    opt_int,
    opt_str,
    require,
)
from leafpile.games.autumn.components import CELLS, DECK_SIZE, REACH, RED_BITS, SOLO_SCALE, bit


class Phase(StrEnum):
    """What the round waits for: a placement, the second player's colour choice (§3.2), or
    nothing (the match is over)."""

    PLACE = "place"
    COLOUR = "colour"
    OVER = "over"


_OVER = Phase.OVER


class AutumnState(State):
    __slots__ = (
        "card",
        "deck",
        "first",
        "last_round",
        "num_players",
        "occupied",
        "options",
        "phase",
        "placed",
        "red",
        "red_player",
        "redacted",
        "rng",
        "round",
        "round_red",
        "round_scores",
        "seed",
        "solo_areas",
        "to_move",
        "viewer",
    )

    def __init__(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        self.init_base(num_players, seed, options)
        self.round = 0
        self.first = 0  # the player who places first this round
        self.deck: list[int] = []  # draw order: deck[0] is the next card
        self.card: int | None = None  # the revealed card to place
        self.phase = Phase.PLACE
        self.to_move = 0
        self.occupied = 0
        self.red = 0
        self.placed: list[tuple[int, int, int, int]] = []  # (card, x, y, rot), start card first
        self.red_player: int | None = None  # who owns red this round (2 players)
        self.round_scores: list[list[int]] = []  # finished rounds: score per player
        self.round_red: list[int] = []  # finished rounds: who owned red
        self.solo_areas: list[int] = []  # solo: sizes of all areas at the end, largest first
        #: the cards of the last finished round as they lay when it was scored (its final
        #: layout, shown before the next round's start card takes the table)
        self.last_round: list[tuple[int, int, int, int]] = []

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == _OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == _OVER  # the same answer without the property (playouts ask it)

    def returns(self) -> list[float]:
        """Solo: the score scaled to [0, 1] by the challenge's scale; 2 players: zero-sum."""
        if self.num_players == 1:
            if self.phase != Phase.OVER:
                return [0.0]
            challenge = opt_str(self.options, "challenge", "garden")
            return [min(1.0, self.scores()[0] / SOLO_SCALE[challenge])]
        return super().returns()

    @property
    def rounds(self) -> int:
        return opt_int(self.options, "rounds", 1)

    # -- copying and saving -----------------------------------------------------------------
    def clone(self) -> AutumnState:
        new = AutumnState.__new__(AutumnState)
        self.copy_base(new)
        new.round = self.round
        new.first = self.first
        new.deck = self.deck[:]
        new.card = self.card
        new.phase = self.phase
        new.to_move = self.to_move
        new.occupied = self.occupied
        new.red = self.red
        new.placed = self.placed[:]
        new.red_player = self.red_player
        new.round_scores = [s[:] for s in self.round_scores]
        new.round_red = self.round_red[:]
        new.solo_areas = self.solo_areas[:]
        new.last_round = self.last_round[:]
        return new

    def to_dict(self) -> dict[str, Any]:
        out = self.base_dict()
        out.update(
            round=self.round,
            first=self.first,
            phase=self.phase,
            to_move=self.to_move,
            card=self.card,
            deck=list(self.deck),
            placed=[list(p) for p in self.placed],
            red_player=self.red_player,
            round_scores=[list(s) for s in self.round_scores],
            round_red=list(self.round_red),
            solo_areas=list(self.solo_areas),
            last_round=[list(p) for p in self.last_round],
        )
        return out

    @classmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> AutumnState:
        s = cls(players, seed, options)
        s.load_base(data)
        s.round = require(data, "round", int)
        s.first = require(data, "first", int)
        phase = require(data, "phase", str)
        if phase not in Phase.__members__.values():
            raise InvalidStateError(f"saved state has an unknown phase {phase!r}")
        s.phase = Phase(phase)
        s.to_move = require(data, "to_move", int)
        card = data.get("card")
        if card is not None and not isinstance(card, int):
            raise InvalidStateError("saved state field 'card' must be an integer or null")
        s.card = card
        s.deck = int_list(data, "deck")
        red_player = data.get("red_player")
        if red_player is not None and red_player not in range(players):
            raise InvalidStateError("saved state field 'red_player' is not a player")
        s.red_player = red_player
        s.round_red = int_list(data, "round_red")
        s.solo_areas = int_list(data, "solo_areas")
        s.round_scores = int_rows(data, "round_scores", width=players)
        for p in int_rows(data, "placed", width=4):
            card_id, x, y, rot = _placement(p)
            b = bit(x, y)
            s.occupied |= CELLS << b
            s.red = (s.red & ~(CELLS << b)) | (RED_BITS[card_id][rot] << b)
            s.placed.append((card_id, x, y, rot))
        if "last_round" in data:  # saved before it was kept: no layout to show
            s.last_round = [_placement(p) for p in int_rows(data, "last_round", width=4)]
        _check_consistent(s)
        return s


def _placement(p: list[int]) -> tuple[int, int, int, int]:
    card_id, x, y, rot = p
    if not (0 <= card_id < DECK_SIZE and rot in (0, 1) and max(abs(x), abs(y)) <= REACH):
        raise InvalidStateError(f"saved state has a bad placement {p!r}")
    return card_id, x, y, rot


def _check_consistent(s: AutumnState) -> None:
    """Refuse saves that no game could reach (a broken file must not become a broken game)."""
    if not 0 <= s.round < s.rounds or s.to_move not in range(s.num_players):
        raise InvalidStateError("saved state has a bad round or player to move")
    if s.first not in range(s.num_players):
        raise InvalidStateError("saved state has a bad first player")
    seen = [p[0] for p in s.placed] + s.deck + ([s.card] if s.card is not None else [])
    if s.phase != Phase.OVER and sorted(seen) != list(range(DECK_SIZE)):
        raise InvalidStateError("saved state's cards are not exactly the 18 cards of the deck")
    if s.phase == Phase.PLACE and s.card is None:
        raise InvalidStateError("saved state is placing but has no revealed card")
    if len(s.round_scores) != len(s.round_red) and s.num_players == 2:
        raise InvalidStateError("saved state's round history is inconsistent")

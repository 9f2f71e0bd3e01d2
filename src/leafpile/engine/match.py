"""The match loop: one game played to the end by its seats, each asked on its own view.

A seat is whoever decides for a player: a bot, a person at the terminal, a remote person. The
loop is the only code that holds the true state; a seat sees `player_view` and nothing else,
so no seat can cheat. `leafpile play`, `leafpile simulate` and the benchmarks run games through
`run_match`; the server, which is driven by requests rather than a loop, keeps its game in a
`Match` and asks its bot seats through the same `Seat` interface and `seat_rng`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from leafpile.engine.game import Game
from leafpile.engine.record import GameRecord
from leafpile.engine.rng import Rng
from leafpile.engine.state import Action, State

_MASK = (1 << 64) - 1


class Seat(Protocol):
    """Whoever decides for one player."""

    #: Whether a decision with a single legal action is still put to this seat: a person
    #: wants to see it; a bot need not be asked (and its RNG is not consumed).
    asks_forced: bool

    def choose(self, view: State) -> Action | None:
        """One of `view.legal_actions()` (the view belongs to the player to move), or None
        when the seat leaves the game."""


def seat_rng(seed: int, seat: int, decision: int = 0) -> Rng:
    """The RNG of a bot seat, derived from the game's seed, so a game with bots replays
    exactly. A bot that lives for the whole game draws from one RNG (`decision` 0); one that
    is made afresh for each decision (the server's worker processes) numbers them."""
    rng = Rng((seed * 0x9E3779B97F4A7C15 + (seat + 1) * 0xBF58476D1CE4E5B9) & _MASK)
    rng.state = (rng.next64() + decision * 0x94D049BB133111EB) & _MASK
    return rng


@dataclass
class Match:
    """A game being played: the true state, its record, and how far it has come."""

    game: Game
    state: State
    record: GameRecord
    first_player: int = field(init=False)

    def __post_init__(self) -> None:
        self.first_player = self.state.current_player

    @classmethod
    def start(
        cls,
        game: Game,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        **metadata: Any,
    ) -> Match:
        """A new game (InvalidOptionsError on bad options); `metadata` goes in its record."""
        state = game.new_state(players, seed=seed, options=options)
        return cls(game, state, GameRecord.start(state, **metadata))

    @property
    def length(self) -> int:
        """Actions played so far."""
        return len(self.record.actions)

    def view(self, player: int | None) -> State:
        return self.game.player_view(self.state, player)

    def play(self, action: Action) -> None:
        """Apply an action already known to be legal and record its notation."""
        self.record.actions.append(str(action))
        self.state.apply(action)


def run_match(
    match: Match,
    seats: Sequence[Seat],
    on_action: Callable[[State, int, Action], None] | None = None,
    after_action: Callable[[Match], object] | None = None,
) -> bool:
    """Play until the game ends (True) or a seat leaves (False). `on_action(state, player,
    action)` sees each action just before it is applied (log lines, progress);
    `after_action(match)` sees the match once it is (saving the record as the game goes)."""
    state = match.state
    limit = match.game.info.max_length
    while not state.is_terminal():
        if match.length > limit:
            name = match.game.info.name
            raise RuntimeError(f"{name} exceeded its max_length of {limit} actions")
        player = state.current_player
        seat = seats[player]
        legal = state.legal_actions()
        if len(legal) == 1 and not seat.asks_forced:
            action: Action | None = legal[0]
        else:
            action = seat.choose(match.view(player))
            if action is None:
                return False
        assert action is not None
        if on_action is not None:
            on_action(state, player, action)
        match.play(action)
        if after_action is not None:
            after_action(match)
    return True

"""Autumn: a two-player card-overlapping duel with a solo mode (shared/rules/autumn.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leafpile.engine import (
    Action,
    Game,
    GameInfo,
    InvalidOptionsError,
    OptionSpec,
    OptionValue,
    Rng,
    State,
)
from leafpile.games.autumn import actions, heuristic, rules, view
from leafpile.games.autumn.actions import ChooseColour, Place
from leafpile.games.autumn.components import CARDS, COLOUR_NAMES, DECK_SIZE
from leafpile.games.autumn.state import AutumnState


class AutumnGame(Game):
    info = GameInfo(
        name="autumn",
        title="Autumn",
        min_players=1,
        max_players=2,
        options=(
            OptionSpec("rounds", 3, "match length (2 players)", choices=(1, 3), players=(2,)),
            OptionSpec(
                "first_player",
                "random",
                "who starts round 1 (then the start alternates)",
                choices=("random", "0", "1"),
                players=(2,),
            ),
            OptionSpec(
                "challenge",
                "garden",
                "solo challenge",
                choices=("garden", "balance", "two"),
                players=(1,),
            ),
            OptionSpec(
                "balance_rule",
                "any-three",
                "solo Balance scoring [D]: any three areas of one size, or the three largest",
                choices=("any-three", "three-largest"),
                players=(1,),
            ),
            OptionSpec(
                "start_rotation",
                "random",
                "orientation of each round's start card [D]",
                choices=("random", "0", "180"),
            ),
            OptionSpec(
                "deck",
                (),
                "fixed deck order for every round: the 18 card ids, comma-separated "
                "(empty: shuffled)",
            ),
        ),
        score_bounds=(0, 3 * (4 + 17 * 4)),
        max_length=3 * 18,
        summary="Overlap leaf cards to grow the largest area of your colour (1-2 players).",
    )

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        deck = options.get("deck", ())
        if deck and sorted(deck) != list(range(DECK_SIZE)):  # type: ignore[arg-type]
            raise InvalidOptionsError(
                f"option 'deck' must list each card id 0-{DECK_SIZE - 1} exactly once"
            )

    def setup(self, players: int, seed: int, options: dict[str, OptionValue]) -> AutumnState:
        state = AutumnState(players, seed, options)
        rules.start_match(state)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> AutumnState:
        players, seed, options = self.base_from_dict(data)
        return AutumnState.from_dict(players, seed, options, data)

    def parse_notation(self, text: str) -> Action:
        return actions.parse_notation(text)

    def player_view(self, state: State, player: int | None) -> AutumnState:
        assert isinstance(state, AutumnState)
        return view.player_view(state, player)

    def determinize(self, view_state: State, player: int | None, rng: Rng) -> AutumnState:
        assert isinstance(view_state, AutumnState)
        return view.determinize(view_state, player, rng)

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, AutumnState)
        return heuristic.evaluate(state, player)

    def render(self, state: State, viewer: int | None = None) -> Any:
        assert isinstance(state, AutumnState)
        return view.render(state, viewer)

    def describe(self, state: State, action: Action) -> str:
        assert isinstance(state, AutumnState)
        if isinstance(action, ChooseColour):
            return view.describe_colour(state.to_move, action.colour)
        if isinstance(action, Place) and state.card is not None:
            card = CARDS[state.card]
            turned = " turned 180°" if action.rot else ""
            return f"P{state.to_move} places card #{card.id} ({card.layout()}){turned} at " + (
                f"({action.x},{action.y})"
            )
        return str(action)


GAME = AutumnGame()
AutumnState.game = GAME

__all__ = ["COLOUR_NAMES", "GAME", "AutumnGame", "AutumnState"]

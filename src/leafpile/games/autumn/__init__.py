"""Autumn: a two-player card-overlapping duel with a solo mode (docs/rules/autumn.md)."""

from __future__ import annotations

from typing import Any, ClassVar

from leafpile.engine import (
    ActionsModule,
    ExplainModule,
    Game,
    GameInfo,
    HeuristicModule,
    InvalidOptionsError,
    ObservationModule,
    OptionSpec,
    OptionValue,
    RulesModule,
    State,
    TerminalModule,
    ViewModule,
    VocabularyModule,
    WordsModule,
)
from leafpile.engine.options import first_player_labels
from leafpile.games.autumn import (
    actions,
    explain,
    heuristic,
    observation,
    rules,
    terminal,
    view,
    vocabulary,
    web,
    words,
)
from leafpile.games.autumn.components import COLOUR_NAMES, DECK_SIZE
from leafpile.games.autumn.rules import TAKE_BACKS
from leafpile.games.autumn.state import AutumnState
from leafpile.i18n import Msg


class AutumnGame(Game):
    state_class = AutumnState
    actions: ClassVar[ActionsModule] = actions
    rules: ClassVar[RulesModule] = rules
    take_backs = TAKE_BACKS
    view: ClassVar[ViewModule] = view
    words: ClassVar[WordsModule] = words
    explanations: ClassVar[ExplainModule | None] = explain
    terminal: ClassVar[TerminalModule] = terminal
    heuristic: ClassVar[HeuristicModule] = heuristic
    vocabulary: ClassVar[VocabularyModule] = vocabulary
    observation: ClassVar[ObservationModule] = observation
    #: The solo challenges are chosen by an option: a balance study compares them.
    varied_options = {1: ("challenge",)}
    info = GameInfo(
        name="autumn",
        title="Autumn",
        min_players=1,
        max_players=2,
        options=(
            OptionSpec(
                "rounds",
                3,
                Msg("match length (2 players)"),
                choices=(1, 3),
                players=(2,),
                label=Msg("Match length"),
                about=Msg("A full match is three rounds; one round is a quick game."),
                choice_labels=(Msg("One round"), Msg("Three rounds")),
            ),
            OptionSpec(
                "first_player",
                "random",
                Msg("who starts round 1 (then the start alternates)"),
                choices=("random", "0", "1"),
                players=(2,),
                label=Msg("Who starts"),
                about=Msg("Who places the first card of round 1; then the start alternates."),
                choice_labels=first_player_labels(2),
            ),
            OptionSpec(
                "challenge",
                "garden",
                Msg("solo challenge"),
                choices=("garden", "balance", "two"),
                players=(1,),
                label=Msg("Solo challenge"),
                about=Msg("What you aim for alone: see How to play for each challenge."),
                choice_labels=(Msg("Garden"), Msg("Balance"), Msg("Two")),
            ),
            OptionSpec(
                "balance_rule",
                "any-three",
                Msg("solo Balance scoring [D]: any three areas of one size, or the three largest"),
                choices=("any-three", "three-largest"),
                players=(1,),
                label=Msg("Balance challenge: which areas count"),
                about=Msg("Which three areas must be the same size for the Balance challenge."),
                choice_labels=(Msg("Any three areas"), Msg("The three largest areas")),
            ),
            OptionSpec(
                "start_rotation",
                "random",
                Msg("orientation of each round's start card [D]"),
                choices=("random", "0", "180"),
                label=Msg("Start card"),
                about=Msg("How the card that starts each round lies."),
                choice_labels=(Msg("turned at random"), Msg("upright"), Msg("upside down")),
            ),
            OptionSpec(
                "deck",
                (),
                Msg(
                    "fixed deck order for every round: the 18 card ids, comma-separated "
                    "(empty: shuffled)"
                ),
            ),
        ),
        score_bounds=(0, 3 * (4 + 17 * 4)),
        max_length=3 * 18,
        # Measured maximum 76 (placements of the revealed card), in 200 random games per
        # player count and option variant, and greedy games.
        max_distinct_actions=256,
        summary=Msg("Overlap leaf cards to grow the largest area of your colour (1-2 players)."),
    )

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        deck = options.get("deck", ())
        if deck and sorted(deck) != list(range(DECK_SIZE)):  # type: ignore[arg-type]
            raise InvalidOptionsError(
                Msg(
                    "option 'deck' must list each card id 0-{last} exactly once", last=DECK_SIZE - 1
                )
            )

    def extras(self, view: State) -> dict[str, Any]:
        return web.extras(view)

    def choices(self, view: State) -> dict[str, Any]:
        assert isinstance(view, AutumnState)
        return web.choices(view)


GAME = AutumnGame()
AutumnState.game = GAME

__all__ = ["COLOUR_NAMES", "GAME", "AutumnGame", "AutumnState"]

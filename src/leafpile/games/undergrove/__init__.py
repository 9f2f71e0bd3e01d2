"""Undergrove: grow seedlings into trees by trading with the mushrooms of a shared forest
(2-4 players; docs/rules/undergrove.md)."""

from __future__ import annotations

from collections.abc import Mapping
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
from leafpile.engine.study import Component, data_entry, numbered
from leafpile.games.undergrove import (
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
from leafpile.games.undergrove.components import BONUS_SET_SIZE, BONUS_TILES, DECK, check_goals
from leafpile.games.undergrove.heuristic import BOT_LEVELS
from leafpile.games.undergrove.rules import TAKE_BACKS
from leafpile.games.undergrove.state import UndergroveState
from leafpile.games.undergrove.turn import DEFAULT_ROUND_LIMIT, MAX_ROUND_LIMIT
from leafpile.i18n import Msg

#: Decisions in one turn can never exceed this: 3 bonus tiles, 1 + 12 actions (each of the 12
#: extra-action tiles once, [D] once per turn), each at most 2 absorbs of at most 60 paid steps
#: plus a handful of choices, and the track reward's few decisions.
MAX_TURN_DECISIONS = 3 + 13 * (2 * (2 + 60) + 12) + 6


class UndergroveGame(Game):
    state_class = UndergroveState
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
    bot_levels = BOT_LEVELS
    info = GameInfo(
        name="undergrove",
        title="Undergrove",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "first_player",
                "random",
                Msg("who starts [BGA: random]"),
                choices=("random", "0", "1", "2", "3"),
                label=Msg("Who starts"),
                about=Msg("Who takes the first turn."),
                choice_labels=first_player_labels(4),
            ),
            OptionSpec(
                "deck",
                (),
                Msg(
                    "fixed deck order: the 48 mushroom ids 6-53, comma-separated (empty: shuffled)"
                ),
            ),
            OptionSpec(
                "goals",
                (),
                Msg("the 3 goals in play, one side of 3 different cards (empty: random)"),
            ),
            OptionSpec(
                "bonus_tiles",
                (),
                Msg(
                    "bonus tiles laid out at track spaces 2, 4, 6, in that order (empty: shuffled)"
                ),
            ),
            OptionSpec(
                "carbon_moves",
                "rules",
                Msg(
                    "[D] how carbon moves, trees grow and Partner roots: 'rules' (the published "
                    "rules: carbon only onto a rooted tile without carbon, along placed tiles; "
                    "a new tree discards its carbon; Partner places 2 roots) or 'bga' (Board "
                    "Game Arena's code: onto any rooted tile, Manhattan distance; the tree keeps "
                    "its carbon; the 2nd Partner root is optional)"
                ),
                choices=("rules", "bga"),
                label=Msg("How carbon moves"),
                about=Msg(
                    "The printed rules move carbon along placed tiles only; Board Game Arena "
                    "lets it reach any rooted tile."
                ),
                choice_labels=(Msg("as in the printed rules"), Msg("as on Board Game Arena")),
            ),
            OptionSpec(
                "round_limit",
                DEFAULT_ROUND_LIMIT,
                Msg(
                    "[D] the game also ends after this many rounds, 1-{limit} (a safety net for "
                    "stuck games)",
                    limit=MAX_ROUND_LIMIT,
                ),
                label=Msg("Most rounds"),
                about=Msg(
                    "The game ends after this many rounds at the latest (1 to {limit}): fewer "
                    "make a shorter game.",
                    limit=MAX_ROUND_LIMIT,
                ),
            ),
        ),
        score_bounds=(0, 100_000),
        max_length=4 + MAX_ROUND_LIMIT * 4 * MAX_TURN_DECISIONS,
        # Measured maximum 127, in 200 random games per player count and
        # option variant, and greedy games.
        max_distinct_actions=512,
        summary=Msg(
            "Trade carbon for nutrients with the mushrooms of a shared forest (2-4 players)."
        ),
    )

    def extras(self, view: State) -> dict[str, Any]:
        return web.extras(view)

    def components_used(self, start: Mapping[str, Any], end: Mapping[str, Any]) -> list[Component]:
        """The goals in play, named from data/goals.json and in the game's words."""
        data = self.package_dir() / "data"
        out = []
        for goal in start.get("goals", []):
            entry = data_entry(data, "goals.json", "goals", goal)
            if not (entry and "name" in entry):
                out.append(Component("goal", f"goal {goal}"))
                continue
            try:
                text: str = words.goal_texts(goal)[0]
            except (KeyError, TypeError, ValueError):  # a goal the game's words do not know
                text = str(entry["name"])
            out.append(Component("goal", f"{goal} {entry['name']}", shown=numbered(goal, text)))
        return out

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        deck = options.get("deck", ())
        assert isinstance(deck, tuple)
        if deck and sorted(deck) != list(DECK):
            raise InvalidOptionsError(
                Msg("option 'deck' must list each mushroom id 6-53 exactly once")
            )
        goals = options.get("goals", ())
        assert isinstance(goals, tuple)
        if goals:
            problem = check_goals(goals)
            if problem:
                raise InvalidOptionsError(problem)
        bonus = options.get("bonus_tiles", ())
        assert isinstance(bonus, tuple)
        need = 3 * BONUS_SET_SIZE[players]
        if bonus and (
            len(bonus) < need
            or len(set(bonus)) != len(bonus)
            or any(b not in BONUS_TILES for b in bonus)
        ):
            raise InvalidOptionsError(
                Msg("option 'bonus_tiles' needs at least {n} different bonus ids 1-16", n=need)
            )
        limit = options.get("round_limit", DEFAULT_ROUND_LIMIT)
        assert isinstance(limit, int)
        if not 1 <= limit <= MAX_ROUND_LIMIT:
            raise InvalidOptionsError(
                Msg("option 'round_limit' must be between 1 and {n}", n=MAX_ROUND_LIMIT)
            )
        first = options.get("first_player", "random")
        if first != "random" and int(str(first)) >= players:
            raise InvalidOptionsError(
                Msg("option 'first_player' must be below {players}", players=players)
            )


GAME = UndergroveGame()
UndergroveState.game = GAME

__all__ = ["GAME", "UndergroveGame", "UndergroveState"]

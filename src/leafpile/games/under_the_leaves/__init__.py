"""Under the Leaves: grow a garden of tiles and attract bees, hummingbirds and dwellers
(2-4 players; docs/rules/under-the-leaves.md)."""

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
from leafpile.engine.study import Component, data_entry, with_family
from leafpile.games.under_the_leaves import (
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
from leafpile.games.under_the_leaves.components import (
    FAMILY_CARDS,
    GARDEN_TILES,
    MARKET_SIZE,
    START_TILES,
    TILES_PER_PLAYER,
)
from leafpile.games.under_the_leaves.rules import TAKE_BACKS
from leafpile.games.under_the_leaves.state import UnderTheLeavesState
from leafpile.games.under_the_leaves.words import CARD_WORDS
from leafpile.i18n import Msg

#: Turns in the longest game (4 players, or any scripted bag: at most 12 per player) and the
#: most decisions in one turn: take, place, and at most 4 Collector or Friendly choices (a new
#: tile has at most one puddle or one mushroom, with 4 diagonal neighbours).
MAX_TURNS = TILES_PER_PLAYER * 4
MAX_DECISIONS_PER_TURN = 2 + 4


CARD_OPTION_LABELS = (
    Msg("Leaf dweller card"),
    Msg("Mushroom dweller card"),
    Msg("Puddle dweller card"),
)

CARD_OPTION_HELP = (
    Msg("the leaf dweller card in play (random: drawn, or the first-game card)"),
    Msg("the mushroom dweller card in play (random: drawn, or the first-game card)"),
    Msg("the puddle dweller card in play (random: drawn, or the first-game card)"),
)


def _card_option(family: int, name: str) -> OptionSpec:
    return OptionSpec(
        name,
        "random",
        CARD_OPTION_HELP[family],
        choices=("random", *FAMILY_CARDS[family]),
        label=CARD_OPTION_LABELS[family],
        about=Msg("Drawn at random, or one of the cards by name."),
        choice_labels=(Msg("drawn at random"), *(CARD_WORDS[c][0] for c in FAMILY_CARDS[family])),
    )


class UnderTheLeavesGame(Game):
    state_class = UnderTheLeavesState
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
    info = GameInfo(
        name="under-the-leaves",
        title="Under the Leaves",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "first_game",
                False,
                Msg("use the first-game dweller cards Thoughtful, Host and Diver (§2.2)"),
                label=Msg("First game"),
                about=Msg("Play with the simplest dweller cards: Thoughtful, Host and Diver."),
            ),
            _card_option(0, "leaf"),
            _card_option(1, "mushroom"),
            _card_option(2, "puddle"),
            OptionSpec(
                "burly",
                False,
                Msg("add the tree dweller Burly mini-expansion (§9)"),
                label=Msg("Burly"),
                about=Msg("Add the tree dweller Burly (a mini-expansion)."),
            ),
            OptionSpec(
                "visible_score",
                True,
                Msg("show the running scores during the game (BGA option 101)"),
                label=Msg("Show the scores during the game"),
                about=Msg("Off: the scores are revealed only at the end."),
            ),
            OptionSpec(
                "first_player",
                "random",
                Msg("who takes the first turn"),
                choices=("random", "0", "1", "2", "3"),
                label=Msg("Who starts"),
                about=Msg("Who takes the first turn."),
                choice_labels=first_player_labels(4),
            ),
            OptionSpec(
                "bag",
                (),
                Msg(
                    "fixed draw order of the garden tiles (ids 1-50, comma-separated): the first "
                    "3 make the market, the rest refill it in order; the game ends when they run "
                    "out (empty: shuffled, tiles removed by player count)"
                ),
            ),
            OptionSpec(
                "start_tiles",
                (),
                Msg("fixed starting tile per player, 1-4 for S1-S4 (empty: dealt at random)"),
            ),
        ),
        # A loose true bound: bees can only come from at most 36 new sectors (3 colours per
        # tile, 12 tiles), each adding at most 1 + 17 bees; everything else is far smaller.
        score_bounds=(0, 1000),
        max_length=MAX_TURNS * MAX_DECISIONS_PER_TURN,
        # Measured maximum 208 (tile placements with rotations), in 200 random games per
        # player count and option variant, and greedy games.
        max_distinct_actions=512,
        summary=Msg("Place garden tiles to attract bees, hummingbirds and dwellers (2-4 players)."),
    )

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        first = options.get("first_player", "random")
        if first != "random" and int(str(first)) >= players:
            raise InvalidOptionsError(
                Msg("option 'first_player' must be below {players}", players=players)
            )
        bag = options.get("bag", ())
        assert isinstance(bag, tuple)
        if bag:
            longest = TILES_PER_PLAYER * players + 2
            if len(set(bag)) != len(bag) or not set(bag) <= set(GARDEN_TILES):
                raise InvalidOptionsError(
                    Msg("option 'bag' must list distinct garden tile ids 1-50")
                )
            if not MARKET_SIZE <= len(bag) <= longest:
                raise InvalidOptionsError(
                    Msg(
                        "option 'bag' must list {low}-{high} tiles for {players} players",
                        low=MARKET_SIZE,
                        high=longest,
                        players=players,
                    )
                )
        starts = options.get("start_tiles", ())
        assert isinstance(starts, tuple)
        if starts and (
            len(starts) != players
            or len(set(starts)) != players
            or not all(1 <= s <= len(START_TILES) for s in starts)
        ):
            raise InvalidOptionsError(
                Msg(
                    "option 'start_tiles' must give {players} different starting tiles 1-4",
                    players=players,
                )
            )

    def extras(self, view: State) -> dict[str, Any]:
        return web.extras(view)

    def choices(self, view: State) -> dict[str, Any]:
        assert isinstance(view, UnderTheLeavesState)
        return web.choices(view)

    def components_used(self, start: Mapping[str, Any], end: Mapping[str, Any]) -> list[Component]:
        """The dweller cards in play, named from data/dwellers.json and in the game's words."""
        data = self.package_dir() / "data"
        out = []
        for card in start.get("cards", []):
            entry = data_entry(data, "dwellers.json", "cards", card)
            name = str(entry.get("title", card)) if entry else str(card)
            family = str(entry["family"]) if entry and "family" in entry else ""
            card_words = words.CARD_WORDS.get(str(card))
            title: str = card_words[0] if card_words else name
            shown = with_family(title, words.FAMILY_NAMES.get(family, family)) if family else title
            out.append(Component("dweller", f"{name} ({family})" if family else name, shown=shown))
        return out


GAME = UnderTheLeavesGame()
UnderTheLeavesState.game = GAME

__all__ = ["GAME", "UnderTheLeavesGame", "UnderTheLeavesState"]

"""Momiji: collect autumn leaves, grow piles from 0 to 3, harvest acorns (docs/rules/momiji.md).

2-4 players. The published landscape powers, objective list and acorn corners are not known:
data/*.json holds our placeholder catalogue ([D] in the rules file), to be replaced by the real
lists without touching the rules code.
"""

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
    opt_ints,
)
from leafpile.engine.options import first_player_labels
from leafpile.engine.study import Component, data_entry, numbered
from leafpile.games.momiji import (
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
from leafpile.games.momiji.components import (
    CARD_TYPE,
    LANDSCAPES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_CARDS,
    NUM_TYPES,
    OBJECTIVES,
    POSITIONS,
    START_ACORNS,
    card_ids,
    setup_row,
)
from leafpile.games.momiji.heuristic import BOT_LEVELS
from leafpile.games.momiji.rules import TAKE_BACKS
from leafpile.games.momiji.scoring import max_length, max_score
from leafpile.games.momiji.set_up import scripted_types
from leafpile.games.momiji.state import MomijiState
from leafpile.i18n import Msg


class MomijiGame(Game):
    """Momiji's facts and option checks; the protocol is forwarded by `Game` to the modules."""

    info = GameInfo(
        name="momiji",
        title="Momiji",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=(
            OptionSpec(
                "landscapes",
                "preset",
                Msg("landscape tiles: the first-game sets by seat, or a draft [D] (§1.4)"),
                choices=("preset", "draft"),
                label=Msg("Landscape tiles"),
                about=Msg("The first-game tiles for each seat, or each player drafts their own."),
                choice_labels=(Msg("first-game sets"), Msg("drafted")),
            ),
            OptionSpec(
                "show_pile_sizes",
                False,
                Msg(
                    "no effect any more, kept so older games load: every card on a pile was "
                    "played face up, so every view remembers the piles whole"
                ),
                retired=True,
            ),
            OptionSpec(
                "final_round",
                "finish",
                Msg(
                    "after the end trigger: finish the round, or play one extra full round [D] Q13"
                ),
                choices=("finish", "extra"),
                label=Msg("When the end is near"),
                about=Msg("Once the deck runs out: finish the round, or play one more full round."),
                choice_labels=(Msg("finish the round"), Msg("one more full round")),
            ),
            OptionSpec(
                "harvest",
                "all-pairs",
                Msg(
                    "acorn harvest after a mixed play: every adjacent pair, or only pairs with a "
                    "pile played this turn [D] Q10"
                ),
                choices=("all-pairs", "new-pairs"),
                label=Msg("Acorn harvest"),
                about=Msg(
                    "After playing leaves of several types: which neighbouring piles harvest."
                ),
                choice_labels=(
                    Msg("every neighbouring pair"),
                    Msg("only pairs with a pile played this turn"),
                ),
            ),
            OptionSpec(
                "start_acorns",
                START_ACORNS,
                Msg("acorns each player starts with [D] Q5"),
                choices=tuple(range(11)),
                label=Msg("Starting acorns"),
                about=Msg("The acorns each player has at the start."),
            ),
            OptionSpec(
                "first_player",
                "random",
                Msg("who plays first [D]"),
                choices=("random", "0", "1", "2", "3"),
                label=Msg("Who starts"),
                about=Msg("Who takes the first turn."),
                choice_labels=first_player_labels(4),
            ),
            OptionSpec(
                "types",
                (),
                Msg("leaf types in play, as type indices 0-5 (empty: random, [D] Q3)"),
            ),
            OptionSpec(
                "deck",
                (),
                Msg(
                    "cards drawn first, in order (card ids): the hands are dealt seat by seat, "
                    "then the display, then the deck; unlisted cards follow shuffled "
                    "(empty: shuffled)"
                ),
            ),
            OptionSpec(
                "objectives",
                (),
                Msg("revealed objectives, as indices into data/objectives.json (empty: random)"),
            ),
            OptionSpec(
                "landscape_tiles",
                (),
                Msg(
                    "each seat's 3 tiles (Left, Centre, Right), as indices into "
                    "data/landscapes.json, seat by seat (empty: the 'landscapes' option)"
                ),
            ),
        ),
        score_bounds=(0, max(max_score(p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1))),
        max_length=max(max_length(p) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        # Measured maximum 22, in 200 random games per player count and
        # option variant, and greedy games.
        max_distinct_actions=64,
        summary=Msg("Collect autumn leaves and grow piles from 0 to 3 (2-4 players)."),
    )
    state_class = MomijiState
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

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        n_types, n_objectives, _ = setup_row(players)
        first = options.get("first_player", "random")
        if first != "random" and int(str(first)) >= players:
            raise InvalidOptionsError(
                Msg("option 'first_player' must be below {players}", players=players)
            )
        types = opt_ints(options, "types")
        if types and (
            len(set(types)) != n_types or len(types) != n_types or not set(types) <= _TYPES
        ):
            raise InvalidOptionsError(
                Msg(
                    "option 'types' must list {n} distinct type indices 0-{last}",
                    n=n_types,
                    last=NUM_TYPES - 1,
                )
            )
        deck = opt_ints(options, "deck")
        if len(set(deck)) != len(deck) or not all(0 <= c < NUM_CARDS for c in deck):
            raise InvalidOptionsError(
                Msg("option 'deck' must list distinct card ids 0-{last}", last=NUM_CARDS - 1)
            )
        deck_types = {CARD_TYPE[c] for c in deck}
        if len(deck_types) > n_types or (types and not deck_types <= set(types)):
            raise InvalidOptionsError(Msg("option 'deck' holds cards of types not in play"))
        if not types and len(scripted_types(options)) > n_types:
            raise InvalidOptionsError(
                Msg("options 'deck' and 'objectives' need more than {n} leaf types", n=n_types)
            )
        objectives = opt_ints(options, "objectives")
        if objectives and (
            len(set(objectives)) != n_objectives
            or len(objectives) != n_objectives
            or not all(0 <= o < len(OBJECTIVES) for o in objectives)
        ):
            raise InvalidOptionsError(
                Msg("option 'objectives' must list {n} distinct objective indices", n=n_objectives)
            )
        tiles = opt_ints(options, "landscape_tiles")
        if tiles:
            ok = (
                len(tiles) == 3 * players
                and len(set(tiles)) == len(tiles)
                and all(0 <= t < len(LANDSCAPES) for t in tiles)
                and all(
                    LANDSCAPES[tiles[3 * p + i]].position == i
                    for p in range(players)
                    for i in range(len(POSITIONS))
                )
            )
            if not ok:
                raise InvalidOptionsError(
                    Msg(
                        "option 'landscape_tiles' must give each seat one Left, one Centre and "
                        "one Right tile (distinct indices into data/landscapes.json)"
                    )
                )

    def extras(self, view: State) -> dict[str, Any]:
        return web.extras(view)

    def components_used(self, start: Mapping[str, Any], end: Mapping[str, Any]) -> list[Component]:
        """The objectives in play, and the landscape tiles each seat ended with (a draft hands
        them out during play), named from data/*.json and in the game's words."""
        data = self.package_dir() / "data"
        out = []
        for objective in start.get("objectives", []):
            entry = data_entry(data, "objectives.json", "objectives", objective)
            name = str(entry.get("text", objective)) if entry else str(objective)
            shown = words.OBJECTIVE_WORDS.get(str(entry.get("id"))) if entry else None
            out.append(Component("objective", name, shown=shown or ""))
        for seat, tiles in enumerate(end.get("tiles", [])):
            for tile in tiles:
                entry = data_entry(data, "landscapes.json", "tiles", tile)
                name = str(entry.get("id", tile)) if entry else str(tile)
                if not (entry and "text" in entry):
                    out.append(Component("landscape", name, seat))
                    continue
                power = words.POWER_WORDS.get(str(entry.get("power")))
                text: str = power[1] if power else str(entry["text"])
                shown = numbered(name, text)
                out.append(Component("landscape", f"{name} {entry['text']}", seat, shown))
        return out


_TYPES = set(range(NUM_TYPES))

GAME = MomijiGame()
MomijiState.game = GAME

__all__ = ["GAME", "MomijiGame", "MomijiState", "card_ids"]

"""The game-agnostic core: the Game protocol, actions, errors, the seeded RNG, save readers,
records and the match loop."""

from leafpile.engine.errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    LeafpileError,
    UnknownGameError,
)
from leafpile.engine.game import (
    ActionsModule,
    ExplainModule,
    Game,
    GameInfo,
    HeuristicModule,
    ObservationModule,
    RulesModule,
    TerminalModule,
    ViewModule,
    VocabularyModule,
    WordsModule,
)
from leafpile.engine.options import OptionSpec, OptionValue, opt_int, opt_ints, opt_str
from leafpile.engine.record import GameRecord
from leafpile.engine.rng import Rng
from leafpile.engine.saves import chance_rows, int_list, int_rows, require
from leafpile.engine.state import CHANCE, TERMINAL, Action, State, legal_strings
from leafpile.engine.vocabulary import Part, Vocabulary, listed

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionsModule",
    "ExplainModule",
    "Game",
    "GameInfo",
    "GameRecord",
    "HeuristicModule",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidStateError",
    "LeafpileError",
    "ObservationModule",
    "OptionSpec",
    "OptionValue",
    "Part",
    "Rng",
    "RulesModule",
    "State",
    "TerminalModule",
    "UnknownGameError",
    "ViewModule",
    "Vocabulary",
    "VocabularyModule",
    "WordsModule",
    "chance_rows",
    "int_list",
    "int_rows",
    "legal_strings",
    "listed",
    "opt_int",
    "opt_ints",
    "opt_str",
    "require",
]

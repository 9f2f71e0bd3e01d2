"""The game-agnostic core: the Game protocol, actions, errors, the seeded RNG and records."""

from leafpile.engine.errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidStateError,
    LeafpileError,
    UnknownGameError,
)
from leafpile.engine.game import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    GameInfo,
    OptionSpec,
    OptionValue,
    State,
    int_list,
    legal_strings,
    opt_int,
    opt_ints,
    opt_str,
    require,
)
from leafpile.engine.record import GameRecord
from leafpile.engine.rng import Rng

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "InvalidStateError",
    "LeafpileError",
    "OptionSpec",
    "OptionValue",
    "Rng",
    "State",
    "UnknownGameError",
    "int_list",
    "legal_strings",
    "opt_int",
    "opt_ints",
    "opt_str",
    "require",
]

"""Named levels for people: `easy`, `medium`, `hard`.

Each level is a configured bot; the numbers come from `benchmarks/bots.py` (see the README).
A game may tune a level for itself (`Game.bot_levels`, kept in its `heuristic.py`).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from leafpile.bots.base import Bot
from leafpile.bots.greedy import GreedyBot
from leafpile.bots.mcts import MCTSBot
from leafpile.i18n import Msg

#: Keyword settings of each level (a `make_bot("hard:time=0.2")` spec overrides them).
LEVELS: dict[str, tuple[type[Bot], dict[str, float | int | str]]] = {
    # Greedy with one move in three played at random: beatable, but not silly.
    "easy": (GreedyBot, {"epsilon": 0.35}),
    # A short search.
    "medium": (
        MCTSBot,
        {"time": 0.2, "c": 0.4, "rollout_depth": 8, "prior_samples": 1, "widen": 2.0},
    ),
    # At most one second per decision on one core (less when the choice is already settled).
    "hard": (
        MCTSBot,
        {
            "time": 1.0,
            "c": 0.4,
            "rollout_depth": 8,
            "prior_samples": 2,
            "prior_depth": 1,
            "widen": 2.0,
        },
    ),
}


#: Every bot as a person chooses it: weakest to strongest for people first, then the ones for
#: experiments; each with a line on how it plays (the lobby shows it beside the choice).
BOT_ORDER = ("easy", "medium", "hard", "random", "greedy", "mcts")
BOT_ABOUT = {
    "easy": Msg("Plays sensibly but often misses the best move: for a first game."),
    "medium": Msg("Thinks briefly before each move: a fair opponent once you know the rules."),
    "hard": Msg("Thinks up to a second a move: the strongest level."),
    "random": Msg("Plays any legal move at random: to try the game, or to test."),
    "greedy": Msg("Always takes the move that scores most now, never looking further."),
    "mcts": Msg("A plain search without the levels' tuning, for experiments."),
}

#: The ladder's ratings (benchmarks/ladder.py --write-ratings): Bradley-Terry on the Elo scale,
#: random = 0, from mirrored 2-player games at the budget the file states.
RATINGS_FILE = Path(__file__).with_name("ratings.json")


@functools.cache
def ladder_ratings() -> dict[str, dict[str, int]]:
    """game -> level -> ladder rating, for the levels a person chooses from ({} before the
    ladder has run)."""
    if not RATINGS_FILE.exists():
        return {}
    data = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))
    return {
        game: {level: int(values[0]) for level, values in table.items() if level in BOT_ABOUT}
        for game, table in data["games"].items()
    }

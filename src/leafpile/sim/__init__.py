"""Simulation: play many games between bots and summarise them for balance studies."""

from leafpile.sim.runner import GameResult, play_game, random_playout, simulate
from leafpile.sim.stats import Summary, summarize, wilson_interval

__all__ = [
    "GameResult",
    "Summary",
    "play_game",
    "random_playout",
    "simulate",
    "summarize",
    "wilson_interval",
]

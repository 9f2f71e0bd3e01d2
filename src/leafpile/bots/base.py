"""The bot interface and the baseline bot.

A bot is asked for an action given its own player view (never the true state) and an RNG, so
it cannot cheat: a bot that needs a full state samples one with `game.determinize`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from leafpile.engine import Action, Rng, State


class Bot(ABC):
    """One seat's decision-maker."""

    name: str = "bot"
    #: A ceiling on one decision's thinking in seconds, whatever its budget says (0: none).
    #: The server sets it so no bot named at a table can hold a worker for long; a bot whose
    #: work is bounded by its legal actions (random, greedy) has nothing to cut.
    max_seconds: float = 0.0

    @abstractmethod
    def act(self, view: State, rng: Rng) -> Action:
        """Choose one of `view.legal_actions()`; the view belongs to the player to move."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every other bot must beat. It draws as
    `rng.choice(view.legal_actions())` would, through the game's `random_action` hook
    (`State.random_action`)."""

    name = "random"

    def act(self, view: State, rng: Rng) -> Action:
        return view.random_action(rng)


class BotSeat:
    """A bot in a seat of the match loop (`leafpile.engine.match.run_match`): it is asked
    only when there is a real choice, and draws from the seat's own RNG."""

    asks_forced = False

    def __init__(self, bot: Bot, rng: Rng) -> None:
        self.bot = bot
        self.rng = rng

    def choose(self, view: State) -> Action:
        return self.bot.act(view, self.rng)

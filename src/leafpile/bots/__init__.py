"""Bots: agents that see only their own player view and use only the Game protocol.

A bot is asked for an action given its view (never the true state) and an RNG, so it cannot
cheat; a bot that needs a full state samples one with `game.determinize(view, player, rng)`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from leafpile.engine import Action, LeafpileError, Rng, State


class Bot(ABC):
    """One seat's decision-maker."""

    name: str = "bot"

    @abstractmethod
    def act(self, view: State, rng: Rng) -> Action:
        """Choose one of `view.legal_actions()`; the view belongs to the player to move."""


class RandomBot(Bot):
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def act(self, view: State, rng: Rng) -> Action:
        return rng.choice(view.legal_actions())


#: Bot names accepted wherever seats are given (`--seats me,random`).
BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
}


def make_bot(name: str) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise LeafpileError(f"unknown bot {name!r}; known bots: {known}") from None
    return factory()

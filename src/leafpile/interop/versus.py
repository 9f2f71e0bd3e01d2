"""One seat of a leafpile game against a fixed opponent, as a single-agent gymnasium
environment built on the PettingZoo adapter: what single-agent learners (Stable-Baselines3,
sb3-contrib's MaskablePPO) train on.

`Versus("autumn")` plays the learner's seat (drawn at random each game, so it learns both
seats) against `opponent`, a function from the opponent's action mask and a random generator
to an action id; the default plays uniformly among the legal ids, as leafpile's `random` bot
does. Observations are the adapter's Box tensor; `action_masks()` is the learner's legal-id
mask (MaskablePPO reads it). The reward at the end is leafpile's `returns()` for the learner's
seat (+1 a win, -1 a loss in a two-player game); with `shaping > 0` each step also pays
`shaping` x the change of a potential over the learner's move and the opponent's replies: by
default the learner's lead in the table's score (own score minus the best other, / `scale`),
or `potential(state, seat)`. Potential-based (it adds up to the last potential minus the
first), so it leaves the best policy alone and only makes the signal denser.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from leafpile.engine import State
from leafpile.interop.pettingzoo import LeafpileEnv

Mask = np.ndarray[Any, Any]
#: Picks an action id from a mask of legal ids.
Opponent = Callable[[Mask, random.Random], int]
#: A position's worth to a seat, for shaping.
Potential = Callable[[State, int], float]


def uniform(mask: Mask, rng: random.Random) -> int:
    """A uniformly random legal id (leafpile's `random` bot over the same ids)."""
    return int(rng.choice(np.flatnonzero(mask)))


class Versus(gymnasium.Env[np.ndarray[Any, Any], int]):
    """The learner's seat against `opponent` (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponent: Opponent = uniform,
        shaping: float = 0.0,
        scale: float = 1.0,
        seed: int = 0,
        potential: Potential | None = None,
        **options: Any,
    ) -> None:
        self.aec = LeafpileEnv(game, players, options, observation="box")
        self.opponent = opponent
        self.shaping = shaping
        self.scale = scale
        self.potential = potential
        self.rng = random.Random(seed)
        self.next_seed = seed
        self.me = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(self.me)
        self.action_space = self.aec.action_space(self.me)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """A new game (leafpile seed `seed`, else the next one) with the learner's seat drawn,
        or given as `options={"seat": p}`."""
        super().reset(seed=seed)
        if seed is not None:
            self.next_seed = seed
            self.rng = random.Random(seed)
        self.aec.reset(seed=self.next_seed)
        self.next_seed += 1
        seat = (options or {}).get("seat")
        agents = self.aec.possible_agents
        self.me = self.rng.choice(agents) if seat is None else agents[int(seat)]
        self._opponents()
        return self._observe(), {}

    def action_masks(self) -> Mask:
        """The learner's legal ids as booleans (all False once the game is over)."""
        mask: Mask = self.aec.infos[self.me]["action_mask"].astype(bool)
        return mask

    def lead(self) -> float:
        """The shaping potential: `potential`, or the learner's score minus the best other
        score, as the table stands, / scale."""
        state = self.aec.game_state
        mine = self.aec.possible_agents.index(self.me)
        if self.potential is not None:
            return self.potential(state, mine) / self.scale
        scores = state.scores()
        others = [s for p, s in enumerate(scores) if p != mine]
        return (scores[mine] - max(others)) / self.scale

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """The learner's move, then the opponent's until the learner is to move or it ends."""
        before = self.lead() if self.shaping else 0.0
        self.aec.step(int(action))
        self._opponents()
        reward = self.shaping * (self.lead() - before) if self.shaping else 0.0
        ended = self.aec.terminations[self.me]
        truncated = self.aec.truncations[self.me] and not ended
        if ended:
            reward += self.aec.rewards[self.me]
        return self._observe(), reward, ended, truncated, {}

    def _observe(self) -> np.ndarray[Any, Any]:
        tensor = self.aec.observe(self.me)
        assert isinstance(tensor, np.ndarray)  # the Box form
        return tensor

    def _opponents(self) -> None:
        aec = self.aec
        while not (aec.terminations[self.me] or aec.truncations[self.me]):
            if aec.agent_selection == self.me:
                return
            other = aec.agent_selection
            aec.step(self.opponent(aec.infos[other]["action_mask"], self.rng))

    def winner(self) -> bool:
        """Whether the finished game's winners are the learner's seat alone."""
        state = self.aec.game_state
        return state.is_terminal() and state.winners() == [self.aec.possible_agents.index(self.me)]

"""Every leafpile game as a PettingZoo AEC environment: `env("momiji", players=3)`.

Agents are `player_0`, `player_1`, ...; the agent to act is the game's current player, so a
turn made of several decisions gives the same agent several steps in a row. Each observation
is a dict: `observation`, the hashed tensor of the agent's own view (so nothing hidden leaks),
and `action_mask`, 1 for the ids of the agent's legal actions (the game's fixed vocabulary,
`leafpile.interop.common`; all 0 when it is not the agent's turn). Rewards are 0 until the
end, then leafpile's `returns()`.

Seeding: `reset(seed=k)` deals leafpile seed `k` (the game `leafpile play --seed k` plays);
each later `reset()` without a seed deals the next seed, so a seeded run is reproducible. The
game's options are fixed when the environment is made; `reset`'s `options` argument (part of
the AEC API) is not used. `render()` returns the terminal rendering of the table as text
as a spectator sees it (`render_mode="ansi"`); the full position is `env.unwrapped.game_state`.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from leafpile.engine import Action, Game, State
from leafpile.games import get_game
from leafpile.interop.common import (
    TENSOR_SIZE,
    hashed_features,
    legal_by_id,
    view_dict,
)

Observation = dict[str, np.ndarray[Any, Any]]


class LeafpileEnv(AECEnv):  # type: ignore[misc]
    """One leafpile game with a player count and options, as an AEC environment."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "name": "leafpile_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        info = self.game.info
        if players is None:
            players = max(info.min_players, min(2, info.max_players))
        self.options = self.game.resolve_options(players, options)  # a clear error when bad
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.players = players
        self.vocabulary = self.game.action_vocabulary(players, self.options)
        self.bound = self.vocabulary.size
        self.metadata = {**self.metadata, "name": f"leafpile_{info.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, (TENSOR_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.bound,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.bound) for agent in self.possible_agents}
        self._next_seed: int | None = None
        self.game_state: State = self.game.new_state(players, seed=0, options=self.options)
        self._actions: dict[int, Action] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC loop ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else secrets.randbits(62)
        self._next_seed = seed + 1
        self.game_state = self.game.new_state(self.players, seed=seed, options=self.options)
        self._actions = None
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def _legal(self) -> dict[int, Action]:
        if self._actions is None:
            self._actions = legal_by_id(self.game_state, self.vocabulary)
        return self._actions

    def observe(self, agent: str) -> Observation:
        player = self._index[agent]
        tensor = np.zeros(TENSOR_SIZE, np.float32)
        np.add.at(tensor, hashed_features(view_dict(self.game, self.game_state, player)), 1.0)
        mask = np.zeros(self.bound, np.int8)
        if not self.game_state.is_terminal() and self.game_state.current_player == player:
            mask[list(self._legal())] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = None if action is None else self._legal().get(int(action))
        if chosen is None:
            raise ValueError(f"{agent} played action id {action!r}, not legal now (see the mask)")
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(chosen)
        self._actions = None
        if self.game_state.is_terminal():
            for p, value in enumerate(self.game_state.returns()):
                name = self.possible_agents[p]
                self.rewards[name] = float(value)
                self.terminations[name] = True
        else:
            self.rewards = {name: 0.0 for name in self.agents}
            self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._accumulate_rewards()

    def action_notation(self, action: int) -> str:
        """The notation of action id `action` (the same in every position)."""
        return str(self.vocabulary.action_of(action))

    def action_id(self, notation: str) -> int:
        """The id of an action given in notation; InvalidNotationError when malformed."""
        return self.vocabulary.id_of(self.game.parse_notation(notation))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        out = io.StringIO()
        console = Console(file=out, width=100, force_terminal=True, color_system="standard")
        console.print(self.game.render(self.game.player_view(self.game_state, None), None))
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""


def raw_env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> LeafpileEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return LeafpileEnv(game, players, options, render_mode)


def env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The environment for `game` (`autumn`, `momiji`, `under-the-leaves`, `undergrove`),
    wrapped as PettingZoo's classic environments are (calls out of order raise)."""
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **options))
    return wrapped

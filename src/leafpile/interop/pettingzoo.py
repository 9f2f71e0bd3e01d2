"""Every leafpile game as a PettingZoo AEC environment: `env("momiji", players=3)`.

Agents are `player_0`, `player_1`, ...; the agent to act is the game's current player, so a
turn made of several decisions gives the same agent several steps in a row. Observations are
the game's observation tensor of the agent's own view (`observation.py` in each game package;
nothing hidden leaks) as a flat float32 Box, and the action mask, 1 for the ids of the agent's
legal actions (the game's fixed vocabulary, `leafpile.interop.common`; all 0 when it is not the
agent's turn). With `observation="dict"` (the default, as PettingZoo's classic games) an
observation is `{"observation": tensor, "action_mask": mask}`; with `observation="box"` it is
the tensor alone, a plain Box that SuperSuit's and other wrappers accept, and the mask is in
`infos[agent]["action_mask"]`. Rewards are 0 until the end, then leafpile's `returns()`.
An illegal id raises a clear error, or with `env(..., illegal="lose")` loses the game.

**Truncation**: after `max_cycles` steps (default: the game's `max_length`) an unfinished game
is truncated for every agent, with rewards 0. **Seeding**: `reset(seed=k)` deals leafpile seed
`k` (the game `leafpile play --seed k` plays); each later `reset()` without a seed deals the
next seed, so a seeded run is reproducible. The game's options are fixed when the environment
is made; `reset`'s `options` argument (part of the AEC API) is not used. **Rendering** is the
terminal table as a spectator sees it: `render_mode="human"` prints it, `"ansi"` returns the
text; the full position is `env.unwrapped.game_state`.
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
from leafpile.interop.common import legal_by_id

Observation = dict[str, np.ndarray[Any, Any]] | np.ndarray[Any, Any]
#: The observation forms (module docstring).
FORMS = ("dict", "box")


class LeafpileEnv(AECEnv):  # type: ignore[misc]
    """One leafpile game with a player count and options, as an AEC environment."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "leafpile_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        observation: str = "dict",
    ) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        info = self.game.info
        if players is None:
            players = max(info.min_players, min(2, info.max_players))
        self.options = self.game.resolve_options(players, options)  # a clear error when bad
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, not {render_mode!r}")
        if observation not in FORMS:
            raise ValueError(f"observation must be 'dict' or 'box', not {observation!r}")
        if max_cycles is None:
            max_cycles = info.max_length
        if not isinstance(max_cycles, int) or max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive number of steps, not {max_cycles!r}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.form = observation
        self.players = players
        self.vocabulary = self.game.action_vocabulary(players, self.options)
        self.bound = self.vocabulary.size
        self.metadata = {**self.metadata, "name": f"leafpile_{info.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.layout = self.game.observation_layout(players, self.options)
        tensor = spaces.Box(0.0, np.inf, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.bound,), np.int8)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: tensor
            if self.form == "box"
            else spaces.Dict({"observation": tensor, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.steps = 0
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
        self.steps = 0
        self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._update_infos()

    def _legal(self) -> dict[int, Action]:
        if self._actions is None:
            self._actions = legal_by_id(self.game_state, self.vocabulary)
        return self._actions

    def _mask(self, player: int) -> np.ndarray[Any, Any]:
        mask = np.zeros(self.bound, np.int8)
        state = self.game_state
        if not state.is_terminal() and state.current_player == player and not self._truncated():
            mask[list(self._legal())] = 1
        return mask

    def _truncated(self) -> bool:
        return self.steps >= self.max_cycles

    def _update_infos(self) -> None:
        """In the Box form the mover's mask goes in its info (the others' are all 0)."""
        if self.form != "box":
            return
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._mask(self._index[agent])}

    def observe(self, agent: str) -> Observation:
        player = self._index[agent]
        tensor = np.asarray(self.game.observation_tensor(self.game_state, player), np.float32)
        if self.form == "box":
            return tensor
        return {"observation": tensor, "action_mask": self._mask(player)}

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
        self.steps += 1
        if self.game_state.is_terminal():
            for p, value in enumerate(self.game_state.returns()):
                name = self.possible_agents[p]
                self.rewards[name] = float(value)
                self.terminations[name] = True
        else:
            self.rewards = {name: 0.0 for name in self.agents}
            if self._truncated():
                self.truncations = {name: True for name in self.agents}
            self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._accumulate_rewards()
        self._update_infos()

    def action_notation(self, action: int) -> str:
        """The notation of action id `action` (the same in every position)."""
        return str(self.vocabulary.action_of(action))

    def action_id(self, notation: str) -> int:
        """The id of an action given in notation; InvalidNotationError when malformed."""
        return self.vocabulary.id_of(self.game.parse_notation(notation))

    def render(self) -> str | None:
        """The table as a spectator sees it: printed (`human`) or returned as text (`ansi`)."""
        if self.render_mode is None:
            return None
        table = self.game.render(self.game.player_view(self.game_state, None), None)
        if self.render_mode == "human":
            Console(width=100).print(table)
            return None
        out = io.StringIO()
        console = Console(file=out, width=100, force_terminal=True, color_system="standard")
        console.print(table)
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""


def raw_env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    observation: str = "dict",
    **options: Any,
) -> LeafpileEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return LeafpileEnv(game, players, options, render_mode, max_cycles, observation)


def env(
    game: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    observation: str = "dict",
    illegal: str = "raise",
    **options: Any,
) -> AECEnv:
    """The environment for `game` (`autumn`, `momiji`, `under-the-leaves`, `undergrove`),
    wrapped as PettingZoo's classic environments are (calls out of order raise). An illegal
    action id raises a clear error (`illegal="raise"`), or, with `illegal="lose"`, ends the
    game with -1 for the agent that played it (PettingZoo's TerminateIllegalWrapper, as its
    classic games do), which lets random-action tools run."""
    if illegal not in ("raise", "lose"):
        raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
    inner: AECEnv = raw_env(game, players, render_mode, max_cycles, observation, **options)
    if illegal == "lose":
        inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(inner)
    return wrapped

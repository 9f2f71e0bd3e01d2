"""Every leafpile game as an OpenSpiel Python game (`pyspiel.load_game("leafpile_momiji",
{"players": 3})`); importing this module registers them all.

**Chance.** A leafpile game draws from the state's own seeded RNG inside `apply` (the next tile
from the bag, the deal at set-up); the Game protocol does not say, before an action, which
outcomes a draw could have, so per-draw chance nodes could only be listed by reading each
game's internals. OpenSpiel's other choice, `SAMPLED_STOCHASTIC`, keeps the randomness inside
the state, but OpenSpiel cannot serialize a Python game of that kind (its `Game::Serialize`
asks the game for an RNG state that a Python game cannot provide). So the adapter exposes the
randomness exactly where it enters: **explicit chance nodes at the start pick the seed**, one
base-256 digit each, most significant first (65,536 seeds by default: two nodes of 256
outcomes; every seed below `seeds` equally likely), and every later draw follows from it. A
node's outcomes are a short list made once per process and shared (`digit_outcomes`), so
neither `load_game`, nor deserialization, nor sampling a deal builds anything large. The game
is then `EXPLICIT_STOCHASTIC` and `IMPERFECT_INFORMATION`: no player observes the seed or the
RNG (views blank them), so the future draws are hidden information, and
`resample_from_infostate` samples them afresh through the game's own `determinize`.
`LeafpileState.deal(k)` plays the deal of seed `k`. An algorithm that searches the true state
(OpenSpiel's `MCTSBot`) would know the future draws and the other hands; give it a resampled
state instead (the benchmarks do).

**Action ids** are the game's fixed vocabulary (`Game.action_vocabulary`; see
`leafpile.interop.common`): `num_distinct_actions` is its size, and an id names the same
action in every state (Undergrove's 1.6 million ids are factored: `game.vocabulary.factors`).
**Information states** are `player`'s view (canonical JSON of `game.player_view`) followed
by that player's own decisions in order: perfect recall of what the player did, and of the
others' play as far as the view records it; nothing hidden leaks, because nothing else is
read. **Observations** are the view alone. **Tensors** are the game's own observation tensor
(`observation.py` in each game package: fixed-shape one-hot and scaled fields, its layout in
the docstring, also as `observation_tensor`'s dict) and, for the information state, that
tensor followed by the seat's own decisions (`leafpile.interop.common`). **Utilities** are
leafpile's `returns()`: zero-sum in [-1, 1] with two or more players; in [0, 1]
(general-sum) for Autumn solo. **Serialization** is OpenSpiel's own for
Python games (a pickle of the state object), which here carries the canonical `to_dict()`.

Game parameters: `players`, `seeds`, and every option of the game under its own name (list
options as comma-separated strings), e.g. `{"players": 1, "challenge": "two"}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from leafpile.engine import Game, InvalidOptionsError, Rng, State
from leafpile.games import GAMES
from leafpile.interop.common import (
    canonical_json,
    information_layout,
    information_tensor,
    view_dict,
)
from leafpile.interop.core import RADIX, Core, deal_digits, digit_outcomes

#: The seeds a game can start from (the deal's chance nodes pick one, uniformly).
SEEDS = 1 << 16
PREFIX = "leafpile_"

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_DEAL = "deal pending"


def short_name(game: str) -> str:
    """The OpenSpiel name of a leafpile game: `under-the-leaves` -> `leafpile_under_the_leaves`."""
    return PREFIX + game.replace("-", "_")


def _param_default(value: Any) -> Any:
    """An option default as an OpenSpiel parameter (ints, strings, bools; lists as text)."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return value


def _game_type(game: Game, solo: bool = False) -> pyspiel.GameType:
    info = game.info
    params: dict[str, Any] = {
        "players": max(info.min_players, min(2, info.max_players)),
        "seeds": SEEDS,
    }
    for spec in info.options:
        params[spec.name] = _param_default(spec.default)
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"leafpile {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class LeafpileGame(pyspiel.Game):  # type: ignore[misc]
    """One leafpile game with a player count and options, as an OpenSpiel game."""

    #: The leafpile game (set on the class registered for each game).
    leafpile: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.leafpile
        info = game.info
        players = int(params.get("players", max(info.min_players, min(2, info.max_players))))
        seeds = int(params.get("seeds", SEEDS))
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, not {seeds}")
        given = {
            spec.name: params[spec.name]
            for spec in info.options
            if spec.name in params and params[spec.name] != _param_default(spec.default)
        }
        try:
            self.options = game.resolve_options(players, given)
        except InvalidOptionsError as e:
            raise ValueError(f"{short_name(info.name)}: {e}") from None
        self.players = players
        self.seeds = seeds
        self.vocabulary = game.vocabulary.vocabulary(players, self.options)
        solo = players == 1
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.vocabulary.size,
            max_chance_outcomes=min(seeds, RADIX),
            num_players=players,
            min_utility=0.0 if solo else -1.0,
            max_utility=1.0,
            utility_sum=None if solo else 0.0,
            max_game_length=info.max_length + deal_digits(seeds),
        )
        super().__init__(_game_type(game, solo), game_info, params)
        self.digits = deal_digits(seeds)

    def new_initial_state(self, state: Any = None) -> LeafpileState:
        """The position before the deal (a chance node). OpenSpiel's JSON state structs are
        not supported: a saved leafpile state is rebuilt with `state_from_dict` instead."""
        if state is not None:
            raise ValueError("leafpile games start from the deal; use from_leafpile_state")
        return LeafpileState(self)

    def from_leafpile_state(self, state: State) -> LeafpileState:
        """An OpenSpiel state for a leafpile position (its past decisions are not known, so the
        information states start from this position)."""
        if state.game is not self.leafpile or state.num_players != self.players:
            raise ValueError(f"not a {self.players}-player {self.leafpile.info.name} state")
        out = LeafpileState(self)
        out._core.prefix, out._core.left = state.seed, 0
        out._core.state = state.clone()
        return out

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return ViewObserver(self, "view", perfect_recall=False)
        if not iig_obs_type.public_info:
            raise ValueError("leafpile observations always include the public information")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.NONE:
            kind = "public"
        elif private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            kind = "full"
        else:
            kind = "view"
        return ViewObserver(self, kind, perfect_recall=iig_obs_type.perfect_recall)


class LeafpileState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a leafpile state (see the module docstring)."""

    def __init__(self, game: LeafpileGame) -> None:
        super().__init__(game)
        self._core = Core(game.leafpile, game.players, game.options, game.vocabulary, game.digits)

    @property
    def leafpile_state(self) -> State | None:
        """The wrapped leafpile state (None before the deal). Do not change it."""
        return self._core.state

    def deal(self, seed: int) -> None:
        """Play the deal's chance nodes so that the game starts from leafpile seed `seed`."""
        core = self._core
        game: LeafpileGame = self.get_game()
        if core.state is not None or core.left != game.digits:
            raise ValueError("the deal has already begun")
        if not 0 <= seed < game.seeds:
            raise ValueError(f"seed {seed} is not below the game's {game.seeds} seeds")
        for place in reversed(range(game.digits)):
            self.apply_action(seed // RADIX**place % RADIX)

    def current_player(self) -> int:
        state = self._core.state
        if state is None:
            return _CHANCE
        if state.is_terminal():
            return _TERMINAL
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._core.actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        if core.state is not None:
            return []
        game: LeafpileGame = self.get_game()
        return list(digit_outcomes(game.seeds, core.prefix, core.left))

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.state is None:
            game: LeafpileGame = self.get_game()
            outcomes = digit_outcomes(game.seeds, core.prefix, core.left)
            if not 0 <= action < len(outcomes):
                raise ValueError(
                    f"chance outcome {action} is not a seed digit here (0-{len(outcomes) - 1})"
                )
            core.deal(action)
        else:
            core.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == _CHANCE or core.state is None:
            return f"seed digit {action}"
        if 0 <= action < core.vocabulary.size:
            return str(core.vocabulary.action_of(action))
        return f"action id {action} (not in the vocabulary)"

    def is_terminal(self) -> bool:
        state = self._core.state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        state = self._core.state
        if state is None:
            return [0.0] * self._core.players
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LeafpileState:
        """A state `player_id` cannot tell from this one: the game's `determinize` fills the
        hidden parts (other hands, the bag, the RNG) from the sampler. The others' own
        decisions are unknown to `player_id`, so the sample keeps only its own."""
        core = self._core
        game: LeafpileGame = self.get_game()
        out = LeafpileState(game)
        out._core.prefix, out._core.left = core.prefix, core.left
        if core.state is None:
            return out
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        view = core.game.player_view(core.state, player_id)
        out._core.state = core.game.determinize(view, player_id, Rng(seed))
        out._core.own[player_id] = core.own[player_id]
        return out

    def __str__(self) -> str:
        state = self._core.state
        if state is None:
            return _DEAL
        return canonical_json(state.to_dict())


class ViewObserver:
    """OpenSpiel's observer interface over leafpile views: `view` (the player's own), `public`
    (a spectator's), `full` (everything); with `perfect_recall` the string also lists the
    player's own decisions, which makes it the information state. Tensors are the player's own
    (`view`): the game's observation tensor, or with `perfect_recall` the information-state
    tensor (`leafpile.interop.common`); `public` and `full` give strings only."""

    def __init__(self, game: LeafpileGame, kind: str, perfect_recall: bool) -> None:
        self.game = game.leafpile
        self.vocabulary = game.vocabulary
        self.kind = kind
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if kind == "view":
            layout = self.game.observation_layout(game.players, game.options)
            if perfect_recall:
                layout = information_layout(layout, game.vocabulary)
            self.tensor = np.zeros(layout.size, np.float32)
            offset = 0
            for name, shape in layout.fields:
                size = int(np.prod(shape))
                self.dict[name] = self.tensor[offset : offset + size].reshape(shape)
                offset += size

    def _data(self, core: Core, player: int) -> dict[str, Any]:
        assert core.state is not None
        if self.kind == "full":
            return core.state.to_dict()
        return view_dict(self.game, core.state, None if self.kind == "public" else player)

    def set_from(self, state: LeafpileState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        core = state._core
        if core.state is None:
            tensor.fill(0.0)
        elif self.perfect_recall:
            own = core.own_ids(player)
            tensor[:] = information_tensor(self.game, core.state, player, own, self.vocabulary)
        else:
            tensor[:] = self.game.observation_tensor(core.state, player)

    def string_from(self, state: LeafpileState, player: int) -> str:
        core = state._core
        if core.state is None:
            return _DEAL
        text = canonical_json(self._data(core, player))
        if self.perfect_recall:
            text += "\nown: " + " ".join(core.own_actions(player))
        return text


def register() -> list[str]:
    """Register every leafpile game with OpenSpiel (once); return their OpenSpiel names.

    Each game is registered as a class of its own (as OpenSpiel's Python games are): OpenSpiel
    keeps the creator until the interpreter has shut down, and a plain function released then
    aborts the process, while a class outlives that point."""
    known = set(pyspiel.registered_names())
    names = []
    for game in GAMES.values():
        name = short_name(game.info.name)
        names.append(name)
        if name in known:
            continue
        cls = type(
            "".join(part.title() for part in game.info.name.split("-")) + "Game",
            (LeafpileGame,),
            {"__doc__": f"{game.info.title} as an OpenSpiel game.", "leafpile": game},
        )
        pyspiel.register_game(_game_type(game), cls)
    return names


def load(game: str, players: int | None = None, **options: Any) -> LeafpileGame:
    """`pyspiel.load_game` for a leafpile game by its leafpile name."""
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    loaded: LeafpileGame = pyspiel.load_game(short_name(game), params)
    return loaded


NAMES = register()

"""The Game protocol: the one small API that the CLI, bots, simulator, server and adapters use.

A game object (one per game, registered by name) knows the fixed facts (`GameInfo`) and makes
states. A state is plain data that knows whose turn it is, what may be done, and how to apply it.
Everything else (bots, UI, server, notation parsing) is built on `legal_actions()`.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from leafpile.engine.errors import (
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
)
from leafpile.engine.rng import Rng

#: `current_player` value while randomness must be resolved (reserved for interop; the four
#: games draw from the state's own RNG at the moment of the draw instead).
CHANCE = -1
#: `current_player` value once the game is over.
TERMINAL = -2

OptionValue = int | str | bool | tuple[int, ...]


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small, frozen, hashable; `str()` is its notation."""

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default, allowed values and the player counts it applies to."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    players: tuple[int, ...] | None = None  # None: every player count

    def coerce(self, value: Any) -> OptionValue:
        """Turn a JSON or command-line value into the option's type, or explain why not."""
        default = self.default
        try:
            if isinstance(default, bool):
                if isinstance(value, bool):
                    out: OptionValue = value
                elif isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                    out = True
                elif isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                    out = False
                else:
                    raise ValueError
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int | str):
                    raise ValueError
                out = int(value)
            elif isinstance(default, tuple):
                if isinstance(value, str):
                    parts = [p for p in value.replace(" ", "").split(",") if p]
                    out = tuple(int(p) for p in parts)
                elif isinstance(value, list | tuple) and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value
                ):
                    out = tuple(value)
                else:
                    raise ValueError
            else:
                if not isinstance(value, str | int) or isinstance(value, bool):
                    raise ValueError
                out = str(value)
        except ValueError:
            kind = type(default).__name__ if not isinstance(default, tuple) else "list of ints"
            raise InvalidOptionsError(
                f"option {self.name!r} expects {kind}, got {value!r}"
            ) from None
        if self.choices is not None and out not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionsError(f"option {self.name!r} must be one of {allowed}; got {out!r}")
        return out


@dataclass(frozen=True)
class GameInfo:
    """Facts about a game that do not depend on a particular play."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    score_bounds: tuple[float, float]
    max_length: int  # no game (any player count and options) takes more actions than this
    summary: str = ""
    option_map: Mapping[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_map", {o.name: o for o in self.options})


class State(ABC):
    """A position of one game. Mutable; `clone()` before exploring.

    A *view* is a state with `viewer` set and hidden parts replaced by what that viewer knows
    (see `Game.player_view`); it answers `legal_actions()` for its viewer like the real state.
    """

    game: ClassVar[Game]

    num_players: int
    seed: int
    options: dict[str, OptionValue]
    rng: Rng
    redacted: bool  # True for a view: hidden parts replaced
    viewer: int | None  # the view's player, None for a spectator (or the full state)

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to act, or CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action now; empty exactly when the game is over."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action without checking it (fast path for search)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (hand-written: cheap enough for tree search)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON form of this state (saves, the web, tests)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each player's score as the rules count it (running score before the end)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players after the game's own tie-breaks; empty before the end."""

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def returns(self) -> list[float]:
        """Zero-sum utilities in [-1, 1]: winners share the win; zeros before the end.

        A sole winner gets 1, the others -1/(n-1); a draw between k players gives each of
        them n/k - 1 scaled the same way. Solo games override this.
        """
        n = self.num_players
        if not self.is_terminal():
            return [0.0] * n
        won = self.winners()
        if n == 1:
            return [1.0 if won else 0.0]
        share = n / len(won) if won else 0.0
        return [((share if p in won else 0.0) - 1.0) / (n - 1) for p in range(n)]

    def parse_action(self, text: str) -> Action:
        """The legal action whose notation is `text` (clear error otherwise)."""
        text = text.strip()
        for action in self.legal_actions():
            if str(action) == text:
                return action
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {text!r} cannot be played")
        # Not written exactly as the notation prints it (case, spaces): the game's own parser
        # reads it, raising InvalidNotationError when it is malformed.
        action = self.game.parse_notation(text)
        if action in self.legal_actions():
            return action
        sample = ", ".join(str(a) for a in self.legal_actions()[:8])
        raise IllegalActionError(f"{text!r} is not legal now (legal actions include: {sample})")

    def play(self, action: Action | str) -> Action:
        """Checked move: parse if needed, refuse anything illegal, then apply it."""
        if self.redacted and self.current_player != self.viewer:
            raise IllegalActionError("a view can only act for its own player")
        if isinstance(action, str):
            action = self.parse_action(action)
        elif action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal now")
        self.apply(action)
        return action

    # -- the fields every game shares (set-up, clone, save) ---------------------------------
    def init_base(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        """Set the shared fields of a fresh, full (unredacted) state."""
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.redacted = False
        self.viewer = None

    def copy_base(self, new: State) -> None:
        """Copy the shared fields into a clone (options are never mutated after set-up)."""
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.rng = Rng(self.rng.state)
        new.redacted = self.redacted
        new.viewer = self.viewer

    def redact_base(self, viewer: int | None) -> None:
        """Make this clone `viewer`'s view of the shared fields. The RNG and the seed are
        blanked: with the seed, `new_state()` would re-deal the game and replay every hidden
        draw, so a view must never carry it."""
        self.redacted = True
        self.viewer = viewer
        self.rng = Rng(0)
        self.seed = 0

    def load_base(self, data: Mapping[str, Any]) -> None:
        """Read the shared fields of a saved state (`base_dict()`), refusing bad values."""
        self.rng = Rng(require(data, "rng", int))
        self.redacted = require(data, "redacted", bool)
        viewer = data.get("viewer")
        if viewer is not None and not (
            isinstance(viewer, int)
            and not isinstance(viewer, bool)
            and 0 <= viewer < self.num_players
        ):
            raise InvalidStateError("saved state has a bad viewer")
        self.viewer = viewer

    def base_dict(self) -> dict[str, Any]:
        """The fields every game's `to_dict()` starts with."""
        return {
            "game": self.game.info.name,
            "players": self.num_players,
            "seed": self.seed,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "rng": self.rng.state,
            "redacted": self.redacted,
            "viewer": self.viewer,
        }

    def __repr__(self) -> str:
        return f"<{self.game.info.name} state, player {self.current_player}>"


class Game(ABC):
    """A registered game: its facts, its states, its notation, its views."""

    info: GameInfo
    #: Per-game tuning of the bot levels (`{"hard": {"rollout_depth": 2}}`), measured by
    #: `benchmarks/bots.py`; it overrides `leafpile.bots.levels.LEVELS`, and a setting written
    #: in a seat name (`hard:rollout_depth=4`) overrides both. Each game keeps it in its
    #: `heuristic.py`, next to the evaluation it was tuned with.
    bot_levels: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    # -- options -----------------------------------------------------------------------------
    def resolve_options(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, OptionValue]:
        """Check the player count and options, fill defaults; raise InvalidOptionsError."""
        info = self.info
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise InvalidOptionsError(
                f"{info.title} is played by {info.min_players}-{info.max_players} players, "
                f"not {players!r}"
            )
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptionsError("options must be an object of NAME: VALUE pairs")
        given = dict(options or {})
        unknown = sorted(set(given) - set(info.option_map))
        if unknown:
            known = ", ".join(info.option_map) or "none"
            raise InvalidOptionsError(f"unknown option(s) {', '.join(unknown)}; known: {known}")
        out: dict[str, OptionValue] = {}
        for spec in info.options:
            if spec.players is not None and players not in spec.players:
                if spec.name in given and spec.coerce(given[spec.name]) != spec.default:
                    counts = "/".join(str(p) for p in spec.players)
                    raise InvalidOptionsError(
                        f"option {spec.name!r} only applies to {counts} player(s)"
                    )
                continue
            out[spec.name] = spec.coerce(given[spec.name]) if spec.name in given else spec.default
        self.check_options(players, out)
        return out

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        """Game-specific cross-checks (e.g. a scripted deck must be a permutation)."""
        return None

    # -- states ------------------------------------------------------------------------------
    def new_state(
        self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> State:
        """A fresh game; `seed=None` draws one (and the state records it)."""
        resolved = self.resolve_options(players, options)
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptionsError(f"seed must be an integer, not {seed!r}")
        return self.setup(players, seed, resolved)

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        """Build the initial state from checked options."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from `to_dict()` output; InvalidStateError when malformed."""

    @abstractmethod
    def parse_notation(self, text: str) -> Action:
        """Syntactic parse of one action; InvalidNotationError when malformed."""

    @abstractmethod
    def player_view(self, state: State, player: int | None) -> State:
        """What `player` (None: a spectator) may see: a redacted copy of the state."""

    @abstractmethod
    def determinize(self, view: State, player: int | None, rng: Rng) -> State:
        """A full state consistent with `view`, hidden parts sampled with `rng`."""

    @abstractmethod
    def render(self, state: State, viewer: int | None = None) -> Any:
        """A Rich renderable of the state for the terminal."""

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic worth of `state` for `player`, higher is better (greedy bots, rollout
        cut-offs). Default: own score minus the best other score. Games override it in their
        `heuristic.py` with game-specific features."""
        scores = state.scores()
        if len(scores) == 1:
            return scores[0]
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)

    def describe(self, state: State, action: Action) -> str:
        """A human sentence for the game log; games may override for clearer logs."""
        return str(action)

    # -- helpers shared by games ----------------------------------------------------------------
    def base_from_dict(self, data: Mapping[str, Any]) -> tuple[int, int, dict[str, OptionValue]]:
        """Check the common header of a saved state; return (players, seed, options)."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("a saved state must be a JSON object")
        if data.get("game") != self.info.name:
            raise InvalidStateError(
                f"this saved state is for {data.get('game')!r}, not {self.info.name!r}"
            )
        try:
            players = data["players"]
            seed = data["seed"]
            options = self.resolve_options(players, data.get("options", {}))
        except KeyError as e:
            raise InvalidStateError(f"saved state is missing {e.args[0]!r}") from None
        except InvalidOptionsError as e:
            raise InvalidStateError(f"saved state has bad options: {e}") from None
        if not isinstance(seed, int):
            raise InvalidStateError("saved state has a non-integer seed")
        return players, seed, options


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Read one field of a saved state, with a clear error when it is missing or mistyped."""
    if key not in data:
        raise InvalidStateError(f"saved state is missing {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise InvalidStateError(f"saved state field {key!r} has the wrong type")
    return value


def int_list(data: Mapping[str, Any], key: str) -> list[int]:
    """A list of ints from a saved state."""
    value = require(data, key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise InvalidStateError(f"saved state field {key!r} must be a list of integers")
    return list(value)


def legal_strings(state: State) -> list[str]:
    """The notations of the legal actions (what a UI or a remote client is sent)."""
    return [str(a) for a in state.legal_actions()]


def opt_int(options: Mapping[str, OptionValue], name: str, default: int = 0) -> int:
    """A resolved integer option (typed access for mypy)."""
    value = options.get(name, default)
    assert isinstance(value, int)
    return value


def opt_str(options: Mapping[str, OptionValue], name: str, default: str = "") -> str:
    value = options.get(name, default)
    assert isinstance(value, str)
    return value


def opt_ints(options: Mapping[str, OptionValue], name: str) -> tuple[int, ...]:
    value = options.get(name, ())
    assert isinstance(value, tuple)
    return value

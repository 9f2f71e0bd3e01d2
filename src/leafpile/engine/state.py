"""The state half of the Game protocol: a position of one game, and the actions it takes.

A state is plain data that knows whose turn it is; what may be done and how it applies are its
game's rules (`Game.rules`), reached through the state so that every consumer (bots, the UI,
the server, notation parsing) builds on one `legal_actions()`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from leafpile.engine.errors import IllegalActionError, InvalidNotationError, InvalidStateError
from leafpile.engine.options import OptionValue
from leafpile.engine.rng import Rng
from leafpile.engine.saves import require
from leafpile.i18n import Msg

if TYPE_CHECKING:
    from leafpile.engine.game import Game

#: `current_player` value while randomness must be resolved (reserved for interop; the four
#: games draw from the state's own RNG at the moment of the draw instead).
CHANCE = -1
#: `current_player` value once the game is over.
TERMINAL = -2
#: No game's notation is longer (Undergrove's "carbon 12>-3,-4" is among the longest): a longer
#: text is refused before any parser, so `int()` never meets a 5,000-digit number.
NOTATION_MAX = 100


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small, frozen, hashable; `str()` is its notation."""

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError


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

    def __init__(self, num_players: int, seed: int, options: dict[str, OptionValue]) -> None:
        """An empty position: `Game.setup` then lets the rules deal it (`rules.start`)."""
        self.init_base(num_players, seed, options)

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to act, or CHANCE, or TERMINAL."""

    # The rules live in the game's `rules` module; a state reaches them through its game, so
    # state.py never imports rules.py (rules.py imports the state it acts on).
    def legal_actions(self) -> list[Action]:
        """Every legal action now; empty exactly when the game is over."""
        return self.game.rules.legal_actions(self)

    def apply(self, action: Action) -> None:
        """Apply a legal action without checking it (fast path for search)."""
        self.game.rules.apply(self, action)

    def random_action(self, rng: Rng) -> Action:
        """A uniformly random legal action, drawn as `rng.choice(self.legal_actions())` is; a
        game's rules may pick it without the list (`Game.random_action`)."""
        actions = self.legal_actions()
        return actions[rng.randrange(len(actions))]

    def scores(self) -> list[float]:
        """Each player's score as the rules count it (running score before the end)."""
        return self.game.rules.scores(self)

    def winners(self) -> list[int]:
        """The winning players after the game's own tie-breaks; empty before the end."""
        return self.game.rules.winners(self)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (hand-written: cheap enough for tree search)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON form of this state (saves, the web, tests)."""

    @classmethod
    @abstractmethod
    def from_dict(
        cls, players: int, seed: int, options: dict[str, OptionValue], data: Mapping[str, Any]
    ) -> State:
        """Rebuild a state from `to_dict()` output once the header is checked
        (`Game.state_from_dict`); InvalidStateError when a field is malformed or the whole
        could not arise in play."""

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
            raise IllegalActionError(
                Msg("the game is over; {action} cannot be played", action=repr(text))
            )
        if len(text) > NOTATION_MAX:
            raise InvalidNotationError(
                Msg(
                    "that action is {n} characters long; no notation is over {limit}",
                    n=len(text),
                    limit=NOTATION_MAX,
                )
            )
        # Not written exactly as the notation prints it (case, spaces): the game's own parser
        # reads it, raising InvalidNotationError when it is malformed.
        action = self.game.parse_notation(text)
        if action in self.legal_actions():
            return action
        sample = ", ".join(str(a) for a in self.legal_actions()[:8])
        raise IllegalActionError(
            Msg(
                "{action} is not legal now (legal actions include: {sample})",
                action=repr(text),
                sample=sample,
            )
        )

    def play(self, action: Action | str) -> Action:
        """Checked move: parse if needed, refuse anything illegal, then apply it."""
        if self.redacted and self.current_player != self.viewer:
            raise IllegalActionError(Msg("a view can only act for its own player"))
        if isinstance(action, str):
            action = self.parse_action(action)
        elif action not in self.legal_actions():
            raise IllegalActionError(Msg("{action} is not legal now", action=str(action)))
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
            raise InvalidStateError(Msg("saved state has a bad viewer"))
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


def legal_strings(state: State) -> list[str]:
    """The notations of the legal actions (what a UI or a remote client is sent)."""
    return [str(a) for a in state.legal_actions()]

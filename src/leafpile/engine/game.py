"""The Game protocol: the one small API that the CLI, bots, simulator, server and adapters use.

A game object (one per game, registered by name) knows the fixed facts (`GameInfo`) and makes
states. It names its state class and its modules (`actions`, `rules`, `view`, `words`,
`terminal`, `heuristic`) and the base class here forwards the protocol to them, so a game
package is its rules and data, not plumbing. Everything else (bots, UI, server, notation
parsing) is built on `legal_actions()`.
"""

from __future__ import annotations

import importlib
import secrets
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from leafpile.engine.errors import InvalidOptionsError, InvalidStateError
from leafpile.engine.options import OptionSpec, OptionValue
from leafpile.engine.rng import Rng
from leafpile.engine.state import Action, State
from leafpile.engine.study import Component, ScorePart
from leafpile.engine.takeback import TakeBackRule, may_take_back
from leafpile.engine.tensor import Layout, Tensor
from leafpile.engine.vocabulary import Vocabulary
from leafpile.i18n import Msg, error_text


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
    #: An upper bound on the legal actions of any state (the branching), set well above the
    #: largest measured in random and greedy play (the game's package says how much). The
    #: adapters' action ids are the game's vocabulary instead (`action_vocabulary`).
    max_distinct_actions: int = 1024
    option_map: Mapping[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_map", {o.name: o for o in self.options})


class ActionsModule(Protocol):
    """A game's `actions.py`: its notation."""

    def parse_notation(self, text: str) -> Action: ...


class VocabularyModule(Protocol):
    """A game's `vocabulary.py`: every action it can offer, with fixed ids
    (`leafpile.engine.vocabulary`)."""

    def vocabulary(self, players: int, options: Mapping[str, OptionValue]) -> Vocabulary: ...


class ObservationModule(Protocol):
    """A game's `observation.py`: the fixed-shape tensor of what a seat sees
    (`leafpile.engine.tensor`)."""

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> Layout: ...
    def encode(self, view: Any, player: int) -> Tensor: ...


class RulesModule(Protocol):
    """A game's `rules.py`: set-up, legal actions, their effect, scoring. Each function takes
    the game's own state class (hence `Any` here)."""

    def start(self, state: Any) -> None: ...
    def legal_actions(self, state: Any) -> list[Action]: ...
    def apply(self, state: Any, action: Any) -> None: ...
    def scores(self, state: Any) -> list[float]: ...
    def winners(self, state: Any) -> list[int]: ...


class ViewModule(Protocol):
    """A game's `view.py`: what each player may see, and determinization."""

    def player_view(self, state: Any, player: int | None) -> State: ...
    def determinize(self, view: Any, player: int | None, rng: Rng) -> State: ...
    def contradiction(self, view: Any, state: Any) -> str | None: ...


class WordsModule(Protocol):
    """A game's `words.py` (or `words/`): the game in words; here, the log sentence."""

    def describe(self, state: Any, action: Any) -> str: ...


class ExplainModule(Protocol):
    """A game's `explain.py`: why a log line says what it does (the log's "why?")."""

    def explain(self, state: Any, action: Any) -> str | None: ...


class TerminalModule(Protocol):
    """A game's `terminal.py`: the table as the terminal draws it."""

    def render(self, state: Any, viewer: int | None) -> Any: ...


class HeuristicModule(Protocol):
    """A game's `heuristic.py`: the evaluation bots use."""

    def evaluate(self, state: Any, player: int) -> float: ...


class Game:
    """A registered game: its facts (`info`), its state class and its modules.

    A game package names these and the base class forwards the protocol to them, so the
    forwarding is written once. Override a method only where a game really differs.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    actions: ClassVar[ActionsModule]
    rules: ClassVar[RulesModule]
    view: ClassVar[ViewModule]
    words: ClassVar[WordsModule]
    #: Why a log line says what it does (the page's "why?", `explain`); None: never said.
    explanations: ClassVar[ExplainModule | None] = None
    terminal: ClassVar[TerminalModule]
    heuristic: ClassVar[HeuristicModule]
    vocabulary: ClassVar[VocabularyModule]
    observation: ClassVar[ObservationModule]
    #: Per-game tuning of the bot levels (`{"hard": {"rollout_depth": 2}}`), measured by
    #: `benchmarks/bots.py`; it overrides `leafpile.bots.levels.LEVELS`, and a setting written
    #: in a seat name (`hard:rollout_depth=4`) overrides both. Each game keeps it in its
    #: `heuristic.py`, next to the evaluation it was tuned with.
    bot_levels: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: Losses of expected result (on the [-1, 1] scale of `returns()`) from which the bot's
    #: review marks a decision an inaccuracy, a mistake, a blunder (`leafpile.bots.review`).
    review_thresholds: ClassVar[tuple[float, float, float]] = (0.1, 0.2, 0.4)

    #: Which decisions of a turn may be taken back (`leafpile.engine.takeback`); None: none.
    take_backs: ClassVar[TakeBackRule | None] = None

    #: Options a balance study varies by default, by player count (`leafpile analyze` without
    #: `--vary`): a component chosen by an option (Autumn's solo challenge) is studied so.
    varied_options: ClassVar[Mapping[int, tuple[str, ...]]] = {}

    #: The protocol methods a state answers straight from the game's rules module.
    RULE_METHODS: ClassVar[tuple[str, ...]] = ("legal_actions", "apply", "scores", "winners")

    def __init__(self) -> None:
        # A state's legal_actions(), apply(), scores() and winners() are the rules' own
        # functions, bound on the state class here once: a tree search calls them millions of
        # times, and `self.game.rules.apply(self, a)` would pay three lookups on each call.
        # (`State` keeps forwarding versions for state classes no game has bound yet.)
        cls = self.state_class
        for name in self.RULE_METHODS:
            if name not in cls.__dict__:
                setattr(cls, name, getattr(self.rules, name))
        self.bind_random_action()

    # -- random play -------------------------------------------------------------------------
    def random_action(self, state: State, rng: Rng) -> Action:
        """A uniformly random legal action of `state` (a full state or its mover's view).

        It draws exactly as `rng.choice(state.legal_actions())` does (one `randrange` of the
        number of legal actions, then that action in the list's order), so a seed gives the same
        game and record whichever is used. A game's rules module may define its own
        `random_action(state, rng)` that picks the same action without building the list; it
        is bound on the state class (`bind_random_action`), so random playouts, the random bot
        and rollouts call `state.random_action(rng)` straight.
        """
        return state.random_action(rng)

    def bind_random_action(self) -> None:
        """Bind the rules module's `random_action`, where it has one, on the state class as
        its `random_action` method (`State.random_action` is the listing default)."""
        cls = self.state_class
        pick = getattr(self.rules, "random_action", None)
        if pick is not None and "random_action" not in cls.__dict__:
            setattr(cls, "random_action", pick)  # noqa: B010 - a method bound like RULE_METHODS

    # -- options -----------------------------------------------------------------------------
    def resolve_options(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, OptionValue]:
        """Check the player count and options, fill defaults; raise InvalidOptionsError."""
        info = self.info
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise InvalidOptionsError(
                Msg(
                    "{game} is played by {low}-{high} players, not {players}",
                    game=info.title,
                    low=info.min_players,
                    high=info.max_players,
                    players=repr(players),
                )
            )
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptionsError(Msg("options must be an object of NAME: VALUE pairs"))
        given = dict(options or {})
        unknown = sorted(set(given) - set(info.option_map))
        if unknown:
            raise InvalidOptionsError(
                Msg.plural(
                    "unknown option {names}; known: {known}",
                    "unknown options {names}; known: {known}",
                    len(unknown),
                    names=", ".join(unknown),
                    known=", ".join(info.option_map) or "-",
                )
            )
        out: dict[str, OptionValue] = {}
        for spec in info.options:
            if spec.players is not None and players not in spec.players:
                if spec.name in given and spec.coerce(given[spec.name]) != spec.default:
                    counts = "/".join(str(p) for p in spec.players)
                    raise InvalidOptionsError(
                        Msg(
                            "option {name} only applies to games of {counts} players",
                            name=repr(spec.name),
                            counts=counts,
                        )
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
            raise InvalidOptionsError(Msg("seed must be an integer, not {seed}", seed=repr(seed)))
        return self.setup(players, seed, resolved)

    def setup(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        """Build the initial state from checked options: an empty state, then the rules'
        set-up (`rules.start`)."""
        state = self.state_class(players, seed, options)
        self.rules.start(state)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from `to_dict()` output; InvalidStateError when malformed."""
        players, seed, options = self.base_from_dict(data)
        return self.state_class.from_dict(players, seed, options, data)

    def parse_notation(self, text: str) -> Action:
        """Syntactic parse of one action; InvalidNotationError when malformed."""
        return self.actions.parse_notation(text)

    def action_vocabulary(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> Vocabulary:
        """Every action the game can offer at this player count and options, each with a
        fixed id (the action ids of the OpenSpiel and PettingZoo adapters)."""
        return self.vocabulary.vocabulary(players, self.resolve_options(players, options))

    def observation_layout(self, players: int, options: Mapping[str, Any] | None = None) -> Layout:
        """The fields of the game's observation tensor at this player count and options."""
        return self.observation.layout(players, self.resolve_options(players, options))

    def observation_tensor(self, state: State, player: int) -> list[float]:
        """What `player` sees in `state` as a flat tensor (read from their view only)."""
        return self.observation.encode(self.player_view(state, player), player).values

    def player_view(self, state: State, player: int | None) -> State:
        """What `player` (None: a spectator) may see: a redacted copy of the state."""
        return self.view.player_view(self._own(state), player)

    def determinize(self, view: State, player: int | None, rng: Rng) -> State:
        """A full state consistent with `view`, hidden parts sampled with `rng`."""
        return self.view.determinize(self._own(view), player, rng)

    def determinizer(self, view: State, player: int | None) -> Callable[[Rng], State]:
        """`determinize(view, player, rng)` as a function of `rng`, for a search that samples one
        view many times: a game's view module may prepare what does not depend on the draws
        once (its `determinizer`); the states and draws are those of `determinize`."""
        own = self._own(view)
        prepare = getattr(self.view, "determinizer", None)
        if prepare is not None:
            draw: Callable[[Rng], State] = prepare(own, player)
            return draw
        determinize = self.view.determinize
        return lambda rng: determinize(own, player, rng)

    def contradiction(self, view: State, state: State) -> str | None:
        """What in the full `state` contradicts what `view`'s seat remembers of the hidden parts
        (cards seen taken into a hand, tiles seen reshuffled): a sentence, or None. The view's
        public parts are compared by `player_view` itself; this checks the memory a view
        carries, for determinize and for the conformance suite."""
        return self.view.contradiction(self._own(view), self._own(state))

    def render(self, state: State, viewer: int | None = None) -> Any:
        """A Rich renderable of the state for the terminal."""
        return self.terminal.render(self._own(state), viewer)

    def describe(self, state: State, action: Action) -> str:
        """A human sentence for the game log: what `action` does in `state` (before it)."""
        return self.words.describe(self._own(state), action)

    def explain(self, state: State, action: Action) -> str | None:
        """Why `action`'s log line in `state` (the reader's view before it) says what it does:
        the rule that brought what arrived, scored or moved, in a sentence built from the
        position (the game's `explain.py`); None when the line needs no reason."""
        if self.explanations is None:
            return None
        return self.explanations.explain(self._own(state), action)

    def may_take_back(self, before: State, action: Action, after: State) -> bool:
        """Whether `action`, which led from the true state `before` to `after`, may be taken
        back by its player: it revealed nothing hidden to anyone and the same player is still
        deciding the same turn (the game's `take_backs` rule)."""
        rule = self.take_backs
        return rule is not None and may_take_back(rule, self._own(before), self._own(after))

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic worth of `state` for `player`, higher is better (greedy bots, rollout
        cut-offs), from the game's `heuristic.py`."""
        return self.heuristic.evaluate(self._own(state), player)

    def evaluate_all(self, state: State) -> list[float]:
        """Every player's `evaluate`, in seat order, from one evaluation where the game's
        `heuristic.py` has an `evaluate_all` (each game's evaluation measures every player
        to compare them): a search scores a rollout's end for all players at once."""
        own = self._own(state)
        every = getattr(self.heuristic, "evaluate_all", None)
        if every is not None:
            values: list[float] = every(own)
            return values
        return [self.heuristic.evaluate(own, p) for p in range(own.num_players)]

    def _own(self, state: State) -> State:
        """Refuse another game's state here, where a mix-up would otherwise surface as an
        attribute error deep inside the rules."""
        if not isinstance(state, self.state_class):
            raise TypeError(f"{self.info.name} was given a {type(state).__name__}")
        return state

    # -- the browser ---------------------------------------------------------------------------
    def package_dir(self) -> Path:
        """The folder of the game's package (its `data/` and its browser renderer `web/`)."""
        module = sys.modules[type(self).__module__]
        assert module.__file__ is not None
        return Path(module.__file__).parent

    def renderer_dir(self) -> Path | None:
        """The game's browser renderer (`web/renderer.js` and its files), if it has one."""
        web = self.package_dir() / "web"
        return web if (web / "renderer.js").is_file() else None

    def extras(self, view: State) -> dict[str, Any]:
        """Display facts computed from a view for the browser renderer (e.g. Autumn's live
        area sizes), so the browser never re-implements a rule. None by default."""
        return {}

    def choices(self, view: State) -> dict[str, Any]:
        """Each legal action's parts (notation -> cell, turn, tile...), so the renderer never
        parses notation. Sent as `extras["choices"]` only where legal actions go (the seat to
        move, and the replay's shown move): building it for every audience of every position
        would cost the server for nothing. None by default (the renderer needs none)."""
        return {}

    # -- balance studies ---------------------------------------------------------------------------
    def components_used(self, start: Mapping[str, Any], end: Mapping[str, Any]) -> list[Component]:
        """The components in play in one game (shared dweller cards, goals, objectives, the
        tiles a seat ended with), from the canonical dicts (`to_dict()`) of its initial and
        final states, for the balance report. None by default: the game is still studied
        (seats, turn order, scores, lengths), just without component effects."""
        return []

    def score_parts(self, state: State) -> list[ScorePart]:
        """Each seat's score by the game's scoring categories (its scoring rules' own lines),
        from `score_parts(state)` in the game's `statistics.py`: for the balance report's
        points by category and seat. Every game has one. At the end the parts add up to
        `scores()` for every seat, and the categories are the same in every game at one
        player count and options (the conformance suite checks both)."""
        module = importlib.import_module(f"{type(self).__module__}.statistics")
        parts: list[ScorePart] = module.score_parts(self._own(state))
        return parts

    # -- helpers shared by games ----------------------------------------------------------------
    def base_from_dict(self, data: Mapping[str, Any]) -> tuple[int, int, dict[str, OptionValue]]:
        """Check the common header of a saved state; return (players, seed, options)."""
        if not isinstance(data, Mapping):
            raise InvalidStateError(Msg("a saved state must be a JSON object"))
        if data.get("game") != self.info.name:
            raise InvalidStateError(
                Msg(
                    "this saved state is for {other}, not {game}",
                    other=repr(data.get("game")),
                    game=repr(self.info.name),
                )
            )
        try:
            players = data["players"]
            seed = data["seed"]
            options = self.resolve_options(players, data.get("options", {}))
        except KeyError as e:
            raise InvalidStateError(
                Msg("saved state is missing {field}", field=repr(e.args[0]))
            ) from None
        except InvalidOptionsError as e:
            raise InvalidStateError(
                Msg("saved state has bad options: {error}", error=error_text(e))
            ) from None
        if not isinstance(seed, int):
            raise InvalidStateError(Msg("saved state has a non-integer seed"))
        return players, seed, options

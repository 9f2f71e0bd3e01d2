"""Game records: `{game, options, players, seed, actions: [notation...]}` plus metadata.

Replaying a record rebuilds every state exactly, because the seed fixes every random draw and
the actions are checked one by one against `legal_actions()`. A record may instead start from
a given state (`start_state`, its `to_dict()`): an analysis game played on from a position of
another game, whose hidden parts were dealt afresh, so no seed and options can rebuild it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from leafpile.engine.errors import InvalidStateError, LeafpileError
from leafpile.engine.saves import nested_within
from leafpile.i18n import Msg, error_text

if TYPE_CHECKING:
    from leafpile.engine.game import Game
    from leafpile.engine.state import Action, State

RECORD_FORMAT = 1
#: No game's record comes near this (the longest games are a few thousand short actions).
RECORD_MAX_BYTES = 64 * 2**20
#: A record's JSON nests a few levels (its start_state a few more): deeper is not a record, and
#: would exhaust the recursion of the JSON parser or of a later walker.
RECORD_MAX_DEPTH = 64


#: The reasons a file cannot be read that a player meets, in words (others as the system says).
_OS_REASONS = {
    errno.ENOENT: Msg("there is no such file"),
    errno.EACCES: Msg("permission denied"),
    errno.EISDIR: Msg("it is a folder"),
}


def os_reason(error: OSError) -> str:
    return _OS_REASONS.get(error.errno or 0, error.strerror or str(error))


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    #: The state the game starts from (`State.to_dict()`), when it is not the one the seed
    #: and options deal: its own RNG then makes every later draw.
    start_state: dict[str, Any] | None = None

    @classmethod
    def start(cls, state: State, **metadata: Any) -> GameRecord:
        """An empty record for a freshly set-up state."""
        head = state.base_dict()
        return cls(
            game=head["game"],
            players=head["players"],
            seed=head["seed"],
            options=head["options"],
            metadata=dict(metadata),
        )

    def to_dict(self) -> dict[str, Any]:
        out = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
            "metadata": self.metadata,
        }
        if self.start_state is not None:
            out["start_state"] = self.start_state
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, Mapping):
            raise InvalidStateError(Msg("a game record must be a JSON object"))
        try:
            game, players, seed = data["game"], data["players"], data["seed"]
            actions = data["actions"]
        except KeyError as e:
            raise InvalidStateError(
                Msg("game record is missing {field}", field=repr(e.args[0]))
            ) from None
        version = data.get("format", RECORD_FORMAT)  # hand-written records may omit it
        if version != RECORD_FORMAT:
            raise InvalidStateError(
                Msg(
                    "game record format {version} is not supported (this leafpile reads "
                    "format {supported})",
                    version=repr(version),
                    supported=RECORD_FORMAT,
                )
            )
        options = data.get("options", {})
        metadata = data.get("metadata", {})
        if not isinstance(game, str):
            raise InvalidStateError(Msg("game record: 'game' must be a string"))
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidStateError(Msg("game record: 'players' must be an integer"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidStateError(Msg("game record: 'seed' must be an integer"))
        if not isinstance(options, Mapping):
            raise InvalidStateError(Msg("game record: 'options' must be an object"))
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidStateError(Msg("game record: 'actions' must be a list of strings"))
        if not isinstance(metadata, Mapping):
            raise InvalidStateError(Msg("game record: 'metadata' must be an object"))
        start = data.get("start_state")
        if start is not None and not isinstance(start, Mapping):
            raise InvalidStateError(Msg("game record: 'start_state' must be an object"))
        return cls(
            game,
            players,
            seed,
            dict(options),
            list(actions),
            dict(metadata),
            dict(start) if start is not None else None,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except RecursionError:
            data = None  # nested beyond what the parser can follow: refused just below
        except json.JSONDecodeError as e:
            raise InvalidStateError(
                Msg(
                    "game record is not valid JSON: {problem} (line {line}, column {column})",
                    problem=e.msg,
                    line=e.lineno,
                    column=e.colno,
                )
            ) from None
        if data is None or not nested_within(data, RECORD_MAX_DEPTH):
            raise InvalidStateError(
                Msg(
                    "a game record is JSON nested at most {depth} deep; this one is not",
                    depth=RECORD_MAX_DEPTH,
                )
            )
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            with open(path, "rb") as file:  # never more than the limit: /dev/zero never ends
                raw = file.read(RECORD_MAX_BYTES + 1)
        except OSError as e:
            raise InvalidStateError(
                Msg("cannot read {path}: {reason}", path=str(path), reason=os_reason(e))
            ) from None
        if len(raw) > RECORD_MAX_BYTES:
            raise InvalidStateError(
                Msg(
                    "{path} is over {n} MiB: not a record",
                    path=str(path),
                    n=RECORD_MAX_BYTES // 2**20,
                )
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidStateError(
                Msg("{path} is not a game record (not UTF-8 text)", path=str(path))
            ) from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record in place of `path` atomically: a crash, a kill or a full disk
        leaves the previous save whole, never half a file (raises OSError)."""
        target = Path(path)
        data = (self.to_json() + "\n").encode("utf-8")
        fd, temporary = tempfile.mkstemp(prefix=".leafpile-", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise

    def initial_state(self, game: Game) -> State:
        """The state before the first action: the seed's deal, or `start_state`."""
        if self.start_state is not None:
            return self._given_start(game)
        try:
            return game.new_state(self.players, self.seed, self.options)
        except LeafpileError as e:
            raise InvalidStateError(
                Msg("game record has a bad set-up: {error}", error=error_text(e))
            ) from None

    def _given_start(self, game: Game) -> State:
        assert self.start_state is not None
        try:
            state = game.state_from_dict(self.start_state)
        except (LeafpileError, ValueError, TypeError, KeyError) as e:
            raise InvalidStateError(
                Msg("game record has a bad start_state: {error}", error=error_text(e))
            ) from None
        if state.redacted or state.num_players != self.players:
            raise InvalidStateError(
                Msg("game record's start_state must be a whole state (not a view) of its players")
            )
        return state

    def replay(self, game: Game, visit: Callable[[State, Action], None] | None = None) -> State:
        """The one replay of a record: play its actions in order, each checked against the
        legal actions; `visit(state, action)` sees each position just before its action
        (log lines, snapshots). Returns the final state."""
        state = self.initial_state(game)
        for i, text in enumerate(self.actions):
            try:
                action = state.parse_action(text)
            except LeafpileError as e:
                raise InvalidStateError(
                    Msg(
                        "game record action {n} ({action}): {error}",
                        n=i + 1,
                        action=repr(text),
                        error=error_text(e),
                    )
                ) from None
            if visit is not None:
                visit(state, action)
            state.apply(action)
        return state

    def states(self, game: Game) -> list[State]:
        """The initial state, then the state after each action (each an independent copy)."""
        out: list[State] = []
        final = self.replay(game, lambda state, _action: out.append(state.clone()))
        out.append(final.clone())
        return out

    def final_state(self, game: Game) -> State:
        return self.replay(game)

"""The Python side of an OpenSpiel state of a leafpile game (`leafpile.interop.openspiel`): the
deal's chance digits, the leafpile state, each player's own decisions and the legal actions
of the moment by id; cheap to clone, pickled through leafpile's canonical `to_dict()`."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from leafpile.engine import Action, Game, State, Vocabulary
from leafpile.games import GAMES
from leafpile.interop.common import legal_by_id

#: Outcomes of one deal chance node: the seed is dealt one base-RADIX digit per node.
RADIX = 256

#: A player's own decisions as a shared linked list (previous, action id): appending is O(1)
#: and a clone shares it, which matters when a search clones a state per simulation.
History = tuple[Any, int] | None


def deal_digits(seeds: int) -> int:
    """How many chance nodes deal a seed below `seeds` (one base-RADIX digit each)."""
    digits = 1
    while RADIX**digits < seeds:
        digits += 1
    return digits


@lru_cache(maxsize=1024)
def digit_outcomes(seeds: int, prefix: int, left: int) -> list[tuple[int, float]]:
    """The outcomes of the deal's next digit after `prefix` with `left` digits to go: digit `v`
    weighted by how many seeds below `seeds` start with `prefix, v` (so every seed is equally
    likely). Cached: the list is the same for every state at that point of the deal."""
    span = RADIX ** (left - 1)
    low = prefix * RADIX * span
    total = min(seeds, low + RADIX * span) - low
    out = []
    for v in range(RADIX):
        start = low + v * span
        count = min(seeds, start + span) - start
        if count <= 0:
            break
        out.append((v, count / total))
    return out


class Core:
    """The Python side of one OpenSpiel state: the leafpile state (None before the deal), each
    player's own decisions, and the legal actions of the moment by id.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by
    pickling them; `__deepcopy__` and `__getstate__` make both use leafpile's cheap `clone()`
    and canonical `to_dict()`.
    """

    __slots__ = (
        "_actions",
        "game",
        "left",
        "options",
        "own",
        "players",
        "prefix",
        "state",
        "vocabulary",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        vocabulary: Vocabulary,
        digits: int = 1,
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.vocabulary = vocabulary
        #: The deal so far: the seed's digits chosen (as a number) and the digits still to come.
        self.prefix = 0
        self.left = digits
        self.state: State | None = None
        self.own: list[History] = [None] * players
        self._actions: dict[int, Action] | None = None

    def actions(self) -> dict[int, Action]:
        """The legal actions by id (in increasing id order), computed once per position."""
        if self._actions is None:
            assert self.state is not None
            self._actions = legal_by_id(self.state, self.vocabulary)
        return self._actions

    def deal(self, digit: int) -> None:
        """One more digit of the seed; the last one deals the game."""
        self.prefix = self.prefix * RADIX + digit
        self.left -= 1
        if self.left == 0:
            self.state = self.game.new_state(self.players, seed=self.prefix, options=self.options)
        self._actions = None

    def play(self, action_id: int) -> None:
        state = self.state
        assert state is not None
        action = self.actions().get(action_id)
        if action is None:
            raise ValueError(f"action id {action_id} is not legal here (see legal_actions())")
        player = state.current_player
        self.own[player] = (self.own[player], action_id)
        state.apply(action)
        self._actions = None

    def own_ids(self, player: int) -> list[int]:
        """The ids of `player`'s own decisions, oldest first."""
        out: list[int] = []
        node = self.own[player]
        while node is not None:
            node, action_id = node
            out.append(action_id)
        out.reverse()
        return out

    def own_actions(self, player: int) -> list[str]:
        """`player`'s own decisions in notation, oldest first."""
        return [str(self.vocabulary.action_of(i)) for i in self.own_ids(player)]

    def copy(self) -> Core:
        new = Core.__new__(Core)
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.vocabulary = self.vocabulary
        new.prefix = self.prefix
        new.left = self.left
        new.state = None if self.state is None else self.state.clone()
        new.own = list(self.own)
        new._actions = self._actions  # the same position: the same (never mutated) dict
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "game": self.game.info.name,
            "players": self.players,
            "options": self.options,
            "deal": [self.prefix, self.left],
            "state": None if self.state is None else self.state.to_dict(),
            "own": [self.own_actions(p) for p in range(self.players)],
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.game = GAMES[data["game"]]
        self.players = data["players"]
        self.options = data["options"]
        self.vocabulary = self.game.vocabulary.vocabulary(self.players, self.options)
        self.prefix, self.left = data["deal"]
        saved = data["state"]
        self.state = None if saved is None else self.game.state_from_dict(saved)
        self.own = []
        for texts in data["own"]:
            node: History = None
            for text in texts:
                node = (node, self.vocabulary.id_of(self.game.parse_notation(text)))
            self.own.append(node)
        self._actions = None

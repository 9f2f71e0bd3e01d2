"""A game's fixed action vocabulary: every action it can ever offer, each with a stable id.

A learner's policy has one output per id, so an id must mean the same move in every state
(OpenSpiel's own games work so: a cell in phantom_ttt, `Play 0` in Hanabi). A vocabulary is a
list of *parts*, one per kind of action (Autumn's placements, its colour choices); a part is
a grid of factors (rotation x column x row), and an action's id is the part's offset plus the
mixed-radix number of its factor indices. Nothing is listed: the id of an action and the
action of an id are computed, so a vocabulary of a million ids costs nothing to make, and
`factors(id)` gives a learner the factored form (part, indices) for a head per factor where
the flat vocabulary is too large to learn over directly (Undergrove).

Each game's `vocabulary.py` builds its vocabulary for a player count and options
(`Game.action_vocabulary`); the conformance suite checks that every legal action of many
random states has an id, that ids are unique and that `id -> action -> notation -> id`
round-trips.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import prod

from leafpile.engine.state import Action


@dataclass(frozen=True)
class Part:
    """One kind of action: its name, its factor sizes (mixed radix, the first most
    significant) and `make(*indices)`, the action at those factor indices."""

    name: str
    sizes: tuple[int, ...]
    make: Callable[..., Action]

    @property
    def size(self) -> int:
        return prod(self.sizes)


def listed(name: str, actions: Sequence[Action]) -> Part:
    """A part of one factor: the actions of a fixed table, by position."""
    table = tuple(actions)
    return Part(name, (len(table),), table.__getitem__)


#: `locate(action)`: the action's part name and factor indices (KeyError if it has none).
Locate = Callable[[Action], tuple[str, tuple[int, ...]]]


class Vocabulary:
    """The ids of every action of a game at one player count and options (module docstring)."""

    def __init__(self, parts: Sequence[Part], locate: Locate) -> None:
        self.parts = tuple(parts)
        self._locate = locate
        self._index = {part.name: i for i, part in enumerate(self.parts)}
        if len(self._index) != len(self.parts):
            raise ValueError("two parts of a vocabulary share a name")
        offsets = [0]
        for part in self.parts:
            offsets.append(offsets[-1] + part.size)
        self._offsets = tuple(offsets)
        self.size = offsets[-1]

    def id_of(self, action: Action) -> int:
        """The id of `action`; ValueError for an action the vocabulary does not hold."""
        try:
            name, indices = self._locate(action)
            part_index = self._index[name]
        except KeyError:
            raise ValueError(f"{action} has no id in this vocabulary") from None
        part = self.parts[part_index]
        if len(indices) != len(part.sizes):
            raise ValueError(f"{action}: {name} takes {len(part.sizes)} factors")
        number = 0
        for index, size in zip(indices, part.sizes, strict=True):
            if not 0 <= index < size:
                raise ValueError(f"{action} lies outside the vocabulary ({name})")
            number = number * size + index
        return self._offsets[part_index] + number

    def ids(self, actions: Iterable[Action]) -> list[int]:
        """The ids of `actions`, in the same order."""
        return [self.id_of(a) for a in actions]

    def factors(self, action_id: int) -> tuple[str, tuple[int, ...]]:
        """The part name and factor indices of an id (the factored form of the id)."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} is not below {self.size}")
        part_index = bisect_right(self._offsets, action_id) - 1
        part = self.parts[part_index]
        number = action_id - self._offsets[part_index]
        indices = []
        for size in reversed(part.sizes):
            number, index = divmod(number, size)
            indices.append(index)
        return part.name, tuple(reversed(indices))

    def action_of(self, action_id: int) -> Action:
        """The action an id names (whether it is legal now is for the state to say)."""
        name, indices = self.factors(action_id)
        return self.parts[self._index[name]].make(*indices)

    def layout(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """Each part's name, first id and factor sizes: the documented form of the ids."""
        return [(p.name, self._offsets[i], p.sizes) for i, p in enumerate(self.parts)]

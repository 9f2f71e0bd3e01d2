"""Fixed-shape tensors of what a seat sees, for learners (each game's `observation.py`).

A `Layout` is a list of named fields, each a shape (a board plane 40 x 40, a one-hot of 18
cards, a row of scores); the tensor is their concatenation, flat, as OpenSpiel's
imperfect-information games lay theirs out. Values are 0/1 for one-hot and binary fields and
counts scaled to about [0, 1] by a bound the game states. The games write into a plain list
of floats (numpy is only the research extra's), the adapters turn it into an array.
`Layout.describe()` is the documented layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod


class Layout:
    """Named fields of fixed shapes, concatenated in order."""

    def __init__(self, fields: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.fields = tuple(fields)
        self._offsets: dict[str, tuple[int, tuple[int, ...]]] = {}
        offset = 0
        for name, shape in self.fields:
            if name in self._offsets:
                raise ValueError(f"two fields are named {name}")
            self._offsets[name] = (offset, shape)
            offset += prod(shape)
        self.size = offset

    def new(self) -> Tensor:
        return Tensor(self)

    def where(self, name: str) -> tuple[int, tuple[int, ...]]:
        """A field's first position in the flat tensor, and its shape."""
        return self._offsets[name]

    def describe(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """Each field's name, first position and shape."""
        return [(name, self._offsets[name][0], shape) for name, shape in self.fields]


class Tensor:
    """One flat tensor of a layout, zero until written."""

    __slots__ = ("layout", "values")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.values = [0.0] * layout.size

    def _position(self, name: str, index: int | tuple[int, ...]) -> int:
        offset, shape = self.layout.where(name)
        if isinstance(index, int):
            index = (index,)
        if len(index) != len(shape):
            raise IndexError(f"{name} has {len(shape)} dimensions")
        flat = 0
        for i, size in zip(index, shape, strict=True):
            if not 0 <= i < size:
                raise IndexError(f"{name}: index {index} outside {shape}")
            flat = flat * size + i
        return offset + flat

    def put(self, name: str, index: int | tuple[int, ...], value: float = 1.0) -> None:
        """Set one element of a field."""
        self.values[self._position(name, index)] = value

    def one_hot(self, name: str, index: int | tuple[int, ...] | None) -> None:
        """Mark one element (None: none, e.g. no card revealed)."""
        if index is not None:
            self.put(name, index)

    def scaled(self, name: str, index: int | tuple[int, ...], count: float, bound: float) -> None:
        """A count scaled by its bound (values past the bound stay above 1, never wrap)."""
        self.put(name, index, count / bound)

    def row(self, name: str, values: Iterable[float], start: int = 0) -> None:
        """Consecutive elements of a field from flat position `start` within it."""
        offset, shape = self.layout.where(name)
        size = prod(shape)
        for i, value in enumerate(values, start):
            if not 0 <= i < size:
                raise IndexError(f"{name}: position {i} outside {shape}")
            self.values[offset + i] = value

    def bits(self, name: str, mask: int, value: float = 1.0) -> None:
        """Set the elements whose bits are set in `mask` (a bitboard laid out as the field)."""
        offset, shape = self.layout.where(name)
        size = prod(shape)
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            if i >= size:
                raise IndexError(f"{name}: bit {i} outside {shape}")
            self.values[offset + i] = value
            mask ^= low

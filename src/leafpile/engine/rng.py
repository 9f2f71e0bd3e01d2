"""A small seeded RNG whose whole state is one integer.

The state owns its RNG so that a game is reproducible from its seed; one integer makes the
RNG cheap to clone and trivially JSON-serialisable (saves resume with the same future draws),
which `random.Random` (625-word state) is not.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: randrange's rejection limits for the small ranges a game draws from (the largest multiple
#: of n that fits in 64 bits, less one), computed once instead of on every draw.
_SMALL = 4096
_LIMITS = (0, *(_MASK - (_MASK + 1) % n for n in range(1, _SMALL)))


class Rng:
    """SplitMix64: fast, well-distributed, and identical on every platform.

    `randrange` and `shuffle` run the generator's step inline (no call per draw) and read the
    rejection limit from a table: a random playout spends much of its time drawing. The
    sequence is the plain algorithm's (`next64`), which tests/conformance/test_rng.py pins.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n < _SMALL:
            if n <= 0:
                raise ValueError("randrange needs n > 0")
            limit = _LIMITS[n]
        else:
            limit = _MASK - (_MASK + 1) % n
        z = self.state
        while True:
            z = (z + _GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            x ^= x >> 31
            if x <= limit:
                self.state = z
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place (the draws of `randrange(i + 1)`, written out)."""
        n = len(items)
        if n >= _SMALL:
            randrange = self.randrange
            for i in range(n - 1, 0, -1):
                j = randrange(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        z = self.state
        for i in range(n - 1, 0, -1):
            z = (z + _GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            x ^= x >> 31
            while x > _LIMITS[i + 1]:  # rejected (about once in 2**52 draws here): again
                z = (z + _GOLDEN) & _MASK
                x = ((z ^ (z >> 30)) * _MIX1) & _MASK
                x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                x ^= x >> 31
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = z

    def fork(self) -> Rng:
        """A new independent generator seeded from this one."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

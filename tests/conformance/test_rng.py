"""The engine's RNG keeps its sequence: every seed, record and save depends on it.

`Rng` is SplitMix64 with rejection sampling in `randrange`; its fast paths (the step written
out inside `randrange` and `shuffle`, the precomputed rejection limits) must draw exactly what
the plain algorithm below draws. A few outputs are also pinned as numbers, taken from the
implementation before the fast paths.
"""

from __future__ import annotations

from leafpile.engine import Rng

MASK = (1 << 64) - 1


class PlainSplitMix:
    """SplitMix64 and its rejection sampling written plainly, as the reference."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        limit = MASK - (MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n


SIZES = [1, 2, 3, 5, 7, 8, 100, 1000, 1023, 1024, 1025, 4097, 10**6, 2**40 + 3, 2**63 + 5]


def test_the_sequence_is_the_plain_algorithms() -> None:
    for seed in (0, 1, 12345, MASK, -7, 2**70 + 11):
        fast, plain = Rng(seed), PlainSplitMix(seed)
        for i in range(3000):
            n = SIZES[i % len(SIZES)]
            assert fast.randrange(n) == plain.randrange(n)
            assert fast.state == plain.state
        assert fast.next64() == plain.next64()
        items = list(range(53))
        fast.shuffle(items)
        expected = list(range(53))
        for i in range(len(expected) - 1, 0, -1):
            j = plain.randrange(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == plain.state
        assert fast.random() == (plain.next64() >> 11) / float(1 << 53)
        assert fast.choice("abcdefg") == "abcdefg"[plain.randrange(7)]
        assert fast.fork().state == plain.next64()


def test_rejection_draws_again() -> None:
    """Just above 2**63 about half of the draws are rejected: each costs one more step."""
    fast, plain = Rng(99), PlainSplitMix(99)
    n = 2**63 + 1
    for _ in range(200):
        assert fast.randrange(n) == plain.randrange(n)
    assert fast.state == plain.state


def test_pinned_outputs() -> None:
    r = Rng(12345)
    assert [r.next64() for _ in range(3)] == [
        2454886589211414944,
        3778200017661327597,
        2205171434679333405,
    ]
    sizes = (1, 2, 3, 7, 100, 1000, 2**63 + 5, 2**64 - 1)
    assert [r.randrange(n) for n in sizes] == [
        0,
        1,
        1,
        2,
        68,
        623,
        3405751836678233477,
        7014104804809742358,
    ]
    items = list(range(10))
    r.shuffle(items)
    assert items == [3, 6, 1, 5, 7, 4, 9, 0, 8, 2]
    assert r.random() == 0.29360713732718324
    assert r.state == 11008053066886208007


def test_bad_ranges_are_refused() -> None:
    for n in (0, -1, -1000):
        try:
            Rng(1).randrange(n)
        except ValueError:
            continue
        raise AssertionError(f"randrange({n}) was accepted")


def test_long_shuffles_draw_the_same() -> None:
    fast, plain = Rng(2024), PlainSplitMix(2024)
    items = list(range(5000))
    fast.shuffle(items)
    expected = list(range(5000))
    for i in range(len(expected) - 1, 0, -1):
        j = plain.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == plain.state

"""Bit tricks on Python integers used as bitboards, shared by the games' rules."""

from __future__ import annotations

#: LOW[h]: the h lowest bits set, for the halving below (tables reach 2,048 bits at most).
LOW = tuple((1 << h) - 1 for h in range(2048))


def nth_bit(mask: int, n: int) -> int:
    """The index of the n-th lowest set bit of `mask` (n from 0, below `mask.bit_count()`).

    Halves are counted with `bit_count` until few bits are left, then those are cleared one by
    one: a random playout picks its k-th legal placement so, without listing them all.
    """
    base = 0
    while n > 8:
        half = mask.bit_length() >> 1
        low = mask & (LOW[half] if half < 2048 else (1 << half) - 1)
        below = low.bit_count()
        if n < below:
            mask = low
        else:
            n -= below
            mask >>= half
            base += half
    while n:
        mask &= mask - 1
        n -= 1
    return base + (mask & -mask).bit_length() - 1

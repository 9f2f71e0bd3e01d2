"""Readers for saved states: each field is checked, and a broken save gets a clear error.

A save may come from a file or an HTTP body, so nothing in it is trusted: every game reads its
fields through these few readers instead of writing its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leafpile.engine.errors import InvalidStateError


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Read one field of a saved state, with a clear error when it is missing or mistyped."""
    if key not in data:
        raise InvalidStateError(f"saved state is missing {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise InvalidStateError(f"saved state field {key!r} has the wrong type")
    return value


def whole_number(text: str, digits: int = 9) -> int | None:
    """A whole number written in outside text (a prompt, a query parameter, a header), or None:
    ASCII digits only (`str.isdigit()` also accepts "²" and "⑤", which `int()` refuses) and at
    most `digits` of them (`int()` refuses more than 4,300)."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def nested_within(value: Any, depth: int) -> bool:
    """Whether `value` nests lists and objects at most `depth` deep, found without recursion
    (a deeply nested save would exhaust the recursion of any later walker)."""
    level: list[Any] = [value]
    for _ in range(depth + 1):
        nested: list[Any] = []
        for v in level:
            if isinstance(v, dict):
                nested.extend(v.values())
            elif isinstance(v, list):
                nested.extend(v)
        if not nested:
            return True
        level = nested
    return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_list(
    data: Mapping[str, Any], key: str, length: int | None = None, minimum: int | None = None
) -> list[int]:
    """A list of ints from a saved state; `length` and `minimum` when the rules fix them."""
    value = require(data, key, list)
    if not all(_is_int(v) for v in value):
        raise InvalidStateError(f"saved state field {key!r} must be a list of integers")
    if length is not None and len(value) != length:
        raise InvalidStateError(f"saved state field {key!r} must have {length} entries")
    if minimum is not None and any(v < minimum for v in value):
        raise InvalidStateError(f"saved state field {key!r} has a value below {minimum}")
    return list(value)


def int_rows(
    data: Mapping[str, Any], key: str, count: int | None = None, width: int | None = None
) -> list[list[int]]:
    """A list of lists of ints (one row per player, per pile, ...): `count` rows when the
    number is fixed, each of `width` entries when that is fixed."""
    rows = require(data, key, list)
    if not all(isinstance(r, list) and all(_is_int(v) for v in r) for r in rows):
        raise InvalidStateError(f"saved state field {key!r} must be lists of integers")
    if count is not None and len(rows) != count:
        raise InvalidStateError(f"saved state field {key!r} must have {count} rows")
    if width is not None and any(len(r) != width for r in rows):
        raise InvalidStateError(f"saved state field {key!r} must have rows of {width} integers")
    return [list(r) for r in rows]


def chance_rows(data: Mapping[str, Any], key: str, count: int) -> list[list[float]]:
    """`count` lists of chances (numbers in (0, 1]), e.g. one per player of what a seat
    remembers; NaN and infinities are refused with the rest."""
    rows = require(data, key, list)
    if len(rows) != count or not all(
        isinstance(r, list)
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1 for v in r)
        for r in rows
    ):
        raise InvalidStateError(
            f"saved state field {key!r} must be {count} lists of chances in (0, 1]"
        )
    return [[float(v) for v in r] for r in rows]

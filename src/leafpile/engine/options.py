"""Game options: typed, validated, with defaults and the player counts they apply to.

Options come from the command line, HTTP bodies and saves, so each value is coerced to the
option's type and checked against its choices before a game sees it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from leafpile.engine.errors import InvalidOptionsError
from leafpile.i18n import Msg

OptionValue = int | str | bool | tuple[int, ...]


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default, allowed values and the player counts it applies to.

    `help` is for the command line and developers (it may cite the rules file). A table
    setting a person chooses in the lobby also has `label` and `about`, in players' words, and
    `choice_labels`, one per choice; an option without a `label` (a fixed deck for puzzles and
    tests, a setting kept only so old records load) is not offered there."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    players: tuple[int, ...] | None = None  # None: every player count
    label: str | None = None  # the setting's name in the lobby (None: not offered there)
    about: str | None = None  # one line in players' words under it
    choice_labels: tuple[str, ...] | None = None  # each choice's words, in `choices`' order
    retired: bool = False  # no effect any more, kept only so that old records load

    def __post_init__(self) -> None:
        if self.choice_labels is not None and (
            self.choices is None or len(self.choice_labels) != len(self.choices)
        ):
            raise ValueError(f"option {self.name}: one label per choice")

    def coerce(self, value: Any) -> OptionValue:
        """Turn a JSON or command-line value into the option's type, or explain why not."""
        default = self.default
        try:
            if isinstance(default, bool):
                if isinstance(value, bool):
                    out: OptionValue = value
                elif isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                    out = True
                elif isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                    out = False
                else:
                    raise ValueError
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int | str):
                    raise ValueError
                out = int(value)
            elif isinstance(default, tuple):
                if isinstance(value, str):
                    parts = [p for p in value.replace(" ", "").split(",") if p]
                    out = tuple(int(p) for p in parts)
                elif isinstance(value, list | tuple) and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value
                ):
                    out = tuple(value)
                else:
                    raise ValueError
            else:
                if not isinstance(value, str | int) or isinstance(value, bool):
                    raise ValueError
                out = str(value)
        except ValueError:
            raise InvalidOptionsError(
                Msg(
                    "option {name} expects {kind}, got {value}",
                    name=repr(self.name),
                    kind=_KIND_WORDS[type(default)],
                    value=repr(value),
                )
            ) from None
        if self.choices is not None and out not in self.choices:
            raise InvalidOptionsError(
                Msg(
                    "option {name} must be one of {allowed}; got {value}",
                    name=repr(self.name),
                    allowed=", ".join(str(c) for c in self.choices),
                    value=repr(out),
                )
            )
        return out


#: What an option's value must be, by the type of its default, as an error says it.
_KIND_WORDS: dict[type, Msg] = {
    bool: Msg("yes or no (true/false)"),
    int: Msg("a whole number"),
    tuple: Msg("a list of whole numbers (1,2,3)"),
    str: Msg("a word"),
}


#: Who starts: at random, or a seat (the choices "random", "0", "1", ...), in players' words.
def first_player_labels(seats: int) -> tuple[str, ...]:
    return (Msg("at random"), *(Msg("Seat {n}", n=n + 1) for n in range(seats)))


def opt_int(options: Mapping[str, OptionValue], name: str, default: int = 0) -> int:
    """A resolved integer option (typed access for mypy)."""
    value = options.get(name, default)
    assert isinstance(value, int)
    return value


def opt_str(options: Mapping[str, OptionValue], name: str, default: str = "") -> str:
    value = options.get(name, default)
    assert isinstance(value, str)
    return value


def opt_ints(options: Mapping[str, OptionValue], name: str) -> tuple[int, ...]:
    value = options.get(name, ())
    assert isinstance(value, tuple)
    return value

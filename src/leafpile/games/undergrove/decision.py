"""What a pending decision is, and how one is saved and loaded.

A turn is a stack of pending decisions (`state.pending`, top = last); each legal action answers
the top one. Each kind of decision is one small frozen dataclass (in the module of the rule it
belongs to) that knows its choices (`options`), what an answer does (`apply`), how it reads
in words (`prompt`) and what makes it impossible in a save (`problem`). The player to move
always decides: Undergrove never asks anyone else mid-turn.

A decision's saved form is `[kind, *fields]`, its fields as ints (a bool as 0/1), exactly the
tuples the pending stack held before these were classes. This module does not import the
state, so that the state can load its saves through it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from leafpile.engine import Action, InvalidStateError, Rng
from leafpile.games.undergrove.actions import CLOSERS
from leafpile.games.undergrove.kinds import Kind

_BY_KIND: dict[str, type[Decision]] = {}
_FIELDS: dict[type[Decision], tuple[tuple[str, bool], ...]] = {}


@dataclass(frozen=True, slots=True)
class Decision:
    """One pending decision. Subclasses set `kind` and, unless automatic, `prompt`."""

    kind: ClassVar[Kind]
    #: What the player is asked, for the terminal.
    prompt: ClassVar[str] = ""
    #: Resolved by the rules without a choice (`resolve`) as soon as it is on top.
    auto: ClassVar[bool] = False
    #: May have nothing real to choose (`has_choice`), and is then dropped. The others always
    #: have a choice: it was checked when they were pushed.
    droppable: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        # A slotted dataclass is built twice (the decorator makes a new class): the last wins.
        kind = cls.__dict__.get("kind")
        if kind is not None:
            _BY_KIND[kind] = cls

    # The state is typed `Any` here: this module cannot import it (the state loads saves
    # through `load` below). Each subclass names the real type.
    def options(self, s: Any, p: int) -> list[Action]:
        """The legal answers of player `p`."""
        raise NotImplementedError(self.kind)

    def pick(self, s: Any, p: int, rng: Rng) -> Action:
        """`options(s, p)[rng.randrange(len(...))]`: a random answer drawn as from the list
        (the rules' `random_action`). Subclasses count and pick without the list where they
        can, with the same single draw."""
        opts = self.options(s, p)
        return opts[rng.randrange(len(opts))]

    def apply(self, s: Any, p: int, action: Action) -> None:
        """Answer it with a legal `action`: pop itself (unless it asks again) and push what
        follows."""
        raise NotImplementedError(self.kind)

    def has_choice(self, s: Any, p: int) -> bool:
        """Whether a droppable decision still asks something: an option besides a word that
        only closes it. Subclasses answer without listing the options where that is cheaper."""
        opts = self.options(s, p)
        return bool(opts) and not (len(opts) == 1 and opts[0] in CLOSERS)

    def resolve(self, s: Any, p: int) -> None:
        """Carry out an automatic decision (already popped)."""
        raise NotImplementedError(self.kind)

    def problem(self, s: Any) -> str | None:
        """Why a saved decision could never have been pushed in `s` (None if it could)."""
        return None

    def to_list(self) -> list[Any]:
        """The saved form: `[kind, *fields]`."""
        return [self.kind.value, *(int(getattr(self, name)) for name, _ in _fields(type(self)))]


def _fields(cls: type[Decision]) -> tuple[tuple[str, bool], ...]:
    """(name, is a bool) of each field of a decision class, in saved order."""
    spec = _FIELDS.get(cls)
    if spec is None:
        spec = _FIELDS[cls] = tuple((f.name, f.type in ("bool", bool)) for f in fields(cls))
    return spec


def push(pending: list[Decision], *entries: Decision) -> None:
    """Push decisions so that the first one given is decided first."""
    pending.extend(reversed(entries))


def new_decision(kind: Kind) -> Decision:
    """A new decision of a kind without fields, looked up by kind. Only for the turn's action
    choice pushed by a mushroom (another action): the action choice knows every mushroom, so
    the mushrooms cannot import it."""
    return _BY_KIND[kind]()


def load(entry: Any) -> Decision:
    """A pending decision from its saved list; InvalidStateError when it is not one. (Ranges
    that depend on the rest of the state are `problem`'s, once the state is loaded.)"""
    if (
        not isinstance(entry, list)
        or not entry
        or not isinstance(entry[0], str)
        or entry[0] not in _BY_KIND
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[1:])
    ):
        raise InvalidStateError(f"saved state has a bad pending decision {entry!r}")
    cls = _BY_KIND[entry[0]]
    spec = _fields(cls)
    if len(entry) != 1 + len(spec):
        raise InvalidStateError(
            f"saved state has a bad pending decision {entry!r}: unknown kind or wrong length"
        )
    values: list[int | bool] = []
    for (_, is_bool), v in zip(spec, entry[1:], strict=True):
        if is_bool and v not in (0, 1):
            raise InvalidStateError(
                f"saved state has a bad pending decision {entry!r}: arguments out of range"
            )
        values.append(bool(v) if is_bool else v)
    return cls(*values)

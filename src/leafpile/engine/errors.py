"""The errors every game raises, so callers handle bad input the same way everywhere."""

from __future__ import annotations


class LeafpileError(ValueError):
    """Base class: bad input that was refused and changed nothing."""


class IllegalActionError(LeafpileError):
    """A well-formed action that is not among the state's legal actions."""


class InvalidNotationError(LeafpileError):
    """Text that does not parse as an action of this game."""


class InvalidOptionsError(LeafpileError):
    """Unknown option, wrong type or value, or a player count the game does not support."""


class InvalidStateError(LeafpileError):
    """A saved state or record that is malformed or inconsistent."""


class UnknownGameError(LeafpileError):
    """A game name that is not in the registry."""

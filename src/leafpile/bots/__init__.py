"""Bots: agents that see only their own player view and use only the Game protocol.

A bot is asked for an action given its view (never the true state) and an RNG, so it cannot
cheat; a bot that needs a full state samples one with `game.determinize(view, player, rng)`.

Bots are named wherever seats are given (`--seats hard,random`). A name may carry settings
after colons, e.g. `mcts:time=0.5`, `hard:iterations=200`, `greedy:samples=4`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from leafpile.bots.base import Bot, BotSeat, RandomBot
from leafpile.bots.greedy import GreedyBot
from leafpile.bots.levels import LEVELS
from leafpile.bots.mcts import MCTSBot
from leafpile.engine import Game, LeafpileError
from leafpile.i18n import Msg

#: name -> (bot class, default settings). The levels are configured bots.
SPECS: dict[str, tuple[type[Bot], dict[str, Any]]] = {
    "random": (RandomBot, {}),
    "greedy": (GreedyBot, {}),
    "mcts": (MCTSBot, {}),
    **LEVELS,
}


def _build(name: str, cls: type[Bot], settings: dict[str, Any]) -> Bot:
    bot = cls(**settings)
    bot.name = name
    return bot


#: Bot names accepted wherever seats are given (`--seats me,random`).
BOTS: dict[str, Callable[[], Bot]] = {
    name: functools.partial(_build, name, cls, settings) for name, (cls, settings) in SPECS.items()
}


#: The values a setting written in a bot's name may take (inclusive): anything else is refused,
#: so `time=nan` or `iterations=0` cannot make a bot that never moves or silently does less.
#: `rollout_depth=-1` plays rollouts to the end of the game.
SETTING_RANGES: dict[str, tuple[float, float]] = {
    "iterations": (1, 10**7),
    "time": (0, 3600),
    "c": (0, 100),
    "rollout_samples": (1, 1000),
    "rollout_depth": (-1, 10**4),
    "prior_samples": (0, 1000),
    "prior_weight": (0, 1000),
    "widen": (0, 1000),
    "prior_depth": (0, 100),
    "samples": (1, 1000),
    "epsilon": (0, 1),
    "turn_depth": (0, 100),
    "turn_width": (1, 10**4),
}


def _coerce(key: str, text: str, default: Any) -> Any:
    """A setting given as text, read as the type of the class default and checked against
    `SETTING_RANGES`."""
    value = _read(key, text, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or key not in SETTING_RANGES:
        return value
    low, high = SETTING_RANGES[key]
    if not low <= value <= high:  # also refuses nan, which compares false with everything
        raise LeafpileError(
            Msg(
                "bot setting {key}={value} must be between {low} and {high}",
                key=key,
                value=repr(text),
                low=f"{low:g}",
                high=f"{high:g}",
            )
        )
    return value


def _read(key: str, text: str, default: Any) -> Any:
    try:
        if isinstance(default, bool):
            return text.lower() in ("1", "true", "yes", "on")
        if isinstance(default, int):
            if len(text) > 20:  # no setting is that large, and int() of 5,000 digits raises
                raise ValueError(text)
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        raise LeafpileError(
            Msg(
                "bot setting {key}={value} must be a {kind}",
                key=key,
                value=repr(text),
                kind=type(default).__name__,
            )
        ) from None
    return text


def make_bot(name: str, game: Game | None = None) -> Bot:
    """The bot called `name`, optionally with settings: `mcts:time=0.5:rollout=greedy`.

    With a `game`, a level takes that game's tuning (`Game.bot_levels`) over the defaults of
    `LEVELS`; settings written in the name override both.
    """
    base, *parts = name.strip().split(":")
    try:
        cls, defaults = SPECS[base]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise LeafpileError(
            Msg("unknown bot {name}; known bots: {known}", name=repr(base), known=known)
        ) from None
    tuning = game.bot_levels.get(base, {}) if game is not None else {}
    if not parts and not tuning:
        return BOTS[base]()
    params = inspect.signature(cls.__init__).parameters
    settings = {**defaults, **tuning}
    if any(p.startswith("iterations=") for p in parts) and "time" in settings:
        settings["time"] = 0.0  # an iteration budget replaces the level's thinking time
    for part in parts:
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep or key not in params or key == "self":
            allowed = ", ".join(p for p in params if p != "self") or "none"
            raise LeafpileError(
                Msg(
                    "bad bot setting {setting} for {bot}: use key=value with key one of {allowed}",
                    setting=repr(part),
                    bot=repr(base),
                    allowed=allowed,
                )
            )
        settings[key] = _coerce(key, text.strip(), params[key].default)
    try:
        return _build(base, cls, settings)
    except ValueError as e:
        raise LeafpileError(
            Msg("bad settings for bot {bot}: {error}", bot=repr(base), error=str(e))
        ) from None


__all__ = ["BOTS", "SPECS", "Bot", "BotSeat", "GreedyBot", "MCTSBot", "RandomBot", "make_bot"]

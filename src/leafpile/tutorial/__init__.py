"""Learn by playing: a game's guided first game, as data (`games/<game>/tutorial.json`).

A tutorial is an ordinary game with a fixed set-up (its seed and the options that fix the
order of cards and tiles) and a script: one step per action, in order. A bot step names the
move the bot plays; a learner step says what to look at (`say`), which legal action(s) are
expected (`expect`, in notation), the kind word when another move is tried (`wrong`) and what
just happened once it is played (`explain`). Words are message ids (English) whose French and
Russian live in the game's catalog (`i18n.extract` reads them from the file), so neither a
rules change nor a new language touches code. `load` checks the script against the real engine:
every expected action must be legal at its step and each step's player must be the one to move.
The server (a tutorial table) and the terminal (`leafpile learn`) both read the same steps.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from leafpile.engine import LeafpileError, State
from leafpile.engine.game import Game
from leafpile.games import GAMES
from leafpile.i18n import Msg, localize

__all__ = ["Step", "Tutorial", "TutorialError", "available", "load"]

#: The message every learner step falls back to when it gives no `wrong` of its own.
DEFAULT_WRONG = Msg("Not this move now: the tutorial needs the highlighted one. Try it!")
#: What the learner reads once the script is played to its end.
OFFER = Msg("Ready? Play a real game against the easy bot.")


class TutorialError(ValueError):
    """A tutorial file that does not play on the real engine (a bug in the data)."""


@dataclass(frozen=True)
class Step:
    """One action of the script: the bot's move, or what the learner is asked to do."""

    seat: int
    bot: bool
    expect: tuple[str, ...]  # the bot's move, or the learner's accepted moves (notation)
    say: Msg | None = None
    wrong: Msg | None = None
    explain: Msg | None = None


@dataclass(frozen=True)
class Tutorial:
    """A game's scripted first game: its set-up and steps (see the module's docstring)."""

    game: Game
    players: int
    learner: int
    seed: int
    options: Mapping[str, Any]
    bot: str  # the bot level of the real game offered at the end
    steps: tuple[Step, ...]
    end: Msg

    def new_state(self) -> State:
        return self.game.new_state(self.players, self.seed, dict(self.options))

    def step(self, n: int) -> Step | None:
        """The step of the `n`th action (0 first); None past the script's end."""
        return self.steps[n] if 0 <= n < len(self.steps) else None

    def move(self, n: int) -> str | None:
        """What a bot (or a bot standing in for the learner) plays as the `n`th action."""
        step = self.step(n)
        return step.expect[0] if step is not None else None

    def refusal(self, n: int, notation: str) -> Msg | None:
        """Why `notation` (canonical) is not the `n`th action, or None when it is."""
        step = self.step(n)
        if step is None or notation in step.expect:
            return None
        if step.bot:
            return Msg("It is the bot's turn in the tutorial: watch its move.")
        return step.wrong or DEFAULT_WRONG

    def part(self, n: int, lang: str) -> dict[str, Any]:
        """What a page shows at the `n`th action, in `lang`: the step (its text, the expected
        moves to highlight), what the move before it did, and the end with its offer."""
        step = self.step(n)
        # past the script's end (the game plays on freely), its last words stay
        before, after = self.step(min(n, len(self.steps)) - 1), self.step(n + 1)
        said = before.explain if before is not None else None
        # the learner's next decision too, for a page whose one gesture makes both (a tile
        # taken and placed): it may draw and mark both
        then = list(after.expect) if step and after and not step.bot and not after.bot else []
        # the learner's decisions that follow at once, for a page that holds several choices
        # before sending them (Momiji's cards for one Play): it guides through them all
        ahead = []
        for later in self.steps[n + 1 :] if step is not None and not step.bot else ():
            if later.bot:
                break
            say = localize(later.say, lang) if later.say else None
            ahead.append({"expect": list(later.expect), "say": say})
        return {
            "step": min(n, len(self.steps)),
            "steps": len(self.steps),
            "learner": self.learner,
            "bot_turn": step.bot if step is not None else False,
            "say": localize(step.say, lang) if step is not None and step.say else None,
            "expect": list(step.expect) if step is not None and not step.bot else [],
            "then": then,
            "ahead": ahead,
            "explain": localize(said, lang) if said else None,
            "done": step is None,
            "end": localize(self.end, lang) if step is None else None,
            "offer": localize(OFFER, lang) if step is None else None,
            "bot": self.bot,
        }


def _text(raw: Mapping[str, Any], key: str, where: str) -> Msg | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value or "{" in value:
        raise TutorialError(f"{where}: {key} must be a non-empty text without braces")
    return Msg(value)


def parse(game: Game, data: Mapping[str, Any]) -> Tutorial:
    """A tutorial from its JSON form, replayed on the engine to check every step."""
    name = game.info.name
    players, learner, seed = data.get("players"), data.get("learner"), data.get("seed")
    if not isinstance(players, int) or not isinstance(learner, int) or not isinstance(seed, int):
        raise TutorialError(f"{name} tutorial: players, learner and seed must be integers")
    if not 0 <= learner < players:
        raise TutorialError(f"{name} tutorial: learner must be a seat")
    options = data.get("options", {})
    bot = data.get("bot", "easy")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps or not isinstance(bot, str):
        raise TutorialError(f"{name} tutorial: it needs a list of steps and a bot level")
    try:
        state = game.new_state(players, seed, options)
    except LeafpileError as e:
        raise TutorialError(f"{name} tutorial: its set-up fails: {e}") from None
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"{name} tutorial step {i}"
        if not isinstance(raw, dict):
            raise TutorialError(f"{where}: a step is an object")
        if state.is_terminal():
            raise TutorialError(f"{where}: the game is already over")
        seat = state.current_player
        is_bot = "move" in raw
        expect = (raw["move"],) if is_bot else tuple(raw.get("expect", ()))
        if not expect or not all(isinstance(e, str) for e in expect):
            raise TutorialError(f"{where}: give the bot's move or the expected moves")
        if is_bot == (seat == learner):
            who = "the learner" if seat == learner else f"seat {seat}"
            raise TutorialError(f"{where}: {who} is to move here")
        legal = {str(a) for a in state.legal_actions()}
        for text in expect:
            if text not in legal:
                raise TutorialError(f"{where}: {text!r} is not legal here")
        step = Step(
            seat,
            is_bot,
            expect,
            _text(raw, "say", where),
            _text(raw, "wrong", where),
            _text(raw, "explain", where),
        )
        if not is_bot and step.say is None:
            raise TutorialError(f"{where}: a learner step says what to do")
        steps.append(step)
        state.play(expect[0])
    end = _text(data, "end", f"{name} tutorial")
    if end is None:
        raise TutorialError(f"{name} tutorial: it needs its end text")
    scores = data.get("scores")
    if scores is not None and [float(s) for s in scores] != list(state.scores()):
        raise TutorialError(f"{name} tutorial: it ends with {state.scores()}, not {scores}")
    return Tutorial(game, players, learner, seed, dict(options), bot, tuple(steps), end)


def _file(name: str) -> Traversable:
    """Where game `name`'s tutorial would be: beside its package (`under-the-leaves` lives in
    `under_the_leaves`)."""
    package = sys.modules[type(GAMES[name]).__module__].__package__ or "leafpile.games"
    return resources.files(package) / "tutorial.json"


@functools.cache
def available() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    return [name for name in GAMES if _file(name).is_file()]


@functools.cache
def load(name: str) -> Tutorial:
    """The checked tutorial of game `name` (KeyError: the game has none)."""
    if name not in available():
        raise KeyError(name)
    return parse(GAMES[name], json.loads(_file(name).read_text(encoding="utf-8")))

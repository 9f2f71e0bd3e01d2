"""The rules for players: one Markdown file per game and language, with pictures.

`games/<game>/rules/<lang>.md` is written for people (goal, set-up, a turn, scoring, end, an
example), not the developers' specification. Where a picture helps, the file holds a fenced
block ```position with a JSON object: a game set up from `players`, `seed` and `options`,
the `actions` played from the start (notation), the `viewer` whose view is drawn, a
`caption` and the `names` the text gives the players (the picture labels its seats with them,
so text and picture speak of the same people). The terminal draws it with the game's
`render`, the browser with its renderer, so the pictures are the game's own and cannot drift
from the rules engine.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from leafpile.engine import Game, LeafpileError, State
from leafpile.i18n import DEFAULT, check

BLOCK = re.compile(r"^```position[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


@dataclass(frozen=True)
class Position:
    """A picture in a rulebook: a position reached from a seed by listed actions."""

    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    viewer: int | None = None
    caption: str = ""
    names: tuple[str, ...] = ()

    def state(self, game: Game) -> State:
        """The position (LeafpileError when an action is not legal there)."""
        state = game.new_state(self.players, self.seed, self.options)
        for i, text in enumerate(self.actions):
            try:
                state.play(text)
            except LeafpileError as e:
                raise LeafpileError(f"rulebook position, action {i + 1} ({text!r}): {e}") from None
        return state

    def view(self, game: Game) -> State:
        return game.player_view(self.state(game), self.viewer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
            "viewer": self.viewer,
            "caption": self.caption,
            "names": list(self.names),
        }


def path(game: Game, lang: str) -> Path:
    return game.package_dir() / "rules" / f"{check(lang)}.md"


def read(game: Game, lang: str) -> str:
    """The rulebook of `game` in `lang` (English when that language has none)."""
    wanted = path(game, lang)
    if not wanted.is_file():
        wanted = path(game, DEFAULT)
    return wanted.read_text(encoding="utf-8")


def parse_position(body: str) -> Position:
    data = json.loads(body)
    if not isinstance(data, dict):
        raise ValueError("a position block must hold a JSON object")
    viewer = data.get("viewer")
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise ValueError("a position's names must be a list of names")
    return Position(
        players=int(data["players"]),
        seed=int(data["seed"]),
        options=dict(data.get("options", {})),
        actions=tuple(str(a) for a in data.get("actions", [])),
        viewer=None if viewer is None else int(viewer),
        caption=str(data.get("caption", "")),
        names=tuple(names),
    )


def parts(text: str) -> list[str | Position]:
    """The rulebook as Markdown chunks and the positions between them, in order."""
    out: list[str | Position] = []
    at = 0
    for match in BLOCK.finditer(text):
        if match.start() > at:
            out.append(text[at : match.start()])
        out.append(parse_position(match.group(1)))
        at = match.end()
    if at < len(text):
        out.append(text[at:])
    return out

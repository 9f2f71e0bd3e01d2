"""The game registry: one line per game. Adding a game = one folder here + one line below."""

from __future__ import annotations

from leafpile.engine import Game, UnknownGameError
from leafpile.games import autumn, momiji, under_the_leaves, undergrove
from leafpile.i18n import Msg

GAMES: dict[str, Game] = {
    game.info.name: game
    for game in (
        autumn.GAME,
        momiji.GAME,
        under_the_leaves.GAME,
        undergrove.GAME,
    )
}


def get_game(name: str) -> Game:
    """The registered game called `name` (any case; spaces or underscores for dashes), or a
    clear error listing the known ones."""
    key = "-".join(name.strip().lower().replace("_", " ").split()) if isinstance(name, str) else ""
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(
            Msg("unknown game {name}; known games: {known}", name=repr(name), known=known)
        ) from None

"""How to play, in the browser: a game's rulebook in the reader's language, as HTML with
its pictures as positions the game's own renderer draws (the same shape as a table's
snapshot, with nothing to click)."""

from __future__ import annotations

import functools
from typing import Any

from markdown_it import MarkdownIt

from leafpile import i18n
from leafpile.engine import Game
from leafpile.i18n import rulebook
from leafpile.server.tables.position import public_dict

# Our own files, but rendered without raw HTML all the same: a rulebook is text and tables.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def picture(game: Game, position: rulebook.Position, lang: str) -> dict[str, Any]:
    """A position as a read-only snapshot for the game's renderer."""
    view = position.view(game)
    to_move = view.current_player
    return {
        "type": "state",
        "game": game.info.name,
        "title": game.info.title,
        "status": "finished" if view.is_terminal() else "playing",
        "version": len(position.actions),
        "players": position.players,
        "options": position.options,
        "you": position.viewer,
        "seats": [
            {
                "seat": p,
                "kind": "human",
                "bot": None,
                "name": position.names[p] if p < len(position.names) else None,
                "open": False,
                "connected": True,
            }
            for p in range(position.players)
        ],
        "to_move": to_move if to_move >= 0 else None,
        "view": public_dict(view, finished=False),
        "legal": [],
        "log_start": 0,
        "log": [],
        "scores": view.scores(),
        "winners": view.winners() if view.is_terminal() else None,
        "extras": i18n.localize_tree(game.extras(view), lang),
        "caption": position.caption,
    }


@functools.cache
def rulebook_answer(name: str, lang: str) -> dict[str, Any]:
    """The rulebook of game `name` in `lang` (both already checked), cached: the files and
    the engine do not change while the server runs."""
    from leafpile.games import GAMES

    game = GAMES[name]
    parts: list[dict[str, Any]] = []
    for part in rulebook.parts(rulebook.read(game, lang)):
        if isinstance(part, str):
            parts.append({"html": _MARKDOWN.render(part)})
        else:
            parts.append({"position": picture(game, part, lang)})
    return {
        "game": name,
        "title": game.info.title,
        "lang": lang,
        "languages": dict(i18n.LANGUAGES),
        "renderer": game.renderer_dir() is not None,
        "parts": parts,
    }

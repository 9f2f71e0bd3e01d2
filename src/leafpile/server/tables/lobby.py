"""The lobby's pages: the public tables of one game (or all), those whose players or game
match a search, newest first, a page at a time, so junk tables cannot bury a real one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from leafpile.server.tables.live_table import LiveTable

PAGE_MAX = 200  # tables on one page of the lobby


@dataclass(frozen=True)
class LobbyQuery:
    """What a reader of the lobby asks for: a game (None: every game), a search (casefolded;
    empty: none), and the page (`offset` tables skipped, `limit` shown)."""

    game: str | None = None
    search: str = ""
    offset: int = 0
    limit: int = PAGE_MAX


def _matches(table: LiveTable, search: str) -> bool:
    if not search:
        return True
    words = [table.game.info.name, table.game.info.title, table.id]
    words += [s.name for s in table.seats if s.name]
    return any(search in word.casefold() for word in words)


def lobby_page(tables: Iterable[LiveTable], query: LobbyQuery) -> tuple[list[LiveTable], int]:
    """The page of public tables `query` asks for, and how many match in all."""
    found = [
        t
        for t in tables
        if not t.private
        and (query.game is None or t.game.info.name == query.game)
        and _matches(t, query.search)
    ]
    found.sort(key=lambda t: -t.created_at)
    return found[query.offset : query.offset + query.limit], len(found)

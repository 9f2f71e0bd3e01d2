"""The HTTP transport of pages and files: the shell's pages, a game's renderer and data
files, the catalogs, the rulebooks, the games list and the OpenAPI description."""

from __future__ import annotations

import functools
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from leafpile import i18n
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.api import rulebook, snapshots
from leafpile.server.errors import NotFound
from leafpile.server.http.endpoints import WEB_DIR, endpoint


# -- pages and files ----------------------------------------------------------------------------
@endpoint
async def lobby_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "index.html")


@endpoint
async def table_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "table.html")


@endpoint
async def replay_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "replay.html")


#: What a game's folders may serve: the renderer's own files (never Python, bytecode or
#: anything hidden), and the game's data.
RENDERER_FILES = (".js", ".css", ".svg", ".png", ".webp", ".jpg", ".woff2", ".json")


@functools.cache
def game_files(name: str, kind: str) -> dict[str, Path]:
    """The files of game `name` served under `/games/<name>/<kind>/`, by relative path:
    listed once (they do not change while the server runs), so a request is only a lookup
    and no client-made path ever reaches the file system."""
    game = GAMES[name]
    folder = game.renderer_dir() if kind == "web" else game.package_dir() / "data"
    if folder is None or not folder.is_dir():
        return {}
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        hidden = any(part.startswith((".", "_")) for part in rel.parts)
        wanted = RENDERER_FILES if kind == "web" else (".json",)
        if path.is_file() and not hidden and path.suffix in wanted:
            out[rel.as_posix()] = path
    return out


@endpoint
async def game_file(request: Request) -> Response:
    """A game's renderer (`web/`) or data (`data/*.json`), never anything else."""
    name = request.path_params["game"]
    kind = request.path_params["kind"]
    if name not in GAMES or kind not in ("web", "data"):
        raise NotFound(Msg("no such file"))
    path = game_files(name, kind).get(request.path_params["path"])
    if path is None:
        raise NotFound(Msg("no such file"))
    return FileResponse(path)


@endpoint
async def rules_page(request: Request) -> Response:
    if request.path_params["game"] not in GAMES:
        raise NotFound(Msg("no such game"))
    return FileResponse(WEB_DIR / "rules.html")


# -- API ----------------------------------------------------------------------------------------
@endpoint
async def api_i18n(request: Request) -> Response:
    """The browser's catalog for one language (from the same gettext files as the rest)."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES:
        raise NotFound(
            Msg(
                "no language {lang!r}; known: {known}",
                lang=lang[:20],
                known=", ".join(i18n.LANGUAGES),
            )
        )
    return JSONResponse(i18n.browser_catalog(lang), headers={"cache-control": "max-age=300"})


@endpoint
async def api_rules(request: Request) -> Response:
    """How to play a game, in one language: HTML parts and positions to draw."""
    name, lang = request.path_params["game"], request.path_params["lang"]
    if name not in GAMES or lang not in i18n.LANGUAGES:
        raise NotFound(Msg("no such game or language"))
    return JSONResponse(rulebook.rulebook_answer(name, lang))


@endpoint
async def api_openapi(request: Request) -> Response:
    """The OpenAPI description of this API (what the fuzzing tests read)."""
    return JSONResponse(_openapi())


@functools.cache
def _openapi() -> dict[str, object]:
    from leafpile.server.api import openapi

    return openapi.describe()


@endpoint
async def api_games(request: Request) -> Response:
    return JSONResponse(snapshots.games_list())

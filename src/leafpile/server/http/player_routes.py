"""The HTTP transport of players across tables: profiles, the leaderboards and the players'
pages (their JSON and their HTML pages). Handlers only carry messages, as in `table_routes`."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.api import snapshots
from leafpile.server.errors import NotFound, NoToken
from leafpile.server.http.endpoints import (
    WEB_DIR,
    bearer,
    client_of,
    endpoint,
    guarded,
    read_json,
)
from leafpile.server.players import player_store
from leafpile.server.players.profiles import Profile


def profile_answer(profile: Profile, secret: str | None = None) -> dict[str, object]:
    out: dict[str, object] = {"name": profile.name, "has_password": profile.has_password}
    if secret is not None:
        out["secret"] = secret  # shown once: the browser keeps it, the server its sha256
    return out


@endpoint
async def leaderboard_page(request: Request) -> Response:
    if request.path_params["game"] not in GAMES:
        raise NotFound(Msg("no such game"))
    return FileResponse(WEB_DIR / "leaderboard.html")


@endpoint
async def player_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "player.html")


@endpoint
async def api_create_profile(request: Request) -> Response:
    """`{name, password?}` -> `{name, has_password, secret}`."""
    ctx = guarded(request)
    profile, secret = await ctx.profiles.create(await read_json(request), client_of(request))
    return JSONResponse(profile_answer(profile, secret), status_code=201)


@endpoint
async def api_login(request: Request) -> Response:
    """`{name, password}` -> `{name, has_password, secret}` for this browser."""
    ctx = guarded(request)
    body = await read_json(request)
    profile, secret = await ctx.profiles.login(body, client_of(request), bearer(request))
    return JSONResponse(profile_answer(profile, secret))


@endpoint
async def api_me(request: Request) -> Response:
    """The profile whose secret is the bearer token."""
    ctx = guarded(request)
    secret = bearer(request)
    if secret is None:
        raise NoToken(Msg("this needs your profile's secret"))
    return JSONResponse(profile_answer(await ctx.profiles.resolve(secret)))


@endpoint
async def api_my_tables(request: Request) -> Response:
    """The unfinished tables where the bearer's profile holds a seat, private ones included:
    the lobby's "Your games" from any browser signed in with it (nobody else's)."""
    ctx = guarded(request)
    secret = bearer(request)
    if secret is None:
        raise NoToken(Msg("this needs your profile's secret"))
    profile = await ctx.profiles.resolve(secret)
    db = ctx.manager.db
    ids = await db.run(player_store.unfinished_tables_of, db, profile.id)
    found = [await ctx.manager.find(i) for i in ids]  # a game put away while idle too
    tables = [
        {
            **snapshots.summary(t),
            "you": next(s.seat for s in t.seats if s.player == profile.id),
            "private": t.private,
        }
        for t in found
        if any(s.player == profile.id for s in t.seats)  # still theirs as loaded
    ]
    return JSONResponse({"tables": tables})


@endpoint
async def api_password(request: Request) -> Response:
    """`{password}` with the profile's secret as the bearer token: set or change it."""
    ctx = guarded(request)
    body = await read_json(request)
    secret = bearer(request)
    if secret is None:
        raise NoToken(Msg("this needs your profile's secret"))
    return JSONResponse(profile_answer(await ctx.profiles.set_password(secret, body)))


@endpoint
async def api_leaderboard(request: Request) -> Response:
    ctx = guarded(request)
    return JSONResponse(await ctx.ratings.leaderboard(request.path_params["game"]))


@endpoint
async def api_player(request: Request) -> Response:
    ctx = guarded(request)
    return JSONResponse(await ctx.ratings.player(request.path_params["name"]))

"""The HTTP transport of tables: the lobby's list, opening, joining, acting, taking back,
leaving, coming back, removing, replays and records.

Handlers only carry messages: they read the request, call the request checks (`api`) and the
tables, and answer with snapshots (`api.snapshots`); `endpoint` answers refusals.
"""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from leafpile.i18n import Msg
from leafpile.server.analysis import replays
from leafpile.server.api import checks, snapshots
from leafpile.server.errors import BadToken, NoToken
from leafpile.server.http.endpoints import (
    bearer,
    client_of,
    endpoint,
    guarded,
    read_json,
    reader_lang,
)
from leafpile.server.players import names, ratings
from leafpile.server.players.profiles import Profile
from leafpile.server.tables.live_table import LiveTable
from leafpile.server.tables.seating import Seating


def named(body: object, profile: Profile | None) -> object:
    """A create or join body whose display name is the profile's, when one is carried."""
    if profile is not None and isinstance(body, dict):
        return {**body, "name": profile.name}
    return body


@endpoint
async def api_tables(request: Request) -> Response:
    """`?game=&q=&offset=&limit=`: a page of the public tables, newest first."""
    ctx = guarded(request)
    query = checks.read_lobby_query(request.query_params)
    page, total = await ctx.manager.lobby(query)
    tables = [snapshots.summary(t) for t in page]
    return JSONResponse(
        {"tables": tables, "total": total, "offset": query.offset, "limit": query.limit}
    )


@endpoint
async def api_create(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    profile = await ctx.profiles.of_body(body)  # the creator's profile, if they sent one
    new = checks.read_new_table(named(body, profile), ctx.allow_client_seed)
    if profile is None and new.name is not None:  # a guest's name, checked as every name
        new.name = names.check_name(new.name)
    ratings.prepare(new, body.get("rated") if isinstance(body, dict) else None, profile)
    ctx.guard_create(client_of(request), new)
    table, token = await ctx.manager.create(new, client_of(request))
    if new.sit is not None:
        table.seat_clients[new.sit] = client_of(request)
    answer = {
        "table": table.id,
        "seat": new.sit,
        "token": token,
        "invite": f"/table/{table.id}",
        "host": new.host,  # the creator's secret: whoever holds it may remove a player
        "state": snapshots.snapshot(table, new.sit),
    }
    return JSONResponse(answer, status_code=201)


async def _seen_by_bearer(request: Request) -> tuple[LiveTable, int | None]:
    """The table of the path, and the seat of the bearer's token (None: a spectator)."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    token = bearer(request)
    seat = await ctx.manager.seat_for(table, token)
    if token and seat is None:
        raise BadToken(Msg("that token holds no seat at this table"))
    return table, seat


@endpoint
async def api_table(request: Request) -> Response:
    table, seat = await _seen_by_bearer(request)
    return JSONResponse(snapshots.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_table_summary(request: Request) -> Response:
    """What the lobby would list of one table, and the bearer's seat: the lobby's "Your
    games" asks it for each table this browser holds a seat at (private ones included)."""
    table, seat = await _seen_by_bearer(request)
    return JSONResponse({**snapshots.summary(table), "you": seat, "private": table.private})


@endpoint
async def api_join(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    profile = await ctx.profiles.of_body(body)
    name, wanted = checks.read_join(named(body, profile))
    if profile is None:
        name = names.check_name(name)
    ctx.guard_rated_seat(client_of(request), table)
    seat, token = await ctx.manager.seating.join(
        table, name, wanted, profile.id if profile else None
    )
    table.seat_clients[seat] = client_of(request)
    return JSONResponse({"table": table.id, "seat": seat, "token": token})


@endpoint
async def api_act(request: Request) -> Response:
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    version, text = checks.read_action(body, table)
    joins = checks.read_joins(body)
    seat = await ctx.manager.act(table, bearer(request), version, text, joins)
    return JSONResponse(snapshots.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_take_back(request: Request) -> Response:
    """Take back the bearer's last decision of this turn (`tables.takebacks`)."""
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    version = checks.read_take_back(body, table)
    seat = await ctx.manager.take_back(table, bearer(request), version)
    return JSONResponse(snapshots.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_replay(request: Request) -> Response:
    """Every step of the table so far as the public sees it."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat = replays.read_audience(request.query_params.get("seat"), table)
    lang = reader_lang(request)
    body = await ctx.replays.answer(table, ctx.manager.bots, lang, seat, client_of(request))
    if "gzip" in request.headers.get("accept-encoding", ""):  # every browser: sent as it is
        zipped = {"content-encoding": "gzip", "vary": "Accept-Encoding"}
        return Response(body, media_type="application/json", headers=zipped)
    plain = await asyncio.to_thread(gzip.decompress, body)  # off the event loop
    return Response(plain, media_type="application/json", headers={"vary": "Accept-Encoding"})


@endpoint
async def api_record(request: Request) -> Response:
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    record = table.finished_record()
    filename = f"{table.game.info.name}-{table.id}.json"
    return Response(
        record.to_json() + "\n",
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )


SeatChange = Callable[[Seating, LiveTable, Any], Awaitable[int]]


async def _own_seat_change(request: Request, change: SeatChange) -> Response:
    """Carry out `change(table, token)` for the bearer's seat; answer that seat's snapshot."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat = await change(ctx.manager.seating, table, bearer(request))
    return JSONResponse(snapshots.snapshot(table, seat, lang=reader_lang(request)))


@endpoint
async def api_leave(request: Request) -> Response:
    """The bearer's seat leaves (a waiting table's seat opens; a running game's gets a bot)."""
    return await _own_seat_change(request, Seating.leave)


@endpoint
async def api_come_back(request: Request) -> Response:
    """The bearer takes their seat back from the bot standing in for them."""
    return await _own_seat_change(request, Seating.come_back)


@endpoint
async def api_hand_over(request: Request) -> Response:
    """The bearer (a profile's secret) takes the seat that profile holds into this browser."""
    ctx = guarded(request)
    secret = bearer(request)
    if secret is None:
        raise NoToken(Msg("this needs your profile's secret"))
    profile = await ctx.profiles.resolve(secret)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat, token = await ctx.manager.seating.hand_over(table, profile.id)
    return JSONResponse({"table": table.id, "seat": seat, "token": token})


@endpoint
async def api_remove(request: Request) -> Response:
    """The creator (bearer of the host secret) removes the player of `{seat}`."""
    ctx = guarded(request)
    body = await read_json(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    seat = body.get("seat") if isinstance(body, dict) else None
    await ctx.manager.seating.remove(table, bearer(request), seat)
    return JSONResponse(snapshots.snapshot(table, None, lang=reader_lang(request)))

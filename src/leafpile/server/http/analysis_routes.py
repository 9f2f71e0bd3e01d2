"""The HTTP transport of the after-game tools: the bot's review of a finished table and
"explore from here" (a private analysis table from one of its positions)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from leafpile.i18n import Msg
from leafpile.server.analysis import explore, reviews
from leafpile.server.api import snapshots
from leafpile.server.errors import BadRequest
from leafpile.server.http.endpoints import client_of, endpoint, guarded, read_json, reader_lang
from leafpile.server.players import names
from leafpile.server.workers import REQUESTS


@endpoint
async def api_review(request: Request) -> Response:
    """GET: the review with the setting of the query (`?seats=0,1&time=0.5`), done or its
    progress (404 when nobody asked for it). POST `{seats, time}`: the same, started first."""
    ctx = guarded(request)
    start = request.method == "POST"
    given = await read_json(request) if start else dict(request.query_params)
    if not isinstance(given, dict):
        raise BadRequest(Msg("send a JSON object {fields}", fields="{seats, time}"))
    table = await ctx.manager.find(request.path_params["table_id"])
    setting = reviews.read_setting(given, table)
    text = await ctx.reviews.ask(ctx.manager, table, setting, start, client_of(request))
    return Response(text, media_type="application/json", status_code=200)


@endpoint
async def api_explore(request: Request) -> Response:
    """POST `{version, seat, name, bot?}`: open a private analysis table from that position
    of a finished table, seated as `seat`; answers like opening a table."""
    ctx = guarded(request)
    body = await read_json(request)
    source = await ctx.manager.find(request.path_params["table_id"])
    asked = explore.read_explore(body, source)
    names.check_name(asked.name)  # the explorer's name, checked as every name
    ctx.guard_create(client_of(request), explore.analysis_table(source, asked, None))
    record = source.record().to_dict()
    args = (source.game.info.name, record, asked.version, asked.seat, explore.new_seed())
    start = await ctx.manager.bots.run(
        explore.start_from, *args, owner=f"explore:{client_of(request)}", klass=REQUESTS
    )
    new = explore.analysis_table(source, asked, start)
    table, token = await ctx.manager.create(new, client_of(request))
    answer = {
        "table": table.id,
        "seat": new.sit,
        "token": token,
        "invite": f"/table/{table.id}",
        "state": snapshots.snapshot(table, new.sit),
    }
    return JSONResponse(answer, status_code=201)


@endpoint
async def api_statistics(request: Request) -> Response:
    """GET: a finished table's end-of-game statistics (tables and score chart), in the
    reader's language; 409 while the game runs."""
    ctx = guarded(request)
    table = await ctx.manager.find(request.path_params["table_id"])
    stats = await ctx.statistics.of(ctx.manager.bots, table, reader_lang(request))
    return JSONResponse(stats)

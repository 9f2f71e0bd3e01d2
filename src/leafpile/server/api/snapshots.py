"""What each audience is shown: a table's snapshot (built from the views its `Position`
computed once), the lobby's summary, the pushes to a table's listeners and the games list."""

from __future__ import annotations

import json
from typing import Any

from leafpile import i18n
from leafpile.bots import BOTS
from leafpile.bots.levels import BOT_ABOUT, BOT_ORDER, ladder_ratings
from leafpile.games import GAMES
from leafpile.server.tables.live_table import BOT, FINISHED, HUMAN, PLAYING, LiveTable
from leafpile.server.tables.position import LogEntry
from leafpile.server.tables.takebacks import can_take_back
from leafpile.tutorial import available as tutorials


def seats_public(table: LiveTable) -> list[dict[str, Any]]:
    connected = table.connected_seats()
    acted: set[int] = set()
    for entry in table.log:  # every seat has acted early in a game: not the whole log
        if 0 <= entry.seat < table.players:
            acted.add(entry.seat)
            if len(acted) == table.players:
                break
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "bot": s.bot,
            "name": table.seat_name(s),
            "open": s.kind == HUMAN and s.token_hash is None,
            "connected": s.kind == BOT or s.seat in connected,
            "stand_in": s.stand_in,  # the bot level playing for a person who left or timed out
            "acted": s.seat in acted,  # a player who acted cannot be removed
            "profile": s.player is not None,  # the name links to the player's page
        }
        for s in table.seats
    ]


def summary(table: LiveTable) -> dict[str, Any]:
    """What the lobby lists: nothing hidden."""
    to_move = table.position.to_move
    return {
        "id": table.id,
        "game": table.game.info.name,
        "title": table.game.info.title,
        "players": table.players,
        "options": table.options,
        "status": table.status,
        "version": table.version,
        "to_move": to_move if to_move >= 0 and table.status == PLAYING else None,
        "seats": seats_public(table),
        "created_at": table.created_at,
        "clock": table.clocks.rule.describe() if table.clocks is not None else None,
        "rated": table.rated,
        "time_left": time_left(table),
    }


def time_left(table: LiveTable) -> float | None:
    """Seconds left on the running clock (the seat to move's), None when no clock runs."""
    clocks = table.clocks
    if clocks is None or clocks.running is None or table.status != PLAYING:
        return None
    return round(max(0.0, clocks.remaining(clocks.running, table.now())), 1)


def snapshot(
    table: LiveTable, audience: int | None, log_from: int = 0, lang: str = i18n.DEFAULT
) -> dict[str, Any]:
    """Everything `audience` (a seat, None: spectator) may know about the table now.

    `log` holds the log entries from `log_start` = `log_from` on (a live client that has the
    earlier ones gets only the new ones, so long games do not resend their history). Views,
    scores and extras come ready from the table's `Position`: nothing of the game runs here."""
    position = table.position
    seen = position.seen_by(audience)
    to_move = position.to_move
    acting = table.status == PLAYING and to_move >= 0
    person = acting and table.bot_of(to_move) is None  # not a bot standing in
    return {
        "type": "state",
        "table": table.id,
        "game": table.game.info.name,
        "title": table.game.info.title,
        "status": table.status,
        "version": position.version,
        "players": table.players,
        "options": table.options,
        "you": audience,
        "seats": seats_public(table),
        "to_move": to_move if acting else None,
        "view": seen.data,
        "legal": position.legal if person and audience == to_move else [],
        "take_back": can_take_back(table, audience),
        "log_start": log_from,
        "log": [log_item(e, audience, lang) for e in table.log[log_from:]],
        "scores": seen.scores,
        "winners": position.winners if table.status == FINISHED else None,
        "extras": i18n.localize_tree(seen.extras, lang) if lang != i18n.DEFAULT else seen.extras,
        "lang": lang,
        "private": table.private,
        "replacement": table.replacement,
        "clock": table.clocks.public(table.now()) if table.clocks is not None else None,
        "parts": table.parts() if table.status == FINISHED else None,
        "rated": table.rated,
        "analysis_of": table.analysis_of,  # a private analysis table (not rated) explores it
        "tutorial": tutorial_part(table, lang),
    }


def tutorial_part(table: LiveTable, lang: str) -> dict[str, Any] | None:
    """A tutorial table's step as its page shows it, in `lang` (None: an ordinary table)."""
    script = table.script
    return script.part(len(table.actions), lang) if script is not None else None


def log_item(entry: LogEntry, audience: int | None, lang: str) -> dict[str, Any]:
    """One log entry as `audience` reads it in `lang`; `by` names the bot that played it for
    the seat's person, `note` marks a line that is not an action (a take-back, a seat note)."""
    item = {"seat": entry.seat, **served_in(entry.item_for(audience), lang)}
    if entry.stand_in:
        item["by"] = entry.stand_in
    if not entry.is_action:
        item["note"] = True
    return item


def served_in(item: dict[str, Any], lang: str) -> dict[str, Any]:
    """A stored log item (`served_line`) with its text, and its "why" when it has one, in
    `lang`, from their message forms."""
    if lang == i18n.DEFAULT:
        return item
    out = item
    if "msg" in item:
        out = {**out, "text": i18n.localize_json(item["msg"], lang)}
    why = item.get("why")
    if isinstance(why, dict) and "msg" in why:
        out = {**out, "why": {**why, "text": i18n.localize_json(why["msg"], lang)}}
    return out


def broadcast(table: LiveTable) -> None:
    """Queue each listener its own snapshot: one snapshot (and one JSON text) per audience
    and log position, however many clients share them."""
    cache: dict[tuple[int | None, int, str], str] = {}
    for lst in list(table.listeners):
        key = (lst.seat, min(lst.log_sent, len(table.log)), lst.lang)
        text = cache.get(key)
        if text is None:
            text = cache[key] = json.dumps(snapshot(table, *key))
        lst.send(text)
        lst.log_sent = len(table.log)


def games_list() -> dict[str, Any]:
    """The games with their options and whether they have a browser renderer; bot names."""
    out = []
    for game in GAMES.values():
        info = game.info
        out.append(
            {
                "name": info.name,
                "title": info.title,
                "summary": info.summary,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "renderer": game.renderer_dir() is not None,
                "tutorial": info.name in tutorials(),  # a guided first game to offer
                "options": [
                    {
                        "name": o.name,
                        "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                        "help": o.help,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "players": list(o.players) if o.players is not None else None,
                        # in players' words (message form, read in each reader's language);
                        # no label: not a setting the lobby offers
                        "label": i18n.as_json(o.label) if o.label else None,
                        "about": i18n.as_json(o.about) if o.about else None,
                        "choice_labels": [i18n.as_json(c) for c in o.choice_labels]
                        if o.choice_labels is not None
                        else None,
                    }
                    for o in info.options
                ],
            }
        )
    order = [b for b in BOT_ORDER if b in BOTS] + sorted(set(BOTS) - set(BOT_ORDER))
    about = {b: i18n.as_json(BOT_ABOUT[b]) for b in order if b in BOT_ABOUT}
    # each level's ladder rating per game (random = 0), shown beside its line
    ratings = {g: r for g, r in ladder_ratings().items() if g in GAMES}
    return {"games": out, "bots": order, "bot_about": about, "bot_ratings": ratings}

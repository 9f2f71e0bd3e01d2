"""The bot's review of a finished table, asked for in the browser.

A review judges each decision of the chosen seats (every human seat by default) with the
`hard` bot searching that seat's own view (`leafpile.bots.review`). It runs in the worker
pool one decision at a time, never on the event loop, so the seat bots of live tables take
their turns between its decisions and its progress is known after each one. It is bounded:
at most `RUNNING_MAX` reviews think at once on a server (one per client address), each decision
for at most `TIME_MAX` seconds, and a review nobody asks about for `IDLE_STOP` seconds (the
page was closed) stops. A finished review is stored whole, in one row per (table, setting), so
a restart keeps it and a stopped one leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from leafpile.bots.review import MARK_NAMES, budget_of, decisions_of, judge
from leafpile.engine import Action, GameRecord, State
from leafpile.engine.saves import whole_number
from leafpile.games import GAMES
from leafpile.i18n import Msg
from leafpile.server.errors import BadRequest, Busy, NotFinished, NotFound, new_error_id
from leafpile.server.store import review_store
from leafpile.server.store.db import STORAGE_ERRORS
from leafpile.server.tables.live_table import FINISHED, HUMAN, LiveTable
from leafpile.server.tables.manager import TableManager
from leafpile.server.tables.position import served_line
from leafpile.server.workers import REQUESTS

log = logging.getLogger("leafpile.server")

TIME_MIN, TIME_MAX, TIME_DEFAULT = 0.05, 2.0, 0.5  # seconds of search per decision
RUNNING_MAX = 2  # reviews thinking at once on one server
IDLE_STOP = 30.0  # seconds a running review goes on without anyone asking about it
DONE_KEPT = 32  # finished reviews kept in memory (the database keeps them all)
SEED = 0  # the search's seed: with the same budget, the same review


@dataclass(frozen=True)
class Setting:
    """What a review covers (seats) and how long it thinks per decision (seconds)."""

    seats: tuple[int, ...]
    time: float

    @property
    def key(self) -> str:
        return f"seats={','.join(map(str, self.seats))} time={self.time:g}"


def read_setting(given: Mapping[str, Any], table: LiveTable) -> Setting:
    """`{seats, time}` (a JSON body, or query parameters as text) checked against `table`:
    seats default to every human seat, time to `TIME_DEFAULT` seconds."""
    seats_given = given.get("seats")
    if seats_given is None or seats_given == "":
        seats = [s.seat for s in table.seats if s.kind == HUMAN] or list(range(table.players))
    else:
        if isinstance(seats_given, str) and len(seats_given) <= 20:
            parts: list[Any] = seats_given.split(",")
            seats_given = [whole_number(p.strip()) for p in parts]
        if not isinstance(seats_given, list) or not 0 < len(seats_given) <= table.players:
            raise BadRequest(Msg("seats must be a list of 1 to {n} seat numbers", n=table.players))
        if not all(_is_int(s) and 0 <= s < table.players for s in seats_given):
            raise BadRequest(Msg("seats are numbers from 0 to {last}", last=table.players - 1))
        seats = sorted(set(seats_given))
    raw_time = given.get("time", TIME_DEFAULT)
    try:
        seconds = float(raw_time) if isinstance(raw_time, int | float | str) else -1.0
    except ValueError:
        seconds = -1.0
    if isinstance(raw_time, bool) or not TIME_MIN <= seconds <= TIME_MAX:
        raise BadRequest(
            Msg(
                "time must be a number of seconds from {low} to {high}", low=TIME_MIN, high=TIME_MAX
            )
        )
    return Setting(tuple(seats), round(seconds, 2))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- in the worker pool ---------------------------------------------------------------------------
def find_decisions(
    game_name: str, record: dict[str, Any], seats: tuple[int, ...]
) -> list[tuple[int, int, State, Action]]:
    """The decisions to judge (a replay of the whole record, so in a worker)."""
    game = GAMES[game_name]
    return decisions_of(GameRecord.from_dict(record), game, seats)


def judge_decision(
    game_name: str, view: State, played: Action, number: int, budget: str, seat: int
) -> dict[str, Any]:
    """One decision judged (a search of `budget`), as the browser reads it: the words of
    both actions in their message form, so each reader gets them in their language."""
    game = GAMES[game_name]
    decision = judge(game, view, played, number, budget, SEED, seat)
    out = decision.to_dict()
    out["seat"] = seat
    out["played_words"] = served_line(decision.played_words)
    out["best_words"] = served_line(decision.best_words)
    return out


# -- on the event loop ----------------------------------------------------------------------------
@dataclass
class Job:
    """A review on its way: how far it has come, and who started it."""

    table_id: str
    setting: Setting
    client: str
    total: int | None = None  # decisions to judge, once they are found
    done: int = 0
    asked: float = field(default_factory=time.monotonic)  # when someone last asked about it
    task: asyncio.Task[None] | None = None
    failed: str | None = None

    def progress(self) -> dict[str, Any]:
        if self.failed is not None:
            return {"status": "failed", "message": self.failed, "setting": self.setting.key}
        return {
            "status": "running",
            "setting": self.setting.key,
            "done": self.done,
            "total": self.total,
        }


class Reviews:
    """The reviews being made and the latest finished ones (the database holds them all)."""

    def __init__(self, running_max: int = RUNNING_MAX, idle_stop: float = IDLE_STOP) -> None:
        self.running_max = running_max
        self.idle_stop = idle_stop
        self.jobs: dict[tuple[str, str], Job] = {}
        self.done: OrderedDict[tuple[str, str], str] = OrderedDict()
        self.damaged: set[tuple[str, str]] = set()  # stored reviews that did not read back

    async def ask(
        self, manager: TableManager, table: LiveTable, setting: Setting, start: bool, client: str
    ) -> str:
        """The review of `table` with `setting` as JSON text: finished, or its progress (and
        started first when `start` and it is neither made nor on its way)."""
        if table.status != FINISHED:
            raise NotFinished(Msg("a game is reviewed once it is over"))
        key = (table.id, setting.key)
        text = await self._finished(manager, key)
        if text is not None:
            return text
        job = self.jobs.get(key)
        if job is None:
            if not start:
                raise NotFound(Msg("this game has no review with that setting yet"))
            job = self._start(manager, table, setting, client)
        job.asked = time.monotonic()
        if job.failed is not None:
            self.jobs.pop(key, None)  # told once; asking again tries again
        return json.dumps(job.progress())

    async def _finished(self, manager: TableManager, key: tuple[str, str]) -> str | None:
        text = self.done.get(key)
        if text is not None:
            self.done.move_to_end(key)
            return text
        if key in self.jobs:
            return None
        try:
            text = await manager.db.run(review_store.load_review, manager.db, *key)
        except STORAGE_ERRORS:
            log.exception("cannot read a review of table %s", key[0])
            return None  # made again rather than refused
        if text is not None and not sound_review(text, key):
            log.error("the stored review %s of table %s is damaged; it is made again", *key[::-1])
            self.damaged.add(key)
            return None
        if text is not None:
            self._keep(key, text)
        return text

    def _start(self, manager: TableManager, table: LiveTable, setting: Setting, client: str) -> Job:
        running = [j for j in self.jobs.values() if j.failed is None]
        if len(running) >= self.running_max:
            raise Busy(Msg("the bot is reviewing other games; try again in a minute"))
        if any(j.client == client for j in running):
            raise Busy(Msg("one review at a time: yours is still running"))
        job = Job(table.id, setting, client)
        self.jobs[(table.id, setting.key)] = job
        record = table.record().to_dict()
        job.task = asyncio.get_running_loop().create_task(self._run(manager, job, table, record))
        return job

    async def _run(
        self, manager: TableManager, job: Job, table: LiveTable, record: dict[str, Any]
    ) -> None:
        key = (job.table_id, job.setting.key)
        game = table.game.info.name
        budget = budget_of(time=job.setting.time)
        try:
            owner = f"review:{job.client}"  # the asker's share of the workers
            found = await manager.bots.run(
                find_decisions, game, record, job.setting.seats, owner=owner, klass=REQUESTS
            )
            job.total = len(found)
            decisions = []
            for number, seat, view, played in found:
                if time.monotonic() - job.asked > self.idle_stop:
                    log.info("review %s of table %s stopped: nobody waits for it", *key[::-1])
                    self.jobs.pop(key, None)
                    return
                args = (game, view, played, number, budget, seat)
                decisions.append(
                    await manager.bots.run(judge_decision, *args, owner=owner, klass=REQUESTS)
                )
                job.done += 1
            text = json.dumps(review_answer(table, job.setting, budget, decisions))
            store = review_store.store_review
            if key in self.damaged:  # in the damaged row's place
                store = review_store.replace_review
            await manager.db.run(store, manager.db, job.table_id, job.setting.key, text)
            self.damaged.discard(key)
        except STORAGE_ERRORS:
            log.exception("cannot store a review of table %s", job.table_id)
            job.failed = "the review could not be stored; try again"
            return
        except Exception:  # a bug: logged with its id, told to whoever waits
            error_id = new_error_id()
            log.exception("review of table %s failed (error id %s)", job.table_id, error_id)
            job.failed = f"the review failed; error id {error_id}"
            return
        self._keep(key, text)
        self.jobs.pop(key, None)

    def _keep(self, key: tuple[str, str], text: str) -> None:
        self.done[key] = text
        self.done.move_to_end(key)
        while len(self.done) > DONE_KEPT:
            self.done.popitem(last=False)

    def stop(self) -> None:
        """Stop every review on its way (the server stops): nothing of them is stored."""
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()
        self.jobs.clear()


def sound_review(text: str, key: tuple[str, str]) -> bool:
    """Whether a stored review reads back as a finished review of that table and setting
    (a damaged row is set aside, as a table's are, never served as it is)."""
    try:
        review = json.loads(text)
    except ValueError:
        return False
    return (
        isinstance(review, dict)
        and review.get("status") == "done"
        and review.get("table") == key[0]
        and review.get("setting") == key[1]
        and isinstance(review.get("decisions"), list)
        and isinstance(review.get("summary"), list)
    )


def review_answer(
    table: LiveTable, setting: Setting, budget: str, decisions: list[dict[str, Any]]
) -> dict[str, Any]:
    """A finished review: every judged decision in the game's order, and a summary per seat
    (accuracy, marks, mean loss) as `leafpile review` gives it."""
    summary = []
    for seat in setting.seats:
        mine = [d for d in decisions if d["seat"] == seat]
        marks = {name: sum(1 for d in mine if d["mark"] == name) for name in MARK_NAMES}
        judged = len(mine)
        clean = sum(1 for d in mine if not d["mark"])
        summary.append(
            {
                "seat": seat,
                "decisions": judged,
                "accuracy": round(100.0 * clean / judged, 1) if judged else 100.0,
                "marks": marks,
                "mean_loss": round(sum(d["loss"] for d in mine) / max(1, judged), 4),
            }
        )
    return {
        "status": "done",
        "table": table.id,
        "setting": setting.key,
        "seats": list(setting.seats),
        "time": setting.time,
        "budget": budget,
        "marks": list(MARK_NAMES),
        "thresholds": list(table.game.review_thresholds),
        "summary": summary,
        "decisions": decisions,
    }

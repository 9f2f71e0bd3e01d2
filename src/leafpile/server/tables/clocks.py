"""Clocks chosen per table: real-time (a bank per player plus a Fischer increment) and
turn-based (a fixed time for each move), as plain arithmetic on stored times.

A table's `Clocks` hold each seat's bank, which seat's clock runs and since when. Everything
here takes `now` as an argument (the table manager's injectable clock), so a test drives time
by hand and a restart recomputes every clock from the stored state exactly: the bank of the
running seat is what it had at `since`, and it has `bank - (now - since)` left now.

A turn is a chain of decisions (one action each); the clock of the seat to move runs across
the whole chain, and the increment (real-time) or a fresh move's time (turn-based) comes when
the turn passes to another seat. Only a seat a person plays has a running clock: bots, and
bots standing in for a person, move without one, except that a person who leaves during
their own turn is charged until their stand-in has moved (so leaving and coming back at once
is never a way to stop the clock).

Coming back gives time back only after a real timeout (the bank at zero), at most once per
turn, and never more than the seat had when that turn began (nor `COMEBACK_MIN`): a return
with time left changes nothing, and a turn-based move does not start afresh.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from leafpile.i18n import Msg
from leafpile.server.errors import BadClock

NONE, REALTIME, TURN = "none", "realtime", "turn"

#: Bounds of what a table may ask for, in seconds ([D], see the server README).
BANK_MIN, BANK_MAX = 10, 3 * 3600  # real-time bank
INCREMENT_MAX = 120  # real-time seconds added per move
PER_MOVE_MIN, PER_MOVE_MAX = 3600, 14 * 86400  # turn-based time per move
#: A person back after running out of time has this much again (at most what the seat had when
#: the turn began; once per turn), so a seat that ran out of time is not lost again at once.
COMEBACK_MIN = 60.0


@dataclass(frozen=True)
class ClockRule:
    """The clock a table chose: `bank` is the real-time bank or the turn-based time per move
    (seconds), `increment` what a real-time move adds."""

    kind: str
    bank: int
    increment: int = 0

    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, "bank": self.bank, "increment": self.increment})

    @classmethod
    def from_json(cls, text: str | None) -> ClockRule | None:
        if text is None:
            return None
        d = json.loads(text)
        return cls(str(d["kind"]), int(d["bank"]), int(d.get("increment", 0)))

    def describe(self) -> dict[str, Any]:
        """What clients are told of the rule (the lobby and the table page)."""
        if self.kind == TURN:
            return {"kind": TURN, "per_move": self.bank}
        return {"kind": REALTIME, "bank": self.bank, "increment": self.increment}


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadClock(Msg("{field} must be a whole number of seconds", field=what))
    if not low <= value <= high:
        raise BadClock(
            Msg("{field} must be between {low} and {high} seconds", field=what, low=low, high=high)
        )
    return value


def read_clock(value: Any) -> ClockRule | None:
    """A request's `clock`: null or absent (none), `{kind: "realtime", bank, increment}` or
    `{kind: "turn", per_move}`, in whole seconds within the bounds above."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadClock(
            Msg(
                "clock must be null or an object {shape}",
                shape='{kind: "realtime" or "turn", ...}',
            )
        )
    kind = value.get("kind")
    if kind == NONE:
        return None
    if kind == REALTIME:
        extra = set(value) - {"kind", "bank", "increment"}
        bank = _whole(value.get("bank"), BANK_MIN, BANK_MAX, "bank")
        increment = _whole(value.get("increment", 0), 0, INCREMENT_MAX, "increment")
    elif kind == TURN:
        extra = set(value) - {"kind", "per_move"}
        bank = _whole(value.get("per_move"), PER_MOVE_MIN, PER_MOVE_MAX, "per_move")
        increment = 0
    else:
        raise BadClock(Msg('clock kind must be "none", "realtime" or "turn"'))
    if extra:
        raise BadClock(Msg("unknown clock field {field!r}", field=sorted(extra)[0][:40]))
    return ClockRule(kind, bank, increment)


@dataclass(frozen=True)
class Clocks:
    """Every seat's bank (seconds), the seat whose clock runs (None: none) and since when.
    The running seat's bank is as it was at `since`. `turn_bank` is the seat whose clock first
    ran in this turn with what it had then, `graced` the seats a comeback gave time back in
    this turn (both forgotten when the turn passes)."""

    rule: ClockRule
    banks: tuple[float, ...]
    running: int | None = None
    since: float = 0.0
    turn_bank: tuple[int, float] | None = None
    graced: frozenset[int] = frozenset()

    @classmethod
    def fresh(cls, rule: ClockRule, players: int) -> Clocks:
        return cls(rule, (float(rule.bank),) * players)

    def remaining(self, seat: int, now: float) -> float:
        """What `seat` has left at `now` (negative once it ran out)."""
        if seat == self.running:
            return self.banks[seat] - (now - self.since)
        return self.banks[seat]

    def deadline(self) -> float | None:
        """When the running clock reaches zero (None: no clock runs)."""
        if self.running is None:
            return None
        return self.since + self.banks[self.running]

    def stopped(self, now: float) -> Clocks:
        """The running seat charged for the time up to `now`; no clock runs."""
        if self.running is None:
            return replace(self, since=now)
        banks = list(self.banks)
        banks[self.running] = max(0.0, self.remaining(self.running, now))
        return replace(self, banks=tuple(banks), running=None, since=now)

    def started(self, seat: int | None, now: float) -> Clocks:
        """`seat`'s clock runs from `now` (None: none); any running clock is charged first."""
        base = self.stopped(now)
        turn_bank = base.turn_bank
        if seat is not None and turn_bank is None:
            turn_bank = (seat, base.banks[seat])
        return replace(base, running=seat, turn_bank=turn_bank)

    def with_bank(self, seat: int, bank: float) -> Clocks:
        banks = list(self.banks)
        banks[seat] = bank
        return replace(self, banks=tuple(banks))

    def after_move(
        self, seat: int, mover: int | None, now: float, passed: bool | None = None
    ) -> Clocks:
        """The clocks once `seat` has moved at `now` and `mover` (a seat a person plays, or
        None) is to move: the mover's time is charged, and when the turn passes (`passed`,
        by default: `mover` is another seat) the mover gains the increment (real-time), or
        both have a fresh move's time (turn-based)."""
        if passed is None:
            passed = mover != seat
        clocks = self.stopped(now)
        if passed:
            clocks = replace(clocks, turn_bank=None, graced=frozenset())
        if passed and self.running == seat and self.rule.kind == REALTIME:
            clocks = clocks.with_bank(seat, clocks.banks[seat] + self.rule.increment)
        if passed and self.rule.kind == TURN:  # each move has the whole time afresh
            clocks = clocks.reset(seat)
            if mover is not None:
                clocks = clocks.reset(mover)
        return clocks.started(mover, now)

    def reset(self, seat: int) -> Clocks:
        """A seat's bank as new (a new person takes it)."""
        return self.with_bank(seat, float(self.rule.bank))

    def comeback(self, seat: int, now: float) -> Clocks:
        """A person back at their seat at `now`: only a seat whose time has run out gets time
        back, once per turn: `COMEBACK_MIN`, or what it had when the turn began if less."""
        if self.remaining(seat, now) > 0 or seat in self.graced:
            return self
        had = float(self.rule.bank)
        if self.turn_bank is not None and self.turn_bank[0] == seat:
            had = min(had, self.turn_bank[1])
        clocks = self.stopped(now).with_bank(seat, min(COMEBACK_MIN, had))
        return replace(clocks, graced=self.graced | {seat})

    def to_json(self) -> str:
        return json.dumps(
            {
                "banks": list(self.banks),
                "running": self.running,
                "since": self.since,
                "turn_bank": None if self.turn_bank is None else list(self.turn_bank),
                "graced": sorted(self.graced),
            }
        )

    @classmethod
    def from_json(cls, rule: ClockRule, text: str | None, players: int) -> Clocks:
        """Stored clocks (a fresh set when none were stored yet)."""
        if text is None:
            return cls.fresh(rule, players)
        d = json.loads(text)
        banks = tuple(float(b) for b in d["banks"])
        running = d.get("running")
        if len(banks) != players or not (running is None or 0 <= int(running) < players):
            raise ValueError(f"stored clocks {text[:80]!r} do not fit {players} seats")
        turn_bank = d.get("turn_bank")
        return cls(
            rule,
            banks,
            None if running is None else int(running),
            float(d["since"]),
            None if turn_bank is None else (int(turn_bank[0]), float(turn_bank[1])),
            frozenset(int(s) for s in d.get("graced", [])),
        )

    def public(self, now: float) -> dict[str, Any]:
        """What every client sees: each seat's time left, whose clock runs, and the server's
        time, so a browser counts down from the right moment whatever its own clock says."""
        seats = range(len(self.banks))
        return {
            **self.rule.describe(),
            "remaining": [round(max(0.0, self.remaining(s, now)), 3) for s in seats],
            "running": self.running,
            "server_time": round(now, 3),
        }

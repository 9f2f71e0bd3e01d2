"""What each audience sees of one version of a table, each view built once.

A table's `Position` holds, for the spectator and every seat, the view of the current state
with its JSON, scores and display extras. Snapshots and pushes of that version read it, and
the next action's log lines are described on its views, so no view is built twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from leafpile import i18n
from leafpile.engine import Action, State, legal_strings
from leafpile.engine.game import Game


def public_dict(view: State, finished: bool) -> dict[str, Any]:
    """A view's JSON without the seed (which would reveal every future draw) until the end."""
    d = view.to_dict()
    if not finished:
        d.pop("seed", None)
        d.pop("rng", None)
    return d


def audience_views(game: Game, state: State) -> list[State]:
    """Each audience's view of `state`: the spectator's first, then each seat's."""
    return [game.player_view(state, a) for a in [None, *range(state.num_players)]]


def audience_index(audience: int | None) -> int:
    return 0 if audience is None else audience + 1


@dataclass(frozen=True)
class Seen:
    """One audience's picture of a position: its view and what snapshots show of it."""

    view: State
    data: dict[str, Any]  # the view's JSON, without the seed until the end
    scores: list[float]
    extras: dict[str, Any]


class Position:
    """One version of a table as every audience sees it. Each view is built once, here, and
    serves both every snapshot of this version and the log lines of the action played from
    it. It is built before the action that leads to it is committed, so a failure in the
    game's views, scores or display extras refuses that action instead of breaking a table."""

    def __init__(self, game: Game, state: State, version: int, finished: bool) -> None:
        self.state = state
        self.version = version
        self.finished = finished
        self.to_move = state.current_player
        self.seen = [
            Seen(
                view,
                public_dict(view, finished),
                view.scores(),
                extras_of(game, view, acts=view.viewer == self.to_move),
            )
            for view in audience_views(game, state)
        ]
        self.legal = legal_strings(state)  # what the player to move may do (empty at the end)
        self.winners = state.winners() if finished else None

    def seen_by(self, audience: int | None) -> Seen:
        return self.seen[audience_index(audience)]

    def log_lines(self, game: Game, action: Action) -> list[str]:
        """The log line of `action` played from here, as each audience may read it."""
        return [game.describe(seen.view, action) for seen in self.seen]

    def log_items(self, game: Game, action: Action) -> list[dict[str, Any]]:
        """The served log line of `action` played from here (`played_item`), as each
        audience may read it, with why it says so."""
        return [played_item(game, seen.view, action) for seen in self.seen]


def extras_of(game: Game, view: State, acts: bool) -> dict[str, Any]:
    """A view's display extras, with the legal actions' parts (`Game.choices`) for the one
    audience that gets legal actions: the seat to move."""
    extras = game.extras(view)
    if acts:
        choices = game.choices(view)
        if choices:
            extras = {**extras, "choices": choices}
    return extras


def served_line(line: str, why: str | None = None) -> dict[str, Any]:
    """A log line as clients get it: its English text, and its message form when the game
    wrote it as a `Msg`, so each browser shows it in its reader's language; `why` (the rule
    behind it, `Game.explain`) served the same way under "why"."""
    item: dict[str, Any] = {"text": str(line)}
    msg = i18n.as_json(line)
    if msg is not None:
        item["msg"] = msg
    if why is not None:
        item["why"] = served_line(why)
    return item


def played_item(game: Game, view: State, action: Action) -> dict[str, Any]:
    """The served line of `action` as the reader of `view` (before it) reads it, and why."""
    return served_line(game.describe(view, action), game.explain(view, action))


@dataclass
class LogEntry:
    """One action in the log, as each audience reads it: the served form of its line
    (`served_line`), for the spectator, then each seat. It is stored with the action, so a
    restart need not describe the game again."""

    seat: int
    items: list[dict[str, Any]]
    stand_in: str | None = None  # "bot:<level>" when a bot played it for the seat's person

    #: An action's line (a take-back's or a seat note's is not).
    is_action = True

    def __post_init__(self) -> None:
        # Most lines read the same for every audience: keep one copy of each (a table's log
        # lives in memory as long as the table, so this is most of a table's memory).
        for i, item in enumerate(self.items):
            for earlier in self.items[:i]:
                if earlier == item:
                    self.items[i] = earlier
                    break

    @classmethod
    def of(cls, seat: int, lines: list[str], stand_in: str | None = None) -> Self:
        return cls(seat, [served_line(line) for line in lines], stand_in)

    def item_for(self, audience: int | None) -> dict[str, Any]:
        return self.items[audience_index(audience)]

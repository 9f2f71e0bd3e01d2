"""The bot's review of a game: each decision of one seat, judged from that seat's own view.

For every decision with a real choice, the `hard` bot searches the seat's view (never the true
state, so a review knows only what the player knew) with the played action kept in play at
the root. Values are expected results on the scale of `State.returns()`: from -1 (a sure loss)
to 1 (a sure win). The loss of a decision is the value of the bot's choice minus the value of
the played action; it is marked by the game's thresholds on that scale.

A search with an iteration budget and a fixed seed gives the same review every time; a time
budget (`time`) searches deeper on a fast machine, so it is not reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from leafpile.bots import make_bot
from leafpile.bots.mcts import MCTSBot
from leafpile.engine import Action, Game, GameRecord, LeafpileError, State
from leafpile.engine.match import seat_rng
from leafpile.i18n import Msg

#: Marks from the worst down: a decision losing at least this much expected result. The scale
#: is returns' [-1, 1], so 0.4 is a fifth of the way from a sure win to a sure loss. A game
#: may set its own (`Game.review_thresholds`).
MARK_NAMES = ("blunder", "mistake", "inaccuracy")


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of the seat."""

    number: int  # actions played before it (0: the first action of the game)
    played: str  # notation
    played_words: str
    best: str
    best_words: str
    played_value: float  # expected result of the played action, from the seat's view
    best_value: float
    loss: float  # best_value - played_value, never below 0
    mark: str  # "", "inaccuracy", "mistake" or "blunder"
    choices: int  # legal actions at that decision

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Review:
    game: str
    seat: int
    budget: str  # e.g. "iterations=400" or "time=1.0"
    seed: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """The share of decisions (in %) that lost less than an inaccuracy."""
        if not self.decisions:
            return 100.0
        return 100.0 * sum(1 for d in self.decisions if not d.mark) / len(self.decisions)

    def counts(self) -> dict[str, int]:
        return {name: sum(1 for d in self.decisions if d.mark == name) for name in MARK_NAMES}

    def worst(self, n: int = 3) -> list[Decision]:
        """The `n` costliest marked decisions, costliest first."""
        marked = [d for d in self.decisions if d.mark]
        return sorted(marked, key=lambda d: (-d.loss, d.number))[:n]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "budget": self.budget,
            "seed": self.seed,
            "accuracy": round(self.accuracy, 1),
            "marks": self.counts(),
            "mean_loss": round(
                sum(d.loss for d in self.decisions) / max(1, len(self.decisions)), 4
            ),
            "decisions": [d.to_dict() for d in self.decisions],
        }


def mark_of(loss: float, thresholds: tuple[float, float, float]) -> str:
    """The mark of a loss: thresholds are (inaccuracy, mistake, blunder), ascending."""
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    if loss >= inaccuracy:
        return "inaccuracy"
    return ""


def review_record(
    record: GameRecord,
    game: Game,
    seat: int,
    iterations: int = 400,
    time: float = 0.0,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every decision of `seat` in `record` (InvalidStateError for a broken record).

    `progress(done, total)` is called after each reviewed decision."""
    budget = budget_of(iterations, time)
    found = decisions_of(record, game, (seat,))
    review = Review(game.info.name, seat, budget, seed)
    for done, (number, _seat, view, played) in enumerate(found, start=1):
        review.decisions.append(judge(game, view, played, number, budget, seed, seat))
        if progress is not None:
            progress(done, len(found))
    return review


def budget_of(iterations: int = 400, time: float = 0.0) -> str:
    """The search budget of a review: a time per decision, else iterations."""
    return f"time={time:g}" if time > 0 else f"iterations={iterations}"


def decisions_of(
    record: GameRecord, game: Game, seats: tuple[int, ...]
) -> list[tuple[int, int, State, Action]]:
    """Each decision with a real choice of one of `seats`: (actions before it, the seat, the
    seat's own view, the action played), in the order of the game."""
    for seat in seats:
        if not 0 <= seat < record.players:
            raise LeafpileError(
                Msg(
                    "seat must be between 0 and {last}, not {seat}",
                    last=record.players - 1,
                    seat=seat,
                )
            )
    found: list[tuple[int, int, State, Action]] = []
    number = 0

    def collect(state: State, action: Action) -> None:
        nonlocal number
        seat = state.current_player
        if seat in seats and len(state.legal_actions()) > 1:
            found.append((number, seat, game.player_view(state, seat), action))
        number += 1

    record.replay(game, collect)
    return found


def judge(
    game: Game, view: State, played: Action, number: int, budget: str, seed: int, seat: int
) -> Decision:
    """Search `view` (the seat's own) with `played` kept at the root; value both choices."""
    bot = make_bot(f"hard:{budget}", game)
    assert isinstance(bot, MCTSBot)
    root = bot.search(view, seat_rng(seed, seat, number), keep=played)
    children = root.children
    best, best_node = max(children.items(), key=lambda kv: (kv[1].visits, kv[1].value))
    node = children.get(played)
    best_value = best_node.value / max(1, best_node.visits)
    if node is None or node.visits == 0:
        played_value = best_value if played == best else -1.0  # never worth a visit
    else:
        played_value = node.value / node.visits
    loss = max(0.0, best_value - played_value) if played != best else 0.0
    return Decision(
        number=number,
        played=str(played),
        played_words=game.describe(view, played),
        best=str(best),
        best_words=game.describe(view, best),
        played_value=round(played_value, 4),
        best_value=round(best_value, 4),
        loss=round(loss, 4),
        mark=mark_of(loss, game.review_thresholds),
        choices=len(view.legal_actions()),
    )

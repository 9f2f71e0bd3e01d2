"""The bot's review of a game: each decision of one seat, judged from that seat's own view.

For every decision with a real choice, the `hard` bot searches the seat's view (never the true
state, so a review knows only what the player knew) with the played action kept in play at
the root. Values are the seat's expected result on the scale of `State.returns()`: 1 is a sure
win and -1/(n-1) a sure loss with n players (-1 at two players, -1/2 at three, -1/3 at four;
a shared win lies between). The loss of a decision is the value of the bot's choice minus the
value of the played action. The game's thresholds are written for two players, where the
scale spans 2; with more players they shrink with the span (n/(n-1)), so a mark means the same
share of the way from a sure win to a sure loss at every player count.

A mark must also be beyond the search's own noise. Each value is a mean of the search's results
(each in [-1, 1]) over the visits of that action, so its standard error follows from the spread
of those results and the visits (`standard_error`); a loss is marked only when it exceeds
`NOISE_Z` standard errors of the difference of the two means. A move the search hardly
visited is therefore never marked on the strength of a few rollouts. The budget is also shared
by `REPEATS` searches with their own seeds, and a loss must exceed their disagreement as well,
so two reviews with different seeds mark the same decisions.

A search with an iteration budget and a fixed seed gives the same review every time; a time
budget (`time`) searches deeper on a fast machine, so it is not reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from leafpile.bots import make_bot
from leafpile.bots.mcts import MCTSBot, Node
from leafpile.engine import Action, Game, GameRecord, LeafpileError, Rng, State
from leafpile.engine.match import seat_rng
from leafpile.i18n import Msg

#: Marks from the worst down: a decision losing at least this much expected result. The scale
#: is returns' [-1, 1], so 0.4 is a fifth of the way from a sure win to a sure loss. A game
#: may set its own (`Game.review_thresholds`).
MARK_NAMES = ("blunder", "mistake", "inaccuracy")

#: Standard errors a loss must exceed to be marked (about a 98% one-sided bound).
NOISE_Z = 2.0
#: Pseudo-results at the widest spread added to each action's own (see `standard_error`).
PRIOR_VISITS = 2.0
#: Independent searches a decision's budget is shared by (their disagreement is noise too).
REPEATS = 3


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
    noise: float = 0.0  # NOISE_Z standard errors of the loss: a smaller loss is not marked

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Review:
    game: str
    seat: int
    budget: str  # e.g. "iterations=400" or "time=1.0"
    seed: int
    decisions: list[Decision] = field(default_factory=list)
    players: int = 2

    @property
    def scale(self) -> str:
        """What a value means (shown with the review)."""
        low = -1.0 / max(1, self.players - 1)
        return f"the seat's expected result: 1 a sure win, {low:g} a sure loss"

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
            "players": self.players,
            "scale": self.scale,
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
    review = Review(game.info.name, seat, budget, seed, players=record.players)
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
    """Search `view` (the seat's own) with `played` kept at the root; value both choices.

    The budget is shared by `REPEATS` searches with their own seeds: the best action is the
    most visited over all of them, each value the mean over all their visits, and the noise
    of the loss the larger of what the visits' spread and the searches' disagreement say."""
    roots = [
        search_once(game, view, played, split(budget, REPEATS), seat_rng(seed + k, seat, number))
        for k in range(REPEATS)
    ]
    pooled: dict[Action, Node] = {}
    for root in roots:
        for action, child in root.children.items():
            total = pooled.setdefault(action, Node(child.mover))
            total.visits += child.visits
            total.value += child.value
            total.square += child.square
    best, best_node = max(pooled.items(), key=lambda kv: (kv[1].visits, kv[1].value))
    node = pooled.get(played)
    best_value = best_node.value / max(1, best_node.visits)
    if node is None or node.visits == 0:
        played_value = best_value if played == best else -1.0  # never worth a visit
    else:
        played_value = node.value / node.visits
    loss = max(0.0, best_value - played_value) if played != best else 0.0
    noise = 0.0
    if played != best:
        noise = max(loss_noise(best_node, node), disagreement(roots, best, played))
    players = view.num_players
    mark = mark_of(loss, scaled(game.review_thresholds, players)) if loss > noise else ""
    return Decision(
        number=number,
        played=str(played),
        played_words=game.describe(view, played),
        best=str(best),
        best_words=game.describe(view, best),
        played_value=round(played_value, 4),
        best_value=round(best_value, 4),
        loss=round(loss, 4),
        mark=mark,
        choices=len(view.legal_actions()),
        noise=round(min(noise, 9.0), 4),
    )


def search_once(game: Game, view: State, played: Action, budget: str, rng: Rng) -> Node:
    bot = make_bot(f"hard:{budget}", game)
    assert isinstance(bot, MCTSBot)
    return bot.search(view, rng, keep=played)


def split(budget: str, parts: int) -> str:
    """A share of a review's budget ("iterations=300" in 3: "iterations=100")."""
    key, _, text = budget.partition("=")
    if key == "iterations":
        return f"iterations={max(1, int(text) // parts)}"
    return f"time={float(text) / parts:g}"


def disagreement(roots: list[Node], best: Action, played: Action) -> float:
    """`NOISE_Z` standard errors of the loss from how much the searches' own losses differ
    (infinite when a search never tried one of the two)."""
    losses = []
    for root in roots:
        b, p = root.children.get(best), root.children.get(played)
        if b is None or p is None or not b.visits or not p.visits:
            return math.inf
        losses.append(b.value / b.visits - p.value / p.visits)
    k = len(losses)
    if k < 2:
        return 0.0
    mean = sum(losses) / k
    spread = math.sqrt(sum((x - mean) ** 2 for x in losses) / (k - 1))
    return NOISE_Z * spread / math.sqrt(k)


def standard_error(node: Node | None) -> float:
    """The standard error of a node's mean result: the spread of its results, with
    `PRIOR_VISITS` pseudo-results at the widest spread a mean allows in [-1, 1] (1 - mean^2),
    so two equal rollouts do not pass for certainty."""
    if node is None or node.visits == 0:
        return math.inf
    n = node.visits
    mean = node.value / n
    widest = max(1.0 - mean * mean, 0.0)
    spread = max(node.square - n * mean * mean, 0.0)
    variance = (spread + PRIOR_VISITS * widest) / (n - 1 + PRIOR_VISITS)
    return math.sqrt(max(variance, 1e-4) / n)


def loss_noise(best: Node, played: Node | None) -> float:
    """`NOISE_Z` standard errors of best's mean minus played's mean."""
    return NOISE_Z * math.hypot(standard_error(best), standard_error(played))


def scaled(thresholds: tuple[float, float, float], players: int) -> tuple[float, float, float]:
    """Two-player thresholds on the scale of `players` (see the module docstring)."""
    if players <= 2:
        return thresholds
    span = players / (players - 1) / 2.0
    a, b, c = thresholds
    return (a * span, b * span, c * span)

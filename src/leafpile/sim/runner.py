"""Play games between bots, one at a time or across local processes.

Bots only ever receive their own player view; the runner is the only code that holds the true
state, like the server does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from leafpile.bots import Bot, BotSeat, make_bot
from leafpile.engine import Game, GameRecord, Rng, State
from leafpile.engine.match import Match, run_match, seat_rng
from leafpile.games import get_game


@dataclass(frozen=True)
class GameResult:
    seed: int
    scores: list[float]
    winners: list[int]
    returns: list[float]
    length: int  # actions in the game
    first_player: int  # who acted first (for first-player-advantage studies)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_game(
    game: Game,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    options: Mapping[str, Any] | None = None,
    record: GameRecord | None = None,
) -> GameResult:
    """One complete game through the match loop; each bot acts on its own view with the
    seat's RNG (`seat_rng`), so the same seed gives the same game."""
    match = Match.start(game, players, seed=seed, options=options)
    seats = [BotSeat(bot, seat_rng(seed, p)) for p, bot in enumerate(bots)]
    run_match(match, seats)
    if record is not None:
        record.actions.extend(match.record.actions)
    state = match.state
    return GameResult(
        seed=seed,
        scores=state.scores(),
        winners=state.winners(),
        returns=state.returns(),
        length=match.length,
        first_player=match.first_player,
    )


def random_playout(state: State, rng: Rng) -> int:
    """Play uniformly random actions to the end on the true state (benchmarks only)."""
    n = 0
    while True:
        actions = state.legal_actions()
        if not actions:
            return n
        state.apply(actions[rng.randrange(len(actions))])
        n += 1


def _play_chunk(args: tuple[str, int, list[int], list[str], dict[str, Any]]) -> list[GameResult]:
    name, players, seeds, seats, options = args
    game = get_game(name)
    bots = [make_bot(s, game) for s in seats]
    return [play_game(game, players, seed, bots, options) for seed in seeds]


def simulate(
    name: str,
    players: int,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; the same arguments give the same
    results whatever the number of workers."""
    opts = dict(options or {})
    seeds = list(range(seed, seed + games))
    results: list[GameResult] = []
    if workers <= 1:
        for result in _iter_serial(name, players, seeds, list(seats), opts):
            results.append(result)
            if on_result:
                on_result(result)
        return results
    workers = min(workers, os.cpu_count() or 1, max(1, games))
    chunk = max(1, min(50, games // (workers * 4) or 1))
    jobs = [
        (name, players, seeds[i : i + chunk], list(seats), opts)
        for i in range(0, len(seeds), chunk)
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for batch in pool.map(_play_chunk, jobs):
            for result in batch:
                results.append(result)
                if on_result:
                    on_result(result)
    return results


def _iter_serial(
    name: str, players: int, seeds: list[int], seats: list[str], options: dict[str, Any]
) -> Iterator[GameResult]:
    game = get_game(name)
    bots = [make_bot(s, game) for s in seats]
    for s in seeds:
        yield play_game(game, players, s, bots, options)

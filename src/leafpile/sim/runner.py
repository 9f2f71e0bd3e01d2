"""Play games between bots: in this process, across local processes, or on a Ray cluster.

Bots only ever receive their own player view; the runner is the only code that holds the true
state, like the server does. Game `i` of a run always has seed `seed + i` (and, in a study that
varies options, the same options), and the results come back in that order whatever the
backend and the number of workers: the same arguments give the same numbers everywhere.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from leafpile.bots import Bot, BotSeat, make_bot
from leafpile.engine import Game, GameRecord, LeafpileError, OptionValue, Rng, State
from leafpile.engine.match import Match, run_match, seat_rng
from leafpile.engine.study import ScorePart
from leafpile.games import get_game
from leafpile.i18n import Msg
from leafpile.sim.components import Component, components

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class GameResult:
    seed: int
    scores: list[float]
    winners: list[int]
    returns: list[float]
    length: int  # actions in the game
    first_player: int  # who acted first (for first-player-advantage studies)
    components: tuple[Component, ...] = ()  # what was in play (studies that ask for it)
    #: Each seat's final score by the game's scoring categories (`Game.score_parts`).
    parts: tuple[ScorePart, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for component in out["components"]:
            component.pop("shown")  # the data keep the English names only
        out["parts"] = {str(part.label): list(part.points) for part in self.parts}
        return out


def play_game(
    game: Game,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    options: Mapping[str, Any] | None = None,
    record: GameRecord | None = None,
    varied: Mapping[str, OptionValue] | None = None,
) -> GameResult:
    """One complete game through the match loop; each bot acts on its own view with the
    seat's RNG (`seat_rng`), so the same seed gives the same game. With `varied` (the
    options chosen for this game, already in `options`), the result lists the components in
    play."""
    match = Match.start(game, players, seed=seed, options=options)
    start = match.state.to_dict() if varied is not None else None
    seats = [BotSeat(bot, seat_rng(seed, p)) for p, bot in enumerate(bots)]
    run_match(match, seats)
    if record is not None:
        record.actions.extend(match.record.actions)
    state = match.state
    found: tuple[Component, ...] = ()
    if start is not None:
        found = components(game.info.name, start, state.to_dict(), varied)
    return GameResult(
        seed=seed,
        scores=state.scores(),
        winners=state.winners(),
        returns=state.returns(),
        length=match.length,
        first_player=match.first_player,
        components=found,
        parts=tuple(game.score_parts(state)),
    )


def random_playout(state: State, rng: Rng) -> int:
    """Play uniformly random actions to the end on the true state (benchmarks only), through
    the game's `random_action` hook (the same draws as a choice from the legal actions)."""
    pick = state.random_action
    apply = state.apply
    n = 0
    while not state.is_terminal():
        apply(pick(rng))
        n += 1
    return n


#: One game to play: its seed and the options varied for it (None: not a study).
Job = tuple[int, dict[str, OptionValue] | None]
#: A batch of games for one worker: game, players, seat names, common options, games.
Chunk = tuple[str, int, list[str], dict[str, Any], list[Job]]


def _play_chunk(chunk: Chunk) -> list[GameResult]:
    name, players, seats, options, jobs = chunk
    game = get_game(name)
    bots = [make_bot(s, game) for s in seats]
    return [
        play_game(game, players, seed, bots, {**options, **(varied or {})}, varied=varied)
        for seed, varied in jobs
    ]


def varied_options(index: int, vary: Mapping[str, Sequence[OptionValue]]) -> dict[str, OptionValue]:
    """The options of game `index` in a study that varies them: every combination in turn
    (the first option changes fastest), so each value is played equally often."""
    out: dict[str, OptionValue] = {}
    for name, values in vary.items():
        out[name] = values[index % len(values)]
        index //= len(values)
    return out


def simulate(
    name: str,
    players: int,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    vary: Mapping[str, Sequence[OptionValue]] | None = None,
    study: bool = False,
) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; the same arguments give the same
    results whatever the backend and the number of workers (None: every local core).

    `backend` is "local" (processes on this machine) or "ray" (a Ray cluster at `address`, or
    a local Ray with `workers` CPUs). `vary` cycles options through the given values, game by
    game; with it or `study`, each result lists the components in play.
    """
    if backend not in BACKENDS:
        raise LeafpileError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    if workers is None:
        workers = os.cpu_count() or 1
    opts = dict(options or {})
    listed = study or bool(vary)
    jobs: list[Job] = [
        (seed + i, varied_options(i, vary) if vary else ({} if listed else None))
        for i in range(games)
    ]
    results: list[GameResult] = []

    def take(result: GameResult) -> None:
        results.append(result)
        if on_result:
            on_result(result)

    if backend == "ray":
        _run_ray(name, players, list(seats), opts, jobs, workers, address, take)
        return sorted(results, key=lambda r: r.seed)
    if workers <= 1 or games <= 1:
        for result in _iter_serial(name, players, list(seats), opts, jobs):
            take(result)
        return results
    workers = min(workers, max(1, games))
    # A Pool, not a ProcessPoolExecutor: leaving the `with` (Ctrl-C in the parent, a failed
    # game) terminates the workers at once instead of waiting for their chunks; the workers
    # leave Ctrl-C to the parent, so one interrupt prints one message and no worker traceback.
    # Ctrl-C is noted while the pool starts (an interrupt inside Pool() would leave it half
    # made, and the KeyboardInterrupt can even be lost in an at-fork hook); once inside the
    # `with`, a noted interrupt is raised, and the way out terminates the pool at once.
    interrupts = NotedInterrupts()
    try:
        pool = multiprocessing.get_context().Pool(workers, initializer=_leave_interrupts)
    except BaseException:
        interrupts.restore()
        raise
    with pool:
        interrupts.restore()  # raises KeyboardInterrupt for one noted meanwhile
        for batch in pool.imap(_play_chunk, _chunks(name, players, seats, opts, jobs, workers)):
            for result in batch:
                take(result)
    return results


class NotedInterrupts:
    """From its creation to `restore()`, Ctrl-C is only noted, then raised by `restore()` (in
    the main thread; elsewhere Python delivers no signal anyway)."""

    def __init__(self) -> None:
        self.noted: list[int] = []
        self.main = threading.current_thread() is threading.main_thread()
        if self.main:
            self.previous = signal.signal(signal.SIGINT, lambda n, _frame: self.noted.append(n))

    def restore(self) -> None:
        if self.main:
            signal.signal(signal.SIGINT, self.previous)
            self.main = False
        if self.noted:
            raise KeyboardInterrupt


def _leave_interrupts() -> None:
    """In a worker: Ctrl-C (sent to the whole process group) is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(
    name: str,
    players: int,
    seats: Sequence[str],
    options: dict[str, Any],
    jobs: list[Job],
    workers: int,
) -> list[Chunk]:
    """Batches of games small enough to spread evenly (and to report progress often)."""
    size = max(1, min(50, len(jobs) // (workers * 4) or 1))
    return [
        (name, players, list(seats), options, jobs[i : i + size]) for i in range(0, len(jobs), size)
    ]


def _run_ray(
    name: str,
    players: int,
    seats: list[str],
    options: dict[str, Any],
    jobs: list[Job],
    workers: int,
    address: str | None,
    take: Callable[[GameResult], None],
) -> None:
    """Play the chunks as Ray tasks. Without `address`, a local Ray is started with `workers`
    CPUs (and stopped afterwards); with one, the cluster's nodes need leafpile installed."""
    try:
        import ray
    except ImportError:
        raise LeafpileError(
            "the ray backend needs the research extra: pip install 'leafpile[research]'"
        ) from None
    started = not ray.is_initialized()
    if started:
        _start_ray(ray, address, workers)
    try:
        task = ray.remote(num_cpus=1)(_play_chunk)
        pending = [
            task.remote(chunk) for chunk in _chunks(name, players, seats, options, jobs, workers)
        ]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                for result in ray.get(ref):
                    take(result)
    finally:
        if started:
            ray.shutdown()


class BackendError(LeafpileError):
    """The backend could not start (no cluster at the address, one already running): the
    run did not begin, and the command says so in one line."""


def _start_ray(ray: Any, address: str | None, workers: int) -> None:
    """Join the cluster at `address`, or start a local Ray with `workers` CPUs, listening on
    loopback only (`_local_ray`); the two ways this fails for a reason outside leafpile (no
    cluster there; a cluster already running, which a local start would join with its own
    CPU count) become one-line errors."""
    try:
        if address:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        else:
            _local_ray(ray, workers)
    except ConnectionError:
        raise BackendError(
            Msg("no Ray cluster is running at --address {address}", address=str(address))
        ) from None
    except ValueError as e:
        if "existing cluster" not in str(e):
            raise
        raise BackendError(
            Msg(
                "a Ray cluster is already running on this machine: join it with --address auto "
                "(or stop it) rather than starting a local one"
            )
        ) from None


def _local_ray(ray: Any, workers: int) -> None:
    """Start a local Ray whose servers listen on loopback only.

    Ray has a switch for multi-node clusters (the environment variable
    `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER`, on by default on Linux): on, a node takes the
    machine's network address, even when told `127.0.0.1`, and its servers (GCS, raylet,
    object manager, workers) listen on every address; off, the node's address is loopback
    and they listen on 127.0.0.1 only. Ray reads the variable once, when it is imported, so
    the switch is turned off around this start (and back afterwards, so the same process can
    still join a real cluster); a Ray without the switch is refused rather than left
    listening on every address."""
    ray_constants: Any = getattr(getattr(ray, "_private", None), "ray_constants", None)
    if not hasattr(ray_constants, "ENABLE_RAY_CLUSTER"):
        raise BackendError(
            Msg(
                "this version of Ray cannot be kept to loopback: start a cluster yourself and "
                "join it with --address"
            )
        )
    saved = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        ray.init(
            num_cpus=workers,
            include_dashboard=False,
            object_store_memory=128 * 1024 * 1024,
            log_to_driver=False,
            logging_level=logging.ERROR,
            _node_ip_address="127.0.0.1",
        )
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = saved


def _iter_serial(
    name: str, players: int, seats: list[str], options: dict[str, Any], jobs: list[Job]
) -> Iterator[GameResult]:
    game = get_game(name)
    bots = [make_bot(s, game) for s in seats]
    for seed, varied in jobs:
        yield play_game(game, players, seed, bots, {**options, **(varied or {})}, varied=varied)

"""Balance studies: many games between bots (`simulate`) and the balance report (`analyze`)."""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from leafpile.cli.common import (
    GAME_HELP,
    HUMAN,
    OptionArg,
    PlayersArg,
    app,
    console,
    fail,
    h,
    lookup_game,
    parse_options,
    parse_seats,
    progress_bar,
    say,
    stopped_by_interrupt,
)
from leafpile.engine import Game, LeafpileError
from leafpile.i18n import Msg, error_text, localize

if TYPE_CHECKING:
    from leafpile.sim.runner import GameResult

# -- simulate ---------------------------------------------------------------------------------
GamesArg = Annotated[int, typer.Option(help=h(Msg("Number of games.")), min=1)]
FirstSeedArg = Annotated[
    int, typer.Option(help=h(Msg("Seed of the first game (then +1 per game).")))
]
WorkersArg = Annotated[
    int | None,
    typer.Option(help=h(Msg("Processes (or local Ray CPUs) to use (default: every core).")), min=1),
]
BackendArg = Annotated[
    str,
    typer.Option(help=h(Msg("Where games run: 'local' processes, or 'ray' (a Ray cluster)."))),
]
AddressArg = Annotated[
    str | None,
    typer.Option(
        help=h(
            Msg(
                "With --backend ray: the cluster to join ('auto', or host:port); "
                "without it a local Ray is started."
            )
        )
    ),
]


@contextlib.contextmanager
def backend_errors() -> Iterator[None]:
    """A backend that cannot start (Ray: no cluster at --address, or one already running) is
    a one-line error, not a traceback."""
    from leafpile.sim.runner import BackendError

    try:
        yield
    except BackendError as e:
        raise fail(e) from None


def check_backend(backend: str, address: str | None) -> str:
    """The backend name, or a clear error (also for --address without --backend ray)."""
    from leafpile.sim.runner import BACKENDS

    backend = backend.strip().lower()
    if backend not in BACKENDS:
        raise fail(
            Msg(
                "unknown backend {backend}; use one of: {known}",
                backend=repr(backend),
                known=", ".join(BACKENDS),
            )
        )
    if address is not None and backend != "ray":
        raise fail(Msg("--address only applies with --backend ray"))
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise fail(
                Msg("--backend ray needs the research extra: {install}", install=RESEARCH)
            ) from None
    return backend


@app.command(
    "simulate",
    help=h(
        Msg(
            "Play many games between bots and summarise win shares, scores and lengths.\n\n"
            "The same seed gives the same numbers with any backend and number of workers."
        )
    ),
)
def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    games: GamesArg = 100,
    seats: Annotated[
        str | None,
        typer.Option(
            help=h(Msg("Comma-separated bot names, one per seat (default: random bots)."))
        ),
    ] = None,
    players: PlayersArg = None,
    seed: FirstSeedArg = 0,
    option: OptionArg = None,
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
    as_json: Annotated[bool, typer.Option("--json", help=h(Msg("Print one JSON object.")))] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help=h(Msg("Also write one JSON line per game to this file (seed, seats, scores...).")),
        ),
    ] = None,
) -> None:
    """Play many games between bots and summarise win shares, scores and lengths.

    The same seed gives the same numbers with any backend and number of workers."""
    from leafpile.sim import simulate, summarize
    from leafpile.sim.games_log import write_games

    game = lookup_game(game_name)
    players, names = parse_seats(game, seats, players, default="random")
    if any(n in HUMAN for n in names):
        raise fail(Msg("simulate needs bots in every seat"))
    options = parse_options(option)
    try:
        game.resolve_options(players, options)
    except LeafpileError as e:
        raise fail(e) from None
    backend = check_backend(backend, address)
    start = time.perf_counter()
    run = functools.partial(
        simulate,
        game.info.name,
        players,
        names,
        games,
        seed,
        options,
        workers,
        backend=backend,
        address=address,
        study=out is not None,
    )
    if out is not None and out.is_dir():
        raise fail(Msg("--out {out} is a folder, not a file", out=str(out)))
    done: list[GameResult] = []
    with stopped_by_interrupt(lambda: len(done), games), backend_errors():
        if as_json:
            results = run(on_result=done.append)
        else:
            with progress_bar() as progress:
                task = progress.add_task(escape(game.info.name), total=games)

                def advance(result: GameResult) -> None:
                    done.append(result)
                    progress.advance(task)

                results = run(on_result=advance)
    summary = summarize(game.info.name, names, results, time.perf_counter() - start)
    if out is not None:
        try:
            write_games(out, names, results)
        except OSError as e:
            raise fail(
                Msg("cannot write the games to {out}: {error}", out=str(out), error=e.strerror)
            ) from None
    if as_json:
        sys.stdout.write(json.dumps(summary.to_dict()) + "\n")
        return
    title = Msg(
        "{game}: {games}, {players}",
        game=game.info.title,
        games=Msg.plural("{n} game", "{n} games", summary.games),
        players=Msg.plural("{n} player", "{n} players", players),
    )
    table = Table(title=escape(title.localize()))
    for col in SIMULATE_COLUMNS:
        # the interval never wraps: narrow terminals wrap the wordier headers instead
        table.add_column(escape(col.localize()), justify="right", no_wrap=col == "95% CI")
    for s in summary.seats:
        table.add_row(
            str(s.seat),
            s.bot,
            f"{s.win_share:.1%}",
            f"{s.ci95[0]:.1%}-{s.ci95[1]:.1%}",
            f"{s.mean_score:.2f}",
            f"{s.score_sd:.2f}",
            f"{s.min_score:g}",
            f"{s.max_score:g}",
        )
    console.print(table)
    numbers = {
        "length": f"{summary.mean_length:.1f}",
        "draws": summary.draws,
        "speed": f"{summary.games_per_second:.1f}",
    }
    if summary.first_player_win_share is None:
        line = Msg("mean length {length} actions; draws {draws}; {speed} games/s", **numbers)
    else:
        line = Msg(
            "mean length {length} actions; draws {draws}; first player's win share {share}; "
            "{speed} games/s",
            share=f"{summary.first_player_win_share:.1%}",
            **numbers,
        )
    console.print(escape(line.localize()))


#: The columns of `simulate`'s table.
SIMULATE_COLUMNS = (
    Msg("seat"),
    Msg("bot"),
    Msg("win share"),
    Msg("95% CI"),
    Msg("mean score"),
    Msg("sd"),
    Msg("min"),
    Msg("max"),
)
RESEARCH = "pip install 'leafpile[research]'"


# -- analyze ----------------------------------------------------------------------------------
def parse_vary(
    game: Game, players: int, given: list[str] | None, fixed: dict[str, Any]
) -> dict[str, tuple[Any, ...]]:
    """Options to cycle through: NAME (all its choices) or NAME=A,B; without --vary, the
    game's default study (Autumn solo: the challenges) unless -o fixes that option."""
    if not given:
        given = [n for n in game.varied_options.get(players, ()) if n not in fixed]
    out: dict[str, tuple[Any, ...]] = {}
    for item in given:
        name, sep, text = item.partition("=")
        name = name.strip()
        spec = game.info.option_map.get(name)
        if spec is None:
            known = ", ".join(game.info.option_map) or say("none")
            raise fail(
                Msg(
                    "--vary {name}: {game} has no such option (options: {known})",
                    name=repr(name),
                    game=game.info.title,
                    known=known,
                )
            )
        if spec.players is not None and players not in spec.players:
            raise fail(
                Msg(
                    "--vary {name}: that option does not apply to {players} player(s)",
                    name=repr(name),
                    players=players,
                )
            )
        if name in fixed:
            raise fail(
                Msg("option {name} is both fixed with -o and varied with --vary", name=repr(name))
            )
        if isinstance(spec.default, tuple):
            raise fail(Msg("--vary {name}: list options cannot be varied", name=repr(name)))
        if sep:
            try:
                values = tuple(spec.coerce(v.strip()) for v in text.split(",") if v.strip())
            except LeafpileError as e:
                raise fail(Msg("--vary {name}: {error}", name=name, error=error_text(e))) from None
        elif spec.choices is not None:
            values = spec.choices
        elif isinstance(spec.default, bool):
            values = (False, True)
        else:
            raise fail(
                Msg(
                    "--vary {name} needs its values, e.g. --vary {example}",
                    name=repr(name),
                    example=f"{name}=1,2,3",
                )
            )
        if len(values) < 2:
            raise fail(Msg("--vary {name} needs at least two values", name=repr(name)))
        out[name] = values
    try:
        for value in itertools.product(*out.values()):
            game.resolve_options(players, {**fixed, **dict(zip(out, value, strict=True))})
    except LeafpileError as e:
        raise fail(e) from None
    return out


@app.command(
    "analyze",
    help=h(
        Msg(
            "Write a balance report (HTML with plots): seat and first-player advantage, scores, "
            "game length, and the effect of each component or option on who wins."
        )
    ),
)
def analyze_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    out: Annotated[Path, typer.Option("--out", help=h(Msg("Folder for the report (index.html).")))],
    games: GamesArg = 1000,
    seats: Annotated[
        str | None,
        typer.Option(
            help=h(Msg("Comma-separated bot names, one per seat (default: greedy bots)."))
        ),
    ] = None,
    players: PlayersArg = None,
    seed: FirstSeedArg = 0,
    option: OptionArg = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help=h(
                Msg(
                    "Cycle an option through its values, game by game: NAME (every choice) or "
                    "NAME=A,B (repeatable); its values are then compared like components."
                )
            )
        ),
    ] = None,
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    """Write a balance report (HTML with plots): seat and first-player advantage, scores,
    game length, and the effect of each component or option on who wins."""
    try:
        from leafpile.sim.analysis import analyze
        from leafpile.sim.games_log import write_games
        from leafpile.sim.report import findings, write_report
    except ImportError:
        raise fail(Msg("analyze needs the research extra: {install}", install=RESEARCH)) from None
    from leafpile.sim import simulate

    game = lookup_game(game_name)
    players, names = parse_seats(game, seats or "greedy", players, default="greedy")
    if any(n in HUMAN for n in names):
        raise fail(Msg("analyze needs bots in every seat"))
    options = parse_options(option)
    try:
        game.resolve_options(players, options)
    except LeafpileError as e:
        raise fail(e) from None
    varied = parse_vary(game, players, vary, options)
    backend = check_backend(backend, address)
    if out.exists() and not out.is_dir():
        raise fail(Msg("--out {out} exists and is not a folder", out=str(out)))
    done: list[GameResult] = []
    with (
        stopped_by_interrupt(lambda: len(done), games),
        backend_errors(),
        progress_bar() as progress,
    ):
        words = Msg(
            "{game}: {games}",
            game=game.info.name,
            games=Msg.plural("{n} game", "{n} games", games),
        )
        task = progress.add_task(escape(words.localize()), total=games)

        def advance(result: GameResult) -> None:
            done.append(result)
            progress.advance(task)

        results = simulate(
            game.info.name,
            players,
            names,
            games,
            seed,
            options,
            workers,
            advance,
            backend=backend,
            address=address,
            vary=varied,
            study=True,
        )
    analysis = analyze(game.info.name, game.info.title, names, results, seed, options, varied)
    command = " ".join(
        [
            f"leafpile analyze {game.info.name} --players {players}",
            f"--seats {','.join(names)} --games {games} --seed {seed} --out {out}",
            *(f"-o {k}={v}" for k, v in options.items()),
            *(f"--vary {k}={','.join(map(str, v))}" for k, v in varied.items()),
        ]
    )
    try:
        page = write_report(analysis, out, command)
        write_games(out / "games.jsonl", names, results)
    except OSError as e:
        raise fail(
            Msg("cannot write the report to {out}: {error}", out=str(out), error=e.strerror)
        ) from None
    for line in findings(analysis):
        console.print("- " + escape(localize(line)))
    console.print(escape(say("report written to {page}", page=str(page))))

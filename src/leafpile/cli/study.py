"""Studying games: the bot's review of a game and the engine's speed (balance studies are in
`balance.py`)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from leafpile.cli.common import (
    GAME_HELP,
    app,
    check_players,
    console,
    fail,
    h,
    lookup_game,
    progress_bar,
    say,
)
from leafpile.engine import Game, GameRecord, LeafpileError, Rng
from leafpile.games import GAMES
from leafpile.i18n import Msg, localize


# -- review -----------------------------------------------------------------------------------
@app.command(
    "review",
    help=h(Msg("The bot's review of one seat's decisions, judged from that seat's own view.")),
)
def review_command(
    file: Annotated[
        Path, typer.Argument(help=h(Msg("A game record written by --save or the server.")))
    ],
    seat: Annotated[
        int, typer.Option(help=h(Msg("The seat whose decisions are reviewed.")), min=0)
    ] = 0,
    iterations: Annotated[
        int, typer.Option(help=h(Msg("Search iterations per decision (reproducible).")), min=50)
    ] = 2000,
    time_per_decision: Annotated[
        float,
        typer.Option(
            "--time", help=h(Msg("Seconds per decision instead (deeper, not reproducible).")), min=0
        ),
    ] = 0.0,
    seed: Annotated[int, typer.Option(help=h(Msg("Seed of the bot's search.")))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=h(Msg("Print one JSON object.")))] = False,
) -> None:
    """The bot's review of one seat's decisions, judged from that seat's own view."""
    from leafpile.bots.review import review_record

    try:
        record = GameRecord.load(file)
        game = lookup_game(record.game)
        with progress_bar(on_stderr=True, disable=as_json) as progress:
            task = progress.add_task(say("reviewing"), total=None)
            review = review_record(
                record,
                game,
                seat,
                iterations,
                time_per_decision,
                seed,
                lambda done, total: progress.update(task, completed=done, total=total),
            )
    except LeafpileError as e:
        raise fail(e) from None
    if as_json:
        print(json.dumps(review.to_dict(), indent=1, ensure_ascii=False))
        return
    title = say(
        "{game}: review of {seat} ({budget})",
        game=game.info.title,
        seat=f"P{seat}",
        budget=review.budget,
    )
    table = Table(title=escape(title))
    for col in ("#", say("played"), say("the bot's choice"), say("value"), say("loss"), ""):
        table.add_column(escape(col))
    for d in review.decisions:
        colour = {"blunder": "red", "mistake": "orange3", "inaccuracy": "yellow"}.get(d.mark, "")
        mark = f"[{colour}]{escape(MARK_WORDS[d.mark].localize())}[/]" if d.mark else ""
        same = d.best == d.played
        table.add_row(
            str(d.number + 1),
            escape(localize(d.played_words)),
            "=" if same else escape(localize(d.best_words)),
            f"{d.played_value:+.2f}" if same else f"{d.played_value:+.2f} / {d.best_value:+.2f}",
            f"{d.loss:.2f}",
            mark,
        )
    console.print(table)
    counts = ", ".join(MARK_COUNTS[name](n).localize() for name, n in review.counts().items())
    summary = Msg.plural(
        "accuracy {accuracy}% over {n} decision; {counts}.",
        "accuracy {accuracy}% over {n} decisions; {counts}.",
        len(review.decisions),
        accuracy=f"{review.accuracy:.0f}",
        counts=counts,
    )
    scale = say("Values are expected results from -1 (a sure loss) to +1 (a sure win).")
    console.print(escape(summary.localize() + " " + scale))
    for d in review.worst():
        line = say(
            "action {n}: {played} — better: {best} (loses {loss})",
            n=d.number + 1,
            played=localize(d.played_words),
            best=localize(d.best_words),
            loss=f"{d.loss:.2f}",
        )
        console.print("  " + escape(line))


#: A decision's mark, and how many of each, in the reader's language.
MARK_WORDS = {
    "blunder": Msg("blunder"),
    "mistake": Msg("mistake"),
    "inaccuracy": Msg("inaccuracy"),
}
MARK_COUNTS = {
    "blunder": lambda n: Msg.plural("{n} blunder", "{n} blunders", n),
    "mistake": lambda n: Msg.plural("{n} mistake", "{n} mistakes", n),
    "inaccuracy": lambda n: Msg.plural("{n} inaccuracy", "{n} inaccuracies", n),
}


# -- bench ------------------------------------------------------------------------------------
@app.command(
    "bench",
    help=h(
        Msg(
            "Random-playout throughput on one core: games/s and actions/s per game and player "
            "count."
        )
    ),
)
def bench_command(
    game_name: Annotated[str | None, typer.Argument(metavar="[GAME]", help=GAME_HELP)] = None,
    seconds: Annotated[float, typer.Option(help=h(Msg("Time per measurement.")), min=0.05)] = 2.0,
    players: Annotated[int | None, typer.Option(help=h(Msg("Only this player count.")))] = None,
) -> None:
    """Random-playout throughput on one core: games/s and actions/s per game and player count."""
    from leafpile.sim import random_playout

    chosen = [lookup_game(game_name)] if game_name else list(GAMES.values())
    runs: list[tuple[Game, int]] = []
    for game in chosen:
        info = game.info
        counts = [players] if players else _bench_counts(info.min_players, info.max_players)
        for n in counts:
            check_players(game, n)
            runs.append((game, n))
    table = Table(title=escape(say("random playouts, one core")))
    for col in (
        say("game"),
        say("players"),
        say("games"),
        say("games/s"),
        say("actions/s"),
        say("actions/game"),
    ):
        table.add_column(escape(col), justify="right")
    with progress_bar() as progress:
        task = progress.add_task(escape(say("measuring")), total=len(runs))
        for game, n in runs:
            words = Msg.plural("{game}, {n} player", "{game}, {n} players", n, game=game.info.name)
            progress.update(task, description=escape(words.localize()))
            rng = Rng(12345)
            done = actions = 0
            start = time.perf_counter()
            while True:
                state = game.new_state(n, seed=done)
                actions += random_playout(state, rng)
                done += 1
                elapsed = time.perf_counter() - start
                if elapsed >= seconds:
                    break
            table.add_row(
                game.info.name,
                str(n),
                str(done),
                f"{done / elapsed:,.1f}",
                f"{actions / elapsed:,.0f}",
                f"{actions / done:.1f}",
            )
            progress.advance(task)
    console.print(table)


def _bench_counts(lo: int, hi: int) -> list[int]:
    counts = [n for n in (2, 4) if lo <= n <= hi]
    return counts or [lo]

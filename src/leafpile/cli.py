"""The `leafpile` command line: list games, play in the terminal, replay, simulate, benchmark."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from leafpile import i18n
from leafpile.bots import BOTS, BotSeat, make_bot
from leafpile.engine import Action, Game, GameRecord, LeafpileError, Rng, State
from leafpile.engine.match import Match, Seat, run_match, seat_rng
from leafpile.games import GAMES, get_game
from leafpile.i18n import Msg, localize

app = typer.Typer(
    help="Play, replay, simulate and benchmark Autumn, Momiji, Under the Leaves and Undergrove.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
HUMAN = ("me", "human")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        console.print(f"leafpile {version('leafpile')}")
        raise typer.Exit()


@app.callback()
def _main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language of what you read: en, fr or ru (default: LEAFPILE_LANG, then the "
            "terminal's locale).",
        ),
    ] = None,
) -> None:
    """Play, replay, simulate and benchmark Autumn, Momiji, Under the Leaves and Undergrove."""
    try:
        i18n.use(lang.lower() if lang else i18n.from_environment())
    except ValueError as e:
        raise fail(str(e)) from None


OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]
PlayersArg = Annotated[
    int | None, typer.Option(help="Number of players (default: number of seats, or 2).")
]


def say(msgid: str, **args: Any) -> str:
    """A sentence in the reader's language (`--lang`, LEAFPILE_LANG or the locale)."""
    return Msg(msgid, **args).localize()


def fail(message: str) -> typer.Exit:
    """Print a clear error and return the exit to raise (exit code 2, nothing changed)."""
    label = say("error:")
    console.print(f"[bold red]{escape(label)}[/] {escape(localize(message))}")
    return typer.Exit(code=2)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise fail(f"option {pair!r} must look like NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def lookup_game(name: str) -> Game:
    try:
        return get_game(name)
    except LeafpileError as e:
        raise fail(str(e)) from None


def parse_seats(
    game: Game, seats: str | None, players: int | None, default: str
) -> tuple[int, list[str]]:
    """Seat names, one per player. Without --seats: `default` then random bots; one name for
    several players is repeated; without --players the count is the number of seats (or 2)."""
    info = game.info
    names = [s.strip().lower() for s in (seats or "").split(",") if s.strip()]
    if players is None:
        players = len(names) if len(names) > 1 else max(info.min_players, min(2, info.max_players))
    if not info.min_players <= players <= info.max_players:
        raise fail(f"{info.title} is played by {info.min_players}-{info.max_players} players")
    if not names:
        names = [default] + ["random"] * (players - 1)
    if len(names) == 1 and players > 1:
        names = names * players
    if len(names) != players:
        raise fail(f"--seats lists {len(names)} seat(s) but the game has {players} player(s)")
    for name in names:
        if name in HUMAN:
            continue
        try:
            make_bot(name)  # also checks settings such as "mcts:time=0.5"
        except LeafpileError as e:
            known = ", ".join(["me", *sorted(BOTS)])
            raise fail(f"bad seat {name!r}: {e} (seats: {known})") from None
    return players, names


@app.command("games")
def games_command() -> None:
    """List the registered games with their player counts and options."""
    table = Table(title="leafpile games")
    table.add_column("game", style="bold")
    table.add_column("players")
    table.add_column("options (default)")
    table.add_column("about")
    for game in GAMES.values():
        info = game.info
        opts = "\n".join(
            f"{o.name}={_show(o.default)}"
            + (f" [{'/'.join(_show(c) for c in o.choices)}]" if o.choices else "")
            + (f" ({'/'.join(map(str, o.players))}p)" if o.players else "")
            for o in info.options
        )
        table.add_row(
            info.name, f"{info.min_players}-{info.max_players}", escape(opts), info.summary
        )
    console.print(table)


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "''"
    return str(value)


# -- play -------------------------------------------------------------------------------------
@app.command("play")
def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="autumn, momiji, ...")],
    seats: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated seats: 'me' (a human) or a bot name "
            "(default: me, then random bots)."
        ),
    ] = None,
    players: PlayersArg = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible game.")] = None,
    option: OptionArg = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record (JSON) here.")] = None,
) -> None:
    """Play in the terminal: hot-seat (several 'me' seats) or against bots."""
    game = lookup_game(game_name)
    players, names = parse_seats(game, seats, players, default="me")
    if save is not None:
        check_writable(save)
    try:
        match = Match.start(game, players, seed=seed, options=parse_options(option), seats=names)
    except LeafpileError as e:
        raise fail(str(e)) from None
    state = match.state
    humans = [p for p, n in enumerate(names) if n in HUMAN]
    deciders: list[Seat] = [
        TerminalSeat(p, len(humans) > 1)
        if n in HUMAN
        else BotSeat(make_bot(n, game), seat_rng(state.seed, p))
        for p, n in enumerate(names)
    ]
    console.print(
        f"[bold]{game.info.title}[/]: "
        + escape(say("seed {seed}, seats {seats}", seed=state.seed, seats=", ".join(names)))
    )
    for p, n in enumerate(names):
        console.print(f"  P{p}: {escape(seat_label(n, len(humans) == 1))}")

    def show(before: State, _player: int, action: Action) -> None:
        console.print(f"[cyan]>[/] {escape(localize(game.describe(before, action)))}")

    try:
        if not run_match(match, deciders, show):
            console.print(say("game abandoned"))
    finally:
        if save is not None:
            match.record.metadata["finished"] = state.is_terminal()
            match.record.save(save)
            console.print(escape(say("game record written to {path}", path=str(save))))
    if state.is_terminal():
        viewer = humans[0] if len(humans) == 1 else None
        shown = state if viewer is None else game.player_view(state, viewer)
        console.print(game.render(shown, viewer))
        _print_result(state)


def seat_label(name: str, one_human: bool) -> str:
    """How a seat is introduced: 'you' when one person plays, else 'a person'; bots by level."""
    if name in HUMAN:
        return say("you") if one_human else say("a person at this terminal")
    return say("{level} bot", level=name)


def check_writable(path: Path) -> None:
    """Refuse a --save path that cannot be written before the game starts, not after it."""
    if path.is_dir():
        raise fail(
            say(
                "--save {path} is a folder; give a file name such as {example}",
                path=str(path),
                example=str(path / "game.json"),
            )
        )
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise fail(say("--save: the folder {folder} does not exist", folder=str(parent)))
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise fail(say("--save: {path} cannot be written (permission denied)", path=str(path)))


def _print_result(state: State) -> None:
    scores = ", ".join(f"P{p} {s:g}" for p, s in enumerate(state.scores()))
    won = state.winners()
    who = ", ".join(f"P{p}" for p in won) or say("nobody")
    over = say("game over")
    console.print(
        f"[bold]{escape(over)}[/]: "
        + escape(say("scores {scores}; winner(s): {who}", scores=scores, who=who))
    )


class TerminalSeat:
    """A person at this terminal: shown their own view, asked until a legal action is
    entered (number or notation); quitting leaves the game."""

    asks_forced = True

    def __init__(self, player: int, hot_seat: bool) -> None:
        self.player = player
        self.hot_seat = hot_seat

    def choose(self, view: State) -> Action | None:
        player = self.player
        if self.hot_seat:
            console.rule(escape(say("P{player}'s turn", player=player)))
        console.print(view.game.render(view, player))
        actions = view.legal_actions()
        _print_actions(actions)
        while True:
            try:
                text = console.input(
                    f"[bold]P{player}[/] "
                    + escape(say("action (number, notation, ? or quit):"))
                    + " "
                )
            except EOFError:
                return None
            text = text.strip()
            if not text:
                continue
            if text in ("quit", "q", "exit"):
                return None
            if text in ("?", "help", "list"):
                _print_actions(actions)
                continue
            if text.isdigit():
                index = int(text)
                if 1 <= index <= len(actions):
                    return actions[index - 1]
                console.print(
                    "[red]"
                    + escape(
                        say("no action number {n}; choose 1-{last}", n=index, last=len(actions))
                    )
                    + "[/]"
                )
                continue
            try:
                return view.parse_action(text)
            except LeafpileError as e:
                console.print(f"[red]{escape(localize(e.args[0] if e.args else str(e)))}[/]")


def _print_actions(actions: list[Any]) -> None:
    cells = [f"[dim]{i + 1:>3}[/] {a}" for i, a in enumerate(actions)]
    width = max((len(str(a)) for a in actions), default=4) + 5
    per_line = max(1, min(8, (console.width or 80) // (width + 2)))
    for i in range(0, len(cells), per_line):
        console.print("  ".join(c.ljust(width + 7) for c in cells[i : i + per_line]))


# -- replay -----------------------------------------------------------------------------------
@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record written by --save or the server.")],
    at: Annotated[
        int | None, typer.Option(help="Show the state after this many actions and exit.")
    ] = None,
) -> None:
    """Step through a saved game: Enter/n next, p previous, j N jump, e end, q quit."""
    try:
        record = GameRecord.load(file)
        game = lookup_game(record.game)
        states = list(record.states(game))
    except LeafpileError as e:
        raise fail(str(e)) from None
    last = len(states) - 1
    if at is not None:
        if not 0 <= at <= last:
            raise fail(f"--at must be between 0 and {last}")
        _show_step(game, record, states, at)
        return
    index = 0
    while True:
        _show_step(game, record, states, index)
        try:
            cmd = console.input("[bold]replay[/] (n, p, j N, e, q): ").strip().lower()
        except EOFError:
            return
        if cmd in ("", "n", "next"):
            index = min(last, index + 1)
        elif cmd in ("p", "prev", "previous"):
            index = max(0, index - 1)
        elif cmd in ("e", "end"):
            index = last
        elif cmd in ("q", "quit"):
            return
        elif cmd.startswith("j"):
            arg = cmd[1:].strip()
            if arg.isdigit() and 0 <= int(arg) <= last:
                index = int(arg)
            else:
                console.print(f"[red]jump needs a number from 0 to {last}, e.g. 'j 5'[/]")
        else:
            console.print(f"[red]unknown command {cmd!r}[/]")


def _show_step(game: Game, record: GameRecord, states: list[State], index: int) -> None:
    last = len(states) - 1
    console.rule(f"{game.info.title}: after action {index} of {last}")
    if index > 0:
        console.print(
            f"[cyan]>[/] {game.describe(states[index - 1], _action(states, record, index))}"
        )
    console.print(game.render(states[index], None))
    if states[index].is_terminal():
        _print_result(states[index])


def _action(states: list[State], record: GameRecord, index: int) -> Any:
    return states[index - 1].parse_action(record.actions[index - 1])


# -- rules ------------------------------------------------------------------------------------
@app.command("rules")
def rules_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="autumn, momiji, ...")],
    lang: Annotated[
        str | None,
        typer.Option(help="en, fr or ru (default: LEAFPILE_LANG or the terminal's locale)."),
    ] = None,
) -> None:
    """How to play GAME, for people, with pictures of real positions."""
    from rich.markdown import Markdown
    from rich.panel import Panel

    from leafpile import i18n
    from leafpile.i18n import rulebook

    game = lookup_game(game_name)
    try:
        chosen = i18n.check(lang.lower()) if lang else i18n.from_environment()
    except ValueError as e:
        raise fail(str(e)) from None
    for part in rulebook.parts(rulebook.read(game, chosen)):
        if isinstance(part, str):
            console.print(Markdown(part))
            continue
        try:
            picture = game.render(part.view(game), part.viewer)
        except LeafpileError as e:
            raise fail(str(e)) from None
        console.print(Panel(picture, title=escape(part.caption), expand=False))


# -- review -----------------------------------------------------------------------------------
@app.command("review")
def review_command(
    file: Annotated[Path, typer.Argument(help="A game record written by --save or the server.")],
    seat: Annotated[int, typer.Option(help="The seat whose decisions are reviewed.", min=0)] = 0,
    iterations: Annotated[
        int, typer.Option(help="Search iterations per decision (reproducible).", min=50)
    ] = 2000,
    time_per_decision: Annotated[
        float,
        typer.Option(
            "--time", help="Seconds per decision instead (deeper, not reproducible).", min=0
        ),
    ] = 0.0,
    seed: Annotated[int, typer.Option(help="Seed of the bot's search.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The bot's review of one seat's decisions, judged from that seat's own view."""
    from leafpile.bots.review import review_record

    try:
        record = GameRecord.load(file)
        game = lookup_game(record.game)
        with Progress(
            "reviewing",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            disable=as_json,
        ) as progress:
            task = progress.add_task("review", total=None)
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
        raise fail(str(e)) from None
    if as_json:
        print(json.dumps(review.to_dict(), indent=1, ensure_ascii=False))
        return
    table = Table(title=f"{game.info.title}: review of P{seat} ({review.budget})")
    for col in ("#", "played", "the bot's choice", "value", "loss", ""):
        table.add_column(col)
    for d in review.decisions:
        colour = {"blunder": "red", "mistake": "orange3", "inaccuracy": "yellow"}.get(d.mark, "")
        mark = f"[{colour}]{d.mark}[/]" if d.mark else ""
        same = d.best == d.played
        table.add_row(
            str(d.number + 1),
            escape(d.played_words),
            "=" if same else escape(d.best_words),
            f"{d.played_value:+.2f}" if same else f"{d.played_value:+.2f} / {d.best_value:+.2f}",
            f"{d.loss:.2f}",
            mark,
        )
    console.print(table)
    plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
    counts = ", ".join(f"{n} {plural[name]}" for name, n in review.counts().items())
    console.print(
        f"accuracy {review.accuracy:.0f}% over {len(review.decisions)} decisions; {counts}. "
        "Values are expected results from -1 (a sure loss) to +1 (a sure win)."
    )
    for d in review.worst():
        console.print(
            f"  action {d.number + 1}: {escape(d.played_words)} — better: "
            f"{escape(d.best_words)} (loses {d.loss:.2f})"
        )


# -- simulate ---------------------------------------------------------------------------------
@app.command("simulate")
def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option(help="Number of games.", min=1)] = 100,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated bot names, one per seat (default: random bots)."),
    ] = None,
    players: PlayersArg = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game (then +1 per game).")] = 0,
    option: OptionArg = None,
    workers: Annotated[int, typer.Option(help="Local processes to use.", min=1)] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play many games between bots and summarise win shares, scores and lengths."""
    from leafpile.sim import simulate, summarize

    game = lookup_game(game_name)
    players, names = parse_seats(game, seats, players, default="random")
    if any(n in HUMAN for n in names):
        raise fail("simulate needs bots in every seat")
    options = parse_options(option)
    try:
        game.resolve_options(players, options)
    except LeafpileError as e:
        raise fail(str(e)) from None
    start = time.perf_counter()
    if as_json:
        results = simulate(game.info.name, players, names, games, seed, options, workers)
    else:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task(f"{game.info.name}", total=games)
            results = simulate(
                game.info.name,
                players,
                names,
                games,
                seed,
                options,
                workers,
                on_result=lambda _r: progress.advance(task),
            )
    summary = summarize(game.info.name, names, results, time.perf_counter() - start)
    if as_json:
        sys.stdout.write(json.dumps(summary.to_dict()) + "\n")
        return
    table = Table(title=f"{game.info.title}: {summary.games} games, {players} players")
    for col in ("seat", "bot", "win share", "95% CI", "mean score", "sd", "min", "max"):
        table.add_column(col, justify="right")
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
    extra = (
        f"first player's win share {summary.first_player_win_share:.1%}; "
        if summary.first_player_win_share is not None
        else ""
    )
    console.print(
        f"mean length {summary.mean_length:.1f} actions; draws {summary.draws}; {extra}"
        f"{summary.games_per_second:.1f} games/s"
    )


# -- bench ------------------------------------------------------------------------------------
@app.command("bench")
def bench_command(
    game_name: Annotated[str | None, typer.Argument(metavar="[GAME]")] = None,
    seconds: Annotated[float, typer.Option(help="Time per measurement.", min=0.05)] = 2.0,
    players: Annotated[int | None, typer.Option(help="Only this player count.")] = None,
) -> None:
    """Random-playout throughput on one core: games/s and actions/s per game and player count."""
    from leafpile.sim import random_playout

    chosen = [lookup_game(game_name)] if game_name else list(GAMES.values())
    runs: list[tuple[Game, int]] = []
    for game in chosen:
        info = game.info
        counts = [players] if players else _bench_counts(info.min_players, info.max_players)
        for n in counts:
            if not info.min_players <= n <= info.max_players:
                raise fail(f"{info.title} is played by {info.min_players}-{info.max_players}")
            runs.append((game, n))
    table = Table(title="random playouts, one core")
    for col in ("game", "players", "games", "games/s", "actions/s", "actions/game"):
        table.add_column(col, justify="right")
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("measuring", total=len(runs))
        for game, n in runs:
            progress.update(task, description=f"{game.info.name}, {n} players")
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


# -- serve ------------------------------------------------------------------------------------
@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///file.db or postgresql://...")
    ] = "sqlite:///leafpile.db",
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Believe X-Forwarded-For/-Proto only from these proxy addresses "
            "(comma-separated, or '*'); by default forwarded headers are ignored."
        ),
    ] = None,
    rate_limit: Annotated[
        float,
        typer.Option(
            help="Requests per second one client address may send on average (bursts of "
            "three times as many); 0 turns the per-address limits off (trusted load tests).",
            min=0,
        ),
    ] = 20.0,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes on the one port (more than 1 needs a PostgreSQL --db; they "
            "hear each other's changes through it).",
            min=1,
            max=64,
        ),
    ] = 1,
) -> None:
    """Run the web platform (lobby, live tables with bots, replays) in the browser."""
    from leafpile.server import serve  # imported here so the CLI starts fast

    if workers > 1 and not db.startswith(("postgresql:", "postgres:")):
        raise fail("--workers above 1 needs a PostgreSQL database: --db postgresql://...")
    check_port_free(host, port)
    serve(
        workers=workers,
        host=host,
        port=port,
        db=db,
        forwarded_allow_ips=forwarded_allow_ips,
        rate_limit=rate_limit,
    )


def check_port_free(host: str, port: int) -> None:
    """Say plainly that the port is taken, before anything claims to be serving on it."""
    import socket

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise fail(f"cannot listen on {host!r}: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except PermissionError:
            raise fail(f"port {port} needs more privileges; try --port 8000") from None
        except OSError:
            raise fail(f"port {port} is in use, try --port {port + 1}") from None


def main() -> None:
    app()


if __name__ == "__main__":
    main()

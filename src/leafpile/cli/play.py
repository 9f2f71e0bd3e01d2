"""Playing and learning in the terminal: the games, a game at the table, replays, the rules."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from leafpile import i18n
from leafpile.bots import BotSeat, make_bot
from leafpile.cli.common import (
    HUMAN,
    OptionArg,
    PlayersArg,
    app,
    console,
    fail,
    lookup_game,
    parse_options,
    parse_seats,
    say,
)
from leafpile.engine import Action, Game, GameRecord, LeafpileError, State
from leafpile.engine.match import Match, Seat, run_match, seat_rng
from leafpile.games import GAMES
from leafpile.i18n import localize


@app.command("games")
def games_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="One game: its options explained.")
    ] = None,
) -> None:
    """List the registered games with their player counts and options; with GAME, each of
    its options with what it does."""
    if game_name is not None:
        _game_options(lookup_game(game_name))
        return
    table = Table(title=say("leafpile games"))
    for column in (say("game"), say("players"), say("options (default)"), say("about")):
        table.add_column(column)
    for game in GAMES.values():
        info = game.info
        opts = "\n".join(
            f"{o.name}={_show(o.default)}"
            + (f" [{'/'.join(_show(c) for c in o.choices)}]" if o.choices else "")
            + (f" ({'/'.join(map(str, o.players))}p)" if o.players else "")
            for o in info.options
        )
        table.add_row(
            info.name,
            f"{info.min_players}-{info.max_players}",
            escape(opts),
            localize(info.summary),
        )
    console.print(table)


def _game_options(game: Game) -> None:
    """One game's options, each with its help in the reader's language."""
    info = game.info
    console.print(
        f"[bold]{info.title}[/] ({info.min_players}-{info.max_players}) — "
        + escape(localize(info.summary))
    )
    table = Table()
    for column in (say("option"), say("default"), say("values"), say("what it does")):
        table.add_column(column)
    for o in info.options:
        values = "/".join(_show(c) for c in o.choices) if o.choices else ""
        if o.players:
            values += (" " if values else "") + say(
                "({players} players only)", players="/".join(map(str, o.players))
            )
        table.add_row(o.name, escape(_show(o.default)), escape(values), escape(localize(o.help)))
    console.print(table)
    console.print(
        say(
            "Give options as -o NAME=VALUE, e.g. leafpile play {game} -o {name}=...",
            game=info.name,
            name=info.options[0].name,
        )
    )


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
            raise fail(say("--at must be between 0 and {last}", last=last))
        _show_step(game, record, states, at)
        return
    index = 0
    while True:
        _show_step(game, record, states, index)
        try:
            prompt = say("replay (n, p, j N, e, q):")
            cmd = console.input(f"[bold]{escape(prompt)}[/] ").strip().lower()
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
                hint = say("jump needs a number from 0 to {last}, e.g. 'j 5'", last=last)
                console.print(f"[red]{escape(hint)}[/]")
        else:
            unknown = say("unknown command {command}", command=repr(cmd))
            console.print(f"[red]{escape(unknown)}[/]")


def _show_step(game: Game, record: GameRecord, states: list[State], index: int) -> None:
    last = len(states) - 1
    console.rule(
        escape(say("{game}: after action {n} of {last}", game=game.info.title, n=index, last=last))
    )
    if index > 0:
        line = localize(game.describe(states[index - 1], _action(states, record, index)))
        console.print(f"[cyan]>[/] {escape(line)}")
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

"""Playing and learning in the terminal: the games, a game at the table, replays, the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from leafpile import i18n
from leafpile.bots import BotSeat, make_bot
from leafpile.bots.levels import BOT_ABOUT, ladder_ratings
from leafpile.cli.at_table import Handover, TerminalSeat
from leafpile.cli.common import (
    BOT_LEVELS,
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
    say,
)
from leafpile.cli.records import RecordSaver, check_writable, read_record, recorded
from leafpile.cli.rounds import LeftBetweenRounds, round_end, wait_for_next_round
from leafpile.cli.seats import bot_label, seat_names
from leafpile.engine import Action, Game, GameRecord, LeafpileError, OptionSpec, State
from leafpile.engine.match import Match, Seat, run_match, seat_rng
from leafpile.engine.saves import whole_number
from leafpile.games import GAMES
from leafpile.i18n import Msg, localize


@app.command(
    "games",
    help=h(
        Msg(
            "List the registered games with their player counts and options; with GAME, each "
            "of its options with what it does."
        )
    ),
)
def games_command(
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help=h(Msg("One game, to explain its options: {games}.", games=GAME_HELP)),
        ),
    ] = None,
) -> None:
    """List the registered games with their player counts and options; with GAME, each of
    its options with what it does."""
    if game_name is not None:
        _game_options(lookup_game(game_name))
        return
    table = Table(title=say("leafpile games"))
    for column in (say("game"), say("players"), say("settings (default)"), say("about")):
        table.add_column(column)
    for game in GAMES.values():
        info = game.info
        settings = "\n".join(
            say(
                "{label}: {value}",
                label=localize(o.label or o.name),
                value=choice_words(o, o.default),
            )
            + players_note(o)
            for o in offered(info.options)
        )
        table.add_row(info.name, f"{info.min_players}-{info.max_players}", escape(settings),
                      escape(localize(info.summary)))  # fmt: skip
    console.print(table)
    console.print(
        escape(say("Each game's settings, and what to type to change them: leafpile games GAME")),
        soft_wrap=True,
    )


def offered(options: tuple[OptionSpec, ...]) -> list[OptionSpec]:
    """The settings a person chooses (the lobby's): not the fixed decks of puzzles and tests,
    nor the settings kept only so that old records load."""
    return [o for o in options if o.label is not None]


def choice_words(option: OptionSpec, value: Any) -> str:
    """A setting's value in the reader's words (its lobby label), else as it is typed."""
    if option.choices is not None and option.choice_labels is not None:
        return localize(option.choice_labels[option.choices.index(value)])
    if isinstance(value, bool):
        return say("on") if value else say("off")
    return _show(value)


def players_note(option: OptionSpec) -> str:
    if not option.players:
        return ""
    note = Msg.plural(
        "({players} player only)",
        "({players} players only)",
        max(option.players),
        players="/".join(map(str, option.players)),
    )
    return " " + note.localize()


def _values(option: OptionSpec) -> str:
    """What may be typed after NAME=, each with its words."""
    numbers = [c for c in option.choices or () if isinstance(c, int)]
    if (
        option.choice_labels is None
        and len(numbers) > 2
        and numbers == list(range(numbers[0], numbers[-1] + 1))
    ):
        return f"{numbers[0]}-{numbers[-1]}"
    if option.choices is not None:
        return "\n".join(
            f"{_show(c)}" + ("" if (w := choice_words(option, c)) == _show(c) else f" ({w})")
            for c in option.choices
        )
    if isinstance(option.default, bool):
        return say("yes or no")
    return say("a whole number") if isinstance(option.default, int) else ""


def _game_options(game: Game) -> None:
    """One game's settings, each with what it does, in the reader's language."""
    info = game.info
    console.print(
        f"[bold]{info.title}[/] ({info.min_players}-{info.max_players}) — "
        + escape(localize(info.summary))
    )
    table = Table()
    for column in (say("option"), say("values"), say("default"), say("what it does")):
        table.add_column(column)
    for o in offered(info.options):
        about = localize(o.label or o.name) + ": " + localize(o.about or "") + players_note(o)
        table.add_row(o.name, escape(_values(o)), escape(_show(o.default)), escape(about))
    console.print(table)
    first = offered(info.options)[0]
    console.print(
        escape(
            say(
                "Give options as -o NAME=VALUE, e.g. leafpile play {game} -o {name}={value}",
                game=info.name,
                name=first.name,
                value=_show(first.choices[-1] if first.choices else first.default),
            )
        ),
        soft_wrap=True,
    )
    fixed = [o.name for o in info.options if o.label is None and not o.retired]
    if fixed:
        console.print(
            escape(
                say(
                    "For puzzles and tests, these fix the game's set-up: {names} (see the "
                    "game's README).",
                    names=", ".join(fixed),
                )
            ),
            soft_wrap=True,
        )


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "''"
    return str(value)


# -- play -------------------------------------------------------------------------------------
#: The exit code of a game left before its end (quit, or the end of the input): 0 means played
#: to the end, 2 a refused command line.
LEFT = 1


@app.command(
    "play",
    help=h(Msg("Play in the terminal: hot-seat (several 'me' seats) or against bots.")),
    epilog=h(
        Msg(
            "At your turn, type the number of an action in the list, or its notation as the "
            "list shows it (e.g. 'take G', '2,1r'), in your language or in English; ? lists "
            "the actions again; quit, or the end of the input, leaves the game (exit code 1)."
        )
    ),
)
def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    seats: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Comma-separated seats: 'me' (a human) or a bot level: {levels} "
                    "(default: me, then random bots).",
                    levels=BOT_LEVELS,
                )
            )
        ),
    ] = None,
    players: PlayersArg = None,
    seed: Annotated[int | None, typer.Option(help=h(Msg("Seed for a reproducible game.")))] = None,
    option: OptionArg = None,
    save: Annotated[
        Path | None, typer.Option(help=h(Msg("Write the game record (JSON) here.")))
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            help=h(
                Msg(
                    "Comma-separated names of the players, in seat order (default: bots by "
                    "level, people by seat: P0, P1...)."
                )
            )
        ),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            help=h(
                Msg(
                    "Go on with the game of a record written by --save (saved there again "
                    "unless --save names another file)."
                )
            )
        ),
    ] = None,
) -> None:
    """Play in the terminal: hot-seat (several 'me' seats) or against bots."""
    game = lookup_game(game_name)
    record = read_record(load, game) if load is not None else None
    if record is not None:
        if players is not None and players != record.players:
            console.print(
                say(
                    "--players is ignored: the game of {path} has {n} players",
                    path=str(load),
                    n=record.players,
                ),
                soft_wrap=True,
            )
        players = record.players
        seats = seats or recorded(record, "seats", players)
        names = names or recorded(record, "names", players)
        save = save or load
        if seed is not None or option:
            raise fail(Msg("--seed and --option cannot change a game that goes on with --load"))
    players, kinds = parse_seats(game, seats, players, default="me")
    named, problem = seat_names(names, kinds)
    if problem is not None:
        raise fail(problem)
    if save is not None:
        check_writable(save)
    try:
        if record is None:
            match = Match.start(game, players, seed=seed, options=parse_options(option))
        else:
            match = Match(game, record.final_state(game), record)
    except LeafpileError as e:
        raise fail(e) from None
    given = ["" if isinstance(n, Msg) else n for n in named]  # bots keep their level's words
    match.record.metadata.update(seats=kinds, names=given)
    saver = RecordSaver(save) if save is not None else None
    if saver is not None:
        saver.first(match)  # a path that cannot be written is refused before the game
    i18n.use_seat_names(named)
    state = match.state
    humans = [p for p, n in enumerate(kinds) if n in HUMAN]
    handover = Handover(len(humans), bool(getattr(game.terminal, "SECRET_HANDS", False)))
    deciders: list[Seat] = [
        TerminalSeat(p, handover)
        if n in HUMAN
        else BotSeat(make_bot(n, game), seat_rng(state.seed, p))
        for p, n in enumerate(kinds)
    ]
    console.print(f"[bold]{game.info.title}[/]: " + escape(say("seed {seed}", seed=state.seed)))
    for p, n in enumerate(kinds):
        console.print(f"  P{p}: {escape(introduce(p, n, named[p], len(humans)))}")
        about = level_line(game.info.name, n)
        if about:
            console.print(f"      [dim]{escape(about)}[/]")

    rounds = getattr(game.terminal, "interlude", None) is not None
    last: list[tuple[State, Action]] = []

    def show(before: State, _player: int, action: Action) -> None:
        console.print(f"[cyan]>[/] {escape(log_line(game, before, action))}")
        if rounds:
            last[:] = [(before.clone(), action)]

    def after(done: Match) -> None:
        if saver is not None:
            saver.after_action(done)
        picture = round_end(game, *last[0], done.state) if last else None
        if picture is not None:
            console.print(picture)
            if humans:  # a person reads it before the next round replaces it
                wait_for_next_round()

    try:
        try:
            finished = run_match(match, deciders, show, after)
        except LeftBetweenRounds:
            finished = False
        if not finished:
            console.print(say("game abandoned"))
    finally:
        if saver is not None and saver.after_action(match):
            console.print(escape(say("game record written to {path}", path=str(save))))
    if not finished:
        raise typer.Exit(code=LEFT)
    if state.is_terminal():
        viewer = humans[0] if len(humans) == 1 else None
        shown = state if viewer is None else game.player_view(state, viewer)
        console.print(game.render(shown, viewer))
        _print_result(state)


def introduce(player: int, kind: str, name: str, humans: int) -> str:
    """How a seat is introduced at the start: who plays it and, for you, that it is you."""
    if kind in HUMAN:
        if not name:
            return say("you") if humans == 1 else say("a person at this terminal")
        return say("{name} (you)", name=name) if humans == 1 else name
    label = localize(bot_label(kind))
    return label if localize(name) == label else say("{name} ({bot})", name=name, bot=label)


def level_line(game_name: str, kind: str) -> str:
    """How a bot level plays, with its ladder rating in this game when the ladder has one."""
    level = kind.split(":")[0]
    if kind in HUMAN or level not in BOT_ABOUT:
        return ""
    line = localize(BOT_ABOUT[level])
    rating = ladder_ratings().get(game_name, {}).get(level)
    if rating is not None:
        line += " " + say("Ladder rating: {rating}.", rating=rating)
    return line


def log_line(game: Game, before: State, action: Action) -> str:
    """The log line of an action, in the reader's language, with the players' names; under
    it, why it says so (the rule behind it) when the game explains it."""
    line = localize(game.describe(before, action))
    why = game.explain(before, action)
    if why is not None:
        line += "\n  " + say("why: {reason}", reason=localize(why))
    return i18n.with_seat_names(line)


def _print_result(state: State) -> None:
    scores = ", ".join(f"{i18n.seat_name(p)} {s:g}" for p, s in enumerate(state.scores()))
    won = state.winners()
    who = ", ".join(i18n.seat_name(p) for p in won) or say("nobody")
    over = say("game over")
    console.print(
        f"[bold]{escape(over)}[/]: "
        + escape(say("scores {scores}; winner(s): {who}", scores=scores, who=who))
    )


# -- replay -----------------------------------------------------------------------------------
@app.command(
    "replay",
    help=h(Msg("Step through a saved game: Enter/n next, p previous, j N jump, e end, q quit.")),
)
def replay_command(
    file: Annotated[
        Path, typer.Argument(help=h(Msg("A game record written by --save or the server.")))
    ],
    at: Annotated[
        int | None, typer.Option(help=h(Msg("Show the state after this many actions and exit.")))
    ] = None,
) -> None:
    """Step through a saved game: Enter/n next, p previous, j N jump, e end, q quit."""
    try:
        record = GameRecord.load(file)
        game = lookup_game(record.game)
        states = list(record.states(game))
    except LeafpileError as e:
        raise fail(e) from None
    name_seats(record)
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
            step = whole_number(arg)
            if step is not None and 0 <= step <= last:
                index = step
            else:
                hint = say("jump needs a number from 0 to {last}, e.g. 'j 5'", last=last)
                console.print(f"[red]{escape(hint)}[/]")
        else:
            unknown = say("unknown command {command}", command=repr(cmd))
            console.print(f"[red]{escape(unknown)}[/]")


def name_seats(record: GameRecord) -> None:
    """The players of a record by the names it keeps (bots by level); a record whose seats or
    names are missing or refused shows P0, P1..."""
    kinds = (recorded(record, "seats", record.players) or "").split(",")
    if len(kinds) != record.players:
        return
    named, problem = seat_names(recorded(record, "names", record.players), kinds)
    if problem is None:
        i18n.use_seat_names(named)


def _show_step(game: Game, record: GameRecord, states: list[State], index: int) -> None:
    last = len(states) - 1
    console.rule(
        escape(say("{game}: after action {n} of {last}", game=game.info.title, n=index, last=last))
    )
    if index > 0:
        action = _action(states, record, index)
        line = log_line(game, states[index - 1], action)
        console.print(f"[cyan]>[/] {escape(line)}")
        picture = round_end(game, states[index - 1], action, states[index])
        if picture is not None:  # the round's last table, before the next one's
            console.print(picture)
    console.print(game.render(states[index], None))
    if states[index].is_terminal():
        _print_result(states[index])


def _action(states: list[State], record: GameRecord, index: int) -> Any:
    return states[index - 1].parse_action(record.actions[index - 1])


# -- rules ------------------------------------------------------------------------------------
@app.command("rules", help=h(Msg("How to play GAME, for people, with pictures of real positions.")))
def rules_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    lang: Annotated[
        str | None,
        typer.Option(
            help=h(Msg("en, fr or ru (default: LEAFPILE_LANG or the terminal's locale)."))
        ),
    ] = None,
) -> None:
    """How to play GAME, for people, with pictures of real positions."""
    from rich.markdown import Markdown
    from rich.panel import Panel

    from leafpile.i18n import rulebook

    game = lookup_game(game_name)
    try:
        chosen = i18n.check(lang.lower()) if lang else i18n.current()
    except ValueError as e:
        raise fail(str(e)) from None
    i18n.use(chosen)  # the pictures' words too
    for part in rulebook.parts(rulebook.read(game, chosen)):
        if isinstance(part, str):
            console.print(Markdown(part))
            continue
        try:
            picture = game.render(part.view(game), part.viewer)
        except LeafpileError as e:
            raise fail(e) from None
        console.print(Panel(picture, title=escape(part.caption), expand=False))

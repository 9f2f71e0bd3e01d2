"""What every command shares: the Typer app, the console, the reader's language, clear errors
and the readers of seats and options."""

from __future__ import annotations

import codecs
import contextlib
import io
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from leafpile import i18n
from leafpile.bots import BOTS, make_bot
from leafpile.bots.levels import BOT_ORDER
from leafpile.cli import click_words
from leafpile.cli.seats import HUMAN as HUMAN
from leafpile.engine import Game, LeafpileError
from leafpile.games import GAMES, get_game
from leafpile.i18n import Msg, error_text, localize


def help_language(argv: Sequence[str] | None = None) -> str:
    """The language of the `--help` texts: `--lang X` (or `--lang=X`) on the command line when
    X is one of ours, else LEAFPILE_LANG or the locale. Typer reads every help text when the
    commands are defined, at import, long before it parses `--lang`: so the command line is
    read here, once, by hand (a bad `--lang` is ignored here and refused clearly later)."""
    args = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None and value.lower() in i18n.LANGUAGES:
            return value.lower()
    return i18n.from_environment()


HELP_LANGUAGE = help_language()


def h(text: Msg) -> str:
    """A help text of the command line in the help language: write `h(Msg("..."))` so that
    the message extractor finds it."""
    return text.localize(HELP_LANGUAGE)


def _readable_help() -> None:
    """Help pages for people, not for Python: no type column (`<str>`, `<list[str]>`, `<bool>`;
    an option's metavar, such as NAME=VALUE, shows instead) and plain usage lines (`GAME`,
    `[GAME]`, not `{GAME}`). Typer has no setting for either, so its two display methods are
    replaced here, once, before any help is drawn (tests/cli pin the result)."""
    from typer import core

    def metavar_only(self: Any, ctx: Any) -> str | None:
        return self.metavar if isinstance(self, core.TyperOption) else None

    def usage_name(self: Any) -> str:
        name = str(self.display_name_raw).strip("[]")
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    core.TyperOption.display_type_rich = metavar_only  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = metavar_only  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]


_readable_help()
click_words.install(HELP_LANGUAGE)

#: The help of a GAME argument and of a seats option: the names a person may type.
GAME_HELP = ", ".join(GAMES)
BOT_LEVELS = ", ".join([b for b in BOT_ORDER if b in BOTS] + sorted(set(BOTS) - set(BOT_ORDER)))

app = typer.Typer(
    help=h(
        Msg("Play, replay, simulate and benchmark Autumn, Momiji, Under the Leaves and Undergrove.")
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)


#: ASCII stand-ins for the few non-ASCII signs the terminal prints in every language.
_ASCII = {
    "\u2014": "-",
    "\u2013": "-",
    "\u2026": "...",
    "\u00b7": ".",
    "\u2192": "->",
    "\u2190": "<-",
    "\u00d7": "x",
    "\u2212": "-",
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00a0": " ",
}


def _to_ascii(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a stand-in for each character the terminal cannot show (a
    look-alike, the letter without its accent, else "?")."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start : error.end]:
        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        out.append(_ASCII.get(char) or plain or "?")
    return "".join(out), error.end


codecs.register_error("leafpile-ascii", _to_ascii)


def language_first(argv: list[str]) -> list[str]:
    """The command line with `--lang X` moved before the command, so that `leafpile play
    autumn --lang fr` means what `leafpile --lang fr play autumn` does (`rules` reads it too)."""
    out: list[str] = []
    moved: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            out.extend(argv[i:])
            break
        if arg == "--lang" and i + 1 < len(argv):
            moved = [arg, argv[i + 1]]
            i += 2
            continue
        if arg.startswith("--lang="):
            moved = [arg]
        else:
            out.append(arg)
        i += 1
    return moved + out


def plain_terminal() -> None:
    """On a terminal that cannot show every character (`PYTHONIOENCODING=ascii`, a C locale),
    print stand-ins instead of failing with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if isinstance(stream, io.TextIOWrapper) and not encoding.startswith("utf"):
            stream.reconfigure(errors="leafpile-ascii")


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
            "--version",
            callback=_version,
            is_eager=True,
            help=h(Msg("Print the version and exit.")),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=h(
                Msg(
                    "Language of what you read: en, fr or ru (default: LEAFPILE_LANG, then the "
                    "terminal's locale)."
                )
            ),
        ),
    ] = None,
) -> None:
    """Play, replay, simulate and benchmark Autumn, Momiji, Under the Leaves and Undergrove."""
    i18n.use_seat_names(())
    try:
        i18n.use(lang.lower() if lang else i18n.from_environment())
    except ValueError as e:
        raise fail(str(e)) from None


OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=h(Msg("A game option as NAME=VALUE (repeatable)."))),
]
PlayersArg = Annotated[
    int | None,
    typer.Option(help=h(Msg("Number of players (default: number of seats, or 2)."))),
]


def say(msgid: str, **args: Any) -> str:
    """A sentence in the reader's language (`--lang`, LEAFPILE_LANG or the locale)."""
    return Msg(msgid, **args).localize()


def fail(message: str | LeafpileError) -> typer.Exit:
    """Print a clear error (a sentence or a refused input's error) in the reader's language and
    return the exit to raise (exit code 2, nothing changed)."""
    if isinstance(message, LeafpileError):
        message = error_text(message)
    label = say("error:")
    # soft_wrap: one line however long (the terminal wraps it; a log keeps it whole)
    console.print(f"[bold red]{escape(label)}[/] {escape(localize(message))}", soft_wrap=True)
    return typer.Exit(code=2)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise fail(Msg("option {option} must look like NAME=VALUE", option=repr(pair)))
        out[name.strip()] = value.strip()
    return out


def lookup_game(name: str) -> Game:
    try:
        return get_game(name)
    except LeafpileError as e:
        raise fail(e) from None


def check_players(game: Game, players: int) -> None:
    """Refuse a player count the game is not played by."""
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise fail(
            Msg(
                "{game} is played by {low}-{high} players",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
            )
        )


def parse_seats(
    game: Game, seats: str | None, players: int | None, default: str
) -> tuple[int, list[str]]:
    """Seat names, one per player; without --players the count is the number of seats (or 2).
    Without --seats: `default` then random bots. One name for several players: where a person
    plays (`default` is "me", in `play`), `me` is you against random bots and a bot's name is
    you against that bot in every other seat; in a simulation, every seat is that bot."""
    info = game.info
    names = [s.strip().lower() for s in (seats or "").split(",")] if seats is not None else []
    if seats is not None and not all(names):
        raise fail(Msg("--seats has an empty seat: name each seat, e.g. --seats me,hard"))
    if players is None:
        players = len(names) if len(names) > 1 else max(info.min_players, min(2, info.max_players))
    check_players(game, players)
    if not names:
        names = [default] + ["random"] * (players - 1)
    if len(names) == 1 and players > 1:
        if default not in HUMAN:
            names = names * players
        elif names[0] in HUMAN:
            names = [names[0]] + ["random"] * (players - 1)
        else:
            names = [default] + names * (players - 1)
    if len(names) != players:
        raise fail(
            Msg.plural(
                "--seats lists {seats} seats but the game has {n} player",
                "--seats lists {seats} seats but the game has {n} players",
                players,
                seats=len(names),
            )
        )
    for name in names:
        if name in HUMAN:
            continue
        try:
            make_bot(name)  # also checks settings such as "mcts:time=0.5"
        except LeafpileError as e:
            known = ", ".join(["me", *sorted(BOTS)])
            raise fail(
                Msg(
                    "bad seat {seat}: {error} (seats: {known})",
                    seat=repr(name),
                    error=error_text(e),
                    known=known,
                )
            ) from None
    return players, names


@contextlib.contextmanager
def stopped_by_interrupt(done: Callable[[], int], total: int) -> Iterator[None]:
    """Ctrl-C during a long run: say how far it got and exit 130 at once (the workers are
    stopped by the runner), without a traceback."""
    try:
        yield
    except KeyboardInterrupt:
        console.print(
            say("stopped (Ctrl-C) after {done} of {total} games", done=done(), total=total),
            soft_wrap=True,
        )
        raise typer.Exit(code=130) from None


def progress_bar(on_stderr: bool = False, disable: bool = False) -> Progress:
    """The progress line of long runs (gone when done); on standard error where standard
    output carries JSON."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True) if on_stderr else console,
        transient=True,
        disable=disable,
    )

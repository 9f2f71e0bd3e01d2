"""The command-line library's own words in the reader's language: "Usage", the panel titles
("Arguments", "Options", "Commands", "Error"), "Show this message and exit.", "Try ... for
help." and the start of its error messages ("Invalid value for", "Missing argument", "No such
option"...). Typer's copy of Click writes these in English with no translation hook, so they
are set here once, before any help or error is drawn (tests/cli pin the result)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from leafpile.i18n import DEFAULT, Msg


def _kept(name: str) -> str:
    """A placeholder the library fills in later, kept as it is through the translation."""
    return "{" + name + "}"


#: The library's error sentences, by the English pattern that recognises them.
_ERRORS: tuple[tuple[re.Pattern[str], Callable[..., Msg]], ...] = (
    (
        re.compile(r"^Invalid value for (?P<hint>.+?): (?P<rest>.*)$", re.S),
        lambda hint, rest: Msg("Invalid value for {hint}: {rest}", hint=hint, rest=_why(rest)),
    ),
    (
        re.compile(r"^Invalid value: (?P<rest>.*)$", re.S),
        lambda rest: Msg("Invalid value: {rest}", rest=_why(rest)),
    ),
    (
        re.compile(r"^Missing argument (?P<hint>.+?)\.(?P<rest>.*)$", re.S),
        lambda hint, rest: Msg("Missing argument {hint}.{rest}", hint=hint, rest=rest),
    ),
    (
        re.compile(r"^Missing option (?P<hint>.+?)\.(?P<rest>.*)$", re.S),
        lambda hint, rest: Msg("Missing option {hint}.{rest}", hint=hint, rest=rest),
    ),
    (
        re.compile(r"^No such option: (?P<name>\S+) \(Possible options: (?P<names>.*)\)$"),
        lambda name, names: Msg(
            "No such option: {name} (did you mean {names}?)", name=name, names=names
        ),
    ),
    (
        re.compile(r"^No such option: (?P<name>\S+)$"),
        lambda name: Msg("No such option: {name}", name=name),
    ),
    (
        re.compile(r"^No such command (?P<name>.+)\.$"),
        lambda name: Msg("No such command {name}.", name=name),
    ),
    (
        re.compile(r"^Got unexpected extra arguments? \((?P<args>.*)\)$"),
        lambda args: Msg("Got unexpected extra arguments ({args})", args=args),
    ),
    (
        re.compile(r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$"),
        lambda args: Msg("Got unexpected extra arguments ({args})", args=args),
    ),
    (
        re.compile(r"^Option (?P<name>\S+) requires an argument\.$"),
        lambda name: Msg("Option {name} needs a value.", name=name),
    ),
    (re.compile(r"^Missing command\.$"), lambda: Msg("Missing command.")),
)


#: Why a value is refused, as the library's validation says it.
_WHY: tuple[tuple[re.Pattern[str], Callable[..., Msg]], ...] = (
    (
        re.compile(r"^Input should be a valid integer.*$"),
        lambda: Msg("a whole number is needed"),
    ),
    (
        re.compile(r"^Input should be a valid number.*$"),
        lambda: Msg("a number is needed"),
    ),
    (
        re.compile(r"^Input should be greater than or equal to (?P<n>\S+)$"),
        lambda n: Msg("it must be at least {n}", n=n),
    ),
    (
        re.compile(r"^Input should be less than or equal to (?P<n>\S+)$"),
        lambda n: Msg("it must be at most {n}", n=n),
    ),
)


def _why(text: str) -> str | Msg:
    for pattern, words in _WHY:
        match = pattern.match(text)
        if match:
            return words(**match.groupdict())
    return text


def error_words(text: str, lang: str) -> str:
    """One of the library's error sentences in `lang` (left as it is when not recognised)."""
    for pattern, words in _ERRORS:
        match = pattern.match(text)
        if match:
            return words(**match.groupdict()).localize(lang)
    return text


def install(lang: str) -> None:
    """Set the library's words in `lang` (English: nothing to do)."""
    if lang == DEFAULT:
        return
    from typer import rich_utils
    from typer._click import core, formatting

    def t(text: Msg) -> str:
        return text.localize(lang)

    rich_utils.ARGUMENTS_PANEL_TITLE = t(Msg("Arguments"))
    rich_utils.OPTIONS_PANEL_TITLE = t(Msg("Options"))
    rich_utils.COMMANDS_PANEL_TITLE = t(Msg("Commands"))
    rich_utils.ERRORS_PANEL_TITLE = t(Msg("Error"))
    rich_utils.ABORTED_TEXT = t(Msg("Aborted."))
    rich_utils.REQUIRED_LONG_STRING = t(Msg("[required]"))
    rich_utils.DEFAULT_STRING = t(Msg("[default: {value}]", value="{}"))
    command = "[blue]'" + _kept("command_path") + " " + _kept("help_option") + "'[/]"
    rich_utils.RICH_HELP = t(Msg("Try {command} for help.", command=command))
    usage = t(Msg("Usage:")) + " "
    write_usage = formatting.HelpFormatter.write_usage

    pieces = {
        "[OPTIONS]": t(Msg("[OPTIONS]")),
        "COMMAND [ARGS]...": t(Msg("COMMAND [ARGS]...")),
    }

    def translated_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        for english, words in pieces.items():
            args = args.replace(english, words)
        write_usage(self, prog, args, usage if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = translated_usage  # type: ignore[method-assign]
    get_help_option = core.Command.get_help_option
    shown = t(Msg("Show this message and exit."))

    def translated_help_option(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = shown
        return option

    core.Command.get_help_option = translated_help_option  # type: ignore[method-assign]
    format_error = rich_utils.rich_format_error

    def translated_error(error: Any) -> None:
        message = error.format_message
        error.format_message = lambda: error_words(message(), lang)
        format_error(error)

    rich_utils.rich_format_error = translated_error  # type: ignore[assignment]

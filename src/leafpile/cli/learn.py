"""Learning a game in the terminal: `leafpile learn GAME` plays the game's tutorial (the same
steps as a tutorial table in the browser, `leafpile.tutorial`): the bot's moves come from the
script, each step says what to look at and marks the expected move among the legal ones,
another move is refused with the step's words, and what just happened is explained."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from leafpile import i18n, tutorial
from leafpile.cli.at_table import help_words, in_reader_words, quit_words
from leafpile.cli.common import GAME_HELP, app, console, fail, h, lookup_game, say
from leafpile.cli.notation_words import HELP_WORDS, QUIT_WORDS, from_reader, to_reader
from leafpile.cli.play import LEFT, log_line
from leafpile.engine import Action, LeafpileError, State
from leafpile.engine.saves import whole_number
from leafpile.i18n import Msg, error_text, localize
from leafpile.tutorial import Step, Tutorial


@app.command(
    "learn",
    help=h(Msg("Learn GAME by playing: a guided first game against a bot, step by step.")),
)
def learn_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
) -> None:
    """Learn GAME by playing: a guided first game against a bot, step by step."""
    game = lookup_game(game_name)
    try:
        script = tutorial.load(game.info.name)
    except KeyError:
        raise fail(Msg("{game} has no tutorial yet", game=game.info.title)) from None
    names = [
        say("Learner") if p == script.learner else say("the bot") for p in range(script.players)
    ]
    i18n.use_seat_names(names)
    state = script.new_state()
    title = say("Learn by playing {game}", game=game.info.title)
    console.print(f"[bold]{escape(title)}[/]")
    for n, step in enumerate(script.steps):
        if step.bot:
            action = state.parse_action(step.expect[0])
        else:
            chosen = _ask(script, n, step, state)
            if chosen is None:
                console.print(
                    say("tutorial left: leafpile learn {game} starts it again", game=game.info.name)
                )
                raise typer.Exit(code=LEFT)
            action = chosen
        console.print(f"[cyan]>[/] {escape(log_line(game, state, action))}")
        state.play(action)
        if step.explain is not None:
            console.print(f"[green]  {escape(localize(step.explain))}[/]")
    console.rule(escape(say("Learn by playing: the end")))
    console.print(game.render(game.player_view(state, script.learner), script.learner))
    console.print(f"[bold]{escape(localize(script.end))}[/]")
    console.print(escape(localize(tutorial.OFFER)))
    console.print(f"  leafpile play {game.info.name} --seats me,{script.bot}")


def _ask(script: Tutorial, n: int, step: Step, state: State) -> Action | None:
    """The learner's move at step `n`: asked until it is the step's (None: they left)."""
    view = state.game.player_view(state, script.learner)
    total = len(script.steps)
    console.rule(escape(say("Learn by playing: step {n} of {total}", n=n + 1, total=total)))
    console.print(state.game.render(view, script.learner))
    console.print(f"[bold]{escape(localize(step.say or ''))}[/]")
    actions = view.legal_actions()
    _print_marked(view, actions, step.expect)
    while True:
        try:
            text = console.input(escape(say("your move (number or notation, ? or quit):")) + " ")
        except EOFError:
            return None
        text = text.strip()
        if not text:
            continue
        if text.lower() in {*QUIT_WORDS, *(w.lower() for w in quit_words())}:
            return None
        if text.lower() in {*HELP_WORDS, *(w.lower() for w in help_words())}:
            _print_marked(state, actions, step.expect)
            continue
        index = whole_number(text)
        try:
            if index is not None and 1 <= index <= len(actions):
                action = actions[index - 1]
            else:
                action = state.parse_action(from_reader(state, text))
        except LeafpileError as e:
            console.print(f"[red]{escape(in_reader_words(state, actions, error_text(e)))}[/]")
            continue
        why = script.refusal(n, str(action))
        if why is None:
            return action
        console.print(f"[yellow]{escape(localize(why))}[/]")


def _print_marked(state: State, actions: list[Action], expected: tuple[str, ...]) -> None:
    """The legal moves, numbered, in the reader's words, the expected one(s) marked (the
    terminal's highlight)."""
    shown = [to_reader(state, str(a)) for a in actions]
    moves = ", ".join(f"{shown[i]} ({i + 1})" for i, a in enumerate(actions) if str(a) in expected)
    console.print(
        "[dim]"
        + escape(say("legal moves: {n}", n=len(actions)))
        + "[/] "
        + " ".join(
            f"[bold reverse]{i + 1}:{escape(shown[i])}[/]"
            if str(a) in expected
            else f"[dim]{i + 1}:{escape(shown[i])}[/]"
            for i, a in enumerate(actions)
        )
    )
    if moves:
        now = say("the move to play now: {moves}", moves=moves)
        console.print(f"[bold green]→ {escape(now)}[/]")

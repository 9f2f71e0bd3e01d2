"""Autumn's round ends at the terminal (issue #30): `play` shows the round's last table, its
scores and the running total and, when a person plays, waits for Enter before the next round;
`replay` shows the same picture at the action that ended the round."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.engine import GameRecord
from leafpile.games import GAMES

runner = CliRunner()
PROMPT = "Press Enter for the next round (or quit)."


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["--lang", "en", *args], input=input)


def flat(text: str) -> str:
    return " ".join(text.split())


def turns_in_round_one(seed: int) -> int:
    """How many times P0 (a person, against the random bot) is asked in round 1."""
    out = run("play", "autumn", "--seats", "me,random", "--seed", str(seed), input="1\n" * 300)
    assert out.exit_code == 0, out.output
    return out.output[: out.output.index("End of round 1")].count("Your turn: P0")


def test_a_person_presses_enter_before_the_next_round_starts():
    asked = turns_in_round_one(5)
    # one answer per turn of round 1, then the line that answers the round's end, then quit
    moves = "1\n" * asked + "\n" + "quit\n"
    out = run("play", "autumn", "--seats", "me,random", "--seed", "5", input=moves)
    text = out.output
    end = text.index("End of round 1")
    assert text.count(PROMPT) == 1 and text.index(PROMPT) > end
    assert "Running total:" in text[end : text.index(PROMPT)]
    # the Enter was not a move: round 2's first turn is asked, and `quit` leaves there
    assert "Your turn: P0" in text[text.index(PROMPT) :] and "no action number" not in text
    assert out.exit_code == 1 and "game abandoned" in text


def test_the_end_of_the_input_at_the_round_end_leaves_the_game_saved(tmp_path: Path):
    path = tmp_path / "g.json"
    asked = turns_in_round_one(5)
    out = run(
        "play", "autumn", "--seats", "me,random", "--seed", "5", "--save", str(path),
        input="1\n" * asked,
    )  # fmt: skip
    text = out.output
    assert out.exit_code == 1, text  # LEFT, as quitting at a turn
    assert "Traceback" not in text and text.index(PROMPT) < text.index("game abandoned")
    assert "Your turn" not in text[text.index(PROMPT) :]  # round 2 was not started
    record = GameRecord.load(path)
    state = record.final_state(GAMES["autumn"])
    assert len(state.round_scores) == 1 and not record.metadata["finished"]
    # `quit` at that prompt leaves as well
    quit_there = run(
        "play", "autumn", "--seats", "me,random", "--seed", "5", input="1\n" * asked + "quit\n"
    )
    assert quit_there.exit_code == 1 and "Your turn" not in quit_there.output.split(PROMPT)[1]


def test_the_round_end_prompt_speaks_the_readers_language():
    asked = turns_in_round_one(5)
    out = runner.invoke(
        app,
        ["--lang", "fr", "play", "autumn", "--seats", "me,random", "--seed", "5"],
        input="1\n" * asked + "quitter\n",
    )
    assert "Appuyez sur Entrée pour la manche suivante" in out.output and out.exit_code == 1


def test_bots_alone_play_every_round_without_waiting():
    out = run("play", "autumn", "--seats", "random,random", "--seed", "5", input="")
    assert out.exit_code == 0 and PROMPT not in out.output
    assert out.output.count("End of round") == 2 and "game over" in out.output


def test_replay_shows_each_round_end_as_play_does(tmp_path: Path):
    path = tmp_path / "g.json"
    played = run("play", "autumn", "--seats", "random,random", "--seed", "5", "--save", str(path))
    assert played.exit_code == 0
    states = GameRecord.load(path).states(GAMES["autumn"])
    ends = [i for i in range(1, len(states)) if states[i].round != states[i - 1].round]
    assert len(ends) == 2  # rounds 1 and 2 end at these actions; the third ends the game
    for n, index in enumerate(ends, start=1):
        shown = run("replay", str(path), "--at", str(index)).output
        assert f"End of round {n}: the table as it was left" in shown
        summary = next(
            line for line in flat(played.output).split("End of round ")[n].split(". ")
            if "Running total" in line
        )  # fmt: skip
        assert summary in flat(shown)  # the same scores and running total as at play
        before = run("replay", str(path), "--at", str(index - 1)).output
        assert "End of round" not in before
    # stepping through, the picture comes at that step, before the next round's table
    stepped = run("replay", str(path), input=f"j {ends[0]}\nq\n").output
    assert stepped.count("End of round 1") == 1 and "End of round 2" not in stepped

"""Hostile input at the command line, run as a person would (a real process): each gets one
clear line and exit code 2, never a traceback, and nothing is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from leafpile.engine import GameRecord

#: A bound that only catches a hang, never a slow machine.
HANG = 300
CLI = [sys.executable, "-m", "leafpile.cli"]


def leafpile(*args: str, input: str = "", env: dict[str, str] | None = None):
    return subprocess.run(
        [*CLI, *args],
        input=input,
        capture_output=True,
        text=True,
        timeout=HANG,
        env={**os.environ, "LEAFPILE_LANG": "en", **(env or {})},
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    assert result.returncode == 2, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, out
    assert lines[0].startswith("error:"), out
    return lines[0]


@pytest.mark.parametrize("typed", ["²", "⑤", "¹⁰", "9" * 5000])
def test_unicode_digits_and_huge_numbers_at_the_prompt_are_refused(typed: str) -> None:
    result = leafpile("play", "autumn", "--seats", "me,random", input=f"{typed}\nquit\n")
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    assert "is not Autumn notation" in out or "characters long" in out, out


def test_unicode_digits_in_a_replay_jump_are_refused(tmp_path: Path) -> None:
    record = make_record(tmp_path)
    result = leafpile("replay", str(record), input="j ²\nj ⑤\nq\n")
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    assert out.count("jump needs a number") == 2, out


def make_record(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    result = leafpile(
        "play", "autumn", "--seats", "random,random", "--seed", "3", "--save", str(path)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return path


@pytest.mark.parametrize("target", ["/sys/g.json", "/proc/g.json", "/dev/full", "long"])
def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(
    target: str, tmp_path: Path
) -> None:
    path = str(tmp_path / ("x" * 300 + ".json")) if target == "long" else target
    line = one_line_error(leafpile("play", "autumn", "--seats", "me,random", "--save", path))
    assert "--save" in line


def test_the_record_is_written_as_the_game_goes_and_survives_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = subprocess.Popen(
        [*CLI, "play", "autumn", "--seats", "me,random", "--seed", "5", "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "LEAFPILE_LANG": "en"},
    )
    try:
        assert game.stdin is not None
        game.stdin.write("1\n1\n")
        game.stdin.flush()
        deadline = time.monotonic() + HANG
        while actions_in(path) < 3:  # two of mine and the bot's between them
            assert game.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        game.kill()
        game.wait()
    record = GameRecord.load(path)
    assert len(record.actions) >= 3 and record.metadata["finished"] is False


def actions_in(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return 0


def test_a_failed_save_is_said_at_once_and_the_game_goes_on(tmp_path: Path) -> None:
    # The first write succeeds; then the name becomes a folder, so every later write fails.
    path = tmp_path / "g.json"
    game = subprocess.Popen(
        [*CLI, "play", "autumn", "--seats", "me,random", "--seed", "5", "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "LEAFPILE_LANG": "en", "COLUMNS": "300"},
    )
    deadline = time.monotonic() + HANG
    while not path.exists():
        assert game.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    path.unlink()
    path.mkdir()
    out, _ = game.communicate("1\n" * 80, timeout=HANG)
    assert "Traceback" not in out, out
    assert "could not be written" in out and "the game goes on" in out, out
    assert "game over" in out, out


@pytest.mark.parametrize("command", [["replay"], ["play", "autumn", "--load"], ["review"]])
def test_a_deeply_nested_record_is_refused(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    assert "nested" in one_line_error(leafpile(*command, str(path)))


def test_an_endless_file_is_refused_without_reading_it_all() -> None:
    assert "64 MiB" in one_line_error(leafpile("replay", "/dev/zero"))


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("garbage", "is not a database leafpile can use"),
        ("mysql://x", "is not a database leafpile can use"),
        ("sqlite:////nonexistent/folder/x.db", "does not exist"),
        ("sqlite:////proc/x.db", "cannot open the database"),
        ("postgresql://u:secret@127.0.0.1:1/db", "cannot open the database"),
    ],
)
def test_serve_with_a_database_it_cannot_use_says_so_in_one_line(url: str, says: str) -> None:
    line = one_line_error(leafpile("serve", "--port", "18765", "--db", url))
    assert says in line
    assert "secret" not in line


@pytest.mark.parametrize(
    ("command", "code"), [(["games"], 0), (["--lang", "ru", "play", "momiji"], 1)]
)
def test_a_terminal_that_cannot_show_unicode_gets_stand_ins(command: list[str], code: int) -> None:
    result = leafpile(*command, input="quit\n", env={"PYTHONIOENCODING": "ascii"})
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == code, result.stderr  # the game is left: 1
    assert result.stdout.isascii()


@pytest.mark.parametrize(
    "seat",
    [
        "hard:time=nan",
        "hard:time=inf",
        "hard:time=-1",
        "mcts:iterations=0",
        "greedy:samples=-3",
        "greedy:epsilon=2",
        "mcts:iterations=" + "9" * 5000,
    ],
)
def test_bot_settings_out_of_range_are_refused(seat: str) -> None:
    line = one_line_error(
        leafpile("simulate", "autumn", "--games", "1", "--seats", f"{seat},random")
    )
    assert "bad seat" in line


def test_ctrl_c_stops_a_simulation_at_once_with_a_message() -> None:
    run = subprocess.Popen(
        [
            *CLI,
            "simulate",
            "undergrove",
            "--games",
            "100000",
            "--workers",
            "2",
            "--seats",
            "greedy,greedy",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LEAFPILE_LANG": "en"},
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches it
    )
    try:
        # Ctrl-C once the workers run (before, Python may still be importing the command)
        children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        deadline = time.monotonic() + HANG
        while not children.read_text().split():
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=HANG)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert "Traceback" not in out + err, out + err
    assert run.returncode == 130, out + err
    assert "stopped (Ctrl-C) after" in out


def test_lang_after_the_command_is_obeyed() -> None:
    result = leafpile("play", "autumn", "--seats", "me,random", "--lang", "fr", input="quit\n")
    assert "partie abandonnée" in result.stdout and result.returncode == 1


def test_ctrl_c_twice_stops_an_analysis_without_a_worker_traceback(tmp_path: Path) -> None:
    """`analyze` as `simulate`; a second Ctrl-C, while the first is being handled, reaches
    the workers too (one process group) and must not print their traceback."""
    run = subprocess.Popen(
        [
            *CLI,
            "analyze",
            "undergrove",
            "--games",
            "100000",
            "--workers",
            "2",
            "--seats",
            "greedy,greedy",
            "--out",
            str(tmp_path / "report"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LEAFPILE_LANG": "en"},
        start_new_session=True,
    )
    try:
        children = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        deadline = time.monotonic() + HANG
        while not children.read_text().split():
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=HANG)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert "Traceback" not in out + err, out + err
    assert run.returncode == 130, out + err
    assert "stopped (Ctrl-C) after" in out

"""The command line: every command, and clear errors for bad input."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from leafpile.bots import BOTS
from leafpile.cli import app
from leafpile.engine import GameRecord
from leafpile.games import GAMES

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_help_on_every_command():
    for command in ([], ["games"], ["play"], ["replay"], ["simulate"], ["bench"]):
        result = run(*command, "--help")
        assert result.exit_code == 0, command
        assert "Usage" in result.output


def test_games_lists_every_registered_game_with_players_and_options():
    result = run("games")
    assert result.exit_code == 0
    for name, game in GAMES.items():
        assert name in result.output
        assert f"{game.info.min_players}-{game.info.max_players}" in result.output
    assert "Solo challenge: Garden" in " ".join(result.output.split())


def test_play_autumn_against_a_bot_to_the_end_and_save(tmp_path):
    path = tmp_path / "game.json"
    result = run(
        "play",
        "autumn",
        "--seats",
        "me,random",
        "--seed",
        "11",
        "--save",
        str(path),
        input="1\n" * 80,
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.output
    record = GameRecord.load(path)
    assert record.game == "autumn" and record.seed == 11
    assert len(record.actions) == 54
    final = record.final_state(GAMES["autumn"])
    assert final.is_terminal()


def test_play_reprompts_after_a_wrong_entry():
    result = run(
        "play",
        "autumn",
        "--seats",
        "me,random",
        "--seed",
        "2",
        input="nonsense\n999\n0,0\n1\nquit\n",
    )
    assert result.exit_code == 1  # left before the end
    assert "not Autumn notation" in result.output
    assert "no action number 999" in result.output
    assert "is not legal now" in result.output
    assert "game abandoned" in result.output


def test_play_accepts_notation_and_hot_seat():
    result = run(
        "play",
        "autumn",
        "--seats",
        "me,me",
        "--seed",
        "2",
        "-o",
        "first_player=0",
        input="1,1\nred\nquit\n",
    )
    assert result.exit_code == 1, result.output
    assert "P1 takes red" in result.output


def test_bad_game_seats_and_options_are_refused():
    result = run("play", "chess")
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output
    result = run("play", "autumn", "--seats", "me,wizard")
    assert result.exit_code == 2 and "bad seat 'wizard'" in result.output
    result = run("play", "autumn", "--seats", "me,random,random")
    assert result.exit_code == 2 and "1-2 players" in result.output
    result = run("play", "autumn", "-o", "rounds=7")
    assert result.exit_code == 2 and "rounds" in result.output
    result = run("play", "autumn", "-o", "rounds")
    assert result.exit_code == 2 and "NAME=VALUE" in result.output
    result = run("simulate", "autumn", "--seats", "me,random")
    assert result.exit_code == 2


def make_record(tmp_path):
    path = tmp_path / "g.json"
    run("play", "autumn", "--seats", "random,random", "--seed", "5", "--save", str(path))
    return path


def test_replay_steps_forward_back_and_jumps(tmp_path):
    path = make_record(tmp_path)
    result = run("replay", str(path), input="n\nn\np\nj 10\nj 999\nwhat\ne\nq\n")
    assert result.exit_code == 0, result.output
    assert "after action 2 of 54" in result.output
    assert "after action 10 of 54" in result.output
    assert "jump needs a number from 0 to 54" in result.output
    assert "unknown command 'what'" in result.output
    assert "after action 54 of 54" in result.output
    result = run("replay", str(path), "--at", "54")
    assert "game over" in result.output


def test_replay_refuses_a_broken_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "not valid JSON" in result.output
    bad.write_text(json.dumps({"game": "autumn", "players": 2, "seed": 1, "actions": ["99,99"]}))
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "action 1" in result.output
    result = run("replay", str(tmp_path / "missing.json"))
    assert result.exit_code == 2 and "cannot read" in result.output


def test_simulate_json_summary_is_sane():
    result = run(
        "simulate", "autumn", "--games", "40", "--seats", "random,random", "--seed", "3", "--json"
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 40
    assert summary["mean_length"] == 54  # 3 rounds x (17 placements + 1 colour choice)
    shares = [s["win_share"] for s in summary["seats"]]
    assert abs(sum(shares) - 1) < 1e-9
    for seat in summary["seats"]:
        lo, hi = seat["ci95"]
        assert 0 <= lo <= seat["win_share"] <= hi <= 1
        assert 0 <= seat["min_score"] <= seat["mean_score"] <= seat["max_score"] <= 216
    assert summary["games_per_second"] > 0


def test_simulate_is_reproducible_across_workers():
    a = json.loads(run("simulate", "autumn", "--games", "12", "--seed", "9", "--json").output)
    b = json.loads(
        run("simulate", "autumn", "--games", "12", "--seed", "9", "--json", "--workers", "2").output
    )
    assert a["seats"] == b["seats"]


def test_simulate_table_output():
    result = run("simulate", "autumn", "--games", "5", "--seats", "random", "--players", "2")
    assert result.exit_code == 0, result.output
    assert "win share" in result.output and "games/s" in result.output


def test_bench_reports_throughput():
    result = run("bench", "autumn", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output and "autumn" in result.output


def test_simulate_every_game_at_its_largest_player_count_with_default_seats():
    for name, game in GAMES.items():
        players = game.info.max_players
        result = run("simulate", name, "--players", str(players), "--games", "2", "--json")
        assert result.exit_code == 0, (name, result.output)
        summary = json.loads(result.output)
        assert summary["players"] == players
        assert [s["bot"] for s in summary["seats"]] == ["random"] * players


def test_play_defaults_to_me_then_random_bots():
    result = run("play", "autumn", "--players", "1", "--seed", "1", input="quit\n")
    assert result.exit_code == 1, result.output
    assert "P0: you" in result.output and "P1" not in result.output
    result = run("play", "autumn", "--seed", "1", input="quit\n")
    assert "P0: you" in result.output and "P1: random bot" in result.output


def test_a_game_left_before_its_end_exits_non_zero():
    assert run("play", "autumn", "--seats", "me,random", input="quit\n").exit_code == 1
    assert run("play", "autumn", "--seats", "me,random", input="").exit_code == 1  # end of input
    assert run("play", "autumn", "--seats", "random,random").exit_code == 0


def test_one_seat_name_means_you_against_it():
    alone = run("play", "autumn", "--seats", "me", "--seed", "1", input="quit\n")
    assert "P0: you" in alone.output and "P1: random bot" in alone.output
    three = run("play", "momiji", "--seats", "hard", "--players", "3", input="quit\n")
    assert "P0: you" in three.output
    assert "P1: hard bot 1" in three.output and "P2: hard bot 2" in three.output
    summary = json.loads(
        run("simulate", "autumn", "--seats", "greedy", "--games", "1", "--json").output
    )
    assert [s["bot"] for s in summary["seats"]] == ["greedy", "greedy"]


def test_an_empty_seat_is_refused():
    for seats in (",,,", "me,", ",hard"):
        result = run("play", "autumn", "--seats", seats)
        assert result.exit_code == 2 and "--seats has an empty seat" in result.output


def test_players_with_load_is_said_to_be_ignored(tmp_path):
    path = tmp_path / "g.json"
    run("play", "autumn", "--seats", "me,random", "--save", str(path), input="quit\n")
    result = run("play", "autumn", "--load", str(path), "--players", "3", input="quit\n")
    assert "--players is ignored: the game of" in result.output and "has 2 players" in result.output


def test_lang_is_read_after_the_command_too():
    from leafpile.cli.common import language_first

    assert language_first(["play", "autumn", "--lang", "fr"]) == ["--lang", "fr", "play", "autumn"]
    assert language_first(["rules", "momiji", "--lang=ru"]) == ["--lang=ru", "rules", "momiji"]
    assert language_first(["play", "--", "--lang", "fr"]) == ["play", "--", "--lang", "fr"]


def test_version_answers_without_importing_the_commands():
    """`leafpile --version` imports no command module, game, bot or server (it took ~1 s)."""
    import subprocess
    import sys

    code = (
        "import sys; sys.argv = ['leafpile', '--version']; from leafpile.cli import main; main();"
        "heavy = ('typer', 'rich', 'leafpile.games', 'leafpile.bots', 'leafpile.server', "
        "'leafpile.cli.play'); print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    version, imported = out.stdout.splitlines()
    assert version.startswith("leafpile ") and imported == "[]"


def test_every_help_page_is_written_for_people():
    """No Python type marks (`<str>`, `<list[str]>`, `<bool>`) and no `{GAME}` / `[[GAME]]`
    in the usage lines; `play` names every game and every bot level."""
    import re

    commands = [c.name for c in app.registered_commands if c.name]
    for command in commands:
        out = run(command, "--help").output
        assert not re.search(r"<(str|int|bool|path|float|list\[)", out), (command, out)
        assert "{GAME}" not in out and "[[" not in out, (command, out)
    play_help = run("play", "--help").output
    assert all(g in play_help for g in GAMES) and all(b in play_help for b in BOTS)

"""The terminal as a new user meets it: each rough edge found by trying it has a test here."""

from __future__ import annotations

import json
import socket

from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.engine import GameRecord

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def said(result) -> str:
    """The output with the terminal's line wrapping undone."""
    return " ".join(result.output.split())


def test_save_to_a_missing_folder_is_refused_before_the_game_starts(tmp_path):
    target = tmp_path / "missing" / "g.json"
    result = run("play", "autumn", "--seats", "random,random", "--save", str(target))
    assert result.exit_code == 2
    assert "does not exist" in said(result)
    assert "game over" not in result.output  # refused before a single move
    assert not target.exists()


def test_save_to_a_folder_is_refused(tmp_path):
    result = run("play", "autumn", "--seats", "random,random", "--save", str(tmp_path))
    assert result.exit_code == 2
    assert "is a folder" in said(result)


def test_replay_of_a_binary_file_is_a_clear_error(tmp_path):
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(256)) * 4)
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "not a game record" in said(result)
    assert "Traceback" not in result.output


def _record(tmp_path, **changes):
    data = {"format": 1, "game": "autumn", "players": 2, "seed": 1, "options": {}, "actions": []}
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_of_a_record_without_actions_is_refused(tmp_path):
    result = run("replay", str(_record(tmp_path, actions=None)))
    assert result.exit_code == 2
    assert "missing 'actions'" in said(result)


def test_replay_of_an_unknown_record_format_is_refused(tmp_path):
    result = run("replay", str(_record(tmp_path, format=7)))
    assert result.exit_code == 2
    assert "format 7 is not supported" in said(result)


def test_a_written_record_reads_back(tmp_path):
    path = _record(tmp_path)
    assert GameRecord.load(path).seed == 1


def test_an_empty_enter_in_play_just_prompts_again():
    result = run("play", "autumn", "--seats", "me,random", "--seed", "3", input="\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("action (number, notation, ? or quit)") == 3
    assert "is not Autumn notation" not in result.output


def test_play_says_who_you_are():
    result = run("play", "autumn", "--seats", "me,hard", "--seed", "3", input="quit\n")
    assert "P0: you" in result.output
    assert "P1: hard bot" in result.output


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.startswith("leafpile ")


def test_game_names_are_case_insensitive():
    result = run("bench", "Under_The_Leaves", "--seconds", "0.05", "--players", "2")
    assert result.exit_code == 0, result.output
    assert "under-the-leaves" in result.output
    assert run("play", "AUTUMN", "--seats", "random,random", "--seed", "1").exit_code == 0


def test_serve_on_a_busy_port_says_so_and_never_claims_to_serve():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("serve", "--port", str(port))
    assert result.exit_code == 2
    assert f"port {port} is in use, try --port" in said(result)
    assert "serving" not in result.output


def test_play_in_french():
    result = run(
        "--lang", "fr", "play", "autumn", "--seats", "me,random", "--seed", "3", input="1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "P0: vous" in text
    assert "action (numéro, notation, ? ou quit)" in text
    assert "Autumn, manche 1 sur 3" in text
    assert "pose une carte (" in text
    assert "partie abandonnée" in text


def test_play_in_russian_from_the_environment(monkeypatch):
    monkeypatch.setenv("LEAFPILE_LANG", "ru")
    result = run("play", "autumn", "--seats", "me,random", "--seed", "3", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "P0: вы" in text
    assert "ход (номер, запись, ? или quit)" in text
    assert "раунд 1 из 3" in text
    assert "выкладывает карту" in text


def test_an_unknown_language_is_a_clear_error():
    result = run("--lang", "de", "games")
    assert result.exit_code == 2
    assert "unknown language 'de'" in said(result)


def test_games_explains_one_games_options_in_the_readers_language():
    result = run("--lang", "fr", "games", "undergrove")
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "carbon_moves" in text and "la règle publiée" in text
    assert "Donnez les options sous la forme -o NOM=VALEUR" in text
    assert run("games", "nope").exit_code == 2

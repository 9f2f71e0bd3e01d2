"""The terminal as a new user meets it: each rough edge found by trying it has a test here."""

from __future__ import annotations

import json
import re
import socket

import pytest
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
    assert result.exit_code == 1, result.output
    assert result.output.count("action (number, notation, ? or quit)") == 3
    assert "is not Autumn notation" not in result.output


def test_play_says_who_you_are():
    result = run("play", "autumn", "--seats", "me,hard", "--seed", "3", input="quit\n")
    assert "P0: you" in result.output
    assert "P1: hard bot" in result.output
    assert "Your turn: P0" in result.output


def test_players_have_names_at_the_start_at_each_turn_in_the_log_and_on_the_board():
    result = run(
        "play",
        "autumn",
        "--seats",
        "me,random",
        "--names",
        "Ana",
        "--seed",
        "3",
        input="1\n1\nquit\n",
    )
    assert result.exit_code == 1, result.output
    text = said(result)
    assert "P0: Ana (you)" in text and "P1: random bot" in text
    assert text.count("Your turn: P0 Ana") == 3  # at each of your turns (two played, one left)
    assert "> random bot places a card" in text  # log lines name the players
    assert "P0 Ana (you)" in text  # the board says which seat is yours


def test_bots_sharing_a_level_are_numbered_and_a_hot_seat_names_everyone():
    result = run("play", "momiji", "--players", "3", "--seats", "me,easy,easy", input="quit\n")
    assert "P1: easy bot 1" in said(result) and "P2: easy bot 2" in said(result)
    result = run(
        "play",
        "autumn",
        "--seats",
        "me,me",
        "--names",
        "Ana,Ben",
        "--seed",
        "2",
        "-o",
        "first_player=0",
        input="1,1\nred\nquit\n",
    )
    text = said(result)
    assert "Your turn: P0 Ana" in text and "Your turn: P1 Ben" in text
    assert "Ben takes red" in text


@pytest.mark.parametrize(
    ("names", "why"),
    [
        ("Ana,Ben,Cleo", "--names lists 3 names but the game has 2 seats"),
        ("Ana,ana", "two seats have the same name"),
        ("P1", "reads as a seat"),
        ("x" * 25, "longer than 24 characters"),
        ("Ana\x07", "control character"),
    ],
)
def test_bad_names_are_refused_before_the_game_starts(names, why):
    result = run("play", "autumn", "--seats", "me,random", "--names", names)
    assert result.exit_code == 2
    assert why in said(result)


def test_a_saved_game_goes_on_with_load_and_keeps_its_seats_and_names(tmp_path):
    path = tmp_path / "g.json"
    first = run(
        "play",
        "momiji",
        "--seats",
        "me,hard",
        "--names",
        "Ana",
        "--seed",
        "5",
        "--save",
        str(path),
        input="1\nquit\n",
    )
    assert first.exit_code == 1, first.output
    played = len(GameRecord.load(path).actions)
    again = run("play", "momiji", "--load", str(path), input="end\nquit\n")
    assert again.exit_code == 1, again.output
    assert "P0: Ana (you)" in said(again) and "P1: hard bot" in said(again)
    record = GameRecord.load(path)  # saved again where it came from
    assert len(record.actions) > played and record.metadata["names"] == ["Ana", ""]
    wrong = run("play", "autumn", "--load", str(path))
    assert wrong.exit_code == 2 and "is a record of momiji, not of autumn" in said(wrong)
    reseeded = run("play", "momiji", "--load", str(path), "--seed", "1")
    assert reseeded.exit_code == 2 and "cannot change a game" in said(reseeded)


def test_replay_names_the_players_of_the_record(tmp_path):
    path = tmp_path / "g.json"
    run("play", "autumn", "--seats", "random,greedy", "--names", "Ana", "--save", str(path))
    result = run("replay", str(path), "--at", "3")
    assert result.exit_code == 0, result.output
    assert "Ana" in result.output and "greedy bot" in result.output


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
    assert result.exit_code == 1, result.output
    text = said(result)
    assert "P0: vous" in text
    assert "action (numéro, notation, ? ou quitter)" in text
    assert "Autumn, manche 1 sur 3" in text
    assert "pose une carte (" in text
    assert "partie abandonnée" in text


def test_play_in_russian_from_the_environment(monkeypatch):
    monkeypatch.setenv("LEAFPILE_LANG", "ru")
    result = run("play", "autumn", "--seats", "me,random", "--seed", "3", input="1\nquit\n")
    assert result.exit_code == 1, result.output
    text = said(result)
    assert "P0: вы" in text
    assert "ход (номер, запись, ? или выход)" in text
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
    assert "carbon_moves" in text and "rules (comme dans la" in text
    assert "Donnez les options sous la forme -o NOM=VALEUR" in text
    assert run("games", "nope").exit_code == 2


def test_bench_shows_its_progress_in_the_readers_language(monkeypatch):
    """`bench` measures for seconds: a progress bar says what it is measuring."""
    from leafpile.cli import study

    seen: list[str] = []
    real = study.progress_bar

    def watched(*args, **kwargs):
        bar = real(*args, **kwargs)
        add, update = bar.add_task, bar.update

        def add_task(description, **kw):
            seen.append(description)
            return add(description, **kw)

        def update_task(task, **kw):
            if "description" in kw:
                seen.append(kw["description"])
            return update(task, **kw)

        monkeypatch.setattr(bar, "add_task", add_task)
        monkeypatch.setattr(bar, "update", update_task)
        return bar

    monkeypatch.setattr(study, "progress_bar", watched)
    result = run("--lang", "fr", "bench", "autumn", "--seconds", "0.05", "--players", "2")
    assert result.exit_code == 0, result.output
    assert seen == ["mesure en cours", "autumn, 2 joueurs"]
    assert "parties aléatoires, un cœur" in result.output


def test_the_system_install_waits_for_another_apt_instead_of_failing():
    """Every apt-get call of scripts/install-system-deps.sh waits for the dpkg lock."""
    from pathlib import Path

    script = (Path(__file__).parents[2] / "scripts" / "install-system-deps.sh").read_text()
    calls = [line for line in script.splitlines() if line.strip().startswith("apt-get")]
    assert calls, "the script installs with apt-get"
    assert all('"${lock_wait[@]}"' in line for line in calls)
    timeout = re.search(r"lock_wait=\(-o DPkg::Lock::Timeout=(\d+)\)", script)
    assert timeout and int(timeout.group(1)) >= 60

"""The terminal in English, French and Russian: `play` and `rules` of every game, and the
errors a player meets (notation, illegal actions, options, records, names) in the reader's
language, with no English left in French and Russian prompts."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.games import GAMES

runner = CliRunner()

#: What a language's terminal says at each of your turns, and its legend label.
YOUR_TURN = {"en": "Your turn: P0", "fr": "À vous de jouer : P0", "ru": "Ваш ход: P0"}
PROMPT = {
    "en": "action (number, notation, ? or quit)",
    "fr": "action (numéro, notation, ? ou quitter)",
    "ru": "ход (номер, запись, ? или выход)",
}
LEGEND = {"en": "legend:", "fr": "légende :", "ru": "условные обозначения:"}
#: English a French or Russian player must not meet in play (prompts, seats, errors).
ENGLISH = ("Your turn", "action (number", "you)", "hard bot", "is not", "legal now", "legend")


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def said(result) -> str:
    return " ".join(result.output.split())


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize("name", list(GAMES))
def test_play_every_game_in_every_language(name, lang):
    result = run(
        "--lang", lang, "play", name, "--seats", "me,hard", "--seed", "4", input="zz\n1\nquit\n"
    )
    assert result.exit_code == 1, result.output
    text = said(result)
    assert YOUR_TURN[lang] in text and PROMPT[lang] in text
    if name != "autumn":  # Autumn's picture explains its two letters on the card line
        assert LEGEND[lang] in text
    not_notation = {"en": "is not", "fr": "n'est pas une notation", "ru": "— не запись хода"}
    assert not_notation[lang] in text
    if lang != "en":
        assert not [w for w in ENGLISH if w in text], text


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize("name", list(GAMES))
def test_rules_of_every_game_in_every_language_with_pictures_in_that_language(name, lang):
    result = run("rules", name, "--lang", lang)
    assert result.exit_code == 0, result.output
    if name != "autumn":
        assert LEGEND[lang] in said(result)
    if lang != "en":
        assert "legend:" not in result.output


@pytest.mark.parametrize(
    ("lang", "args", "words"),
    [
        (
            "fr",
            ("play", "autumn", "-o", "rounds=7"),
            "l'option 'rounds' doit valoir 1, 3, et non 7",
        ),
        ("ru", ("play", "autumn", "-o", "rounds=x"), "параметр 'rounds' ожидает целое число"),
        ("fr", ("play", "autumn", "-o", "rounds"), "l'option 'rounds' doit s'écrire NOM=VALEUR"),
        ("ru", ("play", "autumn", "-o", "colour=red"), "неизвестный параметр colour"),
        ("fr", ("play", "momiji", "-o", "first_player=3"), "doit être inférieure à 2"),
        ("fr", ("play", "chess"), "jeu inconnu 'chess'"),
        ("ru", ("play", "autumn", "--seats", "me,wizard"), "неизвестный бот 'wizard'"),
        ("fr", ("play", "autumn", "--seats", "me,me,me"), "Autumn se joue de 1 à 2 joueurs"),
        ("ru", ("play", "autumn", "--names", "P1"), "похоже на обозначение места"),
    ],
)
def test_option_and_seat_errors_in_the_readers_language(lang, args, words):
    result = run("--lang", lang, *args)
    assert result.exit_code == 2
    label = {"fr": "erreur :", "ru": "ошибка:"}[lang]
    assert said(result).startswith(label) and words in said(result), result.output


def test_an_illegal_action_is_refused_in_french():
    result = run(
        "--lang",
        "fr",
        "play",
        "undergrove",
        "--seats",
        "me,random",
        "--seed",
        "5",
        input="absorb\nquit\n",
    )
    # the move typed in English is named in French, as the list of actions names it
    assert "'absorber' n'est pas permis maintenant (actions possibles, entre autres" in said(result)


def _record(tmp_path, **changes):
    data = {"format": 1, "game": "autumn", "players": 2, "seed": 1, "options": {}, "actions": []}
    data.update(changes)
    path = tmp_path / "r.json"
    path.write_text(json.dumps({k: v for k, v in data.items() if v is not None}))
    return path


@pytest.mark.parametrize(
    ("lang", "changes", "words"),
    [
        ("fr", {"actions": None}, "il manque 'actions' à l'enregistrement de partie"),
        ("ru", {"format": 7}, "формат записи 7 не поддерживается"),
        (
            "fr",
            {"actions": ["9,9"]},
            "action 1 de l'enregistrement ('9,9') : '9,9' n'est pas permis maintenant",
        ),
        ("ru", {"players": 5}, "в записи партии неверная подготовка: в Autumn играют от 1 до 2"),
    ],
)
def test_record_errors_in_the_readers_language(tmp_path, lang, changes, words):
    result = run("--lang", lang, "replay", str(_record(tmp_path, **changes)))
    assert result.exit_code == 2
    assert words in said(result), result.output


def test_unreadable_records_in_russian(tmp_path):
    binary = tmp_path / "photo.json"
    binary.write_bytes(bytes(range(256)))
    result = run("--lang", "ru", "replay", str(binary))
    assert "не запись партии (не текст в UTF-8)" in said(result)
    result = run("--lang", "ru", "replay", str(tmp_path / "missing.json"))
    assert "не удаётся прочитать" in said(result) and "такого файла нет" in said(result)
    (tmp_path / "bad.json").write_text("{")
    result = run("--lang", "fr", "play", "autumn", "--load", str(tmp_path / "bad.json"))
    assert "l'enregistrement de partie n'est pas du JSON valide" in said(result)


def test_review_in_russian(tmp_path):
    path = tmp_path / "g.json"
    run("play", "autumn", "--seats", "random,random", "--seed", "5", "--save", str(path))
    result = run("--lang", "ru", "review", str(path), "--seat", "0", "--iterations", "50")
    assert result.exit_code == 0, result.output
    text = said(result)
    assert "разбор решений P0" in text and "точность" in text and "выбор бота" in text
    assert "accuracy" not in text and "better:" not in text

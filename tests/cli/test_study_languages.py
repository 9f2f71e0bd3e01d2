"""The study commands in English, French and Russian: `simulate`'s table and summary, `analyze`'s
findings and its HTML report, `bench`'s table and the errors they refuse input with, in the
reader's language, with no English sentence left in French and Russian. Numbers, game, bot and
seat names stay as they are, and `--json` is never translated."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from leafpile.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def said(text: str) -> str:
    """The output with its line breaks (a narrow terminal's wrapping) as single spaces."""
    return " ".join(text.split())


#: Words that only `simulate`'s English output has (headers and its summary line).
SIMULATE_ENGLISH = ("win share", "mean score", "mean length", "draws", "games/s", " games,")
SIMULATE_WORDS = {
    "en": ("Autumn: 4 games, 2 players", "win share", "mean length 5", "games/s"),
    "fr": ("Autumn : 4 parties, 2 joueurs", "victoires", "écart", "durée moyenne 5", "parties/s"),
    "ru": ("Autumn: 4 партии, 2 игрока", "побед", "средние", "средняя длина 5", "ничьих 0"),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_simulate_in_every_language(lang):
    result = run(
        "--lang", lang, "simulate", "autumn", "--games", "4", "--seats", "random", "--workers", "1"
    )
    assert result.exit_code == 0, result.output
    text = said(result.output)
    for words in SIMULATE_WORDS[lang]:
        assert words in text, text
    assert "random" in text and "%" in text  # bot names and numbers as they are
    if lang != "en":
        assert not [w for w in SIMULATE_ENGLISH if w in text], text


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_simulate_json_is_never_translated(lang):
    args = ("simulate", "autumn", "--games", "3", "--seats", "random", "--workers", "1", "--json")
    english = json.loads(run(*args).output)
    result = run("--lang", lang, *args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary.keys() == english.keys() and "games_per_second" in summary
    assert [s["bot"] for s in summary["seats"]] == ["random", "random"]


REPORT_ENGLISH = ("report written", "first player wins", "decisions on average", "fair share")
PAGE_ENGLISH = (
    "balance report",
    "Key findings",
    "Seats and turn order",
    "win share",
    "Game length",
)
ANALYZE_WORDS = {
    "en": ("report written to", "The first player wins", "decisions on average"),
    "fr": ("rapport écrit dans", "Le premier joueur gagne", "décisions en moyenne"),
    "ru": ("отчёт записан в", "Первый игрок выигрывает", "Партия длится в среднем"),
}
PAGE_WORDS = {
    "en": ("<html lang='en'>", "Under the Leaves: balance report", "Key findings", "dweller:"),
    "fr": ("<html lang='fr'>", "rapport d&#x27;équilibre", "Constats principaux", "habitant :"),
    "ru": ("<html lang='ru'>", "балансе", "Главные выводы", "обитатель:"),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_analyze_and_its_report_in_every_language(lang, tmp_path):
    pytest.importorskip("matplotlib", reason="needs the research extra")
    out = tmp_path / "report"
    args = ("analyze", "under-the-leaves", "--games", "6", "--seats", "random", "--workers", "1")
    result = run("--lang", lang, *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    text = said(result.output)
    for words in ANALYZE_WORDS[lang]:
        assert words in text, text
    page = (out / "index.html").read_text(encoding="utf-8")
    for words in PAGE_WORDS[lang]:
        assert words in page
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 6
    assert all(e["label"].startswith("dweller: ") for e in summary["effects"])  # never translated
    if lang != "en":
        assert not [w for w in REPORT_ENGLISH if w in text], text
        assert not [w for w in PAGE_ENGLISH if w in page]


BENCH_WORDS = {
    "en": ("random playouts, one core", "actions/game"),
    "fr": ("parties aléatoires, un cœur", "actions/partie"),
    "ru": ("случайные партии, одно ядро", "ходов/партию"),
}


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_bench_in_every_language(lang):
    result = run("--lang", lang, "bench", "autumn", "--seconds", "0.05", "--players", "2")
    assert result.exit_code == 0, result.output
    text = said(result.output)
    for words in BENCH_WORDS[lang]:
        assert words in text, text
    assert "autumn" in text  # the game's name as it is
    if lang != "en":
        assert "random playouts" not in text and "actions/game" not in text


@pytest.mark.parametrize(
    ("lang", "args", "words"),
    [
        ("fr", ("simulate", "autumn", "--seats", "me,random"), "simulate demande un bot"),
        ("ru", ("simulate", "autumn", "--backend", "cloud"), "неизвестный способ запуска 'cloud'"),
        ("fr", ("simulate", "autumn", "--address", "auto"), "ne s'applique qu'avec --backend ray"),
        ("ru", ("analyze", "autumn", "--vary", "colour"), "игры Autumn нет такого параметра"),
        ("fr", ("analyze", "undergrove", "--vary", "round_limit"), "demande ses valeurs"),
        ("ru", ("analyze", "momiji", "-o", "landscapes=draft", "--vary", "landscapes"), "через -o"),
    ],
)
def test_study_errors_in_the_readers_language(lang, args, words, tmp_path):
    out = ("--out", str(tmp_path / "r")) if args[0] == "analyze" else ()
    result = run("--lang", lang, *args, *out)
    assert result.exit_code == 2, result.output
    assert words in said(result.output), result.output
    assert {"fr": "erreur :", "ru": "ошибка:"}[lang] in result.output

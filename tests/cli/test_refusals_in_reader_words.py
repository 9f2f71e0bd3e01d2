"""A refused move at the terminal in French and Russian (issue #30): the notation its message
quotes (what was typed, the examples of the game's notation) and the legal actions it names are
in the reader's words, never the English verbs (`take G`, `compost`, `stop`, `seedling 0,0`)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from leafpile.cli import app

runner = CliRunner()


def refusals(game: str, lang: str, typed: list[str]) -> list[str]:
    """What the terminal answers to each refused line, in order (one refusal a line)."""
    lines = "".join(t + "\n" for t in typed) + "q\n"
    out = runner.invoke(
        app, ["--lang", lang, "play", game, "--seats", "me,random", "--seed", "3"], input=lines
    ).output
    said = " ".join(out.split())
    # each answer follows the prompt, which ends with the prompt's own colon
    prompt = {"fr": r"quitter\) : ", "ru": r"выход\): "}[lang]
    answers = re.split(prompt, said)[1:]
    assert len(answers) == len(typed) + 1, said  # one answer each, then the quit
    return answers[:-1]


def english_quoted(answer: str) -> set[str]:
    """The English verbs quoted in an answer (what should have been translated)."""
    from leafpile.cli.notation_words import VERBS

    quoted = re.findall(r"(?<![\w'])'([^']{1,40}?)'(?!\w)", answer)
    return {q.split(" ")[0] for q in quoted if q.split(" ")[0].lower() in VERBS}


CASES = {
    # game: (what is typed, what the answers say in fr, in ru)
    "autumn": (
        ["stop", "take G", "zzz"],
        ["'arrêter' n'est pas", "'prendre G' n'est pas", "ou 'rouge' / 'jaune' pour"],
        ["'стоп' — не запись", "'взять G' — не запись", "или 'красный' / 'жёлтый'"],
    ),
    "momiji": (
        ["end", "stop", "zzz"],
        [
            "'fin' n'est pas permis maintenant (actions possibles, entre autres : prendre O, "
            "prendre P, renouveler,",
            "'arrêter' n'est pas permis",
            "'prendre G' (collecter), 'renouveler'",
        ],
        [
            "'конец' сейчас нельзя (можно, например: взять O, взять P, обновить,",
            "'стоп' сейчас нельзя",
            "'взять G' (собрать), 'обновить'",
        ],
    ),
    "under-the-leaves": (
        ["done", "seedling 9,0"],
        ["'fini' n'est pas une notation", "'plant 9,0' n'est pas"],
        ["'готово' — не запись", "'росток 9,0' — не запись"],
    ),
    "undergrove": (
        ["compost", "seedling 999,0", "stop"],
        [
            "'composter' n'est pas une notation d'Undergrove : par ex. 'absorber', 'activer 12'",
            "'plant 999,0' : (999,0) est bien loin",
            "'arrêter' n'est pas permis maintenant (actions possibles, entre autres : plant 0,0",
        ],
        [
            "'компост' — не запись хода Undergrove: например, 'впитать' (поглотить)",
            "'росток 999,0': (999,0) — далеко",
            "'стоп' сейчас нельзя (можно, например: росток 0,0",
        ],
    ),
}


@pytest.mark.parametrize("lang", ["fr", "ru"])
@pytest.mark.parametrize("game", sorted(CASES))
def test_a_refused_move_is_answered_in_the_readers_notation(game: str, lang: str) -> None:
    typed, fr, ru = CASES[game]
    answers = refusals(game, lang, typed)
    for answer, expected in zip(answers, fr if lang == "fr" else ru, strict=True):
        assert expected in answer, answer
        assert not english_quoted(answer), answer
    assert not any(re.search(r"\b(take|seedling|compost|refresh) ", a) for a in answers)


def test_the_readers_own_words_are_quoted_back_in_them() -> None:
    """Typed in French, answered in French (not with the English the parser was given)."""
    answers = refusals("momiji", "fr", ["prendre Z", "défausser Q9"])
    assert answers[0].startswith("'prendre Z' n'est pas une notation de Momiji")
    assert answers[1].startswith("'défausser Q9' : 'Q9' n'est pas")


def test_a_gloss_that_repeats_the_quoted_word_is_left_out() -> None:
    """The catalogs explain English notation in brackets ("'skip' (passer)"); once the
    notation is in French, the bracket only repeated it."""
    answer = refusals("undergrove", "fr", ["zzz"])[0]
    assert "'passer' ou 'fini'" in answer and "'passer' (passer)" not in answer
    assert "'retourner b' (retourner un jeton)" in answer  # a gloss that says more stays


def test_english_readers_see_the_notation_as_it_is() -> None:
    out = runner.invoke(
        app,
        ["--lang", "en", "play", "momiji", "--seats", "me,random", "--seed", "3"],
        input="end\nq\n",
    ).output
    assert "'end' is not legal now (legal actions include: take O, take P, refresh" in out


def test_learn_lists_and_answers_in_the_readers_words() -> None:
    out = runner.invoke(app, ["--lang", "fr", "learn", "autumn"], input="composter\nzzz\nq\n")
    said = " ".join(out.output.split())
    assert "1:rouge 2:jaune" in said and "maintenant : jaune (2)" in said  # the moves listed
    assert "'composter' n'est pas une notation d'Autumn" in said
    assert "'zzz' n'est pas une notation d'Autumn" in said and "'red'" not in said
    assert out.exit_code == 1

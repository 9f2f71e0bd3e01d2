"""The terminal read as a new player reads it (issue #30, "A terminal that a person
understands"): each game's picture explains its codes and fits 80 and 40 columns, and the
play loop says what happens between the turns."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from leafpile import i18n
from leafpile.cli import app
from leafpile.games import GAMES
from leafpile.games.autumn import terminal as autumn_terminal
from leafpile.i18n import Msg
from tests.cli.test_boards import picture, position, widest

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def flat(text: str) -> str:
    """The text with the terminal's line wrapping undone."""
    return " ".join(text.split())


def shown(renderable, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


# -- Autumn -------------------------------------------------------------------------------------
def _last_placement_of_round_one(seed: int):
    """Autumn just before the last card of round 1 is placed, and that placement."""
    state = GAMES["autumn"].new_state(2, seed)
    while True:
        action = state.legal_actions()[0]
        if state.deck == [] and state.card is not None:
            return state, action
        state.apply(action)


def test_autumn_round_end_shows_its_last_layout_scores_and_running_total():
    before, action = _last_placement_of_round_one(5)
    after = before.clone()
    after.apply(action)
    assert after.round == 1 and after.placed[1:] == []  # the next round's table replaced it
    text = flat(shown(autumn_terminal.interlude(before, action, after)))
    last = len(before.placed)  # the number of the card that ended the round
    assert "End of round 1" in text and (f"{last}r" in text or f"{last}y" in text)
    row, red = after.round_scores[0], after.round_red[0]
    assert f"P{red} (red) {row[red]}, P{1 - red} (yellow) {row[1 - red]}" in text
    assert f"Running total: P0 {row[0]}, P1 {row[1]}." in text
    # and the play loop prints it, before the next round's first turn
    out = flat(run("play", "autumn", "--seats", "random,random", "--seed", "5").output)
    assert out.index("End of round 1") < out.index("End of round 2") < out.index("game over")


def test_autumn_legend_explains_the_cell_digits_and_the_x_y_notation():
    text = flat(picture("autumn", position("autumn", 2, 3, 4), 0, 80, "en"))
    assert "14y = the 14th card played lies on top, on yellow" in text
    assert "x,y = a card's top-left cell: column x, row y" in text
    fr = flat(picture("autumn", position("autumn", 2, 3, 4), 0, 80, "fr"))
    assert "14y = " in fr and "colonne x, ligne y" in fr


def test_autumn_log_says_where_a_card_went():
    state = GAMES["autumn"].new_state(2, 3)
    action = state.legal_actions()[0]
    line = GAMES["autumn"].describe(state, action)
    assert f" at {action.x},{action.y}" in line
    i18n.use("fr")
    try:
        said = line.localize()
    finally:
        i18n.use("en")
    assert f"en {action.x},{action.y}" in said


@pytest.mark.parametrize(
    ("options", "name", "goal"),
    [
        ({}, "Garden", "the size of the third largest"),
        ({"challenge": "balance"}, "Balance", "three areas of exactly the same size"),
        ({"challenge": "two"}, "Two", "only two areas in all"),
    ],
)
def test_autumn_solo_screen_names_the_challenge_and_its_goal(options, name, goal):
    state = GAMES["autumn"].new_state(1, 2, options=options)
    text = flat(picture("autumn", state, 0, 80, "en"))
    assert f"Solo challenge: {name} — " in text and goal in text


def _wide_autumn(seed: int):
    """A 2-player Autumn table stretched as far to the right as the rules let it."""
    state = GAMES["autumn"].new_state(2, seed, options={"rounds": 1})
    while not state.is_terminal():
        state.apply(max(state.legal_actions(), key=lambda a: getattr(a, "x", 0)))
        if len(state.deck) == 1:
            return state
    raise AssertionError("the round ended early")


@pytest.mark.parametrize("width", [80, 40])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_autumn_wide_table_fits_80_and_40_columns(width, lang):
    state = _wide_autumn(7)
    columns = {x for _card, x, _y, _rot in state.placed}
    assert max(columns) - min(columns) >= 15  # too wide for 40 columns at 2 or more per cell
    text = picture("autumn", state, 0, width, lang)
    assert widest(text) <= width and not too_narrow(text, lang)


def too_narrow(text: str, lang: str) -> bool:
    """Whether a picture says the terminal is too narrow for it (`Fitted`)."""
    words = Msg(
        "{what} needs {n} columns and this terminal has {width}: widen the window (or make the "
        "font smaller) to see it whole.",
        what="@",
        n=999,
        width=888,
    ).localize(lang)
    between = words.split("999")[1].split("888")[0].strip()
    assert between
    return between in flat(text)


# -- the play loop ------------------------------------------------------------------------------
def test_hot_seat_hands_the_terminal_over_before_a_hidden_hand_shows():
    """`--seats me,me` in a game of hidden hands: after P1's turn the screen is cleared and
    P0 asked to take the terminal, and their hand shows only once they pressed Enter."""
    moves = "1\n" * 12 + "quit\n"
    out = run("play", "momiji", "--seats", "me,me", "--seed", "3", input=moves).output
    handover = out.index("Pass the terminal to P0, then press Enter.")
    assert out.rfind("Your turn: P1", 0, handover) > 0  # P1 played just before
    assert out.index("Your turn: P0") > handover  # P0's screen comes after the handover
    # the Enter that answered the handover was not taken as a move: P0 played on
    assert "Your turn: P0" in out[handover:] and "no action number" not in out


def test_hot_seat_without_hidden_cards_is_not_interrupted():
    out = run("play", "autumn", "--seats", "me,me", "--seed", "3", input="1\n1\n1\nquit\n").output
    assert "Pass the terminal" not in out and out.count("Your turn: P1") >= 1


def test_a_forced_single_choice_is_played_not_asked(monkeypatch):
    from leafpile.cli import at_table

    def no_question(*_args, **_kwargs):
        raise AssertionError("asked")

    monkeypatch.setattr(at_table.console, "input", no_question)
    state = GAMES["momiji"].new_state(2, 3)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[-1])
    view = GAMES["momiji"].player_view(state, state.current_player)
    assert at_table.TerminalSeat(state.current_player).choose(view) == state.legal_actions()[0]


def test_prompt_words_are_shown_and_read_in_the_readers_language():
    """`take G`, `red`... are listed in French and Russian, and read in either language or
    in English; the record keeps the English notation."""
    fr = run(
        "--lang", "fr", "play", "autumn", "--seats", "me,random", "--seed", "3",
        input="jaune\nquitter\n",
    )  # fmt: skip
    assert "1 rouge" in fr.output and "2 jaune" in fr.output  # the colour choice, listed
    assert "P0 prend le jaune" in fr.output and fr.exit_code == 1  # read, then left
    en = run(
        "--lang", "ru", "play", "autumn", "--seats", "me,random", "--seed", "3",
        input="yellow\nвыход\n",  # noqa: RUF001
    )  # fmt: skip
    assert "1 красный" in en.output and en.exit_code == 1
    momiji = run(
        "--lang", "ru", "play", "momiji", "--seats", "me,random", "--seed", "3",
        input="взять O\nq\n",
    )  # fmt: skip
    assert "1 взять O" in momiji.output and "сейчас нельзя" not in momiji.output
    assert "3 конец" in momiji.output  # taken: the turn's next choices are listed


def test_notation_words_read_back_to_one_english_verb_in_each_language():
    from leafpile.cli.notation_words import VERBS, plain, word

    for lang in ("fr", "ru"):
        words = [plain(word(v, lang)) for v in VERBS]
        assert all(w and " " not in w for w in words), lang
        assert len(set(words)) == len(words), lang  # each typed word means one verb
        assert not (set(words) - set(VERBS)) & set(VERBS)  # and never another English one
        assert all(w not in VERBS or w == v for w, v in zip(words, VERBS, strict=True))


# -- Momiji -------------------------------------------------------------------------------------
def test_momiji_legend_explains_new_piles_and_remembered_hands():
    state = position("momiji", 2, 3, 12)
    text = flat(picture("momiji", state, 0, 100, "en"))
    assert re.search(r"<(\w+) \1> = in the actions: play the card as a new pile at the left", text)
    assert re.search(r"\w+\? = in another's hand: seen taken, but maybe discarded", text)
    assert "?? = in another's hand: a card nobody saw" in text
    ru = flat(picture("momiji", state, 0, 100, "ru"))
    assert "?? = в чужой руке" in ru


def test_momiji_final_screen_breaks_each_score_down():
    from leafpile.games.momiji.scoring import objective_points, pile_points, totals

    state = position("momiji", 3, 5, 10_000)
    assert state.is_terminal()
    text = flat(picture("momiji", state, None, 100, "en"))
    assert "final scores:" in text
    for p, total in enumerate(totals(state)):
        parts = (pile_points(state.rows[p]), state.acorns[p], objective_points(state)[p])
        line = "piles {} + acorns {} + objectives {} = {}".format(*parts, total)
        assert f"P{p} {line}" in text


# -- Under the Leaves ---------------------------------------------------------------------------
def test_under_the_leaves_gives_pink_and_the_puddle_dweller_letters_of_their_own():
    from leafpile.games.under_the_leaves import terminal

    colours = set(terminal._LETTER.strip())
    assert not colours & set(terminal._FAMILY_LETTER)
    text = flat(picture("under-the-leaves", position("under-the-leaves", 2, 4, 6), 0, 80, "en"))
    assert "P pink" in text and "W puddle dweller" in text and "P puddle dweller" not in text


def test_under_the_leaves_names_sectors_in_the_gardens_own_coordinates():
    from leafpile.games.under_the_leaves.components import space_xy

    state = position("under-the-leaves", 2, 15, 10_000)
    text = flat(picture("under-the-leaves", state, 0, 80, "en"))
    _colour, mask, _bees = state.sectors[0][0]
    x, y = space_xy((mask & -mask).bit_length() - 1)
    tile = (x // 2, y // 2)
    assert tile in {(tx, ty) for _t, tx, ty, *_ in state.placed[0]}  # a tile of the rulers
    corner = ("top left", "top right", "bottom left", "bottom right")[2 * (y % 2) + x % 2]
    assert f"spaces from tile {tile[0]},{tile[1]}, {corner}: bees" in text
    assert "at space (" not in text


def test_under_the_leaves_counts_figures_with_plurals():
    state = position("under-the-leaves", 2, 4, 0)
    en = flat(picture("under-the-leaves", state, 0, 80, "en"))
    fr = flat(picture("under-the-leaves", state, 0, 80, "fr"))
    assert "P0 (you) 0 figures" in en and "0 figurine " in fr and "0 figurines" not in fr
    state.bees[0] += 1
    assert "P0 (you) 1 figure " in flat(picture("under-the-leaves", state, 0, 80, "en"))


def test_under_the_leaves_explains_the_majority_bonus():
    from leafpile.games.under_the_leaves.scoring import majority_bonus

    state = position("under-the-leaves", 2, 15, 10_000)
    bonus = majority_bonus(state)[1]
    assert bonus == [0, 2, 0]
    text = flat(picture("under-the-leaves", state, 0, 80, "en"))
    assert "incl. majority +2 (the most mushroom dwellers: +2 each kind, ties included)" in text


@pytest.mark.parametrize("width", [80, 40])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_under_the_leaves_garden_fits_80_and_40_columns(width, lang):
    state = position("under-the-leaves", 2, 15, 10_000)
    assert len({tx for _t, tx, *_ in state.placed[0]}) == 7  # 52 columns at full size
    text = picture("under-the-leaves", state, 0, width, lang)
    assert widest(text) <= width and not too_narrow(text, lang)


# -- Undergrove ---------------------------------------------------------------------------------
def test_undergrove_tile_names_are_whole_at_120_columns():
    from leafpile.games.undergrove.components import tile

    small = position("undergrove", 2, 3, 8)
    text = picture("undergrove", small, 0, 120, "en")
    assert "|Painted Suillus " in text and "|Fly Agaric " in text  # whole, in the forest
    big = position("undergrove", 2, 3, 10_000)
    text = flat(picture("undergrove", big, None, 120, "en"))
    cut = [t for t in big.tile_at.values() if len(tile(t).name) > 9]
    assert cut and all(f"{t} = {tile(t).name}" in text for t in cut)  # under the forest


def test_undergrove_says_what_the_running_score_is():
    start = flat(picture("undergrove", position("undergrove", 2, 3, 0), 0, 100, "en"))
    assert "score so far" not in start
    assert "score if the game ended now:" in start and "a point for every two resources" in start
    end = flat(picture("undergrove", position("undergrove", 2, 3, 10_000), None, 100, "en"))
    assert "final score:" in end and "if the game ended now" not in end


@pytest.mark.parametrize("seed", [2, 5])
def test_undergrove_final_line_names_the_last_round_played(seed):
    state = position("undergrove", 2, seed, 10_000)
    assert state.over
    text = flat(picture("undergrove", state, None, 100, "en"))
    assert f"ended after round {state.round} " in text and "(the last:" not in text
    state.over, state.round = False, state.final_round
    assert "(the last round)" in flat(picture("undergrove", state, None, 100, "en"))


# -- review -------------------------------------------------------------------------------------
def test_review_says_where_the_better_move_goes(tmp_path):
    record = tmp_path / "g.json"
    run("play", "autumn", "--seats", "random,random", "--seed", "4", "--save", str(record))
    out = flat(run("review", str(record), "--seat", "0", "--iterations", "50").output)
    assert re.search(r"better: P0 places a card \([^)]*\)( turned 180°)? at -?\d+,-?\d+", out)


def test_under_the_leaves_log_says_where_a_tile_went():
    state = position("under-the-leaves", 2, 3, 1)
    action = state.legal_actions()[0]
    assert f" at {action.x},{action.y}, " in GAMES["under-the-leaves"].describe(state, action)


# -- leafpile games -----------------------------------------------------------------------------
JARGON = re.compile(r"\[(D|S|I|BGA)\]|\bQ\d+\b|§|\.json|no effect|show_pile_sizes|<bool>")


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_games_speaks_to_players_without_rules_file_jargon(lang):
    listing = run("--lang", lang, "games")
    assert listing.exit_code == 0 and not JARGON.search(listing.output), listing.output
    for name in GAMES:
        one = run("--lang", lang, "games", name)
        assert one.exit_code == 0 and not JARGON.search(one.output), one.output
    autumn = flat(run("--lang", lang, "games", "autumn").output)
    words = {"en": "Three rounds", "fr": "Trois manches", "ru": "Три раунда"}[lang]
    assert f"3 ({words})" in autumn  # what to type, and what it means


def test_a_refused_action_names_the_possible_ones_in_the_readers_words():
    out = run(
        "--lang", "ru", "play", "momiji", "--seats", "me,random", "--seed", "3", input="end\nq\n"
    ).output  # fmt: skip
    said = flat(out)
    assert "'конец' сейчас нельзя" in said and "например: взять O, взять P, обновить" in said
    assert "take O" not in said


def test_momiji_objective_ids_are_shown_and_read_in_the_readers_language():
    from leafpile.cli.notation_words import from_reader, to_reader

    view = GAMES["momiji"].new_state(2, 5)
    i18n.use("ru")
    try:
        assert to_reader(view, "obj type-G") == "цель тип-G"
        assert to_reader(view, "obj zero") == "цель ноль"
        for typed in ("цель ноль", "obj ноль", "obj zero", "ЦЕЛЬ Ноль"):
            assert from_reader(view, typed) == "obj zero"
        assert from_reader(view, "цель тип-G") == "obj type-G"
        text = flat(picture("momiji", view, 0, 100, "ru"))
    finally:
        i18n.use("en")
    assert "ноль неактивна" in text and "zero" not in text

"""Component names in the balance analysis in the reader's language: the report, the findings
and the plots show each component as its game words it (the games' own catalogs), while
`summary.json` keeps the English labels from the games' data, byte for byte."""

from __future__ import annotations

import html
import json

import pytest
from typer.testing import CliRunner

from leafpile import i18n
from leafpile.cli import app
from leafpile.i18n import Msg
from leafpile.sim.analysis import analyze
from leafpile.sim.components import Component
from leafpile.sim.plots import component_label
from leafpile.sim.report import findings
from leafpile.sim.runner import GameResult

runner = CliRunner()


def _dweller(name: str) -> str:
    from leafpile.games.under_the_leaves.words import CARD_WORDS, FAMILY_NAMES

    title, family = name.removesuffix(")").split(" (")
    card = next(k for k, (words, _) in CARD_WORDS.items() if str(words) == title)
    return f"{CARD_WORDS[card][0].localize('fr')} ({FAMILY_NAMES[family].localize('fr')})"


def _goal(name: str) -> str:
    from leafpile.games.undergrove.words import goal_texts

    number = int(name.split()[0])
    return f"{number} {goal_texts(number)[0].localize('fr')}"


def _objective(name: str) -> str:
    from leafpile.games.momiji.words import OBJECTIVE_WORDS

    return next(w.localize("fr") for w in OBJECTIVE_WORDS.values() if str(w) == name)


def _landscape(name: str) -> str:
    from leafpile.games.momiji.words import POWER_WORDS

    tile, text = name.split(" ", 1)
    return f"{tile} {next(w.localize('fr') for _, w in POWER_WORDS.values() if str(w) == text)}"


#: Each kind of component: its French name, from its English one, in the game's own words.
FRENCH = {
    "dweller": ("habitant", _dweller),
    "goal": ("objectif", _goal),
    "objective": ("objectif", _objective),
    "landscape": ("paysage", _landscape),
}


def report(game: str, lang: str, out) -> tuple[str, str, bytes]:
    args = ("analyze", game, "--games", "3", "--seats", "random", "--workers", "1")
    result = runner.invoke(app, ["--lang", lang, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    return result.output, page, (out / "summary.json").read_bytes()


@pytest.mark.parametrize("game", ["momiji", "under-the-leaves", "undergrove"])
def test_french_report_names_components_in_the_games_words(game, tmp_path):
    pytest.importorskip("matplotlib", reason="needs the research extra")
    _, english_page, english_summary = report(game, "en", tmp_path / "en")
    _, page, summary = report(game, "fr", tmp_path / "fr")
    assert summary == english_summary  # the data keep their English labels, byte for byte
    effects = json.loads(summary)["effects"]
    assert effects
    translated = 0
    for effect in effects:
        kind, name = effect["label"].split(": ", 1)
        word, french = FRENCH[kind]
        shown = french(name)
        assert html.escape(f"{word} : {shown}") in page, shown
        assert html.escape(name) in english_page
        if shown != name:
            translated += 1
            assert html.escape(f": {name}<") not in page, name
    assert translated == len(effects)  # every component these games study has French words


def result(seed: int, winners: list[int], components: tuple[Component, ...]) -> GameResult:
    return GameResult(
        seed=seed,
        scores=[10.0, 5.0],
        winners=winners,
        returns=[0.0, 0.0],
        length=40,
        first_player=0,
        components=components,
    )


def test_findings_and_plot_labels_name_the_component_in_the_readers_language():
    from leafpile.games.momiji.words import OBJECTIVE_WORDS

    piles = Component("objective", "most piles", shown=OBJECTIVE_WORDS["piles"])
    results = [result(i, [0] if i < 30 else [1], (piles,) if i % 2 else ()) for i in range(60)]
    results += [result(60 + i, [0], (piles,)) for i in range(10)]
    a = analyze("momiji", "Momiji", ["random", "random"], results)
    english = a.to_dict()
    assert [e["label"] for e in english["effects"]] == ["objective: most piles"]
    assert "shown" not in english["effects"][0]
    assert "shown" not in results[1].to_dict()["components"][0]
    try:
        i18n.use("fr")
        said = " ".join(findings(a))
        label = component_label(a.effects[0])
        assert a.to_dict() == english
    finally:
        i18n.use("en")
    assert "objectif : le plus de piles" in said and "most piles" not in said, said
    assert label == "objectif : le plus de piles"
    assert component_label(a.effects[0]) == "objective: most piles"
    assert Msg("most piles").localize("ru") in component_label_in(a, "ru")


def component_label_in(a, lang: str) -> str:
    try:
        i18n.use(lang)
        return component_label(a.effects[0])
    finally:
        i18n.use("en")

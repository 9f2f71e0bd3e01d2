"""Reports that do not call noise a finding: Holm's correction across the components of one
report, ranking within one measure, the effects plot's legend, and per-game JSONL."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from typer.testing import CliRunner

pytest.importorskip("matplotlib", reason="needs the research extra")

import itertools

from leafpile.cli import app
from leafpile.sim.analysis import ALPHA, analyze
from leafpile.sim.components import Component
from leafpile.sim.report import findings, render_html
from leafpile.sim.runner import GameResult

runner = CliRunner()
SHARED_LABELS = [Component("goal", f"goal {i}") for i in range(16)]
HELD_LABELS = [f"tile {i}" for i in range(8)]


def noise(seed: int, games: int = 240) -> list[GameResult]:
    """Games whose winner is a fair coin, then component labels shuffled across the games:
    no component can have any effect on who wins."""
    rng = random.Random(seed)
    labels = []
    for _ in range(games):
        shared = [c for c in SHARED_LABELS if rng.random() < 0.5]
        held = [Component("landscape", t, holder=rng.randrange(2)) for t in HELD_LABELS]
        labels.append(tuple(shared + held))
    rng.shuffle(labels)
    out = []
    for i in range(games):
        winner = rng.randrange(2)
        scores = [10.0 + rng.randrange(5), 10.0 + rng.randrange(5)]
        scores[winner] += 5
        out.append(GameResult(i, scores, [winner], [0.0, 0.0], 40, rng.randrange(2), labels[i]))
    return out


def test_shuffled_labels_give_no_clear_component_in_at_least_95_percent_of_runs():
    """20 reports on no-effect data, through the real analysis and report words: at most one
    may name a clear component (uncorrected, 24 tests at 5% each flag most reports)."""
    flagged = uncorrected = 0
    for run in range(20):
        a = analyze("momiji", "Momiji", ["greedy", "greedy"], noise(run))
        ranked = [e for e in a.effects if e.ranked]
        assert len(ranked) == len(SHARED_LABELS) + len(HELD_LABELS)
        clear = [e for e in ranked if e.clear]
        flagged += bool(clear)
        uncorrected += any(e.p_value < ALPHA for e in ranked)
        text = " ".join(findings(a))
        assert f"{len(clear)} of {len(ranked)} ranked components have a clear effect" in text
        if not clear:
            assert " ✔</td>" not in render_html(a, "test")
    assert flagged <= 1, f"{flagged} of 20 no-effect reports named a clear component"
    assert uncorrected >= 5, "the data should fool an uncorrected test (else this proves little)"


def test_a_real_effect_stays_clear_after_the_correction():
    results = noise(1, games=400)
    strong = Component("goal", "decisive")
    results = [
        replace(r, components=(*r.components, strong)) if r.first_player in r.winners else r
        for r in results  # in play exactly when the first player won
    ]
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], results)
    (effect,) = [e for e in a.effects if e.label == strong.label]
    assert effect.clear and effect.p_holm >= effect.p_value and effect.level > 0.95
    assert effect.delta_lo > 0  # its corrected interval excludes zero too
    others = [e for e in a.effects if e.label != strong.label and e.ranked]
    assert all(e.level >= 1 - ALPHA for e in others)
    assert "Holm" in " ".join(findings(a))


def test_holm_adjusted_p_values_are_monotone_and_bounded():
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], noise(3))
    family = sorted((e for e in a.effects if e.ranked), key=lambda e: e.p_value)
    m = len(family)
    assert family[0].p_holm == pytest.approx(min(1.0, m * family[0].p_value))
    assert all(x.p_holm <= y.p_holm <= 1.0 for x, y in itertools.pairwise(family))
    levels = sorted(e.level for e in family)  # ties in p may take either of two levels
    assert levels == pytest.approx(sorted(1 - ALPHA / (m - k) for k in range(m)))
    assert json.loads(json.dumps(a.to_dict()))["correction"] == "holm"


def test_components_are_ranked_within_one_measure():
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], noise(4))
    held, shared = a.ranked(True), a.ranked(False)
    assert {e.held for e in held} == {True} and {e.held for e in shared} == {False}
    assert len(held) == len(HELD_LABELS) and len(shared) == len(SHARED_LABELS)
    text = " ".join(findings(a))
    assert "Of the components a player holds" in text
    assert "Of the components everyone shares" in text


def test_the_effects_legend_shows_each_kind_in_its_own_colour(tmp_path, monkeypatch):
    from matplotlib.figure import Figure

    from leafpile.sim import plots

    legends = []
    original = Figure.savefig

    def keep(fig, path, *args, **kwargs):
        legend = fig.axes[0].get_legend()
        legends.append([tuple(h.get_facecolor()) for h in legend.legend_handles])
        return original(fig, path, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], noise(5))
    plots.plot_effects(a.effects, tmp_path / "effects.png")
    (colours,) = legends
    assert len(colours) == 2 and colours[0] != colours[1]


def test_analyze_and_simulate_write_one_json_line_per_game(tmp_path):
    out = tmp_path / "report"
    result = runner.invoke(
        app, ["analyze", "momiji", "--games", "4", "--seats", "random,random", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [r["seed"] for r in rows] == [0, 1, 2, 3]
    for row in rows:
        assert row["seats"] == ["random", "random"] and len(row["scores"]) == 2
        assert row["winners"] and row["length"] > 0 and row["components"]
        assert {"kind", "name", "holder"} <= set(row["components"][0])
    games = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "momiji", "--games", "4", "--out", str(games)])
    assert result.exit_code == 0, result.output
    again = [json.loads(line) for line in games.read_text().splitlines()]
    assert [r["seed"] for r in again] == [0, 1, 2, 3]
    assert [r["scores"] for r in again] == [r["scores"] for r in rows]
    bad = runner.invoke(app, ["simulate", "momiji", "--games", "1", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "is a folder" in bad.output


def test_the_report_plots_game_length_against_score(tmp_path):
    from leafpile.sim.report import write_report

    results = [
        GameResult(i, [float(i), float(i)], [0], [0.0, 0.0], 40 + i, 0, ()) for i in range(30)
    ]
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], results)
    write_report(a, tmp_path, "test")
    assert (tmp_path / "length_scores.png").stat().st_size > 1000
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["length_score_correlation"] == pytest.approx(1.0)
    assert "correlation +1.00" in (tmp_path / "index.html").read_text()

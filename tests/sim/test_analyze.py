"""The balance report: its numbers on known results, and `leafpile analyze` end to end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

pytest.importorskip("matplotlib", reason="needs the research extra")

from leafpile.cli import app
from leafpile.sim.analysis import Share, analyze, difference_interval
from leafpile.sim.components import SHARED, Component
from leafpile.sim.report import findings
from leafpile.sim.runner import GameResult

runner = CliRunner()


def result(seed, winners, first=0, components=(), scores=(10.0, 5.0)):
    return GameResult(
        seed=seed,
        scores=list(scores),
        winners=list(winners),
        returns=[0.0, 0.0],
        length=40 + seed % 3,
        first_player=first,
        components=tuple(components),
    )


def test_seat_turn_order_and_held_component_shares():
    tile = Component("landscape", "L1", holder=0)
    # seat 0 always starts and wins 3 of 4; it holds L1 in every game
    results = [result(i, [0] if i % 4 else [1], first=0, components=[tile]) for i in range(40)]
    a = analyze("momiji", "Momiji", ["greedy", "greedy"], results)
    assert a.seat_shares[0].value == pytest.approx(0.75)
    assert a.turn_shares[0].value == pytest.approx(0.75)  # the first player is seat 0
    (effect,) = a.effects
    assert effect.held and effect.games == 40
    assert effect.delta == pytest.approx(0.25)  # against the fair 50%
    assert effect.clear and effect.delta_lo > 0
    assert "advantage" in findings(a)[0]


def test_shared_component_compares_the_first_players_share_with_and_without():
    goal = Component("goal", "7", SHARED)
    with_goal = [result(i, [0], first=0, components=[goal]) for i in range(30)]
    without = [result(30 + i, [1] if i % 2 else [0], first=0) for i in range(30)]
    a = analyze("undergrove", "Undergrove", ["greedy", "greedy"], with_goal + without)
    (effect,) = a.effects
    assert not effect.held and effect.games == 30
    assert effect.share.value == 1.0 and effect.baseline == 0.5
    assert effect.delta == pytest.approx(0.5) and effect.ranked and effect.clear


def test_a_shared_win_counts_as_a_fraction():
    a = analyze("x", "X", ["a", "b"], [result(0, [0, 1]), result(1, [0])])
    assert a.seat_shares[0].value == pytest.approx(0.75)
    assert a.draws == 1


def test_difference_interval_contains_the_difference_and_zero_when_equal():
    a, b = Share.of(30, 60), Share.of(30, 60)
    lo, hi = difference_interval(a, b)
    assert lo < 0 < hi and hi == pytest.approx(-lo)


def test_analyze_writes_the_report_with_plots(tmp_path):
    out = tmp_path / "report"
    args = ["analyze", "under-the-leaves", "--games", "24", "--seats", "random"]
    result = runner.invoke(app, [*args, "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "report written to" in result.output
    page = (out / "index.html").read_text()
    for png in ("seats.png", "scores.png", "lengths.png", "effects.png"):
        assert (out / png).stat().st_size > 1000
        assert png in page
    assert "first player wins" in page and "dweller:" in page
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 24 and len(summary["effects"]) >= 3


def test_autumn_solo_compares_its_challenges_by_default(tmp_path):
    out = tmp_path / "solo"
    args = ["analyze", "autumn", "--players", "1", "--games", "6", "--workers", "1"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["varied"] == {"challenge": ["garden", "balance", "two"]}
    labels = {e["label"] for e in summary["effects"]}
    assert labels == {f"option: challenge={c}" for c in ("garden", "balance", "two")}
    assert "solo player wins" in (out / "index.html").read_text()


def test_analyze_refuses_bad_input_clearly(tmp_path):
    def run(*args):
        return runner.invoke(app, ["analyze", *args, "--out", str(tmp_path / "r")])

    result = run("chess")
    assert result.exit_code == 2 and "unknown game" in result.output
    result = run("autumn", "--vary", "colour")
    assert result.exit_code == 2 and "no such option" in result.output
    result = run("autumn", "--players", "2", "--vary", "challenge")
    assert result.exit_code == 2 and "does not apply to 2 player(s)" in result.output
    result = run("undergrove", "--vary", "round_limit")
    assert result.exit_code == 2 and "needs its values" in result.output
    result = run("momiji", "--vary", "start_acorns=1,99")
    assert result.exit_code == 2 and "start_acorns" in result.output
    result = run("momiji", "-o", "landscapes=draft", "--vary", "landscapes")
    assert result.exit_code == 2 and "both fixed" in result.output
    (tmp_path / "file").write_text("x")
    result = runner.invoke(app, ["analyze", "autumn", "--out", str(tmp_path / "file")])
    assert result.exit_code == 2 and "not a folder" in result.output

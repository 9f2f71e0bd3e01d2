"""Per-category scores by seat in the balance report: the means on known results, the table in
the page (in the reader's language), `summary.json` and the per-game JSONL, end to end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

pytest.importorskip("matplotlib", reason="needs the research extra")

from leafpile import i18n
from leafpile.cli import app
from leafpile.engine.study import ScorePart
from leafpile.i18n import Msg
from leafpile.sim.analysis import analyze
from leafpile.sim.report import render_html
from leafpile.sim.runner import GameResult

runner = CliRunner()


def result(seed: int, piles: tuple[float, float], acorns: tuple[float, float]) -> GameResult:
    parts = (ScorePart(Msg("Piles"), piles), ScorePart(Msg("Acorns"), acorns))
    scores = [piles[0] + acorns[0], piles[1] + acorns[1]]
    return GameResult(seed, scores, [0], [1.0, -1.0], 40, 0, (), parts)


def test_category_means_by_seat():
    results = [result(0, (10, 4), (1, 3)), result(1, (20, 6), (3, 5))]
    a = analyze("momiji", "Momiji", ["greedy", "random"], results)
    assert [str(c) for c in a.categories] == ["Piles", "Acorns"]
    assert a.category_means == [[15.0, 5.0], [2.0, 4.0]]
    assert a.to_dict()["score_by_category"] == {"Piles": [15.0, 5.0], "Acorns": [2.0, 4.0]}
    page = render_html(a, "leafpile analyze momiji")
    assert "Points by category" in page and "<td>15.0</td><td>5.0</td>" in page
    assert "<th>17.0</th><th>9.0</th>" in page  # the totals: the mean scores
    try:
        i18n.use("ru")
        page = render_html(a, "leafpile analyze momiji")
    finally:
        i18n.use("en")
    assert "Очки по категориям" in page and "Points by category" not in page
    assert "Piles" not in page  # the game's own word for it, in Russian


def test_analyze_reports_the_categories_and_writes_them_per_game(tmp_path):
    out = tmp_path / "report"
    args = ["analyze", "undergrove", "--games", "3", "--seats", "random", "--workers", "1"]
    done = runner.invoke(app, [*args, "--out", str(out)])
    assert done.exit_code == 0, done.output
    summary = json.loads((out / "summary.json").read_text())
    by_category = summary["score_by_category"]
    assert list(by_category) == [
        "Roots",
        "Bonus tiles and end space",
        "Resources left (1 per 2)",
        "Goals",
    ]
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(rows) == 3
    for row in rows:  # each game's parts add up to its scores
        totals = [sum(points[p] for points in row["parts"].values()) for p in range(2)]
        assert totals == row["scores"]
    for label, means in by_category.items():
        assert means == pytest.approx(
            [sum(r["parts"][label][p] for r in rows) / 3 for p in range(2)]
        )
    assert "Points by category" in (out / "index.html").read_text()

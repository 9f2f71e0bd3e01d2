"""Glicko-2 against the worked example of Glickman's paper, and multi-player tables."""

from __future__ import annotations

import pytest

from leafpile.server.players.glicko2 import Rating, rate_table, update


def test_glickmans_worked_example():
    """ "Example of the Glicko-2 system" (Glickman, 2013): a 1500 player (RD 200, volatility
    0.06, tau 0.5) beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300)."""
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, results, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_idle_period_only_widens_the_deviation():
    player = Rating(1600, 100, 0.06)
    new = update(player, [])
    assert new.rating == 1600
    assert new.deviation == pytest.approx((100**2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert update(Rating(1500, 350, 0.06), []).deviation == 350  # never above a newcomer's


def test_a_table_rates_each_player_against_every_other():
    start = [Rating(), Rating(), Rating()]
    first, tied_a, tied_b = rate_table(start, [0, 1, 1])
    assert first.rating > 1500
    assert tied_a.rating == pytest.approx(tied_b.rating)
    assert tied_a.rating < 1500
    assert sum(r.rating for r in rate_table(start, [0, 1, 1])) == pytest.approx(4500, abs=1)


def test_a_draw_between_equals_changes_no_rating():
    a, b = rate_table([Rating(1500, 80), Rating(1500, 80)], [0, 0])
    assert a.rating == pytest.approx(1500) and b.rating == pytest.approx(1500)
    assert a.deviation < 80


def test_a_table_needs_a_place_per_player():
    with pytest.raises(ValueError):
        rate_table([Rating()], [0])
    with pytest.raises(ValueError):
        rate_table([Rating(), Rating()], [0])

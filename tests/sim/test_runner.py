"""The simulator: the same seed gives the same numbers with any backend and worker count;
studies vary options evenly and list the components in play."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from leafpile.cli import app
from leafpile.engine import LeafpileError
from leafpile.sim import simulate, summarize
from leafpile.sim.components import SHARED, components
from leafpile.sim.runner import varied_options

runner = CliRunner()


def comparable(summary: dict) -> dict:
    """A summary without its timings (the only fields that may differ between runs)."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_one_and_two_workers_give_identical_results():
    seats = ["greedy", "random", "random"]
    one = simulate("momiji", 3, seats, 10, seed=40, workers=1)
    two = simulate("momiji", 3, seats, 10, seed=40, workers=2)
    assert one == two
    assert [r.seed for r in one] == list(range(40, 50))
    a = summarize("momiji", seats, one, 1.0).to_dict()
    b = summarize("momiji", seats, two, 2.0).to_dict()
    assert comparable(a) == comparable(b)


def simulate_json(*extra: str) -> dict:
    head = ["simulate", "under-the-leaves", "--games", "12", "--seats", "greedy,random"]
    result = runner.invoke(app, [*head, "--seed", "7", "--json", *extra])
    assert result.exit_code == 0, result.output
    return comparable(json.loads(result.output))


def test_simulate_is_identical_with_one_worker_two_workers_and_a_local_ray():
    pytest.importorskip("ray", reason="needs the research extra")
    one = simulate_json("--workers", "1")
    assert one == simulate_json("--workers", "2")
    assert one == simulate_json("--backend", "ray", "--workers", "2")


def test_bad_backend_and_address_are_refused():
    result = runner.invoke(app, ["simulate", "autumn", "--backend", "spark"])
    assert result.exit_code == 2 and "unknown backend 'spark'" in result.output
    result = runner.invoke(app, ["simulate", "autumn", "--address", "auto"])
    assert result.exit_code == 2 and "--address only applies with --backend ray" in result.output
    with pytest.raises(LeafpileError, match="unknown backend"):
        simulate("autumn", 2, ["random", "random"], 1, backend="spark")


def test_varied_options_cover_every_combination_evenly():
    vary = {"a": (1, 2), "b": ("x", "y", "z")}
    combos = [tuple(varied_options(i, vary).values()) for i in range(6)]
    assert sorted(combos) == sorted((a, b) for a in (1, 2) for b in ("x", "y", "z"))


def test_a_study_lists_the_components_and_options_of_each_game():
    results = simulate(
        "autumn", 1, ["greedy"], 3, workers=1, vary={"challenge": ("garden", "balance", "two")}
    )
    assert [r.components[0].label for r in results] == [
        "option: challenge=garden",
        "option: challenge=balance",
        "option: challenge=two",
    ]
    results = simulate("under-the-leaves", 2, ["random", "random"], 2, workers=1, study=True)
    for r in results:
        assert len(r.components) == 3 and all(c.kind == "dweller" for c in r.components)
    assert simulate("autumn", 2, ["random", "random"], 1, workers=1)[0].components == ()


def test_momiji_landscapes_belong_to_their_seat_and_names_come_from_the_data():
    from leafpile.games import GAMES

    game = GAMES["momiji"]
    state = game.new_state(2, seed=3)
    start = state.to_dict()
    found = components("momiji", start, start)
    landscapes = [c for c in found if c.kind == "landscape"]
    assert {c.holder for c in landscapes} == {0, 1} and len(landscapes) == 6
    assert all(c.name[0] in "LCR" for c in landscapes)  # ids like L1 from landscapes.json
    assert all(c.holder == SHARED for c in found if c.kind == "objective")

"""The bot's review: a known blunder is marked, the review sees only the seat's view, and it is
reproducible."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from leafpile.bots import GreedyBot, RandomBot
from leafpile.bots.greedy import outcome_value
from leafpile.bots.mcts import MCTSBot
from leafpile.bots.review import mark_of, review_record
from leafpile.cli import app
from leafpile.engine import GameRecord, Rng
from leafpile.games import GAMES, get_game
from leafpile.games.autumn import rules

AUTUMN = get_game("autumn")


def _largest_own_area(state, player: int) -> int:
    red, yellow = rules.colour_masks(state)
    own = red if state.red_player in (None, player) else yellow
    return rules.largest_area(own)


def blunder_game() -> tuple[GameRecord, int, int]:
    """A one-round Autumn game: P0 (greedy) plays a random P1, then at its fifth placement
    plays the placement its own evaluation rates worst, one that cuts its largest area (the
    random opponent may still lose, but against good play it would not)."""
    state = AUTUMN.new_state(2, seed=7, options={"rounds": 1, "first_player": "0"})
    record = GameRecord.start(state)
    bots = [GreedyBot(), RandomBot()]
    rng = Rng(7)
    blunder_at = -1
    cut = 0
    while not state.is_terminal():
        player = state.current_player
        actions = state.legal_actions()
        if player == 0 and blunder_at < 0 and len(record.actions) >= 9 and len(actions) > 4:

            def value(action):
                after = state.clone()
                after.apply(action)
                return outcome_value(AUTUMN, after, 0)

            action = min(actions, key=value)
            before = _largest_own_area(state, 0)
            after = state.clone()
            after.apply(action)
            cut = before - _largest_own_area(after, 0)
            blunder_at = len(record.actions)
        else:
            action = bots[player].act(AUTUMN.player_view(state, player), rng)
        record.actions.append(str(action))
        state.apply(action)
    return record, blunder_at, cut


def test_a_placement_that_splits_the_largest_area_is_marked_a_blunder():
    record, blunder_at, cut = blunder_game()
    assert cut >= 3  # the scripted move really cuts P0's largest area
    review = review_record(record, AUTUMN, seat=0, iterations=2000, seed=0)
    marked = {d.number: d for d in review.decisions}
    blunder = marked[blunder_at]
    assert blunder.mark == "blunder", blunder
    assert blunder.best != blunder.played and blunder.loss >= AUTUMN.review_thresholds[2]
    assert blunder.played_value < blunder.best_value
    # Every decision with a choice is reviewed, and none of the others is a worse blunder.
    assert all(d.choices > 1 for d in review.decisions)
    assert max(d.loss for d in review.decisions) == blunder.loss
    assert review.worst(1)[0].number == blunder_at


def test_the_review_searches_only_the_seats_own_view(monkeypatch):
    record, _, _ = blunder_game()
    seen = []
    search = MCTSBot.search

    def spy(self, view, rng, keep=None):
        seen.append((view.redacted, view.viewer, view.seed))
        return search(self, view, rng, keep)

    monkeypatch.setattr(MCTSBot, "search", spy)
    review = review_record(record, AUTUMN, seat=1, iterations=100, seed=0)
    assert len(seen) == len(review.decisions) > 0
    assert all(seen_as == (True, 1, 0) for seen_as in seen)  # a view of seat 1, seed blanked


def test_review_json_is_stable_for_a_fixed_seed(tmp_path):
    record, _, _ = blunder_game()
    path = tmp_path / "game.json"
    record.save(path)
    runner = CliRunner()
    args = ["review", str(path), "--seat", "0", "--iterations", "300", "--json"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    data = json.loads(first.output)
    assert data["seat"] == 0 and data["budget"] == "iterations=300"
    assert len(data["decisions"]) == 9  # P0's nine placements of the round


def test_review_table_and_bad_input():
    runner = CliRunner()
    result = runner.invoke(app, ["review", "/nonexistent/game.json"])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_review_refuses_a_seat_that_is_not_in_the_game(tmp_path):
    record, _, _ = blunder_game()
    with pytest.raises(ValueError, match="seat must be between 0 and 1"):
        review_record(record, AUTUMN, seat=2)


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, ""),
        (0.09, ""),
        (0.1, "inaccuracy"),
        (0.2, "mistake"),
        (0.39, "mistake"),
        (0.4, "blunder"),
    ],
)
def test_marks_follow_the_thresholds(loss, mark):
    assert mark_of(loss, (0.1, 0.2, 0.4)) == mark


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_is_reviewed_from_the_seats_view_only(monkeypatch, name):
    """The review's search gets exactly the seat's own view of each decision (redacted, the
    seed blanked), never the true state, in every game."""
    game = GAMES[name]
    players = max(2, game.info.min_players)
    state = game.new_state(players, seed=5)
    record = GameRecord.start(state)
    rng = Rng(2)
    truths = {}
    while len(record.actions) < 16 and not state.is_terminal():
        truths[len(record.actions)] = state.clone()
        action = RandomBot().act(game.player_view(state, state.current_player), rng)
        record.actions.append(str(action))
        state.apply(action)
    seen = []
    search = MCTSBot.search

    def spy(self, view, rng, keep=None):
        seen.append(view)
        return search(self, view, rng, keep)

    monkeypatch.setattr(MCTSBot, "search", spy)
    review = review_record(record, game, seat=1, iterations=30, seed=0)
    assert len(seen) == len(review.decisions) > 0
    for view, decision in zip(seen, review.decisions, strict=True):
        assert view.redacted and view.viewer == 1 and view.seed == 0
        true_view = game.player_view(truths[decision.number], 1)
        assert view.to_dict() == true_view.to_dict()

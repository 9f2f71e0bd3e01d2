"""The bot's review: a known blunder is marked, the review sees only the seat's view, and it is
reproducible."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from leafpile.bots import GreedyBot, RandomBot
from leafpile.bots.greedy import outcome_value
from leafpile.bots.mcts import MCTSBot
from leafpile.bots.review import REPEATS, mark_of, review_record
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
    assert len(seen) == REPEATS * len(review.decisions) > 0  # each decision's searches
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
    assert len(seen) == REPEATS * len(review.decisions) > 0  # each decision's searches
    decisions = [d for d in review.decisions for _ in range(REPEATS)]
    for view, decision in zip(seen, decisions, strict=True):
        assert view.redacted and view.viewer == 1 and view.seed == 0
        true_view = game.player_view(truths[decision.number], 1)
        assert view.to_dict() == true_view.to_dict()


def test_two_reviews_with_different_seeds_give_the_same_marks():
    """A mark is beyond the search's own noise, so a second review of the same record with
    another seed marks the same decisions (at least 90% of them alike)."""
    record, _, _ = blunder_game()
    reviews = [
        review_record(record, AUTUMN, seat=s, iterations=300, seed=k)
        for s in (0, 1)
        for k in (1, 2)
    ]
    same = total = 0
    for first, second in ((reviews[0], reviews[1]), (reviews[2], reviews[3])):
        for a, b in zip(first.decisions, second.decisions, strict=True):
            same += a.mark == b.mark
            total += 1
    assert total >= 18
    assert same >= 0.9 * total, [(d.mark, d.loss, d.noise) for r in reviews for d in r.decisions]
    assert sum(bool(d.mark) for r in reviews for d in r.decisions) >= 4  # marks remain


def test_a_loss_within_the_searchs_noise_is_not_marked():
    from leafpile.bots.mcts import Node
    from leafpile.bots.review import loss_noise

    best, played = Node(0), Node(0)
    best.visits, best.value = 200, 100.0  # mean 0.5
    played.visits, played.value = 4, 0.0  # mean 0: a loss of 0.5, on four rollouts
    assert loss_noise(best, played) > 0.5
    played.visits = 400
    assert loss_noise(best, played) < 0.2
    assert loss_noise(best, None) == float("inf")


def endgame_of_three() -> tuple[GameRecord, int, str, str]:
    """A 3-player Momiji game (greedy, with a random move in three) up to the first decision
    of seat 0 where one move wins the game at once and another loses it at once; then seat 0
    plays the losing one. Returns the record, the decision's number, the win and the loss."""
    game = get_game("momiji")
    state = game.new_state(3, seed=5)
    record = GameRecord.start(state)
    rng = Rng(5)
    greedy = GreedyBot()
    while not state.is_terminal():
        actions = state.legal_actions()
        player = state.current_player
        if player == 0 and len(actions) > 1:
            ends = {}
            for action in actions:
                after = state.clone()
                after.apply(action)
                while not after.is_terminal() and len(after.legal_actions()) == 1:
                    after.apply(after.legal_actions()[0])
                ends[str(action)] = after.winners() if after.is_terminal() else None
            if None not in ends.values():
                wins = [a for a, w in ends.items() if w == [0]]
                losses = [a for a, w in ends.items() if 0 not in w]
                if len(wins) == 1 and losses:
                    number = len(record.actions)
                    record.actions.append(losses[0])
                    return record, number, wins[0], losses[0]
        if rng.random() < 0.7:
            action = greedy.act(game.player_view(state, player), rng)
        else:
            action = rng.choice(actions)
        record.actions.append(str(action))
        state.apply(action)
    raise AssertionError("the scripted game never reached such a decision")


def test_a_three_player_review_knows_the_winning_move_and_states_its_scale():
    """At three players a sure win is worth 1 and a sure loss -1/2 (the seat's expected result):
    the review finds the one winning move, values both ends on that scale, and marks the
    losing move a blunder."""
    from leafpile.bots.review import decisions_of, judge

    game = get_game("momiji")
    record, number, win, loss = endgame_of_three()
    found = {n: (view, played) for n, _, view, played in decisions_of(record, game, (0,))}
    view, played = found[number]
    assert str(played) == loss
    decision = judge(game, view, played, number, "iterations=300", 0, 0)
    assert decision.best == win
    assert decision.best_value > 0.95
    assert -0.5 <= decision.played_value < -0.45
    assert decision.mark == "blunder" and decision.loss > decision.noise
    review = review_record(record, game, seat=0, iterations=20, seed=0)
    assert review.players == 3 and "1 a sure win, -0.5 a sure loss" in review.scale
    assert review.to_dict()["scale"] == review.scale

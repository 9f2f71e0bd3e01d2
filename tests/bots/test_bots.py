"""Bots: legal, reproducible, fair (blind to what they cannot see), for every registered game.

Search bots run with tiny iteration budgets here: these tests pin behaviour, not strength
(strength is measured by benchmarks/bots.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from leafpile.bots import BOTS, Bot, GreedyBot, MCTSBot, RandomBot, make_bot
from leafpile.engine import TERMINAL, Action, Game, LeafpileError, Rng, State
from leafpile.games import GAMES
from tests.benchmark_modules import load_benchmark

#: Cheap versions of every registered bot (the levels keep their other settings).
CHEAP = {
    "random": "random",
    "greedy": "greedy",
    "easy": "easy",
    "mcts": "mcts:iterations=6:rollout_depth=4",
    "medium": "medium:iterations=6:rollout_depth=4",
    "hard": "hard:iterations=6:rollout_depth=4:prior_samples=1",
}
SEARCH = ("mcts", "medium", "hard")

GAME_COUNTS = [
    (name, players)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]
#: One player count per game for the costlier checks: 2 players where the game allows it.
GAME_TWO = [
    (name, max(game.info.min_players, min(2, game.info.max_players)))
    for name, game in GAMES.items()
]


def canon(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def play(
    game: Game,
    players: int,
    seed: int,
    seats: list[Bot],
    check: bool = True,
    decisions: int | None = None,
) -> tuple[list[str], State]:
    """A game between bots that see only their views; every choice is checked legal. With
    `decisions`, stop after that many choices (the game is then left unfinished)."""
    state = game.new_state(players, seed=seed)
    rngs = [Rng(seed * 101 + p) for p in range(players)]
    notation: list[str] = []
    for _ in range(game.info.max_length + 1):
        if state.is_terminal() or (decisions is not None and len(notation) >= decisions):
            return notation, state
        player = state.current_player
        view = game.player_view(state, player)
        before = canon(view) if check else ""
        action = seats[player].act(view, rngs[player])
        if check:
            assert action in state.legal_actions(), f"{seats[player]} chose illegal {action}"
            assert canon(view) == before, f"{seats[player]} changed the view it was given"
        notation.append(str(action))
        state.apply(action)
    raise AssertionError(f"{game.info.name} did not end within its max_length")


def test_every_bot_name_is_registered() -> None:
    assert set(CHEAP) == set(BOTS)
    for name in BOTS:
        assert make_bot(name).name == name


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@pytest.mark.parametrize("bot", sorted(CHEAP))
def test_bots_only_return_legal_actions(name: str, players: int, bot: str) -> None:
    """Whole games: every seat played by the bot (search bots: one seat, the others random)."""
    game = GAMES[name]
    for seed in range(4) if bot == "random" else range(1):
        seats = [make_bot(CHEAP[bot]) for _ in range(players)]
        if bot in SEARCH:
            seats = [make_bot(CHEAP[bot])] + [RandomBot() for _ in range(players - 1)]
        _, final = play(game, players, seed, seats)
        assert final.is_terminal()


@pytest.mark.parametrize(("name", "players"), GAME_TWO)
@pytest.mark.parametrize("bot", ["easy", "greedy", "mcts", "hard"])
def test_a_fixed_seed_gives_the_same_decisions(name: str, players: int, bot: str) -> None:
    game = GAMES[name]
    seats = [make_bot(CHEAP[bot]) for _ in range(players)]
    first, _ = play(game, players, 7, seats, check=False, decisions=40)
    seats = [make_bot(CHEAP[bot]) for _ in range(players)]
    again, _ = play(game, players, 7, seats, check=False, decisions=40)
    assert first == again


def positions(game: Game, players: int, seed: int, count: int) -> list[State]:
    """Positions with a choice to make, spread over one random game."""
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    out = []
    while not state.is_terminal():
        actions = state.legal_actions()
        if len(actions) > 1:
            out.append(state.clone())
        state.apply(actions[rng.randrange(len(actions))])
    step = max(1, len(out) // count)
    return out[::step][:count]


@pytest.mark.parametrize(("name", "players"), GAME_TWO)
def test_bots_are_blind_to_what_they_cannot_see(name: str, players: int) -> None:
    """Two true states that differ only in hidden parts give every bot the same decision."""
    game = GAMES[name]
    hidden_differs = 0
    for state in positions(game, players, seed=3, count=4):
        player = state.current_player
        view = game.player_view(state, player)
        other = game.determinize(view, player, Rng(424242))  # same view, other hidden parts
        other_view = game.player_view(other, player)
        assert canon(other_view) == canon(view)
        hidden_differs += canon(other) != canon(state)
        for bot in CHEAP.values():
            a = make_bot(bot).act(game.player_view(state, player), Rng(5))
            b = make_bot(bot).act(game.player_view(other, player), Rng(5))
            assert a == b, f"{bot} decided differently on the same view"
    assert hidden_differs, "the positions never differed in hidden parts: the test is void"


class OneMoveState(State):
    """A stub position with a single legal action (games may have forced decisions)."""

    num_players = 2
    seed = 0
    options: dict[str, Any] = {}
    rng = Rng(0)
    redacted = True
    viewer = 0

    def __init__(self, action: Action) -> None:
        self.action = action
        self.applied = 0

    @property
    def current_player(self) -> int:
        return TERMINAL if self.applied else 0

    def legal_actions(self) -> list[Action]:
        return [] if self.applied else [self.action]

    def apply(self, action: Action) -> None:
        self.applied += 1

    def clone(self) -> State:
        raise AssertionError("a forced decision needs no search")

    def to_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_dict(cls, players: int, seed: int, options: Any, data: Any) -> State:
        raise AssertionError("never saved")

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def winners(self) -> list[int]:
        return []


def test_a_single_legal_action_is_answered_at_once() -> None:
    game = GAMES["autumn"]
    only = game.new_state(2, seed=1).legal_actions()[0]
    stub = OneMoveState(only)
    huge = MCTSBot(iterations=10**9)
    for bot in (RandomBot(), GreedyBot(), huge, make_bot("hard")):
        assert bot.act(stub, Rng(1)) == only
    assert huge.last_iterations == 0


def test_bot_settings_are_read_from_the_name() -> None:
    bot = make_bot("hard:iterations=50:c=0.5")
    assert isinstance(bot, MCTSBot)
    assert (bot.iterations, bot.time, bot.c, bot.name) == (50, 0.0, 0.5, "hard")
    assert make_bot("mcts:time=0.25").time == 0.25  # type: ignore[attr-defined]
    assert make_bot("greedy:samples=3").samples == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec", ["nobody", "mcts:speed=3", "mcts:iterations", "mcts:iterations=many", "mcts:rollout=x"]
)
def test_bad_bot_names_get_clear_errors(spec: str) -> None:
    with pytest.raises(LeafpileError):
        make_bot(spec)


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.info.min_players <= 2))
def test_greedy_beats_random(name: str) -> None:
    """Not a strength benchmark: a greedy bot that lost to random would be broken."""
    game = GAMES[name]
    won = 0.0
    for seed in range(4):
        me = seed % 2
        seats: list[Bot] = [RandomBot(), RandomBot()]
        seats[me] = make_bot("greedy")
        _, final = play(game, 2, seed, seats, check=False)
        won += final.returns()[me]
    assert won > 0


def test_benchmark_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("bots")
    name = next(n for n, g in GAMES.items() if g.info.min_players <= 2 <= g.info.max_players)
    code = bench.main(
        [
            f"--games={name}",
            "--pairs=hard-random,greedy-random",
            "--max-games=2",
            "--min-games=2",
            "--iterations=4",
            "--workers=1",
            "--speed-time=0.01",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "hard-random" in out and "greedy-random" in out
    assert bench.wilson(50, 100)[0] == pytest.approx(0.404, abs=0.001)


def test_a_game_tunes_its_levels_and_a_seat_name_overrides_the_tuning() -> None:
    undergrove, autumn = GAMES["undergrove"], GAMES["autumn"]
    assert undergrove.bot_levels["hard"]["rollout_depth"] == 2
    assert make_bot("hard", undergrove).rollout_depth == 2  # type: ignore[attr-defined]
    assert make_bot("hard:rollout_depth=5", undergrove).rollout_depth == 5  # type: ignore[attr-defined]
    assert make_bot("hard", autumn).rollout_depth == 8  # type: ignore[attr-defined]
    assert make_bot("hard").rollout_depth == 8  # type: ignore[attr-defined]
    tuned = make_bot("hard:iterations=40", undergrove)
    assert (tuned.iterations, tuned.time, tuned.rollout_depth) == (40, 0.0, 2)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_tuning_names_a_level_and_its_settings(name: str) -> None:
    """A typo in a game's bot tuning would otherwise be silently ignored or crash a table."""
    game = GAMES[name]
    for level, settings in game.bot_levels.items():
        assert level in BOTS, f"{name} tunes an unknown level {level!r}"
        bot = make_bot(level, game)
        for key, value in settings.items():
            assert getattr(bot, key) == value


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.info.min_players <= 2))
def test_a_settled_search_stops_early_with_the_same_decision(name: str) -> None:
    """The early stop only skips iterations that could not change the most visited action."""
    game = GAMES[name]
    state = game.new_state(2, seed=3)
    rng = Rng(8)
    saved = 0
    positions = 0
    while not state.is_terminal() and positions < 6:
        actions = state.legal_actions()
        if len(actions) > 1 and state.current_player >= 0:
            view = game.player_view(state, state.current_player)
            quick = MCTSBot(iterations=160, rollout_depth=4)
            full = MCTSBot(iterations=160, rollout_depth=4, settle=False)
            assert quick.act(view, Rng(positions)) == full.act(view, Rng(positions))
            assert full.last_iterations == 160
            saved += 160 - quick.last_iterations
            positions += 1
        state.apply(actions[rng.randrange(len(actions))])
    assert positions > 0
    assert saved > 0  # some search did stop early, so the comparison meant something

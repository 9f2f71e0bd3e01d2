"""The greedy bot: one-step lookahead on the game's own evaluation (`game.evaluate`).

The bot samples full states consistent with its view (`determinize`), applies each legal action
to a copy and keeps the action whose result evaluates best on average. A finished game counts
by its returns first (a win beats any heuristic value). When the same player still has to move
after an action (a multi-step turn: choose an action, then a card...), the bot looks one or two
decision further when that decision has few choices, so the first step of a turn is judged by
its best completion rather than by an unchanged position. The rule depends only on the position,
never on the order in which actions are tried, so every action is judged the same way.
"""

from __future__ import annotations

from leafpile.bots.base import Bot
from leafpile.engine import Action, Game, Rng, State

#: Returns dominate any heuristic value: a won game is always better than an unfinished one.
WIN_WEIGHT = 1e6

#: A decision of the mover's own turn is looked through only when it has at most this many
#: choices (the greedy bot's default, and the MCTS prior's).
TURN_WIDTH = 32


def outcome_value(game: Game, state: State, player: int) -> float:
    """The evaluation of `state` for `player`, with finished games valued by their returns."""
    if state.is_terminal():
        return WIN_WEIGHT * state.returns()[player] + game.evaluate(state, player)
    return game.evaluate(state, player)


class GreedyBot(Bot):
    """Best immediate evaluation; ties broken at random; `epsilon` of moves random (easy)."""

    name = "greedy"

    def __init__(
        self,
        samples: int = 1,
        epsilon: float = 0.0,
        turn_depth: int = 1,
        turn_width: int = TURN_WIDTH,
    ) -> None:
        self.samples = max(1, samples)
        self.epsilon = epsilon
        self.turn_depth = turn_depth  # extra decisions looked at while the same player moves
        self.turn_width = turn_width  # ... when that decision has at most this many choices

    def act(self, view: State, rng: Rng) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and rng.random() < self.epsilon:
            return rng.choice(actions)
        game = view.game
        player = view.current_player
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            state = game.determinize(view, player, rng)
            for i, action in enumerate(actions):
                after = state.clone()
                after.apply(action)
                totals[i] += turn_value(game, after, player, self.turn_depth, self.turn_width)
        best = max(totals)
        ties = [a for a, v in zip(actions, totals, strict=True) if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)


def turn_value(game: Game, state: State, player: int, depth: int, width: int) -> float:
    """Worth of `state` for `player`, completing the player's own turn when cheap enough.

    While `player` still moves, the best of its next decisions (at most `depth` further, each
    with at most `width` choices) is taken, so the first step of a multi-step turn is judged by
    its best completion (greedy bot and MCTS prior alike).
    """
    if depth <= 0 or state.current_player != player:
        return outcome_value(game, state, player)
    actions = state.legal_actions()
    if len(actions) > width:
        return outcome_value(game, state, player)
    best = -float("inf")
    for action in actions:
        after = state.clone()
        after.apply(action)
        best = max(best, turn_value(game, after, player, depth - 1, width))
    return best

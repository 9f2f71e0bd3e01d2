"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples one full state consistent with the bot's own view (`determinize`), walks
the shared tree with UCB restricted to the actions legal in that sample (each child counts how
often it was available, so rarely legal actions are not over-explored), adds one node, finishes
the game with a rollout and backs the result up. Randomness inside the game (the next card, the
next tile) is resolved by the sampled state's own RNG: the tree is "open loop", so it averages
over those outcomes. A rollout may stop after `rollout_depth` actions (0: at once; negative:
never); the position is then scored with `game.evaluate`, squashed into (-1, 1) by
`tanh(value / scale)` where `scale` is the running mean absolute evaluation of this search (so
the bot needs no per-game constant).

At the root the actions are ordered and biased by a one-step evaluation (the greedy bot's
judgement) on a few sampled states: the prior decides which actions are tried first and fades
as visits accumulate (progressive bias), and `widen` keeps only the best-looking actions in play
until the root has been visited enough (progressive widening), which matters when a game offers
a hundred placements.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from leafpile.bots.base import Bot
from leafpile.bots.greedy import TURN_WIDTH, outcome_value, turn_value
from leafpile.engine import CHANCE, Action, Game, Rng, State


class Node:
    """Statistics of one action in the information-set tree (from its mover's point of view)."""

    __slots__ = ("avail", "children", "mover", "prior", "square", "value", "visits")

    def __init__(self, mover: int, prior: float = 0.0) -> None:
        self.mover = mover  # the player who chose the action leading here
        self.visits = 0
        self.avail = 1  # how often the action was legal when its parent was visited
        self.value = 0.0  # sum of the mover's results
        self.square = 0.0  # sum of their squares (a review's noise estimate reads it)
        self.prior = prior
        self.children: dict[Action, Node] = {}


def settled(root: Node, left: float) -> bool:
    """True when no other root action can overtake the most visited one in `left` iterations.

    The decision is the most visited action, so searching on cannot change it: the bot answers
    early (the same answer, sooner) instead of spending the rest of its budget.
    """
    first = second = 0
    for child in root.children.values():
        n = child.visits
        if n > first:
            first, second = n, first
        elif n > second:
            second = n
    return first - second > left


class MCTSBot(Bot):
    """ISMCTS with a budget of iterations or of thinking time per decision.

    Parameters: `iterations` (used when `time` is 0), `time` (seconds per decision), `c`
    (UCB exploration for results in [-1, 1]), `rollout` ("random" or "greedy": the greedy
    rollout tries `rollout_samples` random actions and keeps the best-evaluated one),
    `rollout_depth` (actions before the position is evaluated; 0: evaluate the new leaf at once;
    negative: play to the end), `prior_samples` (determinizations used for the root
    prior; 0: no prior), `prior_weight` (strength of the progressive bias), `widen` (actions
    in play at the root grow as widen * visits**0.5; 0: all at once), `prior_depth` (further
    decisions of the mover's own turn the prior looks at, as the greedy bot does), `settle`
    (stop as soon as the most visited root action can no longer be overtaken).
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int = 1000,
        time: float = 0.0,
        c: float = 0.7,
        rollout: str = "random",
        rollout_samples: int = 4,
        rollout_depth: int = -1,
        prior_samples: int = 0,
        prior_weight: float = 1.0,
        widen: float = 0.0,
        prior_depth: int = 0,
        settle: bool = True,
    ) -> None:
        if rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {rollout!r}")
        self.iterations = max(1, iterations)
        self.time = time
        self.c = c
        self.rollout = rollout
        self.rollout_samples = max(1, rollout_samples)
        self.rollout_depth = rollout_depth
        self.prior_samples = prior_samples
        self.prior_weight = prior_weight
        self.widen = widen
        self.prior_depth = prior_depth
        self.settle = settle
        self.last_iterations = 0  # iterations of the last search (benchmarks read these)
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.total_seconds = 0.0
        #: The current search's view, mover and determinizer (`sample`); None between searches.
        self.drawer: tuple[State, int, Callable[[Rng], State]] | None = None

    def sample(self, game: Game, view: State, me: int, rng: Rng) -> State:
        """A full state to search, consistent with what `me` knows (its view): within a search,
        from the game's `determinizer` of that view, prepared once (the same draws and states
        as `game.determinize`)."""
        drawer = self.drawer
        if drawer is None or drawer[0] is not view or drawer[1] != me:
            drawer = self.drawer = (view, me, game.determinizer(view, me))
        return drawer[2](rng)

    # -- the decision ------------------------------------------------------------------------
    def act(self, view: State, rng: Rng) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = self.search(view, rng)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value))
        return best[0]

    def search(self, view: State, rng: Rng, keep: Action | None = None) -> Node:
        """Build the tree from `view` within the budget; return its root. `keep` is an action
        that stays in play at the root whatever the prior and widening say (a review needs a
        value for the action that was played)."""
        start = time.perf_counter()
        self.drawer = None  # the view may have changed since the last search
        game = view.game
        me = view.current_player
        root = Node(me)
        order = self.root_order(game, view, me, rng, root)
        if keep is not None and order is not None and keep in order and order[0] != keep:
            order.remove(keep)
            order.insert(1, keep)  # the widened root always holds its first two actions
        deadline = start + self.time if self.time > 0 else 0.0
        limit = self.iterations if self.time <= 0 else 1 << 62
        if self.max_seconds > 0:  # the ceiling holds whatever the budget (iterations too)
            ceiling = start + self.max_seconds
            deadline = min(deadline, ceiling) if deadline else ceiling
        self.scale_sum = 1.0
        self.scale_n = 1
        done = 0
        began = time.perf_counter()  # the iteration rate is measured from here, prior excluded
        while done < limit:
            self.iterate(game, view, me, rng, root, order)
            done += 1
            now = time.perf_counter() if deadline else 0.0
            if deadline and now >= deadline:
                break
            if self.settle and done % 16 == 0:
                # Iterations still to come: from the rate so far, or from the fixed budget.
                rate = done / max(now - began, 1e-9)
                left = min(rate * (deadline - now), limit - done) if deadline else limit - done
                if settled(root, left):
                    break
        self.drawer = None
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.total_iterations += done
        self.total_seconds += self.last_seconds
        return root

    def root_order(
        self, game: Game, view: State, me: int, rng: Rng, root: Node
    ) -> list[Action] | None:
        """The root actions, best prior first (None without a prior: all alike)."""
        if self.prior_samples <= 0:
            return None
        actions = view.legal_actions()
        totals = [0.0] * len(actions)
        for _ in range(self.prior_samples):
            state = self.sample(game, view, me, rng)
            for i, action in enumerate(actions):
                after = state.clone()
                after.apply(action)
                totals[i] += turn_value(game, after, me, self.prior_depth, TURN_WIDTH)
        values = [t / self.prior_samples for t in totals]
        lo, hi = min(values), max(values)
        span = hi - lo or 1.0
        ranked = sorted(range(len(actions)), key=lambda i: -values[i])
        for i in ranked:
            # Prior in [0, 1]: 1 for the best-looking action.
            root.children[actions[i]] = Node(me, (values[i] - lo) / span)
            root.children[actions[i]].avail = 0
        return [actions[i] for i in ranked]

    # -- one iteration -----------------------------------------------------------------------
    def iterate(
        self, game: Game, view: State, me: int, rng: Rng, root: Node, order: list[Action] | None
    ) -> None:
        state = self.sample(game, view, me, rng)
        node = root
        path = [root]
        c = self.c
        # Selection and expansion.
        while True:
            player = state.current_player
            if player < 0 and player != CHANCE:
                break  # terminal
            if player == CHANCE:
                state.apply(state.random_action(rng))
                continue
            if node is root and order is not None:
                actions = order
                if self.widen > 0:
                    width = max(2, int(self.widen * math.sqrt(root.visits + 1)))
                    actions = order[:width]
            else:
                actions = state.legal_actions()
            children = node.children
            best_score = -math.inf
            best_action: Action | None = None
            best_child: Node | None = None
            fresh: list[Action] = []
            bias = self.prior_weight
            sqrt = math.sqrt
            log = math.log
            for action in actions:
                child = children.get(action)
                if child is None:
                    fresh.append(action)
                    continue
                child.avail += 1
                n = child.visits
                if n == 0:
                    # Known by prior only: try in prior order before any revisit.
                    score = 1e9 + child.prior
                else:
                    score = (
                        child.value / n
                        + c * sqrt(log(child.avail) / n)
                        + bias * child.prior / (n + 1)
                    )
                if score > best_score:
                    best_score = score
                    best_action = action
                    best_child = child
            if fresh:
                action = fresh[rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
                child = Node(player)
                children[action] = child
                state.apply(action)
                path.append(child)
                break
            assert best_action is not None and best_child is not None
            state.apply(best_action)
            path.append(best_child)
            node = best_child
            if best_child.visits == 0:
                break
        results = self.finish(game, state, rng)
        for visited in path:
            result = results[visited.mover]
            visited.visits += 1
            visited.value += result
            visited.square += result * result

    def finish(self, game: Game, state: State, rng: Rng) -> list[float]:
        """Rollout from `state`; each player's result in [-1, 1]."""
        depth = self.rollout_depth if self.rollout_depth >= 0 else 1 << 30
        greedy = self.rollout == "greedy"
        pick = state.random_action  # the same draw as a choice from legal_actions()
        if not greedy:  # the loop below, for random rollouts: any player, or chance, draws
            while depth > 0:
                if state.is_terminal():
                    return state.returns()
                state.apply(pick(rng))
                depth -= 1
        while depth > 0:
            player = state.current_player
            if player < 0 and player != CHANCE:
                return state.returns()
            if greedy and player >= 0:
                actions = state.legal_actions()
                if len(actions) > 1:
                    state.apply(self.rollout_choice(game, state, player, actions, rng))
                else:
                    state.apply(actions[rng.randrange(1)])
            else:
                state.apply(pick(rng))
            depth -= 1
        if state.is_terminal():
            return state.returns()
        out = []
        for value in game.evaluate_all(state):  # one evaluation for every player
            self.scale_sum += abs(value)
            self.scale_n += 1
            out.append(math.tanh(value * self.scale_n / self.scale_sum))
        return out

    def rollout_choice(
        self, game: Game, state: State, player: int, actions: list[Action], rng: Rng
    ) -> Action:
        """The best-evaluated of a few random actions (a cheap greedy policy)."""
        best = actions[0]
        best_value = -math.inf
        for _ in range(self.rollout_samples):
            action = actions[rng.randrange(len(actions))]
            after = state.clone()
            after.apply(action)
            value = outcome_value(game, after, player)
            if value > best_value:
                best, best_value = action, value
        return best

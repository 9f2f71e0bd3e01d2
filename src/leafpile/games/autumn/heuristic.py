"""Autumn's evaluation for bots: how good a position looks for one player (higher is better).

Two players: the match totals of finished rounds, plus the live round seen as the score it
would give if it ended now (largest own area minus the opponent's), plus two small features
that make areas grow later: the second-largest own area (one card can often join it to the
largest) and the number of visible cells of one's colour. Before the colours are chosen, the
second player will take the better colour (§3.1), so the live round is worth |red - yellow| to
the chooser and the opposite to the other player.

Solo: the challenge's score as if the round ended now, plus smooth features that lead to it.
"""

from __future__ import annotations

from leafpile.engine import opt_str
from leafpile.games.autumn import rules
from leafpile.games.autumn.state import AutumnState, Phase

#: Weights of the live-round features (in cells of the largest area).
SECOND_AREA = 0.25
CELLS = 0.05


def colour_value(mask: int) -> float:
    """Worth of one colour's visible cells for the player who owns it."""
    sizes = rules.area_sizes(mask)
    if not sizes:
        return 0.0
    second = sizes[1] if len(sizes) > 1 else 0
    return sizes[0] + SECOND_AREA * second + CELLS * mask.bit_count()


def evaluate(s: AutumnState, player: int) -> float:
    return evaluate_all(s)[player]


def evaluate_all(s: AutumnState) -> list[float]:
    """Both players' evaluations at once (`Game.evaluate_all`): the table is measured once."""
    if s.num_players == 1:
        return [solo_value(s)]
    totals = rules.scores(s)
    finished = [totals[0] - totals[1], totals[1] - totals[0]]
    if s.phase == Phase.OVER:
        return finished
    red, yellow = rules.colour_masks(s)
    live = colour_value(red) - colour_value(yellow)  # for the red owner
    if s.red_player is None:
        chooser = 1 - s.first  # §3.1: the round's second player chooses colours
        gain = [abs(live) if p == chooser else -abs(live) for p in (0, 1)]
    else:
        gain = [live if p == s.red_player else -live for p in (0, 1)]
    return [finished[0] + gain[0], finished[1] + gain[1]]


def solo_value(s: AutumnState) -> float:
    """The challenge score now, plus tie-breaking features that point towards it (§6)."""
    red, yellow = rules.colour_masks(s)
    areas = sorted(rules.area_sizes(red) + rules.area_sizes(yellow), reverse=True)
    challenge = opt_str(s.options, "challenge", "garden")
    score = rules.solo_score(challenge, areas, opt_str(s.options, "balance_rule", "any-three"))
    if challenge == "garden":
        # Three big areas: the third counts, the first two are its reservoir.
        top = [*areas, 0, 0, 0][:3]
        return score + 0.2 * (top[0] + top[1]) / 2
    if challenge == "balance":
        # Three equal areas: closeness of the three largest to one another.
        top = [*areas, 0, 0, 0][:3]
        return score + 0.1 * top[2] - 0.2 * (top[0] - top[2])
    # Two: fewer areas is better; exactly two is the goal.
    return 10.0 * score - len(areas)

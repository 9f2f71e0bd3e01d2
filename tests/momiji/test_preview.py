"""The preview of what a decision brings (preview.py), checked against the game itself: the
score the page announces for ending a Play, activating an objective or composting, computed
on the seat's view, is the score the real table has once the decision is made."""

from __future__ import annotations

from leafpile import tutorial
from leafpile.games.momiji.preview import after_action, after_stop, previews, score_parts
from leafpile.games.momiji.scoring import totals


def at(step: int):
    """The tutorial's table after its first `step` actions (a harvest at 16-18, a compost and
    an objective at 22-25)."""
    script = tutorial.load("momiji")
    state = script.new_state()
    for s in script.steps[:step]:
        state.play(s.expect[0])
    return state


def test_a_play_ended_here_scores_what_the_table_then_shows() -> None:
    state = at(16)  # the learner's mixed play: yellow 0 then orange 0, their acorns facing
    view = state.game.player_view(state, 0)
    for move in ("Y0R>", "O0L>"):
        view.play(move)
        state.play(move)
    before = score_parts(state, 0)
    after = after_stop(view)
    state.play("stop")
    assert after == score_parts(state, 0)
    assert after is not None and after["acorns"] == before["acorns"] + 2  # the harvest
    assert after["total"] == totals(state)[0]


def test_an_objective_and_a_compost_preview_their_effect() -> None:
    state = at(22)
    view = state.game.player_view(state, 0)
    shown = previews(view, view.legal_actions())
    assert shown["now"]["total"] == totals(state)[0]
    compost = shown["after"]["compost"]
    for move in ("compost", "discard O3", "discard R2"):
        state.play(move)
    assert compost == score_parts(state, 0)
    view = state.game.player_view(state, 0)
    activate = view.parse_action("obj type-G")
    after = after_action(view, activate)
    state.play("obj type-G")
    assert after == score_parts(state, 0)
    assert after is not None and after["objectives"] == 10  # the learner leads the greens


def test_a_card_play_has_no_preview_of_its_own() -> None:
    view = at(0).game.player_view(at(0), 0)
    assert after_action(view, view.parse_action("G0R")) is None  # shown where the Play ends
    assert after_stop(view) is None  # no Play under way

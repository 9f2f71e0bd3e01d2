"""What Momiji's page is given (`extras`) against what playing the actions does: the play
tree offers exactly the legal placements and harvests what it previews; only the player to act
gets choices; the words are never notation. No browser needed."""

from __future__ import annotations

import random
import re

from leafpile.games import get_game
from tests.momiji.helpers import NOTATION

GAME = "momiji"


def test_the_play_tree_is_what_playing_the_cards_does():
    """Every path of extras.play is a legal sequence of placements, each node offers exactly the
    legal placements, and its `stop` harvests what the preview says."""
    game = get_game(GAME)
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_state(3, seed=seed, options={})
        while not state.is_terminal():
            p = state.current_player
            play = game.extras(game.player_view(state, p))["play"]
            if play:
                nodes = play["nodes"]
                for _ in range(4):
                    s, i = state.clone(), 0
                    while True:
                        legal = {str(a) for a in s.legal_actions()}
                        places = {a for a in legal if re.fullmatch(r"<?[A-Z]\d[LR]*>?", a)}
                        assert {e["action"] for e in nodes[i]["next"]} == places
                        stop = nodes[i]["stop"]
                        assert (stop is not None) == ("stop" in legal)
                        if stop is not None:
                            ended = s.clone()
                            ended.play(ended.parse_action("stop"))
                            assert ended.acorns[p] - s.acorns[p] == stop["acorns"]
                            assert bool(stop["pairs"]) == bool(stop["acorns"])
                        if not nodes[i]["next"] or rng.random() < 0.3:
                            break
                        edge = rng.choice(nodes[i]["next"])
                        s.play(s.parse_action(edge["action"]))
                        i = edge["to"]
            state.play(rng.choice(state.legal_actions()))


def test_only_the_player_to_act_gets_choices_and_the_words_are_never_notation():
    game = get_game(GAME)
    rng = random.Random(6)
    for seed in range(2):
        state = game.new_state(3, seed=seed, options={"landscapes": "draft"})
        while not state.is_terminal():
            p = state.current_player
            mine = game.extras(game.player_view(state, p))
            assert set(mine["actions"]) == {str(a) for a in state.legal_actions()}
            assert mine["hand"] is not None
            for audience in (None, (p + 1) % 3):
                other = game.extras(game.player_view(state, audience))
                assert other["actions"] == {} and other["play"] is None
                assert other["select"] is None and other["compost"] is None
                assert (other["hand"] is None) == (audience is None)
            action = rng.choice(state.legal_actions())
            for audience in (None, 0, 1, 2):
                line = game.describe(game.player_view(state, audience), action)
                assert not NOTATION.search(re.sub(r"\bP\d\b", "Ana", line)), line
            state.play(action)

"""Every game's action vocabulary (`vocabulary.py`, `Game.action_vocabulary`): every legal
action of many random states has an id, ids are unique, stable and round-trip to notation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from leafpile.engine import Game, Vocabulary
from leafpile.games import GAMES

#: Options that change what a game offers (varied on top of the defaults).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "autumn": [{"rounds": 1}, {"start_rotation": "180"}],
    "momiji": [{"landscapes": "draft"}, {"harvest": "new-pairs", "start_acorns": 10}],
    "under-the-leaves": [{"burly": True}, {"first_game": True}],
    "undergrove": [{"carbon_moves": "bga"}],
}
CASES = [
    (name, players, options)
    for name, game in GAMES.items()
    for players in range(game.info.min_players, game.info.max_players + 1)
    for options in [{}, *VARIANTS.get(name, [])]
    if not (name == "autumn" and players == 1 and "rounds" in options)
]
IDS = [f"{n}-{p}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for n, p, o in CASES]

#: Pinned ids: a reordered or resized vocabulary changes what every trained policy means, so
#: it must be a deliberate change of these numbers.
PINNED = {
    "autumn": (2740, {"-18,-18": 0, "0,0": 684, "0,0r": 2053, "red": 2738, "yellow": 2739}),
    "momiji": (237, {"take G": 0, "refresh": 6, "stop": 115, "compost": 128, "end": 144}),
    "under-the-leaves": (7651, {"t1": 0, "0,0r0": 2546, "@0,0": 6350, "@25,25": 7650}),
    "undergrove": (
        1_590_689,
        {"absorb": 0, "activate 1": 9, "convert 0": 62, "place 6@1,0": 55_240, "pay C": 1211},
    ),
}


def assert_ids_of_random_games(game: Game, players: int, options: dict[str, Any]) -> int:
    vocabulary = game.action_vocabulary(players, options)
    seen: dict[str, int] = {}
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(players, seed=seed, options=options)
        while not state.is_terminal():
            actions = state.legal_actions()
            ids = vocabulary.ids(actions)
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            for action, action_id in zip(actions, ids, strict=True):
                assert 0 <= action_id < vocabulary.size
                assert vocabulary.action_of(action_id) == action
                text = str(action)
                assert seen.setdefault(text, action_id) == action_id, f"{text} changed its id"
                assert vocabulary.id_of(game.parse_notation(text)) == action_id
            state.apply(rng.choice(actions))
    return len(seen)


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_every_legal_action_of_random_games_has_one_stable_id(name, players, options):
    game = GAMES[name]
    assert assert_ids_of_random_games(game, players, options) > 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_id_round_trips_through_its_notation(name):
    """id -> action -> notation -> parsed action -> the same id, for every id (a sample of
    Undergrove's 1.6 million), and ids past the end are refused."""
    game = GAMES[name]
    vocabulary = game.action_vocabulary(game.info.min_players)
    ids = range(vocabulary.size)
    if vocabulary.size > 20_000:
        ids = sorted([*random.Random(1).sample(ids, 20_000), 0, vocabulary.size - 1])
    for action_id in ids:
        text = str(vocabulary.action_of(action_id))
        assert vocabulary.id_of(game.parse_notation(text)) == action_id, text
    with pytest.raises(ValueError, match="not below"):
        vocabulary.action_of(vocabulary.size)
    with pytest.raises(ValueError, match="not below"):
        vocabulary.action_of(-1)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_ids_are_pinned(name):
    game = GAMES[name]
    size, pinned = PINNED[name]
    vocabulary = game.action_vocabulary(game.info.max_players)
    assert vocabulary.size == size
    for text, action_id in pinned.items():
        assert vocabulary.id_of(game.parse_notation(text)) == action_id, text
        assert str(vocabulary.action_of(action_id)) == text


def test_an_action_of_another_game_has_no_id():
    autumn = GAMES["autumn"].action_vocabulary(2)
    with pytest.raises(ValueError, match="no id"):
        autumn.id_of(GAMES["momiji"].parse_notation("take G"))


def test_the_factored_form_names_the_part_and_its_indices():
    vocabulary: Vocabulary = GAMES["undergrove"].action_vocabulary(2)
    action_id = vocabulary.id_of(GAMES["undergrove"].parse_notation("root 1,-2>12"))
    name, indices = vocabulary.factors(action_id)
    assert name == "root"
    sizes = {part: sizes for part, _, sizes in vocabulary.layout()}["root"]
    assert len(indices) == len(sizes)
    assert all(0 <= i < n for i, n in zip(indices, sizes, strict=True))
    assert indices[2] == 11  # tile 12 is index 11 of the tile factor

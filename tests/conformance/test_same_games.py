"""Seeded random games are the same games as before the engines were made faster.

The hashes below were taken from the engines of commit 8cf993a (before the speed work of
issue 34): for each game and player count, the action notations and final scores of seeded
random games (seed s, choices drawn by `Rng(s)` from the listed legal actions). A cache, an
incremental count or a faster RNG that changed any rule's outcome would change a hash. The
same games are played through `State.random_action` too, which must give the same hash.
"""

from __future__ import annotations

import hashlib

import pytest

from leafpile.engine import Rng
from leafpile.games import GAMES

GAMES_PER_CASE = 12
PINNED = {
    "autumn/1": "5cceeb0f28f4101b708545bea1b2369acf95a92169da3cb9971d5063f01e39cd",
    "autumn/2": "dca8a9cfb99eab1381b0962cc38c84c7221b97b7e4e240d576e4d18c9e3959d8",
    "momiji/2": "33a42b9a6a91e2a2c7066fe1cbab3f4f487fcf76b61866cfb2a918ace87c3b33",
    "momiji/3": "99376ef2b3eed418766edad0c56b2d419ca87669a62eda090e8361a6371abfbc",
    "momiji/4": "8a3efae1acc8cefbafeb32dc676cb2c035ca816b102cbf38de369036d8d254fe",
    "under-the-leaves/2": "d80e4a69c0e0f189b34f007b6f609477eca45a00a1f26896822f57a21f82633d",
    "under-the-leaves/3": "ac26b0522e9b2e336cbd190789bbe62e88c5a852c237c84f185ea5f22e6b5338",
    "under-the-leaves/4": "46cbe33b359b8f3fa2dd9012165bc5e2781b5642c88530ab60d1c015c8d68a2b",
    "undergrove/2": "dd4fe18198b21549f9f3e95a336e6e1831461a8565577c8bff07947850cf0803",
    "undergrove/3": "f10a7250ee6c8855b46aa7aec205635f333be34f0d2850f11db5f89f7faeaf48",
    "undergrove/4": "a76c7b52ee2d2a4e8eb0904dabd60525926150e41a2ae45cd22c0f5a1cd085e0",
}


def digest(name: str, players: int, hooked: bool) -> str:
    game = GAMES[name]
    h = hashlib.sha256()
    for seed in range(GAMES_PER_CASE):
        state = game.new_state(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if hooked:
                action = state.random_action(rng)
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            h.update(str(action).encode() + b";")
            state.apply(action)
        h.update(repr(state.scores()).encode() + b"|")
    return h.hexdigest()


@pytest.mark.parametrize("case", sorted(PINNED))
def test_seeded_random_games_are_unchanged(case: str) -> None:
    name, players = case.split("/")
    assert digest(name, int(players), hooked=False) == PINNED[case]
    assert digest(name, int(players), hooked=True) == PINNED[case]


def test_every_game_and_player_count_is_pinned() -> None:
    cases = {
        f"{name}/{n}"
        for name, game in GAMES.items()
        for n in range(game.info.min_players, game.info.max_players + 1)
    }
    assert cases == set(PINNED)

"""What both adapters share: fixed action ids, and strings and tensors built from views.

**Action ids** come from the game's vocabulary (`Game.action_vocabulary`, each game's
`vocabulary.py`): every action the game can ever offer at its player count and options has
one id, the same in every state, so output *k* of a policy always names the same move;
`num_distinct_actions` is the vocabulary's size, a state's legal ids are its legal actions'
ids in increasing order, and `id -> notation -> id` round-trips. Where the vocabulary is large
(Undergrove: a tile and a cell or corner of an unbounded forest, about 1.6 million ids) it is
*factored*: `vocabulary.factors(id)` gives (part, indices), e.g. (`place`, (tile, column,
row)), for a policy with one head per factor; `vocabulary.layout()` lists the parts with
their first ids and factor sizes, and each game's `vocabulary.py` documents its layout.

**Views.** Everything a player is told comes from `game.player_view(state, player)`, so nothing
hidden can leak: the strings are its canonical JSON, and the tensor is a fixed-size *hashed*
encoding of the same JSON (each field path and value is hashed into one of `TENSOR_SIZE`
counters). The hashed tensor is generic and stable across processes; it lets learners run on
every game without per-game code, but a game-specific encoding would be denser.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from leafpile.engine import Action, Game, State, Vocabulary

#: Length of the hashed view tensor.
TENSOR_SIZE = 1024


def legal_by_id(state: State, vocabulary: Vocabulary) -> dict[int, Action]:
    """The state's legal actions by id, in increasing id order."""
    actions = state.legal_actions()
    return dict(sorted(zip(vocabulary.ids(actions), actions, strict=True)))


def view_dict(game: Game, state: State, player: int | None) -> dict[str, Any]:
    """`player`'s view (None: a spectator's) as its canonical dict: the basis of every
    string and tensor a player is given."""
    return game.player_view(state, player).to_dict()


def canonical_json(data: dict[str, Any]) -> str:
    """One string per content (sorted keys, no spaces), so equal views give equal strings."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


_STEPS = [f"/{i}".encode() for i in range(512)]


def _hash_into(value: Any, crc: int, out: list[int]) -> None:
    """Append the CRC-32 of each leaf's `path=value`, extending the path's CRC as it goes
    (`zlib.crc32(more, crc)` continues a checksum), so no path string is ever built."""
    if isinstance(value, dict):
        for key in sorted(value):
            _hash_into(value[key], zlib.crc32(f"/{key}".encode(), crc), out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            step = _STEPS[i] if i < len(_STEPS) else f"/{i}".encode()
            _hash_into(item, zlib.crc32(step, crc), out)
    else:
        out.append(zlib.crc32(f"={value}".encode(), crc))


def hashed_features(data: dict[str, Any], size: int = TENSOR_SIZE) -> list[int]:
    """The counters a view sets: one index per field (path=value), hashed with CRC-32 so that
    the encoding is the same in every process (Python's `hash` is salted)."""
    out: list[int] = []
    _hash_into(data, 0, out)
    return [h % size for h in out]

"""What both adapters share: integer action ids, and strings and tensors built from views.

**Action ids.** OpenSpiel and PettingZoo want each decision's choices as integers below a fixed
bound, while leafpile actions are notation strings from `legal_actions()`. Here the id of an
action is its index in the state's legal actions *sorted by notation*: the ids of a state are
0..k-1, they are the same for every state that shows its player the same view (a view answers
`legal_actions()` like the true state), and `notation -> id -> notation` round-trips. The ids
do not name the same action across states (id 3 is "the fourth legal action here"), which is
what an action mask over a fixed-size head expects. The bound (`num_distinct_actions`) is a
per-game fact, `GameInfo.max_distinct_actions`, set in each game's package well above the
largest branching seen in random and greedy play; a state that offers more raises a clear error
rather than silently dropping actions.

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

from leafpile.engine import Action, Game, State

#: Length of the hashed view tensor.
TENSOR_SIZE = 1024


def max_actions(game: Game) -> int:
    """`num_distinct_actions` of `game`: an upper bound on its legal actions in any state."""
    return game.info.max_distinct_actions


def sorted_actions(state: State, bound: int) -> list[Action]:
    """The legal actions in id order (sorted by notation); a clear error past `bound`."""
    actions = sorted(state.legal_actions(), key=str)
    if len(actions) > bound:
        name = state.game.info.name
        raise RuntimeError(
            f"{name} offers {len(actions)} legal actions here, more than the adapter's bound of "
            f"{bound}; raise max_distinct_actions in the GameInfo of {name}"
        )
    return actions


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

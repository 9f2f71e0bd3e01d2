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
hidden can leak. The strings are the view's canonical JSON. The **observation tensor** is the
game's own (`observation.py` in each game package, `Game.observation_tensor`): fixed-shape
one-hot and scaled fields of the board, hands, market, supplies, scores, phase and pending
decision as the seat sees them, with the layout in that module's docstring. The
**information-state tensor** is the observation tensor followed by the seat's own decisions
(`information_tensor`): how many of each vocabulary part it has made, and its last
`RECENT` decisions (part one-hot, factor indices scaled). A view carries what its seat
remembers of the hidden parts (cards seen taken, its own face-down discards, which reshuffle a
hidden tile came from), so two states give one information-state tensor exactly when the seat
sees the same and has made the same recent decisions; the information-state *string* lists
every own decision.
"""

from __future__ import annotations

import json
from typing import Any

from leafpile.engine import Action, Game, State, Vocabulary
from leafpile.engine.tensor import Layout

#: Own decisions recalled one by one in the information-state tensor.
RECENT = 16
#: Factor indices of a recalled decision (a part has at most three factors).
FACTORS = 3


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


def information_layout(observation: Layout, vocabulary: Vocabulary) -> Layout:
    """The information-state tensor's layout: the observation's fields, then `own_parts`
    (decisions made per vocabulary part / 50) and `own_recent` (the last RECENT decisions,
    latest first: part one-hot, then up to FACTORS factor indices / factor size)."""
    parts = len(vocabulary.parts)
    return Layout(
        [*observation.fields, ("own_parts", (parts,)), ("own_recent", (RECENT, parts + FACTORS))]
    )


def information_tensor(
    game: Game, state: State, player: int, own: list[int], vocabulary: Vocabulary
) -> list[float]:
    """`player`'s information-state tensor: the observation tensor, then the summary of their
    own decisions `own` (action ids, oldest first)."""
    values = game.observation_tensor(state, player)
    parts = len(vocabulary.parts)
    index = {part.name: i for i, part in enumerate(vocabulary.parts)}
    counts = [0.0] * parts
    recent = [0.0] * (RECENT * (parts + FACTORS))
    for k, action_id in enumerate(reversed(own)):
        name, factors = vocabulary.factors(action_id)
        counts[index[name]] += 1 / 50
        if k < RECENT:
            row = k * (parts + FACTORS)
            recent[row + index[name]] = 1.0
            sizes = vocabulary.parts[index[name]].sizes
            for f, (i, size) in enumerate(zip(factors[:FACTORS], sizes, strict=False)):
                recent[row + parts + f] = (i + 1) / size
    return values + counts + recent

"""Notation typed by a person or sent by a client is hostile: every game answers a clear
notation or legality error for it, never a bare ValueError from `int()`."""

from __future__ import annotations

import pytest

from leafpile.engine import LeafpileError
from leafpile.games import GAMES

#: Unicode digits that `str.isdigit()` accepts but `int()` refuses or reads differently
#: (² is a key of its own on French keyboards), and numbers too long for `int()`.
HOSTILE = [
    "²",
    "⑤",
    "¹⁰",
    "swap ²",
    "t²",
    "t⑤",
    "1²,0",
    "²,0r",
    "²,0r90",
    "activate ²",
    "place ²@0,0",
    "carbon ³>1,0",
    "end e²",
    "9" * 5000,
    "t" + "9" * 5000,
    "swap " + "1" * 5000,
    "٣,٤",  # Arabic-Indic digits: int() reads them, the notation is ASCII only
    "t٣",
]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_notation_is_refused_clearly(name: str, text: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.info.min_players if name != "autumn" else 2, seed=1)
    with pytest.raises(LeafpileError):
        state.parse_action(text)
    with pytest.raises(LeafpileError):
        game.parse_notation(text[:100])

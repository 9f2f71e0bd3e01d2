"""Why a Momiji log line says what it does (the log's "why?"): the acorn harvest at the end of a
play (which neighbouring piles paid, or why none did), an objective activated, a pile closed.

A harvest reads only the top cards of the player's row, which everyone sees, so the pairs are
read from any audience's view. The rules' sentences are data, below (`RULES`, in the words of
docs/rules/momiji.md §3, §4.3, §4.4 and §6).
"""

from __future__ import annotations

from itertools import pairwise

from leafpile.engine import Action, opt_str
from leafpile.games.momiji.actions import Activate, End, Place, Stop
from leafpile.games.momiji.components import (
    CARD_LEFT,
    CARD_RIGHT,
    CARD_TYPE,
    CARD_VALUE,
    HARVEST_ACORNS,
    KIND_VALUE,
    MAX_VALUE,
)
from leafpile.games.momiji.main_actions import objective_cost
from leafpile.games.momiji.state import MOD_HARVEST_SAME, PLAY, MomijiState
from leafpile.games.momiji.words import card_words, is_mixed, objective_words
from leafpile.i18n import Msg, sentences

#: The rules a line is explained by.
RULES: dict[str, Msg] = {
    "harvest": Msg(
        "After a play of different types, each pair of neighbouring piles whose touching top "
        "cards both show an acorn (the left card in its bottom-right corner, the right card in "
        "its bottom-left corner) brings 2 acorns; a closed pile's torii hides its top card."
    ),
    "new pairs": Msg("At this table only pairs with a pile played on this turn count."),
    "same type": Msg("A play of one type never harvests."),
    "objective": Msg(
        "At the end only active objectives score: among the players who best meet its "
        "condition, the owner scores 10 and every other one 3; tied players all score."
    ),
    "torii": Msg("Playing a 3 closes the pile at once: a torii goes on it."),
    "end finish": Msg(
        "The end is triggered when the leaf deck is empty or when the closed piles of all "
        "players reach the number of players + 2; the round is then finished, so that "
        "everyone has had the same number of turns."
    ),
    "end extra": Msg(
        "The end is triggered when the leaf deck is empty or when the closed piles of all "
        "players reach the number of players + 2; then every player plays one more full turn."
    ),
}


def explain(view: MomijiState, action: Action) -> Msg | None:
    """Why the line of `action` (from `view`, before it) says what it does; None when there
    is nothing to explain."""
    p = view.to_move
    if isinstance(action, Stop) and view.phase == PLAY and view.played:
        return _harvest(view, p)
    if isinstance(action, Activate):
        return Msg.plural(
            "{player} pays {n} acorn: the objective “{objective}” is now active and "
            "{player} owns it. {rule}",
            "{player} pays {n} acorns: the objective “{objective}” is now active and "
            "{player} owns it. {rule}",
            objective_cost(view),
            player=f"P{p}",
            objective=objective_words(action.objective),
            rule=RULES["objective"],
        )
    if isinstance(action, Place) and KIND_VALUE[action.kind] == MAX_VALUE:
        return RULES["torii"]
    if isinstance(action, End) and view.turns_left < 0:
        ended = view.clone()  # as the log sentence plays it: the end of a turn draws nothing
        ended.apply(action)
        if ended.turns_left >= 0:
            extra = opt_str(view.options, "final_round", "finish") == "extra"
            return RULES["end extra" if extra else "end finish"]
    return None


def _harvest(view: MomijiState, p: int) -> Msg:
    """Which neighbouring piles pay at the end of this play (§4.4), as the engine counts them."""
    played = view.played
    if not is_mixed(played) and not view.mods & MOD_HARVEST_SAME:
        return RULES["same type"]
    only_new = opt_str(view.options, "harvest", "all-pairs") == "new-pairs"
    row = view.rows[p]
    pairs: list[Msg] = []
    for left_pile, right_pile in pairwise(row):
        a, b = left_pile[-1], right_pile[-1]
        if not (CARD_RIGHT[a] and CARD_LEFT[b]):
            continue
        if CARD_VALUE[a] == MAX_VALUE or CARD_VALUE[b] == MAX_VALUE:
            continue
        if only_new and CARD_TYPE[a] not in played and CARD_TYPE[b] not in played:
            continue
        pairs.append(
            Msg.plural(
                "{left} beside {right}: {n} acorn.",
                "{left} beside {right}: {n} acorns.",
                HARVEST_ACORNS,
                left=card_words(a),
                right=card_words(b),
            )
        )
    out = (
        Msg("A landscape power lets this play of one type harvest.")
        if not is_mixed(played)
        else None
    )
    found = sentences(pairs) or Msg("No two neighbouring top cards show touching acorns.")
    rule = RULES["harvest"]
    if only_new:
        rule = Msg("{a} {b}", a=rule, b=RULES["new pairs"])
    found = Msg("{a} {b}", a=found, b=rule)
    return Msg("{a} {b}", a=out, b=found) if out is not None else found

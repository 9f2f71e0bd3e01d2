"""Why an Under the Leaves log line says what arrived (the log's "why?"): the sector that became
pollinated and the bees it brought, the tiles whose terrain is all pollinated and their
hummingbirds, each dweller card's condition, Burly.

The facts are read by comparing the view before the placement with a clone after it
(`words.placed`: the arrivals only, never the refill), so nothing hidden is used. The rules'
sentences are data, below: `RULES` by rule id, and each dweller card's condition is the card's
own text (`words.CARD_WORDS`).
"""

from __future__ import annotations

from leafpile.engine import Action
from leafpile.games.under_the_leaves.actions import Choose, Place
from leafpile.games.under_the_leaves.state import UnderTheLeavesState
from leafpile.games.under_the_leaves.words import (
    BURLY_WORDS,
    CARD_WORDS,
    COLOUR_WORDS,
    gain_of,
    placed,
)
from leafpile.i18n import Msg, sentences

#: The rules an arrival is explained by, in the words of docs/rules/under-the-leaves.md.
RULES: dict[str, Msg] = {
    "bee": Msg(
        "A sector of 3 or more spaces of one colour is pollinated. Each new pollinated sector "
        "brings 1 bee, and 1 more bee to every other pollinated sector of its colour you "
        "already had; enlarging or joining pollinated sectors brings none."
    ),
    "hummingbird": Msg(
        "A tile attracts a hummingbird when every terrain space on it (a puddle aside) belongs "
        "to a pollinated sector; 3 such tiles in a row or a column bring 1 more hummingbird to "
        "the middle one."
    ),
    "burly": BURLY_WORDS[1],
}


def explain(view: UnderTheLeavesState, action: Action) -> Msg | None:
    """Why `action`'s line (from `view`, before it) says what arrived; None when nothing did."""
    if isinstance(action, Place) and view.taken:
        return _placement(view, action)
    if isinstance(action, Choose) and view.pending:
        card = view.cards[view.pending[0].family]
        title, condition = CARD_WORDS[card]
        return Msg("The {card}: {condition}", card=title, condition=condition)
    return None


def _placement(view: UnderTheLeavesState, action: Place) -> Msg | None:
    p = view.to_move
    after = placed(view, action)
    parts = _bees(view, after, p) + _birds(view, after, p)
    gain = gain_of(view, after)
    for family in range(3):
        if gain.dwellers[family] or gain.choices[family]:
            title, condition = CARD_WORDS[view.cards[family]]
            parts.append(Msg("The {card} arrives: {condition}", card=title, condition=condition))
    if gain.burly:
        parts.append(
            Msg(
                "Burly moves in: the largest sector of this garden now has {n} spaces. {rule}",
                n=after.largest[p],
                rule=RULES["burly"],
            )
        )
    return sentences(parts)


def _bees(before: UnderTheLeavesState, after: UnderTheLeavesState, p: int) -> list[Msg]:
    """Each new pollinated sector (a record that overlaps no sector pollinated before) with the
    bees it brought, then the bee rule once."""
    out: list[Msg] = []
    old = before.sectors[p]
    for colour, mask, _bees_on_it in after.sectors[p]:
        if mask & before.pollinated[p]:
            continue  # grown or joined: no bee
        others = sum(1 for c, _, _ in old if c == colour)
        words = {"colour": COLOUR_WORDS[colour], "size": mask.bit_count()}
        if others:
            out.append(
                Msg.plural(
                    "A {colour} sector of {size} spaces became pollinated: 1 bee on it and 1 "
                    "more on the {n} other {colour} sector of this garden.",
                    "A {colour} sector of {size} spaces became pollinated: 1 bee on it and 1 "
                    "more on each of the {n} other {colour} sectors of this garden.",
                    others,
                    **words,
                )
            )
        else:
            out.append(Msg("A {colour} sector of {size} spaces became pollinated: 1 bee.", **words))
    return [*out, RULES["bee"]] if out else out


def _birds(before: UnderTheLeavesState, after: UnderTheLeavesState, p: int) -> list[Msg]:
    """The tiles that got their base hummingbird, and the line bonuses, then the rule once."""
    tiles = (after.humm_base[p] & ~before.humm_base[p]).bit_count()
    lines = (after.humm_row[p] & ~before.humm_row[p]).bit_count() + (
        after.humm_col[p] & ~before.humm_col[p]
    ).bit_count()
    out: list[Msg] = []
    if tiles:
        out.append(
            Msg.plural(
                "Every terrain space of {n} more tile is now pollinated: a hummingbird on it.",
                "Every terrain space of {n} more tiles is now pollinated: a hummingbird on each.",
                tiles,
            )
        )
    if lines:
        out.append(
            Msg.plural(
                "{n} new line of 3 such tiles: 1 more hummingbird on its middle tile.",
                "{n} new lines of 3 such tiles: 1 more hummingbird on each middle tile.",
                lines,
            )
        )
    return [*out, RULES["hummingbird"]] if out else out

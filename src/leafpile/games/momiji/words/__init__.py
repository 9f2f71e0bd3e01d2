"""Momiji in words: leaf types and cards, landscape powers, objectives, every decision and the
step the player to move is asked (`prompts.py`), for the log sentences (`describe`), the
terminal, the browser (`web/`, its extras) and the balance report.

Component names are `Msg`s so each reader gets them in their language. The type names, the
landscape powers and the objectives are our placeholders (data/*.json); a tile, power or
objective these tables do not know (after the real ones are typed into the data files) falls
back to the data file's English text.

What an action causes (the harvest of a Play, the end of the game) is found by playing it on a
clone of the view: those parts of the rules look only at what every player sees (the top cards,
the deck's size), so nothing hidden is used or shown.
"""

from __future__ import annotations

from collections.abc import Callable

from leafpile.engine import Action
from leafpile.games.momiji.actions import (
    NEW_LEFT,
    NEW_RIGHT,
    STOP,
    Activate,
    Compost,
    Discard,
    Draft,
    End,
    Pick,
    Place,
    Refresh,
    Stop,
    Swap,
    Take,
    UseLandscape,
)
from leafpile.games.momiji.components import (
    CARD_KIND,
    CARD_TYPE,
    CARDS,
    DISPLAY_SIZE,
    HAND_LIMIT,
    KIND_TYPE,
    KIND_VALUE,
    LANDSCAPE_COST,
    LANDSCAPES,
    MAX_VALUE,
    OBJECTIVES,
    REFRESH_COST,
    TYPE_LETTERS,
    TYPE_NAMES,
    setup_row,
)
from leafpile.games.momiji.main_actions import objective_cost
from leafpile.games.momiji.state import (
    COLLECT2,
    COMPOST,
    DISCARD,
    MOD_NO_LIMIT,
    OVER,
    PLAY,
    SELL,
    MomijiState,
)
from leafpile.games.momiji.turn import closed_piles, end_turn
from leafpile.i18n import Msg

# -- leaf types and cards -----------------------------------------------------------------------
#: A type by its letter: what its column and its cards are called.
TYPE_WORDS: dict[str, Msg] = {
    "G": Msg("green leaves"),
    "Y": Msg("yellow leaves"),
    "O": Msg("orange leaves"),
    "R": Msg("red leaves"),
    "P": Msg("purple leaves"),
    "B": Msg("brown leaves"),
}
#: A type's colour alone, as a card or a column is labelled.
TYPE_SHORT: dict[str, Msg] = {
    "G": Msg("green"),
    "Y": Msg("yellow"),
    "O": Msg("orange"),
    "R": Msg("red"),
    "P": Msg("purple"),
    "B": Msg("brown"),
}
_CARD_WORDS: dict[str, Callable[[int], Msg]] = {
    "G": lambda v: Msg("green {value}", value=v),
    "Y": lambda v: Msg("yellow {value}", value=v),
    "O": lambda v: Msg("orange {value}", value=v),
    "R": lambda v: Msg("red {value}", value=v),
    "P": lambda v: Msg("purple {value}", value=v),
    "B": lambda v: Msg("brown {value}", value=v),
}


def type_words(t: int) -> str:
    """A type (index) as a reader says it: "green leaves"."""
    return TYPE_WORDS.get(TYPE_LETTERS[t], TYPE_NAMES[t])


def kind_words(kind: int) -> Msg:
    """A card kind in words: "green 0 with an acorn bottom left", "yellow 2"."""
    letter = TYPE_LETTERS[KIND_TYPE[kind]]
    value = KIND_VALUE[kind]
    make = _CARD_WORDS.get(letter)
    card = (
        make(value)
        if make
        else Msg("{type} {value}", type=TYPE_NAMES[KIND_TYPE[kind]], value=value)
    )
    sample = CARDS[CARD_KIND.index(kind)]
    if sample.left and sample.right:
        return Msg("{card} with acorns in both bottom corners", card=card)
    if sample.left:
        return Msg("{card} with an acorn bottom left", card=card)
    if sample.right:
        return Msg("{card} with an acorn bottom right", card=card)
    return card


def card_name(card: int) -> str:
    """A card by its kind code (`G1`), as the notation and the terminal write it; `??` for a
    hidden one."""
    return "??" if card < 0 else CARDS[card].kind_name


def card_words(card: int) -> Msg:
    return kind_words(CARD_KIND[card])


def join(items: list[str]) -> str:
    """Phrases joined by commas, still translatable."""
    out = items[0]
    for item in items[1:]:
        out = Msg("{a}, {b}", a=out, b=item)
    return out


# -- landscapes --------------------------------------------------------------------------------
SLOT_WORDS = (Msg("left landscape"), Msg("centre landscape"), Msg("right landscape"))

#: Each placeholder power (data/landscapes.json `power`): a short title and what it does.
POWER_WORDS: dict[str, tuple[Msg, Msg]] = {
    "reveal4": (Msg("Reveal 4"), Msg("Reveal 4 cards from the deck into the display.")),
    "collect_two": (
        Msg("Two types"),
        Msg("In this turn's Collect action, take all cards of two types."),
    ),
    "draw3": (Msg("Draw 3"), Msg("Draw the top 3 cards of the deck into your hand.")),
    "pick_display": (
        Msg("Pick a card"),
        Msg("Take 1 card of your choice from the display into your hand."),
    ),
    "gain3": (Msg("3 acorns"), Msg("Gain 3 acorns.")),
    "skip": (
        Msg("Skip a value"),
        Msg("In this turn's Play action, one card may go on a pile whose top is exactly 2 lower."),
    ),
    "three_same": (
        Msg("Three of a type"),
        Msg("In a same-type Play action, play up to 3 cards instead of 2."),
    ),
    "start_one": (Msg("Start with a 1"), Msg("Start a new pile with a 1 instead of a 0.")),
    "harvest_same": (
        Msg("Harvest anyway"),
        Msg("After a same-type Play action, resolve the acorn harvest anyway."),
    ),
    "extra_main": (Msg("Extra action"), Msg("Take a second, different main action this turn.")),
    "cheap_objective": (
        Msg("Cheap objective"),
        Msg("Activate an objective this turn for 1 acorn instead of 3."),
    ),
    "from_discard": (
        Msg("From the discard"),
        Msg("Take up to 2 cards (at random) from the discard pile into your hand."),
    ),
    "swap_piles": (Msg("Swap piles"), Msg("Swap two adjacent open piles in your row.")),
    "no_limit": (
        Msg("No hand limit"),
        Msg("The hand limit does not apply at the end of this turn."),
    ),
    "sell_cards": (
        Msg("Sell cards"),
        Msg("Discard up to 3 cards from hand; gain 1 acorn per card discarded."),
    ),
}


def landscape_title(tile: int) -> str:
    """A tile's short title: its power's ("Reveal 4"), else its id in the data file."""
    t = LANDSCAPES[tile]
    words = POWER_WORDS.get(t.power)
    return words[0] if words else t.id


def landscape_text(tile: int) -> str:
    t = LANDSCAPES[tile]
    words = POWER_WORDS.get(t.power)
    return words[1] if words else t.text


# -- objectives --------------------------------------------------------------------------------
#: Each placeholder objective (data/objectives.json `id`): its condition.
OBJECTIVE_WORDS: dict[str, Msg] = {
    "zero": Msg("most cards of value 0 in your piles"),
    "type-G": Msg("most green cards in your piles"),
    "type-Y": Msg("most yellow cards in your piles"),
    "type-O": Msg("most orange cards in your piles"),
    "type-R": Msg("most red cards in your piles"),
    "type-P": Msg("most purple cards in your piles"),
    "type-B": Msg("most brown cards in your piles"),
    "visible": Msg("highest sum of your top cards (closed piles count their 3)"),
    "closed": Msg("most closed (torii) piles"),
    "piles": Msg("most piles"),
    "biggest": Msg("largest single pile"),
    "acorns": Msg("most acorns at the end (before acorn points)"),
}


def objective_words(index: int) -> str:
    o = OBJECTIVES[index]
    return OBJECTIVE_WORDS.get(o.id, o.text)


# -- what a Play's end brings --------------------------------------------------------------------
def stop_gain(view: MomijiState) -> int:
    """The acorns a `stop` now brings the player to move (the harvest, §4.4), found by playing
    it on a clone (the harvest reads only the row's top cards)."""
    after = view.clone()
    after.apply(STOP)
    p = view.to_move
    return after.acorns[p] - view.acorns[p]


def is_mixed(played: list[int]) -> bool:
    return any(t != played[0] for t in played)


# -- log sentences ------------------------------------------------------------------------------
def _ending(view: MomijiState, ended: MomijiState) -> str | None:
    """What the end of this turn triggers: the last round, or the end of the game."""
    if ended.phase == OVER:
        return Msg("the game is over")
    if view.turns_left < 0 <= ended.turns_left:
        if not ended.deck:
            return Msg("the deck is empty: the last round begins")
        n = closed_piles(ended)
        return Msg.plural(
            "{n} pile is closed: the last round begins",
            "{n} piles are closed: the last round begins",
            n,
        )
    return None


def _with(line: str, more: str | None) -> str:
    return Msg("{line} — {more}", line=line, more=more) if more else line


def _discard_line(view: MomijiState, action: Discard, player: str, own: bool) -> str:
    card = kind_words(action.kind)
    if view.phase == COMPOST:
        if own:
            line = Msg("{player} composts {card}", player=player, card=card)
        else:
            line = Msg("{player} composts a card face down", player=player)
        return _with(line, Msg("+1 acorn") if view.step_cards == 1 else None)
    if view.phase == SELL:
        if own:
            return Msg("{player} sells {card} for 1 acorn", player=player, card=card)
        return Msg("{player} sells a card face down for 1 acorn", player=player)
    if own:
        line = Msg("{player} discards {card} (hand limit)", player=player, card=card)
    else:
        line = Msg("{player} discards a card face down (hand limit)", player=player)
    if view.phase == DISCARD and len(view.hands[view.to_move]) - 1 <= HAND_LIMIT:
        ended = view.clone()  # the last discard ends the turn
        ended.hands[view.to_move].pop()
        end_turn(ended)
        return _with(line, _ending(view, ended))
    return line


def describe(view: MomijiState, action: Action) -> str:
    """The log line of `action` in `view` (the reader's view before it), in words. A card
    that goes face down is named only in its owner's own log."""
    p = view.to_move
    player = f"P{p}"
    own = view.redacted and view.viewer == p
    if isinstance(action, Take):
        cards = [c for c in view.display if CARD_TYPE[c] == action.type]
        names = join([card_words(c) for c in cards]) if cards else type_words(action.type)
        if view.phase == COLLECT2:
            line = Msg.plural(
                "{player} also collects {n} card: {cards}",
                "{player} also collects {n} cards: {cards}",
                len(cards),
                player=player,
                cards=names,
            )
        else:
            line = Msg.plural(
                "{player} collects {n} card: {cards}",
                "{player} collects {n} cards: {cards}",
                len(cards),
                player=player,
                cards=names,
            )
        if len(cards) == len(view.display) and view.deck:
            return _with(line, Msg("the display is empty, new cards are revealed"))
        return line
    if isinstance(action, Refresh):
        n = min(DISPLAY_SIZE, len(view.deck))
        if not n:
            return Msg(
                "{player} pays {cost} acorn to refresh, but the deck is empty",
                player=player,
                cost=REFRESH_COST,
            )
        return Msg.plural(
            "{player} pays {cost} acorn to reveal {n} new card",
            "{player} pays {cost} acorn to reveal {n} new cards",
            n,
            player=player,
            cost=REFRESH_COST,
        )
    if isinstance(action, Place):
        card = kind_words(action.kind)
        t = KIND_TYPE[action.kind]
        on_pile = any(CARD_TYPE[pile[-1]] == t for pile in view.rows[p])
        if on_pile:
            line = Msg("{player} plays {card} on its pile", player=player, card=card)
        elif action.side == NEW_LEFT:
            line = Msg(
                "{player} starts a new pile with {card} at the left end of the row",
                player=player,
                card=card,
            )
        elif action.side == NEW_RIGHT:
            line = Msg(
                "{player} starts a new pile with {card} at the right end of the row",
                player=player,
                card=card,
            )
        else:
            line = Msg("{player} starts a first pile with {card}", player=player, card=card)
        if KIND_VALUE[action.kind] == MAX_VALUE:
            return _with(line, Msg("the pile is closed with a torii"))
        return line
    if isinstance(action, Stop):
        if view.phase == COLLECT2:
            return Msg("{player} collects no second type", player=player)
        if view.phase == SELL:
            return Msg("{player} stops selling cards", player=player)
        if view.phase != PLAY or not view.played:
            return Msg("{player} stops", player=player)
        gain = stop_gain(view)
        n = len(view.played)
        if gain:
            return Msg.plural(
                "{player} ends the play — the acorn harvest brings {n} acorn",
                "{player} ends the play — the acorn harvest brings {n} acorns",
                gain,
                player=player,
            )
        if is_mixed(view.played):
            return Msg("{player} ends the play — no acorn pair to harvest", player=player)
        return Msg.plural(
            "{player} ends the play ({n} card of one type: no harvest)",
            "{player} ends the play ({n} cards of one type: no harvest)",
            n,
            player=player,
        )
    if isinstance(action, Activate):
        return Msg.plural(
            "{player} pays {n} acorn and activates the objective “{objective}”",
            "{player} pays {n} acorns and activates the objective “{objective}”",
            objective_cost(view),
            player=player,
            objective=objective_words(action.objective),
        )
    if isinstance(action, Compost):
        return Msg("{player} composts 2 cards for 1 acorn", player=player)
    if isinstance(action, UseLandscape):
        return Msg(
            "{player} pays {cost} acorn for the landscape “{tile}”: {power}",
            player=player,
            cost=LANDSCAPE_COST,
            tile=landscape_title(action.tile),
            power=landscape_text(action.tile),
        )
    if isinstance(action, End):
        extra = len(view.hands[p]) - HAND_LIMIT
        if extra > 0 and not view.mods & MOD_NO_LIMIT:
            return Msg.plural(
                "{player} ends the turn and must discard {n} card (hand limit {limit})",
                "{player} ends the turn and must discard {n} cards (hand limit {limit})",
                extra,
                player=player,
                limit=HAND_LIMIT,
            )
        ended = view.clone()
        ended.apply(action)
        return _with(Msg("{player} ends the turn", player=player), _ending(view, ended))
    if isinstance(action, Discard):
        return _discard_line(view, action, player, own)
    if isinstance(action, Pick):
        return Msg(
            "{player} takes {card} from the display", player=player, card=kind_words(action.kind)
        )
    if isinstance(action, Swap):
        row = view.rows[p]
        left, right = row[action.position][-1], row[action.position + 1][-1]
        return Msg(
            "{player} swaps two neighbouring piles: {left} and {right}",
            player=player,
            left=type_words(CARD_TYPE[left]),
            right=type_words(CARD_TYPE[right]),
        )
    if isinstance(action, Draft):
        return Msg(
            "{player} keeps the {slot} “{tile}”: {power}",
            player=player,
            slot=SLOT_WORDS[LANDSCAPES[action.tile].position],
            tile=landscape_title(action.tile),
            power=landscape_text(action.tile),
        )
    return str(action)


# -- the end trigger, for the page ----------------------------------------------------------------
def torii_needed(view: MomijiState) -> int:
    return setup_row(view.num_players)[2]

"""Momiji's browser renderer (renderer.js, momiji.css) and the display facts it needs.

`extras(view)` (through `Game.extras`) is called by the server for every view it sends. It
gives the renderer the table in words and in cards: the display by type, every row of piles
(sizes and points only where the view knows them), the landscapes and objectives with their
texts, each player's score broken down as far as it is known; and, for the player to act, each
legal action's meaning in words and what it targets, the step's prompt, the turn so far, the
cards that may be selected (compost, hand limit, selling) and the **play tree**: every Play the
hand allows, card by card, with where each card goes and what ending the Play there harvests.
The tree is built by playing the placements on clones of the view (the player's own hand is in
it), so the JavaScript walks it and never applies a rule.

Words are `Msg`s sent in their message form (`as_json`), which the page translates (`tm`).
"""

from __future__ import annotations

from typing import Any

from leafpile.engine import Action, State
from leafpile.games.momiji.actions import (
    NEW_LEFT,
    NEW_RIGHT,
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
    COMPOST_CARDS,
    HAND_LIMIT,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    LANDSCAPE_COST,
    LANDSCAPES,
    MAX_VALUE,
    REFRESH_COST,
    TYPE_LETTERS,
    TYPE_NAMES,
)
from leafpile.games.momiji.landscapes import SELL_CARDS
from leafpile.games.momiji.main_actions import objective_cost
from leafpile.games.momiji.preview import after_stop, previews
from leafpile.games.momiji.scoring import winners
from leafpile.games.momiji.state import (
    COLLECT2,
    COMPOST,
    DISCARD,
    DRAFT,
    OVER,
    PLAY,
    SELL,
    TURN,
    MomijiState,
)
from leafpile.games.momiji.turn import closed_piles
from leafpile.games.momiji.web.table import (
    TREE_LIMIT,
    card,
    display,
    kind_info,
    objectives,
    player_area,
    turn_summary,
    w,
)
from leafpile.games.momiji.words import (
    SLOT_WORDS,
    TYPE_SHORT,
    is_mixed,
    kind_words,
    landscape_text,
    landscape_title,
    objective_words,
    stop_gain,
    torii_needed,
    type_words,
)
from leafpile.games.momiji.words.prompts import prompt
from leafpile.i18n import Msg


# -- what each legal action means -----------------------------------------------------------------
def action_words(s: MomijiState, action: Action) -> str:
    """The meaning of a legal action of the player to move, as a button or a hint says it."""
    p = s.to_move
    if isinstance(action, Take):
        n = sum(1 for c in s.display if CARD_TYPE[c] == action.type)
        return Msg.plural(
            "Collect the {type}: {n} card",
            "Collect the {type}: {n} cards",
            n,
            type=type_words(action.type),
        )
    if isinstance(action, Refresh):
        return Msg("Pay {cost} acorn to reveal 4 new cards, then collect", cost=REFRESH_COST)
    if isinstance(action, Place):
        card_w = kind_words(action.kind)
        if any(CARD_TYPE[pile[-1]] == KIND_TYPE[action.kind] for pile in s.rows[p]):
            return Msg("Play {card} on its pile", card=card_w)
        if action.side == NEW_LEFT:
            return Msg("Start a new pile with {card} at the left end", card=card_w)
        if action.side == NEW_RIGHT:
            return Msg("Start a new pile with {card} at the right end", card=card_w)
        return Msg("Start your first pile with {card}", card=card_w)
    if isinstance(action, Stop):
        if s.phase == COLLECT2:
            return Msg("Collect no second type")
        if s.phase == SELL:
            return Msg("Stop selling")
        return Msg("End the play")
    if isinstance(action, Activate):
        return Msg.plural(
            "Activate “{objective}” for {n} acorn",
            "Activate “{objective}” for {n} acorns",
            objective_cost(s),
            objective=objective_words(action.objective),
        )
    if isinstance(action, Compost):
        return Msg("Compost: discard 2 cards for 1 acorn")
    if isinstance(action, UseLandscape):
        return Msg(
            "Use “{tile}” for {cost} acorn: {power}",
            tile=landscape_title(action.tile),
            cost=LANDSCAPE_COST,
            power=landscape_text(action.tile),
        )
    if isinstance(action, End):
        return Msg("End your turn") if s.main_used else Msg("Pass: no main action is possible")
    if isinstance(action, Discard):
        card_w = kind_words(action.kind)
        if s.phase == COMPOST:
            return Msg("Compost {card}", card=card_w)
        if s.phase == SELL:
            return Msg("Sell {card} for 1 acorn", card=card_w)
        return Msg("Discard {card}", card=card_w)
    if isinstance(action, Pick):
        return Msg("Take {card} into your hand", card=kind_words(action.kind))
    if isinstance(action, Swap):
        row = s.rows[p]
        return Msg(
            "Swap the piles of {left} and {right}",
            left=type_words(CARD_TYPE[row[action.position][-1]]),
            right=type_words(CARD_TYPE[row[action.position + 1][-1]]),
        )
    if isinstance(action, Draft):
        return Msg("Keep “{tile}”", tile=landscape_title(action.tile))
    return str(action)  # pragma: no cover - every action kind is above


# -- the play tree ---------------------------------------------------------------------------
def _tree_key(s: MomijiState) -> tuple[Any, ...]:
    """What the rest of a Play depends on: the row (tops, in order), the hand, the types
    played (their order matters only while the Play is of one type) and the effects."""
    p = s.to_move
    played = tuple(sorted(s.played)) if s.played and is_mixed(s.played) else tuple(s.played)
    return (
        s.phase,
        tuple(CARD_KIND[pile[-1]] for pile in s.rows[p]),
        tuple(sorted(CARD_KIND[c] for c in s.hands[p])),
        played,
        s.mods,
    )


def harvest_pairs(s: MomijiState) -> list[int]:
    """The neighbouring piles (left index) whose acorns a `stop` now would harvest: each pair
    alone in a row, through the rules' own harvest."""
    row = s.rows[s.to_move]
    out = []
    for i in range(len(row) - 1):
        pair = s.clone()
        pair.rows[s.to_move] = [row[i], row[i + 1]]
        if stop_gain(pair):
            out.append(i)
    return out


def play_tree(view: MomijiState) -> dict[str, Any] | None:
    """Every Play the player to move can still make, as a graph of positions: each node lists
    the placements legal there (notation, card kind, where it goes, the node it leads to) and,
    when the Play may end there, what `stop` harvests. Node 0 is the current position."""
    nodes: list[dict[str, Any]] = []
    index: dict[tuple[Any, ...], int] = {}

    def visit(s: MomijiState) -> int:
        key = _tree_key(s)
        if key in index:
            return index[key]
        i = len(nodes)
        index[key] = i
        node: dict[str, Any] = {"next": [], "stop": None, "open": False}
        nodes.append(node)
        if s.phase == PLAY:
            node["stop"] = {
                "acorns": stop_gain(s),
                "pairs": harvest_pairs(s),
                "mixed": is_mixed(s.played),
                "cards": len(s.played),
                "score": after_stop(s),  # the player's score once the Play ends here
            }
        places = [a for a in s.legal_actions() if isinstance(a, Place)]
        if len(nodes) > TREE_LIMIT and places:
            node["open"] = True
            return i
        row = s.rows[s.to_move]
        for a in places:
            t = KIND_TYPE[a.kind]
            on = any(CARD_TYPE[pile[-1]] == t for pile in row)
            side = "on" if on else "left" if a.side == NEW_LEFT else "right" if row else "first"
            after = s.clone()
            after.apply(a)
            node["next"].append(
                {
                    "action": str(a),
                    "kind": KIND_NAMES[a.kind],
                    "side": side,
                    "closes": KIND_VALUE[a.kind] == MAX_VALUE,
                    "to": visit(after),
                }
            )
        return i

    if not any(isinstance(a, Place) for a in view.legal_actions()):
        return None
    visit(view.clone())
    return {"nodes": nodes}


def selection(s: MomijiState, legal_actions: list[Action]) -> dict[str, Any] | None:
    """Hand cards to choose as a set, then sent one `discard` at a time: the compost (from the
    TURN phase, `compost` first), the hand limit, the selling power."""
    p = s.to_move
    kinds = sorted({CARD_KIND[c] for c in s.hands[p] if c >= 0})
    discards = {KIND_NAMES[k]: f"discard {KIND_NAMES[k]}" for k in kinds}
    if s.phase == COMPOST:
        left = COMPOST_CARDS - s.step_cards
        return {"what": "compost", "start": None, "min": left, "max": left, "kinds": discards}
    if s.phase == DISCARD:
        extra = len(s.hands[p]) - HAND_LIMIT
        return {"what": "discard", "start": None, "min": extra, "max": extra, "kinds": discards}
    if s.phase == SELL:
        left = SELL_CARDS - s.step_cards
        return {"what": "sell", "start": None, "min": 0, "max": left, "kinds": discards}
    return None


def extras(view: State) -> dict[str, Any]:
    assert isinstance(view, MomijiState)
    s = view
    n = s.num_players
    acting = s.phase != OVER and s.redacted and s.viewer == s.to_move
    legal_actions = s.legal_actions() if acting else []
    legal = {str(a) for a in legal_actions}
    objs = objectives(s, legal)
    me = s.viewer if s.redacted else None
    out: dict[str, Any] = {
        "types": [
            {
                "letter": TYPE_LETTERS[t],
                "name": w(TYPE_SHORT.get(TYPE_LETTERS[t], TYPE_NAMES[t])),
                "leaves": w(type_words(t)),
            }
            for t in s.types
        ],
        "kinds": {},
        "deck": len(s.deck),
        "discard": len(s.discard),
        "display": display(s, legal),
        "refresh": "refresh" if "refresh" in legal else None,
        "end": {
            "closed": closed_piles(s),
            "needed": torii_needed(s),
            "last_round": s.turns_left >= 0 and s.phase != OVER,
            "rule": str(s.options.get("final_round", "finish")),
        },
        "players": [player_area(s, p, legal, objs) for p in range(n)],
        "objectives": objs,
        "objective_cost": objective_cost(s),
        "hand": [card(c) for c in s.hands[me]] if me is not None else None,
        "over": s.phase == OVER,
        "winners": winners(s) if s.phase == OVER else None,  # (the replay page sends none)
        "phase": str(s.phase),
        "main_done": bool(s.main_used),
        "turn": turn_summary(s),
        "prompt": w(prompt(s, acting, legal)),
        "actions": {str(a): w(action_words(s, a)) for a in legal_actions},
        "play": play_tree(s) if acting and s.phase in (TURN, PLAY) else None,
        "select": selection(s, legal_actions) if acting else None,
        "preview": previews(s, legal_actions) if acting else None,
        "compost": (
            {
                "what": "compost",
                "start": "compost",
                "min": COMPOST_CARDS,
                "max": COMPOST_CARDS,
                "kinds": {
                    KIND_NAMES[k]: f"discard {KIND_NAMES[k]}"
                    for k in sorted({CARD_KIND[c] for c in s.hands[s.to_move]})
                },
            }
            if "compost" in legal
            else None
        ),
        "draft": (
            {
                "slot": w(SLOT_WORDS[s.draft_position]),
                "pool": [
                    {
                        "id": LANDSCAPES[t].id,
                        "title": w(landscape_title(t)),
                        "text": w(landscape_text(t)),
                        "action": f"draft {LANDSCAPES[t].id}"
                        if f"draft {LANDSCAPES[t].id}" in legal
                        else None,
                    }
                    for t in s.draft_pool
                ],
            }
            if s.phase == DRAFT
            else None
        ),
        "placeholders": True,  # landscapes, objectives and acorn corners are ours (data/*.json)
    }
    shown = [*s.display, *(s.hands[me] if me is not None else [])]
    shown += [c for row in s.rows for pile in row for c in pile]
    kinds = {CARD_KIND[c] for c in shown if c >= 0}
    kinds.update(k for known in s.known for k in known)  # the cards remembered in hands
    out["kinds"] = {KIND_NAMES[k]: kind_info(k) for k in sorted(kinds)}
    return out

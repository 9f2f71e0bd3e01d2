"""What each player may see, the twin determinization for bots, and the terminal picture.

Hidden (§3.2, Q10): the order of the deck and the hands of the other players. A view keeps its
viewer's hand, turns every other hand into placeholders (so hand sizes stay public) and puts
all unknown tiles (the deck plus those hands) into `deck`, sorted: a viewer cannot tell a tile
in the deck from one in an opponent's hand. Placed tiles and the discard pile are public, so a
seat remembers which tiles each reshuffle of the discard pile put into the deck [BGA]: a hidden
tile is written -1 - (the reshuffle it was drawn after), and determinize deals it from the
unseen tiles of that reshuffle (state.py).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from leafpile.engine import Action, Rng
from leafpile.games.undergrove.components import (
    BLOCKER,
    BONUS_SETS_AT,
    CORNER_OFFSETS,
    END_SPACES,
    GOALS,
    RESOURCES,
    TOKEN_OF,
    TOKENS,
    W,
    coord_text,
    coords,
    tile,
)
from leafpile.games.undergrove.scoring import tile_vp, totals, winners
from leafpile.games.undergrove.state import UndergroveState

HIDDEN = -1  # a hidden tile drawn before any reshuffle; -1 - e: drawn after reshuffle e


def player_view(state: UndergroveState, player: int | None) -> UndergroveState:
    view = state.clone()
    view.redact_base(player)  # also blanks the seed and the RNG
    pool = list(state.deck)
    for q, hand in enumerate(state.hands):
        if q != player:
            pool.extend(hand)
            view.hands[q] = [HIDDEN - state.reshuffled[t] for t in hand]
    pool.sort()
    view.deck = pool
    return view


def determinize(view: UndergroveState, player: int | None, rng: Rng) -> UndergroveState:
    """Each hidden hand tile from the unseen tiles of the reshuffle it was drawn after; the
    deck from what is left, in a random order."""
    state = view.clone()
    state.redacted = False
    state.viewer = None
    pool = list(view.deck)
    rng.shuffle(pool)
    by_reshuffle: dict[int, list[int]] = {}
    for t in pool:
        by_reshuffle.setdefault(view.reshuffled[t], []).append(t)
    for q, hand in enumerate(view.hands):
        if any(t < 0 for t in hand):
            state.hands[q] = [t if t >= 0 else by_reshuffle[HIDDEN - t].pop() for t in hand]
    # each reshuffle's tiles are still in the shuffled order (and the deck holds only the last)
    state.deck = [t for tiles in by_reshuffle.values() for t in tiles]
    state.rng = Rng(rng.next64())
    return state


def contradiction(view: UndergroveState, state: UndergroveState) -> str | None:
    """What in the full `state` contradicts what `view`'s seat remembers (None: nothing): each
    hidden hand tile must come from the reshuffle the view says, and the deck only holds
    tiles of the last reshuffle."""
    for q, hand in enumerate(view.hands):
        drawn_after = sorted(HIDDEN - t for t in hand if t < 0)
        if drawn_after and drawn_after != sorted(state.reshuffled[t] for t in state.hands[q]):
            return f"P{q}'s hand holds tiles of other reshuffles than remembered"
    last = max(view.reshuffled)
    if any(state.reshuffled[t] != last for t in state.deck):
        return "the deck holds a tile from before the last reshuffle"
    return None


def deck_count(state: UndergroveState) -> int:
    """Tiles really in the deck (a view's `deck` also holds the hidden hands)."""
    hidden = sum(1 for h in state.hands for t in h if t < 0)
    return len(state.deck) - hidden


# -- terminal rendering -------------------------------------------------------------------------
PLAYER_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
TOKEN_STYLES = ("blue", "magenta", "green", "yellow")
_CELL_W = 12  # 3 characters of corner + 9 of tile
_CELL_H = 4  # 1 line of corners + 3 of tile


def _piece_text(state: UndergroveState, corner: int) -> tuple[str, str]:
    code = state.piece.get(corner)
    if code is None:
        return " + ", "dim"
    if code == BLOCKER:
        return " # ", "dim"
    p = code % 4
    kind = "T" if code >= 4 else "s"
    return f"{p}{kind}{state.pcarbon.get(corner, 0)}", PLAYER_STYLES[p]


def render_forest(state: UndergroveState) -> Text:
    """The forest as a character grid: each tile shows its id, symbol, name, carbon and pine
    cones, a root mark (the owner's digit) in the inner corner toward each corner, and each
    corner its piece (`1s2` = player 1's seedling with 2 carbon, `0T0` a tree, whose carbon
    was discarded as it grew (`0T3` under `carbon_moves=bga`), `#` a place-holder, `+` free)."""
    if not state.tile_at:
        return Text()
    xy = [coords(c) for c in state.tile_at]
    x0 = min(x for x, _ in xy)
    x1 = max(x for x, _ in xy) + 1
    y0 = min(y for _, y in xy)
    y1 = max(y for _, y in xy) + 1
    cols = (x1 - x0) * _CELL_W + 3
    rows = (y1 - y0) * _CELL_H + 1
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]

    def put(r: int, c: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= c + i < cols:
                grid[r][c + i] = (ch, style)

    corners = {c + o for c in state.tile_at for o in CORNER_OFFSETS}
    for corner in corners:
        x, y = coords(corner)
        label, style = _piece_text(state, corner)
        put((y - y0) * _CELL_H, (x - x0) * _CELL_W, label, style)
    for c, t in state.tile_at.items():
        x, y = coords(c)
        r = (y - y0) * _CELL_H
        col = (x - x0) * _CELL_W + 3
        spec = tile(t)
        for line in (1, 2, 3):
            put(r + line, col - 1, "|", "dim")
        put(r, col, "-" * 9, "dim")
        token = TOKEN_OF[t]
        sym = TOKENS[token] if token >= 0 else "*"
        put(r + 1, col + 1, f"{t:>2}", "bold")
        put(r + 1, col + 4, sym, TOKEN_STYLES[token] if token >= 0 else "bold")
        put(r + 2, col, spec.name.replace(" ", "")[:9], "")
        carbon = state.carbon[t]
        put(r + 3, col + 1, f"C{carbon}" if carbon else "  ", "bold yellow" if carbon else "")
        extra = f"+{state.stored[t]}" if state.stored[t] else ""
        put(r + 3, col + 4, f"{tile_vp(state, t)}v{extra}", "green")
        # root marks: slot i sits in the tile's corner i (TL, TR, BL, BR)
        spots = ((r + 1, col), (r + 1, col + 8), (r + 3, col), (r + 3, col + 8))
        for i, (rr, cc) in enumerate(spots):
            owner = state.roots[4 * t + i]
            if owner >= 0:
                put(rr, cc, str(owner), PLAYER_STYLES[owner])
    text = Text()
    for row in grid:
        for ch, style in row:
            text.append(ch, style=style)
        text.append("\n")
    return text


def player_line(state: UndergroveState, p: int, viewer: int | None) -> Text:
    line = Text()
    mark = ">" if not state.over and state.to_move == p else " "
    line.append(f"{mark} P{p} ", style=PLAYER_STYLES[p])
    r = state.res[p]
    line.append(" ".join(f"{RESOURCES[i]}{r[i]}" for i in range(4)))
    line.append("  tokens ")
    for t in range(4):
        ready = state.ready[p] >> t & 1
        line.append(
            TOKENS[t].upper() if ready else TOKENS[t], style=TOKEN_STYLES[t] if ready else "dim"
        )
    line.append(
        f"  supply s{state.seedlings[p]} T{state.trees[p]} r{state.roots_left[p]}"
        f"  track {state.track[p]}/9"
    )
    if state.end_space[p] >= 0:
        line.append(f" ({END_SPACES[state.end_space[p]]['id']})")
    if state.bonus[p]:
        line.append("  bonus " + " ".join(f"B{b}" for b in state.bonus[p]))
    hand = state.hands[p]
    if any(t < 0 for t in hand) or (viewer is not None and viewer != p and state.redacted):
        line.append(f"  hand: {len(hand)} tiles")
    else:
        line.append("  hand: " + ", ".join(f"{t} {tile(t).name}" for t in sorted(hand)))
    return line


def render(state: UndergroveState, viewer: int | None = None) -> Group:
    if state.redacted:
        viewer = state.viewer
    elif viewer is not None:
        state = player_view(state, viewer)
    head = Text()
    head.append(f"Undergrove, round {state.round + 1}")
    if state.final_round >= 0:
        head.append(f" (last round: {state.final_round + 1})", style="bold")
    head.append(f"   deck {deck_count(state)}  discard {len(state.discard)}\n")
    head.append("goals: " + "; ".join(f"{g} {GOALS[g].name}" for g in state.goals) + "\n")
    sets = []
    for i, space in enumerate(BONUS_SETS_AT):
        tiles = " ".join(f"B{b}" for b in state.bonus_sets[i]) or "-"
        sets.append(f"space {space}: {tiles}")
    head.append("bonus tiles: " + "; ".join(sets) + "\n")
    parts: list[Text] = [head, render_forest(state)]
    for p in range(state.num_players):
        parts.append(player_line(state, p, viewer))
    points = totals(state)
    parts.append(Text("score now: " + "  ".join(f"P{p} {v}" for p, v in enumerate(points))))
    if state.over:
        won = winners(state)
        who = " and ".join(f"P{w}" for w in won)
        parts.append(Text(f"game over: {who} {'win' if len(won) > 1 else 'wins'}", style="bold"))
    elif state.pending:
        parts.append(Text(f"P{state.to_move} to decide: {prompt(state)}", style="bold"))
    return Group(*parts)


def prompt(state: UndergroveState) -> str:
    return state.pending[-1].prompt


def describe(state: UndergroveState, action: Action) -> str:
    """One sentence for the log, from the state (or view) before the action: what the player
    did and what it caused (web/log.py)."""
    from leafpile.games.undergrove.web.log import sentence

    return sentence(state, action)


def corner_text(corner: int) -> str:
    return coord_text(corner)


__all__ = ["W", "contradiction", "describe", "determinize", "player_view", "render"]

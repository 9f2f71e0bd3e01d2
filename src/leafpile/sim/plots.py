"""The balance report's plots, as PNG files, labelled in the reader's language.

Plots are drawn with matplotlib's object API (no global pyplot state), so reports can be made
from worker processes and tests alike.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Patch

from leafpile.i18n import Msg, localize
from leafpile.sim.analysis import Analysis, Effect, Share

DPI = 90
FAIR = "#888888"
COLOURS = {"seat": "#4c72b0", "turn": "#55a868", "up": "#c44e52", "down": "#4c72b0"}
KIND_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860"]
#: The kinds of components (`sim/components.py`), in the reader's language.
KINDS = {
    "dweller": Msg("dweller"),
    "goal": Msg("goal"),
    "objective": Msg("objective"),
    "landscape": Msg("landscape"),
    "option": Msg("option"),
}


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ordinal(k: int) -> str:
    """1st, 2nd, ... in the reader's language."""
    words = {1: Msg("1st"), 2: Msg("2nd"), 3: Msg("3rd")}
    return words.get(k, Msg("{k}th", k=k)).localize()


def kind_word(kind: str) -> str:
    found = KINDS.get(kind)
    return found.localize() if found else kind


def component_label(e: Effect) -> str:
    """An effect's component as people read it: its kind and its name as the game words it,
    both in the reader's language (the English name from the game's data where the game has
    no words for it)."""
    name = localize(e.shown) if e.shown else e.label.removeprefix(f"{e.kind}: ")
    return Msg("{kind}: {name}", kind=kind_word(e.kind), name=name).localize()


def seat_label(seat: int) -> str:
    return Msg("seat {seat}", seat=seat).localize()


def _bars(ax: Any, shares: list[Share], labels: list[str], colour: str, fair: float | None) -> None:
    xs = range(len(shares))
    values = [s.value for s in shares]
    # clamped at 0: an interval's end can sit a rounding error inside its share (0 of 3 wins)
    errors = [
        [max(0.0, s.value - s.lo) for s in shares],
        [max(0.0, s.hi - s.value) for s in shares],
    ]
    ax.bar(xs, values, color=colour, yerr=errors, capsize=5, width=0.6)
    if fair is not None:
        ax.axhline(fair, color=FAIR, linestyle="--", linewidth=1)
    ax.set_xticks(list(xs), labels)
    ax.set_ylim(0, min(1.0, max(s.hi for s in shares) * 1.25 + 0.02))
    ax.yaxis.set_major_formatter(lambda v, _pos: f"{100 * v:.0f}%")
    for x, s in zip(xs, shares, strict=True):
        ax.text(x, s.hi + 0.01, pct(s.value), ha="center", va="bottom", fontsize=8)


def plot_seats(a: Analysis, path: Path) -> None:
    if a.solo:
        fig = Figure(figsize=(4, 3.2), dpi=DPI)
        ax = fig.add_subplot()
        _bars(ax, a.seat_shares, [Msg("win rate").localize()], COLOURS["seat"], None)
        ax.set_title(Msg("Solo win rate (95% interval)").localize(), fontsize=10)
    else:
        fig = Figure(figsize=(8, 3.2), dpi=DPI)
        left, right = fig.subplots(1, 2, sharey=True)
        labels = [f"{seat_label(p)}\n{name}" for p, name in enumerate(a.seats)]
        _bars(left, a.seat_shares, labels, COLOURS["seat"], a.fair)
        left.set_title(Msg("Win share by seat").localize(), fontsize=10)
        turns = [ordinal(k + 1) for k in range(a.players)]
        _bars(right, a.turn_shares, turns, COLOURS["turn"], a.fair)
        right.set_title(Msg("Win share by place in turn order").localize(), fontsize=10)
        left.set_ylabel(Msg("win share (dashed: fair share)").localize())
    fig.tight_layout()
    fig.savefig(path)


def plot_scores(a: Analysis, path: Path) -> None:
    panels = 1 if a.solo or not a.margins else 2
    fig = Figure(figsize=(4 * panels, 3.2), dpi=DPI)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    axes[0].boxplot(a.scores, tick_labels=[seat_label(p) for p in range(a.players)])
    axes[0].set_title(Msg("Final scores by seat").localize(), fontsize=10)
    axes[0].set_ylabel(Msg("score").localize())
    if panels == 2:
        axes[1].hist(a.margins, bins=_bins(a.margins), color=COLOURS["turn"])
        axes[1].set_title(Msg("Winning margin (winner - runner-up)").localize(), fontsize=10)
        axes[1].set_xlabel(Msg("points").localize())
        axes[1].set_ylabel(Msg("games").localize())
    fig.tight_layout()
    fig.savefig(path)


def plot_lengths(a: Analysis, path: Path) -> None:
    fig = Figure(figsize=(5, 3.0), dpi=DPI)
    ax = fig.add_subplot()
    ax.hist(a.lengths, bins=_bins(a.lengths), color=COLOURS["seat"])
    mean = statistics.fmean(a.lengths)
    ax.axvline(mean, color=FAIR, linestyle="--", linewidth=1)
    title = Msg.plural(
        "Game length (mean {n} decision)", "Game length (mean {n} decisions)", round(mean)
    )
    ax.set_title(title.localize(), fontsize=10)
    ax.set_xlabel(Msg("decisions in the game (every player's, including forced ones)").localize())
    ax.set_ylabel(Msg("games").localize())
    fig.tight_layout()
    fig.savefig(path)


def length_score_correlation(a: Analysis) -> float | None:
    """Pearson's correlation of a game's length with its mean score (None: no spread)."""
    means = [statistics.fmean(game) for game in zip(*a.scores, strict=True)]
    if len(means) < 2 or len(set(means)) < 2 or len(set(a.lengths)) < 2:
        return None
    return statistics.correlation([float(n) for n in a.lengths], means)


def plot_length_scores(a: Analysis, path: Path) -> None:
    """Each game as a dot: its length against its mean score."""
    means = [statistics.fmean(game) for game in zip(*a.scores, strict=True)]
    fig = Figure(figsize=(5, 3.0), dpi=DPI)
    ax = fig.add_subplot()
    ax.scatter(a.lengths, means, s=8, alpha=0.5, color=COLOURS["seat"])
    ax.set_title(Msg("Game length against score").localize(), fontsize=10)
    ax.set_xlabel(Msg("decisions in the game (every player's, including forced ones)").localize())
    ax.set_ylabel(Msg("mean score of the game").localize())
    fig.tight_layout()
    fig.savefig(path)


def plot_effects(effects: list[Effect], path: Path) -> None:
    rows = sorted(effects, key=lambda e: e.delta)
    fig = Figure(figsize=(8, 1.0 + 0.28 * len(rows)), dpi=DPI)
    ax = fig.add_subplot()
    kinds = sorted({e.kind for e in rows})
    colour = {k: KIND_COLOURS[i % len(KIND_COLOURS)] for i, k in enumerate(kinds)}
    ys = range(len(rows))
    ax.barh(
        ys,
        [100 * e.delta for e in rows],
        xerr=[
            [max(0.0, 100 * (e.delta - e.delta_lo)) for e in rows],
            [max(0.0, 100 * (e.delta_hi - e.delta)) for e in rows],
        ],
        color=[colour[e.kind] for e in rows],
        capsize=3,
        height=0.6,
    )
    ax.axvline(0, color=FAIR, linewidth=1)
    ax.set_yticks(list(ys), [_short(component_label(e)) for e in rows], fontsize=8)
    ax.set_xlabel(
        Msg("effect on the win share (percentage points, Holm-corrected interval)").localize()
    )
    # one patch per kind, in its colour (empty bars give handles without a colour of their own)
    handles = [Patch(facecolor=colour[k], label=kind_word(k)) for k in kinds]
    ax.legend(handles=handles, fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


def _bins(values: list[float] | list[int]) -> int | list[float]:
    """One bar per value when the values are whole numbers over a short range (scores and
    lengths usually are), else 30 bars."""
    lo, hi = min(values), max(values)
    if all(float(v).is_integer() for v in values) and hi - lo <= 80:
        return [lo - 0.5 + i for i in range(int(hi - lo) + 2)]
    return 30


def _short(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"

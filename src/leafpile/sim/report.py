"""The balance report: one HTML page with PNG plots, written for game designers.

Each section says in words what the numbers mean (the plots carry the same numbers with their
95% intervals), so the page can be read without knowing how it was computed. Plots are drawn
with matplotlib's object API (no global pyplot state), so reports can be made from worker
processes and tests alike.
"""

from __future__ import annotations

import html
import json
import statistics
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from leafpile.sim.analysis import Analysis, Effect, Share

DPI = 90
FAIR = "#888888"
COLOURS = {"seat": "#4c72b0", "turn": "#55a868", "up": "#c44e52", "down": "#4c72b0"}
KIND_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860"]


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def points(x: float) -> str:
    return f"{100 * x:+.1f} points"


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


# -- plots ------------------------------------------------------------------------------------
def _bars(ax: Any, shares: list[Share], labels: list[str], colour: str, fair: float | None) -> None:
    xs = range(len(shares))
    values = [s.value for s in shares]
    errors = [[s.value - s.lo for s in shares], [s.hi - s.value for s in shares]]
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
        _bars(ax, a.seat_shares, ["win rate"], COLOURS["seat"], None)
        ax.set_title("Solo win rate (95% interval)", fontsize=10)
    else:
        fig = Figure(figsize=(8, 3.2), dpi=DPI)
        left, right = fig.subplots(1, 2, sharey=True)
        labels = [f"seat {p}\n{name}" for p, name in enumerate(a.seats)]
        _bars(left, a.seat_shares, labels, COLOURS["seat"], a.fair)
        left.set_title("Win share by seat", fontsize=10)
        turns = [ordinal(k + 1) for k in range(a.players)]
        _bars(right, a.turn_shares, turns, COLOURS["turn"], a.fair)
        right.set_title("Win share by place in turn order", fontsize=10)
        left.set_ylabel("win share (dashed: fair share)")
    fig.tight_layout()
    fig.savefig(path)


def plot_scores(a: Analysis, path: Path) -> None:
    panels = 1 if a.solo or not a.margins else 2
    fig = Figure(figsize=(4 * panels, 3.2), dpi=DPI)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    axes[0].boxplot(a.scores, tick_labels=[f"seat {p}" for p in range(a.players)])
    axes[0].set_title("Final scores by seat", fontsize=10)
    axes[0].set_ylabel("score")
    if panels == 2:
        axes[1].hist(a.margins, bins=_bins(a.margins), color=COLOURS["turn"])
        axes[1].set_title("Winning margin (winner - runner-up)", fontsize=10)
        axes[1].set_xlabel("points")
        axes[1].set_ylabel("games")
    fig.tight_layout()
    fig.savefig(path)


def plot_lengths(a: Analysis, path: Path) -> None:
    fig = Figure(figsize=(5, 3.0), dpi=DPI)
    ax = fig.add_subplot()
    ax.hist(a.lengths, bins=_bins(a.lengths), color=COLOURS["seat"])
    mean = statistics.fmean(a.lengths)
    ax.axvline(mean, color=FAIR, linestyle="--", linewidth=1)
    ax.set_title(f"Game length (mean {mean:.0f} decisions)", fontsize=10)
    ax.set_xlabel("decisions in the game (every player's, including forced ones)")
    ax.set_ylabel("games")
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
            [100 * (e.delta - e.delta_lo) for e in rows],
            [100 * (e.delta_hi - e.delta) for e in rows],
        ],
        color=[colour[e.kind] for e in rows],
        capsize=3,
        height=0.6,
    )
    ax.axvline(0, color=FAIR, linewidth=1)
    ax.set_yticks(list(ys), [_short(e.label) for e in rows], fontsize=8)
    ax.set_xlabel("effect on the win share (percentage points, 95% interval)")
    for k in kinds:
        ax.barh([], [], color=colour[k], label=k)
    ax.legend(fontsize=8, loc="lower right")
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


# -- words ------------------------------------------------------------------------------------
def findings(a: Analysis) -> list[str]:
    """The report's key findings, as sentences."""
    out = []
    if a.solo:
        s = a.seat_shares[0]
        out.append(
            f"The solo player wins {pct(s.value)} of games (95% interval {pct(s.lo)}-{pct(s.hi)})."
        )
    else:
        first = a.turn_shares[0]
        verdict = (
            f"an advantage of about {points(first.value - a.fair)[1:]}"
            if first.lo > a.fair
            else f"a disadvantage of about {points(a.fair - first.value)[1:]}"
            if first.hi < a.fair
            else "no clear advantage (the interval includes the fair share)"
        )
        out.append(
            f"The first player wins {pct(first.value)} of games (95% interval "
            f"{pct(first.lo)}-{pct(first.hi)}); a fair share is {pct(a.fair)}: going first is "
            f"{verdict}."
        )
        off = [
            p
            for p, s in enumerate(a.seat_shares)
            if (s.lo > a.fair or s.hi < a.fair) and len(set(a.seats)) == 1
        ]
        if off:
            listed = ", ".join(f"seat {p} ({pct(a.seat_shares[p].value)})" for p in off)
            out.append(
                f"Seats that differ clearly from the fair share although all play the same bot: "
                f"{listed}. With a random first player this is usually chance or turn order."
            )
        if a.draws:
            out.append(f"{a.draws} of {a.games} games ended in a shared win.")
    mean = statistics.fmean(a.lengths)
    out.append(
        f"A game takes {mean:.0f} decisions on average (from {min(a.lengths)} to {max(a.lengths)})."
    )
    ranked = a.ranked()
    if ranked:
        top = ranked[0]
        sure = "clearly" if top.clear else "but its interval still includes zero"
        out.append(f"The most decisive component is {top.label} ({points(top.delta)}, {sure}).")
        clear = [e for e in ranked if e.clear]
        out.append(
            f"{len(clear)} of {len(ranked)} ranked components have an effect whose 95% interval "
            f"excludes zero."
        )
    elif not a.effects:
        out.append("No component or option varies between these games, so none is ranked.")
    return out


def _share_cell(s: Share) -> str:
    return f"{pct(s.value)} <small>({pct(s.lo)}-{pct(s.hi)})</small>"


def _effects_table(a: Analysis, effects: list[Effect]) -> str:
    measure = "solo win rate" if a.solo else "first player's win share"
    rows = []
    for e in effects:
        how = "its holders' win share" if e.held else f"{measure} with it"
        base = f"fair {pct(e.baseline)}" if e.held else f"{pct(e.baseline)} without"
        flag = " ✔" if e.clear else ""
        rows.append(
            f"<tr><td>{html.escape(e.label)}</td><td>{e.games}</td>"
            f"<td>{how}: {_share_cell(e.share)}</td><td>{base}</td>"
            f"<td><b>{points(e.delta)}</b> <small>({100 * e.delta_lo:+.1f} to "
            f"{100 * e.delta_hi:+.1f})</small>{flag}</td><td>{e.score_delta:+.1f}</td></tr>"
        )
    return (
        "<table><tr><th>component</th><th>games</th><th>measured</th><th>compared with</th>"
        "<th>effect</th><th>score effect</th></tr>" + "".join(rows) + "</table>"
    )


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } .meta { color: #555; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.92em; }
td, th { border-bottom: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
.how { background: #f4f6f8; padding: 0.6em 1em; border-radius: 6px; font-size: 0.93em; }
img { max-width: 100%; }
"""


def render_html(a: Analysis, command: str) -> str:
    """The report page (plots are the PNG files written next to it)."""
    esc = html.escape
    opts = ", ".join(f"{k}={v}" for k, v in a.options.items()) or "defaults"
    varied = "; ".join(f"{k} cycled through {', '.join(map(str, v))}" for k, v in a.varied.items())
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{esc(a.title)}: balance report</title><style>{STYLE}</style></head><body>",
        f"<h1>{esc(a.title)}: balance report</h1>",
        f"<p class='meta'>{a.games} games, {a.players} player(s), seats: "
        f"{esc(', '.join(a.seats))}; options: {esc(opts)}"
        + (f"; {esc(varied)}" if varied else "")
        + f"; seeds {a.seed}-{a.seed + a.games - 1}.<br>Made with <code>{esc(command)}</code>; "
        "the same command gives the same numbers.</p>",
        "<h2>Key findings</h2><ul>",
        *(f"<li>{esc(s)}</li>" for s in findings(a)),
        "</ul>",
        "<p class='how'>Every percentage comes with a <b>95% interval</b>: the range in which "
        "the true value lies, given how many games were played. When the interval of a seat "
        "or a component does not include the fair value, the difference is unlikely to be "
        "chance. The bots play the same way in every seat, so differences come from the game "
        "(turn order, components), not from the players; they show how the game behaves "
        "under these bots' play, which may differ from people's.</p>",
        "<h2>Win rate</h2>" if a.solo else "<h2>Seats and turn order</h2>",
        "<img src='seats.png' alt='win share by seat and by turn order'>",
    ]
    if a.solo:
        parts.append("<p>The solo player's chance of meeting the goal, with its interval.</p>")
    else:
        parts.append(
            "<p>Left: how often each seat wins. Right: how often the player who took the "
            "first turn wins, then the second, and so on (who starts may be drawn at random, "
            "so this is where a first-player advantage shows). The dashed line is the fair "
            f"share ({pct(a.fair)}); a shared win counts as a fraction.</p>"
            "<table><tr><th></th>"
            + "".join(f"<th>{ordinal(k + 1)} to play</th>" for k in range(a.players))
            + "</tr><tr><td>win share</td>"
            + "".join(f"<td>{_share_cell(s)}</td>" for s in a.turn_shares)
            + "</tr></table>"
        )
    parts += [
        "<h2>Scores</h2><img src='scores.png' alt='score distributions'>",
        "<p>The boxes hold the middle half of each seat's final scores, the line inside is "
        "the median, the whiskers the usual range and the dots unusual games."
        + (
            " The margin is how far the winner finished ahead of the best other player: "
            "many narrow margins mean close games."
            if a.margins
            else ""
        )
        + "</p>",
        "<h2>Game length</h2><img src='lengths.png' alt='game length'>",
        "<p>Decisions per game, counting every player's. A wide spread means games can end "
        "early or drag on.</p>",
        "<h2>Components and options</h2>",
    ]
    if a.effects:
        ranked = a.ranked()
        parts += [
            "<img src='effects.png' alt='effect of each component on the win share'>",
            "<p class='how'>"
            + (
                "A component that a player <b>holds</b> is measured on its holders: their "
                "win share minus the fair share. "
                if any(e.held for e in a.effects)
                else ""
            )
            + "A component that is in play <b>for everyone</b> cannot favour a seat, so it is "
            "measured on what it can change: the "
            + ("solo win rate" if a.solo else "first player's win share")
            + " in games with it minus games without it. A bar to the right means more wins, "
            "to the left fewer; the whisker is the 95% interval, and ✔ marks effects whose "
            "interval excludes zero. The score effect is the change in the mean score.</p>",
        ]
        if len(ranked) > 5:
            parts += [
                "<h3>Most decisive</h3>",
                _effects_table(a, ranked[:5]),
                "<h3>Least decisive</h3>",
                _effects_table(a, list(reversed(ranked[-5:]))),
            ]
        parts += ["<h3>All components</h3>", _effects_table(a, a.effects)]
        unranked = [e for e in a.effects if not e.ranked]
        if unranked:
            parts.append(
                f"<p>Not ranked (fewer than 20 games with it, or without it): "
                f"{esc(', '.join(e.label for e in unranked))}.</p>"
            )
    else:
        parts.append(
            "<p>No component or option varied between these games. Vary an option with "
            "<code>--vary NAME</code> to compare its values.</p>"
        )
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(a: Analysis, out: Path, command: str) -> Path:
    """Write `index.html`, its PNG plots and `summary.json` into `out`; return the page."""
    out.mkdir(parents=True, exist_ok=True)
    plot_seats(a, out / "seats.png")
    plot_scores(a, out / "scores.png")
    plot_lengths(a, out / "lengths.png")
    effects = out / "effects.png"
    if a.effects:
        plot_effects(a.effects, effects)
    elif effects.exists():
        effects.unlink()  # a stale plot from an earlier study in the same folder
    page = out / "index.html"
    page.write_text(render_html(a, command), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(a.to_dict(), indent=1) + "\n", encoding="utf-8")
    return page

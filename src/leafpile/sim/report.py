"""The balance report: one HTML page with PNG plots, written for game designers in the
reader's language (the current one, see `leafpile.i18n`).

Each section says in words what the numbers mean (the plots carry the same numbers with their
95% intervals), so the page can be read without knowing how it was computed. Numbers, seat
labels and bot names stay as they are, component names are the games' own words for them
(`Effect.shown`); `summary.json` is never translated.
"""

from __future__ import annotations

import html
import json
import statistics
from pathlib import Path

from leafpile import i18n
from leafpile.i18n import Msg
from leafpile.sim.analysis import Analysis, Effect, Share
from leafpile.sim.plots import (
    component_label,
    length_score_correlation,
    ordinal,
    pct,
    plot_effects,
    plot_length_scores,
    plot_lengths,
    plot_scores,
    plot_seats,
    seat_label,
)


def points(x: float, sign: bool = True) -> Msg:
    """A difference of shares in percentage points (`sign=False`: its size)."""
    return Msg("{value} points", value=f"{100 * x:+.1f}" if sign else f"{100 * abs(x):.1f}")


def loc(text: Msg) -> str:
    return text.localize()


# -- words ------------------------------------------------------------------------------------
def findings(a: Analysis) -> list[str]:
    """The report's key findings, as sentences in the reader's language."""
    out: list[Msg] = []
    if a.solo:
        s = a.seat_shares[0]
        out.append(
            Msg(
                "The solo player wins {share} of games (95% interval {lo}-{hi}).",
                share=pct(s.value),
                lo=pct(s.lo),
                hi=pct(s.hi),
            )
        )
    else:
        first = a.turn_shares[0]
        verdict = (
            Msg(
                "going first is an advantage of about {points}",
                points=points(first.value - a.fair, sign=False),
            )
            if first.lo > a.fair
            else Msg(
                "going first is a disadvantage of about {points}",
                points=points(a.fair - first.value, sign=False),
            )
            if first.hi < a.fair
            else Msg("going first is no clear advantage (the interval includes the fair share)")
        )
        out.append(
            Msg(
                "The first player wins {share} of games (95% interval {lo}-{hi}); a fair share "
                "is {fair}: {verdict}.",
                share=pct(first.value),
                lo=pct(first.lo),
                hi=pct(first.hi),
                fair=pct(a.fair),
                verdict=verdict,
            )
        )
        off = [
            p
            for p, s in enumerate(a.seat_shares)
            if (s.lo > a.fair or s.hi < a.fair) and len(set(a.seats)) == 1
        ]
        if off:
            listed = ", ".join(
                loc(Msg("seat {seat} ({share})", seat=p, share=pct(a.seat_shares[p].value)))
                for p in off
            )
            out.append(
                Msg(
                    "Seats that differ clearly from the fair share although all play the same "
                    "bot: {seats}. With a random first player this is usually chance or turn "
                    "order.",
                    seats=listed,
                )
            )
        if a.draws:
            out.append(
                Msg.plural(
                    "{draws} of {n} game ended in a shared win.",
                    "{draws} of {n} games ended in a shared win.",
                    a.games,
                    draws=a.draws,
                )
            )
    mean = statistics.fmean(a.lengths)
    out.append(
        Msg.plural(
            "A game takes {n} decision on average (from {low} to {high}).",
            "A game takes {n} decisions on average (from {low} to {high}).",
            round(mean),
            low=min(a.lengths),
            high=max(a.lengths),
        )
    )
    family = [e for e in a.effects if e.ranked]
    for held in (True, False):
        ranked = a.ranked(held)
        if not ranked:
            continue
        top = ranked[0]
        sure = Msg("clearly") if top.clear else Msg("but not clearly after Holm's correction")
        most = (
            Msg(
                "Of the components a player holds, the most decisive is {component} "
                "({points}, {sure}).",
                component=component_label(top),
                points=points(top.delta),
                sure=sure,
            )
            if held
            else Msg(
                "Of the components everyone shares, the most decisive is {component} "
                "({points}, {sure}).",
                component=component_label(top),
                points=points(top.delta),
                sure=sure,
            )
        )
        out.append(most)
    if family:
        out.append(
            Msg.plural(
                "{clear} of {n} ranked component has a clear effect, after Holm's correction "
                "for testing {n} at once.",
                "{clear} of {n} ranked components have a clear effect, after Holm's correction "
                "for testing {n} at once.",
                len(family),
                clear=sum(e.clear for e in family),
            )
        )
    elif not a.effects:
        out.append(Msg("No component or option varies between these games, so none is ranked."))
    return [loc(m) for m in out]


def _share_cell(s: Share) -> str:
    return f"{pct(s.value)} <small>({pct(s.lo)}-{pct(s.hi)})</small>"


def _effects_table(a: Analysis, effects: list[Effect]) -> str:
    esc = html.escape
    measure = Msg("solo win rate") if a.solo else Msg("first player's win share")
    rows = []
    for e in effects:
        how = Msg("its holders' win share") if e.held else Msg("{measure} with it", measure=measure)
        base = (
            Msg("fair {share}", share=pct(e.baseline))
            if e.held
            else Msg("{share} without", share=pct(e.baseline))
        )
        span = Msg("{lo} to {hi}", lo=f"{100 * e.delta_lo:+.1f}", hi=f"{100 * e.delta_hi:+.1f}")
        measured = Msg("{measure}: {share}", measure=esc(loc(how)), share=_share_cell(e.share))
        flag = " ✔" if e.clear else ""
        rows.append(
            f"<tr><td>{esc(component_label(e))}</td><td>{e.games}</td>"
            f"<td>{loc(measured)}</td>"
            f"<td>{esc(loc(base))}</td>"
            f"<td><b>{esc(loc(points(e.delta)))}</b> <small>({esc(loc(span))})</small>{flag}</td>"
            f"<td>{e.score_delta:+.1f}</td></tr>"
        )
    heads = (
        Msg("component"),
        Msg("games"),
        Msg("measured"),
        Msg("compared with"),
        Msg("effect"),
        Msg("score effect"),
    )
    return (
        "<table><tr>"
        + "".join(f"<th>{esc(loc(h))}</th>" for h in heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
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


def _p(text: Msg, cls: str = "") -> str:
    """A paragraph whose message holds its own markup (<b>, <code>); arguments are escaped
    by the caller."""
    return f"<p class='{cls}'>{loc(text)}</p>" if cls else f"<p>{loc(text)}</p>"


def _h(level: int, text: Msg) -> str:
    return f"<h{level}>{html.escape(loc(text))}</h{level}>"


def _img(file: str, alt: Msg) -> str:
    return f"<img src='{file}' alt='{html.escape(loc(alt), quote=True)}'>"


def render_html(a: Analysis, command: str) -> str:
    """The report page (plots are the PNG files written next to it)."""
    esc = html.escape
    opts: str = esc(", ".join(f"{k}={v}" for k, v in a.options.items()) or loc(Msg("defaults")))
    for k, v in a.varied.items():
        cycled = Msg("{option} cycled through {values}", option=k, values=", ".join(map(str, v)))
        opts = loc(Msg("{options}; {varied}", options=opts, varied=esc(loc(cycled))))
    title = esc(loc(Msg("{game}: balance report", game=a.title)))
    meta = Msg(
        "{games}, {players}, seats: {seats}; options: {options}; seeds {first}-{last}.<br>Made "
        "with <code>{command}</code>; the same command gives the same numbers.",
        games=Msg.plural("{n} game", "{n} games", a.games),
        players=Msg.plural("{n} player", "{n} players", a.players),
        seats=esc(", ".join(a.seats)),
        options=opts,
        first=a.seed,
        last=a.seed + a.games - 1,
        command=esc(command),
    )
    parts = [
        f"<!doctype html><html lang='{i18n.current()}'><head><meta charset='utf-8'>",
        f"<title>{title}</title><style>{STYLE}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p class='meta'>{loc(meta)}</p>",
        _h(2, Msg("Key findings")),
        "<ul>",
        *(f"<li>{esc(s)}</li>" for s in findings(a)),
        "</ul>",
        _p(
            Msg(
                "Every percentage comes with a <b>95% interval</b>: the range in which the true "
                "value lies, given how many games were played. When the interval of a seat or a "
                "component does not include the fair value, the difference is unlikely to be "
                "chance. The bots play the same way in every seat, so differences come from the "
                "game (turn order, components), not from the players; they show how the game "
                "behaves under these bots' play, which may differ from people's."
            ),
            "how",
        ),
        _h(2, Msg("Win rate") if a.solo else Msg("Seats and turn order")),
        _img("seats.png", Msg("win share by seat and by turn order")),
    ]
    if a.solo:
        parts.append(_p(Msg("The solo player's chance of meeting the goal, with its interval.")))
    else:
        text = Msg(
            "Left: how often each seat wins. Right: how often the player who took the first "
            "turn wins, then the second, and so on (who starts may be drawn at random, so this "
            "is where a first-player advantage shows). The dashed line is the fair share "
            "({fair}); a shared win counts as a fraction.",
            fair=pct(a.fair),
        )
        places = [Msg("{place} to play", place=ordinal(k + 1)) for k in range(a.players)]
        share = Msg("win share")
        parts.append(
            _p(text)
            + "<table><tr><th></th>"
            + "".join(f"<th>{esc(loc(place))}</th>" for place in places)
            + f"</tr><tr><td>{esc(loc(share))}</td>"
            + "".join(f"<td>{_share_cell(s)}</td>" for s in a.turn_shares)
            + "</tr></table>"
        )
    boxes = loc(
        Msg(
            "The boxes hold the middle half of each seat's final scores, the line inside is the "
            "median, the whiskers the usual range and the dots unusual games."
        )
    )
    margin = Msg(
        "The margin is how far the winner finished ahead of the best other player: many narrow "
        "margins mean close games."
    )
    parts += [
        _h(2, Msg("Scores")),
        _img("scores.png", Msg("score distributions")),
        f"<p>{boxes}" + (f" {loc(margin)}" if a.margins else "") + "</p>",
        *_categories_section(a),
        _h(2, Msg("Game length")),
        _img("lengths.png", Msg("game length")),
        _p(
            Msg(
                "Decisions per game, counting every player's. A wide spread means games can end "
                "early or drag on."
            )
        ),
        _img("length_scores.png", Msg("game length against score")),
        _p(_length_words(a)),
        _h(2, Msg("Components and options")),
    ]
    if a.effects:
        parts += _effects_section(a)
    else:
        parts.append(
            _p(
                Msg(
                    "No component or option varied between these games. Vary an option with "
                    "<code>--vary NAME</code> to compare its values."
                )
            )
        )
    parts.append("</body></html>")
    return "\n".join(parts)


def _categories_section(a: Analysis) -> list[str]:
    """Each seat's mean points in each scoring category: where each seat's score comes from."""
    if not a.categories:
        return []
    esc = html.escape
    heads = "".join(
        f"<th>{esc(seat_label(p))}<br><small>{esc(name)}</small></th>"
        for p, name in enumerate(a.seats)
    )
    rows = "".join(
        f"<tr><td>{esc(loc(label) if isinstance(label, Msg) else label)}</td>"
        + "".join(f"<td>{v:.1f}</td>" for v in means)
        + "</tr>"
        for label, means in zip(a.categories, a.category_means, strict=True)
    )
    totals = [sum(col) for col in zip(*a.category_means, strict=True)]
    total = f"<tr><th>{esc(loc(Msg('total')))}</th>" + "".join(f"<th>{v:.1f}</th>" for v in totals)
    words = Msg(
        "Each seat's mean points in each of the game's scoring categories, over all games: "
        "where the scores come from, and which part of the game one seat does better at."
    )
    return [
        _h(3, Msg("Points by category")),
        _p(words),
        f"<table><tr><th>{esc(loc(Msg('category')))}</th>{heads}</tr>{rows}{total}</tr></table>",
    ]


def _length_words(a: Analysis) -> Msg:
    """What the length-against-score plot shows, with the correlation."""
    r = length_score_correlation(a)
    if r is None:
        return Msg("Each dot is one game: its length against its mean score.")
    return Msg(
        "Each dot is one game: its length against its mean score (correlation {r}: near 0, "
        "long games score no differently; near 1, longer games score more).",
        r=f"{r:+.2f}",
    )


def _effects_section(a: Analysis) -> list[str]:
    esc = html.escape
    held = Msg(
        "A component that a player <b>holds</b> is measured on its holders: their win share "
        "minus the fair share."
    )
    shared = Msg(
        "A component that is in play <b>for everyone</b> cannot favour a seat, so it is measured "
        "on what it can change: the {measure} in games with it minus games without it. A bar to "
        "the right means more wins, to the left fewer. Testing many components at once, some "
        "would look real by chance, so the ranked components are corrected together with Holm's "
        "method: the whisker is the interval at the level Holm tests each effect at (wider than "
        "95%), and ✔ marks effects that stay clear (family-wise error 5%). The two measures are "
        "ranked separately. The score effect is the change in the mean score.",
        measure=Msg("solo win rate") if a.solo else Msg("first player's win share"),
    )
    parts = [
        _img("effects.png", Msg("effect of each component on the win share")),
        "<p class='how'>"
        + (loc(held) + " " if any(e.held for e in a.effects) else "")
        + loc(shared)
        + "</p>",
    ]
    for by_holder in (True, False):
        ranked = a.ranked(by_holder)
        if len(ranked) <= 5:
            continue
        kind = Msg("held by a player") if by_holder else Msg("shared by everyone")
        parts += [
            _h(3, Msg("Most decisive, {kind}", kind=kind)),
            _effects_table(a, ranked[:5]),
            _h(3, Msg("Least decisive, {kind}", kind=kind)),
            _effects_table(a, list(reversed(ranked[-5:]))),
        ]
    parts += [_h(3, Msg("All components")), _effects_table(a, a.effects)]
    unranked = [e for e in a.effects if not e.ranked]
    if unranked:
        listed = esc(", ".join(component_label(e) for e in unranked))
        text = Msg(
            "Not ranked (fewer than 20 games with it, or without it): {components}.",
            components=listed,
        )
        parts.append(_p(text))
    return parts


def write_report(a: Analysis, out: Path, command: str) -> Path:
    """Write `index.html`, its PNG plots and `summary.json` into `out`; return the page."""
    out.mkdir(parents=True, exist_ok=True)
    plot_seats(a, out / "seats.png")
    plot_scores(a, out / "scores.png")
    plot_lengths(a, out / "lengths.png")
    plot_length_scores(a, out / "length_scores.png")
    effects = out / "effects.png"
    if a.effects:
        plot_effects(a.effects, effects)
    elif effects.exists():
        effects.unlink()  # a stale plot from an earlier study in the same folder
    page = out / "index.html"
    page.write_text(render_html(a, command), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(a.to_dict(), indent=1) + "\n", encoding="utf-8")
    return page

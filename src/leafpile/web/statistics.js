// The end-of-game statistics panel (table page at the end, and the replay): the game's own
// tables (a column per player, words already in the reader's language from the server) and a
// small chart of each player's score over the game. Players are told apart by colour, line
// pattern and marker, so the chart reads without colour too.
import { el } from "/static/api.js";
import { svg } from "/static/board.js";
import { t, tn } from "/static/i18n.js";

// Okabe & Ito's palette (told apart with the common colour blindnesses), one dash each
const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];
const MARKS = ["circle", "square", "diamond", "triangle", "cross"];
const W = 320;
const H = 150;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };

function marker(kind, x, y, colour) {
  const r = 3.5;
  if (kind === "circle") return svg("circle", { cx: x, cy: y, r, fill: colour });
  if (kind === "square")
    return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour });
  if (kind === "diamond")
    return svg("path", {
      d: `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`,
      fill: colour,
    });
  if (kind === "triangle")
    return svg("path", { d: `M${x},${y - r}L${x + r},${y + r}L${x - r},${y + r}Z`, fill: colour });
  return svg("path", {
    d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`,
    stroke: colour,
    "stroke-width": 2,
  });
}

/** Each player's score over the game as an SVG line chart with its legend. */
export function scoreChart(curve, names) {
  const players = curve.length ? curve[0].length : 0;
  const top = Math.max(1, ...curve.flat());
  const low = Math.min(0, ...curve.flat());
  const last = Math.max(1, curve.length - 1);
  const x = (i) => PAD.left + ((W - PAD.left - PAD.right) * i) / last;
  const y = (v) => PAD.top + ((H - PAD.top - PAD.bottom) * (top - v)) / (top - low || 1);
  const lines = [];
  for (let p = 0; p < players; p++) {
    const colour = COLOURS[p % COLOURS.length];
    const points = curve.map((point, i) => `${x(i).toFixed(1)},${y(point[p]).toFixed(1)}`);
    lines.push(
      svg(
        "g",
        { class: "series", "data-seat": p },
        svg("title", {}, names[p]),
        svg("polyline", {
          points: points.join(" "),
          fill: "none",
          stroke: colour,
          "stroke-width": 2,
          "stroke-dasharray": DASHES[p % DASHES.length] || null,
        }),
        marker(MARKS[p % MARKS.length], x(last), y(curve[last][p]), colour),
      ),
    );
  }
  const chart = svg(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: "score-chart",
      role: "img",
      "aria-label": t("Each player's score over the game"),
    },
    svg("line", { x1: PAD.left, y1: y(low), x2: W - PAD.right, y2: y(low), class: "axis" }),
    svg("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y(low), class: "axis" }),
    svg("text", { x: PAD.left - 4, y: PAD.top + 4, "text-anchor": "end", class: "tick" }, top),
    svg("text", { x: PAD.left - 4, y: y(low), "text-anchor": "end", class: "tick" }, low),
    svg(
      "text",
      { x: W - PAD.right, y: H - 6, "text-anchor": "end", class: "tick" },
      tn("{n} move", "{n} moves", last),
    ),
    lines,
  );
  const legend = el(
    "ul",
    { class: "chart-legend" },
    names.slice(0, players).map((name, p) =>
      el(
        "li",
        {},
        svg(
          "svg",
          { viewBox: "0 0 30 10", width: 30, height: 10, "aria-hidden": "true" },
          svg("line", {
            x1: 0,
            y1: 5,
            x2: 22,
            y2: 5,
            stroke: COLOURS[p % COLOURS.length],
            "stroke-width": 2,
            "stroke-dasharray": DASHES[p % DASHES.length] || null,
          }),
          marker(MARKS[p % MARKS.length], 25, 5, COLOURS[p % COLOURS.length]),
        ),
        " ",
        name,
      ),
    ),
  );
  return el("figure", { class: "chart" }, chart, legend);
}

/** Draw a game's statistics (the server's answer) into `root`; `seatName(i)` names player i. */
export function drawStatistics(root, stats, seatName) {
  const players = stats.curve.length ? stats.curve[0].length : 0;
  const names = Array.from({ length: players }, (_, i) => seatName(i));
  const tables = stats.tables.map((table) =>
    el(
      "table",
      { class: "stats-table" },
      el("caption", {}, table.title),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, ""),
          names.map((n) => el("th", {}, n)),
        ),
      ),
      el(
        "tbody",
        {},
        table.rows.map((row) =>
          el(
            "tr",
            {},
            el("th", { scope: "row" }, row.label),
            row.cells.map((c) => el("td", {}, String(c))),
          ),
        ),
      ),
    ),
  );
  root.replaceChildren(
    el("h3", {}, t("Statistics")),
    scoreChart(stats.curve, names),
    el("div", { class: "stats-tables" }, tables),
  );
  root.hidden = false;
}

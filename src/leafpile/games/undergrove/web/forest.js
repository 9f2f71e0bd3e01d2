// Undergrove's forest as SVG: square mushroom tiles with scalloped corners (name, activation
// symbol, cost, the carbon on them, pine cones), seedlings, trees and place-holders on the
// corners, roots as short strokes from a corner into a tile, and the empty mushroom slots.
// Targets (what the player may click now) are drawn on top by the renderer with `target*`.
import { t } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { PLAYER_COLOURS, TOKEN_COLOURS } from "./colours.js";

export const S = 100; // one tile, in SVG units
const SCALLOP = 13; // radius of the corner cut-outs where pieces stand
const ROOT_LEN = 31; // a root's length from its corner into the tile
// a tile's name, in SVG units: the renderer never draws a tile under MIN_CELL pixels, so a name
// is never smaller than NAME_SIZE * MIN_CELL / S pixels (11 or more, legible on a phone)
export const NAME_SIZE = 10.5;
export const MIN_CELL = 106;
export { PLAYER_COLOURS, TOKEN_COLOURS };
export const PLAYER_INK = ["#4a2206", "#2a1050", "#4d0f0f", "#3b3b3b"];
export const TOKEN_GLYPHS = { b: "◆", p: "✿", g: "♣", y: "☀" };
const CORNERS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
]; // root slots TL, TR, BL, BR

/** A tile's outline: a square with concave quarter circles cut at its four corners. */
function tilePath(inset = 2.5) {
  const a = inset;
  const b = S - inset;
  const r = SCALLOP - inset;
  return [
    `M ${a + r} ${a}`,
    `L ${b - r} ${a}`,
    `A ${r} ${r} 0 0 0 ${b} ${a + r}`,
    `L ${b} ${b - r}`,
    `A ${r} ${r} 0 0 0 ${b - r} ${b}`,
    `L ${a + r} ${b}`,
    `A ${r} ${r} 0 0 0 ${a} ${b - r}`,
    `L ${a} ${a + r}`,
    `A ${r} ${r} 0 0 0 ${a + r} ${a}`,
    "Z",
  ].join(" ");
}
const TILE_PATH = tilePath();

/** Split a name into at most two lines of about `width` characters. */
export function nameLines(name, width = 15) {
  const words = name.split(" ");
  if (name.length <= width || words.length === 1) return [name];
  let best = null;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const score = Math.max(a.length, b.length);
    if (!best || score < best.score) best = { score, lines: [a, b] };
  }
  return best.lines;
}

export function tokenBadge(letter, x, y, r = 8) {
  if (!letter) {
    return svg(
      "g",
      { class: "ug-token-badge none" },
      svg("circle", { cx: x, cy: y, r, fill: "#8b6b3e", stroke: "#3b2a1a", "stroke-width": 1 }),
      svg(
        "text",
        { x, y: y + 3.4, "text-anchor": "middle", "font-size": r * 1.1, fill: "#fff" },
        "★",
      ),
    );
  }
  return svg(
    "g",
    { class: `ug-token-badge ${letter}` },
    svg("circle", {
      cx: x,
      cy: y,
      r,
      fill: TOKEN_COLOURS[letter],
      stroke: "#2d2418",
      "stroke-width": 1,
    }),
    svg(
      "text",
      { x, y: y + r * 0.42, "text-anchor": "middle", "font-size": r * 1.2, fill: "#fff" },
      TOKEN_GLYPHS[letter],
    ),
  );
}

function pineCone(x, y) {
  // a small pine cone: an oval of scales
  return svg(
    "g",
    { transform: `translate(${x},${y})` },
    svg("ellipse", {
      cx: 0,
      cy: 0,
      rx: 4.2,
      ry: 6,
      fill: "#f6f1e6",
      stroke: "#5b4426",
      "stroke-width": 1,
    }),
    svg("path", {
      d: "M-3.5,-2 L3.5,-2 M-4,1.5 L4,1.5 M0,-6 L0,6",
      stroke: "#5b4426",
      "stroke-width": 0.7,
    }),
  );
}

function carbonDots(n, cx, cy, r = 5) {
  const g = svg("g", { class: "ug-carbon" });
  if (n <= 0) return g;
  if (n > 5) {
    g.append(
      svg("circle", { cx: cx - 10, cy, r, fill: "#1d1d1d", stroke: "#fff", "stroke-width": 1 }),
      svg(
        "text",
        { x: cx - 2, y: cy + 4, "font-size": 12, "font-weight": 700, fill: "#1d1d1d" },
        `× ${n}`,
      ),
    );
    return g;
  }
  const shown = n;
  const gap = r * 2.4;
  const x0 = cx - ((shown - 1) * gap) / 2;
  for (let i = 0; i < shown; i++)
    g.append(
      svg("circle", {
        cx: x0 + i * gap,
        cy,
        r,
        fill: "#1d1d1d",
        stroke: "#fff",
        "stroke-width": 1,
      }),
    );
  return g;
}

/** One placed tile: `info` is the extras' card (name, token, costs, pine cones now). */
export function tileGroup(id, x, y, carbon, stored, info, extra = {}) {
  const g = svg("g", {
    class: "ug-tile",
    transform: `translate(${x * S},${y * S})`,
    "data-tile": id,
    ...extra,
  });
  const earth = id === 1;
  g.append(
    svg("path", {
      d: TILE_PATH,
      class: "ug-tile-bg",
      fill: earth ? "#e9dcb8" : "#f6eedb",
      stroke: "#5b4426",
      "stroke-width": 1.6,
    }),
  );
  if (!info) return g;
  g.append(tokenBadge(info.token, S / 2, 13));
  const lines = nameLines(info.name);
  lines.forEach((line, i) =>
    g.append(
      svg(
        "text",
        {
          x: S / 2,
          y: (lines.length === 1 ? 38 : 34) + i * 11,
          "text-anchor": "middle",
          class: "ug-tile-name",
          "font-size": NAME_SIZE,
          // a long line is narrowed to the tile's width rather than set smaller
          ...(line.length > 15 ? { textLength: 90, lengthAdjust: "spacingAndGlyphs" } : {}),
        },
        line,
      ),
    ),
  );
  // the cost: carbon onto the tile and nutrients of choice
  const cost = [];
  if (info.ongoing) cost.push(t("ongoing"));
  else {
    if (info.carbon_cost) cost.push(`${info.carbon_cost} C`);
    if (info.any_cost) cost.push(`${info.any_cost} N/P/K`);
    if (!cost.length) cost.push(info.token ? t("only the token") : t("no cost"));
  }
  g.append(
    svg(
      "text",
      { x: S / 2, y: 58, "text-anchor": "middle", class: "ug-tile-cost", "font-size": 9 },
      cost.join(" + "),
    ),
  );
  g.append(carbonDots(carbon, S / 2, 72));
  if (stored)
    g.append(
      svg(
        "text",
        { x: S / 2, y: 80, "text-anchor": "middle", "font-size": 8, class: "ug-stored" },
        t("{n} stored", { n: stored }),
      ),
    );
  g.append(pineCone(S / 2 - 8, 88));
  g.append(
    svg(
      "text",
      { x: S / 2, y: 92.5, class: "ug-vp", "font-size": 13, "font-weight": 700 },
      info.vp === null || info.vp === undefined ? "?" : String(info.vp),
    ),
  );
  g.append(svg("title", {}, tileTitle(info, carbon, stored)));
  return g;
}

export function tileTitle(info, carbon, stored) {
  const parts = [
    info.name,
    `${t("Cost")}: ${info.cost}`,
    info.effect,
    `${t("Pine cones")}: ${info.vp ?? "?"} (${info.vp_text})`,
  ];
  if (carbon) parts.push(t("Carbon on it: {n}", { n: carbon }));
  if (stored) parts.push(t("Stored on it: {n}", { n: stored }));
  for (const f of info.flags || []) parts.push(f);
  return parts.join("\n");
}

export function cornerPoint(cx, cy) {
  return [cx * S, cy * S];
}

/** A root of `player` from corner `slot` of the tile at (x, y) into the tile. */
export function rootPath(x, y, slot) {
  const [dx, dy] = CORNERS[slot];
  const px = (x + dx) * S;
  const py = (y + dy) * S;
  const ux = dx ? -1 : 1;
  const uy = dy ? -1 : 1;
  const d = ROOT_LEN / Math.SQRT2;
  return { x1: px + ux * 8, y1: py + uy * 8, x2: px + ux * d, y2: py + uy * d };
}

export function rootGroup(x, y, slot, player, extra = {}) {
  const p = rootPath(x, y, slot);
  return svg(
    "g",
    { class: "ug-root", ...extra },
    svg("line", {
      ...p,
      stroke: PLAYER_INK[player],
      "stroke-width": 7.5,
      "stroke-linecap": "round",
    }),
    svg("line", {
      ...p,
      stroke: PLAYER_COLOURS[player],
      "stroke-width": 4.5,
      "stroke-linecap": "round",
    }),
  );
}

/** A seedling (a ring holding its carbon), a tree (a pine) or a neutral place-holder. */
export function pieceGroup(cx, cy, code, carbon, extra = {}) {
  const [px, py] = cornerPoint(cx, cy);
  const g = svg("g", { class: "ug-piece", transform: `translate(${px},${py})`, ...extra });
  if (code === 8) {
    g.classList.add("blocker");
    g.append(
      svg("rect", {
        x: -8,
        y: -8,
        width: 16,
        height: 16,
        rx: 3,
        fill: "#8d8374",
        stroke: "#3b3329",
        "stroke-width": 1.2,
      }),
      svg("path", { d: "M-4,-4 L4,4 M4,-4 L-4,4", stroke: "#fff", "stroke-width": 2 }),
    );
    return g;
  }
  const player = code % 4;
  const fill = PLAYER_COLOURS[player];
  const ink = PLAYER_INK[player];
  if (code >= 4) {
    g.classList.add("tree");
    g.append(
      svg("rect", {
        x: -2.5,
        y: 6,
        width: 5,
        height: 7,
        fill: "#6b4a2b",
        stroke: ink,
        "stroke-width": 1,
      }),
      svg("path", {
        d: "M0,-19 L10,-5 L6,-5 L14,8 L-14,8 L-6,-5 L-10,-5 Z",
        fill,
        stroke: ink,
        "stroke-width": 1.8,
        "stroke-linejoin": "round",
      }),
    );
    return g;
  }
  g.classList.add("seedling");
  g.append(
    svg("circle", { r: 11.5, fill: "#fffdf6", stroke: fill, "stroke-width": 5 }),
    svg("circle", { r: 14, fill: "none", stroke: ink, "stroke-width": 1.2 }),
  );
  const spots = {
    1: [[0, 0]],
    2: [
      [-3.4, 0],
      [3.4, 0],
    ],
    3: [
      [-3.4, 2.2],
      [3.4, 2.2],
      [0, -3.4],
    ],
    4: [
      [-3.3, -3.3],
      [3.3, -3.3],
      [-3.3, 3.3],
      [3.3, 3.3],
    ],
  };
  for (const [dx, dy] of spots[Math.min(carbon, 4)] || [])
    g.append(svg("circle", { cx: dx, cy: dy, r: 2.7, fill: "#1d1d1d" }));
  return g;
}

export function emptySlot(x, y) {
  return svg("rect", {
    class: "ug-slot",
    x: x * S + 8,
    y: y * S + 8,
    width: S - 16,
    height: S - 16,
    rx: 8,
  });
}

/** Rulers with the corner coordinates the log uses ("the seedling at 2,1"). */
export function rulers(x0, y0, x1, y1) {
  const g = svg("g", { class: "ug-rulers" });
  for (let x = Math.ceil(x0); x <= Math.floor(x1); x++)
    g.append(svg("text", { x: x * S, y: y0 * S + 11, "text-anchor": "middle" }, String(x)));
  for (let y = Math.ceil(y0); y <= Math.floor(y1); y++)
    g.append(svg("text", { x: x0 * S + 4, y: y * S + 4 }, String(y)));
  return g;
}

export function defs() {
  return svg(
    "defs",
    {},
    svg(
      "filter",
      { id: "ug-shadow", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      svg("feDropShadow", { dx: 1, dy: 1.6, stdDeviation: 1.6, "flood-opacity": 0.45 }),
    ),
    svg(
      "marker",
      {
        id: "ug-arrow",
        viewBox: "0 0 10 10",
        refX: 8,
        refY: 5,
        markerWidth: 5,
        markerHeight: 5,
        orient: "auto-start-reverse",
      },
      svg("path", {
        d: "M0,0 L10,5 L0,10 Z",
        fill: "#ffe14d",
        stroke: "#3b2a1a",
        "stroke-width": 1,
      }),
    ),
  );
}

/** Small inline icons for the HTML panels (seedling, tree, root, tile, pine cone). */
export function icon(name, colour = "#5b4426") {
  const box = svg("svg", {
    class: `ug-icon ug-icon-${name}`,
    viewBox: "-10 -10 20 20",
    width: 16,
    height: 16,
    "aria-hidden": "true",
  });
  if (name === "seedling")
    box.append(svg("circle", { r: 6, fill: "#fffdf6", stroke: colour, "stroke-width": 3.5 }));
  else if (name === "tree")
    box.append(
      svg("path", {
        d: "M0,-9 L6,-1 L3,-1 L8,6 L-8,6 L-3,-1 L-6,-1 Z",
        fill: colour,
        stroke: "#2d2418",
        "stroke-width": 1,
      }),
    );
  else if (name === "root")
    box.append(
      svg("line", {
        x1: -7,
        y1: -7,
        x2: 6,
        y2: 6,
        stroke: colour,
        "stroke-width": 4,
        "stroke-linecap": "round",
      }),
    );
  else if (name === "tile")
    box.append(
      svg("rect", {
        x: -7,
        y: -7,
        width: 14,
        height: 14,
        rx: 2,
        fill: "#f6eedb",
        stroke: "#5b4426",
        "stroke-width": 1.5,
      }),
    );
  else if (name === "cone") box.append(pineCone(0, 0));
  return box;
}

// Under the Leaves' pieces: each terrain's mark, the figures' symbols, one space, one tile of
// 2 x 2 spaces and a tile's picture, drawn to scale (one space is one unit). Pure drawing.
import { t } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { TERRAIN } from "./colours.js";

// Each terrain's mark, drawn over its colour twice per space, so that sectors read for every
// player, in grayscale too: crosses, stripes, zigzags, diamonds, grass tufts, ripples.
const MARK = {
  pink: "M0.25,0.14 v0.22 M0.14,0.25 h0.22",
  yellow: "M0,0.5 L0.5,0 M-0.1,0.1 L0.1,-0.1 M0.4,0.6 L0.6,0.4",
  orange: "M0,0.32 l0.125,-0.14 l0.125,0.14 l0.125,-0.14 l0.125,0.14",
  purple: "M0.25,0.12 l0.13,0.13 l-0.13,0.13 l-0.13,-0.13 Z",
  green: "M0.25,0.38 l-0.08,-0.2 M0.25,0.38 v-0.24 M0.25,0.38 l0.08,-0.2",
  puddle: "M0.02,0.27 q0.115,-0.09 0.23,0 t0.23,0",
};
const FAMILY_FILL = ["#2e7d32", "#9a4a1c", "#1f5fb0"];
const OFFSETS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
]; // TL, TR, BL, BR

export function colourWord(kind) {
  return (
    {
      pink: t("pink"),
      yellow: t("yellow"),
      orange: t("orange"),
      purple: t("purple"),
      green: t("green"),
      puddle: t("puddle"),
    }[kind] || kind
  );
}

/** An orientation in words (o: quarter turns, +4 when flipped). */
export function orientationWords(o) {
  const deg = 90 * (o % 4);
  if (o >= 4) return deg ? t("turned {deg}° and flipped", { deg }) : t("flipped");
  return deg ? t("turned {deg}°", { deg }) : t("as printed");
}

export function defs() {
  const marks = Object.entries(MARK).map(([kind, d]) =>
    svg(
      "pattern",
      { id: `utl-mark-${kind}`, width: 0.5, height: 0.5, patternUnits: "userSpaceOnUse" },
      svg("path", {
        d,
        fill: "none",
        stroke: kind === "puddle" ? "#f2faff" : "#3b2a1a",
        "stroke-width": 0.045,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
        opacity: kind === "puddle" ? 0.95 : 0.5,
      }),
    ),
  );
  return svg(
    "defs",
    {},
    ...marks,
    svg(
      "pattern",
      { id: "utl-pollen", width: 0.25, height: 0.25, patternUnits: "userSpaceOnUse" },
      svg("circle", { cx: 0.125, cy: 0.125, r: 0.028, fill: "#fff", opacity: 0.75 }),
    ),
    svg(
      "symbol",
      { id: "utl-mushroom", viewBox: "-10 -10 20 20" },
      svg("path", {
        d: "M-3,1 L-2.4,8 Q0,9.4 2.4,8 L3,1 Z",
        fill: "#f6ead2",
        stroke: "#6b4a2b",
        "stroke-width": 1,
      }),
      svg("path", {
        d: "M-9,2 Q-9,-8 0,-8 Q9,-8 9,2 Z",
        fill: "#c8382c",
        stroke: "#5a1d14",
        "stroke-width": 1.1,
      }),
      svg("circle", { cx: -4, cy: -3, r: 1.6, fill: "#fff" }),
      svg("circle", { cx: 2.5, cy: -5, r: 1.3, fill: "#fff" }),
      svg("circle", { cx: 4.5, cy: -0.5, r: 1.2, fill: "#fff" }),
    ),
    svg(
      "symbol",
      { id: "utl-bee", viewBox: "-10 -10 20 20" },
      svg("circle", { r: 9.2, fill: "#fff3b0", stroke: "#222", "stroke-width": 1.3 }),
      svg("ellipse", {
        cx: -2,
        cy: -4,
        rx: 3.2,
        ry: 2.4,
        fill: "#fff",
        stroke: "#333",
        "stroke-width": 0.7,
      }),
      svg("ellipse", {
        cx: 2.2,
        cy: -4.2,
        rx: 3.2,
        ry: 2.4,
        fill: "#fff",
        stroke: "#333",
        "stroke-width": 0.7,
      }),
      svg("ellipse", {
        cx: 0,
        cy: 1.5,
        rx: 6,
        ry: 4.2,
        fill: "#f5b800",
        stroke: "#222",
        "stroke-width": 1,
      }),
      svg("path", {
        d: "M-2.5,-2.3 L-2.5,5.3 M1,-2.6 L1,5.6 M4.2,-1.3 L4.2,4.3",
        stroke: "#222",
        "stroke-width": 1.7,
      }),
    ),
    svg(
      "symbol",
      { id: "utl-bird", viewBox: "-10 -10 20 20" },
      svg("circle", { r: 9.2, fill: "#fff", stroke: "#0b6b5f", "stroke-width": 1.3 }),
      svg("path", { d: "M-5,3 L-8.5,6.5 L-5.5,6.8 L-3,4.2 Z", fill: "#0b6b5f" }),
      svg("ellipse", {
        cx: -1,
        cy: 1.8,
        rx: 5,
        ry: 2.7,
        fill: "#12a383",
        transform: "rotate(-25 -1 1.8)",
      }),
      svg("path", { d: "M-1.5,-0.5 C-4,-7.5 1,-9 4,-7.5 C2,-5.5 1,-3 0.8,0 Z", fill: "#0d8a73" }),
      svg("circle", { cx: 3.6, cy: -1.2, r: 2.2, fill: "#12a383" }),
      svg("circle", { cx: 3.9, cy: 0.3, r: 1.1, fill: "#e0245e" }),
      svg("path", {
        d: "M5.5,-1.6 L9.2,-2.9",
        stroke: "#222",
        "stroke-width": 0.9,
        "stroke-linecap": "round",
      }),
      svg("circle", { cx: 4.2, cy: -1.8, r: 0.55, fill: "#000" }),
    ),
    svg(
      "symbol",
      { id: "utl-tree", viewBox: "-10 -10 20 20" },
      svg("rect", { x: -1.6, y: 2, width: 3.2, height: 7.5, fill: "#7a4a22" }),
      svg("circle", {
        cx: 0,
        cy: -3,
        r: 6.5,
        fill: "#3f8a2e",
        stroke: "#23531a",
        "stroke-width": 1,
      }),
      svg("circle", { cx: -3, cy: -1, r: 1.2, fill: "#c8382c" }),
      svg("circle", { cx: 2.5, cy: -5, r: 1.2, fill: "#c8382c" }),
    ),
    svg(
      "symbol",
      { id: "utl-fam-0", viewBox: "-10 -10 20 20" },
      svg("circle", { r: 9, fill: FAMILY_FILL[0], stroke: "#fff", "stroke-width": 1.6 }),
      svg("path", {
        d: "M0,-6 C5,-3 5,3 0,6 C-5,3 -5,-3 0,-6 Z M0,-5 L0,7",
        fill: "#d9f2c4",
        stroke: "#1b4d1e",
        "stroke-width": 0.8,
      }),
    ),
    svg(
      "symbol",
      { id: "utl-fam-1", viewBox: "-10 -10 20 20" },
      svg("circle", { r: 9, fill: FAMILY_FILL[1], stroke: "#fff", "stroke-width": 1.6 }),
      svg("path", {
        d: "M-6,0 Q-6,-6 0,-6 Q6,-6 6,0 Z M-2,0 L-2,5 L2,5 L2,0",
        fill: "#ffe1c2",
        stroke: "#4a2008",
        "stroke-width": 0.8,
      }),
    ),
    svg(
      "symbol",
      { id: "utl-fam-2", viewBox: "-10 -10 20 20" },
      svg("circle", { r: 9, fill: FAMILY_FILL[2], stroke: "#fff", "stroke-width": 1.6 }),
      svg("path", {
        d: "M0,-6.5 C3,-2 5,1 5,3 A5,5 0 0 1 -5,3 C-5,1 -3,-2 0,-6.5 Z",
        fill: "#cfe8ff",
        stroke: "#0c2f5c",
        "stroke-width": 0.8,
      }),
    ),
  );
}

/** A small standalone icon (for the panels and the legend). */
export function icon(id, cls = "utl-icon") {
  return svg(
    "svg",
    { class: cls, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    svg("use", { href: `#${id}`, x: -10, y: -10, width: 20, height: 20 }),
  );
}

/** One space: its colour and its terrain's mark, a mushroom when it has one. */
export function spaceShape(x, y, label, extra = {}) {
  const kind = label.replace("*", "");
  const g = svg("g", { class: "utl-space", ...extra });
  g.append(svg("rect", { x, y, width: 1, height: 1, fill: TERRAIN[kind] || "#ccc" }));
  if (MARK[kind])
    g.append(svg("rect", { x, y, width: 1, height: 1, fill: `url(#utl-mark-${kind})` }));
  if (label.endsWith("*"))
    g.append(
      svg("use", { href: "#utl-mushroom", x: x + 0.52, y: y + 0.5, width: 0.46, height: 0.46 }),
    );
  return g;
}

/** A terrain's colour and mark as a small square, for the sector chips and the legend. */
export function swatch(kind) {
  return svg(
    "svg",
    { class: "utl-swatch", viewBox: "0 0 1 1", "aria-hidden": "true" },
    svg("rect", { width: 1, height: 1, fill: TERRAIN[kind] || "#ccc" }),
    svg("rect", { width: 1, height: 1, fill: `url(#utl-mark-${kind})` }),
  );
}

/** A whole tile (for the market, the hand and the ghost): four spaces, 2 x 2, framed. */
export function tileShape(faces, x0, y0, extra = {}) {
  const g = svg("g", { class: "utl-tile", ...extra });
  OFFSETS.forEach(([dx, dy], i) => g.append(spaceShape(x0 + dx, y0 + dy, faces[i])));
  g.append(
    svg("path", {
      d: `M${x0 + 1},${y0} v2 M${x0},${y0 + 1} h2`,
      stroke: "#0003",
      "stroke-width": 0.03,
    }),
  );
  g.append(
    svg("rect", {
      x: x0,
      y: y0,
      width: 2,
      height: 2,
      fill: "none",
      stroke: "#3b2a1a",
      "stroke-width": 0.07,
      rx: 0.08,
    }),
  );
  return g;
}

export function tilePicture(faces, cls = "utl-tile-pic") {
  return svg(
    "svg",
    { class: cls, viewBox: "-0.1 -0.1 2.2 2.2", "aria-hidden": "true" },
    defs(),
    tileShape(faces, 0, 0),
  );
}

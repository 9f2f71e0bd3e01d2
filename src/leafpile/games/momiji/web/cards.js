// Momiji's leaf cards drawn as cards (their type's colour, leaf and name, the value in both
// top corners, acorns in the bottom corners), card backs, the acorn and torii icons, and the
// symbols they use. Pure drawing: `r` is what the renderer knows (see renderer.js).
import { svg } from "/static/board.js";
import { TYPES } from "./colours.js";

/** A leaf card as an SVG picture (63 x 88, a card's proportions). `opts.follow` are the
 *  attributes by which board.js followMoves sees the card move (its key, where it is). */
export function cardSvg(r, kind, opts = {}) {
  const { typeName, style, kindInfo, cardWords } = r;
  const k = kindInfo(kind);
  if (!k) return backSvg(r);
  const st = style(k.type);
  const s = svg(
    "svg",
    {
      class: `mj-card${opts.cls ? " " + opts.cls : ""}`,
      viewBox: "0 0 63 88",
      role: "img",
      "aria-label": cardWords(kind),
      "data-kind": kind,
      ...(opts.follow || {}),
    },
    svg("title", {}, cardWords(kind)),
    svg("rect", {
      x: 0.6,
      y: 0.6,
      width: 61.8,
      height: 86.8,
      rx: 5,
      fill: "#fffaf0",
      stroke: "#3b2a1a",
      "stroke-width": 1.1,
    }),
    svg("rect", {
      x: 3.6,
      y: 3.6,
      width: 55.8,
      height: 80.8,
      rx: 3.4,
      fill: st.tint,
      stroke: st.fill,
      "stroke-width": 1,
    }),
    svg("use", {
      href: `#mj-leaf-${st.leaf}`,
      x: 9.5,
      y: 22,
      width: 44,
      height: 44,
      color: st.fill,
    }),
  );
  for (const x of [12.5, 50.5]) {
    s.append(
      svg("circle", {
        cx: x,
        cy: 13,
        r: 8.4,
        fill: "#fff",
        stroke: st.fill,
        "stroke-width": 1.4,
      }),
      svg("text", { x, y: 17.4, class: "mj-card-value", fill: st.dark }, String(k.value)),
    );
  }
  const name = typeName(k.type);
  // a long name (коричневый) is squeezed to fit between the acorn corners
  s.append(
    svg(
      "text",
      {
        x: 31.5,
        y: 80.5,
        class: "mj-card-name",
        fill: st.dark,
        textLength: name.length > 7 ? 33 : null,
        lengthAdjust: "spacingAndGlyphs",
      },
      name,
    ),
  );
  if (k.left)
    s.append(
      svg("circle", {
        cx: 11,
        cy: 76,
        r: 7.2,
        fill: "#fff7e6",
        stroke: "#6b4219",
        "stroke-width": 0.8,
      }),
      svg("use", {
        href: "#mj-acorn",
        x: 4.6,
        y: 69.6,
        width: 12.8,
        height: 12.8,
        class: "mj-acorn-left",
      }),
    );
  if (k.right)
    s.append(
      svg("circle", {
        cx: 52,
        cy: 76,
        r: 7.2,
        fill: "#fff7e6",
        stroke: "#6b4219",
        "stroke-width": 0.8,
      }),
      svg("use", {
        href: "#mj-acorn",
        x: 45.6,
        y: 69.6,
        width: 12.8,
        height: 12.8,
        class: "mj-acorn-right",
      }),
    );
  if (opts.torii)
    s.append(
      svg("use", { href: "#mj-torii", x: 11.5, y: 26, width: 40, height: 40, class: "mj-torii" }),
    );
  if (opts.number) {
    s.append(
      svg("circle", {
        cx: 31.5,
        cy: 13,
        r: 7.4,
        fill: "#1f5fb0",
        stroke: "#fff",
        "stroke-width": 1.2,
      }),
      svg("text", { x: 31.5, y: 16.6, class: "mj-card-order" }, String(opts.number)),
    );
  }
  return s;
}

export function backSvg(r, cls = "") {
  return svg(
    "svg",
    {
      class: `mj-card mj-back${cls ? " " + cls : ""}`,
      viewBox: "0 0 63 88",
      "aria-hidden": "true",
    },
    svg("rect", {
      x: 0.6,
      y: 0.6,
      width: 61.8,
      height: 86.8,
      rx: 5,
      fill: "url(#mj-back)",
      stroke: "#3b2a1a",
      "stroke-width": 1.1,
    }),
    svg("rect", {
      x: 6,
      y: 6,
      width: 51,
      height: 76,
      rx: 3,
      fill: "none",
      stroke: "#e8b83a88",
      "stroke-width": 1,
    }),
  );
}

export function acornIcon(r, cls = "mj-icon") {
  return svg(
    "svg",
    { class: cls, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    svg("use", { href: "#mj-acorn", x: -10, y: -10, width: 20, height: 20 }),
  );
}

export function toriiIcon(r, cls = "mj-icon") {
  return svg(
    "svg",
    { class: cls, viewBox: "-12 -12 24 24", "aria-hidden": "true" },
    svg("use", { href: "#mj-torii", x: -12, y: -12, width: 24, height: 24 }),
  );
}

export const STYLE = {
  G: { fill: TYPES.G, tint: "#e6f0da", dark: "#2c5419", leaf: "oval" },
  Y: { fill: TYPES.Y, tint: "#fbf0c9", dark: "#7c5c06", leaf: "ginkgo" },
  O: { fill: TYPES.O, tint: "#fbe2cc", dark: "#8a3f0b", leaf: "oak" },
  R: { fill: TYPES.R, tint: "#f7d9d3", dark: "#761a12", leaf: "maple" },
  P: { fill: TYPES.P, tint: "#ebdff4", dark: "#472764", leaf: "heart" },
  B: { fill: TYPES.B, tint: "#efe1d1", dark: "#4f3118", leaf: "chestnut" },
};
export const SPARE = Object.values(TYPES);
export const LEAVES = {
  oval: "M0,-8.5 C5.2,-4.5 5.2,4 0,8 C-5.2,4 -5.2,-4.5 0,-8.5 Z",
  ginkgo:
    "M0,8 L-0.7,1.2 C-7.5,0 -8.6,-5 -6.6,-7.6 C-3.6,-5.6 -1.4,-6.2 0,-8 C1.4,-6.2 3.6,-5.6 6.6,-7.6 C8.6,-5 7.5,0 0.7,1.2 Z",
  oak: "M0,-8.4 C2.2,-8.4 3,-6.4 2,-5.3 C4.2,-5.4 5.2,-3.3 3.2,-2.1 C5.4,-1.2 5.4,1.2 3.2,2 C5.2,3 4.2,5.4 2.1,5.2 C2.2,7.2 1.2,8.2 0,8.2 C-1.2,8.2 -2.2,7.2 -2.1,5.2 C-4.2,5.4 -5.2,3 -3.2,2 C-5.4,1.2 -5.4,-1.2 -3.2,-2.1 C-5.2,-3.3 -4.2,-5.4 -2,-5.3 C-3,-6.4 -2.2,-8.4 0,-8.4 Z",
  maple:
    "M0,-8.6 L1.7,-3.8 L5.9,-5.9 L4.3,-1.3 L8.6,0 L4.5,2.1 L5.4,5.4 L1.3,3.5 L0.6,8.6 L-0.6,8.6 L-1.3,3.5 L-5.4,5.4 L-4.5,2.1 L-8.6,0 L-4.3,-1.3 L-5.9,-5.9 L-1.7,-3.8 Z",
  heart:
    "M0,7.6 C-6.4,2.2 -8.6,-3.2 -5.4,-6.4 C-3.2,-8.6 -1.1,-7.5 0,-5.4 C1.1,-7.5 3.2,-8.6 5.4,-6.4 C8.6,-3.2 6.4,2.2 0,7.6 Z",
  chestnut:
    "M0,-8.8 L1.5,-6.2 L2.7,-6.7 L2.9,-4.1 L3.9,-4.1 L3.6,-1.5 L4.5,-1 L3.7,1.5 L4.1,2.6 L2.9,4.1 L2.9,5.3 L1.2,6.1 L0,8.8 L-1.2,6.1 L-2.9,5.3 L-2.9,4.1 L-4.1,2.6 L-3.7,1.5 L-4.5,-1 L-3.6,-1.5 L-3.9,-4.1 L-2.9,-4.1 L-2.7,-6.7 L-1.5,-6.2 Z",
};
const MIDRIB = {
  oval: "M0,-6 L0,8.5",
  ginkgo: "M0,8.5 L0,1 M0,1 L-4,-5 M0,1 L4,-5 M0,1 L0,-5",
  oak: "M0,-6 L0,9",
  maple: "M0,9.5 L0,-5 M0,1 L-5,-4 M0,1 L5,-4",
  heart: "M0,7.6 L0,-4",
  chestnut: "M0,-6.5 L0,9.5",
};
export const SLOT_FILL = ["#b9cfe0", "#d9c7a3", "#a9cbb0"]; // left, centre, right of the panorama

export function defs() {
  const leaves = Object.entries(LEAVES).map(([name, d]) =>
    svg(
      "symbol",
      { id: `mj-leaf-${name}`, viewBox: "-10 -10 20 20" },
      svg("path", { d, fill: "currentColor", stroke: "#0004", "stroke-width": 0.35 }),
      svg("path", {
        d: MIDRIB[name],
        stroke: "#fff8",
        "stroke-width": 0.5,
        fill: "none",
        "stroke-linecap": "round",
      }),
    ),
  );
  return svg(
    "defs",
    {},
    ...leaves,
    svg(
      "symbol",
      { id: "mj-acorn", viewBox: "-10 -10 20 20" },
      svg("ellipse", {
        cx: 0,
        cy: 2.4,
        rx: 5,
        ry: 6,
        fill: "#c08a3e",
        stroke: "#5a3512",
        "stroke-width": 0.9,
      }),
      svg("path", {
        d: "M-6.4,-0.6 Q-6.4,-6.6 0,-6.6 Q6.4,-6.6 6.4,-0.6 Z",
        fill: "#6b4219",
        stroke: "#3e240b",
        "stroke-width": 0.9,
      }),
      svg("path", {
        d: "M-4,-3.2 L4,-3.2 M-5,-1.6 L5,-1.6",
        stroke: "#8e6131",
        "stroke-width": 0.6,
      }),
      svg("path", {
        d: "M0,-6.6 L0.8,-9.2",
        stroke: "#3e240b",
        "stroke-width": 1.3,
        "stroke-linecap": "round",
      }),
    ),
    svg(
      "symbol",
      { id: "mj-torii", viewBox: "-12 -12 24 24" },
      svg("circle", { r: 11.4, fill: "#fff7ea", stroke: "#7a1c14", "stroke-width": 1.2 }),
      svg("path", {
        d: "M-9,-5.6 Q0,-8.2 9,-5.6 L8.6,-4 Q0,-6.2 -8.6,-4 Z",
        fill: "#c0352a",
        stroke: "#5d130d",
        "stroke-width": 0.5,
      }),
      svg("rect", { x: -7, y: -2.6, width: 14, height: 1.8, fill: "#c0352a" }),
      svg("rect", { x: -5.6, y: -4.6, width: 1.9, height: 12.6, fill: "#c0352a" }),
      svg("rect", { x: 3.7, y: -4.6, width: 1.9, height: 12.6, fill: "#c0352a" }),
      svg("rect", { x: -0.8, y: -4.9, width: 1.6, height: 2.4, fill: "#5d130d" }),
    ),
    svg(
      "pattern",
      { id: "mj-back", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 12, height: 12, fill: "#7b2d1c" }),
      svg("use", { href: "#mj-leaf-maple", x: 2, y: 2, width: 8, height: 8, color: "#a5452c" }),
    ),
  );
}

// Autumn's cards drawn to scale (56 x 87 mm, four leaf spaces each) and the table's frame:
// pure drawing from the state to SVG, no interaction.
import { svg } from "/static/board.js";
import { LEAF } from "./colours.js";

export const W = 28; // one leaf space: 28 x 43.5 mm
export const H = 43.5;
const CELL_OFFSETS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
]; // TL, TR, BL, BR

/** Colours of TL, TR, BL, BR after a turn of 180 degrees (rot 1): the string reversed. */
function facesAt(faces, rot) {
  return rot ? [...faces].reverse().join("") : faces;
}

/** Where a placement's card centre is on the table, in millimetres. */
export function centre(p) {
  return { x: (p.x + 1) * W, y: (p.y + 1) * H };
}

export function leafDefs() {
  // A many-pointed red leaf and a rounded yellow one, drawn once and reused.
  const maple =
    "M0,-8 L1.6,-3.5 L5.5,-5.5 L4,-1.2 L8,0 L4.2,2 L5,5 L1.2,3.3 L0.6,8 L-0.6,8 L-1.2,3.3 L-5,5 L-4.2,2 L-8,0 L-4,-1.2 L-5.5,-5.5 L-1.6,-3.5 Z";
  const round = "M0,-8 C6,-5 6,4 0,8 C-6,4 -6,-5 0,-8 Z";
  return svg(
    "defs",
    {},
    svg(
      "symbol",
      { id: "leaf-R", viewBox: "-9 -9 18 18" },
      svg("path", { d: maple, fill: "#8e2a16", opacity: 0.55 }),
      svg("path", { d: "M0,-5 L0,8", stroke: "#6e1e0e", "stroke-width": 0.6, opacity: 0.6 }),
    ),
    svg(
      "symbol",
      { id: "leaf-Y", viewBox: "-9 -9 18 18" },
      svg("path", { d: round, fill: "#a87a12", opacity: 0.5 }),
      svg("path", { d: "M0,-7 L0,8", stroke: "#7b5a0c", "stroke-width": 0.6, opacity: 0.6 }),
    ),
    svg(
      "filter",
      { id: "card-shadow", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      svg("feDropShadow", { dx: 1, dy: 1.6, stdDeviation: 1.4, "flood-opacity": 0.5 }),
    ),
  );
}

/** One card as an SVG group: four coloured spaces with a leaf each, rounded outline. */
export function cardGroup(faces, x, y, rot, extra = {}) {
  const colours = facesAt(faces, rot);
  const g = svg("g", { class: "autumn-card", transform: `translate(${x * W},${y * H})`, ...extra });
  g.append(
    svg("rect", {
      x: 0,
      y: 0,
      width: 2 * W,
      height: 2 * H,
      rx: 3,
      fill: "#fbf3e4",
      filter: "url(#card-shadow)",
    }),
  );
  CELL_OFFSETS.forEach(([dx, dy], i) => {
    const c = colours[i];
    const m = 1.6; // card margin
    const gap = 1.2; // between the four spaces of one card
    const cw = W - m - gap / 2;
    const ch = H - m - gap / 2;
    g.append(
      svg("rect", {
        x: m + dx * (cw + gap),
        y: m + dy * (ch + gap),
        width: cw,
        height: ch,
        rx: 1.5,
        fill: LEAF[c],
        "data-colour": c,
      }),
    );
    g.append(
      svg("use", {
        href: `#leaf-${c}`,
        x: dx * W + 3,
        y: dy * H + 8,
        width: W - 6,
        height: H - 16,
      }),
    );
  });
  g.append(
    svg("rect", {
      x: 0.4,
      y: 0.4,
      width: 2 * W - 0.8,
      height: 2 * H - 0.8,
      rx: 3,
      fill: "none",
      stroke: "#3b2a1a",
      "stroke-width": 1.1,
      class: "outline",
    }),
  );
  return g;
}

/** The card shown where a placement would put it, framed as a proposal. */
export function ghostCard(faces, p) {
  const g = cardGroup(faces, p.x, p.y, p.rot, { opacity: 0.85, "data-ghost": p.action });
  g.append(
    svg("rect", {
      x: -1,
      y: -1,
      width: 2 * W + 2,
      height: 2 * H + 2,
      rx: 4,
      fill: "none",
      stroke: "#1f7a3f",
      "stroke-width": 2.2,
      "stroke-dasharray": "4 2",
    }),
  );
  return g;
}

/** What a placement would bring the seat's round score (`gain`, words already made: "+2"),
 * as a label on its card: between the card's centre and its lower edge, where no spot's dot
 * lies (they lie on those two lines). */
export function gainBadge(p, gain) {
  const width = 12 + 6.5 * gain.length;
  return svg(
    "g",
    {
      class: "gain-mark",
      transform: `translate(${p.x * W + W - width / 2},${p.y * H + 1.5 * H - 8})`,
    },
    svg("rect", { width, height: 16, rx: 8 }),
    svg("text", { x: width / 2, y: 12, "text-anchor": "middle" }, gain),
  );
}

/** The cards on the table, the last one placed marked by a thick outline and a tag naming it
 * (`lastWord`, in the reader's language: a mark that does not rely on colour). */
export function placedCards(faces, placed, lastWord = "") {
  return placed.map(([id, x, y, r], i) => {
    const last = i === placed.length - 1 && i > 0;
    const g = cardGroup(faces[id], x, y, r, {
      "data-index": i,
      "data-key": `card:${id}`, // it flies from the hand (board.js followMoves)
      "data-at": `${x},${y},${r}`,
      class: `autumn-card${last ? " last" : ""}`,
    });
    if (last && lastWord) g.append(lastTag(lastWord));
    return g;
  });
}

/** The tag on the last card placed: a dark label with its word, halfway between the card's
 * top edge and its centre (legal spots' dots lie on those two lines, never between). */
function lastTag(word) {
  const width = Math.min(2 * W - 2, 8 + 5 * word.length);
  return svg(
    "g",
    { class: "last-mark", transform: `translate(${W - width / 2},${H / 2 - 6.5})` },
    svg("rect", { width, height: 13, rx: 6.5 }),
    svg("text", { x: width / 2, y: 9.6, "text-anchor": "middle" }, word),
  );
}

/** A dot on each legal spot (its card's centre), of radius `r` (table units). */
export function spotDots(spots, r = 5) {
  return spots.map((p) => {
    const c = centre(p);
    return svg("circle", { cx: c.x, cy: c.y, r, class: "spot", "data-action": p.action });
  });
}

/** The spaces the table must show ({x0, y0, x1, y1}): every card and legal spot, and a space
 * of margin while nothing is offered (`roomy`). */
export function tableExtent(placed, spots, roomy) {
  const e = { x0: 0, y0: 0, x1: 2, y1: 2 };
  const grow = (x, y) => {
    e.x0 = Math.min(e.x0, x);
    e.y0 = Math.min(e.y0, y);
    e.x1 = Math.max(e.x1, x + 2);
    e.y1 = Math.max(e.y1, y + 2);
  };
  for (const [, x, y] of placed) grow(x, y);
  for (const p of spots) grow(p.x, p.y);
  if (roomy) {
    e.x0 -= 1;
    e.y0 -= 1;
    e.x1 += 1;
    e.y1 += 1;
  }
  return e;
}

/** Two extents together: the smallest that holds both. */
export function extentUnion(a, b) {
  return {
    x0: Math.min(a.x0, b.x0),
    y0: Math.min(a.y0, b.y0),
    x1: Math.max(a.x1, b.x1),
    y1: Math.max(a.y1, b.y1),
  };
}

/** An extent grown about its centre to at least 10 x 6 spaces: the table is never zoomed in
 * further, so cards keep a sensible size. */
export function roomFor(e) {
  const atLeast = (lo, hi, min) => {
    const extra = Math.max(0, min - (hi - lo)) / 2;
    return [lo - extra, hi + extra];
  };
  const [x0, x1] = atLeast(e.x0, e.x1, 10);
  const [y0, y1] = atLeast(e.y0, e.y1, 6);
  return { x0, y0, x1, y1 };
}

/** The view box that shows an extent, with a small margin. */
export function extentBox(e) {
  const pad = 6;
  return `${e.x0 * W - pad} ${e.y0 * H - pad} ${(e.x1 - e.x0) * W + 2 * pad} ${(e.y1 - e.y0) * H + 2 * pad}`;
}

/** The table's view box: every card and legal spot (see tableExtent, roomFor). */
export function tableBox(placed, spots, roomy) {
  return extentBox(roomFor(tableExtent(placed, spots, roomy)));
}

/** The back of a card (nothing left to place). */
export function cardBack() {
  return svg("rect", { x: 0, y: 0, width: 2 * W, height: 2 * H, rx: 3, fill: "#6b4a2b" });
}

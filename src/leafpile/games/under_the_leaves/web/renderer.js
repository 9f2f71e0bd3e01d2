// Under the Leaves in the browser: every garden drawn to scale (tiles of 2 x 2 spaces with
// their colours, puddles and mushrooms; sectors outlined, pollinated ones dotted; bees,
// hummingbirds and dweller figures on them), the market, the dweller cards in words with what
// each player has from them, Burly, and the score of every player broken down.
//
// Placing: pick a market tile, move it over your garden (it follows the pointer and snaps to
// the legal spots), turn and flip it (buttons, or R / Q / F; all 8 orientations), see what the
// placement brings, then click (or Enter, or "Place here" on a phone). Taking and placing are
// two decisions for the server: the renderer sends the take, then the placement as soon as the
// server answers. Every choice comes from `legal` and from the previews the server computed
// for the legal placements (extras.preview); the JavaScript applies no rule.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const FILL = {
  pink: "#f3a6c6",
  yellow: "#f6d44f",
  orange: "#f2953b",
  purple: "#a47ad3",
  green: "#78c257",
  puddle: "#5cb2e8",
};
const FAMILY_FILL = ["#2e7d32", "#9a4a1c", "#1f5fb0"];
const NOTATION = /^(-?\d+),(-?\d+)r(0|90|180|270)(m?)$/;
const CHOICE = /^@(-?\d+),(-?\d+)$/;
const OFFSETS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
]; // TL, TR, BL, BR

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function colourWord(kind) {
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

/** A placement notation as {x, y, o} (o: quarter turns, +4 when flipped). */
function placement(action) {
  const m = NOTATION.exec(action);
  return m
    ? { x: Number(m[1]), y: Number(m[2]), o: Number(m[3]) / 90 + (m[4] ? 4 : 0), action }
    : null;
}
function notation(x, y, o) {
  return `${x},${y}r${90 * (o % 4)}${o >= 4 ? "m" : ""}`;
}
function orientationWords(o) {
  const deg = 90 * (o % 4);
  if (o >= 4) return deg ? t("turned {deg}° and flipped", { deg }) : t("flipped");
  return deg ? t("turned {deg}°", { deg }) : t("as printed");
}

// -- drawing pieces ----------------------------------------------------------------------------
function defs() {
  return svg(
    "defs",
    {},
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
function icon(id, cls = "utl-icon") {
  return svg(
    "svg",
    { class: cls, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    svg("use", { href: `#${id}`, x: -10, y: -10, width: 20, height: 20 }),
  );
}

/** One space: its colour (a puddle with ripples), a mushroom when it has one. */
function spaceShape(x, y, label, extra = {}) {
  const kind = label.replace("*", "");
  const g = svg("g", { class: "utl-space", ...extra });
  g.append(svg("rect", { x, y, width: 1, height: 1, fill: FILL[kind] || "#ccc" }));
  if (kind === "puddle") {
    g.append(
      svg("path", {
        d: `M${x + 0.18},${y + 0.38} q0.16,-0.1 0.32,0 t0.32,0 M${x + 0.18},${y + 0.62} q0.16,-0.1 0.32,0 t0.32,0`,
        fill: "none",
        stroke: "#e4f4ff",
        "stroke-width": 0.05,
        "stroke-linecap": "round",
        opacity: 0.9,
      }),
    );
  }
  if (label.endsWith("*"))
    g.append(
      svg("use", { href: "#utl-mushroom", x: x + 0.52, y: y + 0.5, width: 0.46, height: 0.46 }),
    );
  return g;
}

/** A whole tile (for the market, the hand and the ghost): four spaces, 2 x 2, framed. */
function tileShape(faces, x0, y0, extra = {}) {
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

function tilePicture(faces, cls = "utl-tile-pic") {
  return svg(
    "svg",
    { class: cls, viewBox: "-0.1 -0.1 2.2 2.2", "aria-hidden": "true" },
    defs(),
    tileShape(faces, 0, 0),
  );
}

// -- the renderer --------------------------------------------------------------------------------
export function createRenderer(root, ctx) {
  let msg = null;
  let selected = null; // the market tile being tried (id as a string)
  let orient = 0; // 0-7
  let candidate = null; // {x, y}: the legal cell under the pointer / chosen by keys
  let lastPointer = "mouse";
  let queued = null; // a placement to send once the server has answered our take
  let hoverGroup = null; // [player, group index] under the pointer

  const task = el("p", { class: "utl-task", role: "status", "aria-live": "polite" });
  const pills = el("div", { class: "utl-pills" });
  const market = el("div", { class: "utl-market", role: "group", "aria-label": t("Market") });
  const handPic = el("div", { class: "utl-hand-pic" });
  const orientRow = el("div", {
    class: "utl-orients",
    role: "radiogroup",
    "aria-label": t("Orientation"),
  });
  const ccwButton = el(
    "button",
    { id: "utl-ccw", type: "button", title: t("Turn left (Q)"), onclick: () => turn(-1) },
    "⟲",
  );
  const cwButton = el(
    "button",
    { id: "utl-rotate", type: "button", title: t("Turn right (R)"), onclick: () => turn(1) },
    "⟳",
  );
  const flipButton = el(
    "button",
    { id: "utl-flip", type: "button", title: t("Flip (F)"), onclick: () => flip() },
    t("⇋ Flip"),
  );
  const placeButton = el(
    "button",
    { id: "utl-place", type: "button", class: "primary", onclick: () => confirm() },
    t("Place here"),
  );
  const previewBox = el("div", { class: "utl-preview", "aria-live": "polite" });
  const choiceBox = el("div", { class: "utl-choices" });
  const hand = el(
    "div",
    { class: "utl-hand" },
    handPic,
    el(
      "div",
      { class: "utl-hand-controls" },
      el("div", { class: "row" }, ccwButton, cwButton, flipButton),
      orientRow,
      previewBox,
      el("div", { class: "row" }, placeButton),
    ),
  );
  const marketPanel = el(
    "section",
    { class: "panel utl-market-panel" },
    el("div", { class: "utl-market-box" }, el("h3", {}, t("Market")), market),
    hand,
    choiceBox,
  );
  const cardsPanel = el("section", { class: "panel utl-cards-panel" });
  const gardensBox = el("div", { class: "utl-gardens" });
  const scoresPanel = el("section", { class: "panel utl-scores" });
  const wrap = el(
    "div",
    { class: "utl" },
    el("div", { class: "utl-head" }, pills, task),
    marketPanel,
    gardensBox,
    cardsPanel,
    scoresPanel,
  );
  const iconDefs = svg(
    "svg",
    { width: 0, height: 0, style: "position:absolute", "aria-hidden": "true" },
    defs(),
  );
  root.append(
    el("link", { rel: "stylesheet", href: "/games/under-the-leaves/web/under-the-leaves.css" }),
    iconDefs,
    wrap,
  );

  const coarse = () =>
    lastPointer === "touch" ||
    Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

  // -- what the state offers -------------------------------------------------------------------
  const ex = () => (msg && msg.extras) || {};
  const view = () => msg.view;
  const mine = () =>
    Boolean(
      msg &&
      !ctx.replay &&
      msg.you !== null &&
      msg.you !== undefined &&
      msg.to_move === msg.you &&
      msg.legal.length,
    );
  const phase = () => (msg ? msg.view.phase : "");
  const takes = () =>
    mine() && phase() === "take" ? msg.legal.filter((a) => /^t\d+$/.test(a)) : [];
  const choices = () =>
    mine() && phase() === "choose" ? msg.legal.filter((a) => CHOICE.test(a)) : [];
  const placingTile = () => (phase() === "place" ? String(view().taken) : selected);

  /** The legal placements of the tile being tried, from `legal` (placing) or from the server's
   * previews of each market tile (before taking; every key is a legal placement). */
  function placements() {
    if (!mine()) return [];
    if (phase() === "place") return msg.legal.map(placement).filter(Boolean);
    if (phase() === "take" && selected && ex().preview && ex().preview[selected]) {
      return Object.keys(ex().preview[selected]).map(placement).filter(Boolean);
    }
    return [];
  }
  function cells() {
    const seen = new Map();
    for (const p of placements()) if (p.o === orient) seen.set(`${p.x},${p.y}`, p);
    return [...seen.values()];
  }
  function gainOf(action) {
    const pv = ex().preview;
    const tile = placingTile();
    return pv && tile && pv[tile] ? pv[tile][action] : null;
  }

  // -- choosing, turning, placing ---------------------------------------------------------------
  function select(tile) {
    if (!takes().includes(`t${tile}`)) return;
    selected = String(tile);
    candidate = null;
    draw();
  }
  function turn(step) {
    if (!placingTile() || !mine()) return;
    // a flipped tile turns the other way in the orientation numbering (o = turns, then flip)
    const q = ((orient % 4) + (orient >= 4 ? -step : step) + 4) % 4;
    orient = q + (orient >= 4 ? 4 : 0);
    draw();
  }
  function flip() {
    if (!placingTile() || !mine()) return;
    orient = orient >= 4 ? orient - 4 : orient + 4;
    draw();
  }
  function setOrient(o) {
    orient = o;
    draw();
  }
  function confirm() {
    if (!candidate || !mine() || document.body.classList.contains("waiting")) return;
    const action = notation(candidate.x, candidate.y, orient);
    if (phase() === "place") {
      if (msg.legal.includes(action)) ctx.act(action);
    } else if (phase() === "take" && selected && gainOf(action)) {
      queued = { take: `t${selected}`, place: action };
      wrap.dataset.busy = "1";
      ctx.act(queued.take);
    }
  }
  function choose(action) {
    if (choices().includes(action)) ctx.act(action);
  }

  /** Keyboard: arrows move the tile between legal spots, R / Q turn, F flips, Enter places;
   * 1-3 pick a market tile. */
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function step([dx, dy]) {
    const spots = cells();
    if (!spots.length) return;
    lastPointer = "key";
    if (!candidate) {
      candidate = spots[0];
      draw();
      return;
    }
    let best = null;
    let bestD = Infinity;
    for (const p of spots) {
      const along = (p.x - candidate.x) * dx + (p.y - candidate.y) * dy;
      if (along <= 0) continue;
      const across = Math.abs((p.x - candidate.x) * dy) + Math.abs((p.y - candidate.y) * dx);
      const d = along + 2 * across;
      if (d < bestD) {
        best = p;
        bestD = d;
      }
    }
    if (best) {
      candidate = best;
      draw();
    }
  }
  document.addEventListener("keydown", (e) => {
    if (
      e.target.closest?.("input, select, textarea") ||
      !mine() ||
      e.ctrlKey ||
      e.metaKey ||
      e.altKey
    )
      return;
    const k = e.key;
    const tk = takes();
    if (/^[1-3]$/.test(k) && tk[Number(k) - 1]) {
      select(tk[Number(k) - 1].slice(1));
      return;
    }
    if (!placingTile()) {
      if (ARROWS[k] && tk.length) {
        e.preventDefault();
        select(tk[0].slice(1));
      }
      return;
    }
    if (k === "r" || k === "R" || k === "e" || k === "E") turn(k === "R" ? -1 : 1);
    else if (k === "q" || k === "Q") turn(-1);
    else if (k === "f" || k === "F" || k === "m" || k === "M") flip();
    else if (ARROWS[k]) {
      e.preventDefault();
      step(ARROWS[k]);
    } else if (
      k === "Enter" &&
      candidate &&
      !e.target.closest?.("#utl-place, .utl-choice, .utl-choice-button")
    ) {
      e.preventDefault();
      confirm();
    } else if (k === "Escape") {
      candidate = null;
      draw();
    }
  });

  // -- the gardens -----------------------------------------------------------------------------
  const boards = []; // per player: {panel, svg, caption, layers}

  function gardenOrder() {
    const n = msg.players;
    const first = msg.you !== null && msg.you !== undefined ? msg.you : 0;
    return Array.from({ length: n }, (_, i) => (first + i) % n);
  }

  /** Every garden gets the same scale: the extent of the largest. Your own garden keeps a
   * tile of margin all round, where the legal spots can be, so it never jumps while you place. */
  function extents() {
    const out = [];
    for (let p = 0; p < msg.players; p++) {
      let x0 = 0,
        y0 = 0,
        x1 = 2,
        y1 = 2;
      for (const [x, y] of ex().gardens[p].spaces) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
      const m = p === msg.you && !ctx.replay && msg.status === "playing" ? 2.1 : 0.3;
      out.push([x0 - m, y0 - m, x1 + m, y1 + m]);
    }
    // one width for all (the panels are equally wide, so one scale); each its own height
    const w = Math.max(6, ...out.map((e) => e[2] - e[0]));
    return out.map(([x0, y0, x1, y1]) => {
      const cx = (x0 + x1) / 2;
      const h = Math.max(5, y1 - y0);
      const cy = (y0 + y1) / 2;
      return `${cx - w / 2} ${cy - h / 2} ${w} ${h}`;
    });
  }

  function board(p) {
    if (boards[p]) return boards[p];
    const caption = el("p", { class: "utl-caption muted" });
    const head = el("div", { class: "utl-garden-head" });
    const sectors = el("div", { class: "utl-sectors" });
    const area = svg("svg", {
      class: "utl-garden",
      role: "img",
      preserveAspectRatio: "xMidYMid meet",
    });
    const layers = {
      spaces: svg("g"),
      lines: svg("g"),
      anchors: svg("g"),
      hover: svg("g", { class: "utl-hover" }),
      ghost: svg("g", { class: "utl-ghost" }),
      figures: svg("g", { class: "utl-figures" }),
      choice: svg("g"),
    };
    area.append(
      layers.spaces,
      layers.lines,
      layers.anchors,
      layers.figures,
      layers.hover,
      layers.ghost,
      layers.choice,
    );
    const panel = el(
      "section",
      { class: "panel utl-garden-panel", "data-player": p },
      head,
      area,
      caption,
      sectors,
    );
    const b = { panel, area, caption, head, sectors, layers };
    boards[p] = b;
    area.addEventListener("pointermove", (e) => {
      lastPointer = e.pointerType || "mouse";
      if (lastPointer !== "touch" && p === msg.you) follow(e, b);
    });
    area.addEventListener("pointerdown", (e) => {
      lastPointer = e.pointerType || "mouse";
    });
    area.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "touch" && candidate && p === msg.you && lastPointer !== "key") {
        candidate = null;
        drawGhost();
      }
      hoverGroup = null;
      drawHover();
    });
    area.addEventListener("click", (e) => {
      if (p !== msg.you || !cells().length) return;
      const c = nearest(e, b);
      if (!c) return;
      const same = candidate && candidate.x === c.x && candidate.y === c.y;
      candidate = c;
      if (lastPointer === "touch" && !same) {
        draw();
        return;
      }
      confirm();
    });
    return b;
  }

  function toSvg(event, area) {
    const pt = area.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const m = area.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }
  /** The legal cell whose centre is nearest the pointer (within a tile and a half). */
  function nearest(event, b) {
    const pt = toSvg(event, b.area);
    let best = null;
    let bestD = 2.25 * 4;
    for (const c of cells()) {
      const dx = 2 * c.x + 1 - pt.x;
      const dy = 2 * c.y + 1 - pt.y;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }
  function follow(event, b) {
    if (!cells().length) return;
    const c = nearest(event, b);
    if ((c && `${c.x},${c.y}`) !== (candidate && `${candidate.x},${candidate.y}`)) {
      candidate = c;
      drawGhost();
      drawHand();
    }
  }

  function drawGarden(p, box) {
    const b = board(p);
    const g = ex().gardens[p];
    const v = view();
    b.area.setAttribute("viewBox", box);
    b.area.setAttribute("aria-label", t("{name}'s garden", { name: ctx.seatName(p) }));
    const at = new Map(g.spaces.map(([x, y, label]) => [`${x},${y}`, label]));
    const groupOf = new Map();
    g.groups.forEach((gr, i) => gr.spaces.forEach(([x, y]) => groupOf.set(`${x},${y}`, i)));

    // spaces, with the pollen dots on pollinated sectors
    b.layers.spaces.replaceChildren(
      ...g.spaces.map(([x, y, label]) => {
        const gi = groupOf.get(`${x},${y}`);
        const shape = spaceShape(x, y, label, { "data-x": x, "data-y": y, "data-group": gi });
        if (g.groups[gi] && g.groups[gi].pollinated)
          shape.insertBefore(
            svg("rect", { x, y, width: 1, height: 1, fill: "url(#utl-pollen)" }),
            shape.children[1] || null,
          );
        shape.addEventListener("pointerenter", () => {
          hoverGroup = [p, gi];
          drawHover();
        });
        return shape;
      }),
    );

    // lines: thin between spaces of one sector, dark where sectors meet; tile frames; last tile
    const thin = [];
    const thick = [];
    for (const [x, y] of g.spaces) {
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
        [-1, 0],
        [0, -1],
      ]) {
        const other = at.get(`${x + dx},${y + dy}`);
        const same =
          other !== undefined && groupOf.get(`${x + dx},${y + dy}`) === groupOf.get(`${x},${y}`);
        if (other !== undefined && (dx < 0 || dy < 0)) continue; // each inner edge once
        const seg =
          dx === 1
            ? `M${x + 1},${y} v1`
            : dx === -1
              ? `M${x},${y} v1`
              : dy === 1
                ? `M${x},${y + 1} h1`
                : `M${x},${y} h1`;
        (same ? thin : thick).push(seg);
      }
    }
    const frames = v.gardens[p].tiles.map(([, x, y]) =>
      svg("rect", { x: 2 * x, y: 2 * y, width: 2, height: 2, fill: "none", class: "utl-frame" }),
    );
    b.layers.lines.replaceChildren(
      ...frames,
      svg("path", { d: thin.join(" "), class: "utl-line-thin" }),
      svg("path", { d: thick.join(" "), class: "utl-line-sector" }),
      g.last
        ? svg("rect", {
            x: 2 * g.last[0] + 0.05,
            y: 2 * g.last[1] + 0.05,
            width: 1.9,
            height: 1.9,
            class: "utl-last",
            rx: 0.1,
          })
        : "",
    );

    // figures: dwellers (clustered when they share a spot), hummingbirds on nests, bees per sector
    const figs = [];
    const byPoint = new Map();
    for (const [family, fx, fy] of g.figures) {
      const key = `${fx},${fy}`;
      if (!byPoint.has(key)) byPoint.set(key, []);
      byPoint.get(key).push(family);
    }
    const busy = new Set();
    for (const [key, families] of byPoint) {
      const [fx, fy] = key.split(",").map(Number);
      busy.add(`${Math.floor(fx - 0.01)},${Math.floor(fy - 0.01)}`);
      families.forEach((family, i) => {
        const off = families.length === 1 ? 0 : (i - (families.length - 1) / 2) * 0.4;
        figs.push(
          svg("use", {
            href: `#utl-fam-${family}`,
            x: fx + off - 0.26,
            y: fy - 0.26,
            width: 0.52,
            height: 0.52,
            class: `utl-figure fam-${family}`,
            "data-family": family,
          }),
        );
      });
    }
    for (const [tx, ty, n] of g.birds) {
      for (let i = 0; i < n; i++) {
        const off = (i - (n - 1) / 2) * 0.6;
        figs.push(
          svg("use", {
            href: "#utl-bird",
            x: 2 * tx + 1 + off - 0.3,
            y: 2 * ty + 1 - 0.3,
            width: 0.6,
            height: 0.6,
            class: "utl-bird",
          }),
        );
      }
    }
    g.groups.forEach((gr) => {
      if (!gr.bees) return;
      const free =
        gr.spaces.find(
          ([x, y]) => !busy.has(`${x},${y}`) && !String(at.get(`${x},${y}`)).endsWith("*"),
        ) || gr.spaces[0];
      const [x, y] = free;
      busy.add(`${x},${y}`);
      // in the space's outer corner, away from the nest at the tile's centre
      const right = ((x % 2) + 2) % 2 === 1;
      const cx = x + (right ? 0.7 : 0.3);
      const cy = y + (((y % 2) + 2) % 2 === 1 ? 0.7 : 0.3);
      const bee = svg(
        "g",
        { class: "utl-bees", "data-bees": gr.bees },
        svg("use", { href: "#utl-bee", x: cx - 0.26, y: cy - 0.26, width: 0.52, height: 0.52 }),
      );
      if (gr.bees > 1) {
        bee.append(
          svg(
            "text",
            {
              x: right ? cx - 0.28 : cx + 0.28,
              y: cy + 0.13,
              class: "utl-count",
              "text-anchor": right ? "end" : "start",
            },
            `×${gr.bees}`,
          ),
        );
      }
      figs.push(bee);
    });
    b.layers.figures.replaceChildren(...figs);

    // where a figure may go (Collector / Friendly)
    b.layers.choice.replaceChildren();
    if (p === msg.you) {
      for (const action of choices()) {
        const [, x, y] = CHOICE.exec(action).map(Number);
        const ring = svg(
          "g",
          {
            class: "utl-choice",
            tabindex: 0,
            role: "button",
            "data-action": action,
            "aria-label": t("Put the figure here"),
          },
          svg("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.15 }),
        );
        ring.addEventListener("click", (e) => {
          e.stopPropagation();
          choose(action);
        });
        ring.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            choose(action);
          }
        });
        b.layers.choice.append(ring);
      }
    } else if (ex().choice && msg.to_move === p) {
      for (const [x, y] of ex().choice.spaces)
        b.layers.choice.append(
          svg("rect", {
            x: x + 0.04,
            y: y + 0.04,
            width: 0.92,
            height: 0.92,
            rx: 0.15,
            class: "utl-choice-other",
          }),
        );
    }

    // head: name, score and where it comes from; Burly
    const sc = ex().scores[p];
    const showScore = ex().visible_score;
    const burly = ex().burly && ex().burly.holder === p;
    b.head.replaceChildren(
      el(
        "h3",
        {},
        el("span", { class: "utl-name" }, ctx.seatName(p)),
        msg.you === p ? el("span", { class: "muted" }, " ", t("(you)")) : "",
        msg.to_move === p && msg.status === "playing"
          ? el("span", { class: "utl-to-move" }, t("to play"))
          : "",
        showScore
          ? el(
              "span",
              { class: "utl-total", "data-score": p },
              tn("{n} point", "{n} points", sc.total),
            )
          : "",
      ),
      el(
        "div",
        { class: "utl-breakdown" },
        ...breakdown(sc),
        burly
          ? el("span", { class: "utl-burly-badge" }, icon("utl-tree"), " ", t("holds Burly"))
          : "",
      ),
    );
    b.caption.textContent = t("Point at a space to see its sector.");
    const poll = g.groups.filter((gr) => gr.pollinated);
    b.sectors.replaceChildren(
      el("span", { class: "muted" }, t("Pollinated sectors:")),
      " ",
      ...(poll.length
        ? poll.map((gr) =>
            el(
              "span",
              { class: `utl-chip ${gr.kind}` },
              t("{colour} {size} · {bees}", {
                colour: colourWord(gr.kind),
                size: gr.size,
                bees: tn("{n} bee", "{n} bees", gr.bees),
              }),
            ),
          )
        : [el("span", { class: "muted" }, t("none yet"))]),
      el("span", { class: "muted utl-largest" }, t("Largest sector: {n}", { n: g.largest })),
    );
    b.panel.classList.toggle("to-move", msg.to_move === p && msg.status === "playing");
    b.panel.classList.toggle("mine", msg.you === p);
  }

  function breakdown(sc) {
    const cards = ex().cards;
    const part = (ic, text, key) =>
      el("span", { class: "utl-part", "data-part": key }, ic, ` ${text}`);
    return [
      part(icon("utl-bee"), tn("{n} bee", "{n} bees", sc.bees), "bees"),
      part(
        icon("utl-bird"),
        tn("{n} hummingbird", "{n} hummingbirds", sc.hummingbirds),
        "hummingbirds",
      ),
      ...[0, 1, 2].map((f) => {
        const key = ["leaf", "mushroom", "puddle"][f];
        return part(
          icon(`utl-fam-${f}`),
          t("{n} {card}", { n: sc[key], card: cards[f].title }),
          key,
        );
      }),
    ];
  }

  function drawHover() {
    for (const b of boards) if (b) b.layers.hover.replaceChildren();
    if (!hoverGroup || !msg) return;
    const [p, gi] = hoverGroup;
    const b = boards[p];
    const gr = ex().gardens[p].groups[gi];
    if (!b || !gr) return;
    const inside = new Set(gr.spaces.map(([x, y]) => `${x},${y}`));
    const segs = [];
    for (const [x, y] of gr.spaces) {
      if (!inside.has(`${x - 1},${y}`)) segs.push(`M${x},${y} v1`);
      if (!inside.has(`${x + 1},${y}`)) segs.push(`M${x + 1},${y} v1`);
      if (!inside.has(`${x},${y - 1}`)) segs.push(`M${x},${y} h1`);
      if (!inside.has(`${x},${y + 1}`)) segs.push(`M${x},${y + 1} h1`);
    }
    b.layers.hover.append(svg("path", { d: segs.join(" "), class: "utl-hover-line" }));
    const kind = colourWord(gr.kind);
    b.caption.textContent =
      gr.kind === "puddle"
        ? tn("Puddle of {n} space", "Puddle of {n} spaces", gr.size)
        : gr.pollinated
          ? t("{colour} sector of {size} spaces, pollinated: {bees}", {
              colour: kind,
              size: gr.size,
              bees: tn("{n} bee", "{n} bees", gr.bees),
            })
          : tn(
              "{colour} sector of {n} space (3 make it pollinated)",
              "{colour} sector of {n} spaces (3 make it pollinated)",
              gr.size,
              { colour: kind },
            );
  }

  function drawGhost() {
    for (const b of boards)
      if (b) {
        b.layers.ghost.replaceChildren();
        b.layers.anchors.replaceChildren();
      }
    if (!msg || msg.you === null || msg.you === undefined || !boards[msg.you]) return;
    const b = boards[msg.you];
    const spots = cells();
    b.layers.anchors.replaceChildren(
      ...spots.map((c) => {
        const gain = gainOf(notation(c.x, c.y, orient));
        return svg(
          "g",
          { class: `utl-anchor${gain && gain.total ? " pays" : ""}`, "data-x": c.x, "data-y": c.y },
          svg("rect", {
            x: 2 * c.x + 0.12,
            y: 2 * c.y + 0.12,
            width: 1.76,
            height: 1.76,
            rx: 0.18,
          }),
          gain && gain.total
            ? svg(
                "text",
                { x: 2 * c.x + 1, y: 2 * c.y + 1.2, class: "utl-anchor-gain" },
                `+${gain.total}`,
              )
            : "",
        );
      }),
    );
    if (!candidate || !spots.some((c) => c.x === candidate.x && c.y === candidate.y)) {
      candidate = null;
      return;
    }
    const tile = placingTile();
    const faces = ex().tiles[tile] && ex().tiles[tile].faces[orient];
    if (!faces) return;
    const action = notation(candidate.x, candidate.y, orient);
    const ghost = tileShape(faces, 2 * candidate.x, 2 * candidate.y, {
      "data-ghost": action,
      opacity: 0.92,
    });
    ghost.append(
      svg("rect", {
        x: 2 * candidate.x - 0.06,
        y: 2 * candidate.y - 0.06,
        width: 2.12,
        height: 2.12,
        rx: 0.14,
        class: "utl-ghost-frame",
      }),
    );
    const gain = gainOf(action);
    if (gain) {
      const label = gain.total ? `+${gain.total}` : "+0";
      ghost.append(
        svg("rect", {
          x: 2 * candidate.x + 0.5,
          y: 2 * candidate.y + 0.72,
          width: 1,
          height: 0.56,
          rx: 0.28,
          class: "utl-ghost-badge",
        }),
        svg(
          "text",
          { x: 2 * candidate.x + 1, y: 2 * candidate.y + 1.13, class: "utl-ghost-text" },
          label,
        ),
      );
    }
    b.layers.ghost.append(ghost);
  }

  // -- the side panels -----------------------------------------------------------------------------
  function gainWords(gain) {
    const items = [];
    if (gain.bees) items.push(tn("{n} bee", "{n} bees", gain.bees));
    if (gain.hummingbirds) items.push(tn("{n} hummingbird", "{n} hummingbirds", gain.hummingbirds));
    gain.dwellers.forEach((n, f) => {
      if (n)
        items.push(tn("{n} {card} figure", "{n} {card} figures", n, { card: ex().cards[f].title }));
    });
    if (gain.burly) items.push(t("Burly"));
    return items.length ? items.join(", ") : t("nothing arrives");
  }

  function drawMarket() {
    const v = view();
    const tiles = ex().tiles || {};
    const tk = takes();
    if (selected && !tk.includes(`t${selected}`)) selected = null;
    market.replaceChildren(
      ...v.market.map((id, i) => {
        const info = tiles[String(id)];
        const can = tk.includes(`t${id}`);
        const button = el(
          "button",
          {
            type: "button",
            class: `utl-market-tile${String(id) === selected ? " selected" : ""}`,
            "data-tile": id,
            disabled: !can,
            "aria-pressed": String(String(id) === selected),
            title: info ? info.name : "",
            "aria-label": info ? `${i + 1}: ${info.name}` : String(id),
            onclick: () => select(id),
          },
          info ? tilePicture(info.faces[0]) : "",
        );
        return button;
      }),
    );
    const bag = el(
      "p",
      { class: "muted utl-bag" },
      tn("{n} tile still to come", "{n} tiles still to come", v.draws_left),
    );
    market.append(bag);
  }

  function drawHand() {
    const tile = placingTile();
    const info = tile && ex().tiles ? ex().tiles[tile] : null;
    const active = Boolean(info && mine() && (phase() === "place" || phase() === "take"));
    hand.hidden = !info || !(phase() === "place" || phase() === "take");
    for (const bt of [ccwButton, cwButton, flipButton]) {
      bt.disabled = !active;
      bt.hidden = Boolean(ctx.replay) || !active;
    }
    if (!info) return;
    handPic.replaceChildren(
      tilePicture(info.faces[active ? orient : 0], "utl-hand-tile"),
      el("p", { class: "utl-tile-name" }, info.name),
    );
    orientRow.hidden = !active;
    orientRow.replaceChildren(
      ...(active
        ? info.faces.map((faces, o) =>
            el(
              "button",
              {
                type: "button",
                class: `utl-orient${o === orient ? " selected" : ""}`,
                role: "radio",
                "aria-checked": String(o === orient),
                "data-o": o,
                title: orientationWords(o),
                "aria-label": orientationWords(o),
                onclick: () => setOrient(o),
              },
              tilePicture(faces, "utl-orient-pic"),
            ),
          )
        : []),
    );
    placeButton.hidden = !active;
    placeButton.disabled = !candidate;
    if (!active) {
      previewBox.replaceChildren();
      return;
    }
    if (!candidate) {
      previewBox.replaceChildren(
        el(
          "p",
          { class: "muted" },
          coarse()
            ? t("Tap a highlighted spot in your garden to try the tile there.")
            : t(
                "Move the tile over your garden: the highlighted spots are legal, their number is what the tile brings there. Arrows and Enter work too.",
              ),
        ),
      );
      return;
    }
    const gain = gainOf(notation(candidate.x, candidate.y, orient));
    const now = ex().scores[msg.you].total;
    previewBox.replaceChildren(
      el("p", { class: "utl-gain" }, gain ? t("Here: {what}", { what: gainWords(gain) }) : ""),
      gain
        ? el(
            "p",
            { class: "muted" },
            t("Score {before} → {after}", { before: now, after: now + gain.total }),
            gain.choices ? " · " + t("you choose where the figure goes next") : "",
          )
        : "",
    );
  }

  function drawChoice() {
    const acts = choices();
    const c = ex().choice;
    choiceBox.hidden = !c;
    if (!c) return;
    const kind = c.family === 1 ? "mushroom" : "puddle";
    choiceBox.replaceChildren(
      el("h3", {}, t("Where does the {card} go?", { card: c.card })),
      el(
        "p",
        { class: "muted" },
        c.family === 1
          ? t("Two mushrooms are diagonal neighbours: one of them gets the figure.")
          : t("Two puddles are diagonal neighbours: one of them gets the figure."),
      ),
      acts.length
        ? el(
            "div",
            { class: "row" },
            ...acts.map((a, i) =>
              el(
                "button",
                {
                  type: "button",
                  class: "utl-choice-button",
                  "data-action": a,
                  onclick: () => choose(a),
                },
                i === 0
                  ? kind === "mushroom"
                    ? t("Upper mushroom")
                    : t("Upper puddle")
                  : kind === "mushroom"
                    ? t("Lower mushroom")
                    : t("Lower puddle"),
              ),
            ),
          )
        : "",
    );
  }

  function drawCards() {
    const cards = ex().cards || [];
    const names = Array.from({ length: msg.players }, (_, p) => ctx.seatName(p));
    const items = cards.map((c) =>
      el(
        "div",
        { class: "utl-card", "data-card": c.name },
        el(
          "h4",
          {},
          icon(`utl-fam-${c.family}`),
          ` ${c.title} `,
          el("span", { class: "muted" }, `(${c.family_name})`),
        ),
        el("p", {}, c.text),
        el(
          "p",
          { class: "utl-card-score" },
          ...c.figures.map((n, p) => el("span", {}, `${names[p]}: ${n}`)),
        ),
      ),
    );
    const b = ex().burly;
    if (b) {
      items.push(
        el(
          "div",
          { class: "utl-card burly" },
          el(
            "h4",
            {},
            icon("utl-tree"),
            ` ${b.title} `,
            el("span", { class: "muted" }, t("(+{n} points)", { n: b.points })),
          ),
          el("p", {}, b.text),
          el(
            "p",
            { class: "utl-card-score" },
            b.holder === null
              ? t("Nobody has Burly yet.")
              : t("{name} holds Burly (largest sector {n}).", {
                  name: ctx.seatName(b.holder),
                  n: b.bar,
                }),
          ),
        ),
      );
    }
    cardsPanel.replaceChildren(
      el("h3", {}, t("Dwellers in play")),
      el("div", { class: "utl-cards" }, ...items),
      el(
        "ul",
        { class: "utl-legend muted" },
        el(
          "li",
          {},
          icon("utl-bee"),
          " ",
          t(
            "Bee: a new pollinated sector (3 or more spaces of one colour, shown dotted) brings one, and one more to each other sector of its colour.",
          ),
        ),
        el(
          "li",
          {},
          icon("utl-bird"),
          " ",
          t(
            "Hummingbird: a tile whose terrain spaces are all pollinated; one more on the middle tile of 3 such tiles in a row or column.",
          ),
        ),
      ),
    );
  }

  function drawScores() {
    const sc = ex().scores || [];
    const cards = ex().cards || [];
    const over = phase() === "over";
    const order = Array.from({ length: msg.players }, (_, p) => p);
    if (!ex().visible_score) {
      scoresPanel.replaceChildren(
        el("h3", {}, t("Scores")),
        el("p", { class: "muted" }, t("Scores are hidden until the end of the game.")),
      );
      return;
    }
    const row = (label, key, cls = "") =>
      el(
        "tr",
        { class: cls },
        el("th", {}, label),
        ...order.map((p) => el("td", {}, String(sc[p][key]))),
      );
    const rows = [
      row(t("Bees"), "bees"),
      row(t("Hummingbirds"), "hummingbirds"),
      ...cards.map((c, f) =>
        row(`${c.title} (${c.family_name})`, ["leaf", "mushroom", "puddle"][f]),
      ),
    ];
    if (over) {
      cards.forEach((c, f) =>
        rows.push(
          row(
            t("Most {card} figures: +2", { card: c.title }),
            `${["leaf", "mushroom", "puddle"][f]}_bonus`,
            "bonus",
          ),
        ),
      );
      if (ex().burly) rows.push(row(t("Burly"), "burly", "bonus"));
    }
    scoresPanel.replaceChildren(
      el("h3", {}, over ? t("Final scores") : t("Scores so far")),
      el(
        "table",
        { class: "utl-score-table" },
        el(
          "thead",
          {},
          el("tr", {}, el("th", {}, ""), ...order.map((p) => el("th", {}, ctx.seatName(p)))),
        ),
        el("tbody", {}, ...rows),
        el(
          "tfoot",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("Total")),
            ...order.map((p) => el("td", { "data-total": p }, String(sc[p].total))),
          ),
        ),
      ),
      over
        ? ""
        : el(
            "p",
            { class: "muted" },
            t(
              "The majority bonuses (+2 figures for the most of each dweller family) and Burly count at the end.",
            ),
          ),
    );
  }

  function drawHead() {
    const v = view();
    const tm = msg.to_move;
    const turnNo = tm !== null && tm !== undefined ? ex().gardens[tm].turns + 1 : null;
    pills.replaceChildren(
      turnNo && phase() !== "over"
        ? el(
            "span",
            { class: "pill" },
            t("{name}: turn {n} of 12", { name: ctx.seatName(tm), n: Math.min(turnNo, 12) }),
          )
        : "",
      el(
        "span",
        { class: "pill" },
        tn("{n} tile in the bag", "{n} tiles in the bag", v.draws_left),
      ),
    );
    task.textContent = taskWords();
  }

  function taskWords() {
    const v = view();
    const who = ctx.seatName(msg.to_move);
    if (phase() === "over") {
      const sc = ex().scores;
      const best = msg.winners && msg.winners.length ? msg.winners : [];
      const names = best.map((p) => ctx.seatName(p)).join(", ");
      return best.length === 1
        ? t("The game is over: {name} wins with {n} points.", { name: names, n: sc[best[0]].total })
        : t("The game is over: {names} share the victory.", { names });
    }
    if (ctx.replay) {
      if (phase() === "take") return t("{name} takes a tile from the market.", { name: who });
      if (phase() === "place")
        return t("{name} places {tile}.", {
          name: who,
          tile: (ex().tiles[String(v.taken)] || {}).name || "",
        });
      return ex().choice
        ? t("{name} chooses where the {card} goes.", { name: who, card: ex().choice.card })
        : "";
    }
    if (!mine()) {
      if (msg.status !== "playing") return "";
      if (phase() === "take") return t("{name} is choosing a tile from the market…", { name: who });
      if (phase() === "place")
        return t("{name} is placing {tile}…", {
          name: who,
          tile: (ex().tiles[String(v.taken)] || {}).name || "",
        });
      return ex().choice
        ? t("{name} chooses where the {card} goes…", { name: who, card: ex().choice.card })
        : "";
    }
    if (ctx.review)
      return t("{name}'s decision: the move shown is lit on the board.", { name: who });
    if (phase() === "choose") {
      return t("Your turn: put the {card} on one of the two highlighted spaces of your garden.", {
        card: ex().choice.card,
      });
    }
    if (coarse()) {
      if (!placingTile()) return t("Your turn: tap a tile in the market.");
      return t(
        "Your turn: tap a highlighted spot in your garden to try the tile there, turn or flip it, then press “Place here”.",
      );
    }
    if (!placingTile()) return t("Your turn: pick a tile from the market (click it, or keys 1-3).");
    return t(
      "Your turn: move the tile over your garden and click a highlighted spot to place it (R and Q turn it, F flips it, arrows and Enter work too).",
    );
  }

  function draw() {
    if (!msg || !msg.extras || !msg.extras.gardens) return;
    if (phase() === "place") selected = String(view().taken);
    const order = gardenOrder();
    const boxes = extents();
    for (const p of order) drawGarden(p, boxes[p]);
    gardensBox.replaceChildren(...order.map((p) => boards[p].panel));
    gardensBox.dataset.players = msg.players;
    drawMarket();
    drawHand();
    drawChoice();
    drawCards();
    drawScores();
    drawHead();
    drawGhost();
    drawHover();
    wrap.dataset.phase = phase();
    wrap.dataset.orient = orient;
    wrap.classList.toggle("my-turn", mine());
  }

  return {
    update(next) {
      const moved = !msg || next.version !== msg.version;
      msg = next;
      if (moved) {
        hoverGroup = null;
        if (queued && phase() === "place") {
          // the server took our tile: now send the placement we confirmed
          const place = queued.place;
          queued = null;
          delete wrap.dataset.busy;
          if (mine() && msg.legal.includes(place)) {
            draw();
            ctx.act(place);
            return;
          }
        }
        queued = null;
        delete wrap.dataset.busy;
        if (phase() !== "place" && phase() !== "take") {
          selected = null;
          candidate = null;
        }
        if (phase() === "take" && !mine()) {
          selected = null;
          candidate = null;
        }
        if (phase() === "take" && msg.you !== null && moved && !mine()) orient = 0;
      }
      draw();
    },
  };
}

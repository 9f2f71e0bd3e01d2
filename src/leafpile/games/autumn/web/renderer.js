// Autumn in the browser: the table of overlapping cards drawn to scale (56 x 87 mm, four leaf
// spaces each), the revealed card with a rotate control, legal positions highlighted under the
// pointer, the colour choice as a dialog, and each round's scores with the match total.
// Every choice offered comes from the legal action strings the server sends.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 28; // one leaf space: 28 x 43.5 mm
const H = 43.5;
const FILL = { R: "#c8452c", Y: "#e8b83a" };
const COLOUR_CLASS = { red: "red", yellow: "yellow" };
const colourName = (c) => (c === "red" ? t("red") : c === "yellow" ? t("yellow") : c);
const CELL_OFFSETS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
]; // TL, TR, BL, BR

const facesPromise = fetch("/games/autumn/data/cards.json")
  .then((r) => r.json())
  .then((d) => d.cards.map((c) => c.faces));

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}

/** A solo challenge's name in the reader's language. */
function challengeName(c) {
  return { garden: t("Garden"), balance: t("Balance"), two: t("Two") }[c || "garden"] || c;
}

/** Colours of TL, TR, BL, BR after a turn of 180 degrees (rot 1): the string reversed. */
function facesAt(faces, rot) {
  return rot ? [...faces].reverse().join("") : faces;
}

/** A placement notation `x,y` or `x,yr` as numbers (null for other actions). */
function placement(action) {
  const m = /^(-?\d+),(-?\d+)(r?)$/.exec(action);
  return m ? { x: Number(m[1]), y: Number(m[2]), rot: m[3] ? 1 : 0, action } : null;
}

function leafDefs() {
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
function cardGroup(faces, x, y, rot, extra = {}) {
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
        fill: FILL[c],
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

export function createRenderer(root, ctx) {
  let faces = null;
  let msg = null;
  let rot = 0;
  let candidate = null; // the legal placement under the pointer
  let lastPointer = "mouse";

  const head = el("div", { class: "autumn-head" });
  const board = svg("svg", {
    class: "autumn-table",
    role: "img",
    "aria-label": t("The table of leaf cards"),
    preserveAspectRatio: "xMidYMid meet",
  });
  const handCard = svg("svg", {
    class: "autumn-hand-card",
    viewBox: `-2 -2 ${2 * W + 4} ${2 * H + 4}`,
    "aria-label": t("The card to place"),
  });
  const rotateButton = el(
    "button",
    { id: "rotate", type: "button", onclick: () => rotate() },
    "⟳ " + t("Turn 180°"),
  );
  const placeButton = el(
    "button",
    {
      id: "place",
      type: "button",
      class: "primary",
      hidden: true,
      onclick: () => candidate && ctx.act(candidate.action),
    },
    t("Place here"),
  );
  const hint = el("p", { class: "muted autumn-hint" });
  const hand = el(
    "div",
    { class: "panel autumn-hand" },
    el("h3", {}, t("Card to place")),
    handCard,
    el("div", { class: "row" }, rotateButton, placeButton),
    hint,
  );
  const scores = el("div", { class: "panel autumn-scores" });
  const dialog = el("div", {
    class: "autumn-dialog",
    role: "dialog",
    "aria-modal": "true",
    hidden: true,
  });
  const wrap = el(
    "div",
    { class: "autumn" },
    head,
    el("div", { class: "autumn-main" }, el("div", { class: "autumn-table-wrap" }, board), hand),
    scores,
    dialog,
  );
  root.append(el("link", { rel: "stylesheet", href: "/games/autumn/web/autumn.css" }), wrap);

  const layers = {
    cards: svg("g"),
    spots: svg("g", { class: "spots" }),
    ghost: svg("g", { class: "ghost" }),
  };
  board.append(leafDefs(), layers.cards, layers.ghost, layers.spots);

  function placements() {
    return msg ? msg.legal.map(placement).filter(Boolean) : [];
  }
  function otherChoices() {
    return msg ? msg.legal.filter((a) => !placement(a)) : [];
  }
  function hasRotated() {
    return placements().some((p) => p.rot === 1);
  }

  function rotate() {
    if (!hasRotated()) return;
    rot = 1 - rot;
    candidate = null;
    draw();
  }

  /** Keyboard play: arrows pick the nearest legal spot that way, Enter places, R turns. */
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function step([dx, dy]) {
    const spots = placements().filter((p) => p.rot === rot);
    if (!spots.length) return;
    if (!candidate) {
      lastPointer = "key";
      showGhost(spots[0]);
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
      lastPointer = "key";
      showGhost(best);
    }
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "r" || e.key === "R") rotate();
    else if (ARROWS[e.key] && placements().length) {
      e.preventDefault();
      step(ARROWS[e.key]);
    } else if (e.key === "Enter" && candidate) {
      e.preventDefault();
      ctx.act(candidate.action);
    }
  });

  function toSvg(event) {
    const pt = board.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const m = board.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  /** The legal placement (current rotation) whose card centre is nearest the pointer. */
  function nearest(event) {
    const p = toSvg(event);
    let best = null;
    let bestD = 1.0;
    for (const c of placements()) {
      if (c.rot !== rot) continue;
      const dx = ((c.x + 1) * W - p.x) / W;
      const dy = ((c.y + 1) * H - p.y) / H;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  function showGhost(c) {
    candidate = c;
    layers.ghost.replaceChildren();
    placeButton.hidden = !(c && lastPointer === "touch");
    if (!c || !faces || msg.view.card === null) return;
    const g = cardGroup(faces[msg.view.card], c.x, c.y, c.rot, {
      opacity: 0.85,
      "data-ghost": c.action,
    });
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
    layers.ghost.append(g);
    const how = {
      touch: () => t("Tap again or press “Place here”."),
      key: () => t("Press Enter to place the card here."),
      mouse: () => t("Click to place the card here."),
    };
    const said = ctx.review
      ? t("The move shown, drawn on the table.")
      : (how[lastPointer] || how.mouse)();
    hint.textContent = said + (c.rot ? " " + t("(turned 180°)") : "");
  }

  board.addEventListener("pointermove", (e) => {
    lastPointer = e.pointerType || "mouse";
    if (lastPointer === "touch") return;
    const c = nearest(e);
    if ((c && c.action) !== (candidate && candidate.action)) showGhost(c);
  });
  board.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "touch") showGhost(null);
  });
  board.addEventListener("pointerdown", (e) => {
    lastPointer = e.pointerType || "mouse";
  });
  board.addEventListener("click", (e) => {
    const c = nearest(e);
    if (!c) return;
    if (lastPointer === "touch" && (!candidate || candidate.action !== c.action)) {
      showGhost(c);
      return;
    }
    ctx.act(c.action);
  });

  function viewBox(v) {
    let x0 = 0,
      y0 = 0,
      x1 = 2,
      y1 = 2;
    const grow = (x, y) => {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 2);
      y1 = Math.max(y1, y + 2);
    };
    for (const [, x, y] of v.placed) grow(x, y);
    for (const p of placements()) grow(p.x, p.y);
    if (!placements().length && !ctx.replay && v.phase !== "over") {
      x0 -= 1;
      y0 -= 1;
      x1 += 1;
      y1 += 1;
    }
    // never zoom in further than a table of 10 x 6 spaces, so cards keep a sensible size
    const grow2 = (lo, hi, min) => {
      const extra = Math.max(0, min - (hi - lo)) / 2;
      return [lo - extra, hi + extra];
    };
    [x0, x1] = grow2(x0, x1, 10);
    [y0, y1] = grow2(y0, y1, 6);
    const pad = 6;
    return `${x0 * W - pad} ${y0 * H - pad} ${(x1 - x0) * W + 2 * pad} ${(y1 - y0) * H + 2 * pad}`;
  }

  function colourOwner(v, colour) {
    if (v.players === 1) return t("you");
    if (v.red_player === null || v.red_player === undefined) return null;
    const seat = colour === "red" ? v.red_player : 1 - v.red_player;
    return ctx.seatName(seat);
  }

  function drawHead(v) {
    const parts = [];
    if (v.players === 2) {
      const rounds = msg.options.rounds || 1;
      parts.push(
        el("span", { class: "pill" }, t("Round {n} of {rounds}", { n: v.round + 1, rounds })),
      );
    } else
      parts.push(
        el(
          "span",
          { class: "pill" },
          t("Solo: {challenge}", { challenge: challengeName(msg.options.challenge) }),
        ),
      );
    const coming = v.deck.length + (v.card === null ? 0 : 1);
    parts.push(el("span", { class: "pill" }, tn("{n} card to come", "{n} cards to come", coming)));
    const ex = msg.extras || {};
    const redOwner = colourOwner(v, "red");
    const yellowOwner = colourOwner(v, "yellow");
    const pill = (colour, owner, largest) =>
      (owner ? t("{colour}: {owner}", { colour: colourName(colour), owner }) : colourName(colour)) +
      " · " +
      t("largest {n}", { n: largest ?? "?" });
    parts.push(
      el(
        "span",
        { class: "pill red", "data-owner": redOwner || "" },
        pill("red", redOwner, ex.largest_red),
      ),
    );
    parts.push(
      el(
        "span",
        { class: "pill yellow", "data-owner": yellowOwner || "" },
        pill("yellow", yellowOwner, ex.largest_yellow),
      ),
    );
    if (
      v.players === 2 &&
      (v.red_player === null || v.red_player === undefined) &&
      v.phase !== "over"
    ) {
      parts.push(
        el("span", { class: "muted" }, t("Colours are chosen after the first card is placed.")),
      );
    }
    head.replaceChildren(...parts);
  }

  function drawScores(v) {
    if (v.players === 1) {
      const areas = (msg.extras && msg.extras.areas) || [];
      scores.replaceChildren(
        el("h3", {}, t("Solo challenge")),
        el(
          "p",
          {},
          t("Challenge: {challenge}. Areas now (largest first): {areas}", {
            challenge: challengeName(msg.options.challenge),
            areas: areas.join(", ") || "—",
          }),
        ),
        v.phase === "over"
          ? el("p", { class: "final" }, t("Score: {n}", { n: msg.scores[0] }))
          : "",
      );
      return;
    }
    const names = [ctx.seatName(0), ctx.seatName(1)];
    const rows = v.round_scores.map((r, i) =>
      el(
        "tr",
        {},
        el("th", {}, t("Round {n}", { n: i + 1 })),
        el("td", {}, String(r[0])),
        el("td", {}, String(r[1])),
      ),
    );
    if (v.phase !== "over" && v.red_player !== null && v.red_player !== undefined && msg.extras) {
      const live = [0, 0];
      live[v.red_player] = msg.extras.largest_red;
      live[1 - v.red_player] = msg.extras.largest_yellow;
      rows.push(
        el(
          "tr",
          { class: "live" },
          el("th", {}, t("Round {n} (now)", { n: v.round + 1 })),
          el("td", {}, String(live[0])),
          el("td", {}, String(live[1])),
        ),
      );
    }
    const total = [0, 1].map((p) => v.round_scores.reduce((s, r) => s + r[p], 0));
    scores.replaceChildren(
      el("h3", {}, t("Scores")),
      el(
        "table",
        { class: "autumn-score-table" },
        el(
          "thead",
          {},
          el("tr", {}, el("th", {}, ""), el("th", {}, names[0]), el("th", {}, names[1])),
        ),
        el("tbody", {}, ...rows),
        el(
          "tfoot",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("Match total")),
            el("td", { "data-total": 0 }, String(total[0])),
            el("td", { "data-total": 1 }, String(total[1])),
          ),
        ),
      ),
    );
  }

  function drawDialog() {
    const choices = otherChoices();
    if (!choices.length) {
      dialog.hidden = true;
      return;
    }
    dialog.hidden = false;
    dialog.replaceChildren(
      el(
        "div",
        { class: "autumn-dialog-box" },
        el("h2", {}, t("Choose your colour")),
        el(
          "p",
          {},
          t(
            "You play second this round, so you choose who owns which colour. The largest area of your colour scores at the end of the round.",
          ),
        ),
        el(
          "div",
          { class: "row" },
          ...choices.map((a) =>
            el(
              "button",
              {
                class: `colour-choice ${COLOUR_CLASS[a] || ""}`,
                "data-action": a,
                onclick: () => ctx.act(a),
              },
              t("Take {colour}", { colour: colourName(a) }),
            ),
          ),
        ),
      ),
    );
  }

  function drawHand(v) {
    handCard.replaceChildren(leafDefs());
    const myPlacements = placements();
    if (!hasRotated()) rot = 0;
    else if (myPlacements.every((p) => p.rot === 1)) rot = 1; // only turned spots: show them
    if (v.card === null || v.card === undefined) {
      hand.hidden = v.phase === "over";
      handCard.append(
        svg("rect", { x: 0, y: 0, width: 2 * W, height: 2 * H, rx: 3, fill: "#6b4a2b" }),
      );
      hint.textContent =
        v.phase === "colour"
          ? t("{name} chooses the colours…", { name: ctx.seatName(msg.to_move) })
          : "";
      rotateButton.disabled = true;
      return;
    }
    hand.hidden = false;
    handCard.append(cardGroup(faces[v.card], 0, 0, rot));
    rotateButton.disabled = !hasRotated();
    rotateButton.hidden = Boolean(ctx.replay || ctx.review);
    rotateButton.title = hasRotated()
      ? t("Turn the card by 180° (key R)")
      : t("This card looks the same turned");
    if (ctx.replay) hint.textContent = "";
    else if (myPlacements.length)
      hint.textContent = t(
        "Move the pointer over the table: legal spots light up. Click to place (or arrows and Enter; R turns the card).",
      );
    else if (msg.status === "playing")
      hint.textContent = t("{name} is placing this card…", { name: ctx.seatName(msg.to_move) });
    else hint.textContent = "";
  }

  function draw() {
    if (!msg || !faces) return;
    const v = msg.view;
    board.setAttribute("viewBox", viewBox(v));
    layers.cards.replaceChildren(
      ...v.placed.map(([id, x, y, r], i) =>
        cardGroup(faces[id], x, y, r, {
          "data-index": i,
          class: `autumn-card${i === v.placed.length - 1 && i > 0 ? " last" : ""}`,
        }),
      ),
    );
    layers.spots.replaceChildren(
      ...placements()
        .filter((p) => p.rot === rot)
        .map((p) =>
          svg("circle", {
            cx: (p.x + 1) * W,
            cy: (p.y + 1) * H,
            r: 5,
            class: "spot",
            "data-action": p.action,
          }),
        ),
    );
    drawHand(v);
    drawHead(v);
    drawScores(v);
    drawDialog();
    if (candidate && !placements().some((p) => p.action === candidate.action && p.rot === rot))
      candidate = null;
    showGhost(candidate);
    wrap.dataset.phase = v.phase;
    wrap.dataset.rot = rot;
  }

  facesPromise.then((f) => {
    faces = f;
    draw();
  });

  return {
    update(next) {
      const moved = !msg || next.version !== msg.version;
      msg = next;
      if (moved) candidate = null;
      draw();
    },
    /** Draw one legal placement as if the pointer were on it (the review's move). */
    preview(action) {
      const c = placements().find((p) => p.action === action);
      if (!c) return;
      rot = c.rot;
      draw();
      showGhost(c);
    },
  };
}

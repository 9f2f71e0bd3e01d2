// Momiji in the browser: leaf cards drawn as cards (their type's colour, leaf and name, the value
// in both top corners, acorns in the bottom corners), the Imperial Garden's display by type with
// the deck, the objectives, every player's row of piles (top card, size when it is known, torii
// on closed piles), hands, acorns and landscapes, and the score broken down.
//
// A turn is a chain of atomic decisions for the server; the page turns them into clear steps.
// Collect: click a column of the display (the acorn refresh is a button by the deck). Play:
// pick cards in your hand one after the other: each goes to its place in your row as a ghost,
// the harvest is shown, then "Play" sends the cards and ends the Play. Objectives, landscapes,
// the compost and the hand limit are buttons and selections. Everything offered comes from
// `legal` and from extras(view), which names each legal action in words and, for a Play,
// holds every sequence of cards the hand allows (extras.play): the JavaScript applies no rule.
import { el, toast, withNames } from "/static/api.js";
import { t, tm, tn } from "/static/i18n.js";
import { TYPES } from "./colours.js";

const SVG = "http://www.w3.org/2000/svg";
const STYLE = {
  G: { fill: TYPES.G, tint: "#e6f0da", dark: "#2c5419", leaf: "oval" },
  Y: { fill: TYPES.Y, tint: "#fbf0c9", dark: "#7c5c06", leaf: "ginkgo" },
  O: { fill: TYPES.O, tint: "#fbe2cc", dark: "#8a3f0b", leaf: "oak" },
  R: { fill: TYPES.R, tint: "#f7d9d3", dark: "#761a12", leaf: "maple" },
  P: { fill: TYPES.P, tint: "#ebdff4", dark: "#472764", leaf: "heart" },
  B: { fill: TYPES.B, tint: "#efe1d1", dark: "#4f3118", leaf: "chestnut" },
};
const SPARE = Object.values(TYPES);
const LEAVES = {
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
const SLOT_FILL = ["#b9cfe0", "#d9c7a3", "#a9cbb0"]; // left, centre, right of the panorama

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function defs() {
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

export function createRenderer(root, ctx) {
  let msg = null;
  let plan = []; // the cards chosen for a Play: [{action, kind, card, side, to}]
  let picked = new Set(); // hand cards chosen for a compost, the hand limit or selling
  let composting = false; // the compost was chosen in the TURN phase: pick its two cards
  let armed = null; // a tapped action waiting for its confirmation (touch screens)
  let queue = []; // the rest of a confirmed chain of decisions, sent one per update
  let lastPointer = "mouse";
  let hint = null; // words of the target under the pointer

  const task = el("p", { class: "mj-task", role: "status", "aria-live": "polite" });
  const sub = el("p", { class: "mj-sub muted" });
  const pills = el("div", { class: "mj-pills" });
  const centre = el("section", {
    class: "panel mj-centre",
    "aria-label": t("The Imperial Garden"),
  });
  const draftBox = el("section", { class: "panel mj-draft" });
  const others = el("div", { class: "mj-others" });
  const mine = el("div", { class: "mj-mine" });
  const handBox = el("section", { class: "panel mj-hand-panel" });
  const bar = el("div", { class: "mj-bar", role: "toolbar", "aria-label": t("Your choices") });
  const scores = el("section", { class: "panel mj-scores" });
  const note = el("p", { class: "mj-note muted" });
  const wrap = el(
    "div",
    { class: "mj" },
    el("div", { class: "mj-head" }, task, sub, pills),
    draftBox,
    centre,
    others,
    mine,
    handBox,
    bar,
    scores,
    note,
  );
  const iconDefs = svg(
    "svg",
    { width: 0, height: 0, style: "position:absolute", "aria-hidden": "true" },
    defs(),
  );
  root.append(
    el("link", { rel: "stylesheet", href: "/games/momiji/web/momiji.css" }),
    iconDefs,
    wrap,
  );

  // -- what the state offers -------------------------------------------------------------------
  const ex = () => (msg && msg.extras) || {};
  const legal = () => (msg && msg.legal) || [];
  const myTurn = () =>
    Boolean(
      msg &&
      !ctx.replay &&
      msg.you !== null &&
      msg.you !== undefined &&
      msg.to_move === msg.you &&
      legal().length,
    );
  const can = (action) => Boolean(action) && myTurn() && legal().includes(action);
  const busy = () => queue.length > 0 || document.body.classList.contains("waiting");
  const words = (action) =>
    ex().actions && ex().actions[action]
      ? withNames(tm(ex().actions[action]), ctx.seatName)
      : action;
  const say = (m) => (m ? withNames(tm(m), ctx.seatName) : "");
  const coarse = () =>
    lastPointer === "touch" ||
    Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  const typeOf = (letter) => (ex().types || []).find((x) => x.letter === letter);
  const typeName = (letter) => {
    const x = typeOf(letter);
    return x ? tm(x.name) : letter;
  };
  const leavesName = (letter) => {
    const x = typeOf(letter);
    return x ? tm(x.leaves) : letter;
  };
  function style(letter) {
    if (STYLE[letter]) return STYLE[letter];
    const i = Math.max(
      0,
      (ex().types || []).findIndex((x) => x.letter === letter),
    );
    return {
      fill: SPARE[i % SPARE.length],
      tint: "#f3ece0",
      dark: "#3b2a1a",
      leaf: Object.keys(LEAVES)[i % 6],
    };
  }
  const kindInfo = (kind) => (ex().kinds || {})[kind];
  const cardWords = (kind) => {
    const k = kindInfo(kind);
    return k ? tm(k.words) : kind;
  };
  const tree = () => (myTurn() && ex().play ? ex().play.nodes : null);
  const selectSpec = () => (myTurn() ? ex().select || (composting ? ex().compost : null) : null);

  // -- drawing one card ------------------------------------------------------------------------
  /** A leaf card as an SVG picture (63 x 88, a card's proportions). */
  function cardSvg(kind, opts = {}) {
    const k = kindInfo(kind);
    if (!k) return backSvg();
    const st = style(k.type);
    const s = svg(
      "svg",
      {
        class: `mj-card${opts.cls ? " " + opts.cls : ""}`,
        viewBox: "0 0 63 88",
        role: "img",
        "aria-label": cardWords(kind),
        "data-kind": kind,
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
  function backSvg(cls = "") {
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
  function acornIcon(cls = "mj-icon") {
    return svg(
      "svg",
      { class: cls, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
      svg("use", { href: "#mj-acorn", x: -10, y: -10, width: 20, height: 20 }),
    );
  }
  function toriiIcon(cls = "mj-icon") {
    return svg(
      "svg",
      { class: cls, viewBox: "-12 -12 24 24", "aria-hidden": "true" },
      svg("use", { href: "#mj-torii", x: -12, y: -12, width: 24, height: 24 }),
    );
  }

  // -- acting --------------------------------------------------------------------------------------
  function clearChoices() {
    plan = [];
    picked = new Set();
    composting = false;
    armed = null;
  }
  /** Send a chain of decisions: the first now, the others one per answer of the server. */
  function send(actions) {
    if (!actions.length || busy() || !can(actions[0])) return;
    queue = actions.slice(1);
    clearChoices();
    if (queue.length) wrap.dataset.busy = "1";
    ctx.act(actions[0]);
  }
  /** A single decision: at once with a mouse or the keyboard; armed first on a touch screen. */
  function direct(action) {
    if (!can(action) || busy()) return;
    if (coarse() && armed !== action) {
      armed = action;
      draw();
      return;
    }
    send([action]);
  }

  // -- the Play: walking the tree of legal sequences ----------------------------------------------
  function nodeAt(steps) {
    let i = 0;
    for (const s of steps) i = s.to;
    return i;
  }
  /** Re-walk a list of chosen cards through the tree, keeping each one that still fits. */
  function rewalk(items) {
    const nodes = tree();
    const out = [];
    if (!nodes) return out;
    let i = 0;
    for (const item of items) {
      const edges = nodes[i].next.filter((e) => e.kind === item.kind);
      const edge =
        edges.find((e) => e.side === item.side) ||
        edges.find((e) => e.side === "right") ||
        edges[0];
      if (!edge) continue;
      out.push({ ...edge, card: item.card });
      i = edge.to;
    }
    return out;
  }
  function choosePlayCard(cardId, kind) {
    const nodes = tree();
    if (!nodes) return;
    armed = null;
    const at = plan.findIndex((p) => p.card === cardId);
    if (at >= 0) {
      plan = rewalk(plan.filter((_, i) => i !== at));
      draw();
      return;
    }
    const node = nodes[nodeAt(plan)];
    const edges = node.next.filter((e) => e.kind === kind);
    if (!edges.length) {
      toast(
        plan.length
          ? t("This card cannot join the cards chosen so far.")
          : t("This card cannot be played now."),
        "info",
      );
      return;
    }
    const edge = edges.find((e) => e.side === "right") || edges[0];
    plan = [...plan, { ...edge, card: cardId }];
    draw();
  }
  function flipSide(index) {
    const item = plan[index];
    if (!item || (item.side !== "left" && item.side !== "right")) return;
    const other = item.side === "left" ? "right" : "left";
    plan = rewalk(plan.map((p, i) => (i === index ? { ...p, side: other } : p)));
    draw();
  }
  function playActions() {
    const nodes = tree();
    if (!nodes || !plan.length) return [];
    const end = nodes[nodeAt(plan)];
    return [...plan.map((p) => p.action), ...(end.open ? [] : ["stop"])];
  }

  // -- selections of hand cards (compost, hand limit, selling) ------------------------------------
  function toggleCard(cardId, kind) {
    const spec = selectSpec();
    if (spec) {
      armed = null;
      if (picked.has(cardId)) picked.delete(cardId);
      else if (picked.size < spec.max) picked.add(cardId);
      else if (spec.max === 1) picked = new Set([cardId]);
      else {
        toast(tn("Choose at most {n} card.", "Choose at most {n} cards.", spec.max), "info");
        return;
      }
      draw();
      return;
    }
    if (tree()) choosePlayCard(cardId, kind);
  }
  function selectionActions() {
    const spec = selectSpec();
    if (!spec || picked.size < spec.min || picked.size > spec.max) return [];
    const hand = ex().hand || [];
    const kinds = [...picked].map((id) => (hand.find((c) => c.id === id) || {}).kind);
    return [
      ...(spec.start ? [spec.start] : []),
      ...kinds.map((k) => spec.kinds[k]),
      ...(spec.what === "sell" ? ["stop"] : []),
    ];
  }
  function confirm() {
    if (busy() || !myTurn()) return;
    if (plan.length) {
      send(playActions());
      return;
    }
    const spec = selectSpec();
    if (spec) {
      const acts = selectionActions();
      if (acts.length) send(acts);
      return;
    }
    if (armed) send([armed]);
  }

  // -- keyboard: arrows move within a group of cards or buttons, C confirms, Esc clears ---------
  document.addEventListener("keydown", (e) => {
    if (!msg || ctx.replay || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const group = e.target.closest?.(".mj [data-group]");
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (step && group) {
      const items = [...group.querySelectorAll("button:not([disabled])")];
      const i = items.indexOf(e.target.closest("button"));
      if (i >= 0 && items.length) {
        e.preventDefault();
        items[(i + step + items.length) % items.length].focus();
      }
      return;
    }
    if (!wrap.isConnected || !myTurn()) return;
    if (e.key === "Escape") {
      clearChoices();
      draw();
    } else if ((e.key === "c" || e.key === "C") && (plan.length || selectSpec() || armed)) {
      e.preventDefault();
      confirm();
    } else if (
      e.key === "Enter" &&
      !e.target.closest?.("button, a") &&
      (plan.length || armed || selectionActions().length)
    ) {
      e.preventDefault();
      confirm();
    }
  });
  wrap.addEventListener("pointerdown", (e) => {
    lastPointer = e.pointerType || "mouse";
  });

  function setHint(text) {
    if (hint === text) return;
    hint = text;
    drawHead();
  }
  function hoverable(node, text) {
    if (!node.title) node.title = text;
    node.addEventListener("pointerenter", (e) => {
      if (e.pointerType !== "touch") setHint(text);
    });
    node.addEventListener("pointerleave", () => setHint(null));
    node.addEventListener("focus", () => setHint(text));
    node.addEventListener("blur", () => setHint(null));
    return node;
  }

  // -- the head: what to do, the turn so far, the table's counters --------------------------------
  function drawHead() {
    const e = ex();
    const over = e.over;
    let text = say(e.prompt);
    if (over) {
      const win = msg.winners || e.winners || [];
      const total = (p) => e.players[p].score.total;
      text =
        win.length === 1
          ? t("The game is over: {name} wins with {n} points.", {
              name: ctx.seatName(win[0]),
              n: total(win[0]),
            })
          : t("The game is over: {names} share the victory.", {
              names: win.map((p) => ctx.seatName(p)).join(", "),
            });
    }
    task.textContent = text;
    const lines = [];
    if (hint) lines.push(hint);
    else if (myTurn()) lines.push(howTo());
    if (!over && e.turn && e.turn.length && msg.to_move !== null && msg.to_move !== undefined) {
      const who =
        msg.to_move === msg.you
          ? t("Your turn so far")
          : t("{name}'s turn so far", { name: ctx.seatName(msg.to_move) });
      lines.push(`${who}: ${e.turn.map((x) => say(x)).join(" · ")}`);
    }
    sub.replaceChildren(
      ...lines.map((l, i) => el("span", { class: i === 0 && hint ? "mj-hint" : "" }, l)),
    );
    sub.hidden = !lines.length;
    const end = e.end || {};
    pills.replaceChildren(
      el(
        "span",
        { class: "pill", "data-pill": "deck" },
        backSvg("mj-pill-card"),
        " ",
        tn("{n} card in the deck", "{n} cards in the deck", e.deck),
      ),
      el(
        "span",
        { class: "pill", "data-pill": "torii" },
        toriiIcon(),
        " ",
        t("{closed} of {needed} piles closed", end),
      ),
      e.discard
        ? el("span", { class: "pill" }, tn("{n} card discarded", "{n} cards discarded", e.discard))
        : "",
      end.last_round
        ? el(
            "span",
            { class: "pill mj-last" },
            end.rule === "extra"
              ? t("One more round, then the game ends")
              : t("Last round: the game ends when it is finished"),
          )
        : "",
    );
    wrap.classList.toggle("my-turn", myTurn());
  }

  /** How to act now, in the words of the device in hand. */
  function howTo() {
    const e = ex();
    const phase = e.phase;
    if (plan.length)
      return t("Pick more cards, or press “Play” (key C). Click a chosen card to put it back.");
    const spec = selectSpec();
    if (spec) {
      if (spec.what === "sell") return t("Pick the cards to sell, then confirm.");
      return tn(
        "Pick {n} card in your hand, then confirm.",
        "Pick {n} cards in your hand, then confirm.",
        spec.min,
      );
    }
    if (phase === "turn" && tree()) {
      return coarse()
        ? t("Tap a column of the display to collect it, or tap cards in your hand to play them.")
        : t(
            "Click a column of the display to collect it, or click cards in your hand to play them (arrows and Enter work too).",
          );
    }
    if (phase === "collect" || phase === "collect2")
      return coarse() ? t("Tap a column of the display.") : t("Click a column of the display.");
    if (phase === "play") return t("Pick another card in your hand, or end the play.");
    return "";
  }

  // -- the Imperial Garden: deck, display, objectives ----------------------------------------------
  function drawCentre() {
    const e = ex();
    const cols = (e.display || []).map((col) => {
      const picks = col.cards.some((c) => c.pick && can(c.pick));
      const stack = el(
        "div",
        { class: "mj-column-cards" },
        ...col.cards.map((c) => {
          if (!picks) return cardSvg(c.kind);
          const action = c.pick;
          const b = el(
            "button",
            {
              type: "button",
              class: `mj-pick${armed === action ? " armed" : ""}`,
              "data-action": action,
              "data-focus": `pick:${c.id}`,
              disabled: !can(action),
              "aria-label": words(action),
              onclick: () => direct(action),
            },
            cardSvg(c.kind),
          );
          return hoverable(b, words(action));
        }),
      );
      const label = el(
        "span",
        { class: "mj-column-label" },
        `${typeName(col.type)} ×${col.cards.length}`,
      );
      if (col.take && can(col.take) && !picks) {
        const b = el(
          "button",
          {
            type: "button",
            class: `mj-column takeable${armed === col.take ? " armed" : ""}`,
            "data-type": col.type,
            "data-action": col.take,
            "data-focus": `col:${col.type}`,
            "aria-label": words(col.take),
            onclick: () => direct(col.take),
          },
          stack,
          label,
        );
        return hoverable(b, words(col.take));
      }
      return el("div", { class: "mj-column", "data-type": col.type }, stack, label);
    });
    const refresh =
      e.refresh && can(e.refresh)
        ? hoverable(
            el(
              "button",
              {
                type: "button",
                id: "mj-refresh",
                class: armed === e.refresh ? "armed" : "",
                "data-action": e.refresh,
                "data-focus": "refresh",
                onclick: () => direct(e.refresh),
              },
              acornIcon(),
              " ",
              t("Pay 1 acorn: 4 new cards"),
            ),
            words(e.refresh),
          )
        : "";
    const deck = el(
      "div",
      { class: "mj-deck" },
      el(
        "div",
        { class: "mj-deck-stack" },
        e.deck ? backSvg() : el("div", { class: "mj-empty-slot" }, t("empty")),
      ),
      el("span", { class: "mj-column-label" }, tn("deck: {n} card", "deck: {n} cards", e.deck)),
      refresh,
    );
    centre.replaceChildren(
      el("h3", {}, t("The Imperial Garden")),
      el(
        "div",
        { class: "mj-garden" },
        deck,
        el(
          "div",
          {
            class: "mj-display",
            role: "group",
            "aria-label": t("Display"),
            "data-group": "display",
          },
          ...(cols.length ? cols : [el("p", { class: "muted" }, t("The display is empty."))]),
        ),
      ),
      el(
        "h4",
        {},
        t("Objectives"),
        " ",
        el("span", { class: "muted mj-small" }, t("(owner 10 points, every other best player 3)")),
      ),
      el(
        "div",
        {
          class: "mj-objectives",
          role: "group",
          "aria-label": t("Objectives"),
          "data-group": "objectives",
        },
        ...(e.objectives || []).map(objective),
      ),
    );
  }

  function objective(o) {
    const e = ex();
    const names = (list) => list.map((p) => ctx.seatName(p)).join(", ");
    let status;
    if (o.owner !== null)
      status = el(
        "span",
        { class: "mj-owner" },
        t("Active · owner: {name}", { name: ctx.seatName(o.owner) }),
      );
    else if (e.over)
      status = el("span", { class: "muted" }, t("Never activated: it scores nothing"));
    else
      status = el(
        "span",
        { class: "muted" },
        tn(
          "Not active · {n} acorn to activate",
          "Not active · {n} acorns to activate",
          e.objective_cost,
        ),
      );
    let lead = "";
    if (o.values && o.best) {
      if (!o.best.length) lead = e.over ? t("Nobody meets it") : t("Nobody scores it yet");
      else if (e.over)
        lead = t("Best: {names} ({n})", { names: names(o.best), n: o.values[o.best[0]] });
      else lead = t("Best now: {names} ({n})", { names: names(o.best), n: o.values[o.best[0]] });
    } else lead = t("Leader unknown: pile contents are secret");
    const body = [
      el("span", { class: "mj-objective-text" }, t("“{objective}”", { objective: tm(o.text) })),
      status,
      el("span", { class: "mj-lead muted" }, lead),
    ];
    if (o.action && can(o.action)) {
      const b = el(
        "button",
        {
          type: "button",
          class: `mj-objective takeable${armed === o.action ? " armed" : ""}`,
          "data-action": o.action,
          "data-objective": o.id,
          "data-focus": `obj:${o.id}`,
          "aria-label": words(o.action),
          onclick: () => direct(o.action),
        },
        ...body,
      );
      return hoverable(b, words(o.action));
    }
    return el(
      "div",
      { class: `mj-objective${o.owner !== null ? " active" : ""}`, "data-objective": o.id },
      ...body,
    );
  }

  // -- the landscape draft ----------------------------------------------------------------------------
  function drawDraft() {
    const d = ex().draft;
    draftBox.hidden = !d;
    if (!d) return;
    draftBox.replaceChildren(
      el("h3", {}, t("Landscape draft: {slot}", { slot: tm(d.slot) })),
      el(
        "div",
        { class: "mj-lands", role: "group", "data-group": "draft" },
        ...d.pool.map((tile) => {
          const body = [el("strong", {}, tm(tile.title)), el("span", {}, tm(tile.text))];
          if (tile.action && can(tile.action)) {
            return hoverable(
              el(
                "button",
                {
                  type: "button",
                  class: `mj-land takeable${armed === tile.action ? " armed" : ""}`,
                  "data-action": tile.action,
                  "data-focus": `draft:${tile.id}`,
                  onclick: () => direct(tile.action),
                },
                ...body,
              ),
              words(tile.action),
            );
          }
          return el("div", { class: "mj-land" }, ...body);
        }),
      ),
    );
  }

  // -- the players ----------------------------------------------------------------------------------
  function seatOrder() {
    const n = msg.players;
    const me = msg.you !== null && msg.you !== undefined ? msg.you : null;
    const first = me === null ? 0 : (me + 1) % n;
    return Array.from({ length: n }, (_, i) => (first + i) % n);
  }

  /** The row as it will be after the chosen cards: real piles, the cards chosen on them, new
   *  piles at the ends. Each target comes from the play tree (side "on", "left", "right"). */
  function plannedRow(p) {
    const row = ex().players[p].row.map((pile) => ({ ...pile, ghosts: [], first: null }));
    if (p !== msg.you) return row;
    plan.forEach((item, i) => {
      const kind = kindInfo(item.kind);
      const ghost = { item, order: i + 1 };
      if (item.side === "on") {
        const pile = row.find((x) => x.type === kind.type);
        if (pile) {
          pile.ghosts.push(ghost);
          pile.closedAfter = item.closes;
        }
        return;
      }
      const entry = {
        type: kind.type,
        top: null,
        size: null,
        closed: false,
        closedAfter: item.closes,
        points: null,
        ghosts: [ghost],
        first: item,
        fresh: true,
      };
      if (item.side === "left") row.unshift(entry);
      else row.push(entry);
    });
    return row;
  }

  function pileEl(pile, p) {
    const closed = pile.closed || pile.closedAfter;
    const stack = el("div", { class: `mj-stack${pile.size > 1 ? " deep" : ""}` });
    if (pile.top) stack.append(cardSvg(pile.top.kind, { torii: pile.closed }));
    // the chosen cards as numbered ghosts, each a little lower than the one it covers
    let over = 0;
    pile.ghosts.forEach((g, i) => {
      const inFlow = !pile.top && i === 0;
      const ghost = cardSvg(g.item.kind, {
        cls: `mj-ghost${inFlow ? "" : " over"}`,
        number: g.order,
        torii: g.item.closes,
      });
      if (!inFlow) {
        ghost.style.top = `${16 + 12 * over}%`;
        ghost.style.left = `${12 + 6 * over}%`;
        over += 1;
      }
      stack.append(ghost);
    });
    if (over)
      stack.style.margin = `0 calc(var(--card) * ${(0.12 + 0.06 * (over - 1)).toFixed(2)}) calc(var(--card) * ${(0.23 + 0.17 * (over - 1)).toFixed(2)}) 0`;
    const info = [];
    if (pile.fresh) info.push(t("new pile"));
    else {
      info.push(tn("{n} card", "{n} cards", pile.size));
      info.push(
        t("{value} × {size} = {n}", {
          value: kindInfo(pile.top.kind).value,
          size: pile.size,
          n: pile.points,
        }),
      );
    }
    const infoEl = el("span", { class: "mj-pile-info" }, ...info.map((x) => el("span", {}, x)));
    const label = pile.top
      ? t("{type} pile, top card {card}", {
          type: leavesName(pile.type),
          card: cardWords(pile.top.kind),
        }) + (pile.closed ? " — " + t("closed with a torii") : "")
      : "";
    const node = el(
      "div",
      {
        class: `mj-pile${closed ? " closed" : ""}${pile.fresh ? " fresh" : ""}`,
        "data-type": pile.type,
        "data-size": pile.size ?? "",
        title: label,
      },
      stack,
      infoEl,
    );
    if (pile.first && p === msg.you) {
      const item = pile.first;
      if (item.side === "left" || item.side === "right") {
        node.append(
          el(
            "button",
            {
              type: "button",
              class: "mj-side",
              "data-focus": `side:${item.card}`,
              title: t("Put this new pile at the other end of your row"),
              onclick: () => flipSide(plan.indexOf(item)),
            },
            item.side === "left" ? t("→ right end") : t("← left end"),
          ),
        );
      }
    }
    return node;
  }

  function gapEl(p, row, i, pairs) {
    const gap = el("div", { class: "mj-gap" });
    const real = ex().players[p].row;
    if (p === msg.you && real[i] && real[i].swap && can(real[i].swap) && !plan.length) {
      const action = real[i].swap;
      gap.append(
        hoverable(
          el(
            "button",
            {
              type: "button",
              class: `mj-swap${armed === action ? " armed" : ""}`,
              "data-action": action,
              "data-focus": `swap:${i}`,
              "aria-label": words(action),
              onclick: () => direct(action),
            },
            "⇄",
          ),
          words(action),
        ),
      );
    }
    if (pairs.includes(i))
      gap.append(
        el(
          "span",
          { class: "mj-harvest", title: t("These two acorns are harvested") },
          acornIcon(),
          "+2",
        ),
      );
    return gap;
  }

  function landscapes(p) {
    return el(
      "div",
      {
        class: "mj-lands",
        role: "group",
        "aria-label": t("Landscapes"),
        "data-group": `lands-${p}`,
      },
      ...ex().players[p].landscapes.map((l) => {
        const body = [
          el("span", { class: "mj-land-slot" }, tm(l.slot_name)),
          el("strong", {}, tm(l.title)),
          el("span", { class: "mj-land-text" }, tm(l.text)),
          l.used ? el("span", { class: "mj-used" }, t("used")) : "",
        ];
        const cls = `mj-land slot-${l.slot}${l.used ? " used" : ""}`;
        if (l.action && can(l.action)) {
          return hoverable(
            el(
              "button",
              {
                type: "button",
                class: `${cls} takeable${armed === l.action ? " armed" : ""}`,
                "data-action": l.action,
                "data-land": l.id,
                "data-focus": `land:${l.id}`,
                style: `--slot:${SLOT_FILL[l.slot]}`,
                "aria-label": words(l.action),
                onclick: () => direct(l.action),
              },
              ...body,
              el("span", { class: "mj-use" }, t("Use: 1 acorn")),
            ),
            words(l.action),
          );
        }
        return el(
          "div",
          { class: cls, "data-land": l.id, style: `--slot:${SLOT_FILL[l.slot]}` },
          ...body,
        );
      }),
    );
  }

  function playerPanel(p) {
    const e = ex();
    const a = e.players[p];
    const row = plannedRow(p);
    const nodes = tree();
    const end = p === msg.you && nodes && plan.length ? nodes[nodeAt(plan)] : null;
    const pairs = end && end.stop ? end.stop.pairs : [];
    const rowEls = [];
    row.forEach((pile, i) => {
      if (i > 0) rowEls.push(gapEl(p, row, i - 1, pairs));
      rowEls.push(pileEl(pile, p));
    });
    const score = a.score.total;
    const head = el(
      "div",
      { class: "mj-player-head" },
      el(
        "h3",
        {},
        el("span", { class: "mj-name" }, ctx.seatName(p)),
        msg.you === p ? el("span", { class: "muted" }, " " + t("(you)")) : "",
        msg.to_move === p && msg.status === "playing"
          ? el("span", { class: "mj-to-move" }, t("to play"))
          : "",
      ),
      el("span", { class: "mj-total", "data-score": p }, tn("{n} point", "{n} points", score)),
    );
    const stats = el(
      "div",
      { class: "mj-stats" },
      el(
        "span",
        { class: "mj-stat", "data-acorns": a.acorns, title: t("Acorns") },
        acornIcon(),
        " ",
        tn("{n} acorn", "{n} acorns", a.acorns),
      ),
      el(
        "span",
        { class: "mj-stat", "data-hand": a.hand, title: t("Cards in hand") },
        backSvg("mj-mini-card"),
        " ",
        tn("{n} card in hand", "{n} cards in hand", a.hand),
      ),
      a.owned.length
        ? el(
            "span",
            { class: "mj-stat" },
            tn("owns {n} objective", "owns {n} objectives", a.owned.length),
          )
        : "",
    );
    return el(
      "section",
      {
        class: `panel mj-player${msg.to_move === p && msg.status === "playing" ? " to-move" : ""}${msg.you === p ? " me" : ""}`,
        "data-player": p,
      },
      head,
      stats,
      rememberedHand(a),
      el(
        "div",
        { class: "mj-row", "aria-label": t("Row of piles") },
        ...(rowEls.length ? rowEls : [el("p", { class: "muted mj-no-piles" }, t("No piles yet."))]),
      ),
      landscapes(p),
    );
  }

  /** A hand this page does not see, as the table remembers it: the cards seen taken face up
   * from the display (faded, with a "?", those a face-down discard may have taken since), and a
   * back for each other card. */
  function rememberedHand(a) {
    if (!a.remembered || !a.hand) return "";
    const cards = a.remembered.map((r) => {
      const words = r.sure
        ? t("{card}, seen taken into this hand", { card: cardWords(r.kind) })
        : t("{card}, seen taken, maybe discarded face down since", { card: cardWords(r.kind) });
      const node = el(
        "span",
        {
          class: `mj-known${r.sure ? "" : " maybe"}`,
          "data-kind": r.kind,
          "data-sure": String(r.sure),
          title: words,
        },
        cardSvg(r.kind, { cls: "mj-known-card" }),
      );
      if (!r.sure) node.append(el("span", { class: "mj-maybe-mark", "aria-hidden": "true" }, "?"));
      return node;
    });
    for (let i = a.remembered.length; i < a.hand; i++)
      cards.push(el("span", { class: "mj-known back" }, backSvg("mj-known-card")));
    return el(
      "div",
      {
        class: "mj-known-hand",
        role: "group",
        "aria-label": t("Their hand as the table remembers it"),
      },
      ...cards,
    );
  }

  function drawPlayers() {
    const order = seatOrder();
    const me = msg.you !== null && msg.you !== undefined ? msg.you : null;
    others.replaceChildren(...order.filter((p) => p !== me).map(playerPanel));
    others.dataset.count = order.length - (me === null ? 0 : 1);
    mine.replaceChildren(...(me === null ? [] : [playerPanel(me)]));
  }

  // -- your hand and the choice bar -----------------------------------------------------------------
  function drawHand() {
    const e = ex();
    const hand = e.hand;
    handBox.hidden = !hand;
    if (!hand) return;
    const spec = selectSpec();
    const nodes = tree();
    const node = nodes ? nodes[nodeAt(plan)] : null;
    const inPlan = new Map(plan.map((p, i) => [p.card, i + 1]));
    const cards = hand.map((c) => {
      const chosen = spec ? picked.has(c.id) : inPlan.has(c.id);
      let usable = false;
      if (spec) usable = Boolean(spec.kinds[c.kind]);
      else if (node) usable = inPlan.has(c.id) || node.next.some((x) => x.kind === c.kind);
      const b = el(
        "button",
        {
          type: "button",
          class: `mj-hand-card${chosen ? " chosen" : ""}${usable ? " usable" : ""}`,
          "data-card": c.id,
          "data-kind": c.kind,
          "data-focus": `hand:${c.id}`,
          "aria-pressed": String(chosen),
          disabled: !usable,
          "aria-label": cardWords(c.kind),
          onclick: () => toggleCard(c.id, c.kind),
        },
        cardSvg(c.kind, { number: !spec && inPlan.get(c.id) }),
      );
      return b;
    });
    const title = spec
      ? {
          compost: t("Compost: pick 2 cards (they go face down; +1 acorn)"),
          discard: tn(
            "Hand limit: pick {n} card to discard",
            "Hand limit: pick {n} cards to discard",
            spec.min,
          ),
          sell: tn(
            "Sell: pick up to {n} card (+1 acorn each)",
            "Sell: pick up to {n} cards (+1 acorn each)",
            spec.max,
          ),
        }[spec.what]
      : tn("Your hand: {n} card", "Your hand: {n} cards", hand.length);
    handBox.replaceChildren(
      el("h3", {}, title),
      el(
        "div",
        {
          class: `mj-hand${cards.some((b) => !b.disabled) ? " choosing" : ""}`,
          role: "group",
          "aria-label": t("Your hand"),
          "data-group": "hand",
          "data-min": spec ? spec.min : "",
          "data-max": spec ? spec.max : "",
          style: `--n:${Math.max(2, hand.length)}`,
        },
        ...cards,
      ),
      planWords(),
    );
  }

  function sideWords(item) {
    if (item.side === "on") return t("on its pile");
    if (item.side === "left") return t("new pile at the left end");
    if (item.side === "right") return t("new pile at the right end");
    return t("your first pile");
  }

  function planWords() {
    if (!plan.length) return "";
    const nodes = tree();
    const end = nodes[nodeAt(plan)];
    const items = plan.map((item) =>
      el(
        "li",
        {},
        `${cardWords(item.kind)} → ${sideWords(item)}`,
        item.closes ? " — " + t("closes the pile (torii)") : "",
      ),
    );
    let harvest = "";
    if (end.stop) {
      if (end.stop.acorns)
        harvest = tn(
          "Mixed play: the harvest brings {n} acorn.",
          "Mixed play: the harvest brings {n} acorns.",
          end.stop.acorns,
        );
      else if (end.stop.mixed) harvest = t("Mixed play: no neighbouring acorns to harvest.");
      else harvest = t("Cards of one type: no harvest.");
    }
    return el(
      "div",
      { class: "mj-plan", "aria-live": "polite" },
      el("ol", {}, ...items),
      harvest ? el("p", { class: "mj-plan-harvest" }, acornIcon(), " ", harvest) : "",
      end.open ? el("p", { class: "muted" }, t("You can go on after these cards.")) : "",
    );
  }

  function drawBar() {
    bar.hidden = !myTurn();
    if (!myTurn()) {
      bar.replaceChildren();
      return;
    }
    const e = ex();
    const items = [];
    const button = (id, label, onclick, cls = "", extra = {}) =>
      el(
        "button",
        { type: "button", id, class: cls, "data-focus": `bar:${id}`, onclick, ...extra },
        label,
      );
    const spec = selectSpec();
    if (plan.length) {
      const acts = playActions();
      items.push(
        button(
          "mj-confirm",
          tn("Play {n} card", "Play {n} cards", plan.length),
          () => confirm(),
          "primary",
          { "data-actions": acts.join("|") },
        ),
      );
      items.push(
        button("mj-clear", t("Clear"), () => {
          plan = [];
          draw();
        }),
      );
    } else if (spec) {
      const ok = selectionActions().length > 0;
      const label = {
        compost: t("Compost these cards"),
        discard: t("Discard these cards"),
        sell: picked.size ? tn("Sell {n} card", "Sell {n} cards", picked.size) : t("Sell nothing"),
      }[spec.what];
      items.push(button("mj-confirm", label, () => confirm(), "primary", { disabled: !ok }));
      if (composting)
        items.push(
          button("mj-clear", t("Cancel"), () => {
            composting = false;
            picked = new Set();
            draw();
          }),
        );
      else if (picked.size)
        items.push(
          button("mj-clear", t("Clear"), () => {
            picked = new Set();
            draw();
          }),
        );
    } else if (armed) {
      items.push(el("span", { class: "mj-armed" }, words(armed)));
      items.push(button("mj-confirm", t("Confirm"), () => confirm(), "primary"));
      items.push(
        button("mj-clear", t("Cancel"), () => {
          armed = null;
          draw();
        }),
      );
    } else {
      if (can("stop"))
        items.push(
          hoverable(
            button(
              "mj-stop",
              words("stop"),
              () => direct("stop"),
              e.phase === "play" ? "primary" : "",
            ),
            words("stop"),
          ),
        );
      if (e.compost && can("compost")) {
        items.push(
          hoverable(
            button("mj-compost", t("Compost 2 cards (+1 acorn)"), () => {
              composting = true;
              picked = new Set();
              plan = [];
              armed = null;
              draw();
            }),
            words("compost"),
          ),
        );
      }
      if (can("end")) {
        items.push(
          hoverable(
            button("mj-end", words("end"), () => direct("end"), e.main_done ? "primary" : ""),
            words("end"),
          ),
        );
      }
    }
    bar.replaceChildren(...items);
  }

  // -- scores --------------------------------------------------------------------------------------
  function drawScores() {
    const e = ex();
    const order = Array.from({ length: msg.players }, (_, p) => p);
    const cell = (v) => (v === null || v === undefined ? "?" : String(v));
    const row = (label, values, cls = "") =>
      el(
        "tr",
        { class: cls },
        el("th", {}, label),
        ...values.map((v, p) => el("td", { "data-player": p }, cell(v))),
      );
    const rows = [
      row(
        t("Piles (top value × cards)"),
        order.map((p) => e.players[p].score.piles),
      ),
      row(
        t("Acorns"),
        order.map((p) => e.players[p].score.acorns),
      ),
    ];
    for (const o of e.objectives || []) {
      if (o.owner === null) continue;
      rows.push(
        row(
          t("“{objective}” (owner {name})", { objective: tm(o.text), name: ctx.seatName(o.owner) }),
          order.map((p) => (o.points ? o.points[p] : null)),
          "objective",
        ),
      );
    }
    scores.replaceChildren(
      el("h3", {}, e.over ? t("Final scores") : t("Scores so far")),
      el(
        "table",
        { class: "mj-score-table" },
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
            ...order.map((p) => el("td", { "data-total": p }, cell(e.players[p].score.total))),
          ),
        ),
      ),
    );
  }

  function drawNote() {
    note.replaceChildren(
      t(
        "Landscape powers, objectives and acorn corners are stand-ins of our own (the published ones are not known to us).",
      ),
      " ",
      el(
        "a",
        {
          href: "/rules/momiji",
          target: "leafpile-rules",
          title: "src/leafpile/games/momiji/README.md",
        },
        t("What is ours"),
      ),
    );
  }

  // -- drawing everything -----------------------------------------------------------------------------
  function draw() {
    if (!msg || !msg.extras || !msg.extras.players) return;
    const focused =
      document.activeElement && wrap.contains(document.activeElement)
        ? document.activeElement.dataset.focus
        : null;
    if (armed && !can(armed)) armed = null;
    drawHead();
    drawDraft();
    drawCentre();
    drawPlayers();
    drawHand();
    drawBar();
    drawScores();
    drawNote();
    wrap.dataset.phase = ex().phase;
    wrap.dataset.plan = plan.map((p) => p.action).join("|");
    if (focused) {
      const again =
        wrap.querySelector(`[data-focus="${CSS.escape(focused)}"]`) ||
        (focused.startsWith("hand:")
          ? wrap.querySelector(".mj-hand button:not([disabled])")
          : null);
      if (again) again.focus({ preventScroll: true });
    }
  }

  return {
    update(next) {
      const moved = !msg || next.version !== msg.version;
      msg = next;
      if (moved) {
        hint = null;
        if (queue.length) {
          const action = queue[0];
          if (myTurn() && legal().includes(action)) {
            queue = queue.slice(1);
            if (!queue.length) delete wrap.dataset.busy;
            draw();
            ctx.act(action);
            return;
          }
          queue = [];
          delete wrap.dataset.busy;
          if (myTurn())
            toast(t("The rest of your choice is no longer possible; please choose again."), "info");
        }
        clearChoices();
      } else if (plan.length) {
        plan = rewalk(plan);
      }
      draw();
    },
  };
}

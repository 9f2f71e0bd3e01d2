// Undergrove in the browser: the forest drawn as tiles, pieces and roots, each player's board,
// the hand, the carbon track, the goals and the scores. A turn is a guided sequence of small
// decisions: the page says in words what is asked and what is still owed; the choices are drawn
// where they belong (a tile, a corner, a root slot or an empty slot of the forest, a card in
// the hand, a token or a resource on your board, a bonus tile) and listed as buttons.
// Every choice comes from the server: `legal` (the notations) and `extras.choices` (what each
// one means and where it points), so the page never reads the rules.
import { el, withNames } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import {
  S,
  TOKEN_GLYPHS,
  cornerPoint,
  defs,
  emptySlot,
  pieceGroup,
  rootGroup,
  rootPath,
  rulers,
  svg,
  tileGroup,
} from "./forest.js";
import { goalsPanel, handPanel, playerPanel, scorePanel, tileCard, trackPanel } from "./panels.js";

const BIG = new Set(["place", "seedling", "root", "carbon"]); // many choices: listed folded
const CONFIRM = new Set([
  "main",
  "activate",
  "copy",
  "place",
  "seedling",
  "root",
  "carbon",
  "take",
  "end",
  "bonus",
  "discard",
]);
const HEADINGS = () => ({
  activate: t("Activate a mushroom you have a root on (or click a lit tile):"),
  bonus: t("Spend a bonus tile first:"),
  copy: t("Copy a mushroom (or click a lit tile):"),
  take: t("Take a bonus tile:"),
  end: t("Choose an end space:"),
  discard: t("Discard (or click a card in your hand):"),
});

function key(x, y) {
  return `${x},${y}`;
}

export function createRenderer(root, ctx) {
  let msg = null;
  let sel = {}; // the partial choice: {hand, tile, corner}
  let candidate = null; // the target or button under the pointer / keyboard cursor
  let lastPointer =
    window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
  let infoTile = null; // the tile whose details are shown

  const head = el("div", { class: "ug-head" });
  const decision = el("section", { class: "panel ug-decision", "aria-live": "polite" });
  const board = svg("svg", { class: "ug-forest", role: "img", "aria-label": t("The forest") });
  const boardWrap = el("div", { class: "ug-forest-wrap" }, board);
  const info = el("div", { class: "ug-info" });
  const players = el("div", { class: "ug-players" });
  const lower = el("div", { class: "ug-lower" });
  const finalBox = el("div", { class: "ug-final" });
  const wrap = el(
    "div",
    { class: "ug" },
    head,
    decision,
    finalBox,
    el(
      "div",
      { class: "ug-main" },
      el("div", { class: "ug-forest-col" }, boardWrap, info),
      players,
    ),
    lower,
  );
  root.append(
    el("link", { rel: "stylesheet", href: "/games/undergrove/web/undergrove.css" }),
    wrap,
  );
  const layers = {
    slots: svg("g"),
    tiles: svg("g"),
    roots: svg("g"),
    pieces: svg("g"),
    ghost: svg("g", { class: "ug-ghost" }),
    targets: svg("g", { class: "ug-targets" }),
    rulers: svg("g"),
  };
  board.append(
    defs(),
    layers.rulers,
    layers.slots,
    layers.tiles,
    layers.roots,
    layers.pieces,
    layers.ghost,
    layers.targets,
  );

  // -- the choices --------------------------------------------------------------------------
  function choices() {
    if (!msg || ctx.replay || !msg.legal || !msg.legal.length) return [];
    const ex = (msg.extras && msg.extras.choices) || {};
    return msg.legal.map((action) => ({
      action,
      ...(ex[action] || { label: action, group: "other" }),
    }));
  }
  function choiceFor(kind, value) {
    const all = choices();
    if (kind === "res") return all.find((c) => c.group === "res" && c.res === value);
    if (kind === "token") return all.find((c) => c.group === "token" && c.token === value);
    if (kind === "bonus") return all.find((c) => c.group === "bonus" && c.bonus === value);
    if (kind === "take") return all.find((c) => c.group === "take" && c.bonus === value);
    if (kind === "end") return all.find((c) => c.group === "end" && c.end === value);
    if (kind === "discard") return all.find((c) => c.group === "discard" && c.hand === value);
    if (kind === "place") return all.find((c) => c.group === "place" && c.hand === value);
    return null;
  }
  function placedAt() {
    const out = {};
    for (const [id, x, y] of msg.view.tiles) out[id] = [x, y];
    return out;
  }
  function handChoice() {
    const places = choices().filter((c) => c.group === "place");
    if (!places.length) return null;
    if (sel.hand && places.some((c) => c.hand === sel.hand)) return sel.hand;
    return places[0].hand;
  }

  /** What may be clicked on the forest now: {kind, x, y, actions | pick, label}. */
  function targets() {
    const out = [];
    const all = choices();
    if (!all.length) return out;
    const at = placedAt();
    const byKey = new Map();
    const add = (kindKey, target, c) => {
      let tg = byKey.get(kindKey);
      if (!tg) {
        tg = { ...target, actions: [] };
        byKey.set(kindKey, tg);
        out.push(tg);
      }
      if (c) tg.actions.push(c);
      return tg;
    };
    for (const c of all) {
      if ((c.group === "activate" || c.group === "copy") && at[c.tile]) {
        add(
          `tile:${c.tile}`,
          { kind: "tile", tile: c.tile, x: at[c.tile][0], y: at[c.tile][1] },
          c,
        );
      } else if (c.group === "seedling" && c.corner) {
        add(`corner:${c.corner}`, { kind: "corner", x: c.corner[0], y: c.corner[1] }, c);
      } else if (c.group === "root" && c.corner && at[c.tile]) {
        const [tx, ty] = at[c.tile];
        const slot = c.corner[0] - tx + 2 * (c.corner[1] - ty);
        if (slot >= 0 && slot < 4)
          add(
            `root:${c.tile}:${slot}`,
            { kind: "root", tile: c.tile, slot, x: tx, y: ty, corner: c.corner },
            c,
          );
      } else if (c.group === "place" && c.cell && c.hand === handChoice()) {
        add(`cell:${c.cell}`, { kind: "cell", hand: c.hand, x: c.cell[0], y: c.cell[1] }, c);
      }
    }
    const carbon = all.filter((c) => c.group === "carbon" && c.corner && at[c.tile]);
    if (carbon.length) {
      if (sel.tile && carbon.some((c) => c.tile === sel.tile)) {
        for (const c of carbon.filter((c) => c.tile === sel.tile))
          add(
            `corner:${c.corner}`,
            { kind: "corner", x: c.corner[0], y: c.corner[1], steps: c.steps, from: c.tile },
            c,
          );
      } else if (sel.corner && carbon.some((c) => key(...c.corner) === sel.corner)) {
        for (const c of carbon.filter((c) => key(...c.corner) === sel.corner))
          add(
            `tile:${c.tile}`,
            {
              kind: "tile",
              tile: c.tile,
              x: at[c.tile][0],
              y: at[c.tile][1],
              steps: c.steps,
              to: c.corner,
            },
            c,
          );
      } else {
        for (const c of carbon) {
          add(`tile:${c.tile}`, {
            kind: "tile",
            tile: c.tile,
            x: at[c.tile][0],
            y: at[c.tile][1],
            pick: `tile:${c.tile}`,
            label: t("Take the carbon from {tile}", { tile: tileName(c.tile) }),
          });
          add(`corner:${c.corner}`, {
            kind: "corner",
            x: c.corner[0],
            y: c.corner[1],
            pick: `corner:${key(...c.corner)}`,
            label: t("Feed the seedling at {at}", { at: key(...c.corner) }),
          });
        }
      }
    }
    for (const tg of out) {
      if (!tg.pick && tg.actions.length === 1) tg.label = tg.actions[0].label;
      else if (!tg.pick) tg.label = tn("{n} choice here", "{n} choices here", tg.actions.length);
      const [px, py] = targetPoint(tg);
      tg.px = px;
      tg.py = py;
      tg.id = tg.pick || tg.actions.map((c) => c.action).join("|");
    }
    return out;
  }
  function targetPoint(tg) {
    if (tg.kind === "corner") return cornerPoint(tg.x, tg.y);
    if (tg.kind === "root") {
      const p = rootPath(tg.x, tg.y, tg.slot);
      return [p.x2, p.y2];
    }
    return [(tg.x + 0.5) * S, (tg.y + 0.5) * S];
  }
  function tileName(id) {
    const tiles = (msg.extras && msg.extras.tiles) || {};
    return tiles[id] ? tiles[id].name : `#${id}`;
  }

  // -- acting -------------------------------------------------------------------------------
  function act(action) {
    if (!msg || !msg.legal.includes(action)) return;
    candidate = null;
    ctx.act(action);
  }
  /** Click on a choice: acts, except on a touch screen where a consequential choice is first
   * previewed (tap again or Confirm). */
  function choose(c, origin) {
    const preview = lastPointer === "touch" && CONFIRM.has(c.group);
    if (preview && (!candidate || candidate.id !== c.action)) {
      setCandidate({ id: c.action, actions: [c], label: c.label, origin });
      return;
    }
    act(c.action);
  }
  function pick(value) {
    const [kind, ...rest] = value.split(":");
    const v = rest.join(":");
    if (kind === "hand") sel = { hand: Number(v) };
    else if (kind === "tile") sel = { tile: Number(v) };
    else if (kind === "corner") sel = { corner: v };
    candidate = null;
    draw();
  }
  function useTarget(tg) {
    if (tg.pick) {
      pick(tg.pick);
      return;
    }
    if (tg.actions.length === 1) {
      choose(tg.actions[0], "forest");
      return;
    }
    // several answers at one spot: narrow the choice and list them
    if (tg.kind === "corner") sel = { ...sel, corner: key(tg.x, tg.y) };
    if (tg.kind === "tile") sel = { ...sel, tile: tg.tile };
    setCandidate(tg);
    draw();
  }

  // -- pointer and keyboard on the forest ----------------------------------------------------
  function toSvg(event) {
    const pt = board.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const m = board.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }
  function nearest(event) {
    const p = toSvg(event);
    let best = null;
    let bestD = Infinity;
    for (const tg of targets()) {
      const reach =
        tg.kind === "tile" || tg.kind === "cell" ? S * 0.5 : tg.kind === "root" ? 18 : 22;
      const d = Math.hypot(tg.px - p.x, tg.py - p.y);
      if (d <= reach && d < bestD) {
        best = tg;
        bestD = d;
      }
    }
    return best;
  }
  function tileAt(event) {
    const p = toSvg(event);
    const x = Math.floor(p.x / S);
    const y = Math.floor(p.y / S);
    const found = msg && msg.view.tiles.find(([, tx, ty]) => tx === x && ty === y);
    return found ? found[0] : null;
  }
  board.addEventListener("pointerdown", (e) => {
    lastPointer = e.pointerType || "mouse";
  });
  board.addEventListener("pointermove", (e) => {
    if ((e.pointerType || "mouse") === "touch" || !msg) return;
    lastPointer = e.pointerType || "mouse";
    const tg = nearest(e);
    if ((tg && tg.id) !== (candidate && candidate.id)) setCandidate(tg);
    const id = tileAt(e);
    if (id !== infoTile) {
      infoTile = id;
      drawInfo();
    }
  });
  board.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "touch" && candidate && candidate.origin !== "key") setCandidate(null);
  });
  board.addEventListener("click", (e) => {
    if (!msg) return;
    const id = tileAt(e);
    if (id !== infoTile) {
      infoTile = id;
      drawInfo();
    }
    const tg = nearest(e);
    if (!tg) return;
    if (lastPointer === "touch" && (!candidate || candidate.id !== tg.id) && !tg.pick) {
      setCandidate(tg);
      return;
    }
    useTarget(tg);
  });

  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function step([dx, dy]) {
    const all = targets();
    if (!all.length) return;
    const from = candidate && all.find((tg) => tg.id === candidate.id);
    if (!from) {
      setCandidate({ ...all[0], origin: "key" });
      return;
    }
    let best = null;
    let bestD = Infinity;
    for (const tg of all) {
      const along = (tg.px - from.px) * dx + (tg.py - from.py) * dy;
      if (along <= 1) continue;
      const across = Math.abs((tg.px - from.px) * dy) + Math.abs((tg.py - from.py) * dx);
      const d = along + 2 * across;
      if (d < bestD) {
        best = tg;
        bestD = d;
      }
    }
    if (best) setCandidate({ ...best, origin: "key" });
  }
  document.addEventListener("keydown", (e) => {
    if (ctx.replay || !msg || e.target.closest?.("input, select, textarea")) return;
    if (
      ARROWS[e.key] &&
      targets().length &&
      !e.target.closest?.("button, [role=button], summary")
    ) {
      e.preventDefault();
      lastPointer = "key";
      step(ARROWS[e.key]);
    } else if (
      e.key === "Enter" &&
      candidate &&
      candidate.origin === "key" &&
      !e.target.closest?.("button, [role=button], summary, a")
    ) {
      e.preventDefault();
      const tg = targets().find((x) => x.id === candidate.id);
      if (tg) useTarget(tg);
    } else if (e.key === "Escape" && (sel.hand || sel.tile || sel.corner)) {
      sel = {};
      draw();
    }
  });
  // clicks and Enter on drawn HTML choices (cards, tokens, resources, bonus tiles)
  wrap.addEventListener(
    "pointerdown",
    (e) => {
      lastPointer = e.pointerType || "mouse";
    },
    true,
  );
  wrap.addEventListener("click", (e) => {
    const node = e.target.closest?.("[data-action], [data-pick]");
    if (!node || !wrap.contains(node) || board.contains(node)) return;
    if (node.dataset.pick) {
      pick(node.dataset.pick);
      return;
    }
    const c = choices().find((x) => x.action === node.dataset.action);
    if (c) choose(c, "panel");
  });
  wrap.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const node = e.target.closest?.("[role=button][data-action], [role=button][data-pick]");
    if (!node || node.tagName === "BUTTON") return;
    e.preventDefault();
    lastPointer = "key";
    node.click();
  });
  wrap.addEventListener("pointerover", (e) => {
    const node = e.target.closest?.("button[data-action]");
    if (!node || e.pointerType === "touch") return;
    const c = choices().find((x) => x.action === node.dataset.action);
    if (c) setCandidate({ id: c.action, actions: [c], label: c.label, origin: "button" });
  });

  // -- drawing ------------------------------------------------------------------------------
  function setCandidate(tg) {
    candidate = tg;
    drawGhost();
    drawHint();
  }

  function bounds(v, ex) {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    const grow = (x, y) => {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    };
    for (const [, x, y] of v.tiles) grow(x, y);
    for (const [x, y] of ex.empty_cells || []) grow(x, y);
    if (!Number.isFinite(x0)) {
      x0 = -1;
      y0 = -1;
      x1 = 2;
      y1 = 2;
    }
    return { x0: x0 - 0.25, y0: y0 - 0.25, x1: x1 + 0.25, y1: y1 + 0.25 };
  }

  function sizeBoard(b) {
    const cols = b.x1 - b.x0;
    const rows = b.y1 - b.y0;
    const narrow = window.innerWidth < 760;
    // a wide forest takes the whole width, the players' boards go below it
    const beside = window.innerWidth > 980;
    wrap.classList.toggle("ug-wide", beside && cols * 92 > (wrap.clientWidth || 900) - 310);
    const width = boardWrap.clientWidth || 600;
    const maxH = narrow ? window.innerHeight * 0.75 : Math.max(420, window.innerHeight * 0.85);
    let cell = Math.min(width / cols, maxH / rows, 120);
    cell = Math.max(cell, narrow ? 80 : 88);
    const w = Math.round(cols * cell);
    const firstTime = !board.getAttribute("width");
    board.setAttribute("width", String(w));
    board.setAttribute("height", String(Math.round(rows * cell)));
    // a forest wider than the screen scrolls inside its frame: start at the Earthlover
    if (firstTime && w > width) boardWrap.scrollLeft = Math.max(0, (0.5 - b.x0) * cell - width / 2);
  }

  function drawForest() {
    const v = msg.view;
    const ex = msg.extras || {};
    const tiles = ex.tiles || {};
    const b = bounds(v, ex);
    board.setAttribute(
      "viewBox",
      `${b.x0 * S} ${b.y0 * S} ${(b.x1 - b.x0) * S} ${(b.y1 - b.y0) * S}`,
    );
    sizeBoard(b);
    layers.rulers.replaceChildren(rulers(b.x0, b.y0, b.x1, b.y1));
    layers.slots.replaceChildren(...(ex.empty_cells || []).map(([x, y]) => emptySlot(x, y)));
    const activated = new Set((ex.turn || {}).activated || []);
    layers.tiles.replaceChildren(
      ...v.tiles.map(([id, x, y, carbon, stored]) => {
        const g = tileGroup(id, x, y, carbon, stored, tiles[id], { filter: "url(#ug-shadow)" });
        if (activated.has(id) && v.pending.length) {
          g.classList.add("used");
          g.append(
            svg(
              "text",
              { x: S / 2, y: S - 3, "text-anchor": "middle", class: "ug-used" },
              t("used this turn"),
            ),
          );
        }
        return g;
      }),
    );
    const at = placedAt();
    layers.roots.replaceChildren(
      ...v.roots
        .map(([id, slot, p]) => (at[id] ? rootGroup(at[id][0], at[id][1], slot, p) : null))
        .filter(Boolean),
    );
    layers.pieces.replaceChildren(
      ...v.pieces.map(([x, y, code, carbon]) =>
        pieceGroup(x, y, code, carbon, {
          "data-corner": key(x, y),
          "aria-label":
            code === 8
              ? t("place-holder")
              : code >= 4
                ? t("Tree of {name}", { name: ctx.seatName(code % 4) })
                : t("Seedling of {name} with {n} carbon", {
                    name: ctx.seatName(code % 4),
                    n: carbon,
                  }),
        }),
      ),
    );
    drawTargets();
    drawGhost();
  }

  function drawTargets() {
    const nodes = [];
    for (const tg of targets()) {
      const attrs = {
        class: `ug-target ${tg.kind}${tg.pick ? " pick" : ""}`,
        "data-target": tg.id,
        role: "button",
        tabindex: -1,
        "aria-label": tg.label,
      };
      if (tg.pick) attrs["data-pick"] = tg.pick;
      else if (tg.actions.length === 1) attrs["data-action"] = tg.actions[0].action;
      if (tg.kind === "tile" || tg.kind === "cell") {
        const g = svg(
          "g",
          attrs,
          svg("rect", { x: tg.x * S + 3, y: tg.y * S + 3, width: S - 6, height: S - 6, rx: 10 }),
        );
        if (tg.kind === "cell")
          g.append(
            svg(
              "text",
              {
                x: (tg.x + 0.5) * S,
                y: (tg.y + 0.5) * S + 9,
                "text-anchor": "middle",
                class: "ug-plus",
              },
              "+",
            ),
          );
        if (tg.steps !== undefined && !tg.pick) g.append(stepsBadge(tg.px, tg.py + 30, tg.steps));
        nodes.push(g);
      } else if (tg.kind === "corner") {
        const g = svg("g", attrs, svg("circle", { cx: tg.px, cy: tg.py, r: 17 }));
        if (tg.steps !== undefined && !tg.pick) g.append(stepsBadge(tg.px, tg.py - 26, tg.steps));
        nodes.push(g);
      } else if (tg.kind === "root") {
        const p = rootPath(tg.x, tg.y, tg.slot);
        nodes.push(
          svg(
            "g",
            attrs,
            svg("line", { ...p, class: "ug-root-spot" }),
            svg("circle", { cx: p.x2, cy: p.y2, r: 11 }),
          ),
        );
      }
    }
    // the selected carbon source or seedling stays marked
    if (sel.tile) {
      const at = placedAt()[sel.tile];
      if (at)
        nodes.push(
          svg("rect", {
            class: "ug-selected",
            x: at[0] * S + 1,
            y: at[1] * S + 1,
            width: S - 2,
            height: S - 2,
            rx: 12,
          }),
        );
    }
    if (sel.corner) {
      const [x, y] = sel.corner.split(",").map(Number);
      nodes.push(svg("circle", { class: "ug-selected", cx: x * S, cy: y * S, r: 19 }));
    }
    layers.targets.replaceChildren(...nodes);
  }

  function stepsBadge(x, y, steps) {
    const text = steps ? tn("{n} step", "{n} steps", steps) : t("free");
    return svg(
      "g",
      { class: "ug-steps" },
      svg("rect", { x: x - 22, y: y - 9, width: 44, height: 15, rx: 7 }),
      svg("text", { x, y: y + 2.5, "text-anchor": "middle" }, text),
    );
  }

  function drawGhost() {
    layers.ghost.replaceChildren();
    for (const n of layers.targets.querySelectorAll(".hot")) n.classList.remove("hot");
    if (!candidate || !msg) return;
    const hot = layers.targets.querySelector(`[data-target="${CSS.escape(candidate.id)}"]`);
    if (hot) hot.classList.add("hot");
    const c = candidate.actions && candidate.actions.length === 1 ? candidate.actions[0] : null;
    const tiles = (msg.extras && msg.extras.tiles) || {};
    const at = placedAt();
    const me = msg.to_move;
    if (!c) return;
    const ghost = { "data-ghost": c.action, opacity: 0.85 };
    if (c.group === "place" && c.cell) {
      layers.ghost.append(tileGroup(c.hand, c.cell[0], c.cell[1], 0, 0, tiles[c.hand], ghost));
    } else if (c.group === "seedling" && c.corner) {
      layers.ghost.append(pieceGroup(c.corner[0], c.corner[1], me, 0, ghost));
    } else if (c.group === "root" && c.corner && at[c.tile]) {
      const [tx, ty] = at[c.tile];
      layers.ghost.append(rootGroup(tx, ty, c.corner[0] - tx + 2 * (c.corner[1] - ty), me, ghost));
    } else if (c.group === "carbon" && c.corner && at[c.tile]) {
      const [tx, ty] = at[c.tile];
      const [cx, cy] = cornerPoint(...c.corner);
      layers.ghost.append(
        svg(
          "g",
          ghost,
          svg("line", {
            x1: (tx + 0.5) * S,
            y1: (ty + 0.62) * S,
            x2: cx,
            y2: cy,
            class: "ug-arrow",
            "marker-end": "url(#ug-arrow)",
          }),
          stepsBadge(((tx + 0.5) * S + cx) / 2, ((ty + 0.62) * S + cy) / 2, c.steps),
        ),
      );
    } else if ((c.group === "activate" || c.group === "copy") && at[c.tile]) {
      const [tx, ty] = at[c.tile];
      layers.ghost.append(
        svg("rect", {
          ...ghost,
          class: "ug-glow",
          x: tx * S + 1,
          y: ty * S + 1,
          width: S - 2,
          height: S - 2,
          rx: 12,
        }),
      );
    }
  }

  function drawHint() {
    const hint = decision.querySelector(".ug-hint");
    if (!hint) return;
    hint.replaceChildren();
    if (!candidate) {
      const all = choices();
      if (all.length && targets().length)
        hint.append(
          el(
            "span",
            { class: "muted" },
            lastPointer === "touch"
              ? t("Tap a lit spot on the forest to preview it, then tap again or press Confirm.")
              : t(
                  "Point at a lit spot on the forest to preview it, click to choose (or arrow keys and Enter).",
                ),
          ),
        );
      return;
    }
    const c = candidate.actions && candidate.actions.length === 1 ? candidate.actions[0] : null;
    hint.append(el("b", {}, candidate.label || (c && c.label) || ""));
    if (c && c.detail) hint.append(el("span", {}, " — ", c.detail));
    if (lastPointer === "touch" && c) {
      hint.append(
        " ",
        el(
          "button",
          { type: "button", class: "primary", id: "ug-confirm", "data-action": c.action },
          t("Confirm"),
        ),
      );
    } else if (candidate.origin === "key")
      hint.append(el("span", { class: "muted" }, " ", t("(Enter to choose)")));
  }

  function drawHead() {
    const v = msg.view;
    const ex = msg.extras || {};
    const parts = [el("span", { class: "pill" }, t("Round {n}", { n: ex.round ?? v.round + 1 }))];
    if (ex.final_round)
      parts.push(
        el(
          "span",
          { class: "pill ug-last" },
          t("The game ends after round {n}", { n: ex.final_round }),
        ),
      );
    if (ex.round_limit)
      parts.push(el("span", { class: "pill muted" }, t("round limit {n}", { n: ex.round_limit })));
    parts.push(
      el(
        "span",
        { class: "pill" },
        tn("{n} tile in the deck", "{n} tiles in the deck", ex.deck ?? 0),
      ),
      el("span", { class: "pill" }, t("{n} discarded", { n: v.discard.length })),
    );
    head.replaceChildren(...parts);
  }

  function turnSummary() {
    if (!msg.log || msg.status !== "playing" || msg.to_move === null || msg.to_move === undefined)
      return [];
    const out = [];
    for (let i = msg.log.length - 1; i >= 0; i--) {
      if (msg.log[i].seat !== msg.to_move) break;
      out.unshift(msg.log[i].text);
    }
    return out;
  }

  function drawDecision() {
    const v = msg.view;
    const ex = msg.extras || {};
    const all = choices();
    const mover = msg.to_move;
    const over = msg.status === "finished" || v.over;
    const parts = [];
    if (all.length) {
      const lead = ctx.review
        ? t("{name}'s decision", { name: ctx.seatName(mover) })
        : t("Your turn");
      parts.push(el("p", { class: "ug-prompt mine" }, el("b", {}, lead), " — ", ex.prompt || ""));
    } else if (mover !== null && mover !== undefined) {
      parts.push(
        el(
          "p",
          { class: "ug-prompt" },
          el("b", {}, t("{name} to play", { name: ctx.seatName(mover) })),
          " — ",
          ex.prompt || "",
        ),
      );
    }
    if (!over && ex.owed_text) parts.push(el("p", { class: "ug-owed" }, ex.owed_text));
    if (all.length) {
      const placing = [...new Set(all.filter((c) => c.group === "place").map((c) => c.hand))];
      if (placing.length) {
        const chosen = handChoice();
        parts.push(
          el(
            "div",
            { class: "ug-buttons ug-placing" },
            el("span", { class: "ug-label" }, t("Tile to place:")),
            ...placing.map((id) =>
              el(
                "button",
                {
                  type: "button",
                  "data-pick": `hand:${id}`,
                  "aria-pressed": id === chosen ? "true" : "false",
                  class: id === chosen ? "selected" : "",
                  title: ((ex.tiles || {})[id] || {}).effect || "",
                },
                tileName(id),
              ),
            ),
            el("span", { class: "muted ug-small" }, t("then click a lit empty slot of the forest")),
          ),
        );
      }
      if (sel.tile || sel.corner) {
        parts.push(
          el(
            "p",
            { class: "ug-selection" },
            selectionText(),
            " ",
            el(
              "button",
              {
                type: "button",
                id: "ug-clear",
                onclick: () => {
                  sel = {};
                  candidate = null;
                  draw();
                },
              },
              t("Choose again"),
            ),
          ),
        );
      }
      parts.push(buttons(all));
      parts.push(el("div", { class: "ug-hint" }));
      const big = all.filter((c) => BIG.has(c.group));
      if (big.length) {
        parts.push(
          el(
            "details",
            { class: "ug-list" },
            el("summary", {}, tn("{n} choice as a list", "All {n} choices as a list", big.length)),
            el(
              "div",
              { class: "ug-buttons" },
              ...big.map((c) => el("button", { type: "button", "data-action": c.action }, c.label)),
            ),
          ),
        );
      }
    }
    const next = ex.next || [];
    if (!over && next.length)
      parts.push(
        el("p", { class: "ug-next muted" }, t("Then: {steps}", { steps: next.join(" → ") })),
      );
    const summary = turnSummary();
    const facts = [];
    const turn = ex.turn || {};
    if (!over && turn.marker_moves)
      facts.push(
        t("Carbon was absorbed this turn: the carbon marker moves one space when the turn ends."),
      );
    if (!over && turn.carbon_gained)
      facts.push(
        t("Carbon gained this turn: {n} (6 or more counts for Big carbon turns).", {
          n: turn.carbon_gained,
        }),
      );
    if (summary.length || facts.length) {
      parts.push(
        el(
          "div",
          { class: "ug-turn" },
          el("span", { class: "ug-label" }, t("This turn so far")),
          summary.length
            ? el("ol", {}, ...summary.map((line) => el("li", {}, withNames(line, ctx.seatName))))
            : "",
          ...facts.map((f) => el("p", { class: "ug-fact muted" }, f)),
        ),
      );
    }
    decision.replaceChildren(...parts);
    decision.classList.toggle("mine", all.length > 0);
    decision.hidden = over;
    drawHint();
  }

  function selectionText() {
    if (sel.tile)
      return t("Carbon from {tile}: now click the seedling to feed.", { tile: tileName(sel.tile) });
    if (sel.corner)
      return t("Seedling at {at}: now click the tile to take the carbon from.", { at: sel.corner });
    return "";
  }

  function buttons(all) {
    const box = el("div", { class: "ug-choices" });
    const groups = new Map();
    for (const c of all) {
      if (BIG.has(c.group)) continue;
      if (!groups.has(c.group)) groups.set(c.group, []);
      groups.get(c.group).push(c);
    }
    // several answers at one selected spot (a carbon with ways to choose)
    if (candidate && candidate.actions && candidate.actions.length > 1)
      groups.set("spot", candidate.actions);
    const headings = HEADINGS();
    for (const [group, list] of groups) {
      const row = el("div", { class: `ug-buttons ${group}` });
      if (headings[group]) row.append(el("span", { class: "ug-label" }, headings[group]));
      for (const c of list) {
        const b = el(
          "button",
          {
            type: "button",
            "data-action": c.action,
            class: group === "main" ? "primary ug-main-action" : "",
            title: c.detail || "",
          },
          c.label,
        );
        if (group === "main" && c.detail) b.append(el("small", {}, c.detail));
        if (group === "res")
          b.prepend(el("span", { class: `ug-res-icon ug-res-${c.res}` }, c.res), " ");
        if (group === "token")
          b.prepend(
            el(
              "span",
              { class: "ug-tok ready small", style: `--tc:var(--tok-${c.token})` },
              TOKEN_GLYPHS[c.token],
            ),
            " ",
          );
        row.append(b);
      }
      box.append(row);
    }
    return box;
  }

  function drawInfo() {
    const tiles = (msg.extras && msg.extras.tiles) || {};
    if (!infoTile || !tiles[infoTile]) {
      info.replaceChildren(
        el("p", { class: "muted ug-small" }, t("Point at (or tap) a tile to read it.")),
      );
      return;
    }
    info.replaceChildren(tileCard(infoTile, tiles[infoTile]));
  }

  function draw() {
    if (!msg) return;
    if (sel.hand && !choices().some((c) => c.group === "place" && c.hand === sel.hand)) sel = {};
    if ((sel.tile || sel.corner) && !choices().some((c) => c.group === "carbon")) sel = {};
    drawHead();
    drawDecision();
    drawForest();
    drawInfo();
    const seatName = (p) => ctx.seatName(p);
    players.replaceChildren(
      ...Array.from({ length: msg.view.players }, (_, p) =>
        playerPanel(msg, p, choiceFor, seatName),
      ),
    );
    const over = msg.status === "finished" || msg.view.over;
    const hand = handPanel(msg, choiceFor, handChoice());
    const scores = scorePanel(msg, seatName);
    lower.replaceChildren(
      ...[
        hand,
        trackPanel(msg, choiceFor, seatName),
        goalsPanel(msg, seatName),
        over ? null : scores,
      ].filter(Boolean),
    );
    finalBox.replaceChildren(...(over ? [scores] : []));
    wrap.dataset.decision = (msg.extras && msg.extras.decision) || "";
    wrap.dataset.over = over ? "1" : "";
  }

  window.addEventListener("resize", () => {
    if (msg) drawForest();
  });

  return {
    update(next) {
      const moved = !msg || next.version !== msg.version;
      msg = next;
      if (moved) {
        sel = {};
        candidate = null;
      }
      draw();
    },
  };
}

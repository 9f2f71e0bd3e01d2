// Undergrove in the browser: the forest drawn as tiles, pieces and roots, each player's board,
// the hand, the carbon track, the goals and the scores. A turn is a guided sequence of small
// decisions: the page says in words what is asked and what is still owed; the choices are drawn
// where they belong (a tile, a corner, a root slot or an empty slot of the forest, a card in
// the hand, a token or a resource on your board, a bonus tile) and listed as buttons.
// Every choice comes from the server: `legal` (the notations) and `extras.choices` (what each
// one means and where it points), so the page never reads the rules. The forest is drawn by
// forest.js, its targets by spots.js, the decision panel by decision.js, the boards, hand,
// track, goals and scores by panels.js; this module holds the state and the interaction.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { arrow, coarsePointer, nearest, pointOn, pointer, step, svg } from "/static/board.js";
import { drawDecision, drawHead, drawHint, drawTurn } from "./decision.js";
import {
  MIN_CELL,
  S,
  defs,
  emptySlot,
  pieceGroup,
  rootGroup,
  rulers,
  tileGroup,
} from "./forest.js";
import { goalsPanel, handPanel, playerPanel, scorePanel, tileCard, trackPanel } from "./panels.js";
import {
  ghostOf,
  handChoice as handOf,
  key,
  placedAt,
  targetNodes,
  targets as targetsOf,
} from "./spots.js";

export function createRenderer(root, ctx) {
  let msg = null;
  let placer = null; // who made the last move: a tile new in the forest came from their hand
  let sel = {}; // the partial choice: {hand, tile, corner}
  let candidate = null; // the target or button under the pointer / keyboard cursor
  const input = pointer(coarsePointer() ? "touch" : "mouse");
  let infoTile = null; // the tile whose details are shown
  let steadyFor = null; // whose turn, at which width, the forest is kept still for
  let centred = false; // the forest's frame was scrolled to the Earthlover

  const head = el("div", { class: "ug-head" });
  const decision = el("section", { class: "panel ug-decision", "aria-live": "polite" });
  const board = svg("svg", { class: "ug-forest", role: "img", "aria-label": t("The forest") });
  const boardWrap = el("div", { class: "ug-forest-wrap" }, board);
  const info = el("div", { class: "ug-info" });
  const turnBox = el("section", { class: "panel ug-turn-box", "aria-live": "polite" });
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
      el("div", { class: "ug-forest-col" }, boardWrap, turnBox, info),
      players,
    ),
    lower,
  );
  const styles = el("link", { rel: "stylesheet", href: "/games/undergrove/web/undergrove.css" });
  styles.addEventListener("load", () => {
    if (msg) drawForest();
  });
  root.append(styles, wrap);
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
  const handChoice = () => handOf(choices(), sel);
  /** What may be clicked on the forest now (spots.js). */
  const targets = () => targetsOf(choices(), msg.view, sel, tileName);
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
  /** Click on a choice: acts, except on a touch screen where a choice that cannot be taken
   * back (it ends the turn or draws: `final`, from the server) is first previewed (tap again
   * or Confirm); the others act at once, as with a mouse, and Undo takes them back. */
  function choose(c, origin) {
    const preview = input.touch && c.final !== false;
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
  /** The target nearest the pointer, within its reach (half a tile; less for a root or a
   * corner). */
  const under = (event) =>
    nearest(targets(), pointOn(board, event), {
      at: (tg) => ({ x: tg.px, y: tg.py }),
      reach: (tg) =>
        tg.kind === "tile" || tg.kind === "cell" ? S * 0.5 : tg.kind === "root" ? 18 : 22,
    });
  function tileAt(event) {
    const p = pointOn(board, event);
    const x = Math.floor(p.x / S);
    const y = Math.floor(p.y / S);
    const found = msg && msg.view.tiles.find(([, tx, ty]) => tx === x && ty === y);
    return found ? found[0] : null;
  }
  board.addEventListener("pointerdown", (e) => input.saw(e));
  board.addEventListener("pointermove", (e) => {
    if ((e.pointerType || "mouse") === "touch" || !msg) return;
    input.saw(e);
    const tg = under(e);
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
    const tg = under(e);
    if (!tg) return;
    const once = tg.pick || (tg.actions.length === 1 && tg.actions[0].final === false);
    if (!once && !input.confirms(candidate && candidate.id, tg.id)) {
      setCandidate(tg);
      return;
    }
    useTarget(tg);
  });

  /** Arrow keys: to the neighbouring target that way on the forest. */
  function stepTo(dir) {
    const all = targets();
    if (!all.length) return;
    const from = candidate && all.find((tg) => tg.id === candidate.id);
    const at = (tg) => ({ x: tg.px, y: tg.py });
    const next = from ? step(all, from, dir, { at, ahead: 1 }) : all[0];
    if (next) setCandidate({ ...next, origin: "key" });
  }
  document.addEventListener("keydown", (e) => {
    if (ctx.replay || !msg || e.target.closest?.("input, select, textarea")) return;
    if (arrow(e) && targets().length && !e.target.closest?.("button, [role=button], summary")) {
      e.preventDefault();
      input.kind = "key";
      stepTo(arrow(e));
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
  wrap.addEventListener("pointerdown", (e) => input.saw(e), true);
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
    input.kind = "key";
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
    const before = forestTop();
    candidate = tg;
    drawGhost();
    drawHint(decision, look());
    steady(before);
    if (tg && tg.origin === "key") reveal(layers.targets.querySelector(".hot"));
  }

  /** Scroll the forest's frame, then the page, so that `node` (the target the arrow keys
   * reached) is in sight and not under the sticky turn bar. */
  function reveal(node) {
    if (!node) return;
    const margin = 12;
    let r = node.getBoundingClientRect();
    const frame = boardWrap.getBoundingClientRect();
    if (r.left < frame.left + margin) boardWrap.scrollLeft -= frame.left + margin - r.left;
    else if (r.right > frame.right - margin) boardWrap.scrollLeft += r.right - frame.right + margin;
    r = node.getBoundingClientRect();
    const bar = document.querySelector(".turn-bar");
    const top = Math.max(0, bar ? bar.getBoundingClientRect().bottom : 0) + margin;
    if (r.top < top) window.scrollBy(0, r.top - top);
    else if (r.bottom > window.innerHeight - margin)
      window.scrollBy(0, r.bottom - window.innerHeight + margin);
  }

  // The forest stays where it is on the screen while the decisions of one player's turn follow
  // one another, although the panel above it changes (what is asked, the choices, the hint):
  // a shorter panel keeps the room it had (or the page scrolls up by as much, when it can), a
  // longer one scrolls the page down by as much while the panel's top stays in sight. A new
  // turn, or another width of the page, starts afresh.
  function forestTop() {
    return msg && boardWrap.isConnected ? boardWrap.getBoundingClientRect().top : null;
  }
  function steady(before) {
    const key = `${msg.to_move}:${window.innerWidth}`;
    decision.style.minHeight = "";
    if (key !== steadyFor || before === null || decision.hidden) {
      steadyFor = key;
      return;
    }
    const moved = boardWrap.getBoundingClientRect().top - before;
    if (moved < 0) {
      const up = Math.min(-moved, window.scrollY);
      const keep = -moved - up;
      if (keep) decision.style.minHeight = `${decision.getBoundingClientRect().height + keep}px`;
      if (up) window.scrollBy(0, -up);
    } else if (moved > 0) {
      const bar = document.querySelector(".turn-bar");
      const covered = bar ? bar.offsetHeight + 8 : 0;
      // a panel whose top is already out of sight may go further; one in sight stays so
      const top = decision.getBoundingClientRect().top;
      window.scrollBy(0, top < covered ? moved : Math.min(moved, top - covered));
    }
  }

  /** What decision.js draws from. */
  function look() {
    return {
      msg,
      ctx,
      sel,
      candidate,
      all: choices(),
      hand: handChoice(),
      targets: targets(),
      touch: input.touch,
      tileName,
      clear: () => {
        sel = {};
        candidate = null;
        draw();
      },
    };
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
    cell = Math.max(cell, MIN_CELL); // the tiles' names stay legible (forest.js)
    const w = Math.round(cols * cell);
    board.setAttribute("width", String(w));
    board.setAttribute("height", String(Math.round(rows * cell)));
    // a forest wider than the screen scrolls inside its frame: start at the Earthlover (once
    // the frame can scroll: not before the styles have come)
    if (!centred && w > width) {
      centred = true;
      centre(Math.max(0, (0.5 - b.x0) * cell - width / 2), 0);
    }
  }

  /** Scroll the forest's frame to `x`; a frame laid out a moment later (its styles just
   * come) may not take it yet: again at the next frames, a few times. */
  function centre(x, tries) {
    boardWrap.scrollLeft = x;
    if (x > 0 && boardWrap.scrollLeft === 0 && tries < 20)
      requestAnimationFrame(() => centre(x, tries + 1));
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
        const g = tileGroup(id, x, y, carbon, stored, tiles[id], {
          filter: "url(#ug-shadow)",
          // it flies from the hand it was played from (board.js followMoves)
          "data-key": `tile:${id}`,
          "data-at": `${x},${y}`,
          ...(placer === null || placer === undefined ? {} : { "data-from": `hand:${placer}` }),
        });
        // chosen this turn: marked as chosen (lit, with a label where its paid cost was), not
        // greyed as if it could not be used
        if (activated.has(id) && v.pending.length) {
          const label = t("activated this turn");
          g.classList.add("activated");
          g.append(
            svg("rect", {
              class: "ug-activated-ring",
              x: 2,
              y: 2,
              width: S - 4,
              height: S - 4,
              rx: 12,
            }),
            svg("rect", {
              class: "ug-activated-pill",
              x: 8,
              y: 48,
              width: S - 16,
              height: 14,
              rx: 7,
            }),
            svg(
              "text",
              {
                x: S / 2,
                y: 58.5,
                "text-anchor": "middle",
                class: "ug-activated",
                ...(label.length > 17
                  ? { textLength: S - 22, lengthAdjust: "spacingAndGlyphs" }
                  : {}),
              },
              label,
            ),
          );
        }
        return g;
      }),
    );
    const at = placedAt(v);
    layers.roots.replaceChildren(
      ...v.roots
        .map(([id, slot, p]) => (at[id] ? rootGroup(at[id][0], at[id][1], slot, p) : null))
        .filter(Boolean),
    );
    layers.pieces.replaceChildren(
      ...v.pieces.map(([x, y, code, carbon]) =>
        pieceGroup(x, y, code, carbon, {
          "data-corner": key(x, y),
          // a new seedling flies from its owner's supply (a tree grows where its seedling was)
          "data-key": `piece:${x},${y}`,
          ...(code === 8 ? {} : { "data-from": `supply:${code % 4}` }),
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
    layers.targets.replaceChildren(...targetNodes(targets(), msg.view, sel));
  }

  function drawGhost() {
    layers.ghost.replaceChildren();
    for (const n of layers.targets.querySelectorAll(".hot")) n.classList.remove("hot");
    if (!candidate || !msg) return;
    const hot = layers.targets.querySelector(`[data-target="${CSS.escape(candidate.id)}"]`);
    if (hot) hot.classList.add("hot");
    const c = candidate.actions && candidate.actions.length === 1 ? candidate.actions[0] : null;
    const ghost = ghostOf(c, msg);
    if (ghost) layers.ghost.append(ghost);
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
    const before = forestTop();
    drawHead(head, msg);
    drawDecision(decision, look());
    steady(before);
    drawTurn(turnBox, look());
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
      if (moved) placer = msg ? msg.to_move : null;
      msg = next;
      if (moved) {
        sel = {};
        candidate = null;
      }
      draw();
    },
  };
}

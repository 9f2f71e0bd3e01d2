// Under the Leaves in the browser: every garden drawn to scale (garden.js; tiles of 2 x 2
// spaces with their colours, puddles and mushrooms, tiles.js; sectors outlined, pollinated ones
// dotted; bees, hummingbirds and dweller figures on them), the market and the hand
// (panels.js), the dweller cards in words with what each player has from them, Burly, and the
// score of every player broken down (scores.js).
//
// Placing: pick a market tile, move it over your garden (it follows the pointer and snaps to
// the legal spots), turn and flip it (buttons, or R / Q / F; all 8 orientations), see what the
// placement brings, then click (or Enter, or "Place here" on a phone). Taking and placing are
// two decisions for the server: the renderer sends the take, then the placement as soon as the
// server answers. Every choice comes from `legal`, with the parts the server named for it
// (extras.choices; extras.places for each market tile before one is taken), and from the
// previews it computed for the legal placements (extras.preview): the JavaScript applies no
// rule and never reads the notation.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { arrow, coarsePointer, nearest, pointOn, pointer, step, svg } from "/static/board.js";
import {
  anchors,
  drawChoices,
  drawGarden,
  drawHead as drawGardenHead,
  extents,
  gardenBoard,
  ghostTile,
  outline,
  sectorWords,
} from "./garden.js";
import { drawChoice, drawHand, drawMarket } from "./panels.js";
import { drawCards, drawHead, drawScores } from "./scores.js";
import { defs } from "./tiles.js";

/** A legal cell's centre on the garden (tile cells of 2 x 2 spaces). */
const centre = (c) => ({ x: 2 * c.x + 1, y: 2 * c.y + 1 });

export function createRenderer(root, ctx) {
  let msg = null;
  let selected = null; // the market tile being tried (id as a string)
  let orient = 0; // 0-7
  let candidate = null; // {x, y}: the legal cell under the pointer / chosen by keys
  const input = pointer();
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
  const handParts = {
    hand,
    handPic,
    orientRow,
    placeButton,
    previewBox,
    turners: [ccwButton, cwButton, flipButton],
  };
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

  // -- what the state offers -------------------------------------------------------------------
  const ex = () => (msg && msg.extras) || {};
  const view = () => msg.view;
  const coarse = () => input.touch || coarsePointer();
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
  /** The legal actions of one kind, each with its parts (extras.choices) and its notation. */
  function offered(kind) {
    const named = ex().choices || {};
    return msg.legal
      .filter((a) => named[a] && named[a].kind === kind)
      .map((a) => ({ ...named[a], action: a }));
  }
  const takes = () => (mine() && phase() === "take" ? offered("take") : []);
  const takeOf = (tile) => takes().find((x) => x.tile === String(tile));
  const choices = () => (mine() && phase() === "choose" ? offered("choose") : []);
  const placingTile = () => (phase() === "place" ? String(view().taken) : selected);

  /** The legal placements of the tile being tried, from `legal` (placing) or from the server's
   * placements of each market tile (before taking). */
  function placements() {
    if (!mine()) return [];
    if (phase() === "place") return offered("place");
    if (phase() === "take" && selected && ex().places) return ex().places[selected] || [];
    return [];
  }
  /** The legal cells of the tile in its current orientation, one per cell. */
  function cells() {
    const seen = new Map();
    for (const p of placements()) if (p.o === orient) seen.set(`${p.x},${p.y}`, p);
    return [...seen.values()];
  }
  /** The placement at cell c in the current orientation (null if not legal). */
  const placeAt = (c) => (c && cells().find((p) => p.x === c.x && p.y === c.y)) || null;
  function gainOf(action) {
    const pv = ex().preview;
    const tile = placingTile();
    return pv && tile && pv[tile] && action ? pv[tile][action] : null;
  }

  /** What the drawing modules read: the state, the tile tried and its spot, the handlers. */
  const r = {
    ctx,
    get msg() {
      return msg;
    },
    get ex() {
      return ex();
    },
    get phase() {
      return phase();
    },
    get mine() {
      return mine();
    },
    get takes() {
      return takes();
    },
    get choices() {
      return choices();
    },
    get tile() {
      return placingTile();
    },
    get coarse() {
      return coarse();
    },
    get selected() {
      return selected;
    },
    get orient() {
      return orient;
    },
    get candidate() {
      return candidate;
    },
    get gainHere() {
      const p = placeAt(candidate);
      return p ? gainOf(p.action) : null;
    },
    on: { select, orient: setOrient, choose },
  };

  // -- choosing, turning, placing ---------------------------------------------------------------
  function select(tile) {
    if (!takeOf(tile)) return;
    if (selected !== String(tile)) candidate = null; // the same tile keeps its spot
    selected = String(tile);
    draw();
  }
  function turn(by) {
    if (!placingTile() || !mine()) return;
    // a flipped tile turns the other way in the orientation numbering (o = turns, then flip)
    const q = ((orient % 4) + (orient >= 4 ? -by : by) + 4) % 4;
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
    const place = placeAt(candidate);
    if (!place) return;
    if (phase() === "place") ctx.act(place.action);
    else if (phase() === "take" && takeOf(selected) && gainOf(place.action)) {
      queued = { take: takeOf(selected).action, place: place.action };
      wrap.dataset.busy = "1";
      ctx.act(queued.take);
    }
  }
  function choose(action) {
    if (choices().some((c) => c.action === action)) ctx.act(action);
  }

  /** Keyboard: arrows move the tile to the neighbouring legal spot, R / Q turn, F flips, Enter
   * places; 1-3 pick a market tile. */
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
    const dir = arrow(e);
    if (/^[1-3]$/.test(k) && tk[Number(k) - 1]) {
      select(tk[Number(k) - 1].tile);
      return;
    }
    if (!placingTile()) {
      if (dir && tk.length) {
        e.preventDefault();
        select(tk[0].tile);
      }
      return;
    }
    if (k === "r" || k === "R" || k === "e" || k === "E") turn(k === "R" ? -1 : 1);
    else if (k === "q" || k === "Q") turn(-1);
    else if (k === "f" || k === "F" || k === "m" || k === "M") flip();
    else if (dir) {
      e.preventDefault();
      const spots = cells();
      if (!spots.length) return;
      input.kind = "key";
      const next = candidate ? step(spots, candidate, dir) : spots[0];
      if (next) {
        candidate = next;
        draw();
      }
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
  const boards = []; // per player: {panel, area, caption, head, sectors, layers}

  function gardenOrder() {
    const n = msg.players;
    const first = msg.you !== null && msg.you !== undefined ? msg.you : 0;
    return Array.from({ length: n }, (_, i) => (first + i) % n);
  }

  /** The legal cell whose centre is nearest the pointer (within a tile and a half). */
  const under = (event, b) => nearest(cells(), pointOn(b.area, event), { at: centre, reach: 3 });
  const sameCell = (a, b) => (a && `${a.x},${a.y}`) === (b && `${b.x},${b.y}`);

  function board(p) {
    if (boards[p]) return boards[p];
    const caption = el("p", { class: "utl-caption muted" });
    const head = el("div", { class: "utl-garden-head" });
    const sectors = el("div", { class: "utl-sectors" });
    const { area, layers } = gardenBoard();
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
      if (input.saw(e) === "touch" || p !== msg.you || !cells().length) return;
      const c = under(e, b);
      if (!sameCell(c, candidate)) {
        candidate = c;
        drawGhost();
        drawHand(handParts, r);
      }
    });
    area.addEventListener("pointerdown", (e) => input.saw(e));
    area.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "touch" && candidate && p === msg.you && input.kind !== "key") {
        candidate = null;
        drawGhost();
      }
      hoverGroup = null;
      drawHover();
    });
    area.addEventListener("click", (e) => {
      if (p !== msg.you || !cells().length) return;
      const c = under(e, b);
      if (!c) return;
      const previewed = candidate ? `${candidate.x},${candidate.y}` : null;
      candidate = c;
      if (!input.confirms(previewed, `${c.x},${c.y}`)) {
        draw();
        return;
      }
      confirm();
    });
    return b;
  }

  function drawBoard(p, box) {
    const b = board(p);
    const g = ex().gardens[p];
    b.area.setAttribute("viewBox", box);
    b.area.setAttribute("aria-label", t("{name}'s garden", { name: ctx.seatName(p) }));
    drawGarden(b.layers, g, view().gardens[p].tiles, (gi) => {
      hoverGroup = [p, gi];
      drawHover();
    });
    const others = p !== msg.you && ex().choice && msg.to_move === p ? ex().choice.spaces : [];
    drawChoices(b.layers.choice, p === msg.you ? choices() : [], others, choose);
    drawGardenHead(b, g, p, { msg, ctx, ex: ex() });
  }

  function drawHover() {
    for (const b of boards) if (b) b.layers.hover.replaceChildren();
    if (!hoverGroup || !msg) return;
    const [p, gi] = hoverGroup;
    const b = boards[p];
    const gr = ex().gardens[p].groups[gi];
    if (!b || !gr) return;
    b.layers.hover.append(outline(gr));
    b.caption.textContent = sectorWords(gr);
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
      ...anchors(spots.map((c) => ({ x: c.x, y: c.y, gain: gainOf(c.action) }))),
    );
    const place = placeAt(candidate);
    if (!place) {
      candidate = null;
      return;
    }
    const tile = placingTile();
    const faces = ex().tiles[tile] && ex().tiles[tile].faces[orient];
    if (faces) b.layers.ghost.append(ghostTile(faces, place, place.action, gainOf(place.action)));
  }

  function draw() {
    if (!msg || !msg.extras || !msg.extras.gardens) return;
    if (phase() === "place") selected = String(view().taken);
    if (selected && !takeOf(selected)) selected = null; // nothing to take, or not that one
    const order = gardenOrder();
    const roomy = !ctx.replay && msg.status === "playing";
    const boxes = extents(ex().gardens, msg.you, roomy);
    for (const p of order) drawBoard(p, boxes[p]);
    gardensBox.replaceChildren(...order.map((p) => boards[p].panel));
    gardensBox.dataset.players = msg.players;
    drawMarket(market, r);
    drawHand(handParts, r);
    drawChoice(choiceBox, r);
    drawCards(cardsPanel, r);
    drawScores(scoresPanel, r);
    drawHead(pills, task, r);
    drawGhost();
    drawHover();
    wrap.dataset.phase = phase();
    wrap.dataset.orient = orient;
    wrap.classList.toggle("my-turn", mine());
  }

  return {
    /** One gesture makes two decisions here: the take, then the placement (a guide shows both). */
    chains: true,
    /** Draw a legal move as a guide or a review shows it: a market tile chosen, or the tile
     * tried in the placement's orientation on its spot. */
    preview(action) {
      const take = takes().find((x) => x.action === action);
      if (take) {
        if (selected !== take.tile) candidate = null;
        selected = take.tile;
        draw();
        return;
      }
      const place = placements().find((p) => p.action === action);
      if (!place) return;
      orient = place.o;
      candidate = { x: place.x, y: place.y };
      draw();
    },
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
            ctx.act(place, { joins: true }); // one Undo takes the take and the place back
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

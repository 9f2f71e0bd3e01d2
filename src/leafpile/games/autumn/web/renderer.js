// Autumn in the browser: the table of overlapping cards (cards.js draws them), the revealed
// card with a rotate control, legal positions highlighted under the pointer, the colour
// choice as a dialog, and each round's scores with the match total (panels.js); each colour's
// largest area outlined and the preview of the spot pointed at (preview.js). The table's frame
// only grows during a round, so the cards stay still unless the layout needs more room.
// Every choice offered is a legal action string the server sent, with the parts the server
// named for it (extras.choices): the JavaScript never reads the notation.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { arrow, coarsePointer, nearest, pointOn, pointer, step, svg } from "/static/board.js";
import {
  H,
  W,
  cardBack,
  cardGroup,
  centre,
  extentBox,
  extentUnion,
  gainBadge,
  ghostCard,
  leafDefs,
  placedCards,
  roomFor,
  spotDots,
  tableExtent,
} from "./cards.js";
import { LEAF } from "./colours.js";
import { drawDialog, drawHead, drawScores } from "./panels.js";
import { drawJoins, drawLargest, drawPreviewWords, gainMark } from "./preview.js";
import { drawRoundEnd } from "./round_end.js";

const facesPromise = fetch("/games/autumn/data/cards.json")
  .then((r) => r.json())
  .then((d) => d.cards.map((c) => c.faces));

export function createRenderer(root, ctx) {
  let faces = null;
  let msg = null;
  let rot = 0;
  let candidate = null; // the legal placement under the pointer
  let hiddenRound = null; // the finished round whose summary the player hid
  let frame = null; // {extent, round, first, n}: the table's frame, kept while a round goes on
  const input = pointer();
  const touch = () => input.touch || coarsePointer();

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
  const previewBox = el("div", { class: "autumn-preview", "aria-live": "polite" });
  const hand = el(
    "div",
    { class: "panel autumn-hand" },
    el("h3", {}, t("Card to place")),
    handCard,
    el("div", { class: "row autumn-buttons" }, rotateButton, placeButton),
    hint,
    previewBox,
  );
  const scores = el("div", { class: "panel autumn-scores" });
  // the colour choice: in the page's flow, above the table it depends on (never over it)
  const dialog = el("div", { class: "autumn-dialog", role: "dialog", hidden: true });
  const roundEnd = el("section", { class: "panel autumn-round-end", hidden: true });
  const wrap = el(
    "div",
    { class: "autumn", style: `--autumn-red:${LEAF.R};--autumn-yellow:${LEAF.Y}` },
    head,
    roundEnd,
    dialog,
    el("div", { class: "autumn-main" }, el("div", { class: "autumn-table-wrap" }, board), hand),
    scores,
  );
  root.append(el("link", { rel: "stylesheet", href: "/games/autumn/web/autumn.css" }), wrap);

  const layers = {
    cards: svg("g"),
    largest: svg("g", { class: "areas-now" }),
    spots: svg("g", { class: "spots" }),
    ghost: svg("g", { class: "ghost" }),
    joins: svg("g", { class: "areas-joined" }),
    marks: svg("g", { class: "ghost" }),
    gain: svg("g", { class: "ghost" }),
  };
  board.append(
    leafDefs(),
    layers.cards,
    layers.largest,
    layers.ghost,
    layers.joins,
    layers.marks,
    layers.gain,
    layers.spots,
  );

  // -- what the server offers ----------------------------------------------------------------
  /** The legal actions of one kind, each with its parts (extras.choices) and its notation. */
  function offered(kind) {
    if (!msg) return [];
    const named = (msg.extras && msg.extras.choices) || {};
    return msg.legal
      .filter((a) => named[a] && named[a].kind === kind)
      .map((a) => ({ ...named[a], action: a }));
  }
  const placements = () => offered("place");
  const hasRotated = () => placements().some((p) => p.rot === 1);
  const spots = () => placements().filter((p) => p.rot === rot);

  /** Turn the card; a spot chosen stays chosen (the same spot turned, or the nearest one). */
  function rotate() {
    if (!hasRotated()) return;
    const was = candidate;
    rot = 1 - rot;
    candidate = null;
    draw();
    if (!was) return;
    const all = spots();
    const same = all.find((p) => p.x === was.x && p.y === was.y);
    const at = centre(was);
    const near = nearest(all, at, { at: centre, reach: Infinity, scale: { x: W, y: H } });
    if (same || near) showGhost(same || near);
  }

  // -- keyboard: arrows move to the neighbouring legal spot, Enter places, R turns ---------------
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    const dir = arrow(e);
    if ((e.key === "r" || e.key === "R") && !e.ctrlKey && !e.metaKey && !e.altKey) rotate();
    else if (dir && placements().length) {
      e.preventDefault();
      const all = spots();
      if (!all.length) return;
      const next = candidate ? step(all, candidate, dir) : all[0];
      if (next) {
        input.kind = "key";
        showGhost(next);
      }
    } else if (e.key === "Enter" && candidate) {
      e.preventDefault();
      ctx.act(candidate.action);
    }
  });

  // -- pointer: the spot whose card centre is nearest, within a card --------------------------
  const under = (event) =>
    nearest(spots(), pointOn(board, event), { at: centre, reach: 1, scale: { x: W, y: H } });

  function showGhost(c) {
    candidate = c;
    layers.ghost.replaceChildren();
    layers.gain.replaceChildren();
    placeButton.hidden = !(c && input.touch);
    const pv = c && msg && msg.extras && msg.extras.preview ? msg.extras.preview[c.action] : null;
    drawJoins(layers.joins, c && pv);
    drawPreviewWords(previewBox, c && pv, msg, ctx);
    drawLargest(layers.largest, msg && msg.extras && msg.extras.largest, Boolean(c && pv));
    if (!c || !faces || msg.view.card === null) return;
    layers.ghost.append(ghostCard(faces[msg.view.card], c));
    const gain = gainMark(pv, msg);
    if (gain) layers.gain.append(gainBadge(c, gain));
    const how = {
      touch: () => t("Tap again or press “Place here”."),
      key: () => t("Press Enter to place the card here."),
      mouse: () => t("Click to place the card here."),
    };
    const said = ctx.review
      ? t("The move shown, drawn on the table.")
      : (how[input.kind] || how.mouse)();
    hint.textContent = said + (c.rot ? " " + t("(turned 180°)") : "");
  }

  board.addEventListener("pointermove", (e) => {
    if (input.saw(e) === "touch") return;
    const c = under(e);
    if ((c && c.action) !== (candidate && candidate.action)) showGhost(c);
  });
  board.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "touch") showGhost(null);
  });
  board.addEventListener("pointerdown", (e) => input.saw(e));
  board.addEventListener("click", (e) => {
    const c = under(e);
    if (!c) return;
    if (!input.confirms(candidate && candidate.action, c.action)) {
      showGhost(c);
      return;
    }
    ctx.act(c.action);
  });

  // -- drawing ---------------------------------------------------------------------------------
  function drawHand(v) {
    handCard.replaceChildren(leafDefs());
    const myPlacements = placements();
    if (!hasRotated()) rot = 0;
    else if (myPlacements.every((p) => p.rot === 1)) rot = 1; // only turned spots: show them
    if (v.card === null || v.card === undefined) {
      hand.hidden = v.phase === "over";
      handCard.append(cardBack());
      hint.textContent =
        v.phase === "colour"
          ? t("{name} chooses the colours…", { name: ctx.seatName(msg.to_move) })
          : "";
      rotateButton.disabled = true;
      return;
    }
    hand.hidden = false;
    const flying = { "data-key": `card:${v.card}`, "data-at": "hand", "data-from": "deck" };
    handCard.append(cardGroup(faces[v.card], 0, 0, rot, flying));
    rotateButton.disabled = !hasRotated();
    rotateButton.hidden = Boolean(ctx.replay || ctx.review);
    rotateButton.title = hasRotated()
      ? t("Turn the card by 180° (key R)")
      : t("This card looks the same turned");
    if (ctx.replay) hint.textContent = "";
    else if (myPlacements.length)
      hint.textContent = touch()
        ? t(
            "Tap a lit spot on the table to try the card there and see what it scores, then tap it again or press “Place here”.",
          )
        : t(
            "Move the pointer over the table: legal spots light up. Click to place (or arrows and Enter; R turns the card).",
          );
    else if (msg.status === "playing")
      hint.textContent = t("{name} is placing this card…", { name: ctx.seatName(msg.to_move) });
    else hint.textContent = "";
  }

  function draw() {
    if (!msg || !faces) return;
    const v = msg.view;
    const all = placements();
    board.setAttribute("viewBox", keepFrame(v, all));
    layers.cards.replaceChildren(...placedCards(faces, v.placed, t("last card")));
    // the last card's tag above the outlines of the areas, at its card's place
    const tag = layers.cards.querySelector(".last-mark");
    layers.marks.replaceChildren();
    if (tag) {
      const at = svg("g", { transform: tag.parentNode.getAttribute("transform") });
      at.append(tag);
      layers.marks.append(at);
    }
    drawHand(v);
    layers.spots.replaceChildren(...spotDots(spots(), spotRadius()));
    drawHead(head, msg, ctx);
    drawScores(scores, msg, ctx);
    drawDialog(dialog, offered("colour"), (a) => ctx.act(a));
    drawRoundEnd(roundEnd, msg, ctx, faces, hiddenRound, (n) => {
      hiddenRound = n;
      draw();
    });
    if (candidate && !spots().some((p) => p.action === candidate.action)) candidate = null;
    showGhost(candidate);
    wrap.dataset.phase = v.phase;
    wrap.dataset.rot = rot;
  }

  /** The frame of the table: it grows to hold every card and spot, and stays as it is while
   * the round goes on (a new round, or a replay stepped back, starts a new one). */
  function keepFrame(v, all) {
    const need = tableExtent(v.placed, all, !all.length && !ctx.replay && v.phase !== "over");
    const first = JSON.stringify(v.placed[0]);
    const same =
      frame && frame.round === v.round && frame.first === first && frame.n <= v.placed.length;
    frame = {
      extent: same ? extentUnion(frame.extent, need) : roomFor(need), // grows only where needed
      round: v.round,
      first,
      n: v.placed.length,
    };
    return extentBox(frame.extent);
  }

  /** A spot's radius in table units: at least 30 px across on a touch screen (a finger's
   * target), 20 px with a mouse, never wider than a space so neighbouring spots stay apart. */
  function spotRadius() {
    const box = board.viewBox.baseVal;
    const shown = board.getBoundingClientRect();
    if (!box || !box.width || !shown.width) return 5;
    const px = Math.min(shown.width / box.width, shown.height / box.height);
    return Math.max(4, Math.min(W / 2 - 1, (touch() ? 15 : 10) / px));
  }
  window.addEventListener("resize", () => {
    const r = spotRadius(); // the same dots, resized: a dot being tapped stays in the page
    for (const dot of layers.spots.children) dot.setAttribute("r", r);
  });

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

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
import { arrow, centreOf, coarsePointer, pointer, step, svg } from "/static/board.js";
import { LEAVES, SPARE, STYLE, defs } from "./cards.js";
import { drawCentre, drawDraft } from "./garden.js";
import { drawBar, drawHand } from "./hand.js";
import { drawPlayers } from "./players.js";
import { drawHead, drawNote, drawScores } from "./scores.js";

export function createRenderer(root, ctx) {
  let msg = null;
  let plan = []; // the cards chosen for a Play: [{action, kind, card, side, to}]
  let picked = new Set(); // hand cards chosen for a compost, the hand limit or selling
  let composting = false; // the compost was chosen in the TURN phase: pick its two cards
  let armed = null; // a tapped action waiting for its confirmation (touch screens)
  let queue = []; // the rest of a confirmed chain of decisions, sent one per update
  const input = pointer();
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
    // your hand and its choices right under the display (both fit on a 1280 x 800 screen),
    // then your row, where the chosen cards show, then the others
    handBox,
    bar,
    mine,
    others,
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
  const coarse = () => input.touch || coarsePointer();
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

  /** What the drawing modules read: the state (read when drawn), the page's parts, the
   * helpers that name things, and the handlers that act. */
  const r = {
    get msg() {
      return msg;
    },
    get plan() {
      return plan;
    },
    get picked() {
      return picked;
    },
    get composting() {
      return composting;
    },
    get armed() {
      return armed;
    },
    get hint() {
      return hint;
    },
    ctx,
    ...{ task, sub, pills, centre, draftBox, others, mine, handBox, bar, scores, note, wrap },
    ...{ ex, myTurn, can, words, say, coarse, typeName, leavesName, style, kindInfo, cardWords },
    ...{ tree, selectSpec, direct, nodeAt, toggleCard, flipSide, playActions, selectionActions },
    ...{ confirm, hoverable },
    on: {
      clearPlan: () => redraw(() => (plan = [])),
      clearPicked: () => redraw(() => (picked = new Set())),
      disarm: () => redraw(() => (armed = null)),
      cancelCompost: () =>
        redraw(() => {
          composting = false;
          picked = new Set();
        }),
      startCompost: () =>
        redraw(() => {
          composting = true;
          picked = new Set();
          plan = [];
          armed = null;
        }),
    },
  };
  function redraw(change) {
    change();
    draw();
  }

  // -- drawing one card ------------------------------------------------------------------------

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

  // -- keyboard: arrows to the neighbouring card or tile on the board, C confirms, Esc clears --
  document.addEventListener("keydown", (e) => {
    if (!msg || ctx.replay || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const dir = arrow(e);
    if (dir && wrap.isConnected) {
      // every card, column, objective and tile one may choose, wherever it lies on the board:
      // an arrow goes to the neighbouring one that way on the screen (from the display down
      // to the hand, say), and before any has the focus, to the first one, not scrolling
      const items = [...wrap.querySelectorAll("[data-group] button:not([disabled])")];
      const from = e.target.closest?.("button");
      if (from && items.includes(from)) {
        e.preventDefault();
        // ahead means past the middle of the card or tile one is on (columns of the display
        // differ in height: the next one is to the right, not below)
        const box = from.getBoundingClientRect();
        const ahead = (dir[0] ? box.width : box.height) / 2;
        const next = step(items, from, dir, { at: centreOf, ahead });
        if (next) next.focus();
        return;
      }
      const free = e.target === document.body || e.target === document.documentElement;
      if (free && items.length) {
        e.preventDefault();
        items[0].focus();
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
    input.saw(e);
  });

  function setHint(text) {
    if (hint === text) return;
    hint = text;
    drawHead(r);
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

  // -- the Imperial Garden: deck, display, objectives ----------------------------------------------

  // -- the landscape draft ----------------------------------------------------------------------------

  // -- the players ----------------------------------------------------------------------------------

  // -- your hand and the choice bar -----------------------------------------------------------------

  // -- scores --------------------------------------------------------------------------------------

  // -- drawing everything -----------------------------------------------------------------------------
  function draw() {
    if (!msg || !msg.extras || !msg.extras.players) return;
    const focused =
      document.activeElement && wrap.contains(document.activeElement)
        ? document.activeElement.dataset.focus
        : null;
    if (armed && !can(armed)) armed = null;
    drawHead(r);
    drawDraft(r);
    drawCentre(r);
    drawPlayers(r);
    drawHand(r);
    drawBar(r);
    drawScores(r);
    drawNote(r);
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
    /** The decisions chosen on the page but not sent yet (a Play's cards, a compost's), for a
     * tutorial's guide to follow the learner through them. */
    held() {
      if (plan.length) return plan.map((p) => p.action);
      const spec = selectSpec();
      if (!spec || !(composting || picked.size)) return [];
      const hand = ex().hand || [];
      const kinds = [...picked].map((id) => (hand.find((c) => c.id === id) || {}).kind);
      return [...(spec.start ? [spec.start] : []), ...kinds.map((k) => spec.kinds[k])];
    },
    update(next) {
      const moved = !msg || next.version !== msg.version;
      msg = next;
      if (!moved && queue.length) {
        // the answer to the chain's first decision came back without a move: it was refused
        // (the server said why); the page is free again for a new choice
        queue = [];
        delete wrap.dataset.busy;
        clearChoices();
      }
      if (moved) {
        hint = null;
        if (queue.length) {
          const action = queue[0];
          if (myTurn() && legal().includes(action)) {
            queue = queue.slice(1);
            if (!queue.length) delete wrap.dataset.busy;
            draw();
            ctx.act(action, { joins: true }); // one Undo takes the whole click back
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

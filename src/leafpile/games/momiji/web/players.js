// Momiji's players: each one's row of piles (top card, size when it is known, torii on closed
// piles, the cards planned for a Play as ghosts), hand size, acorns and landscapes. Pure
// drawing from `r`, what the renderer knows, with its handlers.
import { el } from "/static/api.js";
import { t, tm, tn } from "/static/i18n.js";
import { SLOT_FILL, acornIcon, backSvg, cardSvg } from "./cards.js";

export function seatOrder(r) {
  const { msg } = r;
  const n = msg.players;
  const me = msg.you !== null && msg.you !== undefined ? msg.you : null;
  const first = me === null ? 0 : (me + 1) % n;
  return Array.from({ length: n }, (_, i) => (first + i) % n);
}

/** The row as it will be after the chosen cards: real piles, the cards chosen on them, new
 *  piles at the ends. Each target comes from the play tree (side "on", "left", "right"). */
export function plannedRow(r, p) {
  const { msg, plan, ex, kindInfo } = r;
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

export function pileEl(r, pile, p) {
  const { msg, plan, leavesName, kindInfo, cardWords, flipSide } = r;
  const closed = pile.closed || pile.closedAfter;
  const stack = el("div", { class: `mj-stack${pile.size > 1 ? " deep" : ""}` });
  if (pile.top) {
    // the card played flies from the hand: this page's own card, or the player's hand count
    const follow = {
      "data-key": `card:${pile.top.id}`,
      "data-at": `pile:${p}:${pile.type}`,
      "data-from": `hand:${p}`,
    };
    stack.append(cardSvg(r, pile.top.kind, { torii: pile.closed, follow }));
  }
  // the chosen cards as numbered ghosts, each a little lower than the one it covers
  let over = 0;
  pile.ghosts.forEach((g, i) => {
    const inFlow = !pile.top && i === 0;
    const ghost = cardSvg(r, g.item.kind, {
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

export function gapEl(r, p, row, i, pairs) {
  const { msg, plan, armed, ex, can, words, direct, hoverable } = r;
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
        acornIcon(r),
        "+2",
      ),
    );
  return gap;
}

export function landscapes(r, p) {
  const { armed, ex, can, words, direct, hoverable } = r;
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

export function playerPanel(r, p) {
  const { msg, plan, ctx, ex, tree, nodeAt } = r;
  const e = ex();
  const a = e.players[p];
  const row = plannedRow(r, p);
  const nodes = tree();
  const end = p === msg.you && nodes && plan.length ? nodes[nodeAt(plan)] : null;
  const pairs = end && end.stop ? end.stop.pairs : [];
  const rowEls = [];
  row.forEach((pile, i) => {
    if (i > 0) rowEls.push(gapEl(r, p, row, i - 1, pairs));
    rowEls.push(pileEl(r, pile, p));
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
      acornIcon(r),
      " ",
      tn("{n} acorn", "{n} acorns", a.acorns),
    ),
    el(
      "span",
      {
        class: "mj-stat",
        "data-hand": a.hand,
        "data-source": `hand:${p}`,
        title: t("Cards in hand"),
      },
      backSvg(r, "mj-mini-card"),
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
    rememberedHand(r, a, p),
    el(
      "div",
      { class: "mj-row", "aria-label": t("Row of piles") },
      ...(rowEls.length ? rowEls : [el("p", { class: "muted mj-no-piles" }, t("No piles yet."))]),
    ),
    landscapes(r, p),
  );
}

/** A hand this page does not see, as the table remembers it: the cards seen taken face up
 * from the display (faded, with a "?", those a face-down discard may have taken since), and a
 * back for each other card. */
export function rememberedHand(r, a, p) {
  const { cardWords } = r;
  if (!a.remembered || !a.hand) return "";
  const count = {};
  const cards = a.remembered.map((seen) => {
    // a card seen taken flies from the display into this hand (board.js followMoves)
    count[seen.kind] = (count[seen.kind] || 0) + 1;
    const follow = {
      "data-key": `known:${p}:${seen.kind}:${count[seen.kind]}`,
      "data-from": `kind:${seen.kind}`,
    };
    const words = seen.sure
      ? t("{card}, seen taken into this hand", { card: cardWords(seen.kind) })
      : t("{card}, seen taken, maybe discarded face down since", { card: cardWords(seen.kind) });
    const node = el(
      "span",
      {
        class: `mj-known${seen.sure ? "" : " maybe"}`,
        "data-kind": seen.kind,
        "data-sure": String(seen.sure),
        title: words,
        ...follow,
      },
      cardSvg(r, seen.kind, { cls: "mj-known-card" }),
    );
    if (!seen.sure) node.append(el("span", { class: "mj-maybe-mark", "aria-hidden": "true" }, "?"));
    return node;
  });
  for (let i = a.remembered.length; i < a.hand; i++)
    cards.push(el("span", { class: "mj-known back" }, backSvg(r, "mj-known-card")));
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

export function drawPlayers(r) {
  const { msg, others, mine } = r;
  const order = seatOrder(r);
  const me = msg.you !== null && msg.you !== undefined ? msg.you : null;
  others.replaceChildren(...order.filter((p) => p !== me).map((p) => playerPanel(r, p)));
  others.dataset.count = order.length - (me === null ? 0 : 1);
  mine.replaceChildren(...(me === null ? [] : [playerPanel(r, me)]));
}

// Momiji's hand (the cards to pick for a Play or a selection) and the choice bar (what the
// cards chosen do, Play / Confirm, the other decisions as buttons). Pure drawing from `r`.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { acornIcon, cardSvg } from "./cards.js";

export function drawHand(r) {
  const { plan, picked, handBox, ex, cardWords, tree, selectSpec, nodeAt, toggleCard } = r;
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
    let adds = null; // the decision a click adds to the choice (a guide marks it)
    if (spec) {
      usable = Boolean(spec.kinds[c.kind]);
      if (usable && !chosen) adds = spec.kinds[c.kind];
    } else if (node) {
      const edges = node.next.filter((x) => x.kind === c.kind);
      usable = inPlan.has(c.id) || edges.length > 0;
      const edge = edges.find((x) => x.side === "right") || edges[0]; // as a click picks it
      if (edge && !chosen) adds = edge.action;
    }
    const b = el(
      "button",
      {
        type: "button",
        class: `mj-hand-card${chosen ? " chosen" : ""}${usable ? " usable" : ""}`,
        "data-key": `card:${c.id}`, // a card taken from the display flies here (followMoves)
        "data-at": "hand",
        "data-card": c.id,
        "data-kind": c.kind,
        ...(adds && { "data-action": adds }),
        "data-focus": `hand:${c.id}`,
        "aria-pressed": String(chosen),
        disabled: !usable,
        "aria-label": cardWords(c.kind),
        onclick: () => toggleCard(c.id, c.kind),
      },
      cardSvg(r, c.kind, { number: !spec && inPlan.get(c.id) }),
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
    planWords(r),
  );
}

export function sideWords(r, item) {
  if (item.side === "on") return t("on its pile");
  if (item.side === "left") return t("new pile at the left end");
  if (item.side === "right") return t("new pile at the right end");
  return t("your first pile");
}

/** What a decision brings, from the server's preview: "Score 4 → 8 (+4): piles +2, acorns
 * +2" (the parts that change), or "" without one. */
export function scoreLine(r, after) {
  const e = r.ex();
  const now = e.preview && e.preview.now;
  if (!now || !after) return "";
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
  const words = {
    piles: (n) => t("piles {n}", { n }),
    acorns: (n) => t("acorns {n}", { n }),
    objectives: (n) => t("objectives {n}", { n }),
  };
  const parts = Object.keys(words)
    .filter((k) => after[k] !== now[k])
    .map((k) => words[k](signed(after[k] - now[k])));
  const gain = after.total - now.total;
  return el(
    "p",
    { class: "mj-preview", "data-before": now.total, "data-after": after.total },
    t("Score {before} → {after} ({gain})", {
      before: now.total,
      after: after.total,
      gain: signed(gain),
    }),
    parts.length ? ": " + parts.join(", ") : "",
  );
}

export function planWords(r) {
  const { plan, cardWords, tree, nodeAt } = r;
  if (!plan.length) return "";
  const nodes = tree();
  const end = nodes[nodeAt(plan)];
  const items = plan.map((item) =>
    el(
      "li",
      {},
      `${cardWords(item.kind)} → ${sideWords(r, item)}`,
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
    harvest ? el("p", { class: "mj-plan-harvest" }, acornIcon(r), " ", harvest) : "",
    end.stop ? scoreLine(r, end.stop.score) : "",
    end.open ? el("p", { class: "muted" }, t("You can go on after these cards.")) : "",
  );
}

export function drawBar(r) {
  const {
    plan,
    picked,
    composting,
    armed,
    bar,
    ex,
    myTurn,
    can,
    words,
    selectSpec,
    direct,
    playActions,
    selectionActions,
    confirm,
    hoverable,
  } = r;
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
    items.push(button("mj-clear", t("Clear"), () => r.on.clearPlan()));
  } else if (spec) {
    const ok = selectionActions().length > 0;
    const label = {
      compost: t("Compost these cards"),
      discard: t("Discard these cards"),
      sell: picked.size ? tn("Sell {n} card", "Sell {n} cards", picked.size) : t("Sell nothing"),
    }[spec.what];
    const acts = selectionActions(); // the chain it sends, as the Play button's
    items.push(
      button("mj-confirm", label, () => confirm(), "primary", {
        disabled: !ok,
        ...(ok && { "data-actions": acts.join("|") }),
      }),
    );
    if (composting) {
      items.push(button("mj-clear", t("Cancel"), () => r.on.cancelCompost()));
      const pv = e.preview && e.preview.after.compost; // whichever two cards: +1 acorn
      if (pv) items.push(scoreLine(r, pv));
    } else if (picked.size) items.push(button("mj-clear", t("Clear"), () => r.on.clearPicked()));
  } else if (armed) {
    items.push(el("span", { class: "mj-armed" }, words(armed)));
    items.push(
      button("mj-confirm", t("Confirm"), () => confirm(), "primary", { "data-actions": armed }),
    );
    items.push(button("mj-clear", t("Cancel"), () => r.on.disarm()));
  } else {
    if (can("stop"))
      items.push(
        hoverable(
          button(
            "mj-stop",
            words("stop"),
            () => direct("stop"),
            e.phase === "play" ? "primary" : "",
            { "data-action": "stop" },
          ),
          words("stop"),
        ),
      );
    if (e.compost && can("compost")) {
      items.push(
        hoverable(
          button("mj-compost", t("Compost 2 cards (+1 acorn)"), () => r.on.startCompost(), "", {
            "data-action": "compost",
          }),
          words("compost"),
        ),
      );
    }
    if (can("end")) {
      items.push(
        hoverable(
          button("mj-end", words("end"), () => direct("end"), e.main_done ? "primary" : "", {
            "data-action": "end",
          }),
          words("end"),
        ),
      );
    }
  }
  bar.replaceChildren(...items);
}

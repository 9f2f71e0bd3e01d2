// Undergrove's decision panel and head: the round and the deck, what is asked in words and
// what is still owed, the choices as buttons (grouped; the long lists folded), the partial
// choice so far, the hint for the target under the pointer; and the turn so far. Pure drawing
// from `r`, what the renderer knows (msg, ctx, all: the choices, sel, candidate, hand, targets,
// touch, tileName, clear).
import { el, withNames } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { TOKEN_GLYPHS } from "./forest.js";

const BIG = new Set(["place", "seedling", "root", "carbon"]); // many choices: listed folded
const HEADINGS = () => ({
  activate: t("Activate a mushroom you have a root on (or click a lit tile):"),
  bonus: t("Spend a bonus tile first:"),
  copy: t("Copy a mushroom (or click a lit tile):"),
  take: t("Take a bonus tile:"),
  end: t("Choose an end space:"),
  discard: t("Discard (or click a card in your hand):"),
});

/** The pills: the round, the end announced, the deck and the discard pile. */
export function drawHead(head, msg) {
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

function turnSummary(msg) {
  if (!msg.log || msg.status !== "playing" || msg.to_move === null || msg.to_move === undefined)
    return [];
  const out = [];
  for (let i = msg.log.length - 1; i >= 0; i--) {
    if (msg.log[i].seat !== msg.to_move) break;
    out.unshift(msg.log[i].text);
  }
  return out;
}

/** What is asked now, the choices, the turn so far. */
export function drawDecision(decision, r) {
  const { msg, ctx, sel } = r;
  const v = msg.view;
  const ex = msg.extras || {};
  const all = r.all;
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
      const chosen = r.hand;
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
              r.tileName(id),
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
          selectionText(sel, r.tileName),
          " ",
          el(
            "button",
            {
              type: "button",
              id: "ug-clear",
              onclick: () => r.clear(),
            },
            t("Choose again"),
          ),
        ),
      );
    }
    parts.push(buttons(all, r.candidate));
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
  decision.replaceChildren(...parts);
  decision.classList.toggle("mine", all.length > 0);
  decision.hidden = over;
  drawHint(decision, r);
}

/** The turn so far, under the forest (it grows with each decision: above the forest it
 * would push the forest down at every step). */
export function drawTurn(box, r) {
  const { msg, ctx } = r;
  const over = msg.status === "finished" || msg.view.over;
  const ex = msg.extras || {};
  const parts = [];
  const summary = turnSummary(msg);
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
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}

function selectionText(sel, tileName) {
  if (sel.tile)
    return t("Carbon from {tile}: now click the seedling to feed.", { tile: tileName(sel.tile) });
  if (sel.corner)
    return t("Seedling at {at}: now click the tile to take the carbon from.", { at: sel.corner });
  return "";
}

function buttons(all, candidate) {
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

/** The hint under the choices: the target under the pointer in words, with Confirm on a
 * touch screen; how to choose while nothing is pointed at. */
export function drawHint(decision, r) {
  const { candidate } = r;
  const hint = decision.querySelector(".ug-hint");
  if (!hint) return;
  hint.replaceChildren();
  if (!candidate) {
    const all = r.all;
    if (all.length && r.targets.length)
      hint.append(
        el(
          "span",
          { class: "muted" },
          r.touch
            ? t(
                "Tap a lit spot on the forest to choose it (Undo takes it back); a choice that ends your turn is shown first: tap again or press Confirm.",
              )
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
  if (r.touch && c) {
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

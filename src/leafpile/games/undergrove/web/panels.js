// Undergrove's side panels as HTML: each player's board (resources, activation tokens, pieces
// left, hand size, carbon-track position, bonus tiles, score now), the viewer's hand of
// mushroom tiles with their effects in words, the carbon track with its rewards, bonus tiles
// and end spaces, the goals with everyone's progress, and the score breakdown.
// Things the player may click now carry `data-action` (a legal notation) or `data-pick`.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { PLAYER_COLOURS, PLAYER_INK, TOKEN_COLOURS, TOKEN_GLYPHS, icon } from "./forest.js";

export const RESOURCES = ["C", "N", "P", "K"];
export const TOKENS = ["b", "p", "g", "y"];
const RESOURCE_NAMES = () => ({
  C: t("carbon"),
  N: t("nitrogen"),
  P: t("phosphorus"),
  K: t("potassium"),
});
const TOKEN_NAMES = () => ({ b: t("blue"), p: t("pink"), g: t("green"), y: t("yellow") });

export function colourVars(p) {
  return `--pc:${PLAYER_COLOURS[p]};--pink:${PLAYER_INK[p]}`;
}

export function resChip(letter, n, attrs = {}) {
  const names = RESOURCE_NAMES();
  return el(
    "span",
    { class: `ug-res ug-res-${letter}`, title: `${names[letter]} (${letter})`, ...attrs },
    el("span", { class: "ug-res-icon", "aria-hidden": "true" }, letter),
    n === null || n === undefined ? "" : el("span", { class: "ug-res-n" }, String(n)),
  );
}

export function tokenChip(letter, ready, attrs = {}) {
  const name = TOKEN_NAMES()[letter];
  return el(
    "span",
    {
      class: `ug-tok ${ready ? "ready" : "used"}`,
      style: `--tc:${TOKEN_COLOURS[letter]}`,
      title: ready
        ? t("{colour} token: ready", { colour: name })
        : t("{colour} token: used", { colour: name }),
      ...attrs,
    },
    TOKEN_GLYPHS[letter],
  );
}

function clickable(choiceFor, key, base = {}) {
  const c = choiceFor(key);
  if (!c) return base;
  return {
    ...base,
    "data-action": c.action,
    role: "button",
    tabindex: 0,
    class: `${base.class || ""} ug-clickable`,
    "aria-label": c.label,
  };
}

/** One player's board. `choiceFor(kind, value)` answers the legal choice a click there makes. */
export function playerPanel(msg, p, choiceFor, seatName) {
  const v = msg.view;
  const ex = msg.extras || {};
  const score = (ex.scores || [])[p] || {};
  const mine = msg.you === p;
  const over = msg.status === "finished" || v.over;
  const toMove = msg.to_move === p && !over;
  const res = v.resources[p];
  const resRow = el(
    "div",
    { class: "ug-res-row" },
    ...RESOURCES.map((r, i) =>
      resChip(
        r,
        res[i],
        mine
          ? clickable((k) => choiceFor("res", k), r, { class: `ug-res ug-res-${r}`, "data-res": r })
          : {},
      ),
    ),
  );
  const tokRow = el(
    "div",
    { class: "ug-tok-row" },
    el("span", { class: "ug-label" }, t("Tokens")),
    ...TOKENS.map((tok, i) =>
      tokenChip(
        tok,
        (v.ready[p] >> i) & 1,
        mine
          ? clickable((k) => choiceFor("token", k), tok, {
              class: `ug-tok ${(v.ready[p] >> i) & 1 ? "ready" : "used"}`,
              "data-token": tok,
            })
          : {},
      ),
    ),
  );
  const hand = v.hands[p].length;
  const supply = el(
    "div",
    { class: "ug-supply" },
    el("span", { class: "ug-label" }, t("Supply")),
    el(
      "span",
      { title: t("seedlings left in supply"), "data-source": `supply:${p}` },
      icon("seedling", PLAYER_COLOURS[p]),
      tn("{n} seedling", "{n} seedlings", v.seedlings[p]),
    ),
    el(
      "span",
      { title: t("trees left in supply") },
      icon("tree", PLAYER_COLOURS[p]),
      tn("{n} tree", "{n} trees", v.trees[p]),
    ),
    el(
      "span",
      { title: t("roots left in supply") },
      icon("root", PLAYER_COLOURS[p]),
      tn("{n} root", "{n} roots", v.roots_left[p]),
    ),
    el(
      "span",
      { title: t("mushroom tiles in hand"), "data-source": `hand:${p}` },
      icon("tile"),
      tn("{n} tile in hand", "{n} tiles in hand", hand),
    ),
  );
  const pos = v.track[p];
  const next = pos >= 9 ? null : pos === 8 ? t("end space") : (ex.track || [])[pos];
  const track = el(
    "div",
    { class: "ug-trackpos" },
    el("span", { class: "ug-label" }, t("Carbon track")),
    " ",
    el("b", {}, `${pos} / 9`),
    next ? el("span", { class: "muted" }, " · ", t("next: {reward}", { reward: next })) : "",
    v.end_space[p] >= 0
      ? el(
          "span",
          {},
          " · ",
          t("end space E{i}: {what}", {
            i: v.end_space[p] + 1,
            what: (ex.end_spaces || [])[v.end_space[p]],
          }),
        )
      : "",
  );
  const bonus = v.bonus[p].length
    ? el(
        "div",
        { class: "ug-bonus-row" },
        el("span", { class: "ug-label" }, t("Bonus tiles")),
        ...v.bonus[p].map((b) =>
          bonusChip(
            b,
            ex,
            mine
              ? clickable((k) => choiceFor("bonus", k), b, { class: "ug-bonus", "data-bonus": b })
              : {},
          ),
        ),
      )
    : "";
  return el(
    "section",
    {
      class: `ug-player${toMove ? " to-move" : ""}${mine ? " mine" : ""}`,
      "data-seat": p,
      style: colourVars(p),
    },
    el(
      "div",
      { class: "ug-player-head" },
      el("span", { class: "ug-swatch", "aria-hidden": "true" }),
      el("b", { class: "ug-name" }, seatName(p) || `P${p + 1}`),
      mine ? el("span", { class: "muted" }, ` (${t("you")})`) : "",
      toMove ? el("span", { class: "ug-moving" }, t("to play")) : "",
      // before the end the points are what the game would give now: said in words
      el(
        "span",
        { class: "ug-score", "data-score": p },
        tn("{n} point", "{n} points", score.total ?? 0),
      ),
    ),
    el("div", { class: "ug-score-when" }, over ? t("final score") : t("if the game ended now")),
    resRow,
    tokRow,
    supply,
    track,
    bonus,
  );
}

export function bonusChip(b, ex, attrs = {}) {
  const text = (ex.bonus_tiles || {})[b] || "";
  return el("span", { class: "ug-bonus", title: text, ...attrs }, el("b", {}, `B${b}`), " ", text);
}

/** A mushroom tile as a card (the hand, the tile details box). */
export function tileCard(id, info, attrs = {}) {
  if (!info) return el("div", { class: "ug-card", ...attrs }, `#${id}`);
  const token = info.token
    ? el(
        "span",
        {
          class: "ug-card-token",
          style: `--tc:${TOKEN_COLOURS[info.token]}`,
          title: TOKEN_NAMES()[info.token],
        },
        TOKEN_GLYPHS[info.token],
      )
    : el("span", { class: "ug-card-token none" }, "★");
  return el(
    "div",
    { class: "ug-card", "data-hand": id, ...attrs },
    el(
      "div",
      { class: "ug-card-head" },
      token,
      el("b", { class: "ug-card-name" }, info.name),
      el(
        "span",
        { class: "ug-card-vp", title: info.vp_text },
        icon("cone"),
        info.vp === null || info.vp === undefined ? "*" : String(info.vp),
      ),
    ),
    el(
      "div",
      { class: "ug-card-cost" },
      el("span", { class: "ug-label" }, t("Cost")),
      " ",
      info.cost,
    ),
    el("div", { class: "ug-card-effect" }, info.effect),
    el(
      "div",
      { class: "ug-card-foot muted" },
      info.vp_text,
      ...(info.flags || []).map((f) => ` · ${f}`),
    ),
  );
}

export function handPanel(msg, choiceFor, selectedHand) {
  const v = msg.view;
  const ex = msg.extras || {};
  if (msg.you === null || msg.you === undefined) return null;
  const hand = v.hands[msg.you] || [];
  const cards = hand
    .filter((id) => id >= 0)
    .sort((a, b) => a - b)
    .map((id) => {
      const discard = choiceFor("discard", id);
      const place = choiceFor("place", id);
      const attrs = { "data-key": `tile:${id}`, "data-at": "hand" }; // it flies to the forest
      if (discard)
        Object.assign(attrs, {
          "data-action": discard.action,
          role: "button",
          tabindex: 0,
          class: "ug-card ug-clickable",
          "aria-label": discard.label,
        });
      else if (place)
        Object.assign(attrs, {
          "data-pick": `hand:${id}`,
          role: "button",
          tabindex: 0,
          class: `ug-card ug-clickable${selectedHand === id ? " selected" : ""}`,
          "aria-pressed": selectedHand === id ? "true" : "false",
        });
      return tileCard(id, (ex.tiles || {})[id], attrs);
    });
  return el(
    "section",
    { class: "panel ug-hand" },
    el("h3", {}, t("Your hand")),
    cards.length
      ? el("div", { class: "ug-cards" }, ...cards)
      : el("p", { class: "muted" }, t("No tiles in hand.")),
  );
}

export function trackPanel(msg, choiceFor, seatName) {
  const v = msg.view;
  const ex = msg.extras || {};
  const n = v.players;
  const spaces = [];
  for (let s = 0; s <= 9; s++) {
    const here = [];
    for (let p = 0; p < n; p++)
      if (v.track[p] === s)
        here.push(
          el(
            "span",
            { class: "ug-marker", style: colourVars(p), title: seatName(p) },
            (seatName(p) || `P${p + 1}`).slice(0, 1),
          ),
        );
    const label = s === 9 ? t("End") : String(s);
    const reward =
      s === 0 ? t("start") : s === 9 ? t("end space") : (ex.track_short || [])[s - 1] || "";
    const long = s >= 1 && s <= 8 ? (ex.track || [])[s - 1] : "";
    spaces.push(
      el(
        "li",
        { class: `ug-space${s === 9 ? " end" : ""}`, "data-space": s, title: long },
        el("b", {}, label),
        el("small", {}, reward),
        el("div", { class: "ug-markers" }, ...here),
      ),
    );
  }
  const sets = [2, 4, 6].map((space, i) =>
    el(
      "div",
      { class: "ug-bonus-set" },
      el("span", { class: "ug-label" }, t("Space {n}", { n: space })),
      ...(v.bonus_sets[i] || []).map((b) =>
        bonusChip(
          b,
          ex,
          clickable((k) => choiceFor("take", k), b, { class: "ug-bonus", "data-bonus": b }),
        ),
      ),
      (v.bonus_sets[i] || []).length ? "" : el("span", { class: "muted" }, t("none left")),
    ),
  );
  const ends = (ex.end_spaces || []).map((text, i) => {
    const taker = v.end_space.indexOf(i);
    return el(
      "span",
      clickable((k) => choiceFor("end", k), i, {
        class: `ug-end${taker >= 0 ? " taken" : ""}`,
        "data-end": i,
        style: taker >= 0 ? colourVars(taker) : "",
        title: taker >= 0 ? t("taken by {name}", { name: seatName(taker) }) : "",
      }),
      el("b", {}, `E${i + 1}`),
      " ",
      text,
      taker >= 0
        ? el(
            "span",
            { class: "ug-marker", style: colourVars(taker) },
            (seatName(taker) || "?").slice(0, 1),
          )
        : "",
    );
  });
  return el(
    "section",
    { class: "panel ug-track" },
    el("h3", {}, t("Carbon track")),
    el(
      "p",
      { class: "muted ug-small" },
      t(
        "One space per turn in which you absorbed carbon; reaching the end triggers the last round.",
      ),
    ),
    el("ol", { class: "ug-spaces" }, ...spaces),
    el("div", { class: "ug-sets" }, el("span", { class: "ug-label" }, t("Bonus tiles")), ...sets),
    el("div", { class: "ug-ends" }, el("span", { class: "ug-label" }, t("End spaces")), ...ends),
  );
}

export function goalsPanel(msg, seatName) {
  const ex = msg.extras || {};
  const n = msg.view.players;
  const head = el(
    "tr",
    {},
    el("th", {}, t("Goal")),
    ...Array.from({ length: n }, (_, p) =>
      el("th", { style: colourVars(p), class: "ug-col" }, seatName(p) || `P${p + 1}`),
    ),
  );
  const rows = (ex.goals || []).map((g) =>
    el(
      "tr",
      { "data-goal": g.id },
      el(
        "th",
        {},
        el("b", {}, g.name),
        el("div", { class: "muted ug-small" }, g.counts, " — ", g.how),
      ),
      ...g.progress.map((value, p) =>
        el(
          "td",
          {},
          el("span", { class: "ug-progress", title: t("progress") }, String(value)),
          " → ",
          el("b", {}, tn("{n} pt", "{n} pts", g.points[p])),
        ),
      ),
    ),
  );
  return el(
    "section",
    { class: "panel ug-goals" },
    el("h3", {}, t("Goals")),
    el("table", { class: "ug-table" }, el("thead", {}, head), el("tbody", {}, ...rows)),
  );
}

export function scorePanel(msg, seatName) {
  const ex = msg.extras || {};
  const n = msg.view.players;
  const scores = ex.scores || [];
  const over = msg.status === "finished" || msg.view.over;
  const row = (label, values, attrs = {}) =>
    el("tr", attrs, el("th", {}, label), ...values.map((x) => el("td", {}, String(x))));
  const col = (f) => Array.from({ length: n }, (_, p) => (scores[p] ? f(scores[p], p) : ""));
  const goalNames = (ex.goals || []).map((g) => g.name);
  const body = [
    row(
      t("Roots (pine cones)"),
      col((s) => s.roots),
    ),
    ...goalNames.map((name, i) =>
      row(
        t("Goal: {name}", { name }),
        col((s) => s.goals[i]),
      ),
    ),
    row(
      t("Bonus tiles and end space"),
      col((s) => s.bonus),
    ),
    row(
      t("Leftover resources (half, rounded down)"),
      col((s) => `${s.resources} (${s.resource_count}/2)`),
    ),
  ];
  const total = el(
    "tr",
    { class: "ug-total" },
    el("th", {}, over ? t("Final score") : t("Total now")),
    ...col((s, p) => el("td", { "data-total": p }, String(s.total))),
  );
  const tie = [
    row(
      t("Tie-break 1: trees"),
      col((s) => s.trees),
      { class: "ug-tie" },
    ),
    // the rules' words: carbon absorbed (3 per tree, plus the carbon on seedlings)
    row(
      t("Tie-break 2: carbon absorbed"),
      col((s) => 3 * s.trees + s.seedling_carbon),
      { class: "ug-tie" },
    ),
  ];
  const winners = msg.winners || [];
  const best = Math.max(...scores.map((s) => s.total));
  const tied = scores.filter((s) => s.total === best).length > 1;
  const head = el(
    "tr",
    {},
    el("th", {}, ""),
    ...Array.from({ length: n }, (_, p) =>
      el("th", { style: colourVars(p), class: "ug-col" }, seatName(p) || `P${p + 1}`),
    ),
  );
  return el(
    "section",
    { class: `panel ug-scores${over ? " final" : ""}`, "data-breakdown": "" },
    el("h3", {}, over ? t("Final scoring") : t("Score if the game ended now")),
    over && winners.length
      ? el(
          "p",
          { class: "ug-winner" },
          winners.length > 1
            ? t("Shared victory: {names}", { names: winners.map(seatName).join(", ") })
            : t("{name} wins", { name: seatName(winners[0]) }),
        )
      : "",
    over && tied
      ? el(
          "p",
          { class: "muted" },
          t("Tied at {n} points: most trees wins, then most carbon absorbed.", { n: best }),
        )
      : "",
    el(
      "table",
      { class: "ug-table" },
      el("thead", {}, head),
      el("tbody", {}, ...body),
      el("tfoot", {}, total, ...tie),
    ),
  );
}

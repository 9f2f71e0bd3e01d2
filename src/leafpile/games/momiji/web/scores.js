// Momiji's head (what to do now, the turn so far, the table's counters), the scores broken
// down and the note under the table. Pure drawing from `r`.
import { el } from "/static/api.js";
import { t, tm, tn } from "/static/i18n.js";
import { backSvg, toriiIcon } from "./cards.js";

export function drawHead(r) {
  const { msg, hint, ctx, task, sub, pills, wrap, ex, myTurn, say } = r;
  const e = ex();
  const over = e.over;
  // a table still waiting for people: nobody is taking a turn yet
  let text =
    msg.status === "waiting" ? t("Waiting for players to take their seats…") : say(e.prompt);
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
  if (myTurn()) lines.push(howTo(r));
  if (!over && e.turn && e.turn.length && msg.to_move !== null && msg.to_move !== undefined) {
    const who =
      msg.to_move === msg.you
        ? t("Your turn so far")
        : t("{name}'s turn so far", { name: ctx.seatName(msg.to_move) });
    lines.push(`${who}: ${e.turn.map((x) => say(x)).join(" · ")}`);
  }
  // the words of what the pointer is on are drawn over these lines, never in their place: a
  // hint that made the head taller would move the board from under the pointer, which would
  // leave it, and the board would move back, every frame
  sub.replaceChildren(
    ...lines.map((l) => el("span", {}, l)),
    ...(hint ? [el("span", { class: "mj-hint" }, hint)] : []),
  );
  sub.classList.toggle("hinting", Boolean(hint));
  sub.hidden = !lines.length && !hint;
  const end = e.end || {};
  pills.replaceChildren(
    el(
      "span",
      { class: "pill", "data-pill": "deck" },
      backSvg(r, "mj-pill-card"),
      " ",
      tn("{n} card in the deck", "{n} cards in the deck", e.deck),
    ),
    el(
      "span",
      { class: "pill", "data-pill": "torii" },
      toriiIcon(r),
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
export function howTo(r) {
  const { plan, ex, coarse, tree, selectSpec } = r;
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

export function drawScores(r) {
  const { msg, ctx, scores, ex } = r;
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
      { class: "mj-score-table", "data-breakdown": "" },
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

export function drawNote(r) {
  const { note } = r;
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

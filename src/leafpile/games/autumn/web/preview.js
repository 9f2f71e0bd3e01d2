// Autumn's areas during play: each colour's largest area outlined on the table (what would
// score if the round ended now), and the preview of the legal spot pointed at: what it does to
// each colour's largest area and to the round scores, before → after, with the areas the card
// would join outlined. Every number and cell comes from the server (extras.largest,
// extras.preview, measured by the engine on the seat's own view): this only draws them.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { H, W } from "./cards.js";

/** The outline of an area given as its cells ([x, y] spaces): the edges it shares with no
 * cell of its own, as one path (red areas solid, yellow ones dashed: never colour alone). */
export function areaOutline(cells, colour, kind) {
  const inside = new Set(cells.map(([x, y]) => `${x},${y}`));
  const d = [];
  for (const [x, y] of cells) {
    const [l, r, tp, b] = [x * W, (x + 1) * W, y * H, (y + 1) * H];
    if (!inside.has(`${x},${y - 1}`)) d.push(`M${l},${tp}H${r}`);
    if (!inside.has(`${x},${y + 1}`)) d.push(`M${l},${b}H${r}`);
    if (!inside.has(`${x - 1},${y}`)) d.push(`M${l},${tp}V${b}`);
    if (!inside.has(`${x + 1},${y}`)) d.push(`M${r},${tp}V${b}`);
  }
  const path = d.join("");
  return svg(
    "g",
    {},
    svg("path", { d: path, class: "halo" }), // a light edge under the line: seen on any leaf
    svg("path", { d: path, class: `${kind} ${colour}`, "data-cells": cells.length }),
  );
}

/** Each colour's largest area now, outlined (faded while a preview is shown). */
export function drawLargest(layer, largest, faded) {
  layer.replaceChildren();
  layer.classList.toggle("faded", Boolean(faded));
  if (!largest) return;
  for (const colour of ["red", "yellow"])
    if (largest[colour] && largest[colour].length)
      layer.append(areaOutline(largest[colour], colour, "largest"));
}

/** The areas the previewed card would join, outlined. */
export function drawJoins(layer, pv) {
  layer.replaceChildren();
  if (!pv) return;
  for (const colour of ["red", "yellow"])
    if (pv.joins[colour].length) layer.append(areaOutline(pv.joins[colour], colour, "joins"));
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** The change in the round score of the seat to move, as the ghost card shows it ("+2"), or
 * "" when there is none yet (before the colours are chosen). */
export function gainMark(pv, msg) {
  if (!pv || !pv.scores) return "";
  const you = msg.you === null || msg.you === undefined ? msg.to_move : msg.you;
  const [before, after] = pv.scores[you];
  return signed(after - before);
}

function areaWords(colour, [before, after], mine) {
  const words = {
    red: mine
      ? t("largest red area {before} → {after} (your colour)", { before, after })
      : t("largest red area {before} → {after}", { before, after }),
    yellow: mine
      ? t("largest yellow area {before} → {after} (your colour)", { before, after })
      : t("largest yellow area {before} → {after}", { before, after }),
  };
  return el(
    "li",
    { "data-colour": colour, "data-before": before, "data-after": after },
    words[colour],
  );
}

/** The preview's words for the seat to move (`msg.you`), or nothing without a preview. */
export function drawPreviewWords(box, pv, msg, ctx) {
  if (!pv) {
    box.replaceChildren();
    return;
  }
  const you = msg.you === null || msg.you === undefined ? msg.to_move : msg.you;
  // a replay or a review shows a seat's move to someone else: the seat by its name
  const own = !ctx.replay && !ctx.review && msg.you === msg.to_move;
  const parts = [];
  if (pv.scores) {
    const [before, after] = pv.scores[you];
    const solo = pv.scores.length === 1;
    const name = ctx.seatName(you);
    parts.push(
      el(
        "p",
        { class: "autumn-gain", "data-before": before, "data-after": after },
        el("strong", {}, signed(after - before)),
        " · ",
        solo
          ? t("challenge score if the game ended now: {before} → {after}", { before, after })
          : own
            ? t("your round score {before} → {after}", { before, after })
            : t("{name}: round score {before} → {after}", { name, before, after }),
      ),
    );
  } else
    parts.push(
      el("p", { class: "autumn-gain" }, t("The colours are chosen after this card: no score yet.")),
    );
  parts.push(
    el(
      "ul",
      { class: "autumn-areas" },
      ...["red", "yellow"].map((c) => areaWords(c, pv.areas[c], own && pv.mine === c)),
    ),
  );
  if (pv.scores && pv.scores.length === 2) {
    const other = 1 - you;
    const [before, after] = pv.scores[other];
    parts.push(
      el(
        "p",
        { class: "muted autumn-other", "data-before": before, "data-after": after },
        t("{name}: round score {before} → {after}", {
          name: ctx.seatName(other),
          before,
          after,
        }),
      ),
    );
  }
  parts.push(
    el("p", { class: "muted" }, t("Outlined in a thick line: the areas the card would join.")),
  );
  box.replaceChildren(...parts);
}

// Autumn's panels around the table: the round and the colours' owners, the scores of each
// round with the match total, and the colour choice as a dialog. Pure drawing from the state
// the server sent (and the choices it named) to HTML.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";

const COLOUR_CLASS = { red: "red", yellow: "yellow" };
const colourName = (c) => (c === "red" ? t("red") : c === "yellow" ? t("yellow") : c);

/** A solo challenge's name in the reader's language. */
export function challengeName(c) {
  return { garden: t("Garden"), balance: t("Balance"), two: t("Two") }[c || "garden"] || c;
}

function colourOwner(v, colour, ctx) {
  if (v.players === 1) return t("you");
  if (v.red_player === null || v.red_player === undefined) return null;
  const seat = colour === "red" ? v.red_player : 1 - v.red_player;
  return ctx.seatName(seat);
}

/** The pills over the table: the round or the challenge, the cards to come, each colour's
 * owner and largest area; then a line of words in a space kept for it. */
export function drawHead(head, msg, ctx) {
  const v = msg.view;
  const parts = [];
  if (v.players === 2) {
    const rounds = msg.options.rounds || 1;
    parts.push(
      el("span", { class: "pill" }, t("Round {n} of {rounds}", { n: v.round + 1, rounds })),
    );
  } else
    parts.push(
      el(
        "span",
        { class: "pill" },
        t("Solo: {challenge}", { challenge: challengeName(msg.options.challenge) }),
      ),
    );
  const coming = v.deck.length + (v.card === null ? 0 : 1);
  parts.push(
    el(
      "span",
      { class: "pill", "data-source": "deck" }, // where a revealed card flies from
      tn("{n} card to come", "{n} cards to come", coming),
    ),
  );
  const ex = msg.extras || {};
  const redOwner = colourOwner(v, "red", ctx);
  const yellowOwner = colourOwner(v, "yellow", ctx);
  const pill = (colour, owner, largest) =>
    (owner ? t("{colour}: {owner}", { colour: colourName(colour), owner }) : colourName(colour)) +
    " · " +
    t("largest {n}", { n: largest ?? "?" });
  parts.push(
    el(
      "span",
      { class: "pill red", "data-owner": redOwner || "" },
      pill("red", redOwner, ex.largest_red),
    ),
  );
  parts.push(
    el(
      "span",
      { class: "pill yellow", "data-owner": yellowOwner || "" },
      pill("yellow", yellowOwner, ex.largest_yellow),
    ),
  );
  // One line under the pills, always there so the table below never moves when its words
  // change: who chooses the colours, or what the outlines on the table are.
  const choosing = v.players === 2 && (v.red_player === null || v.red_player === undefined);
  const note =
    v.phase === "over"
      ? ""
      : choosing
        ? t("Colours are chosen after the first card is placed.")
        : t("Outlined on the table: each colour's largest area now (yellow dashed).");
  const line = el("p", { class: "muted autumn-note" }, note);
  head.replaceChildren(el("div", { class: "autumn-pills" }, ...parts), line);
}

/** The solo challenge's areas, or each round's scores with the live round and the total. */
export function drawScores(scores, msg, ctx) {
  const v = msg.view;
  if (v.players === 1) {
    const areas = (msg.extras && msg.extras.areas) || [];
    scores.replaceChildren(
      el("h3", {}, t("Solo challenge")),
      el(
        "p",
        {},
        t("Challenge: {challenge}. Areas now (largest first): {areas}", {
          challenge: challengeName(msg.options.challenge),
          areas: areas.join(", ") || "—",
        }),
      ),
      v.phase === "over" ? el("p", { class: "final" }, t("Score: {n}", { n: msg.scores[0] })) : "",
    );
    return;
  }
  const names = [ctx.seatName(0), ctx.seatName(1)];
  const rows = v.round_scores.map((r, i) =>
    el(
      "tr",
      {},
      el("th", {}, t("Round {n}", { n: i + 1 })),
      el("td", {}, String(r[0])),
      el("td", {}, String(r[1])),
    ),
  );
  if (v.phase !== "over" && v.red_player !== null && v.red_player !== undefined && msg.extras) {
    const live = [0, 0];
    live[v.red_player] = msg.extras.largest_red;
    live[1 - v.red_player] = msg.extras.largest_yellow;
    rows.push(
      el(
        "tr",
        { class: "live" },
        el("th", {}, t("Round {n} (now)", { n: v.round + 1 })),
        el("td", {}, String(live[0])),
        el("td", {}, String(live[1])),
      ),
    );
  }
  const total = [0, 1].map((p) => v.round_scores.reduce((s, r) => s + r[p], 0));
  scores.replaceChildren(
    el("h3", {}, t("Scores")),
    el(
      "table",
      { class: "autumn-score-table", "data-breakdown": "" },
      el(
        "thead",
        {},
        el("tr", {}, el("th", {}, ""), el("th", {}, names[0]), el("th", {}, names[1])),
      ),
      el("tbody", {}, ...rows),
      el(
        "tfoot",
        {},
        el(
          "tr",
          {},
          el("th", {}, t("Match total")),
          el("td", { "data-total": 0 }, String(total[0])),
          el("td", { "data-total": 1 }, String(total[1])),
        ),
      ),
    ),
  );
}

/** The colour choice of the second player: one button per colour the server offers
 * (`colours`: [{action, colour}]). */
export function drawDialog(dialog, colours, act) {
  if (!colours.length) {
    dialog.hidden = true;
    return;
  }
  dialog.hidden = false;
  dialog.replaceChildren(
    el(
      "div",
      { class: "autumn-dialog-box" },
      el("h2", {}, t("Choose your colour")),
      el(
        "p",
        {},
        t(
          "You play second this round, so you choose who owns which colour. The largest area of your colour scores at the end of the round.",
        ),
      ),
      el(
        "div",
        { class: "row" },
        ...colours.map((c) =>
          el(
            "button",
            {
              class: `colour-choice ${COLOUR_CLASS[c.colour] || ""}`,
              "data-action": c.action,
              onclick: () => act(c.action),
            },
            t("Take {colour}", { colour: colourName(c.colour) }),
          ),
        ),
      ),
    ),
  );
}

// Under the Leaves' side panels: the dweller cards in words with what each player has from
// them, the scores broken down, and the head (turn, bag, what to do). Pure drawing from `r`,
// what the renderer knows (see panels.js).
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { TERRAIN } from "./colours.js";
import { colourWord, icon, swatch } from "./tiles.js";

/** The dweller cards in play, with each player's figures, Burly, and the legend. */
export function drawCards(cardsPanel, r) {
  const cards = r.ex.cards || [];
  const names = Array.from({ length: r.msg.players }, (_, p) => r.ctx.seatName(p));
  const items = cards.map((c) =>
    el(
      "div",
      { class: "utl-card", "data-card": c.name },
      el(
        "h4",
        {},
        icon(`utl-fam-${c.family}`),
        ` ${c.title} `,
        el("span", { class: "muted" }, `(${c.family_name})`),
      ),
      el("p", {}, c.text),
      el(
        "p",
        { class: "utl-card-score" },
        ...c.figures.map((n, p) => el("span", {}, `${names[p]}: ${n}`)),
      ),
    ),
  );
  const b = r.ex.burly;
  if (b) {
    items.push(
      el(
        "div",
        { class: "utl-card burly" },
        el(
          "h4",
          {},
          icon("utl-tree"),
          ` ${b.title} `,
          el("span", { class: "muted" }, t("(+{n} points)", { n: b.points })),
        ),
        el("p", {}, b.text),
        el(
          "p",
          { class: "utl-card-score" },
          b.holder === null
            ? t("Nobody has Burly yet.")
            : t("{name} holds Burly (largest sector {n}).", {
                name: r.ctx.seatName(b.holder),
                n: b.bar,
              }),
        ),
      ),
    );
  }
  cardsPanel.replaceChildren(
    el("h3", {}, t("Dwellers in play")),
    el("div", { class: "utl-cards" }, ...items),
    el(
      "ul",
      { class: "utl-legend muted" },
      el(
        "li",
        { class: "utl-terrains" },
        ...Object.keys(TERRAIN).flatMap((kind) => [swatch(kind), " ", colourWord(kind), " "]),
      ),
      el(
        "li",
        {},
        icon("utl-bee"),
        " ",
        t(
          "Bee: a new pollinated sector (3 or more spaces of one colour, shown dotted) brings one, and one more to each other sector of its colour.",
        ),
      ),
      el(
        "li",
        {},
        icon("utl-bird"),
        " ",
        t(
          "Hummingbird: a tile whose terrain spaces are all pollinated; one more on the middle tile of 3 such tiles in a row or column.",
        ),
      ),
    ),
  );
}

/** Every player's score broken down (hidden until the end when the table says so). */
export function drawScores(scoresPanel, r) {
  const sc = r.ex.scores || [];
  const cards = r.ex.cards || [];
  const over = r.phase === "over";
  const order = Array.from({ length: r.msg.players }, (_, p) => p);
  if (!r.ex.visible_score) {
    scoresPanel.replaceChildren(
      el("h3", {}, t("Scores")),
      el("p", { class: "muted" }, t("Scores are hidden until the end of the game.")),
    );
    return;
  }
  const row = (label, key, cls = "") =>
    el(
      "tr",
      { class: cls },
      el("th", {}, label),
      ...order.map((p) => el("td", {}, String(sc[p][key]))),
    );
  const rows = [
    row(t("Bees"), "bees"),
    row(t("Hummingbirds"), "hummingbirds"),
    ...cards.map((c, f) => row(`${c.title} (${c.family_name})`, ["leaf", "mushroom", "puddle"][f])),
  ];
  if (over) {
    cards.forEach((c, f) =>
      rows.push(
        row(
          t("Most {card} figures: +2", { card: c.title }),
          `${["leaf", "mushroom", "puddle"][f]}_bonus`,
          "bonus",
        ),
      ),
    );
    if (r.ex.burly) rows.push(row(t("Burly"), "burly", "bonus"));
  }
  scoresPanel.replaceChildren(
    el("h3", {}, over ? t("Final scores") : t("Scores so far")),
    el(
      "table",
      { class: "utl-score-table", "data-breakdown": "" },
      el(
        "thead",
        {},
        el("tr", {}, el("th", {}, ""), ...order.map((p) => el("th", {}, r.ctx.seatName(p)))),
      ),
      el("tbody", {}, ...rows),
      el(
        "tfoot",
        {},
        el(
          "tr",
          {},
          el("th", {}, t("Total")),
          ...order.map((p) => el("td", { "data-total": p }, String(sc[p].total))),
        ),
      ),
    ),
    over
      ? ""
      : el(
          "p",
          { class: "muted" },
          t(
            "The majority bonuses (+2 figures for the most of each dweller family) and Burly count at the end.",
          ),
        ),
  );
}

/** The turn, the bag, and what to do now in words. */
export function drawHead(pills, task, r) {
  const v = r.msg.view;
  const tm = r.msg.to_move;
  const turnNo = tm !== null && tm !== undefined ? r.ex.gardens[tm].turns + 1 : null;
  pills.replaceChildren(
    turnNo && r.phase !== "over"
      ? el(
          "span",
          { class: "pill" },
          t("{name}: turn {n} of 12", { name: r.ctx.seatName(tm), n: Math.min(turnNo, 12) }),
        )
      : "",
    el("span", { class: "pill" }, tn("{n} tile in the bag", "{n} tiles in the bag", v.draws_left)),
  );
  task.textContent = taskWords(r);
}

/** How a player tied on points with others won (§8.3: more hummingbirds, then more bees),
 * with the counts that decided it, as the final scores show them. */
function tieBreakWords(sc, winner, top, name) {
  const w = sc[winner];
  const others = Object.keys(sc)
    .map(Number)
    .filter((p) => p !== winner && sc[p].total === top)
    .map((p) => sc[p]);
  const most = (list, key) => Math.max(...list.map((x) => x[key]));
  if (w.hummingbirds > most(others, "hummingbirds"))
    return t(
      "The game is over: tied at {n} points, {name} wins with more hummingbirds ({a} to {b}).",
      { n: top, name, a: w.hummingbirds, b: most(others, "hummingbirds") },
    );
  const level = others.filter((x) => x.hummingbirds === w.hummingbirds);
  if (w.hummingbirds === most(others, "hummingbirds") && w.bees > most(level, "bees"))
    return t(
      "The game is over: tied at {n} points and on hummingbirds ({h}), {name} wins with more bees ({a} to {b}).",
      { n: top, name, h: w.hummingbirds, a: w.bees, b: most(level, "bees") },
    );
  return t("The game is over: tied at {n} points, {name} wins on hummingbirds, then bees.", {
    name,
    n: top,
  });
}

function taskWords(r) {
  const v = r.msg.view;
  const who = r.ctx.seatName(r.msg.to_move);
  if (r.phase === "over") {
    const sc = r.ex.scores;
    const best = r.msg.winners && r.msg.winners.length ? r.msg.winners : [];
    const names = best.map((p) => r.ctx.seatName(p)).join(", ");
    if (!best.length) return t("The game is over.");
    const top = sc[best[0]].total;
    const tied = Object.values(sc).filter((x) => x.total === top).length > 1;
    if (best.length === 1 && tied) return tieBreakWords(sc, best[0], top, names);
    return best.length === 1
      ? t("The game is over: {name} wins with {n} points.", { name: names, n: top })
      : t("The game is over: {names} share the victory.", { names });
  }
  if (r.ctx.replay) {
    if (r.phase === "take") return t("{name} takes a tile from the market.", { name: who });
    if (r.phase === "place")
      return t("{name} places {tile}.", {
        name: who,
        tile: (r.ex.tiles[String(v.taken)] || {}).name || "",
      });
    return r.ex.choice
      ? t("{name} chooses where the {card} goes.", { name: who, card: r.ex.choice.card })
      : "";
  }
  if (!r.mine) {
    if (r.msg.status !== "playing") return "";
    if (r.phase === "take") return t("{name} is choosing a tile from the market…", { name: who });
    if (r.phase === "place")
      return t("{name} is placing {tile}…", {
        name: who,
        tile: (r.ex.tiles[String(v.taken)] || {}).name || "",
      });
    return r.ex.choice
      ? t("{name} chooses where the {card} goes…", { name: who, card: r.ex.choice.card })
      : "";
  }
  if (r.ctx.review)
    return t("{name}'s decision: the move shown is lit on the board.", { name: who });
  if (r.phase === "choose") {
    return t("Your turn: put the {card} on one of the two highlighted spaces of your garden.", {
      card: r.ex.choice.card,
    });
  }
  if (r.coarse) {
    if (!r.tile) return t("Your turn: tap a tile in the market.");
    return t(
      "Your turn: tap a highlighted spot in your garden to try the tile there, turn or flip it, then press “Place here”.",
    );
  }
  if (!r.tile) return t("Your turn: pick a tile from the market (click it, or keys 1-3).");
  return t(
    "Your turn: move the tile over your garden and click a highlighted spot to place it (R and Q turn it, F flips it, arrows and Enter work too).",
  );
}

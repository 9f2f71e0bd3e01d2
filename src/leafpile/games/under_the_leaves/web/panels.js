// Under the Leaves' market and hand: the tiles to take, the tile being tried with its turns,
// flips and what it brings, and where a figure goes. Pure drawing from `r`, what the renderer
// knows (msg, ex: the server's extras, the tile tried, its orientation, the chosen spot and
// what it brings) and the handlers it gives (r.on).
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { orientationWords, tilePicture } from "./tiles.js";

function gainWords(gain, cards) {
  const items = [];
  if (gain.bees) items.push(tn("{n} bee", "{n} bees", gain.bees));
  if (gain.hummingbirds) items.push(tn("{n} hummingbird", "{n} hummingbirds", gain.hummingbirds));
  gain.dwellers.forEach((n, f) => {
    if (n) items.push(tn("{n} {card} figure", "{n} {card} figures", n, { card: cards[f].title }));
  });
  if (gain.burly) items.push(t("Burly"));
  return items.length ? items.join(", ") : t("nothing arrives");
}

/** The market: one button per tile, the ones that may be taken enabled. */
export function drawMarket(market, r) {
  const v = r.msg.view;
  const tiles = r.ex.tiles || {};
  const tk = r.takes;
  market.dataset.source = "market"; // where a placed tile flies from
  market.replaceChildren(
    ...v.market.map((id, i) => {
      const info = tiles[String(id)];
      const can = tk.some((x) => x.tile === String(id));
      const button = el(
        "button",
        {
          type: "button",
          class: `utl-market-tile${String(id) === r.selected ? " selected" : ""}`,
          "data-tile": id,
          "data-action": can ? tk.find((x) => x.tile === String(id)).action : null,
          "data-key": `tile:${id}`,
          "data-at": "market",
          disabled: !can,
          "aria-pressed": String(String(id) === r.selected),
          title: info ? info.name : "",
          "aria-label": info ? `${i + 1}: ${info.name}` : String(id),
          onclick: () => r.on.select(id),
        },
        info ? tilePicture(info.faces[0]) : "",
      );
      return button;
    }),
  );
  const bag = el(
    "p",
    { class: "muted utl-bag" },
    tn("{n} tile still to come", "{n} tiles still to come", v.draws_left),
  );
  market.append(bag);
}

/** The tile being tried: its picture, the turn and flip buttons, its 8 orientations, what
 * it brings on the spot chosen, and "Place here". */
export function drawHand(h, r) {
  const tile = r.tile;
  const info = tile && r.ex.tiles ? r.ex.tiles[tile] : null;
  const active = Boolean(info && r.mine && (r.phase === "place" || r.phase === "take"));
  h.hand.hidden = !info || !(r.phase === "place" || r.phase === "take");
  const review = Boolean(r.ctx.review); // it shows a move, nothing here acts
  for (const bt of h.turners) {
    bt.disabled = !active;
    bt.hidden = Boolean(r.ctx.replay) || review || !active;
  }
  if (!info) return;
  h.handPic.replaceChildren(
    tilePicture(info.faces[active ? r.orient : 0], "utl-hand-tile"),
    el("p", { class: "utl-tile-name" }, info.name),
  );
  h.orientRow.hidden = !active || review;
  h.orientRow.replaceChildren(
    ...(active
      ? info.faces.map((faces, o) =>
          el(
            "button",
            {
              type: "button",
              class: `utl-orient${o === r.orient ? " selected" : ""}`,
              role: "radio",
              "aria-checked": String(o === r.orient),
              "data-o": o,
              title: orientationWords(o),
              "aria-label": orientationWords(o),
              onclick: () => r.on.orient(o),
            },
            tilePicture(faces, "utl-orient-pic"),
          ),
        )
      : []),
  );
  h.placeButton.hidden = !active || review;
  h.placeButton.disabled = !r.candidate;
  if (!active || (review && !r.candidate)) {
    h.previewBox.replaceChildren();
    return;
  }
  if (!r.candidate) {
    h.previewBox.replaceChildren(
      el(
        "p",
        { class: "muted" },
        r.coarse
          ? t("Tap a highlighted spot in your garden to try the tile there.")
          : t(
              "Move the tile over your garden: the highlighted spots are legal, their number is what the tile brings there. Arrows and Enter work too.",
            ),
      ),
    );
    return;
  }
  const gain = r.gainHere;
  const now = r.ex.scores[r.msg.you].total;
  h.previewBox.replaceChildren(
    el(
      "p",
      { class: "utl-gain" },
      gain ? t("Here: {what}", { what: gainWords(gain, r.ex.cards) }) : "",
    ),
    gain
      ? el(
          "p",
          { class: "muted" },
          t("Score {before} → {after}", { before: now, after: now + gain.total }),
          gain.choices ? " · " + t("you choose where the figure goes next") : "",
        )
      : "",
  );
}

/** Where the figure goes: the two spaces as buttons (the first is the upper one). */
export function drawChoice(choiceBox, r) {
  const acts = r.choices;
  const c = r.ex.choice;
  choiceBox.hidden = !c;
  if (!c) return;
  const kind = c.family === 1 ? "mushroom" : "puddle";
  choiceBox.replaceChildren(
    el("h3", {}, t("Where does the {card} go?", { card: c.card })),
    el(
      "p",
      { class: "muted" },
      c.family === 1
        ? t("Two mushrooms are diagonal neighbours: one of them gets the figure.")
        : t("Two puddles are diagonal neighbours: one of them gets the figure."),
    ),
    acts.length
      ? el(
          "div",
          { class: "row" },
          ...acts.map((c, i) =>
            el(
              "button",
              {
                type: "button",
                class: "utl-choice-button",
                "data-action": c.action,
                onclick: () => r.on.choose(c.action),
              },
              i === 0
                ? kind === "mushroom"
                  ? t("Upper mushroom")
                  : t("Upper puddle")
                : kind === "mushroom"
                  ? t("Lower mushroom")
                  : t("Lower puddle"),
            ),
          ),
        )
      : "",
  );
}

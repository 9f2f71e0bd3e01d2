// Autumn's end of a round: the round's final layout (which the next round's start card would
// otherwise replace at once), each colour's largest area outlined (what scored), the round's
// scores and the match so far, in words. From extras.round_end (the server measures the
// areas); shown until the player hides it or the next card is placed; a step of the replay.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { H, W, leafDefs, placedCards, tableBox } from "./cards.js";

/** Draw the summary of `msg`'s finished round into `box` (hidden when there is none, or the
 * player hid this round's); `hide` is called with the round's number. */
export function drawRoundEnd(box, msg, ctx, faces, hidden, hide) {
  const end = msg && msg.extras && msg.extras.round_end;
  box.hidden = !end || !faces || hidden === end.round;
  if (box.hidden) {
    box.replaceChildren();
    return;
  }
  const layout = svg("svg", {
    class: "autumn-round-layout",
    role: "img",
    viewBox: tableBox(end.placed, [], false),
    "aria-label": t("The table at the end of round {n}", { n: end.round }),
  });
  const cards = placedCards(faces, end.placed);
  for (const card of cards) card.removeAttribute("data-key"); // not a card that moves
  const outline = (cells, colour) =>
    cells.map(([x, y]) =>
      svg("rect", { x: x * W, y: y * H, width: W, height: H, class: `scored ${colour}` }),
    );
  layout.append(leafDefs(), ...cards, ...outline(end.red, "red"), ...outline(end.yellow, "yellow"));
  const redName = ctx.seatName(end.red_player);
  const yellowName = ctx.seatName(1 - end.red_player);
  const scored = end.scores;
  box.replaceChildren(
    layout,
    el(
      "div",
      { class: "autumn-round-words" },
      el("h3", {}, t("Round {n} is over", { n: end.round })),
      el(
        "p",
        {},
        t("{name} scores {n}: the largest red area, outlined in a solid line.", {
          name: redName,
          n: scored[end.red_player],
        }),
      ),
      el(
        "p",
        {},
        t("{name} scores {n}: the largest yellow area, outlined in a dashed line.", {
          name: yellowName,
          n: scored[1 - end.red_player],
        }),
      ),
      el(
        "p",
        { class: "autumn-round-total" },
        t("Match so far: {first} {a}, {second} {b}", {
          first: ctx.seatName(0),
          a: end.totals[0],
          second: ctx.seatName(1),
          b: end.totals[1],
        }),
      ),
      ctx.replay || msg.view.phase === "over"
        ? ""
        : el(
            "button",
            { type: "button", id: "autumn-round-hide", onclick: () => hide(end.round) },
            t("Hide (the next round has begun)"),
          ),
    ),
  );
}

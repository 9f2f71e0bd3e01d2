// The bot's review on the replay page: ask the server for it (it thinks in its workers, one
// decision at a time), show its progress, then each decision's mark, the bot's better move on
// the board (the game's own renderer highlights it as the only legal action), a graph of
// each seat's expected result over the game, and "Explore from here".
import { api, el, getName, setToken, toast, withNames } from "/static/api.js";
import { t, tm, tn } from "/static/i18n.js";
import { svg } from "/static/board.js";

const MARK_COLOURS = { inaccuracy: "#d9a400", mistake: "#e0701c", blunder: "#c0281b" };
const SEAT_COLOURS = ["#2f6db5", "#b5471f", "#2f7d4a", "#7a3fa0"];

export function markName(mark) {
  return { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") }[mark] || "";
}

/** A decision's words (played or best) in the reader's language, seats by name. */
export function words(item, seatName) {
  return withNames(tm(item.msg, item.text), seatName);
}

/** Ask for the review of `tableId` and poll its progress until it is done; `progress(done,
 *  total)` is told each time. Resolves to the finished review. */
export async function runReview(tableId, setting, progress) {
  const body = {};
  if (setting.time) body.time = setting.time;
  if (setting.seats) body.seats = setting.seats;
  let answer = await api(`/api/tables/${tableId}/review`, { method: "POST", body });
  const query = new URLSearchParams({
    seats: (setting.seats || []).join(","),
    time: String(answer.setting.split("time=")[1]),
  });
  while (answer.status === "running") {
    progress(answer.done, answer.total);
    await new Promise((resolve) => setTimeout(resolve, 600));
    answer = await api(`/api/tables/${tableId}/review?${query}`);
  }
  if (answer.status === "failed") throw new Error(answer.message);
  return answer;
}

/** The evaluation graph: each reviewed seat's expected result (from -1, a sure loss, to +1, a
 *  sure win) at each of its decisions, marked decisions as coloured dots, the step shown as a
 *  line. Clicking picks the nearest step. */
export function evaluationGraph(review, steps, seatName, onPick) {
  const width = 600;
  const height = 150;
  const pad = 8;
  const x = (n) => pad + (n / Math.max(1, steps)) * (width - 2 * pad);
  const y = (v) => height / 2 - v * (height / 2 - pad);
  const root = svg("svg", {
    class: "review-graph",
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": t("Evaluation graph"),
  });
  root.append(
    svg("rect", { x: 0, y: 0, width, height: height / 2, fill: "#eef5ea" }),
    svg("rect", { x: 0, y: height / 2, width, height: height / 2, fill: "#f8ece6" }),
    svg("line", {
      x1: 0,
      x2: width,
      y1: y(0),
      y2: y(0),
      stroke: "#9c8a70",
      "stroke-dasharray": "4 3",
    }),
  );
  review.seats.forEach((seat, i) => {
    const mine = review.decisions.filter((d) => d.seat === seat);
    if (!mine.length) return;
    const colour = SEAT_COLOURS[i % SEAT_COLOURS.length];
    const points = mine
      .map((d) => `${x(d.number).toFixed(1)},${y(d.best_value).toFixed(1)}`)
      .join(" ");
    root.append(
      svg("polyline", {
        points,
        fill: "none",
        stroke: colour,
        "stroke-width": 2,
        "data-seat": seat,
      }),
    );
    for (const d of mine.filter((d) => d.mark)) {
      const dot = svg("circle", {
        cx: x(d.number),
        cy: y(d.best_value),
        r: 4.5,
        fill: MARK_COLOURS[d.mark],
        stroke: "#fff",
        "data-mark": d.mark,
        "data-number": d.number,
      });
      dot.append(
        svg("title", {}, document.createTextNode(`${seatName(seat)}: ${markName(d.mark)}`)),
      );
      root.append(dot);
    }
  });
  const cursor = svg("line", {
    class: "review-cursor",
    y1: 0,
    y2: height,
    stroke: "#3b2a1a",
    "stroke-width": 1.5,
  });
  root.append(cursor);
  root.addEventListener("click", (e) => {
    const box = root.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * width;
    onPick(Math.round(((at - pad) / (width - 2 * pad)) * steps));
  });
  const legend = el(
    "p",
    { class: "review-legend" },
    ...review.seats.map((seat, i) =>
      el(
        "span",
        { class: "legend-seat", style: `--seat: ${SEAT_COLOURS[i % SEAT_COLOURS.length]}` },
        seatName(seat),
      ),
    ),
    el("span", { class: "muted" }, t("above the line: ahead")),
  );
  return {
    node: el("div", { class: "review-graph-box" }, root, legend),
    show(step) {
      cursor.setAttribute("x1", x(step));
      cursor.setAttribute("x2", x(step));
    },
  };
}

/** Each reviewed seat's accuracy and marks. */
export function summaryList(review, seatName) {
  return el(
    "ul",
    { class: "review-summary" },
    ...review.summary.map((s) =>
      el(
        "li",
        { "data-seat": s.seat },
        el("strong", {}, seatName(s.seat)),
        " ",
        t("accuracy {n}%", { n: Math.round(s.accuracy) }),
        " · ",
        el("span", { class: "mark blunder" }, tn("{n} blunder", "{n} blunders", s.marks.blunder)),
        el("span", { class: "mark mistake" }, tn("{n} mistake", "{n} mistakes", s.marks.mistake)),
        el(
          "span",
          { class: "mark inaccuracy" },
          tn("{n} inaccuracy", "{n} inaccuracies", s.marks.inaccuracy),
        ),
      ),
    ),
  );
}

/** What the side panel says of one decision: what was played (and its mark), the bot's
 *  choice, and the expected results of both. */
export function decisionCard(d, seatName, showing, onShow) {
  const same = d.best === d.played;
  return el(
    "div",
    { class: "review-decision", "data-number": d.number, "data-mark": d.mark || "" },
    el(
      "p",
      {},
      el("strong", {}, t("{name} played:", { name: seatName(d.seat) })),
      " ",
      words(d.played_words, seatName),
      d.mark ? el("span", { class: `mark ${d.mark}` }, markName(d.mark)) : "",
    ),
    same
      ? el("p", { class: "muted" }, t("The bot agrees with this move."))
      : el("p", {}, el("strong", {}, t("Better:")), " ", words(d.best_words, seatName)),
    el(
      "p",
      { class: "muted" },
      t("Expected result: {played} played, {best} best (from -1 to +1)", {
        played: d.played_value.toFixed(2),
        best: d.best_value.toFixed(2),
      }),
    ),
    same
      ? ""
      : el(
          "div",
          { class: "row" },
          el(
            "button",
            {
              id: "show-best",
              class: showing === "best" ? "primary" : "",
              onclick: () => onShow("best"),
            },
            t("Show the better move"),
          ),
          el(
            "button",
            {
              id: "show-played",
              class: showing === "played" ? "primary" : "",
              onclick: () => onShow("played"),
            },
            t("Show the move played"),
          ),
        ),
  );
}

/** Open a private analysis table from position `version` as `seat`, and go there. */
export async function exploreFrom(tableId, version, seat) {
  try {
    const body = { version, seat, name: getName() || t("You"), bot: "medium" };
    const made = await api(`/api/tables/${tableId}/explore`, { method: "POST", body });
    setToken(made.table, made.token);
    location.href = made.invite;
  } catch (e) {
    toast(e.message);
  }
}

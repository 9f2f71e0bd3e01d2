// Replay a table step by step from the public views the server rebuilds from its action log;
// once the game is over, the bot's review (review.js) and "Explore from here" too.
import {
  api,
  el,
  headerTools,
  keepSame,
  loadRenderer,
  seatLabel,
  statusName,
  toast,
  withNames,
} from "/static/api.js";
import { currentLanguage, loadLanguage, t, translatePage } from "/static/i18n.js";
import { createChat } from "/static/chat.js";
import { drawStatistics } from "/static/statistics.js";
import { followMoves } from "/static/board.js";
import {
  decisionCard,
  evaluationGraph,
  exploreFrom,
  markName,
  runReview,
  summaryList,
} from "/static/review.js";
import { whyParts } from "/static/why.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.search);
let data = null;
let steps = null; // the steps shown: the public's, or a seat's own once the game is over
let seen = null; // whose views are shown (null: the public)
let module = null;
let renderer = null;
const moves = followMoves(document.getElementById("board"));
let step = 0;
let timer = null;
let review = null; // the finished review
let graph = null;
let showing = "best"; // at a reviewed decision: the bot's move or the one played
const seatName = (i) =>
  i === null || i === undefined || !data ? "" : seatLabel(data.seats[i], data.seats);
const lineOf = (s) => withNames(s.line || "", seatName); // the server sent it in our language
const decisionAt = (n) =>
  review ? review.decisions.find((d) => d.number === n && d.seat === seen) : null;
const markOf = (n) => (review ? review.decisions.find((d) => d.number === n && d.mark) : null);

function makeRenderer() {
  // In a review the board shows the decision's own seat as if it were to play, with the bot's
  // move as its only legal action: the renderer's own highlight draws it.
  $("board").replaceChildren();
  const act = (action) =>
    toast(
      action === shownAction() ? t("This is the move shown.") : t("The review only shows moves."),
      "info",
    );
  renderer = module.createRenderer($("board"), {
    act,
    seatName,
    replay: !review,
    review: Boolean(review),
  });
}

function shownAction() {
  const d = decisionAt(step);
  return d ? d[showing] : null;
}

function show(i) {
  step = Math.max(0, Math.min(i, steps.length - 1));
  const s = steps[step];
  $("step").value = step;
  $("step-label").textContent =
    t("Step {n} of {last}", { n: step, last: steps.length - 1 }) +
    (s.line ? ` — ${lineOf(s)}` : "");
  document.body.dataset.step = step;
  $("players").replaceChildren(
    ...data.seats.map((seat) =>
      el(
        "li",
        { class: `player ${s.to_move === seat.seat ? "to-move" : ""}` },
        el("span", { class: "name" }, seatLabel(seat, data.seats)),
        el("span", { class: "score" }, s.scores.length ? String(s.scores[seat.seat]) : ""),
      ),
    ),
  );
  const log = $("log");
  keepSame(
    log,
    steps.slice(1, step + 1).map((x, k) => {
      const marked = markOf(k);
      return el(
        "li",
        { "data-number": k, class: marked ? `marked ${marked.mark}` : "", onclick: () => show(k) },
        lineOf(x),
        marked ? el("span", { class: `mark ${marked.mark}` }, markName(marked.mark)) : "",
        whyParts(k, x.why && withNames(x.why, seatName)),
      );
    }),
  );
  log.scrollTop = log.scrollHeight;
  const d = decisionAt(step);
  const shown = d ? d[showing] : null;
  moves.before();
  renderer.update({
    view: s.view,
    legal: shown ? [shown] : [],
    you: d ? d.seat : seen,
    to_move: s.to_move,
    seats: data.seats,
    status: d ? "playing" : step === steps.length - 1 ? data.status : "playing",
    winners: !d && step === steps.length - 1 ? data.winners : null,
    scores: s.scores,
    extras: s.extras,
    players: data.players,
    version: s.version,
    options: data.options,
  });
  moves.after(s.version); // a step forward or back flies its pieces too
  if (shown && renderer.preview) renderer.preview(shown); // a renderer that can draws the move
  document.body.dataset.decision = d ? d.number : "";
  if (review) {
    graph.show(step);
    $("review-decision").replaceChildren(
      d
        ? decisionCard(d, seatName, showing, (which) => {
            showing = which;
            show(step);
          })
        : "",
    );
  }
  $("explore").disabled = data.status !== "finished" || step >= steps.length - 1;
}

function togglePlay() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $("play").textContent = t("Play");
    return;
  }
  if (step >= steps.length - 1) show(0);
  $("play").textContent = t("Pause");
  timer = setInterval(() => {
    if (step >= steps.length - 1) {
      togglePlay();
      return;
    }
    show(step + 1);
  }, 700);
}

/** Show the game as `seat` saw it (null: the public), keeping the step. */
async function seeAs(seat) {
  seen = seat;
  steps =
    seat === null
      ? data.steps
      : (await api(`/api/tables/${tableId}/replay?seat=${seat}&lang=${currentLanguage()}`)).steps;
  show(step);
}

function seatChoice() {
  const options = [el("option", { value: "" }, t("the public"))].concat(
    data.seats.map((s) =>
      el("option", { value: s.seat, selected: s.seat === seen }, seatName(s.seat)),
    ),
  );
  return el(
    "label",
    {},
    t("Seen as"),
    el(
      "select",
      {
        id: "seen-as",
        onchange: (e) => seeAs(e.target.value === "" ? null : Number(e.target.value)),
      },
      options,
    ),
  );
}

async function startReview() {
  const box = $("review-body");
  const bar = el("progress", { id: "review-progress", max: 1, value: 0 });
  const label = el("p", { class: "muted" }, t("The bot is looking at the game…"));
  box.replaceChildren(label, bar);
  $("review-start").disabled = true;
  const time = Number(params.get("time")) || undefined;
  const chosen = params.get("seats") || $("review-who").value;
  const seats = chosen ? chosen.split(",").map(Number) : undefined;
  try {
    review = await runReview(tableId, { time, seats }, (done, total) => {
      if (!total) return;
      bar.max = total;
      bar.value = done;
      label.textContent = t("Reviewing decision {done} of {total}…", { done: done + 1, total });
    });
  } catch (e) {
    $("review-start").disabled = false;
    box.replaceChildren(el("p", {}, e.message));
    return;
  }
  $("review-start").parentElement.hidden = true;
  graph = evaluationGraph(review, data.steps.length - 1, seatName, (n) => show(n));
  box.replaceChildren(
    summaryList(review, seatName),
    graph.node,
    seatChoice(),
    el("div", { id: "review-decision" }),
  );
  makeRenderer();
  const first = review.decisions.find((d) => d.mark) || review.decisions[0];
  await seeAs(first ? first.seat : null);
  $("seen-as").value = first ? String(first.seat) : "";
  if (first) show(first.number);
  document.body.dataset.review = "done";
}

async function main() {
  await loadLanguage();
  translatePage();
  data = await api(`/api/tables/${tableId}/replay?lang=${currentLanguage()}`);
  steps = data.steps;
  $("tools").replaceChildren(headerTools(data.game));
  $("title").textContent = t("Replay: {game}", { game: data.title });
  $("status").textContent = statusName(data.status);
  $("status").className = `status ${data.status}`;
  const { games } = await api("/api/games");
  module = await loadRenderer(games.find((g) => g.name === data.game));
  makeRenderer();
  $("step").max = steps.length - 1;
  $("step").addEventListener("input", (e) => show(Number(e.target.value)));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(step - 1);
  $("next").onclick = () => show(step + 1);
  $("last").onclick = () => show(steps.length - 1);
  $("play").onclick = togglePlay;
  $("explore").onclick = () => {
    const seat = seen !== null ? seen : steps[step].to_move !== null ? steps[step].to_move : 0;
    exploreFrom(tableId, step, seat);
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowLeft") show(step - 1);
    if (e.key === "ArrowRight") show(step + 1);
  });
  if (data.status === "finished") {
    $("download").replaceChildren(
      el(
        "a",
        { class: "button", href: `/api/tables/${tableId}/record`, download: true },
        t("Download game record"),
      ),
    );
    $("review-start").onclick = startReview;
    $("review-who").replaceChildren(
      el("option", { value: "" }, t("every person")),
      ...data.seats.map((seat) => el("option", { value: seat.seat }, seatName(seat.seat))),
    );
    $("review").hidden = false;
    api(`/api/tables/${tableId}/statistics?lang=${currentLanguage()}`)
      .then((stats) => drawStatistics($("statistics"), stats, seatName))
      .catch((e) => toast(e.message));
  } else {
    $("download").replaceChildren(
      el(
        "span",
        { class: "muted" },
        t("The game is still running; its record can be downloaded when it ends."),
      ),
    );
  }
  if (data.analysis_of) {
    $("analysis-note").hidden = false;
    $("analysis-source").href = `/replay/${data.analysis_of}`;
  }
  // the table's chat, read only, when asked for (it may tell what the moves do not)
  $("show-chat").addEventListener("change", async (e) => {
    $("chat").hidden = !e.target.checked;
    if (!e.target.checked || $("chat").childElementCount) return;
    const chat = createChat($("chat"));
    chat.receive(await api(`/api/tables/${tableId}/chat?lang=${currentLanguage()}`));
  });
  show(steps.length - 1);
  if (data.status === "finished" && params.has("review")) await startReview();
}

main().catch((e) => toast(e.message));

// Replay a table step by step from the public views the server rebuilds from its action log.
import { api, el, headerTools, loadRenderer, seatLabel, statusName, toast, withNames } from "/static/api.js";
import { currentLanguage, loadLanguage, t, translatePage } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let data = null;
let renderer = null;
let step = 0;
let timer = null;
const seatName = (i) => (i === null || i === undefined || !data ? "" : seatLabel(data.seats[i], data.seats));
const lineOf = (s) => withNames(s.line || "", seatName); // the server sent it in our language

function show(i) {
  step = Math.max(0, Math.min(i, data.steps.length - 1));
  const s = data.steps[step];
  $("step").value = step;
  $("step-label").textContent = t("Step {n} of {last}", { n: step, last: data.steps.length - 1 }) + (s.line ? ` — ${lineOf(s)}` : "");
  document.body.dataset.step = step;
  $("players").replaceChildren(
    ...data.seats.map((seat) =>
      el("li", { class: `player ${s.to_move === seat.seat ? "to-move" : ""}` },
        el("span", { class: "name" }, seatLabel(seat, data.seats)),
        el("span", { class: "score" }, s.scores.length ? String(s.scores[seat.seat]) : ""),
      ),
    ),
  );
  const log = $("log");
  log.replaceChildren(...data.steps.slice(1, step + 1).map((x) => el("li", {}, lineOf(x))));
  log.scrollTop = log.scrollHeight;
  renderer.update({
    view: s.view, legal: [], you: null, to_move: s.to_move, seats: data.seats,
    status: step === data.steps.length - 1 ? data.status : "playing",
    scores: s.scores, extras: s.extras, players: data.players, version: s.version, options: data.options,
  });
}

function togglePlay() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = t("Play"); return; }
  if (step >= data.steps.length - 1) show(0);
  $("play").textContent = t("Pause");
  timer = setInterval(() => {
    if (step >= data.steps.length - 1) { togglePlay(); return; }
    show(step + 1);
  }, 700);
}

async function main() {
  await loadLanguage();
  translatePage();
  data = await api(`/api/tables/${tableId}/replay?lang=${currentLanguage()}`);
  $("tools").replaceChildren(headerTools(data.game));
  $("title").textContent = t("Replay: {game}", { game: data.title });
  $("status").textContent = statusName(data.status);
  $("status").className = `status ${data.status}`;
  const { games } = await api("/api/games");
  const module = await loadRenderer(games.find((g) => g.name === data.game));
  renderer = module.createRenderer($("board"), { act: () => {}, seatName, replay: true });
  $("step").max = data.steps.length - 1;
  $("step").addEventListener("input", (e) => show(Number(e.target.value)));
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(step - 1);
  $("next").onclick = () => show(step + 1);
  $("last").onclick = () => show(data.steps.length - 1);
  $("play").onclick = togglePlay;
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") show(step - 1);
    if (e.key === "ArrowRight") show(step + 1);
  });
  if (data.status === "finished") {
    $("download").replaceChildren(el("a", { class: "button", href: `/api/tables/${tableId}/record`, download: true }, t("Download game record")));
  } else {
    $("download").replaceChildren(el("span", { class: "muted" }, t("The game is still running; its record can be downloaded when it ends.")));
  }
  show(data.steps.length - 1);
}

main().catch((e) => toast(e.message));

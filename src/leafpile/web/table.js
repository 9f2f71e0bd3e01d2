// A live table: one WebSocket to the server, which pushes this seat's own view (or the public
// view for spectators) with the legal actions; every choice offered is built from them.
import {
  api,
  botName,
  el,
  getName,
  getToken,
  headerTools,
  keepSame,
  loadRenderer,
  seatLabel,
  setName,
  setToken,
  statusName,
  toast,
  withNames,
} from "/static/api.js";
import { currentLanguage, loadLanguage, t, translatePage } from "/static/i18n.js";
import { getHost, updateSeating } from "/static/seating.js";
import { createChat } from "/static/chat.js";
import { drawStatistics } from "/static/statistics.js";
import { createAlerts } from "/static/alerts.js";
import { followMoves } from "/static/board.js";
import { getProfile, playerLink } from "/static/profile.js";
import { createTutorial } from "/static/tutorial.js";
import { placeLog } from "/static/log-panel.js";
import { whyParts } from "/static/why.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let socket = null;
let renderer = null;
let chat = null;
let alerts = null;
let moves = null; // the moves one can follow (board.js)
let tutorial = null; // a tutorial table's guide (tutorial.js)
const arriving = []; // states waiting for the move before them to finish flying
let statistics = null; // asked for once the game is over
let last = null;
let retry = 500;
let waiting = false; // an action was sent and its answer has not come back

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// `joins`: the action is the next part of the one click that sent the previous one, so one
// Undo takes the whole click back (the server keeps this only within the turn).
function act(action, { joins = false } = {}) {
  if (!last || waiting) return;
  if (!last.legal.includes(action)) {
    toast(t("That move is not possible now."));
    return;
  }
  waiting = true;
  document.body.classList.add("waiting");
  send({ type: "action", table: tableId, version: last.version, action, ...(joins && { joins }) });
}

// Take back the last decision of this turn: the server says when it may (`take_back`), only
// for the seat to move and only while nothing hidden has been revealed since.
function undo() {
  if (!last || waiting || !last.take_back) return;
  waiting = true;
  document.body.classList.add("waiting");
  send({ type: "undo", table: tableId, version: last.version });
}

function renderUndo(msg) {
  const button = $("undo");
  button.hidden = msg.you === null || msg.status !== "playing";
  button.disabled = !msg.take_back;
  button.title = msg.take_back
    ? t("Take back your last decision of this turn")
    : t("Nothing to take back: a decision that revealed something or ended your turn stays");
}

function seatName(i) {
  if (!last || i === null || i === undefined) return "";
  const seat = last.seats[i];
  return seat ? seatLabel(seat, last.seats) : `P${i}`;
}

/** "bot:medium" (a stand-in, as seats and log entries name it) as a bot's name. */
function standInName(level) {
  return t("{level} bot", { level: botName(String(level).replace(/^bot:/, "")) });
}

/** A seat's name on the board: with the bot that plays for its person while they are away. */
function boardName(i) {
  const name = seatName(i);
  const seat = last && i !== null && i !== undefined ? last.seats[i] : null;
  if (!seat || !seat.stand_in || last.status !== "playing") return name;
  return t("{name} ({bot} playing)", { name, bot: standInName(seat.stand_in) });
}

function renderJoin(msg) {
  const box = $("join");
  const open = msg.seats.filter((s) => s.open);
  if (msg.you !== null || !open.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const profile = getProfile(); // joins with the profile (its name) when this browser has one
  // Every push redraws the form: keep what the person has typed so far (and their focus), or a
  // spectator arriving while they type would wipe their name.
  const typed = $("join-name");
  const hadFocus = typed !== null && document.activeElement === typed;
  const name = el("input", {
    id: "join-name",
    maxlength: 40,
    value: profile ? profile.name : typed ? typed.value : getName(),
    readonly: Boolean(profile),
    placeholder: t("Your name"),
    "aria-label": t("Your name"),
  });
  box.replaceChildren(
    el("h3", {}, t("Join this table")),
    name,
    ...open.map((s) =>
      el(
        "button",
        {
          class: "primary",
          "data-seat": s.seat,
          onclick: async () => {
            const n = name.value.trim();
            if (!n) {
              toast(t("Enter your name first."));
              name.focus();
              return;
            }
            setName(n);
            try {
              const body = { name: n, seat: s.seat };
              if (profile) body.profile = profile.secret;
              const res = await api(`/api/tables/${tableId}/seats`, { method: "POST", body });
              setToken(tableId, res.token);
              expectSeat = true;
              send({ type: "hello", token: res.token, lang: currentLanguage() });
            } catch (e) {
              toast(e.message);
            }
          },
        },
        t("Take seat {n}", { n: s.seat + 1 }),
      ),
    ),
    msg.rated && !profile
      ? el(
          "p",
          { class: "muted" },
          t("This table is rated: create a profile in the lobby to take a seat."),
        )
      : null,
    el("p", { class: "muted" }, t("Or just watch: spectators see the public table.")),
  );
  if (hadFocus) name.focus();
}

function renderSide(msg) {
  $("title").textContent = msg.title;
  const status = $("status");
  status.textContent = statusName(msg.status) + (msg.rated ? " · " + t("rated") : "");
  status.className = `status ${msg.status}`;
  const invite = `${location.origin}/table/${tableId}`;
  const open = msg.seats.some((s) => s.open);
  $("invite").replaceChildren(
    open ? el("span", { class: "muted" }, t("Invite a friend:") + " ") : "",
    el("input", {
      id: "invite-link",
      readonly: true,
      value: invite,
      "aria-label": t("Invite link"),
      onclick: (e) => e.target.select(),
    }),
    el(
      "button",
      {
        onclick: () =>
          navigator.clipboard?.writeText(invite).then(() => toast(t("Link copied"), "info")),
      },
      t("Copy"),
    ),
  );

  // A table whose options fix the order of draws (a scripted deck, bag, goals...) is a puzzle:
  // whoever reads the options knows what comes. Joiners are told before they sit down.
  const fixed = Object.entries(msg.options || {})
    .filter(([, v]) => Array.isArray(v) && v.length)
    .map(([k]) => k);
  const note = $("fixed-note") || el("p", { id: "fixed-note", class: "fixed-note" });
  note.textContent = fixed.length
    ? t(
        "This table fixes the order of its cards or tiles (option {names}): anyone who reads the options knows what comes next.",
        { names: fixed.join(", ") },
      )
    : "";
  note.hidden = !fixed.length;
  if (!note.parentNode) $("board").prepend(note);
  // An analysis table (explore from here) says so, with the way back to the game it explores.
  if (msg.analysis_of && !$("analysis-note")) {
    $("board").prepend(
      el(
        "p",
        { id: "analysis-note", class: "fixed-note" },
        t(
          "An analysis table: played on from a position of another game. It is not rated and not listed in the lobby.",
        ),
        " ",
        el("a", { href: `/replay/${msg.analysis_of}` }, t("The game it explores")),
      ),
    );
  }

  const turn = $("turn");
  turn.className = "turn";
  if (msg.status === "waiting") turn.textContent = t("Waiting for players to take their seats…");
  else if (msg.status === "finished") turn.textContent = t("The game is over.");
  else if (msg.to_move === msg.you && msg.you !== null && msg.seats[msg.you].stand_in) {
    turn.textContent = t("The {bot} is playing your turn: take your seat back to play yourself", {
      bot: standInName(msg.seats[msg.you].stand_in),
    });
    turn.classList.add("stood-in");
  } else if (msg.to_move === msg.you && msg.you !== null) {
    turn.textContent = t("Your turn");
    turn.classList.add("mine");
  } else turn.textContent = t("{name} to play", { name: boardName(msg.to_move) });
  if (msg.you === null && msg.status !== "waiting") {
    turn.append(" · ", el("span", { class: "watching" }, t("You are watching this game")));
  }

  $("players").replaceChildren(
    ...msg.seats.map((s) =>
      el(
        "li",
        {
          class: `player ${msg.to_move === s.seat ? "to-move" : ""} ${msg.you === s.seat ? "you" : ""}`,
          "data-seat": s.seat,
        },
        el("span", {
          class: `dot ${s.connected ? "on" : "off"}`,
          title: s.connected ? t("connected") : t("away"),
        }),
        el(
          "span",
          { class: "name" },
          s.profile ? playerLink(s.name, seatLabel(s, msg.seats)) : seatLabel(s, msg.seats),
          msg.you === s.seat ? " " + t("(you)") : "",
        ),
        s.stand_in && msg.status === "playing"
          ? el(
              "span",
              { class: "stand-in-mark" },
              t("{bot} playing for {name}", { bot: standInName(s.stand_in), name: s.name }),
            )
          : "",
        el("span", { class: "score" }, msg.scores.length ? String(msg.scores[s.seat]) : ""),
      ),
    ),
  );

  const result = $("result");
  if (msg.status === "finished") {
    result.hidden = false;
    const winners = msg.winners || [];
    const top = winners.length ? msg.scores[winners[0]] : null;
    const tied = msg.scores.filter((v) => v === top).length > 1; // and one winner: a tie-break
    const text = !winners.length
      ? t("Nobody wins.")
      : winners.length > 1
        ? t("Draw: {names}", { names: winners.map(seatName).join(", ") })
        : tied
          ? t("Tied at {n} points: {name} wins on the tie-break.", {
              n: top,
              name: seatName(winners[0]),
            })
          : t("{name} wins!", { name: seatName(winners[0]) });
    result.replaceChildren(
      el("h3", { id: "winner" }, text),
      el(
        "p",
        {},
        t("Final scores:") + " ",
        msg.scores.map((v, i) => `${seatName(i)} ${v}`).join(", "),
      ),
      el("a", { class: "button", href: `/replay/${tableId}` }, t("Replay")),
      " ",
      el(
        "a",
        { class: "button primary", id: "review-link", href: `/replay/${tableId}?review` },
        t("Review"),
      ),
      " ",
      el(
        "a",
        { class: "button", href: `/api/tables/${tableId}/record`, download: true },
        t("Download record"),
      ),
      " ",
      // on a phone the renderer's score table lies far below, under the whole board
      el(
        "button",
        { type: "button", id: "to-breakdown", hidden: true, onclick: showBreakdown },
        t("The score, part by part"),
      ),
      " ",
      el("a", { class: "button", href: "/" }, t("Lobby")),
    );
  } else result.hidden = true;

  const log = $("log");
  const grew = keepSame(
    log,
    msg.log.map((e, k) =>
      el(
        "li",
        {
          "data-seat": e.seat,
          class: `${e.by ? "by-stand-in" : ""} ${e.note ? "note" : ""}`.trim(),
        },
        withNames(e.text, seatName),
        e.by
          ? el(
              "span",
              { class: "played-by" },
              " " + t("(played by the {bot})", { bot: standInName(e.by) }),
            )
          : "",
        whyParts(k, e.why && withNames(e.why.text, seatName)),
      ),
    ),
  );
  if (grew) log.scrollTop = log.scrollHeight; // a reader scrolled back stays where they read
}

let logEntries = [];
// With a seat token, the spectator view pushed on connect comes before the seat's own view:
// skip it so a reload never flashes the page as a spectator.
let expectSeat = false;

function onState(msg) {
  if (expectSeat && msg.you === null) return;
  expectSeat = false;
  // live pushes carry only the log entries this page does not have yet (from log_start on)
  const start = msg.log_start || 0;
  if (start > logEntries.length) {
    send({ type: "hello", token: getToken(tableId), lang: currentLanguage() });
    return;
  }
  logEntries = logEntries.slice(0, start).concat(msg.log);
  msg.log = logEntries;
  last = msg;
  waiting = false;
  document.body.classList.remove("waiting");
  document.body.dataset.version = msg.version;
  document.body.dataset.status = msg.status;
  document.body.dataset.you = msg.you === null ? "" : msg.you;
  document.body.dataset.toMove = msg.to_move === null ? "" : msg.to_move;
  renderSide(msg);
  renderUndo(msg);
  renderJoin(msg);
  updateSeating(msg, tableId, () => {
    expectSeat = false;
    send({ type: "hello", token: null, lang: currentLanguage() });
  });
  chat.seat(msg.you);
  moves.before();
  renderer.update(msg);
  $("to-breakdown")?.toggleAttribute("hidden", !breakdown());
  moves.after(msg.version);
  tutorial.update(msg, renderer);
  alerts.update(msg); // after the board: a sound never holds up the drawing
  if (msg.status === "finished" && !statistics) {
    statistics = api(`/api/tables/${tableId}/statistics?lang=${currentLanguage()}`)
      .then((stats) => drawStatistics($("statistics"), stats, seatName))
      .catch((e) => toast(e.message));
  }
}

/** The renderer's table of the score by part (each renderer marks it `data-breakdown`). */
const breakdown = () => document.querySelector("#board [data-breakdown]");

function showBreakdown() {
  const table = breakdown();
  if (!table) return;
  table.setAttribute("tabindex", "-1");
  table.scrollIntoView({ block: "start" });
  table.focus({ preventScroll: true });
}

const isMine = (m) => m.status === "playing" && m.you !== null && m.to_move === m.you;

// A bot's turn of several steps arrives as several states at once: each is drawn once the one
// before has flown, so the moves play as a sequence. A state that asks this page to play is
// drawn at once (with those before it): nothing waits on an animation to take a click.
function deliver(msg) {
  arriving.push(msg);
  if (arriving.length === 1) drain();
}

function drain() {
  while (arriving.length) {
    const wait = moves.busyFor();
    if (wait > 0 && !arriving.some(isMine)) {
      setTimeout(drain, wait);
      return;
    }
    onState(arriving[0]);
    arriving.shift();
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(
    `${proto}://${location.host}/ws/tables/${tableId}?lang=${currentLanguage()}`,
  );
  socket.addEventListener("open", () => {
    retry = 500;
    expectSeat = Boolean(getToken(tableId));
    logEntries = [];
    send({ type: "hello", token: getToken(tableId), lang: currentLanguage() });
    send({ type: "chat_history" });
  });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") deliver(msg);
    else if (msg.type === "chat") chat.receive(msg);
    else if (msg.type === "chat_reported") chat.reported(msg);
    else if (msg.type === "error") {
      waiting = false;
      document.body.classList.remove("waiting");
      if (!msg.state) chat.refused(msg);
      if (msg.code === "tutorial_move") tutorial.refused(msg.message);
      toast(msg.message);
      if (msg.code === "bad_token") {
        // this browser's token is not (or no longer) a seat here: watch instead
        localStorage.removeItem(`leafpile.token.${tableId}`);
        expectSeat = false;
        send({ type: "hello", token: null, lang: currentLanguage() });
      }
      if (msg.state) deliver(msg.state);
      if (msg.code === "unknown_table") $("turn").textContent = t("There is no such table.");
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) return;
    document.body.classList.add("offline");
    setTimeout(() => {
      document.body.classList.remove("offline");
      connect();
    }, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

async function main() {
  await loadLanguage();
  translatePage();
  $("turn").dataset.offline = t("(reconnecting…)");
  $("undo").addEventListener("click", undo);
  placeLog({
    panel: $("log-panel"),
    log: $("log"),
    toggle: $("log-toggle"),
    board: $("board"),
    side: $("side"),
  });
  const snapshot = await api(`/api/tables/${tableId}?lang=${currentLanguage()}`).catch((e) => {
    $("turn").textContent = e.message;
    throw e;
  });
  $("tools").replaceChildren(headerTools(snapshot.game));
  const { games } = await api("/api/games");
  // `?generic` shows the fallback renderer that every game gets when it has none of its own.
  const generic = new URLSearchParams(location.search).has("generic");
  const module = await loadRenderer(generic ? null : games.find((g) => g.name === snapshot.game));
  renderer = module.createRenderer($("board"), { act, seatName: boardName, replay: false });
  chat = createChat($("chat"), { send, host: () => getHost(tableId) });
  alerts = createAlerts($("alerts"), { title: () => snapshot.title });
  moves = followMoves($("board"));
  tutorial = createTutorial($("board"));
  document.addEventListener("leafpile:clock-low", () => alerts.clockLow());
  connect();
}

main().catch((e) => console.error(e));

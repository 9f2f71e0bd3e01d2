// The table page's seats and clocks: each clock ticking (counted down here from the time the
// server gave with its own clock), leaving, coming back from a stand-in bot, the creator
// removing a player who has not acted, and the page's notices (your turn in the title and
// icon, a player joined, a clock running low).
import { api, botName, el, getToken, seatLabel, toast } from "/static/api.js";
import { t } from "/static/i18n.js";

const HOST_KEY = (table) => `leafpile.host.${table}`;
const TITLE = document.title;
const ICON_IDLE = "data:,";
const ICON_TURN =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-9 -9 18 18"><circle r="9" fill="#c0392b"/>' +
      '<path d="M0,-6 C4,-3 4,3 0,6 C-4,3 -4,-3 0,-6 Z" fill="#f6d365"/></svg>',
  );

export function getHost(table) {
  return localStorage.getItem(HOST_KEY(table));
}

export function setHost(table, host) {
  if (host) localStorage.setItem(HOST_KEY(table), host);
}

let clock = null; // the last snapshot's clock, with the local time it came
let ticker = null;
let lowWarned = -1; // the version at which "your clock is low" was said
let previous = null;

/** Seconds as "m:ss" (real-time) or "2 d 03 h" / "5 h 07 min" (turn-based). */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const d = Math.floor(s / 86400),
    h = Math.floor((s % 86400) / 3600),
    m = Math.floor((s % 3600) / 60);
  if (d) return t("{d} d {h} h", { d, h: String(h).padStart(2, "0") });
  if (h) return t("{h} h {m} min", { h, m: String(m).padStart(2, "0") });
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function remaining(seat) {
  if (!clock) return 0;
  const left = clock.remaining[seat];
  if (seat !== clock.running) return left;
  return left - (Date.now() / 1000 - clock.receivedAt);
}

/** Whether a clock is low: a fifth of the bank (or of a move's time), at most a minute of a
 *  real-time bank or six hours of a turn-based move. */
function isLow(seconds) {
  if (!clock) return false;
  const whole = clock.kind === "turn" ? clock.per_move : clock.bank;
  const cap = clock.kind === "turn" ? 6 * 3600 : 60;
  return seconds <= Math.min(cap, whole / 5);
}

function tick(msg) {
  for (const node of document.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(node.dataset.seat);
    const left = remaining(seat);
    node.textContent = formatClock(left);
    node.classList.toggle("running", seat === clock.running);
    node.classList.toggle("low", seat === clock.running && isLow(left));
  }
  if (
    msg.you !== null &&
    clock.running === msg.you &&
    isLow(remaining(msg.you)) &&
    lowWarned !== msg.version
  ) {
    lowWarned = msg.version;
    toast(t("Your clock is low: {time} left", { time: formatClock(remaining(msg.you)) }), "info");
    document.dispatchEvent(new CustomEvent("leafpile:clock-low")); // its sound (alerts.js)
  }
}

function renderClocks(msg) {
  clearInterval(ticker);
  clock = msg.clock ? { ...msg.clock, receivedAt: Date.now() / 1000 } : null;
  document.body.dataset.clock = clock ? clock.kind : "";
  if (!clock) return;
  for (const item of document.querySelectorAll("#players .player")) {
    const seat = Number(item.dataset.seat);
    item
      .querySelector(".score")
      .before(el("span", { class: "clock", "data-seat": seat, title: t("Time left") }));
  }
  // the running clock also beside whose turn it is, in sight on a phone
  const turn = document.getElementById("turn");
  if (turn && clock.running !== null && msg.status === "playing") {
    turn.append(" ", el("span", { class: "clock turn-clock", "data-seat": clock.running }));
  }
  tick(msg);
  if (msg.status === "playing" && clock.running !== null)
    ticker = setInterval(() => tick(msg), 250);
}

function notify(msg) {
  const mine =
    msg.status === "playing" && msg.you !== null && msg.to_move === msg.you && msg.legal.length > 0;
  // the game's name in the tab, so a player with several tables open can tell them apart
  const title = msg.title ? `${msg.title} — ${TITLE}` : TITLE;
  document.title = mine ? `● ${t("Your turn")} — ${title}` : title;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = mine ? ICON_TURN : ICON_IDLE;
  if (previous && previous.table === msg.table) {
    for (const seat of msg.seats) {
      const before = previous.seats[seat.seat];
      if (before && before.open && !seat.open && seat.seat !== msg.you) {
        toast(t("{name} joined the table", { name: seatLabel(seat, msg.seats) }), "info");
      }
    }
  }
  previous = msg;
}

async function post(tableId, what, token, body, onDone) {
  try {
    await api(`/api/tables/${tableId}/${what}`, { method: "POST", token, body: body || {} });
    if (onDone) onDone();
  } catch (e) {
    toast(e.message);
  }
}

function renderControls(msg, tableId, rehello) {
  const box = document.getElementById("seating");
  const controls = [];
  const token = getToken(tableId);
  const me = msg.you !== null ? msg.seats[msg.you] : null;
  if (me && me.stand_in && msg.status === "playing") {
    controls.push(
      el(
        "p",
        { class: "stand-in-note" },
        t("A bot is playing for you since you left or ran out of time."),
      ),
    );
    controls.push(
      el(
        "button",
        { class: "primary", id: "come-back", onclick: () => post(tableId, "return", token) },
        t("Take my seat back"),
      ),
    );
  } else if (me && msg.status !== "finished") {
    const label =
      msg.status === "playing"
        ? t("Leave the game (a bot plays on for you)")
        : t("Leave this table");
    controls.push(
      el(
        "button",
        {
          id: "leave",
          onclick: () => {
            if (
              msg.status === "playing" &&
              !confirm(t("Leave the game? A bot plays your seat until you come back."))
            )
              return;
            post(tableId, "leave", token, {}, () => {
              if (msg.status === "waiting") {
                localStorage.removeItem(`leafpile.token.${tableId}`);
                rehello();
              }
            });
          },
        },
        label,
      ),
    );
  }
  const host = getHost(tableId);
  if (host && msg.status !== "finished") {
    for (const seat of msg.seats) {
      // never one's own seat (one leaves it instead), and never without asking first
      if (seat.kind !== "human" || seat.open || seat.acted || seat.seat === msg.you) continue;
      const name = seatLabel(seat, msg.seats);
      controls.push(
        el(
          "button",
          {
            class: "remove",
            "data-seat": seat.seat,
            onclick: () => {
              if (!confirm(t("Remove {name} from this table? Their seat opens again.", { name })))
                return;
              post(tableId, "remove", host, { seat: seat.seat });
            },
          },
          t("Remove {name}", { name }),
        ),
      );
    }
  }
  if (msg.replacement)
    controls.push(
      el(
        "p",
        { class: "muted" },
        t("A player who leaves or runs out of time is replaced by the {level} bot.", {
          level: botName(msg.replacement),
        }),
      ),
    );
  box.replaceChildren(...controls);
  box.hidden = !controls.length;
}

/** The private-table note beside the invite link. */
function renderPrivacy(msg) {
  const invite = document.getElementById("invite");
  if (!invite || !msg.private || invite.querySelector(".private")) return;
  invite.prepend(
    el(
      "span",
      { class: "private", title: t("Only people with this link can find this table") },
      t("Private table"),
    ),
  );
}

/** Everything above, after each state the table page receives. */
export function updateSeating(msg, tableId, rehello) {
  if (!document.getElementById("seating")) {
    document.querySelector("#players").after(el("div", { id: "seating", class: "seating" }));
  }
  renderClocks(msg);
  renderControls(msg, tableId, rehello);
  renderPrivacy(msg);
  notify(msg);
  const me = msg.you !== null ? msg.seats[msg.you] : null;
  document.body.dataset.standIn = me && me.stand_in ? me.stand_in : "";
}

// The table's chat: the players' messages, the spectators' apart, quick phrases (sent by id and
// shown in each reader's language by the server), muting a writer for oneself (kept in this
// browser), reporting a message, and the host's switches. Every message is drawn as text nodes:
// no HTML is ever parsed and no link is made clickable.
import { el, toast } from "/static/api.js";
import { t } from "/static/i18n.js";

const MUTED_KEY = "leafpile.chat.muted";
const NAME_KEY = "leafpile.chat.name";
export const TEXT_MAX = 500;

function mutedSet() {
  try {
    const list = JSON.parse(localStorage.getItem(MUTED_KEY) || "[]");
    return new Set(Array.isArray(list) ? list.filter((k) => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

/** Who wrote a message, as muting remembers it: a player's or a spectator's name. */
export function writerKey(m) {
  return `${m.spectator ? "w" : "p"}:${String(m.name).toLowerCase()}`;
}

function clock(at) {
  const d = new Date(at * 1000);
  return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** A chat drawn into `root`, read-only (`send` null, for the replay) or live. */
export function createChat(root, { send = null, host = () => null } = {}) {
  let messages = [];
  let settings = { enabled: true, spectators: false };
  let phrases = [];
  let you = null; // the seat this page speaks for (null: a spectator)
  const muted = mutedSet();
  let pending = false; // a message was sent and neither it nor its refusal came back

  const players = el("ol", { id: "chat-messages", class: "chat-list", "aria-live": "polite" });
  const watchers = el("ol", { id: "chat-spectators", class: "chat-list spectators" });
  const watchersBox = el(
    "div",
    { class: "chat-watchers", hidden: true },
    el("h4", {}, t("Spectators")),
    watchers,
  );
  const note = el("p", { id: "chat-note", class: "muted chat-note" });
  const error = el("p", { id: "chat-error", class: "chat-error", role: "alert" });
  const mutedLine = el("p", { id: "chat-muted", class: "muted chat-muted" });
  const quick = el("div", { id: "chat-phrases", class: "chat-phrases" });
  const name = el("input", {
    id: "chat-name",
    maxlength: 40,
    placeholder: t("Your name"),
    "aria-label": t("Your name"),
    value: localStorage.getItem(NAME_KEY) || "",
  });
  const input = el("input", {
    id: "chat-input",
    maxlength: TEXT_MAX,
    autocomplete: "off",
    placeholder: t("Write a message…"),
    "aria-label": t("Write a message…"),
  });
  const sendButton = el("button", { id: "chat-send", type: "submit" }, t("Send"));
  const form = el("form", { id: "chat-form", class: "chat-form" }, name, input, sendButton);
  const hostBox = el("div", { id: "chat-host", class: "chat-host", hidden: true });
  root.replaceChildren(
    el("h3", {}, t("Chat")),
    hostBox,
    players,
    watchersBox,
    note,
    error,
    send ? quick : null,
    send ? form : null,
    mutedLine,
  );

  function post(body) {
    if (!send) return;
    pending = true;
    error.textContent = "";
    send(body);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    const body = { type: "chat", text };
    if (you === null) {
      body.name = name.value;
      localStorage.setItem(NAME_KEY, name.value);
    }
    post(body);
    input.value = "";
  });

  function saveMuted() {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...muted]));
    draw();
  }

  function mine(m) {
    if (you !== null) return m.seat === you;
    return m.spectator && m.name === (localStorage.getItem(NAME_KEY) || "").trim();
  }

  function item(m) {
    const buttons = [];
    if (send && !mine(m)) {
      buttons.push(
        el(
          "button",
          {
            type: "button",
            class: "chat-mute",
            title: t("Hide {name}'s messages (for you only)", { name: m.name }),
            onclick: () => {
              muted.add(writerKey(m));
              saveMuted();
            },
          },
          t("Mute"),
        ),
        el(
          "button",
          {
            type: "button",
            class: "chat-report",
            title: t("Report this message to the server's operator"),
            onclick: () => post({ type: "chat_report", id: m.id }),
          },
          t("Report"),
        ),
      );
    }
    return el(
      "li",
      { "data-id": m.id, "data-seat": m.seat ?? "", class: m.phrase ? "phrase" : "" },
      el("time", { class: "muted" }, clock(m.at)),
      " ",
      el("span", { class: "who" }, m.name),
      " ",
      el("span", { class: "text" }, m.text),
      buttons.length ? el("span", { class: "chat-tools" }, buttons) : null,
    );
  }

  function draw() {
    const shown = messages.filter((m) => !muted.has(writerKey(m)));
    players.replaceChildren(...shown.filter((m) => !m.spectator).map(item));
    const theirs = shown.filter((m) => m.spectator).map(item);
    watchers.replaceChildren(...theirs);
    watchersBox.hidden = !theirs.length;
    players.scrollTop = players.scrollHeight;
    const mayWrite = settings.enabled && (you !== null || settings.spectators);
    note.textContent = !settings.enabled
      ? t("The host has turned the chat off.")
      : mayWrite
        ? ""
        : t("Spectators may read the chat; only the players write.");
    form.hidden = !mayWrite;
    quick.hidden = !mayWrite;
    name.hidden = you !== null;
    quick.replaceChildren(
      ...phrases.map((p) =>
        el(
          "button",
          {
            type: "button",
            "data-phrase": p.id,
            onclick: () => {
              const body = { type: "chat", phrase: p.id };
              if (you === null) body.name = name.value;
              post(body);
            },
          },
          p.text,
        ),
      ),
    );
    mutedLine.replaceChildren(
      ...(muted.size ? [t("Muted:") + " "] : []),
      ...[...muted].map((key) =>
        el(
          "button",
          {
            type: "button",
            class: "chat-unmute",
            "data-key": key,
            title: t("Show their messages again"),
            onclick: () => {
              muted.delete(key);
              saveMuted();
            },
          },
          key.slice(2),
        ),
      ),
    );
    const mayHost = send && host();
    hostBox.hidden = !mayHost;
    if (mayHost) {
      const toggle = (id, label, key) =>
        el(
          "label",
          {},
          el("input", {
            type: "checkbox",
            id,
            checked: settings[key],
            onchange: (e) => post({ type: "chat_settings", host: host(), [key]: e.target.checked }),
          }),
          label,
        );
      hostBox.replaceChildren(
        toggle("chat-enabled", t("Chat on"), "enabled"),
        toggle("chat-spectators-write", t("Spectators may write"), "spectators"),
      );
    }
  }

  return {
    /** A chat message from the server: the history (replaces), new messages, settings. */
    receive(msg) {
      pending = false;
      if (msg.settings) settings = msg.settings;
      if (msg.phrases) phrases = msg.phrases;
      if (msg.history) messages = [];
      const known = new Set(messages.map((m) => m.id));
      for (const m of msg.messages || []) if (!known.has(m.id)) messages.push(m);
      messages.sort((a, b) => a.id - b.id);
      draw();
    },
    /** This page's seat (null: spectator), after every state. */
    seat(seat) {
      if (seat === you) return;
      you = seat;
      draw();
    },
    reported() {
      pending = false;
      toast(t("Reported: thank you."), "info");
    },
    /** A refusal from the server: shown here when it answers this chat's last message. */
    refused(msg) {
      if (!pending) return false;
      pending = false;
      error.textContent = msg.message;
      return true;
    },
  };
}

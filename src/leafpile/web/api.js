// Small helpers shared by the lobby, table and replay pages: JSON calls, seat tokens, names.
import { chooseLanguage, currentLanguage, LANGUAGES, t } from "/static/i18n.js";

export async function api(path, options = {}) {
  // the reader's chosen language, so the server's refusals come in it too
  const init = {
    method: options.method || "GET",
    headers: { "accept-language": currentLanguage() },
  };
  if (options.body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.token) init.headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(path, init);
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = { type: "error", message: t("The server answered {status}.", { status: res.status }) };
  }
  if (!res.ok) {
    const err = new Error(
      (data && data.message) || t("The server answered {status}.", { status: res.status }),
    );
    err.data = data;
    err.status = res.status;
    throw err;
  }
  return data;
}

const TOKEN_KEY = (table) => `leafpile.token.${table}`;

export function getToken(table) {
  return localStorage.getItem(TOKEN_KEY(table));
}

export function setToken(table, token) {
  localStorage.setItem(TOKEN_KEY(table), token);
}

export function forgetToken(table) {
  localStorage.removeItem(TOKEN_KEY(table));
}

/** The tables this browser holds a seat at (at most `limit`), from their stored tokens. */
export function tokenTables(limit = 30) {
  const ids = [];
  for (let i = 0; i < localStorage.length && ids.length < limit; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("leafpile.token.")) ids.push(key.slice("leafpile.token.".length));
  }
  return ids;
}

export function getName() {
  return localStorage.getItem("leafpile.name") || "";
}

export function setName(name) {
  localStorage.setItem("leafpile.name", name);
}

/**
 * Put `children` under `parent`, keeping each child already there that equals its
 * replacement: a push that changes nothing in a list (the log) leaves the reader's focus and
 * the element a test or a screen reader holds in place. Says whether the list grew.
 */
export function keepSame(parent, children) {
  const had = parent.children.length;
  children.forEach((child, k) => {
    const old = parent.children[k];
    if (!old) parent.append(child);
    else if (!old.isEqualNode(child)) old.replaceWith(child);
  });
  while (parent.children.length > children.length) parent.lastElementChild.remove();
  return children.length > had;
}

/** Create an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), 5000);
}

/** Load a game's renderer module, or the generic fallback when the game has none. */
export async function loadRenderer(gameInfo) {
  if (gameInfo && gameInfo.renderer) {
    try {
      return await import(`/games/${gameInfo.name}/web/renderer.js`);
    } catch (e) {
      console.error("renderer failed to load; using the generic one", e);
    }
  }
  return await import("/static/generic.js");
}

/** A table's status in words. */
export function statusName(status) {
  return (
    { waiting: t("waiting"), playing: t("playing"), finished: t("finished") }[status] || status
  );
}

/** A bot level's name in the reader's language. */
export function botName(level) {
  const names = {
    random: () => t("random"),
    greedy: () => t("greedy"),
    mcts: () => t("mcts"),
    easy: () => t("easy"),
    medium: () => t("medium"),
    hard: () => t("hard"),
  };
  return names[level] ? names[level]() : level;
}

/** How a seat is named: a person by their name, a bot by its level ("medium bot", numbered
 *  when two bots share a level), an open seat as such. `seats` is the whole table's list. */
export function seatLabel(seat, seats = []) {
  if (seat.open) return t("open seat");
  if (seat.kind !== "bot") return seat.name;
  const twins = seats.filter((s) => s.kind === "bot" && s.bot === seat.bot).length;
  const label = t("{level} bot", { level: botName(seat.bot) });
  return twins > 1 ? `${label} ${seat.seat + 1}` : label;
}

/** The header's language switch and "How to play" link (the game's rules in this language). */
export function headerTools(game = null) {
  const tools = [];
  if (game) {
    tools.push(
      el(
        "a",
        { class: "button howto", href: `/rules/${game}`, target: "leafpile-rules", id: "howto" },
        t("How to play"),
      ),
    );
  }
  const select = el(
    "select",
    {
      class: "lang",
      id: "lang",
      "aria-label": t("Language"),
      onchange: (e) => chooseLanguage(e.target.value),
    },
    Object.entries(LANGUAGES).map(([code, name]) =>
      el("option", { value: code, selected: code === currentLanguage() }, name),
    ),
  );
  tools.push(select);
  return el("span", { class: "tools" }, ...tools);
}

/** Put seat names into a log line from the game ("P0 places ..." -> "Ana places ..."). */
export function withNames(text, seatName) {
  return text.replace(/\bP(\d)\b/g, (m, i) => seatName(Number(i)) || m);
}

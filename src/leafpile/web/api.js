// Small helpers shared by the lobby, table and replay pages: JSON calls, seat tokens, names.

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: {} };
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
    data = { type: "error", message: `server answered ${res.status}` };
  }
  if (!res.ok) {
    const err = new Error((data && data.message) || `error ${res.status}`);
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

export function getName() {
  return localStorage.getItem("leafpile.name") || "";
}

export function setName(name) {
  localStorage.setItem("leafpile.name", name);
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

export function seatLabel(seat) {
  return seat.open ? "open seat" : seat.name;
}

/** Put seat names into a log line from the game ("P0 places ..." -> "Ana places ..."). */
export function withNames(text, seatName) {
  return text.replace(/\bP(\d)\b/g, (m, i) => seatName(Number(i)) || m);
}

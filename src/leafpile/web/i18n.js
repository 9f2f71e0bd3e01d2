// The pages' language: the catalog comes from the server (GET /api/i18n/<lang>), built from
// the same gettext catalogs as the terminal and the game logs; message ids are English.
//
//   await loadLanguage();            // once per page, before drawing
//   t("Your turn")                   // "À vous de jouer" in French
//   t("{name} joined", {name})       // named arguments, as in Python
//   tn("{n} bee", "{n} bees", 3)     // plural forms by the language's own rules
//   translatePage(document.body)     // static HTML: elements with data-i18n="message id"

const STORE = "leafpile.lang";
export const LANGUAGES = { en: "English", fr: "Français", ru: "Русский" };

let lang = "en";
let messages = {};
let categories = ["one", "other"];
let rules = new Intl.PluralRules("en");

/** The language chosen on this browser, else the browser's own preference, else English. */
export function preferredLanguage() {
  const stored = localStorage.getItem(STORE);
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).split("-")[0].toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export function currentLanguage() {
  return lang;
}

/** Fetch the catalog of `code` (default: the preferred language) and make it current. */
export async function loadLanguage(code = preferredLanguage()) {
  lang = code in LANGUAGES ? code : "en";
  document.documentElement.lang = lang;
  rules = new Intl.PluralRules(lang);
  if (lang === "en") {
    messages = {};
    categories = ["one", "other"];
    return;
  }
  const res = await fetch(`/api/i18n/${lang}`);
  if (!res.ok) throw new Error(`no catalog for ${lang} (${res.status})`);
  const data = await res.json();
  messages = data.messages || {};
  categories = data.plurals || ["one", "other"];
}

/** Remember a choice and reload the page in that language. */
export function chooseLanguage(code) {
  localStorage.setItem(STORE, code);
  location.reload();
}

function fill(template, args) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in args ? String(args[key]) : whole));
}

/** A message in the current language, with its {named} arguments filled in. */
export function t(msgid, args = {}) {
  const found = messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, args);
}

/** A message with a count `n` ({n} in the ids), in the language's plural form. */
export function tn(singular, plural, n, args = {}) {
  const forms = messages[singular];
  let template = n === 1 ? singular : plural;
  if (Array.isArray(forms)) {
    let index = categories.indexOf(rules.select(n));
    if (index < 0) index = categories.length - 1;
    template = forms[index] || template;
  }
  return fill(template, { ...args, n });
}

/** A message the server sent in its structured form ({id, args, n}, see leafpile.i18n.as_json):
 *  translated here, nested arguments too; `fallback` (its English text) when there is none. */
export function tm(msg, fallback = "") {
  if (!msg) return fallback;
  const args = {};
  for (const [key, value] of Object.entries(msg.args || {})) {
    args[key] = value && typeof value === "object" && "id" in value ? tm(value) : value;
  }
  if (Array.isArray(msg.id)) return tn(msg.id[0], msg.id[1], msg.n, args);
  return t(msg.id, args);
}

/** Translate static markup: every element with data-i18n gets its message's translation. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.getAttribute("data-i18n"));
  }
  for (const node of root.querySelectorAll("[data-i18n-title]")) {
    node.title = t(node.getAttribute("data-i18n-title"));
  }
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = t(node.getAttribute("data-i18n-placeholder"));
  }
  for (const node of root.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label")));
  }
}

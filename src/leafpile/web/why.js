// A log line's "why?": a small button beside the line that opens, under it, the rule that
// produced it (the server's sentence, already in the reader's language). The log is redrawn on
// every push, so the lines a reader opened are remembered by their key and stay open.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";

const opened = new Set();

/** The button and the explanation of the log line `key` (its number), or nothing without one. */
export function whyParts(key, text) {
  if (!text) return [];
  const id = `why-${key}`;
  const open = opened.has(key);
  const body = el("p", { class: "why-text", id, hidden: !open }, text);
  const button = el(
    "button",
    {
      type: "button",
      class: "why",
      "aria-expanded": String(open),
      "aria-controls": id,
      "aria-label": t("Why? The rule behind this line"),
      onclick: (event) => {
        event.stopPropagation(); // a replay's line jumps to its step when clicked
        const now = body.hidden;
        body.hidden = !now;
        button.setAttribute("aria-expanded", String(now));
        if (now) opened.add(key);
        else opened.delete(key);
      },
    },
    t("why?"),
  );
  return [" ", button, body];
}

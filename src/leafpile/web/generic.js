// The fallback renderer for a game without its own: the view as JSON and one button per
// legal action. Works for every registered game because it only uses what the server sends.
import { el } from "/static/api.js";
import { t } from "/static/i18n.js";

export function createRenderer(root, ctx) {
  const actions = el("div", { class: "generic-actions" });
  const pre = el("pre", { class: "generic-view" });
  root.append(
    el("section", { class: "panel" }, el("h3", {}, t("Your choices")), actions),
    el("section", { class: "panel" }, el("h3", {}, t("The table (as you may see it)")), pre),
  );
  return {
    update(msg) {
      pre.textContent = JSON.stringify(msg.view, null, 1);
      actions.replaceChildren(
        ...(msg.legal.length
          ? msg.legal.map((a) =>
              el("button", { class: "action", "data-action": a, onclick: () => ctx.act(a) }, a),
            )
          : [el("p", { class: "muted" }, ctx.replay ? "" : t("Nothing to choose right now."))]),
      );
    },
  };
}

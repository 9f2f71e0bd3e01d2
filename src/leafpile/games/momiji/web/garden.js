// Momiji's Imperial Garden (the display by type with the deck, the objectives) and the
// landscape draft. Pure drawing from `r`, what the renderer knows, with its handlers.
import { el } from "/static/api.js";
import { t, tm, tn } from "/static/i18n.js";
import { acornIcon, backSvg, cardSvg } from "./cards.js";
import { scoreLine } from "./hand.js";

export function drawCentre(r) {
  const { armed, centre, ex, can, words, typeName, direct, hoverable } = r;
  const e = ex();
  const cols = (e.display || []).map((col) => {
    const picks = col.cards.some((c) => c.pick && can(c.pick));
    const stack = el(
      "div",
      { class: "mj-column-cards" },
      ...col.cards.map((c) => {
        // a card flies in from the deck when the display is filled, and on to where it goes
        const follow = { "data-key": `card:${c.id}`, "data-at": "display", "data-from": "deck" };
        const source = { "data-source": `kind:${c.kind}` }; // what another hand takes flies from
        if (!picks) return cardSvg(r, c.kind, { follow: { ...follow, ...source } });
        const action = c.pick;
        const b = el(
          "button",
          {
            ...follow,
            type: "button",
            class: `mj-pick${armed === action ? " armed" : ""}`,
            "data-action": action,
            "data-focus": `pick:${c.id}`,
            disabled: !can(action),
            "aria-label": words(action),
            onclick: () => direct(action),
          },
          cardSvg(r, c.kind, { follow: source }),
        );
        return hoverable(b, words(action));
      }),
    );
    const label = el(
      "span",
      { class: "mj-column-label" },
      `${typeName(col.type)} ×${col.cards.length}`,
    );
    if (col.take && can(col.take) && !picks) {
      const b = el(
        "button",
        {
          type: "button",
          class: `mj-column takeable${armed === col.take ? " armed" : ""}`,
          "data-type": col.type,
          "data-action": col.take,
          "data-focus": `col:${col.type}`,
          "aria-label": words(col.take),
          onclick: () => direct(col.take),
        },
        stack,
        label,
      );
      return hoverable(b, words(col.take));
    }
    return el("div", { class: "mj-column", "data-type": col.type }, stack, label);
  });
  const refresh =
    e.refresh && can(e.refresh)
      ? hoverable(
          el(
            "button",
            {
              type: "button",
              id: "mj-refresh",
              class: armed === e.refresh ? "armed" : "",
              "data-action": e.refresh,
              "data-focus": "refresh",
              onclick: () => direct(e.refresh),
            },
            acornIcon(r),
            " ",
            t("Pay 1 acorn: 4 new cards"),
          ),
          words(e.refresh),
        )
      : "";
  const deck = el(
    "div",
    { class: "mj-deck" },
    el(
      "div",
      { class: "mj-deck-stack", "data-source": "deck" },
      e.deck ? backSvg(r) : el("div", { class: "mj-empty-slot" }, t("empty")),
    ),
    el("span", { class: "mj-column-label" }, tn("deck: {n} card", "deck: {n} cards", e.deck)),
    refresh,
  );
  centre.replaceChildren(
    el("h3", {}, t("The Imperial Garden")),
    el(
      "div",
      { class: "mj-garden" },
      deck,
      el(
        "div",
        {
          class: "mj-display",
          role: "group",
          "aria-label": t("Display"),
          "data-group": "display",
        },
        ...(cols.length ? cols : [el("p", { class: "muted" }, t("The display is empty."))]),
      ),
      // beside the display where the screen is wide enough, else under it
      el(
        "div",
        { class: "mj-objectives-box" },
        el(
          "h4",
          {},
          t("Objectives"),
          " ",
          el(
            "span",
            { class: "muted mj-small" },
            t("(owner 10 points, every other best player 3)"),
          ),
        ),
        el(
          "div",
          {
            class: "mj-objectives",
            role: "group",
            "aria-label": t("Objectives"),
            "data-group": "objectives",
          },
          ...(e.objectives || []).map((o) => objective(r, o)),
        ),
      ),
    ),
  );
}

export function objective(r, o) {
  const { armed, ctx, ex, can, words, direct, hoverable } = r;
  const e = ex();
  const names = (list) => list.map((p) => ctx.seatName(p)).join(", ");
  let status;
  if (o.owner !== null)
    status = el(
      "span",
      { class: "mj-owner" },
      t("Active · owner: {name}", { name: ctx.seatName(o.owner) }),
    );
  else if (e.over) status = el("span", { class: "muted" }, t("Never activated: it scores nothing"));
  else
    status = el(
      "span",
      { class: "muted" },
      tn(
        "Not active · {n} acorn to activate",
        "Not active · {n} acorns to activate",
        e.objective_cost,
      ),
    );
  let lead = "";
  if (o.values && o.best) {
    if (!o.best.length) lead = e.over ? t("Nobody meets it") : t("Nobody scores it yet");
    else if (e.over)
      lead = t("Best: {names} ({n})", { names: names(o.best), n: o.values[o.best[0]] });
    else lead = t("Best now: {names} ({n})", { names: names(o.best), n: o.values[o.best[0]] });
  } else lead = t("Leader unknown: pile contents are secret");
  const body = [
    el("span", { class: "mj-objective-text" }, t("“{objective}”", { objective: tm(o.text) })),
    status,
    el("span", { class: "mj-lead muted" }, lead),
  ];
  if (o.action && can(o.action)) {
    const pv = e.preview && e.preview.after[o.action];
    if (pv) body.push(scoreLine(r, pv)); // what activating it brings now
    const b = el(
      "button",
      {
        type: "button",
        class: `mj-objective takeable${armed === o.action ? " armed" : ""}`,
        "data-action": o.action,
        "data-objective": o.id,
        "data-focus": `obj:${o.id}`,
        "aria-label": words(o.action),
        onclick: () => direct(o.action),
      },
      ...body,
    );
    return hoverable(b, words(o.action));
  }
  return el(
    "div",
    { class: `mj-objective${o.owner !== null ? " active" : ""}`, "data-objective": o.id },
    ...body,
  );
}

export function drawDraft(r) {
  const { armed, draftBox, ex, can, words, direct, hoverable } = r;
  const d = ex().draft;
  draftBox.hidden = !d;
  if (!d) return;
  draftBox.replaceChildren(
    el("h3", {}, t("Landscape draft: {slot}", { slot: tm(d.slot) })),
    el(
      "div",
      { class: "mj-lands", role: "group", "data-group": "draft" },
      ...d.pool.map((tile) => {
        const body = [el("strong", {}, tm(tile.title)), el("span", {}, tm(tile.text))];
        if (tile.action && can(tile.action)) {
          return hoverable(
            el(
              "button",
              {
                type: "button",
                class: `mj-land takeable${armed === tile.action ? " armed" : ""}`,
                "data-action": tile.action,
                "data-focus": `draft:${tile.id}`,
                onclick: () => direct(tile.action),
              },
              ...body,
            ),
            words(tile.action),
          );
        }
        return el("div", { class: "mj-land" }, ...body);
      }),
    ),
  );
}

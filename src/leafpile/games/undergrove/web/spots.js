// Undergrove's targets on the forest: what the player may click now (a tile, a corner, a root
// slot, an empty slot), gathered from the server's choices (extras.choices: what each legal
// action means and where it points), drawn lit, and the move previewed under the pointer.
// Pure: from the choices, the view and the partial choice to data and SVG.
import { t, tn } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { S, cornerPoint, pieceGroup, rootGroup, rootPath, tileGroup } from "./forest.js";

export function key(x, y) {
  return `${x},${y}`;
}

/** Where each placed tile is: id -> [x, y]. */
export function placedAt(view) {
  const out = {};
  for (const [id, x, y] of view.tiles) out[id] = [x, y];
  return out;
}

/** The tile in hand whose slots are lit: the one chosen, else the first that may be placed. */
export function handChoice(all, sel) {
  const places = all.filter((c) => c.group === "place");
  if (!places.length) return null;
  if (sel.hand && places.some((c) => c.hand === sel.hand)) return sel.hand;
  return places[0].hand;
}

/** What may be clicked on the forest now: {kind, x, y, actions | pick, label, px, py, id}
 * (px, py: its point on the forest, in SVG units). */
export function targets(all, view, sel, tileName) {
  const out = [];
  if (!all.length) return out;
  const at = placedAt(view);
  const byKey = new Map();
  const add = (kindKey, target, c) => {
    let tg = byKey.get(kindKey);
    if (!tg) {
      tg = { ...target, actions: [] };
      byKey.set(kindKey, tg);
      out.push(tg);
    }
    if (c) tg.actions.push(c);
    return tg;
  };
  for (const c of all) {
    if ((c.group === "activate" || c.group === "copy") && at[c.tile]) {
      add(`tile:${c.tile}`, { kind: "tile", tile: c.tile, x: at[c.tile][0], y: at[c.tile][1] }, c);
    } else if (c.group === "seedling" && c.corner) {
      add(`corner:${c.corner}`, { kind: "corner", x: c.corner[0], y: c.corner[1] }, c);
    } else if (c.group === "root" && c.corner && at[c.tile]) {
      const [tx, ty] = at[c.tile];
      const slot = c.corner[0] - tx + 2 * (c.corner[1] - ty);
      if (slot >= 0 && slot < 4)
        add(
          `root:${c.tile}:${slot}`,
          { kind: "root", tile: c.tile, slot, x: tx, y: ty, corner: c.corner },
          c,
        );
    } else if (c.group === "place" && c.cell && c.hand === handChoice(all, sel)) {
      add(`cell:${c.cell}`, { kind: "cell", hand: c.hand, x: c.cell[0], y: c.cell[1] }, c);
    }
  }
  const carbon = all.filter((c) => c.group === "carbon" && c.corner && at[c.tile]);
  if (carbon.length) {
    if (sel.tile && carbon.some((c) => c.tile === sel.tile)) {
      for (const c of carbon.filter((c) => c.tile === sel.tile))
        add(
          `corner:${c.corner}`,
          { kind: "corner", x: c.corner[0], y: c.corner[1], steps: c.steps, from: c.tile },
          c,
        );
    } else if (sel.corner && carbon.some((c) => key(...c.corner) === sel.corner)) {
      for (const c of carbon.filter((c) => key(...c.corner) === sel.corner))
        add(
          `tile:${c.tile}`,
          {
            kind: "tile",
            tile: c.tile,
            x: at[c.tile][0],
            y: at[c.tile][1],
            steps: c.steps,
            to: c.corner,
          },
          c,
        );
    } else {
      for (const c of carbon) {
        add(`tile:${c.tile}`, {
          kind: "tile",
          tile: c.tile,
          x: at[c.tile][0],
          y: at[c.tile][1],
          pick: `tile:${c.tile}`,
          label: t("Take the carbon from {tile}", { tile: tileName(c.tile) }),
        });
        add(`corner:${c.corner}`, {
          kind: "corner",
          x: c.corner[0],
          y: c.corner[1],
          pick: `corner:${key(...c.corner)}`,
          label: t("Feed the seedling at {at}", { at: key(...c.corner) }),
        });
      }
    }
  }
  for (const tg of out) {
    if (!tg.pick && tg.actions.length === 1) tg.label = tg.actions[0].label;
    else if (!tg.pick) tg.label = tn("{n} choice here", "{n} choices here", tg.actions.length);
    const [px, py] = targetPoint(tg);
    tg.px = px;
    tg.py = py;
    tg.id = tg.pick || tg.actions.map((c) => c.action).join("|");
  }
  return out;
}
function targetPoint(tg) {
  if (tg.kind === "corner") return cornerPoint(tg.x, tg.y);
  if (tg.kind === "root") {
    const p = rootPath(tg.x, tg.y, tg.slot);
    return [p.x2, p.y2];
  }
  return [(tg.x + 0.5) * S, (tg.y + 0.5) * S];
}

function stepsBadge(x, y, steps) {
  const text = steps ? tn("{n} step", "{n} steps", steps) : t("free");
  return svg(
    "g",
    { class: "ug-steps" },
    svg("rect", { x: x - 22, y: y - 9, width: 44, height: 15, rx: 7 }),
    svg("text", { x, y: y + 2.5, "text-anchor": "middle" }, text),
  );
}

/** The lit targets, and the carbon source or seedling selected so far, marked. */
export function targetNodes(all, view, sel) {
  const nodes = [];
  for (const tg of all) {
    const attrs = {
      class: `ug-target ${tg.kind}${tg.pick ? " pick" : ""}`,
      "data-target": tg.id,
      role: "button",
      tabindex: -1,
      "aria-label": tg.label,
    };
    if (tg.pick) attrs["data-pick"] = tg.pick;
    else if (tg.actions.length === 1) attrs["data-action"] = tg.actions[0].action;
    if (tg.kind === "tile" || tg.kind === "cell") {
      const g = svg(
        "g",
        attrs,
        svg("rect", { x: tg.x * S + 3, y: tg.y * S + 3, width: S - 6, height: S - 6, rx: 10 }),
      );
      if (tg.kind === "cell")
        g.append(
          svg(
            "text",
            {
              x: (tg.x + 0.5) * S,
              y: (tg.y + 0.5) * S + 9,
              "text-anchor": "middle",
              class: "ug-plus",
            },
            "+",
          ),
        );
      if (tg.steps !== undefined && !tg.pick) g.append(stepsBadge(tg.px, tg.py + 30, tg.steps));
      nodes.push(g);
    } else if (tg.kind === "corner") {
      const g = svg("g", attrs, svg("circle", { cx: tg.px, cy: tg.py, r: 17 }));
      if (tg.steps !== undefined && !tg.pick) g.append(stepsBadge(tg.px, tg.py - 26, tg.steps));
      nodes.push(g);
    } else if (tg.kind === "root") {
      const p = rootPath(tg.x, tg.y, tg.slot);
      nodes.push(
        svg(
          "g",
          attrs,
          svg("line", { ...p, class: "ug-root-spot" }),
          svg("circle", { cx: p.x2, cy: p.y2, r: 11 }),
        ),
      );
    }
  }
  // the selected carbon source or seedling stays marked
  if (sel.tile) {
    const at = placedAt(view)[sel.tile];
    if (at)
      nodes.push(
        svg("rect", {
          class: "ug-selected",
          x: at[0] * S + 1,
          y: at[1] * S + 1,
          width: S - 2,
          height: S - 2,
          rx: 12,
        }),
      );
  }
  if (sel.corner) {
    const [x, y] = sel.corner.split(",").map(Number);
    nodes.push(svg("circle", { class: "ug-selected", cx: x * S, cy: y * S, r: 19 }));
  }
  return nodes;
}

/** The move of a target previewed on the forest (the tile, seedling, root or carbon path it
 * would add), or null. */
export function ghostOf(c, msg) {
  const tiles = (msg.extras && msg.extras.tiles) || {};
  const at = placedAt(msg.view);
  const me = msg.to_move;
  if (!c) return null;
  const ghost = { "data-ghost": c.action, opacity: 0.85 };
  if (c.group === "place" && c.cell) {
    return tileGroup(c.hand, c.cell[0], c.cell[1], 0, 0, tiles[c.hand], ghost);
  } else if (c.group === "seedling" && c.corner) {
    return pieceGroup(c.corner[0], c.corner[1], me, 0, ghost);
  } else if (c.group === "root" && c.corner && at[c.tile]) {
    const [tx, ty] = at[c.tile];
    return rootGroup(tx, ty, c.corner[0] - tx + 2 * (c.corner[1] - ty), me, ghost);
  } else if (c.group === "carbon" && c.corner && at[c.tile]) {
    const [tx, ty] = at[c.tile];
    const [cx, cy] = cornerPoint(...c.corner);
    return svg(
      "g",
      ghost,
      svg("line", {
        x1: (tx + 0.5) * S,
        y1: (ty + 0.62) * S,
        x2: cx,
        y2: cy,
        class: "ug-arrow",
        "marker-end": "url(#ug-arrow)",
      }),
      stepsBadge(((tx + 0.5) * S + cx) / 2, ((ty + 0.62) * S + cy) / 2, c.steps),
    );
  } else if ((c.group === "activate" || c.group === "copy") && at[c.tile]) {
    const [tx, ty] = at[c.tile];
    return svg("rect", {
      ...ghost,
      class: "ug-glow",
      x: tx * S + 1,
      y: ty * S + 1,
      width: S - 2,
      height: S - 2,
      rx: 12,
    });
  }
  return null;
}

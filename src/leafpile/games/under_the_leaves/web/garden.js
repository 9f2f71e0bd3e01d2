// One garden drawn from the server's facts (extras.gardens): its spaces with their pollen,
// the lines between sectors, tile frames, figures, hummingbirds and bees, the spaces a figure
// may go to, a sector outlined, the legal spots and the tile tried on one. Pure drawing: the
// renderer wires the events.
import { el } from "/static/api.js";
import { t, tn } from "/static/i18n.js";
import { svg } from "/static/board.js";
import { TERRAIN } from "./colours.js";
import { colourWord, icon, spaceShape, swatch, tileShape } from "./tiles.js";

/** Every garden gets the same scale: the extent of the largest. Your own garden keeps a tile
 * of margin all round, where the legal spots can be, so it never jumps while you place. */
export function extents(gardens, you, roomy) {
  const out = [];
  gardens.forEach((garden, p) => {
    let x0 = 0,
      y0 = 0,
      x1 = 2,
      y1 = 2;
    for (const [x, y] of garden.spaces) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
    const m = p === you && roomy ? 2.1 : 0.3;
    out.push([x0 - m, y0 - m, x1 + m, y1 + m]);
  });
  // one width for all (the panels are equally wide, so one scale); each its own height
  const w = Math.max(6, ...out.map((e) => e[2] - e[0]));
  return out.map(([x0, y0, x1, y1]) => {
    const cx = (x0 + x1) / 2;
    const h = Math.max(5, y1 - y0);
    const cy = (y0 + y1) / 2;
    return `${cx - w / 2} ${cy - h / 2} ${w} ${h}`;
  });
}

/** The garden's board: its layers in drawing order, inside one <svg>. */
export function gardenBoard() {
  const area = svg("svg", {
    class: "utl-garden",
    role: "img",
    preserveAspectRatio: "xMidYMid meet",
  });
  const layers = {
    spaces: svg("g"),
    lines: svg("g"),
    anchors: svg("g"),
    hover: svg("g", { class: "utl-hover" }),
    ghost: svg("g", { class: "utl-ghost" }),
    figures: svg("g", { class: "utl-figures" }),
    choice: svg("g"),
  };
  area.append(
    layers.spaces,
    layers.lines,
    layers.anchors,
    layers.figures,
    layers.hover,
    layers.ghost,
    layers.choice,
  );
  return { area, layers };
}

/** The spaces, the lines, the tile frames and the figures of garden `g` (tiles: the view's
 * tiles of that garden); `onEnter(group)` is told the sector a space under the pointer is in. */
export function drawGarden(layers, g, tiles, onEnter) {
  const at = new Map(g.spaces.map(([x, y, label]) => [`${x},${y}`, label]));
  const groupOf = new Map();
  g.groups.forEach((gr, i) => gr.spaces.forEach(([x, y]) => groupOf.set(`${x},${y}`, i)));

  // spaces, with the pollen dots on pollinated sectors
  layers.spaces.replaceChildren(
    ...g.spaces.map(([x, y, label]) => {
      const gi = groupOf.get(`${x},${y}`);
      const shape = spaceShape(x, y, label, { "data-x": x, "data-y": y, "data-group": gi });
      if (g.groups[gi] && g.groups[gi].pollinated)
        shape.insertBefore(
          svg("rect", { x, y, width: 1, height: 1, fill: "url(#utl-pollen)" }),
          shape.children[1] || null,
        );
      shape.addEventListener("pointerenter", () => onEnter(gi));
      return shape;
    }),
  );

  // lines: thin between spaces of one sector, dark where sectors meet; tile frames; last tile
  const thin = [];
  const thick = [];
  for (const [x, y] of g.spaces) {
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ]) {
      const other = at.get(`${x + dx},${y + dy}`);
      const same =
        other !== undefined && groupOf.get(`${x + dx},${y + dy}`) === groupOf.get(`${x},${y}`);
      if (other !== undefined && (dx < 0 || dy < 0)) continue; // each inner edge once
      const seg =
        dx === 1
          ? `M${x + 1},${y} v1`
          : dx === -1
            ? `M${x},${y} v1`
            : dy === 1
              ? `M${x},${y + 1} h1`
              : `M${x},${y} h1`;
      (same ? thin : thick).push(seg);
    }
  }
  // each tile's frame flies from the market to its place (board.js followMoves)
  const frames = tiles.map(([id, x, y]) =>
    svg("rect", {
      x: 2 * x,
      y: 2 * y,
      width: 2,
      height: 2,
      fill: "none",
      class: "utl-frame",
      "data-key": `tile:${id}`,
      "data-at": `${x},${y}`,
      "data-from": "market", // a tile taken earlier in the turn left the market already
    }),
  );
  layers.lines.replaceChildren(
    ...frames,
    svg("path", { d: thin.join(" "), class: "utl-line-thin" }),
    svg("path", { d: thick.join(" "), class: "utl-line-sector" }),
    g.last
      ? svg("rect", {
          x: 2 * g.last[0] + 0.05,
          y: 2 * g.last[1] + 0.05,
          width: 1.9,
          height: 1.9,
          class: "utl-last",
          rx: 0.1,
        })
      : "",
  );

  // figures: dwellers (clustered when they share a spot), hummingbirds on nests, bees per sector
  const figs = [];
  const byPoint = new Map();
  for (const [family, fx, fy] of g.figures) {
    const key = `${fx},${fy}`;
    if (!byPoint.has(key)) byPoint.set(key, []);
    byPoint.get(key).push(family);
  }
  const busy = new Set();
  for (const [key, families] of byPoint) {
    const [fx, fy] = key.split(",").map(Number);
    busy.add(`${Math.floor(fx - 0.01)},${Math.floor(fy - 0.01)}`);
    families.forEach((family, i) => {
      const off = families.length === 1 ? 0 : (i - (families.length - 1) / 2) * 0.4;
      figs.push(
        svg("use", {
          href: `#utl-fam-${family}`,
          x: fx + off - 0.26,
          y: fy - 0.26,
          width: 0.52,
          height: 0.52,
          class: `utl-figure fam-${family}`,
          "data-family": family,
        }),
      );
    });
  }
  for (const [tx, ty, n] of g.birds) {
    for (let i = 0; i < n; i++) {
      const off = (i - (n - 1) / 2) * 0.6;
      figs.push(
        svg("use", {
          href: "#utl-bird",
          x: 2 * tx + 1 + off - 0.3,
          y: 2 * ty + 1 - 0.3,
          width: 0.6,
          height: 0.6,
          class: "utl-bird",
        }),
      );
    }
  }
  g.groups.forEach((gr) => {
    if (!gr.bees) return;
    const free =
      gr.spaces.find(
        ([x, y]) => !busy.has(`${x},${y}`) && !String(at.get(`${x},${y}`)).endsWith("*"),
      ) || gr.spaces[0];
    const [x, y] = free;
    busy.add(`${x},${y}`);
    // in the space's outer corner, away from the nest at the tile's centre
    const right = ((x % 2) + 2) % 2 === 1;
    const cx = x + (right ? 0.7 : 0.3);
    const cy = y + (((y % 2) + 2) % 2 === 1 ? 0.7 : 0.3);
    const bee = svg(
      "g",
      { class: "utl-bees", "data-bees": gr.bees },
      svg("use", { href: "#utl-bee", x: cx - 0.26, y: cy - 0.26, width: 0.52, height: 0.52 }),
    );
    if (gr.bees > 1) {
      bee.append(
        svg(
          "text",
          {
            x: right ? cx - 0.28 : cx + 0.28,
            y: cy + 0.13,
            class: "utl-count",
            "text-anchor": right ? "end" : "start",
          },
          `×${gr.bees}`,
        ),
      );
    }
    figs.push(bee);
  });
  layers.figures.replaceChildren(...figs);
}

/** Where a figure may go: rings to choose (`choices`: [{x, y, action}], told to `onChoose`),
 * or, in another's garden, the spaces they choose between. */
export function drawChoices(layer, choices, others, onChoose) {
  layer.replaceChildren();
  for (const { x, y, action } of choices) {
    const ring = svg(
      "g",
      {
        class: "utl-choice",
        tabindex: 0,
        role: "button",
        "data-action": action,
        "aria-label": t("Put the figure here"),
      },
      svg("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.15 }),
    );
    ring.addEventListener("click", (e) => {
      e.stopPropagation();
      onChoose(action);
    });
    ring.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onChoose(action);
      }
    });
    layer.append(ring);
  }
  for (const [x, y] of others)
    layer.append(
      svg("rect", {
        x: x + 0.04,
        y: y + 0.04,
        width: 0.92,
        height: 0.92,
        rx: 0.15,
        class: "utl-choice-other",
      }),
    );
}

/** The garden's head: its player, whether they play, their score and where it comes from,
 * Burly when they hold it; and the line of its pollinated sectors. */
export function drawHead(b, g, p, info) {
  const { msg, ctx, ex } = info;
  // head: name, score and where it comes from; Burly
  const sc = ex.scores[p];
  const showScore = ex.visible_score;
  const burly = ex.burly && ex.burly.holder === p;
  b.head.replaceChildren(
    el(
      "h3",
      {},
      el("span", { class: "utl-name" }, ctx.seatName(p)),
      msg.you === p ? el("span", { class: "muted" }, " ", t("(you)")) : "",
      msg.to_move === p && msg.status === "playing"
        ? el("span", { class: "utl-to-move" }, t("to play"))
        : "",
      showScore
        ? el(
            "span",
            { class: "utl-total", "data-score": p },
            tn("{n} point", "{n} points", sc.total),
          )
        : "",
    ),
    el(
      "div",
      { class: "utl-breakdown" },
      ...breakdown(sc, ex.cards),
      burly
        ? el("span", { class: "utl-burly-badge" }, icon("utl-tree"), " ", t("holds Burly"))
        : "",
    ),
  );
  b.caption.textContent = t("Point at a space to see its sector.");
  const poll = g.groups.filter((gr) => gr.pollinated);
  b.sectors.replaceChildren(
    el("span", { class: "muted" }, t("Pollinated sectors:")),
    " ",
    ...(poll.length
      ? poll.map((gr) =>
          el(
            "span",
            { class: `utl-chip ${gr.kind}`, style: `background:${TERRAIN[gr.kind] || "#ccc"}` },
            swatch(gr.kind),
            " ",
            t("{colour} {size} · {bees}", {
              colour: colourWord(gr.kind),
              size: gr.size,
              bees: tn("{n} bee", "{n} bees", gr.bees),
            }),
          ),
        )
      : [el("span", { class: "muted" }, t("none yet"))]),
    el("span", { class: "muted utl-largest" }, t("Largest sector: {n}", { n: g.largest })),
  );
  b.panel.classList.toggle("to-move", msg.to_move === p && msg.status === "playing");
  b.panel.classList.toggle("mine", msg.you === p);
}

function breakdown(sc, cards) {
  const part = (ic, text, key) =>
    el("span", { class: "utl-part", "data-part": key }, ic, ` ${text}`);
  return [
    part(icon("utl-bee"), tn("{n} bee", "{n} bees", sc.bees), "bees"),
    part(
      icon("utl-bird"),
      tn("{n} hummingbird", "{n} hummingbirds", sc.hummingbirds),
      "hummingbirds",
    ),
    ...[0, 1, 2].map((f) => {
      const key = ["leaf", "mushroom", "puddle"][f];
      return part(icon(`utl-fam-${f}`), t("{n} {card}", { n: sc[key], card: cards[f].title }), key);
    }),
  ];
}

/** A sector outlined, and its words for the caption. */
export function outline(gr) {
  const inside = new Set(gr.spaces.map(([x, y]) => `${x},${y}`));
  const segs = [];
  for (const [x, y] of gr.spaces) {
    if (!inside.has(`${x - 1},${y}`)) segs.push(`M${x},${y} v1`);
    if (!inside.has(`${x + 1},${y}`)) segs.push(`M${x + 1},${y} v1`);
    if (!inside.has(`${x},${y - 1}`)) segs.push(`M${x},${y} h1`);
    if (!inside.has(`${x},${y + 1}`)) segs.push(`M${x},${y + 1} h1`);
  }
  return svg("path", { d: segs.join(" "), class: "utl-hover-line" });
}

export function sectorWords(gr) {
  const kind = colourWord(gr.kind);
  return gr.kind === "puddle"
    ? tn("Puddle of {n} space", "Puddle of {n} spaces", gr.size)
    : gr.pollinated
      ? t("{colour} sector of {size} spaces, pollinated: {bees}", {
          colour: kind,
          size: gr.size,
          bees: tn("{n} bee", "{n} bees", gr.bees),
        })
      : tn(
          "{colour} sector of {n} space (3 make it pollinated)",
          "{colour} sector of {n} spaces (3 make it pollinated)",
          gr.size,
          { colour: kind },
        );
}

/** The legal spots (`spots`: [{x, y, gain}]), with what each brings when it brings points. */
export function anchors(spots) {
  return spots.map(({ x, y, gain }) =>
    svg(
      "g",
      { class: `utl-anchor${gain && gain.total ? " pays" : ""}`, "data-x": x, "data-y": y },
      svg("rect", { x: 2 * x + 0.12, y: 2 * y + 0.12, width: 1.76, height: 1.76, rx: 0.18 }),
      gain && gain.total
        ? svg("text", { x: 2 * x + 1, y: 2 * y + 1.2, class: "utl-anchor-gain" }, `+${gain.total}`)
        : "",
    ),
  );
}

/** The tile tried on a spot (`c`: {x, y}), framed, with what it brings there. */
export function ghostTile(faces, c, action, gain) {
  const ghost = tileShape(faces, 2 * c.x, 2 * c.y, {
    "data-ghost": action,
    opacity: 0.92,
  });
  ghost.append(
    svg("rect", {
      x: 2 * c.x - 0.06,
      y: 2 * c.y - 0.06,
      width: 2.12,
      height: 2.12,
      rx: 0.14,
      class: "utl-ghost-frame",
    }),
  );
  if (gain) {
    const label = gain.total ? `+${gain.total}` : "+0";
    ghost.append(
      svg("rect", {
        x: 2 * c.x + 0.5,
        y: 2 * c.y + 0.72,
        width: 1,
        height: 0.56,
        rx: 0.28,
        class: "utl-ghost-badge",
      }),
      svg("text", { x: 2 * c.x + 1, y: 2 * c.y + 1.13, class: "utl-ghost-text" }, label),
    );
  }
  return ghost;
}

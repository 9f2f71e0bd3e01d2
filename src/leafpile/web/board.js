// The board kit every game renderer draws and plays with: one SVG element helper, the
// pointer's place on a board in the board's own units, the nearest spot to it, arrow keys that
// move to the neighbouring spot in that direction on the board (not the next one in a list),
// tap-then-confirm on touch screens, and the hook animations will use.
//
// A "spot" is anything with a place on the board: `at(spot)` gives its {x, y} in the board's
// units (by default the spot itself).

export const SVG_NS = "http://www.w3.org/2000/svg";

const absent = (v) => v === undefined || v === null || v === false;

/** An SVG element: attributes that are undefined, null or false are left out; children may be
 * nodes, strings or numbers (as text), nested arrays of them, or absent (undefined, null,
 * false, ""), which are skipped. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (!absent(v)) node.setAttribute(k, String(v));
  for (const c of children.flat(Infinity)) {
    if (absent(c) || c === "") continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Where a pointer event (client coordinates) falls on an <svg> board, in its user units. */
export function pointOn(board, event) {
  const m = board.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return { x: pt.x, y: pt.y };
}

const itself = (spot) => spot;

/** The spot nearest `point`, or null when none is within `reach` (its own reach when `reach`
 * is a function of the spot). Distances are in the board's units, scaled per axis by `scale`
 * ({x, y}) for boards whose spots are not square. */
export function nearest(spots, point, { at = itself, reach = Infinity, scale = null } = {}) {
  let best = null;
  let bestD = Infinity;
  for (const spot of spots) {
    const p = at(spot);
    const dx = (p.x - point.x) / (scale ? scale.x : 1);
    const dy = (p.y - point.y) / (scale ? scale.y : 1);
    const d = Math.hypot(dx, dy);
    const r = typeof reach === "function" ? reach(spot) : reach;
    if (d <= r && d < bestD) {
      best = spot;
      bestD = d;
    }
  }
  return best;
}

/** The arrow keys as a direction on the board ([dx, dy], y down), or null for other keys. */
export function arrow(event) {
  return (
    { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key] ||
    null
  );
}

/** The neighbouring spot from `from` in direction [dx, dy]: of the spots ahead (more than
 * `ahead` units that way), the nearest, counting a sideways step twice. Null when there is
 * none that way (the caller stays where it is). */
export function step(spots, from, [dx, dy], { at = itself, ahead = 0 } = {}) {
  const o = at(from);
  let best = null;
  let bestD = Infinity;
  for (const spot of spots) {
    const p = at(spot);
    const along = (p.x - o.x) * dx + (p.y - o.y) * dy;
    if (along <= ahead) continue;
    const across = Math.abs((p.x - o.x) * dy) + Math.abs((p.y - o.y) * dx);
    const d = along + 2 * across;
    if (d < bestD) {
      best = spot;
      bestD = d;
    }
  }
  return best;
}

/** The centre of an element on the screen, as a spot's place for `step` among HTML items. */
export function centreOf(element) {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Whether the device points coarsely (a finger) rather than with a mouse or a pen. */
export function coarsePointer() {
  return Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

/** Tap-then-confirm: which pointer the player used last ("mouse", "touch", "pen" or "key"),
 * and whether a choice acts now: with a mouse, a pen or the keyboard at once; on a touch
 * screen only when it is the choice already previewed by a first tap. */
export function pointer(kind = "mouse") {
  return {
    kind,
    /** Remember the pointer of an event (pointerdown, pointermove, click). */
    saw(event) {
      this.kind = event.pointerType || "mouse";
      return this.kind;
    },
    get touch() {
      return this.kind === "touch";
    },
    /** True when choosing `chosen` acts now; false when this tap only previews it. */
    confirms(previewed, chosen) {
      return this.kind !== "touch" || (previewed !== null && previewed === chosen);
    },
  };
}

/** Whether the reader asked for less motion: animations are then skipped. */
export function reducedMotion() {
  return Boolean(
    window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  );
}

/** The animation hook: move `node` from `from` ({x, y}, in its parent's units) to where it is
 * drawn (`to`, the same units), over `ms`. It does nothing without a start, when the reader
 * asked for less motion, or for a zero duration (the default, until the renderers choose
 * their animations), and resolves once the node stands at its place. */
export function animate(node, from, to, { ms = 0 } = {}) {
  if (!from || !to || ms <= 0 || reducedMotion() || !node.animate) return Promise.resolve();
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const moving = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: ms, easing: "ease-out" },
  );
  return moving.finished.then(() => undefined);
}

const MOTION_KEY = "leafpile.motion"; // "off": this browser asked for no animations

/** Whether moves animate: not when the reader's system asks for less motion, nor when the
 *  page's own setting (remembered by this browser) says no. */
export function motionOn() {
  return !reducedMotion() && localStorage.getItem(MOTION_KEY) !== "off";
}

export function setMotion(on) {
  localStorage.setItem(MOTION_KEY, on ? "on" : "off");
}

function screenRects(root) {
  const out = new Map();
  for (const node of root.querySelectorAll("[data-key], [data-source]")) {
    const rect = node.getBoundingClientRect();
    // a piece may also be where others come from (a display card: what a hand takes)
    if (node.dataset.key) out.set(node.dataset.key, { rect, at: node.dataset.at || "" });
    if (node.dataset.source) out.set(`source:${node.dataset.source}`, { rect, at: "" });
  }
  return out;
}

/** A screen vector (px) in `node`'s own units: an SVG element moves in its parent's. */
function localVector(node, dx, dy) {
  const ctm = node instanceof SVGGraphicsElement && node.parentNode?.getScreenCTM?.();
  if (!ctm) return { dx, dy };
  const det = ctm.a * ctm.d - ctm.b * ctm.c || 1;
  return { dx: (ctm.d * dx - ctm.c * dy) / det, dy: (ctm.a * dy - ctm.b * dx) / det };
}

/** Moves one can follow, for any renderer: a piece is an element with `data-key` (its
 *  identity: "card:12") and `data-at` (where the game has it: "hand", "3,4"). Call `before()`
 *  just before a redraw and `after(version)` just after: a piece whose `data-at` changed flies
 *  from where it was drawn; a new piece with `data-from` flies from that piece or from the
 *  element marked `data-source` of that name (the deck, the market). The pieces of the last
 *  move keep the class `last-move` until the next move. Nothing waits for an animation: the
 *  page takes clicks at once, and the next move cuts the running ones short. Returns when the
 *  animations end (now, when there are none). */
export function followMoves(root, { ms = 450 } = {}) {
  let seen = new Map();
  let version = null;
  let last = new Set();
  let running = [];
  let until = 0;
  return {
    before() {
      seen = screenRects(root);
    },
    after(next) {
      const moved = next !== version;
      version = next;
      if (moved) {
        for (const a of running) a.finish();
        running = [];
        last = new Set();
      }
      for (const node of root.querySelectorAll("[data-key]")) {
        const key = node.dataset.key;
        const was = seen.get(key);
        let from = null;
        if (was && was.at !== (node.dataset.at || "")) from = was.rect;
        else if (!was && node.dataset.from) {
          const source = seen.get(node.dataset.from) || seen.get(`source:${node.dataset.from}`);
          if (source) from = source.rect;
        }
        if (moved && from) last.add(key);
        if (!last.has(key)) continue;
        node.classList.add("last-move");
        if (!moved || !from || !motionOn() || !node.animate) continue;
        const to = node.getBoundingClientRect();
        const { dx, dy } = localVector(node, from.left - to.left, from.top - to.top);
        running.push(
          node.animate(
            [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
            { duration: ms, easing: "ease-in-out", composite: "add" },
          ),
        );
        until = performance.now() + ms;
      }
      seen = new Map();
    },
    /** Milliseconds until the running animations end (0: none run). */
    busyFor() {
      return running.length ? Math.max(0, until - performance.now()) : 0;
    },
  };
}

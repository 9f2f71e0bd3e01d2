// A tutorial table's guide, for every game: the step the server sends in the snapshot
// (`tutorial`: what the learner is told, the expected moves, what the move before did, the end
// and its offer) shown in a panel above the board, and the expected move highlighted on the
// renderer's own marks of legal actions (the elements carrying its notation in `data-action`,
// or among `data-actions`), after asking a renderer that can draw a move (`preview`) to draw
// it. Every word comes from the server in the reader's language: nothing here knows a game.
import { api, el, getName, setToken, toast } from "/static/api.js";
import { t } from "/static/i18n.js";
import { getProfile } from "/static/profile.js";

/** A create request sits this browser's profile when it has one (its name is the profile's). */
function withProfile(body) {
  const profile = getProfile();
  return profile ? { ...body, profile: profile.secret } : body;
}

const MARK = "tutorial-target";
const THEN = "tutorial-then"; // a target of the learner's next decision, made with this one

/** The board's elements that stand for legal action `action`. */
function targets(root, action) {
  const out = [];
  for (const node of root.querySelectorAll("[data-action], [data-actions], [data-ghost]")) {
    const d = node.dataset;
    const acts = d.action ? [d.action] : d.actions ? d.actions.split("|") : [d.ghost];
    if (acts.includes(action)) out.push(node);
  }
  return out;
}

/** Where a board that holds choices before sending them (`held()`: Momiji's cards chosen for a
 * Play, its cards picked for a compost) stands in the learner's run of steps `run` (each
 * step's accepted moves, this one first): the button that sends the held choices when they
 * are the script's (its `data-actions` is the chain it sends; the step of its last move), else
 * the elements that add the next choice; none when the held choices stray from the script
 * (the server then refuses what is sent, with the step's words). */
function heldTargets(root, run, held) {
  if (held.some((a, i) => !run[i] || !run[i].includes(a))) return { nodes: [], at: 0 };
  for (const node of root.querySelectorAll("[data-actions]")) {
    const chain = node.dataset.actions.split("|");
    const sends = chain.length >= held.length && held.every((a, i) => chain[i] === a);
    if (sends && chain.every((a, i) => run[i] && run[i].includes(a)))
      return { nodes: [node], at: chain.length - 1 };
  }
  const next = run[held.length] || [];
  const nodes = [...root.querySelectorAll("[data-action]")].filter((node) =>
    next.includes(node.dataset.action),
  );
  return { nodes, at: held.length };
}

/** A real game against the tutorial's bot: the same game, the learner's seat, the bot's level. */
async function realGame(msg) {
  const part = msg.tutorial;
  const seats = msg.seats.map((s) =>
    s.seat === part.learner ? { kind: "human" } : { kind: "bot", bot: part.bot },
  );
  const name = (msg.seats[part.learner] && msg.seats[part.learner].name) || getName();
  const body = { game: msg.game, players: msg.players, seats, sit: part.learner, name };
  const made = await api("/api/tables", { method: "POST", body: withProfile(body) });
  setToken(made.table, made.token);
  location.href = `/table/${made.table}`;
}

export function createTutorial(board) {
  const title = el("h3", { id: "tutorial-title" });
  const explain = el("p", { id: "tutorial-explain", class: "tutorial-explain" });
  const say = el("p", { id: "tutorial-say", class: "tutorial-say", "aria-live": "polite" });
  const wrong = el("p", { id: "tutorial-wrong", class: "tutorial-wrong", role: "alert" });
  const offer = el("div", { class: "row" });
  const panel = el(
    "section",
    { id: "tutorial", class: "panel tutorial", hidden: true },
    title,
    explain,
    say,
    wrong,
    offer,
  );
  let shownVersion = null;
  let mounted = false;

  function mount() {
    if (mounted) return;
    const bar = board.querySelector(".turn-bar");
    if (bar) bar.after(panel);
    else board.prepend(panel);
    mounted = true;
  }

  function show(node, text) {
    // only a change is written: the panel sits in the board, whose changes are watched below
    if (node.textContent !== (text || "")) node.textContent = text || "";
    node.hidden = !text;
  }

  let wanted = []; // the expected moves now on offer to this page
  let drawn = []; // the moves the renderer is asked to draw: the step's, then the next one's
  let later = []; // the learner's next decision, made by the same gesture on some boards
  let drawer = null; // the renderer, asked again to draw the move once it can
  let previewed = null; // the version whose move the renderer drew

  let part = null; // the step the server sent last, for a board that holds choices
  function mark() {
    for (const node of board.querySelectorAll(`.${MARK}`)) node.classList.remove(MARK, THEN);
    const held = drawer && drawer.held && part && !part.done ? drawer.held() : [];
    panel.dataset.held = held.length;
    if (held.length) return markHeld(held);
    if (drawer && drawer.held && part && !part.done) {
      showStep(part.step, part.say); // back from a held choice (cleared, or sent)
      show(explain, part.explain);
    }
    const marked = [];
    for (const action of wanted) {
      for (const node of targets(board, action)) {
        marked.push(node);
        node.classList.add(MARK);
        if (later.includes(action)) node.classList.add(THEN);
      }
    }
    // a move the board offers only in a folded list of its choices: unfold that list
    const folded = (n) => n.closest("details:not([open])");
    if (marked.length && marked.every(folded)) for (const n of marked) folded(n).open = true;
    return marked.length > 0;
  }

  /** The learner is part way through a chain of choices the board holds: the step they are at
   * now (its words), and what adds the next choice or sends them all. */
  function markHeld(held) {
    const run = [wanted, ...(part.ahead || []).map((a) => a.expect)];
    const { nodes, at } = heldTargets(board, run, held);
    for (const node of nodes) node.classList.add(MARK);
    const says = [part.say, ...(part.ahead || []).map((a) => a.say)];
    showStep(part.step + at, nodes.length ? says[at] : part.say);
    show(explain, ""); // what the move before did is old news mid-choice
    return nodes.length > 0;
  }

  function showStep(n, text) {
    panel.dataset.step = n;
    show(title, t("Learn by playing: step {n} of {total}", { n: n + 1, total: part.steps }));
    show(say, text || (part.bot_turn ? t("Watch the bot's move…") : ""));
  }

  // A renderer may draw later than its update (its pictures still loading) or redraw on its
  // own: whenever the board's nodes change, the expected move is marked again, and a renderer
  // that could not draw the move yet is asked once more.
  new MutationObserver(() => {
    if (!wanted.length || mark() || !drawer || !drawer.preview) return;
    if (drawer.held && drawer.held().length) return;
    if (previewed === shownVersion) return;
    previewed = shownVersion;
    for (const action of drawn) drawer.preview(action);
  }).observe(board, { childList: true, subtree: true });

  function highlight(msg, renderer) {
    const part = msg.tutorial;
    const mine = msg.you === part.learner && msg.status === "playing" && msg.legal.length;
    const now = mine ? part.expect.filter((a) => msg.legal.includes(a)) : [];
    // a board whose one gesture makes a chain of decisions (`chains`: a tile taken, then
    // placed) is shown the next decision too
    const then = now.length && renderer && renderer.chains ? part.then || [] : [];
    wanted = now.concat(then);
    later = then;
    drawn = [now[0], then[0]].filter(Boolean);
    drawer = renderer;
    if (renderer && renderer.preview) for (const action of drawn) renderer.preview(action);
    if (!mark()) previewed = null;
    else previewed = msg.version;
  }

  return {
    /** Draw the guide for `msg` (after the renderer drew the board); nothing at other tables. */
    update(msg, renderer) {
      part = msg.tutorial;
      if (!part) {
        panel.hidden = true;
        return;
      }
      mount();
      panel.hidden = false;
      const note = document.getElementById("fixed-note"); // its fixed deck is the lesson's
      if (note) note.hidden = true;
      if (msg.version !== shownVersion) show(wrong, "");
      shownVersion = msg.version;
      title.textContent = part.done
        ? t("Learn by playing: the end")
        : t("Learn by playing: step {n} of {total}", { n: part.step + 1, total: part.steps });
      show(explain, part.explain);
      const watching = part.bot_turn ? t("Watch the bot's move…") : "";
      show(say, part.done ? part.end : part.say || watching);
      panel.dataset.step = part.step;
      panel.dataset.done = part.done ? "true" : "false";
      if (part.done) {
        const button = el(
          "button",
          { id: "tutorial-real-game", class: "primary", type: "button" },
          part.offer,
        );
        button.addEventListener("click", () => realGame(msg).catch((e) => show(wrong, e.message)));
        offer.replaceChildren(button, " ", el("a", { class: "button", href: "/" }, t("Lobby")));
      } else offer.replaceChildren();
      highlight(msg, renderer);
    },
    /** The server refused a move that is not the step's: its words say why. */
    refused(message) {
      show(wrong, message);
    },
  };
}

/** "Learn by playing" for the lobby and How to play: opens the game's tutorial table and
 * sits this browser in the learner's seat. `nameOf` gives the name to sit with. */
export function learnButton(game, nameOf = getName) {
  const button = el(
    "button",
    { type: "button", class: "learn", "data-learn": game.name },
    t("Learn by playing {game}", { game: game.title }),
  );
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const name = (nameOf() || "").trim() || t("Learner");
      const made = await api("/api/tables", {
        method: "POST",
        body: withProfile({ game: game.name, tutorial: true, name }),
      });
      setToken(made.table, made.token);
      location.href = `/table/${made.table}`;
    } catch (e) {
      button.disabled = false;
      toast(e.message);
    }
  });
  return button;
}

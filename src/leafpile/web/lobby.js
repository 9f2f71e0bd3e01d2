// The lobby: create a table (game, players, seats, options) and list open and running tables.
import {
  api,
  el,
  forgetToken,
  getName,
  getToken,
  headerTools,
  seatLabel,
  setName,
  setToken,
  statusName,
  toast,
  botName,
  tokenTables,
} from "/static/api.js";
import { loadLanguage, t, tm, translatePage } from "/static/i18n.js";
import { formatClock, setHost } from "/static/seating.js";
import { checkProfile, getProfile, renderProfilePanel } from "/static/profile.js";
import { learnButton } from "/static/tutorial.js";

const $ = (id) => document.getElementById(id);
let games = [];
let signedIn = false; // a profile is signed in here (a rated table needs one)
let bots = [];
let botAbout = {};
let botRatings = {}; // game -> level -> ladder rating (random = 0)

function currentGame() {
  return games.find((g) => g.name === $("game").value) || games[0];
}

function defaultBot() {
  for (const name of ["medium", "easy", "random"]) if (bots.includes(name)) return name;
  return bots[0];
}

function renderSeats() {
  const players = Number($("players").value);
  const box = $("seats");
  box.replaceChildren(el("legend", {}, t("Seats")));
  for (let i = 0; i < players; i++) {
    const select = el("select", {
      name: `seat${i}`,
      id: `seat${i}`,
      "aria-label": t("Seat {n}", { n: i + 1 }),
    });
    if (i === 0) select.append(el("option", { value: "me" }, t("Me")));
    select.append(el("option", { value: "open" }, t("A friend (invite link)")));
    for (const b of bots)
      select.append(el("option", { value: `bot:${b}` }, t("Bot: {level}", { level: botName(b) })));
    select.value = i === 0 ? "me" : `bot:${defaultBot()}`;
    // how the chosen bot plays, in a line under the choice (the levels come weakest first)
    const about = el("small", { class: "muted bot-about", id: `seat${i}-about` });
    const explain = () => {
      const b = select.value.startsWith("bot:") ? select.value.slice(4) : null;
      const rating = b ? (botRatings[currentGame()?.name] || {})[b] : undefined;
      const rated = rating === undefined ? "" : " " + t("Ladder rating: {rating}.", { rating });
      about.textContent = b && botAbout[b] ? tm(botAbout[b]) + rated : "";
    };
    select.addEventListener("change", explain);
    explain();
    box.append(
      el("label", { class: "seat-choice" }, t("Seat {n}", { n: i + 1 }) + " ", select, about),
    );
  }
}

/** A seat chosen as an option ("0", "1"... of who starts) exists only up to the player count. */
function offered(opt, choice, players) {
  return !(
    opt.name === "first_player" &&
    /^\d+$/.test(String(choice)) &&
    Number(choice) >= players
  );
}

/** The table settings a person chooses, in their words: a menu for a choice, a checkbox for
 *  yes or no, a number field for a number. Options without a label (a fixed deck for puzzles
 *  and tests, a setting kept for old records) are not offered here (the API still takes them). */
function renderOptions() {
  const game = currentGame();
  const players = Number($("players").value);
  const box = $("options");
  box.replaceChildren();
  for (const opt of game.options) {
    if (!opt.label || (opt.players && !opt.players.includes(players))) continue;
    let input;
    const attrs = { name: opt.name, "data-option": opt.name, id: `option-${opt.name}` };
    if (opt.choices) {
      input = el("select", attrs);
      opt.choices.forEach((c, i) => {
        if (!offered(opt, c, players)) return;
        const words = opt.choice_labels ? tm(opt.choice_labels[i], String(c)) : String(c);
        input.append(el("option", { value: String(c) }, words));
      });
      input.value = String(opt.default);
    } else if (typeof opt.default === "boolean") {
      input = el("input", { ...attrs, type: "checkbox", checked: opt.default });
    } else {
      input = el("input", { ...attrs, type: "number", value: String(opt.default), step: 1 });
    }
    box.append(
      el(
        "label",
        { class: `option${input.type === "checkbox" ? " check" : ""}`, for: attrs.id },
        el("span", {}, tm(opt.label)),
        input,
        opt.about ? el("small", { class: "muted" }, tm(opt.about)) : "",
      ),
    );
  }
}

function renderGame() {
  const game = currentGame();
  const select = $("players");
  const old = Number(select.value) || Math.min(2, game.max_players);
  select.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++)
    select.append(el("option", { value: n }, n));
  select.value = String(Math.min(Math.max(old, game.min_players), game.max_players));
  $("game-summary").textContent = t(game.summary);
  $("game-rules").replaceChildren(
    el(
      "a",
      { href: `/rules/${game.name}`, target: "leafpile-rules", class: "howto" },
      t("How to play {game}", { game: game.title }),
    ),
    game.tutorial ? " " : "",
    game.tutorial ? learnButton(game, () => $("name").value) : "",
  );
  renderSeats();
  renderOptions();
}

async function create(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  const game = currentGame();
  const players = Number($("players").value);
  const seats = [];
  let sit = null;
  for (let i = 0; i < players; i++) {
    const v = $(`seat${i}`).value;
    if (v === "me") {
      sit = i;
      seats.push({ kind: "human" });
    } else if (v === "open") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  }
  if (sit !== null && !name) {
    toast(t("Enter your name first."));
    $("name").focus();
    return;
  }
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const spec = game.options.find((o) => o.name === input.dataset.option);
    if (input.type === "checkbox") {
      if (input.checked !== spec.default) options[spec.name] = input.checked;
      continue;
    }
    if (input.value === String(spec.default)) continue;
    options[spec.name] = typeof spec.default === "number" ? Number(input.value) : input.value;
  }
  setName(name);
  const body = { game: game.name, players, options, seats, sit, name, ...tableSettings() };
  const profile = getProfile();
  if (profile) body.profile = profile.secret;
  body.rated = Boolean(profile) && $("rated").checked;
  try {
    const res = await api("/api/tables", { method: "POST", body });
    if (res.token) setToken(res.table, res.token);
    setHost(res.table, res.host);
    location.href = res.invite;
  } catch (e) {
    toast(e.message);
  }
}

/** Privacy, clock and stand-in bot from the form: a clock preset is "realtime:bank:increment"
 *  or "turn:seconds per move" (the server checks the bounds). */
function tableSettings() {
  const [kind, a, b] = $("clock").value.split(":");
  let clock = null;
  if (kind === "realtime") clock = { kind, bank: Number(a), increment: Number(b) };
  else if (kind === "turn") clock = { kind, per_move: Number(a) };
  return {
    private: $("visibility").value === "private",
    clock,
    replacement: $("replacement").value,
  };
}

/** The lobby's list a page at a time, of one game or all, with a search on players' names
 *  and games: a flood of junk tables cannot push a real one out of reach. */
const PAGE = 20;
const listing = { game: "", q: "", offset: 0 };

function tableFilters() {
  if ($("table-filters")) return;
  const game = el(
    "select",
    { id: "table-game", "aria-label": t("Game") },
    el("option", { value: "" }, t("All games")),
    ...games.map((g) => el("option", { value: g.name }, g.title)),
  );
  const search = el("input", {
    id: "table-search",
    type: "search",
    maxlength: 40,
    placeholder: t("Search players or games"),
    "aria-label": t("Search players or games"),
  });
  game.addEventListener("change", () => {
    Object.assign(listing, { game: game.value, offset: 0 });
    refreshTables();
  });
  let typing = null;
  search.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      Object.assign(listing, { q: search.value.trim(), offset: 0 });
      refreshTables();
    }, 250);
  });
  $("tables").before(el("div", { id: "table-filters", class: "row table-filters" }, game, search));
}

function pager(total) {
  const last = Math.min(listing.offset + PAGE, total);
  const go = (offset) => () => {
    listing.offset = Math.max(0, offset);
    refreshTables();
  };
  return el(
    "p",
    { class: "row pager", id: "table-pager" },
    el(
      "button",
      { id: "page-prev", disabled: listing.offset === 0, onclick: go(listing.offset - PAGE) },
      t("Previous"),
    ),
    el(
      "span",
      { class: "muted" },
      t("Tables {first}–{last} of {total}", { first: listing.offset + 1, last, total }),
    ),
    el(
      "button",
      { id: "page-next", disabled: last >= total, onclick: go(listing.offset + PAGE) },
      t("Next"),
    ),
  );
}

async function refreshTables() {
  try {
    tableFilters();
    const query = new URLSearchParams({ offset: listing.offset, limit: PAGE });
    if (listing.game) query.set("game", listing.game);
    if (listing.q) query.set("q", listing.q);
    const { tables, total } = await api(`/api/tables?${query}`);
    const box = $("tables");
    if (!tables.length && listing.offset > 0 && total > 0) {
      listing.offset = Math.floor((total - 1) / PAGE) * PAGE; // the page emptied meanwhile
      return refreshTables();
    }
    if (!tables.length) {
      const filtered = listing.game || listing.q;
      box.replaceChildren(
        el(
          "p",
          { class: "muted" },
          filtered ? t("No table matches.") : t("No tables yet: create one."),
        ),
      );
      return;
    }
    const list = el("ul", { class: "table-list" });
    for (const table of tables) {
      const mine = getToken(table.id);
      const open = table.seats.some((s) => s.open);
      list.append(
        el(
          "li",
          { class: `table-item ${table.status}`, "data-table": table.id },
          el("span", { class: "title" }, table.title),
          el(
            "span",
            { class: "seats" },
            table.seats.map((s) => seatLabel(s, table.seats)).join(" · "),
          ),
          el(
            "span",
            { class: `status ${table.status}` },
            statusName(table.status),
            table.rated ? el("span", { class: "rated-tag" }, " · " + t("rated")) : null,
          ),
          el(
            "span",
            { class: "links" },
            table.status !== "finished"
              ? el(
                  "a",
                  { href: `/table/${table.id}`, class: "button" },
                  mine ? t("Return") : open ? t("Join") : t("Watch"),
                )
              : null,
            el("a", { href: `/replay/${table.id}`, class: "button" }, t("Replay")),
          ),
        ),
      );
    }
    box.replaceChildren(list, total > PAGE ? pager(total) : "");
  } catch (e) {
    $("tables").replaceChildren(
      el("p", { class: "muted" }, t("Cannot list tables: {reason}", { reason: e.message })),
    );
  }
}

/** "Your games": the unfinished tables this browser holds a seat at, private ones and games
 * put away while idle included (neither is in the lobby's list), and those the signed-in
 * profile holds a seat at from another browser (the server lists them for that profile only).
 * A token the server no longer knows (an expired table, a seat left) is forgotten. */
async function refreshMine() {
  const profile = getProfile();
  const [found, elsewhere] = await Promise.all([
    Promise.all(
      tokenTables().map(async (id) => {
        try {
          return await api(`/api/tables/${encodeURIComponent(id)}/summary`, {
            token: getToken(id),
          });
        } catch (e) {
          if (e.status === 404 || e.status === 403) forgetToken(id);
          return null;
        }
      }),
    ),
    profile
      ? api("/api/profiles/me/tables", { token: profile.secret }).then(
          (r) => r.tables,
          (e) => {
            if (e.status !== 403) toast(e.message); // 403: that profile is gone
            return [];
          },
        )
      : [],
  ]);
  const here = new Set(found.filter(Boolean).map((x) => x.id));
  const all = [...found, ...elsewhere.filter((x) => !here.has(x.id))];
  // the games waiting for this player's move first, the least time left first, then newest
  const yours = (table) => table.to_move !== null && table.to_move === table.you;
  const left = (table) => (typeof table.time_left === "number" ? table.time_left : Infinity);
  const mine = all
    .filter((x) => x && x.status !== "finished")
    .sort((a, b) => yours(b) - yours(a) || left(a) - left(b) || b.created_at - a.created_at);
  $("mine").hidden = !mine.length;
  $("my-tables").replaceChildren(
    el(
      "ul",
      { class: "table-list" },
      ...mine.map((table) =>
        el(
          "li",
          {
            class: `table-item ${table.status} ${yours(table) ? "yours" : ""}`,
            "data-table": table.id,
          },
          el("span", { class: "title" }, table.title),
          el(
            "span",
            { class: "seats" },
            table.seats.map((s) => seatLabel(s, table.seats)).join(" · "),
          ),
          el(
            "span",
            { class: `status ${table.status}` },
            statusName(table.status),
            table.private ? el("span", { class: "rated-tag" }, " · " + t("private")) : null,
            yours(table) ? el("span", { class: "rated-tag" }, " · " + t("your turn")) : null,
            typeof table.time_left === "number"
              ? el(
                  "span",
                  { class: "time-left", title: t("Time left") },
                  " · " + t("{time} left", { time: formatClock(table.time_left) }),
                )
              : null,
          ),
          el(
            "span",
            { class: "links" },
            here.has(table.id)
              ? el("a", { href: `/table/${table.id}`, class: "button" }, t("Return"))
              : el(
                  "button",
                  {
                    class: "continue-here",
                    title: t("Your seat moves to this browser; the other one only watches."),
                    onclick: () => continueHere(table.id, profile),
                  },
                  t("Continue here"),
                ),
          ),
        ),
      ),
    ),
  );
}

/** Bring the seat the profile holds at `id` into this browser, then go to the table. */
async function continueHere(id, profile) {
  try {
    const res = await api(`/api/tables/${encodeURIComponent(id)}/seats/mine`, {
      method: "POST",
      token: profile.secret,
    });
    setToken(res.table, res.token);
    location.href = `/table/${encodeURIComponent(res.table)}`;
  } catch (e) {
    toast(e.message);
  }
}

/** The profile panel, and the "Rated game" box (a rated table needs a profile). */
function renderProfile(profile) {
  renderProfilePanel($("profile"), $("name"), (changed) => {
    renderProfile(changed);
    refreshMine(); // a profile signed in here brings its games from other browsers
  });
  signedIn = Boolean(profile);
  $("rated").checked = signedIn;
  renderRated();
}

/** A rated game needs a profile and a public table (its game is listed on players' pages). */
function renderRated() {
  const rated = $("rated");
  const hidden = $("visibility").value === "private";
  rated.disabled = !signedIn || hidden;
  if (rated.disabled) rated.checked = false;
  $("rated-note").textContent = !signedIn
    ? t("sign in with a profile to play rated games")
    : hidden
      ? t("a private table is not rated")
      : t("counts for the leaderboard");
}

/** What the chosen privacy means, in a line under its menu (a menu's option cannot wrap, so
 * the option is short and its explanation goes here). */
function renderVisibility() {
  $("visibility-note").textContent =
    $("visibility").value === "private"
      ? t("Only with the invite link; not listed in the lobby.")
      : t("Listed in the lobby: anyone may join.");
}

async function main() {
  await loadLanguage();
  translatePage();
  $("tools").replaceChildren(headerTools());
  if (!$("name").value) $("name").value = getName(); // never overwrite what was typed meanwhile
  $("name").addEventListener("change", () => setName($("name").value.trim()));
  renderProfile(getProfile());
  $("visibility").addEventListener("change", () => {
    if ($("visibility").value === "public" && signedIn) $("rated").checked = true;
    renderRated();
    renderVisibility();
  });
  renderVisibility();
  checkProfile().then((p) => renderProfile(p));
  const data = await api("/api/games");
  games = data.games;
  bots = data.bots;
  botAbout = data.bot_about || {};
  botRatings = data.bot_ratings || {};
  for (const g of games) $("game").append(el("option", { value: g.name }, g.title));
  for (const b of bots)
    $("replacement").append(el("option", { value: b }, t("{level} bot", { level: botName(b) })));
  $("replacement").value = bots.includes("medium") ? "medium" : bots[0];
  $("game").value = games.some((g) => g.name === "autumn") ? "autumn" : games[0].name;
  $("board-links").replaceChildren(
    ...games.map((g) => el("a", { class: "button", href: `/leaderboard/${g.name}` }, g.title)),
  );
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", () => {
    renderSeats();
    renderOptions();
  });
  $("create-form").addEventListener("submit", create);
  renderGame();
  refreshTables();
  setInterval(refreshTables, 4000);
  refreshMine();
}

main().catch((e) => toast(e.message));

// A game's leaderboard: people and bot levels by their Glicko-2 rating (± its deviation).
import { api, botName, el, headerTools, toast } from "/static/api.js";
import { loadLanguage, t, translatePage } from "/static/i18n.js";
import { getProfile, playerLink } from "/static/profile.js";

const game = decodeURIComponent(location.pathname.split("/").pop());

/** A rated player's name as shown: a person's name, or "easy bot" for a bot level. */
export function shownName(player) {
  return player.bot ? t("{level} bot", { level: botName(player.bot) }) : player.name;
}

async function main() {
  await loadLanguage();
  translatePage();
  $tools();
  const [board, { games }] = await Promise.all([
    api(`/api/leaderboard/${encodeURIComponent(game)}`),
    api("/api/games"),
  ]);
  document.title = `leafpile — ${t("Leaderboard: {game}", { game: board.title })}`;
  const me = getProfile();
  const rows = board.players.map((p, i) =>
    el(
      "tr",
      { class: me && !p.bot && p.name === me.name ? "me" : "", "data-player": p.name },
      el("td", { class: "num" }, i + 1),
      el("td", {}, playerLink(p.name, shownName(p))),
      el("td", { class: "num rating" }, Math.round(p.rating)),
      el("td", { class: "num muted" }, "± " + Math.round(2 * p.deviation)),
      el("td", { class: "num" }, p.games),
    ),
  );
  document
    .getElementById("page")
    .replaceChildren(
      el(
        "section",
        { class: "panel" },
        el("h1", { id: "board-title" }, t("Leaderboard: {game}", { game: board.title })),
        el(
          "p",
          { class: "row" },
          ...games.map((g) =>
            g.name === game
              ? el("strong", { class: "button current" }, g.title)
              : el("a", { class: "button", href: `/leaderboard/${g.name}` }, g.title),
          ),
        ),
        rows.length
          ? el(
              "table",
              { class: "board", id: "board" },
              el(
                "thead",
                {},
                el(
                  "tr",
                  {},
                  el("th", { class: "num" }, "#"),
                  el("th", {}, t("Player")),
                  el("th", { class: "num" }, t("Rating")),
                  el("th", { class: "num" }, t("Likely range")),
                  el("th", { class: "num" }, t("Games")),
                ),
              ),
              el("tbody", {}, rows),
            )
          : el(
              "p",
              { class: "muted", id: "board" },
              t("No rated games of {game} yet.", { game: board.title }),
            ),
        el(
          "p",
          { class: "muted small" },
          t(
            "Glicko-2 ratings: everyone starts at 1500; the range narrows as a player plays more rated games. Each bot level is rated too.",
          ),
        ),
      ),
    );
}

function $tools() {
  document.getElementById("tools").replaceChildren(headerTools(game));
}

main().catch((e) => toast(e.message));

// How to play a game, in the reader's language: the rulebook's text, and its pictures drawn by
// the game's own renderer from positions the server replays (nothing to click in them).
import { api, el, headerTools, loadRenderer, toast } from "/static/api.js";
import { currentLanguage, loadLanguage, t, translatePage } from "/static/i18n.js";
import { learnButton } from "/static/tutorial.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());

function html(fragment) {
  // The server renders our own Markdown without raw HTML, so this is text, lists and tables.
  const box = el("div", { class: "rule-text" });
  box.innerHTML = fragment;
  return box;
}

async function picture(position, module) {
  const figure = el("figure", { class: "rule-picture" });
  const board = el("div", { class: "board rule-board" });
  figure.append(board, el("figcaption", {}, position.caption || ""));
  // the seats carry the names the rulebook's text gives the players ("Player 1" if none)
  const seatName = (i) =>
    i === null || i === undefined
      ? ""
      : (position.seats[i] && position.seats[i].name) || t("Player {n}", { n: i + 1 });
  module.createRenderer(board, { act: () => {}, seatName, replay: true }).update(position);
  return figure;
}

async function main() {
  await loadLanguage();
  translatePage();
  $("tools").replaceChildren(headerTools());
  const data = await api(`/api/rules/${encodeURIComponent(game)}/${currentLanguage()}`);
  document.title = `leafpile — ${t("How to play {game}", { game: data.title })}`;
  $("title").textContent = t("How to play {game}", { game: data.title });
  const { games } = await api("/api/games");
  const module = await loadRenderer(games.find((g) => g.name === data.game));
  const parts = [];
  for (const part of data.parts) {
    parts.push(part.html !== undefined ? html(part.html) : await picture(part.position, module));
  }
  const info = games.find((g) => g.name === data.game);
  const learn = info && info.tutorial ? el("p", { class: "learn-box" }, learnButton(info)) : "";
  $("rules").replaceChildren(learn, ...parts);
}

main().catch((e) => toast(e.message));

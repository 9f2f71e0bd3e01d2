// A player's page: their ratings per game, the rating curve of each game (an SVG drawn here)
// and their games, with links to the replays.
import { api, botName, el, headerTools, seatLabel, toast } from "/static/api.js";
import { currentLanguage, loadLanguage, t, tn, translatePage } from "/static/i18n.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

/** The rating after each rated game of one game as a line, with the ±2 deviations band. */
export function ratingCurve(points, title) {
  const W = 640,
    H = 240,
    left = 48,
    right = 12,
    top = 14,
    bottom = 30;
  const values = [1500, ...points.map((p) => p.rating)];
  const lows = points.map((p) => p.rating - 2 * p.deviation);
  const highs = points.map((p) => p.rating + 2 * p.deviation);
  let lo = Math.min(...values, ...lows.map((v, i) => Math.max(v, values[i + 1] - 150)));
  let hi = Math.max(...values, ...highs.map((v, i) => Math.min(v, values[i + 1] + 150)));
  lo = Math.floor((lo - 10) / 50) * 50;
  hi = Math.ceil((hi + 10) / 50) * 50;
  const x = (i) => left + (points.length ? (i * (W - left - right)) / points.length : 0);
  const y = (v) =>
    top + ((hi - Math.max(lo, Math.min(hi, v))) * (H - top - bottom)) / (hi - lo || 1);
  const plot = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "curve",
    role: "img",
    "aria-label": title,
  });
  plot.append(svg("title", {}, title));
  const step = (hi - lo) / 50 > 6 ? 100 : 50;
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
    plot.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" }));
    plot.append(
      svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, String(v)),
    );
  }
  points.forEach((p, i) => {
    // the 95% range after each game, clipped to the plot
    plot.append(
      svg("line", { x1: x(i + 1), x2: x(i + 1), y1: y(highs[i]), y2: y(lows[i]), class: "band" }),
    );
  });
  plot.append(
    svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }),
  );
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: i === 0 ? "dot start" : "dot" });
    dot.append(
      svg(
        "title",
        {},
        i === 0
          ? t("start: {rating}", { rating: 1500 })
          : `${Math.round(v)} (${new Date(points[i - 1].at * 1000).toLocaleDateString(currentLanguage())})`,
      ),
    );
    plot.append(dot);
  });
  plot.append(
    svg(
      "text",
      { x: W - right, y: H - 8, "text-anchor": "end", class: "axis" },
      tn("{n} rated game", "{n} rated games", points.length),
    ),
  );
  plot.append(svg("text", { x: left, y: H - 8, class: "axis" }, "0"));
  return plot;
}

function placeText(place, shared) {
  if (place === null || place === undefined) return "";
  if (place === 0 && shared) return t("draw");
  if (shared) return t("shared place {n}", { n: place + 1 });
  return place === 0 ? t("won") : t("place {n}", { n: place + 1 });
}

async function main() {
  await loadLanguage();
  translatePage();
  document.getElementById("tools").replaceChildren(headerTools());
  const page = document.getElementById("page");
  let player;
  try {
    player = await api(`/api/players/${encodeURIComponent(name)}?lang=${currentLanguage()}`);
  } catch (e) {
    page.replaceChildren(
      el(
        "section",
        { class: "panel" },
        el("h1", {}, name),
        el("p", { id: "missing" }, e.status === 404 ? t("There is no such player.") : e.message),
      ),
    );
    return;
  }
  const shown = player.bot ? t("{level} bot", { level: botName(player.bot) }) : player.name;
  document.title = `leafpile — ${shown}`;
  const byGame = {};
  for (const h of player.history) (byGame[h.game] ||= []).push(h);
  const ratings = player.ratings.length
    ? el(
        "table",
        { class: "board", id: "ratings" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("Game")),
            el("th", { class: "num" }, t("Rating")),
            el("th", { class: "num" }, t("Likely range")),
            el("th", { class: "num" }, t("Games")),
          ),
        ),
        el(
          "tbody",
          {},
          player.ratings.map((r) =>
            el(
              "tr",
              {},
              el("td", {}, el("a", { href: `/leaderboard/${r.game}` }, r.title)),
              el("td", { class: "num rating" }, Math.round(r.rating)),
              el("td", { class: "num muted" }, "± " + Math.round(2 * r.deviation)),
              el("td", { class: "num" }, r.games),
            ),
          ),
        ),
      )
    : el("p", { class: "muted" }, t("No rated games yet."));
  const curves = player.ratings
    .filter((r) => byGame[r.game])
    .map((r) =>
      el(
        "figure",
        { class: "rating-curve", "data-game": r.game },
        ratingCurve(byGame[r.game], t("Rating in {game}", { game: r.title })),
        el(
          "figcaption",
          { class: "muted" },
          t("Rating in {game}", { game: r.title }) +
            " — " +
            t("each bar shows where the rating likely lies"),
        ),
      ),
    );
  const games = player.games.map((g) => {
    const change = g.change === null ? "" : (g.change >= 0 ? "+" : "") + g.change.toFixed(1);
    const others = g.seats
      .filter((s) => s.seat !== g.seat)
      .map((s) => seatLabel({ ...s, open: s.kind === "human" && !s.name }, g.seats));
    return el(
      "li",
      { class: "game-item", "data-table": g.table },
      el(
        "span",
        { class: "when muted" },
        new Date(g.at * 1000).toLocaleDateString(currentLanguage()),
      ),
      el(
        "span",
        { class: "title" },
        g.title,
        g.rated ? el("span", { class: "rated-tag" }, " · " + t("rated")) : null,
      ),
      el(
        "span",
        { class: "others" },
        others.length ? t("with {names}", { names: others.join(", ") }) : "",
      ),
      el(
        "span",
        { class: "result" },
        placeText(g.place, g.shared),
        change ? el("span", { class: g.change >= 0 ? "up" : "down" }, " " + change) : null,
      ),
      el(
        "span",
        { class: "links" },
        el("a", { class: "button", href: `/replay/${g.table}` }, t("Replay")),
      ),
    );
  });
  page.replaceChildren(
    el(
      "section",
      { class: "panel" },
      el("h1", { id: "player-name" }, shown),
      el(
        "p",
        { class: "muted" },
        player.kind === "bot"
          ? t("A bot level: it is rated like a person.")
          : t("A player with a profile."),
      ),
      ratings,
    ),
    curves.length
      ? el("section", { class: "panel", id: "curves" }, el("h2", {}, t("Rating curve")), ...curves)
      : null,
    el(
      "section",
      { class: "panel" },
      el("h2", {}, t("Games")),
      games.length
        ? el("ul", { class: "game-list", id: "games" }, games)
        : el("p", { class: "muted" }, t("No games yet.")),
    ),
  );
}

main().catch((e) => toast(e.message));

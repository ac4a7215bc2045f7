// The rated arena's public pages: a player's page (#player=NAME: the
// account, its ratings with a graph a class, its games and the openings
// it played) and the leaderboard of a class (#leaderboard=CLASS).

import { api, errorText } from "./api.js";
import { el, options } from "./dom.js";
import { t, num, date, percent } from "./i18n.js";
import { lineGraph } from "./graph.js";
import { listName, openingName, Side } from "./words.js";
import { playerLink, accountNow } from "./session.js";

// CLASSES are the rating classes, by the game clock (docs/API.md).
export const CLASSES = ["bullet", "blitz", "rapid", "classical", "correspondence", "unlimited"];
const className = (c) => t("class." + c);

// rating writes a rating (a whole number) with its deviation.
const ratingText = (r) => t("profile.ratingDev", { rating: num(Math.round(r.rating)), dev: num(Math.round(r.deviation)) });

// provisionalMark marks a provisional rating.
const provisionalMark = (r) => (r.provisional ? el("abbr", { class: "provisional", title: t("profile.provisional"), text: "?" }) : null);

// left says whether the address has left the page of hash since it was
// asked for: an answer that comes after draws nothing.
const left = (hash) => location.pathname !== "/" || location.hash !== hash;

// provisionalNote explains the mark, under a list that has one.
const provisionalNote = (list) => (list.some((r) => r.provisional) ? el("p", { class: "small provisional-note" }, el("span", { class: "provisional", "aria-hidden": "true", text: "?" }), " ", t("profile.provisional")) : null);

// playerPage draws an account's page in app.
export async function playerPage(app, name) {
  const hash = location.hash;
  const h1 = el("h1", { translate: "no", text: name });
  app.replaceChildren(h1, el("p", { class: "small", role: "status", text: t("profile.loading") }));
  const path = "/api/accounts/" + encodeURIComponent(name);
  let profile;
  try {
    profile = await api("GET", path);
  } catch (e) {
    if (!left(hash)) app.replaceChildren(h1, el("p", { class: "error", role: "alert", id: "player-error", text: errorText(e) }));
    return;
  }
  if (left(hash)) return;
  const a = profile.account;
  h1.textContent = a.name;
  const about = el("p", { id: "player-about" }, el("span", { class: "kind", text: t(a.kind === "bot" ? "profile.bot" : "profile.person") }));
  if (profile.owner_name) about.append(" · ", t("profile.owner"), " ", playerLink(profile.owner_name, { translate: "no" }));
  if (profile.bots?.length) about.append(" · ", t("profile.bots"), " ", ...profile.bots.flatMap((b, i) => [i ? ", " : "", playerLink(b, { translate: "no" })]));
  if (profile.disabled) about.append(" · ", el("strong", { class: "disabled", id: "player-disabled", text: t("profile.disabled") }));
  about.append(" · ", t("profile.since", { when: date(a.created) }));
  // One's own page leads to one's account.
  if (accountNow()?.id === a.id) about.append(" · ", el("a", { href: "/#account", id: "player-my-account", text: t("session.myAccount") }));

  const ratings = el("section", { class: "card", "aria-labelledby": "ratings-title" }, el("h2", { id: "ratings-title", text: t("profile.ratings") }));
  if (!profile.ratings.length) ratings.append(el("p", { class: "small", id: "no-ratings", text: t("profile.noRatings") }));
  else {
    ratings.append(el("div", { class: "table-scroll" }, el("table", { class: "games", id: "ratings" },
      el("thead", {}, el("tr", {}, ...["profile.class", "profile.rating", "profile.ratedGames", "profile.updated"].map((k) => el("th", { scope: "col", text: t(k) })))),
      el("tbody", {}, ...profile.ratings.map((r) => el("tr", { "data-class": r.class },
        el("td", {}, el("a", { href: "/#leaderboard=" + r.class, text: className(r.class) })),
        el("td", { class: "rating" }, ratingText(r), " ", provisionalMark(r)),
        el("td", { text: num(r.games) }),
        el("td", { class: "small", text: date(r.updated) })))))));
    const note = provisionalNote(profile.ratings);
    if (note) ratings.append(note);
    const graphs = el("div", { class: "rating-graphs" });
    ratings.append(graphs);
    for (const r of profile.ratings) {
      api("GET", `${path}/history?class=${r.class}`).then((h) => graphs.append(ratingGraph(h))).catch((e) => graphs.append(el("p", { class: "error", text: errorText(e) })));
    }
  }

  const games = el("section", { class: "card", "aria-labelledby": "player-games-title" }, el("h2", { id: "player-games-title", text: t("profile.games") }));
  const openings = el("section", { class: "card", "aria-labelledby": "openings-title" }, el("h2", { id: "openings-title", text: t("profile.openings") }));
  app.replaceChildren(h1, about, el("div", { class: "player-cards" }, ratings, openings), games);
  api("GET", path + "/games?limit=100").then((r) => games.append(gamesTable(a.name, r.games)), (e) => games.append(el("p", { class: "error", text: errorText(e) })));
  api("GET", path + "/openings").then((r) => openings.append(...openingsTable(r)), (e) => openings.append(el("p", { class: "error", text: errorText(e) })));
}

// ratingGraph draws a class's rating after each rated game, in a band
// of twice its deviation either side (where the player's strength is,
// 95 times in 100); the axis takes in one deviation either side.
function ratingGraph(h) {
  const pts = h.points;
  const values = [null, ...pts.map((p) => p.rating)];
  const band = { lo: [null, ...pts.map((p) => p.rating - 2 * p.deviation)], hi: [null, ...pts.map((p) => p.rating + 2 * p.deviation)], cls: "deviation" };
  const lo = Math.min(...pts.map((p) => p.rating - p.deviation)), hi = Math.max(...pts.map((p) => p.rating + p.deviation));
  const yMin = Math.floor((lo - 50) / 100) * 100, yMax = Math.ceil((hi + 50) / 100) * 100;
  const stepY = Math.max(100, Math.ceil((yMax - yMin) / 4 / 100) * 100);
  const yTicks = [];
  for (let v = yMin; v <= yMax; v += stepY) yTicks.push(v);
  const span = Math.max(5, pts.length);
  const label = t("profile.graph", { class: className(h.class) });
  const g = lineGraph({ id: "rating-graph-" + h.class, series: [{ values, dots: true }], bands: [band], positions: pts.length, yMin, yMax, yTicks, label,
    unit: t("profile.rating"), span, step: Math.max(1, Math.ceil(span / 6)), tickText: (v) => num(v, { useGrouping: false }),
    readout: (k) => (k >= 1 && pts[k - 1] ? t("profile.readout", { n: num(k), rating: num(Math.round(pts[k - 1].rating)), dev: num(Math.round(pts[k - 1].deviation)) }) : "") });
  g.dataset.points = String(pts.length);
  return el("figure", { class: "rating-graph" }, el("figcaption", { class: "small", text: label + " " + t("profile.band") }), g);
}

// outcome is how a game went for the account that played color: "win",
// "loss", "draw", or "" while it goes on.
function outcome(g) {
  if (g.status !== "finished" || !g.result) return "";
  if (g.result.winner === "none") return "draw";
  return g.result.winner === g.color ? "win" : "loss";
}

// gamesTable lists an account's games: the other player, the colour
// played, the result (a link to the game), rated or not, the opening.
function gamesTable(name, games) {
  if (!games.length) return el("p", { class: "small", id: "no-games", text: t("profile.noGames") });
  return el("div", { class: "table-scroll" }, el("table", { class: "games", id: "player-games" },
    el("thead", {}, el("tr", {}, ...["profile.opponent", "profile.colour", "profile.result", "profile.rated", "start.opening", "start.updated"].map((k) =>
      el("th", { scope: "col", class: k === "start.opening" ? "opening" : null, text: t(k) })))),
    el("tbody", {}, ...games.map((g) => {
      const other = g.color === "black" ? "white" : "black";
      const o = outcome(g);
      const score = g.result ? ` ${num(g.result.black)}-${num(g.result.white)}` : "";
      const result = (o ? t("profile." + o) : t("profile.inPlay")) + score;
      // The other player's name leads to its page if an account played
      // it; the result to the game.
      return el("tr", { "data-game": g.id, "data-outcome": o || "live" },
        el("td", {}, g.opponent ? playerLink(g.opponent, { translate: "no" }) : listName(g, other)),
        el("td", {}, el("span", { class: "dot-mark " + g.color, "aria-hidden": "true" }), " ", Side(g.color)),
        el("td", { class: "outcome " + o }, el("a", { href: "/game/" + g.id, "aria-label": t("profile.openGame", { result: result, name: listName(g, other) }), text: result })),
        el("td", { text: g.rated ? t("profile.ratedYes") : t("profile.casual") }),
        el("td", { class: "opening" }, ...(g.opening ? openingName(g.opening, g.opening_name) : [])),
        el("td", { class: "small", text: g.updated ? date(g.updated) : "" }));
    }))));
}

// scoreText writes a colour's record in an opening: wins, draws,
// losses and the score.
const scoreText = (c) => (c.games ? t("profile.record", { w: num(c.wins), d: num(c.draws), l: num(c.losses), score: percent(c.score) }) : "–");

// openingsTable lists the openings of an account's finished games.
function openingsTable(r) {
  if (!r.openings.length) return [el("p", { class: "small", id: "no-openings", text: t("profile.noOpenings") })];
  return [el("div", { class: "table-scroll" }, el("table", { class: "games", id: "player-openings" },
    el("thead", {}, el("tr", {}, ...["start.opening", "profile.gamesCount", "profile.asBlack", "profile.asWhite"].map((k) =>
      el("th", { scope: "col", text: t(k) })))),
    el("tbody", {}, ...r.openings.map((o) => el("tr", { "data-opening": o.opening_name },
      el("td", {}, ...openingName(o.opening, o.opening_name)),
      el("td", { text: num(o.games) }),
      el("td", { text: scoreText(o.black) }),
      el("td", { text: scoreText(o.white) })))))),
  ...(r.unnamed ? [el("p", { class: "small", text: t("profile.unnamed", { n: num(r.unnamed) }) })] : [])];
}

// leaderboardPage draws a class's leaderboard in app, with a choice of
// class.
export async function leaderboardPage(app, cls) {
  if (!CLASSES.includes(cls)) cls = "blitz";
  const select = el("select", { id: "leaderboard-class" }, ...options(CLASSES.map((c) => [c, className(c)]), cls));
  select.addEventListener("change", () => { location.hash = "#leaderboard=" + select.value; });
  const body = el("div", { id: "leaderboard-body" });
  app.replaceChildren(el("h1", { text: t("leaderboard.title") }),
    el("section", { class: "card" }, el("label", { for: "leaderboard-class", text: t("profile.class") }), select, body));
  const hash = location.hash;
  try {
    const r = await api("GET", "/api/leaderboard?class=" + cls + "&limit=100");
    if (left(hash)) return;
    if (!r.ratings.length) { body.replaceChildren(el("p", { class: "small", id: "leaderboard-empty", text: t("leaderboard.empty") })); return; }
    body.replaceChildren(el("div", { class: "table-scroll" }, el("table", { class: "games", id: "leaderboard" },
      el("thead", {}, el("tr", {}, ...["leaderboard.rank", "profile.name", "profile.kind", "profile.rating", "profile.ratedGames"].map((k) => el("th", { scope: "col", text: t(k) })))),
      el("tbody", {}, ...r.ratings.map((e) => el("tr", { "data-name": e.name },
        el("td", { text: num(e.rank) }),
        el("td", {}, playerLink(e.name, { translate: "no" })),
        el("td", { text: t(e.kind === "bot" ? "profile.bot" : "profile.person") }),
        el("td", { class: "rating" }, ratingText(e), " ", provisionalMark(e)),
        el("td", { text: num(e.games) })))))), provisionalNote(r.ratings) || "");
  } catch (e) {
    if (!left(hash)) body.replaceChildren(el("p", { class: "error", role: "alert", text: errorText(e) }));
  }
}

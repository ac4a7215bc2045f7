// The start page: play the computer or a friend, watch, load a position,
// the list of games.

import { el, options } from "./dom.js";
import { api, errorText, tokenKey } from "./api.js";
import { t, num, date } from "./i18n.js";
import { opponents, listName, resultText, openingName } from "./words.js";
import { recognise } from "./formats.js";
import { wthorCard } from "./wthor.js";

export async function startPage(app) {
  document.title = t("app.name");
  const err = el("div", { class: "error" });
  const go = async (req, seatColor) => {
    err.textContent = "";
    try {
      const g = await api("POST", "/api/games", req);
      if (seatColor) localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: seatColor, token: g.tokens[seatColor], invite: g.invite_url }));
      // A game with an open seat: the page's address is the invitation
      // link (its secret is after the #, never sent to the server).
      location.href = g.invite_url || "/game/" + g.id;
    } catch (e) { err.textContent = errorText(e); }
  };
  const colour = el("select", { id: "colour" }, options([["black", t("start.blackFirst")], ["white", t("color.white")]], "black"));
  const opp = el("select", { id: "opponent" }, options(opponents(), "engine:level=4"));
  // A clock a move, or a clock for the whole game (each side's), with or
  // without an increment after each move (a Fischer clock: "game:5m+3s"
  // is 5 minutes and 3 seconds more after each move).
  const withInc = (min, s) => ["game:" + min + "m+" + s + "s", t("start.perGameInc", { n: num(min), inc: num(s) })];
  // A casual game has no clock by default; the course's 60 s a move is
  // one choice among the others. A person's clock starts when the board
  // is on their screen (the server waits for the page).
  const clocks = () => options([["0", t("start.noClock")], ["60s", t("start.perMove", { n: num(60) })], ["20s", t("start.perMove", { n: num(20) })],
    ["game:1m", t("start.perGame", { n: num(1) })], ["game:5m", t("start.perGame", { n: num(5) })], ["game:15m", t("start.perGame", { n: num(15) })],
    withInc(1, 1), withInc(3, 2), withInc(5, 3)], "0");
  const time = el("select", { id: "time" }, clocks()), friendTime = el("select", { id: "friend-time" }, clocks());
  // Where the game starts: the usual start, or after an opening the
  // server picks (an XOT line, random moves).
  const startFrom = (id) => el("select", { id }, options([["", t("start.usual")], ["xot", t("start.xot")], ["random", t("start.random")]], ""));
  const from = startFrom("start-from"), watchFrom = startFrom("watch-from"), friendFrom = startFrom("friend-from");
  const opening = (sel) => (sel.value ? { opening: sel.value } : {});
  const clock = (v) => {
    if (!v.startsWith("game:")) return { time: v };
    const [game, inc] = v.slice(5).split("+");
    return inc ? { time: "0", game_time: game, increment: inc } : { time: "0", game_time: game };
  };
  const vsComputer = el("div", { class: "card" },
    el("h2", { text: t("start.vsComputer") }),
    el("label", { for: "colour", text: t("start.colour") }), colour,
    el("label", { for: "opponent", text: t("start.opponent") }), opp,
    el("label", { for: "time", text: t("start.clock") }), time,
    el("label", { for: "start-from", text: t("start.from") }), from,
    el("div", { class: "row" }, el("button", { class: "primary", id: "play", on: { click: () => {
      const me = colour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human" }, [other]: { kind: "builtin", spec: opp.value }, ...clock(time.value), ...opening(from) }, me);
    } } }, t("start.play"))));
  const friendColour = el("select", { id: "friend-colour" }, options([["black", t("color.black")], ["white", t("color.white")]], "black"));
  // An analysis game: the server helps both people (analysis, book
  // moves) while it goes on; without it, neither until it is over.
  const friendAnalysis = el("input", { type: "checkbox", id: "friend-analysis" });
  const vsHuman = el("div", { class: "card" },
    el("h2", { text: t("start.vsFriend") }),
    el("p", { class: "small", text: t("start.friendNote") }),
    el("label", { for: "friend-colour", text: t("start.colour") }), friendColour,
    el("label", { for: "friend-time", text: t("start.clock") }), friendTime,
    el("label", { for: "friend-from", text: t("start.from") }), friendFrom,
    el("label", { class: "toggle", for: "friend-analysis" }, friendAnalysis, t("start.analysisGame")),
    el("div", { class: "row" }, el("button", { class: "primary", id: "create-friend", on: { click: () => {
      const me = friendColour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human" }, [other]: { kind: "open" }, ...clock(friendTime.value), ...opening(friendFrom), ...(friendAnalysis.checked ? { analysis: true } : {}) }, me);
    } } }, t("start.create"))));
  const wb = el("select", { id: "watch-black" }, options(opponents(), "engine:level=8")), ww = el("select", { id: "watch-white" }, options(opponents(), "mcts:time=1s"));
  const watch = el("div", { class: "card" },
    el("h2", { text: t("start.watch") }),
    el("label", { for: "watch-black", text: t("color.black") }), wb, el("label", { for: "watch-white", text: t("color.white") }), ww,
    el("label", { for: "watch-from", text: t("start.from") }), watchFrom,
    el("div", { class: "row" }, el("button", { class: "primary", on: { click: () => go({ black: { kind: "builtin", spec: wb.value }, white: { kind: "builtin", spec: ww.value }, time: "20s", ...opening(watchFrom) }) } }, t("start.watchButton"))));
  const list = el("tbody");
  const games = el("div", { class: "card", id: "games" }, el("h2", { text: t("start.games") }),
    el("div", { class: "table-scroll" }, el("table", { class: "games" }, el("thead", {}, el("tr", {}, el("th", { text: t("color.black") }), el("th", { text: t("color.white") }), el("th", { text: t("start.moves") }), el("th", { class: "opening", text: t("start.opening") }), el("th", { text: t("start.state") }), el("th", { text: t("start.updated") }))), list)));
  const text = el("textarea", { id: "load", "aria-label": t("start.loadLabel"), placeholder: t("start.loadPlaceholder") });
  const analyse = el("div", { class: "card", id: "analyse" },
    el("h2", { text: t("start.analyse") }),
    text,
    el("div", { class: "row" },
      el("button", { on: { click: () => location.href = "/#edit=" + encodeURIComponent(text.value.trim()) } }, t("start.edit")),
      el("button", { id: "review-record", on: { click: () => { if (text.value.trim()) location.href = "/#review=" + encodeURIComponent(text.value.trim()); } } }, t("start.review")),
      el("button", { on: { click: async () => {
        go({ black: { kind: "human" }, white: { kind: "builtin", spec: "engine:level=8" }, ...recognise(text.value), time: "0" }, "black");
      } } }, t("start.playOn"))));
  app.replaceChildren(el("h1", { text: t("start.title") }), el("div", { class: "cards" }, vsComputer, vsHuman, watch, analyse, wthorCard(text)), err, el("div", { class: "gap" }), games);
  try {
    const { games: gs } = await api("GET", "/api/games?limit=30");
    for (const g of gs) {
      const state = g.status === "finished" && g.result ? resultText(g.result) : t("list.live");
      list.append(el("tr", {}, el("td", {}, el("a", { href: "/game/" + g.id, text: listName(g, "black") })), el("td", { text: listName(g, "white") }), el("td", { text: num(g.moves) }), el("td", { class: "opening" }, ...(g.opening ? openingName(g.opening, g.opening_name) : [])), el("td", { class: "state", text: state }), el("td", { class: "small", text: g.updated ? date(g.updated) : "" })));
    }
    if (!gs.length) list.append(el("tr", {}, el("td", { colspan: 6, class: "small", text: t("start.noGames") })));
  } catch (e) { list.append(el("tr", {}, el("td", { colspan: 6, text: errorText(e) }))); }
}

// The start page: play the computer or a friend, watch, load a position,
// the list of games.

import { el, options } from "./dom.js";
import { api, tokenKey } from "./api.js";
import { OPPONENTS, displayName, resultText } from "./words.js";

export async function startPage(app) {
  document.title = "reversi";
  const err = el("div", { class: "error" });
  const go = async (req, seatColor) => {
    err.textContent = "";
    try {
      const g = await api("POST", "/api/games", req);
      if (seatColor) localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: seatColor, token: g.tokens[seatColor], invite: g.invite_url }));
      // A game with an open seat: the page's address is the invitation
      // link (its secret is after the #, never sent to the server).
      location.href = g.invite_url || "/game/" + g.id;
    } catch (e) { err.textContent = e.message; }
  };
  const colour = el("select", { id: "colour" }, options([["black", "Black (you move first)"], ["white", "White"]], "black"));
  const opp = el("select", { id: "opponent" }, options(OPPONENTS, "engine:level=3"));
  const time = el("select", { id: "time" }, options([["60s", "60 s a move"], ["20s", "20 s a move"], ["0", "No clock"]], "60s"));
  const vsComputer = el("div", { class: "card" },
    el("h2", { text: "Play the computer" }),
    el("label", { for: "colour", text: "Your colour" }), colour,
    el("label", { for: "opponent", text: "Opponent" }), opp,
    el("label", { for: "time", text: "Clock" }), time,
    el("div", { class: "row" }, el("button", { class: "primary", id: "play", on: { click: () => {
      const me = colour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human", name: "Player" }, [other]: { kind: "builtin", spec: opp.value }, time: time.value }, me);
    } } }, "Play")));
  const friendColour = el("select", { id: "friend-colour" }, options([["black", "Black"], ["white", "White"]], "black"));
  const vsHuman = el("div", { class: "card" },
    el("h2", { text: "Play a friend" }),
    el("p", { class: "small", text: "Create the game, then send its link: the first to open it takes the other seat." }),
    el("label", { for: "friend-colour", text: "Your colour" }), friendColour,
    el("div", { class: "row" }, el("button", { class: "primary", on: { click: () => {
      const me = friendColour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human", name: "host" }, [other]: { kind: "open" } }, me);
    } } }, "Create")));
  const wb = el("select", { id: "watch-black" }, options(OPPONENTS, "engine:level=5")), ww = el("select", { id: "watch-white" }, options(OPPONENTS, "mcts:time=1s"));
  const watch = el("div", { class: "card" },
    el("h2", { text: "Watch the computer" }),
    el("label", { for: "watch-black", text: "Black" }), wb, el("label", { for: "watch-white", text: "White" }), ww,
    el("div", { class: "row" }, el("button", { class: "primary", on: { click: () => go({ black: { kind: "builtin", spec: wb.value }, white: { kind: "builtin", spec: ww.value }, time: "20s" }) } }, "Watch")));
  const list = el("tbody");
  const games = el("div", { class: "card", id: "games" }, el("h2", { text: "Live and recent games" }),
    el("table", { class: "games" }, el("thead", {}, el("tr", {}, el("th", { text: "Black" }), el("th", { text: "White" }), el("th", { text: "Moves" }), el("th", { text: "State" }))), list));
  const text = el("textarea", { id: "load", "aria-label": "a transcript, a board or a GGF game", placeholder: "f5d6c3d3c4,  a board: 64 squares (X O -) and the side to move,  or a game in GGF: (;GM[Othello]...;)" });
  const analyse = el("div", { class: "card", id: "analyse" },
    el("h2", { text: "Analyse or set up a position" }),
    text,
    el("div", { class: "row" },
      el("button", { on: { click: () => location.href = "/#edit=" + encodeURIComponent(text.value.trim()) } }, "Edit and analyse"),
      el("button", { on: { click: async () => {
        const v = text.value.trim(), isBoard = /^[XO\-.*]{64}\s+[XO]$/i.test(v), isGGF = v.startsWith("(;");
        go({ black: { kind: "human", name: "Player" }, white: { kind: "builtin", spec: "engine:level=5" }, ...(isGGF ? { ggf: v } : isBoard ? { board: v } : { transcript: v }), time: "0" }, "black");
      } } }, "Play on from it as Black")));
  app.replaceChildren(el("h1", { text: "Othello, as strong as it gets" }), el("div", { class: "cards" }, vsComputer, vsHuman, watch, analyse), err, el("div", { style: "height:1rem" }), games);
  try {
    const { games: gs } = await api("GET", "/api/games?limit=30");
    for (const g of gs) {
      const state = g.status === "finished" && g.result ? resultText(g.result) : "live";
      list.append(el("tr", {}, el("td", {}, el("a", { href: "/game/" + g.id, text: displayName(g.black) })), el("td", { text: displayName(g.white) }), el("td", { text: g.moves }), el("td", { class: "state", text: state })));
    }
    if (!gs.length) list.append(el("tr", {}, el("td", { colspan: 4, class: "small", text: "No games yet." })));
  } catch (e) { list.append(el("tr", {}, el("td", { colspan: 4, text: e.message }))); }
}

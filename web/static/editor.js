// The board editor: set up a position (or load a transcript, a board or
// a GGF game), analyse it, play on from it.

import { el, options } from "./dom.js";
import { api, analyse, tokenKey } from "./api.js";
import { makeBoard } from "./board.js";

export function editorPage(app, initial) {
  let cells = Array(64).fill("-"), turn = "X", tool = "X";
  const start = "---------------------------OX------XO---------------------------";
  const setFrom = (text) => {
    const m = /^([XO\-.*]{64})\s+([XO])$/i.exec(text || "");
    if (m) { cells = m[1].toUpperCase().replace(/[.*]/g, (c) => c === "*" ? "X" : "-").split(""); turn = m[2].toUpperCase(); return; }
    cells = start.split("");
  };
  // A transcript or a GGF game: the server reads it (the page keeps no
  // rules of its own) and the editor shows where it stands.
  async function load(text) {
    text = (text || "").trim();
    if (!text || /^([XO\-.*]{64})\s+([XO])$/i.test(text)) { setFrom(text); draw(); return; }
    try {
      const p = await api("POST", "/api/position", text.startsWith("(;") ? { ggf: text } : { transcript: text });
      cells = p.board.split(""); turn = p.turn === "white" ? "O" : "X";
      out.textContent = "";
      draw();
    } catch (e) { err.textContent = e.message; }
  }
  setFrom("");
  const board = makeBoard((i) => { cells[i] = tool; draw(); });
  const out = el("div", { class: "pv" }), err = el("div", { class: "error" });
  const toolButtons = ["X", "O", "-"].map((t) => el("button", { "data-tool": t, on: { click: () => { tool = t; draw(); } } }, t === "X" ? "Black disc" : t === "O" ? "White disc" : "Empty"));
  const turnSel = el("select", { "aria-label": "side to move", on: { change: (e) => { turn = e.target.value; draw(); } } }, options([["X", "Black to move"], ["O", "White to move"]], turn));
  function draw() {
    board.update(cells.join(""), [], null, false);
    toolButtons.forEach((b) => b.classList.toggle("on", b.dataset.tool === tool));
    out.textContent = cells.join("") + " " + turn;
  }
  app.replaceChildren(el("h1", { text: "Set up a position" }), el("div", { class: "layout" },
    el("div", {}, board.el),
    el("div", {}, el("div", { class: "panel" }, el("div", { class: "editor-tools" }, toolButtons), turnSel,
      el("div", { class: "row" },
        el("button", { on: { click: () => { cells = Array(64).fill("-"); draw(); } } }, "Clear"),
        el("button", { on: { click: () => { setFrom(); draw(); } } }, "Start position"),
        el("button", { class: "primary", on: { click: async () => {
          err.textContent = "";
          try {
            const a = await analyse({ board: cells.join("") + " " + turn }, "engine:level=6");
            if (a.over) { out.textContent = `The game is over: ${a.score > 0 ? "+" : ""}${a.score} for the side to move.`; return; }
            board.showValues(a.thinking?.moves, a.thinking?.unit);
            out.textContent = `${a.turn} to move: best ${a.best}, line ${a.thinking?.pv?.join(" ") || ""}`;
          } catch (e) { err.textContent = e.message; }
        } } }, "Analyse"),
        el("button", { on: { click: async () => {
          try {
            const g = await api("POST", "/api/games", { black: { kind: "human", name: "Player" }, white: { kind: "builtin", spec: "engine:level=5" }, board: cells.join("") + " " + turn, time: "0" });
            localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: "black", token: g.tokens.black }));
            location.href = "/game/" + g.id;
          } catch (e) { err.textContent = e.message; }
        } } }, "Play from here as Black")),
      out, err))));
  draw();
  load(initial);
}

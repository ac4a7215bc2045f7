// The board editor: set up a position (or load a transcript, a board or
// a GGF game), analyse it, play on from it.

import { el, options } from "./dom.js";
import { api, analyse, errorText, tokenKey } from "./api.js";
import { makeBoard } from "./board.js";
import { t, signed } from "./i18n.js";
import { Side } from "./words.js";

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
    } catch (e) { err.textContent = errorText(e); }
  }
  setFrom("");
  const board = makeBoard((i) => { cells[i] = tool; draw(); });
  // The board string is data, the same in every language.
  const code = el("div", { class: "pv", id: "board-string", translate: "no" });
  const out = el("div", { class: "pv", id: "editor-out" }), err = el("div", { class: "error" });
  const toolButtons = ["X", "O", "-"].map((k) => el("button", { "data-tool": k, on: { click: () => { tool = k; draw(); } } }, t(k === "X" ? "editor.black" : k === "O" ? "editor.white" : "editor.empty")));
  const turnSel = el("select", { "aria-label": t("editor.turnLabel"), on: { change: (e) => { turn = e.target.value; draw(); } } }, options([["X", t("editor.blackToMove")], ["O", t("editor.whiteToMove")]], turn));
  // draw shows the position; the values of another one go with it.
  function draw() {
    board.update(cells.join(""), [], null, false);
    board.showValues(null);
    toolButtons.forEach((b) => b.classList.toggle("on", b.dataset.tool === tool));
    code.textContent = cells.join("") + " " + turn;
    out.textContent = "";
  }
  app.replaceChildren(el("h1", { text: t("editor.title") }), el("div", { class: "layout" },
    el("div", {}, board.el),
    el("div", {}, el("div", { class: "panel" }, el("div", { class: "editor-tools" }, toolButtons), turnSel,
      el("div", { class: "row" },
        el("button", { on: { click: () => { cells = Array(64).fill("-"); draw(); } } }, t("editor.clear")),
        el("button", { on: { click: () => { setFrom(); draw(); } } }, t("editor.start")),
        el("button", { class: "primary", id: "analyse-position", on: { click: async () => {
          err.textContent = "";
          try {
            const a = await analyse({ board: cells.join("") + " " + turn }, "engine:level=6");
            if (a.over) { out.textContent = t("editor.over", { score: signed(a.score, 0) }); return; }
            board.showValues(a.thinking?.moves, a.thinking?.unit);
            out.textContent = t("editor.best", { side: Side(a.turn), best: a.best, pv: a.thinking?.pv?.join(" ") || "" });
          } catch (e) { err.textContent = errorText(e); }
        } } }, t("editor.analyse")),
        el("button", { on: { click: async () => {
          try {
            const g = await api("POST", "/api/games", { black: { kind: "human", name: t("name.player") }, white: { kind: "builtin", spec: "engine:level=5" }, board: cells.join("") + " " + turn, time: "0" });
            localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: "black", token: g.tokens.black }));
            location.href = "/game/" + g.id;
          } catch (e) { err.textContent = errorText(e); }
        } } }, t("editor.play"))),
      code, out, err))));
  draw();
  load(initial);
}

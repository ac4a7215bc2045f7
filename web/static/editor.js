// The board editor: set up a position (or load a transcript, a board or
// a GGF game), analyse it, play on from it, share it (its board string,
// its address: #/position/<64 squares><side>), start a study from it.

import { el, options, copyButton } from "./dom.js";
import { api, analyse, errorText, tokenKey } from "./api.js";
import { makeBoard } from "./board.js";
import { t, signed } from "./i18n.js";
import { Side } from "./words.js";
import { withBook, loadPrefs } from "./hints.js";
import { recognise, positionHash, positionURL, download } from "./formats.js";
import { boardSVG, boardPNG } from "./picture.js";
import { exploreHash } from "./explorer.js";
import { loadOverlays, overlaySettings } from "./overlays.js";
import { startStudy } from "./study.js";

// editorPage shows the editor on initial (anything recognise reads; empty:
// the start position); analyseNow analyses it at once (a shared link).
export function editorPage(app, initial, analyseNow = false) {
  let cells = Array(64).fill("-"), turn = "X", tool = "X";
  const start = "---------------------------OX------XO---------------------------";
  const setFrom = (board) => {
    if (board) { cells = board.slice(0, 64).split(""); turn = board.slice(-1); return; }
    cells = start.split("");
    turn = "X";
  };
  // A board is read here; a transcript or a GGF game by the server (the
  // page keeps no rules of its own), and the editor shows where it
  // stands.
  async function load(text) {
    err.textContent = "";
    const what = recognise(text);
    if (!what || what.board) { setFrom(what?.board); draw(); return true; }
    try {
      const p = await api("POST", "/api/position", what);
      cells = p.board.split(""); turn = p.turn === "white" ? "O" : "X";
      draw();
      return true;
    } catch (e) { err.textContent = errorText(e); return false; }
  }
  setFrom("");
  const board = makeBoard((i) => { cells[i] = tool; draw(); });
  // The board string is data, the same in every language.
  const code = el("div", { class: "pv", id: "board-string", translate: "no" });
  const out = el("div", { class: "pv", id: "editor-out" }), err = el("div", { class: "error" });
  const toolButtons = ["X", "O", "-"].map((k) => el("button", { "data-tool": k, on: { click: () => { tool = k; draw(); } } }, t(k === "X" ? "editor.black" : k === "O" ? "editor.white" : "editor.empty")));
  const turnSel = el("select", { id: "editor-turn", "aria-label": t("editor.turnLabel"), on: { change: (e) => { turn = e.target.value; draw(); } } }, options([["X", t("editor.blackToMove")], ["O", t("editor.whiteToMove")]], turn));
  // The overlays of the editor's position (its stable discs, what each
  // legal move of the side to move would flip), as the server reads it;
  // a position it cannot read has none.
  const overlays = loadOverlays();
  let overlaySeq = 0;
  async function drawOverlays() {
    const mine = ++overlaySeq;
    board.overlays({});
    if (!overlays.stable && !overlays.flips) return;
    let p = null;
    try { p = await api("POST", "/api/position", { board: cells.join("") + " " + turn }); } catch (_) { return; }
    if (mine === overlaySeq) board.overlays({ stable: overlays.stable ? p.stable : null, flips: overlays.flips ? p.flips : null });
  }
  const overlayBox = overlaySettings(overlays, () => drawOverlays(), ["stable", "flips"]);
  // draw shows the position; the values of another one go with it.
  function draw() {
    board.update(cells.join(""), [], null, false);
    board.showValues(null);
    drawOverlays();
    toolButtons.forEach((b) => b.classList.toggle("on", b.dataset.tool === tool));
    turnSel.value = turn;
    code.textContent = cells.join("") + " " + turn;
    out.textContent = "";
    // The address is the position's, to share (no new page, no history).
    history.replaceState(null, "", positionHash(cells.join("") + " " + turn));
  }
  const paste = el("textarea", { id: "editor-load", rows: 2, "aria-label": t("start.loadLabel"), placeholder: t("start.loadPlaceholder") });
  const loadButton = el("button", { id: "editor-load-button", on: { click: () => load(paste.value) } }, t("editor.load"));
  const copyBoard = copyButton(t("editor.copyBoard"), () => cells.join("") + " " + turn, { id: "copy-board" });
  const copyLink = copyButton(t("editor.copyLink"), () => positionURL(cells.join("") + " " + turn), { id: "copy-link" });
  async function analyseShown() {
    err.textContent = "";
    try {
      const a = await analyse({ board: cells.join("") + " " + turn }, loadPrefs().search); // the hints' search
      if (a.over) { out.textContent = t("editor.over", { score: signed(a.score, 0) }); return; }
      board.showValues(withBook(a.thinking?.moves, a.book), a.thinking?.unit); // the book's moves marked as such
      out.textContent = t("editor.best", { side: Side(a.turn), best: a.best, pv: a.thinking?.pv?.join(" ") || "" });
    } catch (e) { err.textContent = errorText(e); }
  }
  app.replaceChildren(el("h1", { text: t("editor.title") }), el("div", { class: "layout" },
    el("div", {}, board.el),
    el("div", {}, el("div", { class: "panel" }, el("div", { class: "editor-tools" }, toolButtons), turnSel,
      el("div", { class: "row" },
        el("button", { on: { click: () => { cells = Array(64).fill("-"); draw(); } } }, t("editor.clear")),
        el("button", { on: { click: () => { setFrom(); draw(); } } }, t("editor.start")),
        el("button", { class: "primary", id: "analyse-position", on: { click: analyseShown } }, t("editor.analyse")),
        el("button", { on: { click: async () => {
          try {
            const g = await api("POST", "/api/games", { black: { kind: "human" }, white: { kind: "builtin", spec: "engine:level=8" }, board: cells.join("") + " " + turn, time: "0" });
            localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: "black", token: g.tokens.black }));
            location.href = "/game/" + g.id;
          } catch (e) { err.textContent = errorText(e); }
        } } }, t("editor.play"))),
      code, el("div", { class: "row" }, copyBoard, copyLink,
        el("button", { id: "export-png", on: { click: async () => { try { download("reversi-position.png", await boardPNG(board.el)); } catch (e) { err.textContent = errorText(e); } } } }, t("board.png")),
        el("a", { class: "button", id: "to-explorer", href: "#", on: { click: (e) => { e.preventDefault(); location.hash = exploreHash(cells.join("") + " " + turn, []); } } }, t("explorer.open")),
        el("button", { id: "editor-study", on: { click: async () => { err.textContent = ""; try { await startStudy({ board: cells.join("") + " " + turn }); } catch (e) { err.textContent = errorText(e); } } } }, t("study.start")),
        el("a", { class: "button", id: "to-lab", href: "#", on: { click: (e) => { e.preventDefault(); location.href = "/#lab=" + encodeURIComponent(cells.join("") + " " + turn); } } }, t("lab.compare")),
        el("button", { id: "export-svg", on: { click: async () => download("reversi-position.svg", await boardSVG(board.el), "image/svg+xml") } }, t("board.svg"))), overlayBox, out, err),
      el("div", { class: "panel" }, paste, el("div", { class: "row" }, loadButton)))));
  draw();
  load(initial).then((ok) => { if (ok && analyseNow) analyseShown(); });
}

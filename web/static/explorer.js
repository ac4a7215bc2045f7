// The opening explorer (#explore=...): the moves played from a position
// in the WTHOR tournament games (GET /api/explorer), with how the games
// went, filtered by years and by player, the book's values on the board,
// the most recent games to review; a move played (on the board or in the
// table) goes on from there; a study starts from the position. The page keeps no rules: every position is
// the server's answer.

import { el } from "./dom.js";
import { api, errorText } from "./api.js";
import { makeBoard, squareName } from "./board.js";
import { t, num, percent } from "./i18n.js";
import { Side, openingName } from "./words.js";
import { withBook } from "./hints.js";
import { startStudy } from "./study.js";

const START = "---------------------------OX------XO--------------------------- X";

// parseExplore reads the explorer's address: a transcript from the start
// ("f5d6"), or a board ("<64 squares>X" or "... X") and, after a comma,
// the moves played from it.
export function parseExplore(spec) {
  spec = (spec || "").trim();
  const b = /^([XO-]{64})\s?([XO])/.exec(spec);
  if (b) {
    const moves = spec.includes(",") ? spec.slice(spec.indexOf(",") + 1) : "";
    return { board: b[1] + " " + b[2], moves: splitMoves(moves) };
  }
  return { board: "", moves: splitMoves(spec) };
}

// splitMoves reads the moves of a transcript (squares and passes; what
// is between them is left out).
const splitMoves = (s) => (s.match(/[a-h][1-8]|pa/gi) || []).map((m) => m.toLowerCase());

// exploreHash is the explorer's address of a position: the moves from the
// start if it is the standard one, else the board and the moves from it.
export function exploreHash(board, moves) {
  const ms = moves.join("");
  if (!board || board === START) return "#explore=" + ms;
  return "#explore=" + board.replace(" ", "") + (ms ? "," + ms : "");
}

// exploreLink is the explorer's address of a game's position: its start
// ("<64 squares> X") and the transcript of the moves played from it.
export const exploreLink = (start, transcript) => exploreHash(start, splitMoves(transcript || ""));

// bar is a share's part of a bar, as wide as the share (set through the
// style object: the page's policy allows no style attribute).
function bar(cls, share) {
  const e = el("span", { class: cls });
  e.style.width = (100 * share).toFixed(1) + "%";
  return e;
}

// years writes a year range ("1990–2013", or one year).
const years = (a, b) => (a === b ? String(a) : `${a}–${b}`);

// explorerPage shows the explorer at spec (parseExplore's).
export function explorerPage(app, spec) {
  let { board: start, moves } = parseExplore(spec);
  let seq = 0, answer = null;
  const board = makeBoard((i) => { if (answer?.legal?.includes(squareName(i))) play(squareName(i)); });
  const from = el("input", { id: "explorer-from", type: "number", min: 1977, max: 2015, inputmode: "numeric" });
  const to = el("input", { id: "explorer-to", type: "number", min: 1977, max: 2015, inputmode: "numeric" });
  const player = el("input", { id: "explorer-player", type: "search", maxlength: 40, autocomplete: "off" });
  const status = el("p", { id: "explorer-status", role: "status" });
  const line = el("p", { class: "pv", id: "explorer-line", translate: "no" });
  const table = el("tbody", { id: "explorer-moves" });
  const recent = el("ul", { class: "wthor-results", id: "explorer-games" });
  const err = el("div", { class: "error", id: "explorer-error" });
  const back = el("button", { id: "explorer-back", on: { click: () => { if (moves.length) { moves = moves.slice(0, -1); go(); } } } }, t("explorer.back"));
  const toStart = el("button", { id: "explorer-start", on: { click: () => { moves = []; go(); } } }, t("explorer.start"));
  const toEditor = el("a", { class: "button", id: "explorer-edit", href: "#" }, t("explorer.edit"));
  // A study of the position: the moves that led there its main line.
  const toStudy = el("button", { id: "explorer-study", on: { click: async () => {
    err.textContent = "";
    try { await startStudy({ ...(start ? { board: start } : {}), ...(moves.length ? { transcript: moves.join("") } : {}) }); } catch (e) { err.textContent = errorText(e); }
  } } }, t("study.start"));

  function play(move) {
    moves = moves.concat(move.toLowerCase());
    go();
  }
  // go shows the position of start and moves: the address first (the
  // browser's back button goes back a move), then the server's answer.
  function go() {
    history.replaceState(null, "", exploreHash(start, moves));
    return load();
  }
  async function load() {
    const mine = ++seq;
    const q = new URLSearchParams();
    if (start) q.set("board", start);
    if (moves.length) q.set("transcript", moves.join(""));
    for (const [k, e] of [["from", from], ["to", to], ["player", player]]) if (e.value.trim()) q.set(k, e.value.trim());
    q.set("games", "8");
    status.textContent = t("explorer.looking");
    err.textContent = "";
    try {
      const a = await api("GET", "/api/explorer?" + q);
      if (mine !== seq) return;
      answer = a;
      draw(a);
    } catch (e) { if (mine === seq) { status.textContent = ""; err.textContent = errorText(e); } }
  }
  function draw(a) {
    const key = a.board + " " + (a.turn === "white" ? "O" : "X");
    board.update(a.board, a.legal, null, false);
    board.showValues(a.book?.length ? withBook([], a.book) : null);
    back.disabled = moves.length === 0;
    toStart.disabled = moves.length === 0;
    toEditor.setAttribute("href", "#edit=" + encodeURIComponent(key));
    line.textContent = moves.length ? moves.join(" ") : t("explorer.startPosition");
    const who = a.over ? t("explorer.over") : t("explorer.toMove", { side: Side(a.turn) });
    const found = a.total ? t("explorer.total", { n: num(a.total) }) : start && start !== START ? t("explorer.noneBoard") : t("explorer.none");
    status.replaceChildren(who + " " + found, ...(a.players?.length ? [" ", el("span", { class: "small", translate: "no", text: a.players.join(", ") })] : []));
    table.replaceChildren(...a.moves.map((m) => {
      const bw = m.black_wins / m.games, d = m.draws / m.games;
      return el("tr", { "data-move": m.move },
        el("th", { scope: "row" }, el("button", { type: "button", class: "explorer-move", "data-move": m.move, "aria-label": t("explorer.playMove", { move: m.move }), on: { click: () => play(m.move) } }, m.move)),
        el("td", { class: "num", text: num(m.games) }),
        el("td", {}, el("span", { class: "wdl", title: t("explorer.wdl", { b: percent(bw), d: percent(d), w: percent(1 - bw - d) }) },
          bar("wdl-b", bw), bar("wdl-d", d), el("span", { class: "wdl-w" })),
        el("span", { class: "small", text: " " + percent(m.black_score) })),
        el("td", { class: "num", text: num(m.black_discs, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) }),
        el("td", { class: "num", text: years(m.first_year, m.last_year) }),
        el("td", { class: "players", translate: "no", text: (m.players || []).join(", ") }));
    }));
    recent.replaceChildren(...a.games.map((g) => el("li", {},
      el("a", { class: "explorer-game", href: "#review=" + encodeURIComponent(g.ggf), "data-id": g.id },
        el("span", { translate: "no", text: `${g.black} – ${g.white}` }), " ",
        el("span", { class: "small", text: t("wthor.game", { score: `${num(g.black_discs)}–${num(64 - g.black_discs)}`, year: g.year }) }), " ",
        el("span", { class: "small wthor-tournament", translate: "no", text: g.tournament }),
        ...(g.opening ? [" ", el("span", { class: "small wthor-opening" }, t("game.opening") + " ", ...openingName(g.opening, g.opening_name))] : [])))));
  }
  const filters = el("form", { class: "explorer-filters", on: { submit: (e) => { e.preventDefault(); load(); } } },
    el("label", { for: "explorer-from", text: t("explorer.from") }), from,
    el("label", { for: "explorer-to", text: t("explorer.to") }), to,
    el("label", { for: "explorer-player", text: t("explorer.player") }), player,
    el("div", { class: "row" }, el("button", { type: "submit", id: "explorer-filter" }, t("explorer.filter"))));
  app.replaceChildren(el("h1", { text: t("explorer.title") }), el("div", { class: "layout" },
    el("div", {}, board.el, el("div", { class: "row" }, toStart, back, toEditor, toStudy), line),
    el("div", {},
      el("div", { class: "panel" }, el("p", { class: "small", text: t("explorer.note") }), status, err,
        el("div", { class: "table-scroll" }, el("table", { class: "explorer", id: "explorer-table" },
          el("thead", {}, el("tr", {}, ...["explorer.move", "explorer.games", "explorer.score", "explorer.discs", "explorer.years", "explorer.players"].map((k) => el("th", { scope: "col", text: t(k) })))),
          table))),
      el("div", { class: "panel" }, filters),
      el("div", { class: "panel" }, el("h2", { text: t("explorer.recent") }), recent))));
  go();
}

// The game page: a game as its players and spectators see it, live, and
// its review: any position of it (arrow keys, the move list, the graph),
// with its analysis, and variations tried from it. This module puts the
// page's parts together, each a module of its own: live.js (the game
// followed), seats.js (the players, clocks and status), toolbar.js (the
// controls), analysis.js (the position shown analysed), moves.js (the
// moves and the review's navigation), gamegraphs.js (the graphs and the
// whole game's analysis).

import { el } from "./dom.js";
import { errorText, tokenKey } from "./api.js";
import { makeBoard, squareName } from "./board.js";
import { t } from "./i18n.js";
import { makeReview } from "./review.js";
import { follow, moved } from "./live.js";
import { seatName } from "./words.js";
import { moveSound } from "./sound.js";
import { loadPrefs } from "./hints.js";
import { seatsPanel } from "./seats.js";
import { toolbar } from "./toolbar.js";
import { analysisPanel } from "./analysis.js";
import { movesPanel, plyShown } from "./moves.js";
import { gameGraphs } from "./gamegraphs.js";
import { loadOverlays, overlaySettings, placedAt } from "./overlays.js";
import { accountNow, currentAccount } from "./session.js";

// gamePage shows game id in app, or a record (a GGF game or a transcript,
// e.g. one of the WTHOR database's, not stored: to review and analyse);
// it returns the function that stops it (its WebSocket, its clock and its
// keys).

export function gamePage(app, id, record = null) {
  let state = null, seat = null;
  const prefs = loadPrefs();
  const review = makeReview(() => render());
  // reviewing runs a step of the review, saying why if it fails.
  const reviewing = (p) => p?.catch((e) => { err.textContent = errorText(e); });
  try { seat = id ? JSON.parse(localStorage.getItem(tokenKey(id)) || "null") : null; } catch (_) {}
  const err = el("div", { class: "error", id: "error" });
  // A click on a square that is not a legal move does nothing: only legal
  // moves are sent (three illegal moves lose a game). In review, a legal
  // move tries a variation: the game is not touched.
  const board = makeBoard((i) => {
    const sq = squareName(i);
    if (review.active()) reviewing(review.play(sq));
    else if (state?.legal?.includes(sq)) tools.play(sq);
  });
  // The analysis of the position shown, its values on the board.
  const analysis = analysisPanel({ board, game: () => state, view: () => review.view(), seat: () => seat, prefs, book: () => tools.book(),
    first: () => graphs.giveWay(), render: () => render() });
  // The players, their clocks, the status (an invitation in the address
  // says so while the game waits).
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite") || "";
  const seats = seatsPanel({ game: () => state, seat: () => seat, invite });
  // The evaluation graph and the whole game's analysis.
  const graphs = gameGraphs({ game: () => state, pick: (k) => reviewing(review.go(k)), analysisOn: () => analysis.on(), busy: () => analysis.busy(),
    stopped: () => stopped, render: () => render() });
  // The controls.
  const tools = toolbar({ id, record, game: () => state, setGame: (g) => { state = g; }, seat: () => seat, setSeat: (s) => { seat = s; },
    invite, board, review, prefs, analysis, hello: () => live.hello(), error: (text) => { err.textContent = text; }, render: () => render() });
  // The moves and the review's navigation. A move chosen in the list is
  // shown on the board, which must then be on the screen: on a narrow
  // screen the list is far below it.
  const reveal = () => {
    const r = board.el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) board.el.scrollIntoView({ block: "nearest" });
  };
  const moves = movesPanel({ review, reviewing, ready: () => !!state, losses: () => graphs.losses(), reveal });
  // The page's heading, for screen readers: the seats say it to the eye.
  // The board's overlays (stable discs, a move's flips, move numbers).
  const overlays = loadOverlays();
  const overlayBox = overlaySettings(overlays, () => render());
  const heading = el("h1", { class: "sr-only", id: "game-heading" });
  app.replaceChildren(heading, el("div", { class: "layout" },
    el("div", {}, seats.players, el("div", { class: "boardwrap" }, board.el), seats.status, tools.rematchNote, seats.timeWarn, tools.helpNote, err),
    el("div", {},
      el("div", { class: "panel" }, tools.switches, tools.settings, overlayBox, analysis.legend, analysis.valuesFor, tools.buttons),
      moves.el,
      el("div", { class: "panel" }, el("h2", { text: t("game.analysis") }), analysis.pv, graphs.evals, analysis.source, graphs.row, graphs.out))));

  function render() {
    if (!state) return;
    const s = state, mine = seat && s.status === "playing" && s.turn === seat.color;
    document.title = t("game.title", { black: seatName(s, "black"), white: seatName(s, "white") });
    heading.textContent = t("game.heading", { black: seatName(s, "black"), white: seatName(s, "white") });
    review.setGame(s.start, s.moves.map((m) => m.square));
    const v = review.view();
    if (v) board.update(v.pos.board, v.pos.legal, v.at > 0 ? v.line[v.at - 1] : null, tools.hints());
    else board.update(s.board, mine ? s.legal : [], s.last_move, tools.hints() && mine);
    // In review, the overlays of the position shown: its discs numbered
    // up to its ply.
    const p = v ? v.pos : s;
    board.overlays({ stable: overlays.stable ? p.stable : null, flips: overlays.flips && (v || mine) ? p.flips : null,
      numbers: overlays.numbers ? placedAt(v ? v.line.slice(0, v.at) : s.moves.map((m) => m.square)) : null });
    tools.render(s);
    seats.render(s);
    moves.render(s, v);
    graphs.render(s, plyShown(v));
    analysis.render(s);
    graphs.fill();
  }
  // The game, live: each state newer than the one shown, drawn (a move
  // played with its sound; an undo is silent).
  let stopped = false;
  // A seat of the account logged in (a game the lobby or a tournament
  // made for it) is this browser's without a token: the server knows the
  // account by its session.
  const claimSeat = () => {
    const me = accountNow();
    if (seat || !me || !state?.accounts) return;
    const color = ["black", "white"].find((c) => state.accounts[c] === me.name);
    if (color) seat = { color, token: "" };
  };
  if (id) currentAccount().then(() => { if (!seat && state) { claimSeat(); if (seat) { live.hello(); render(); } } });
  const live = follow({ id, record, version: () => state?.version, token: () => seat?.token || "",
    onState: (g) => { if (state && moved(state, g)) moveSound(); state = g; claimSeat(); render(); },
    // The server answers again: the page no longer says it does not.
    onBack: () => { if (err.textContent === t("error.network")) err.textContent = ""; },
    // A record that cannot be read is no missing game: the heading says
    // so, and the text which move (errorText).
    onFail: (e) => app.replaceChildren(el("h1", { text: t(record ? "review.unreadable" : "game.none") }), el("p", { text: errorText(e) })) });
  const ticking = setInterval(seats.clocks, 500);
  return () => { stopped = true; live.stop(); clearInterval(ticking); moves.stop(); };
}

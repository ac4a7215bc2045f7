// The game page's analysis of the position shown: asked of the server
// with the search the hints' settings choose, its answers kept by
// position, its values drawn on the board (with the book's, or the
// computer's thinking while it plays), and its best line and source said
// under the graph (without the analysis, the last computer move's).

import { el } from "./dom.js";
import { analyse, errorText, ApiError } from "./api.js";
import { t, num } from "./i18n.js";
import { withBook, best, legend, searchLabel, SEARCHES } from "./hints.js";
import { Side, depthNote, valueText, forBlack } from "./words.js";

// positionKey is position s (a game's state, or a review's position) as
// the analysis asks for it: its 64 squares and the side to move.
export const positionKey = (s) => s.board + " " + (s.turn === "white" ? "O" : "X");

// analysable says whether the position shown, game s's or review view
// v's (null: none), has moves to analyse: a position reviewed unless the
// game is over there (a record's last position too), the game's while it
// goes on. A game between players that the server does not help
// (no_help) is not analysed until it is over.
export function analysable(s, v) {
  if (s.no_help) return false;
  return v ? !v.pos.over : s.record ? !s.over : s.status !== "finished";
}

// valuesTurn says whether the position shown gets values: any position
// reviewed (v) or of a record; in a game that goes on, the player's own
// turn (seat: this browser's, null for a spectator), and the other
// side's if the settings (prefs) say so.
export function valuesTurn(s, v, seat, prefs) {
  if (v || s.record) return true;
  if (s.status === "finished") return false;
  return !seat || s.turn === seat.color || prefs.opponent;
}

// shownValues are the values the board shows: {moves, unit, color} (the
// moves with their values, null for none; the side they are for), with
// live set when they are the computer's thinking. With values of its
// own (valued: valuesTurn and analysable), the position has the
// answer's (its thinking, null: none yet), with book's (the book's
// moves, null: not shown); without, the position being played (no view
// v) shows what the computer to move is thinking, if prefs say so.
export function shownValues({ s, v, valued, answer, book, prefs }) {
  let moves = null, unit = "discs";
  if (valued) {
    if (answer) { moves = withBook(answer.moves, book); unit = answer.unit; }
    else if (book?.length) moves = withBook([], book);
  }
  if (!moves && !v && prefs.thinking && s.status === "playing" && s.live?.moves?.length) return { moves: s.live.moves, unit: s.live.unit, color: s.turn, live: true };
  return { moves, unit, color: moves ? (v ? v.pos.turn : s.turn) : null };
}

// sourceText says how an analysis found its values (thinking th) with
// search (a spec of SEARCHES): the search and what it found, or only
// what it found when both say a depth.
export function sourceText(th, search) {
  const how = th.kind === "exact" ? t("analysis.exact") : th.kind === "wld" ? t("kind.wld") : th.kind === "book" ? t("kind.book") : t("kind.depth", { depth: depthNote(th) });
  // A depth chosen and a depth found say the same: named once.
  const byDepth = !["exact", "wld", "book"].includes(th.kind) && SEARCHES.find(([v]) => v === search)?.[1] === "hints.depth";
  return byDepth ? t("analysis.found", { how, nodes: num(th.nodes || 0) }) : t("analysis.by", { search: searchLabel(search), how, nodes: num(th.nodes || 0) });
}

// lastLine says the last computer move's value (for Black), how it was
// found and its line (thinking th; "" for none).
export function lastLine(th) {
  if (!th) return "";
  const how = th.kind === "exact" ? t("pv.exact") : th.kind === "wld" ? t("pv.wld") : th.depth ? t("pv.depth", { depth: depthNote(th) }) : "";
  return t("pv.last", { value: valueText(forBlack(th), th.unit), how, line: th.pv?.length ? t("pv.line", { pv: th.pv.join(" ") }) : "" });
}

// analysisPanel is the analysis of the position shown on board (board.js)
// for game() (the state drawn) and view() (the review's view of it, null:
// the game as it stands), seat() (this browser's, or null), prefs
// (hints.js's), book() (whether the book's values are shown); first()
// is called as it asks for a position (the graph's background analysis
// then gives way), render() when an answer is in.
//
// Values belong to one position and go with it: an analysis is asked
// for a position (board and side to move) with a search (cacheKey), and
// its answer, which says which position it is for, is kept under that
// key (answers) and drawn only while that position is shown.
// analysisFor is the key being analysed; analyses are the requests.
export function analysisPanel({ board, game, view, seat, prefs, book, first, render }) {
  let on = false, analysisFor = "", busyTries = 0;
  const analyses = new Map(), answers = new Map();
  const cacheKey = (key) => prefs.search + "|" + key;
  const pv = el("div", { class: "pv", id: "pv" });
  const source = el("p", { class: "small", id: "source" });
  const legendEl = legend();
  // Whose the values on the board are: the side to move's.
  const valuesFor = el("p", { class: "small", id: "values-for", hidden: "hidden" });
  const shownKey = () => { const v = view(); return positionKey(v ? v.pos : game()); };

  async function run() {
    const s = game(), v = view(), key = shownKey(), ck = cacheKey(key);
    if (!on || !analysable(s, v) || !valuesTurn(s, v, seat(), prefs) || answers.has(ck) || analysisFor === ck) return;
    analysisFor = ck;
    // The position shown goes first: the graph's background analysis,
    // which would hold this client's analysis slot for up to 8 s while
    // the player's clock runs, gives its request up (and goes on later).
    first();
    source.textContent = t("analysis.running");
    try {
      if (!analyses.has(ck)) analyses.set(ck, analyse({ board: key }, prefs.search));
      let a;
      try { a = await analyses.get(ck); } catch (e) { analyses.delete(ck); throw e; }
      if (a.for !== key) return; // an answer for another position: dropped
      answers.set(ck, a);
      if (analysisFor === ck) analysisFor = "";
      if (game() && cacheKey(shownKey()) === ck) render(); // else kept for when it is shown again
    } catch (e) {
      if (analysisFor !== ck) return;
      source.textContent = errorText(e);
      // A busy server (its analyses at once all running) is asked again
      // a moment later.
      if (e instanceof ApiError && e.status === 503 && busyTries++ < 30) setTimeout(() => { if (analysisFor === ck) { analysisFor = ""; render(); } }, 1000);
    }
  }
  // sayValuesFor names the side the board's values are for (null: no
  // values shown).
  function sayValuesFor(color) {
    valuesFor.hidden = !color;
    valuesFor.textContent = color ? t("values.for", { side: Side(color) }) : "";
  }
  // drawValues writes the values of the position shown on the board: the
  // analysis's, with the book's, once it has answered; the book's alone
  // before or without it. None where the settings say none.
  function drawValues(s) {
    const v = view(), key = shownKey(), valued = valuesTurn(s, v, seat(), prefs) && analysable(s, v);
    const a = on ? answers.get(cacheKey(key)) : null;
    const shown = shownValues({ s, v, valued, answer: a?.thinking, book: book() ? (v ? v.pos.book : s.book) : null, prefs });
    legendEl.querySelector("#legend-upper").hidden = !shown.moves?.some((m) => m.upper);
    if (shown.live) {
      board.showValues(shown.moves, shown.unit);
      legendEl.hidden = false;
      sayValuesFor(shown.color);
      return;
    }
    board.showValues(best(shown.moves, prefs.count), shown.unit);
    legendEl.hidden = !shown.moves;
    sayValuesFor(shown.color);
    const th = shown.moves && valued ? a?.thinking : null;
    if (th) { // the line and its source, under the graph
      pv.textContent = th.pv?.length ? t("analysis.best", { pv: th.pv.join(" ") }) : "";
      source.textContent = sourceText(th, prefs.search);
    } else if (on) {
      pv.textContent = "";
      if (analysisFor !== cacheKey(key) || !analysable(s, v)) source.textContent = "";
    }
  }
  return {
    pv, source, legend: legendEl, valuesFor,
    // show turns the analysis on or off.
    show(yes) { on = yes; analysisFor = ""; },
    on: () => on,
    // again forgets the position being analysed (the search changed):
    // the next render asks again.
    again() { analysisFor = ""; },
    // busy says whether the position shown is being analysed.
    busy: () => analysisFor !== "",
    // shownKey is the position shown.
    shownKey,
    // render draws the values of game s's position shown and asks for
    // its analysis.
    render(s) {
      if (!on) analysisFor = "";
      drawValues(s);
      if (!on) {
        source.textContent = "";
        pv.textContent = lastLine(s.thinking);
      }
      run();
    },
  };
}

// The game page's graphs: the evaluation graph of the game (the value for
// Black after each move; with the analysis on, filled in the background
// position by position), and the whole game's analysis (its button and
// progress, then the moves' marks, each player's totals and its graphs).

import { el } from "./dom.js";
import { errorText } from "./api.js";
import { lineGraph } from "./graph.js";
import { t, num } from "./i18n.js";
import { analyseGame, graphs, summary, thresholds, evalAt, credited, EXACT, DEPTH } from "./wholegame.js";
import { seatName } from "./words.js";

// onLine says whether r, an analysis of a game (analyseGame's: its start
// and moves), is of game s's line: the same start, its moves the first of
// the game's (all of them if all).
export function onLine(r, s, all = false) {
  if (!r || r.start !== s.start || r.moves.length > s.moves.length || (all && r.moves.length !== s.moves.length)) return false;
  return r.moves.every((m, i) => s.moves[i].square === m);
}

// evalValues are the values for Black in discs of game s's positions (k
// from 0, the start, to the number of moves): each computer's move's own
// value (said for the side that played it), replaced by those of
// filled (an analysis of the game, null: none) for the positions of the
// game's line it analysed.
export function evalValues(s, filled) {
  const n = s.moves.length, values = Array(n + 1).fill(null);
  s.moves.forEach((m, i) => { if (m.eval !== undefined && m.eval !== null) values[i + 1] = m.color === "black" ? m.eval : -m.eval; });
  const f = filled && filled.start === s.start ? filled : null;
  if (f) f.values.forEach((x, k) => { if (x !== null && k <= n && f.moves.slice(0, k).every((m, i) => s.moves[i].square === m)) values[k] = x; });
  return values;
}

// gameGraphs are the graphs of game() (the state drawn): pick(k) reviews
// the position after k moves; analysisOn() says whether the analysis is
// on (the evaluation graph is then filled), busy() whether the position
// shown is being analysed (the background waits for it), stopped()
// whether the page is gone; render() is called when an analysis is in.
export function gameGraphs({ game, pick, analysisOn, busy, stopped, render }) {
  // The whole game's analysis: a button, its progress, then the marks of
  // the moves, the totals of each player and its graphs.
  let whole = null, wholeRunning = false;
  const button = el("button", { id: "analyse-game", on: { click: () => analyseWhole() } }, t("whole.run"));
  const progress = el("progress", { id: "whole-progress", max: 1, value: 0, hidden: "hidden", "aria-label": t("whole.progressLabel") });
  const status = el("span", { class: "small", id: "whole-status", role: "status" });
  const out = el("div", { id: "whole" });
  const evals = el("div", { id: "graph" });
  // analyseWhole evaluates every position of the game as it stands, with
  // its progress; a game analysed again (after more moves) asks only for
  // the new positions.
  async function analyseWhole() {
    const s = game();
    if (!s || wholeRunning) return;
    wholeRunning = true;
    button.disabled = true;
    progress.hidden = false;
    try {
      const r = await analyseGame(s.start, s.moves.map((m) => m.square), {
        stopped,
        progress: (done, total) => { progress.max = total; progress.value = done; status.textContent = t("whole.progress", { done: num(done), total: num(total) }); },
      });
      if (!r || stopped()) return;
      whole = r;
      status.textContent = t("whole.done", { n: num(r.moves.length + 1), depth: num(DEPTH), exact: num(EXACT) });
      render();
    } catch (e) { status.textContent = errorText(e); }
    finally { wholeRunning = false; button.disabled = false; progress.hidden = true; }
  }
  // wholeNow is the whole game's analysis if it is still of this game's
  // line (an undo leaves it behind).
  const wholeNow = () => (game() && onLine(whole, game()) ? whole : null);
  // The evaluation graph: the value for Black in discs after each move,
  // both players' (one point of view, its axes, the values on hover, a
  // click reviews the position). With the analysis on, every position of
  // the game is analysed in the background as the whole game's analysis
  // does (one at a time, each answer kept, after the position shown has
  // its values), so that every move has a value; until then, and without
  // the analysis, a computer's move has its own value (the moves of
  // people have none).
  let filled = null, filling = false, fillAbort = null;
  function evalGraph(s, at) {
    const n = s.moves.length, values = evalValues(s, analysisOn() ? filled : null);
    const caption = analysisOn() ? t("graph.captionAnalysed", { depth: num(DEPTH), exact: num(EXACT) }) : t("graph.caption");
    return [el("div", { class: "small", text: caption }), lineGraph({ id: "eval-graph", series: [{ values, dots: true }], positions: n, yMin: -64, yMax: 64,
      yTicks: [64, 32, 0, -32, -64], label: t("graph.label"), unit: t("whole.discsForBlack"), at, onPick: n ? pick : null,
      readout: (k) => evalAt(values, k) })];
  }
  // renderWhole shows the whole game's analysis: how moves are marked,
  // each player's totals, the graphs (at: the position shown, -1 none).
  // Players who switched sides have each their own moves, whatever the
  // colour they made them with, and the page says so.
  function renderWhole(s, at) {
    const w = wholeNow() && credited(wholeNow(), s.switches);
    if (!w) { out.replaceChildren(); return; }
    const switched = s.switches?.length ? el("p", { class: "small", id: "whole-switched", text: t("whole.switched", { moves: s.switches.map((n) => num(n)).join(", ") }) }) : "";
    out.replaceChildren(el("p", { class: "small", id: "whole-thresholds", text: thresholds() }),
      summary(w, { black: seatName(s, "black"), white: seatName(s, "white") }), switched,
      ...graphs(w, { at: at <= w.moves.length ? at : -1, onPick: pick }));
  }
  return {
    evals, out, row: el("div", { class: "row" }, button, progress, status),
    // losses are the whole game's analysis of each move (undefined:
    // none).
    losses: () => wholeNow()?.losses,
    // render draws game s's graphs, at the position shown (-1: none).
    render(s, at) {
      evals.replaceChildren(...evalGraph(s, at));
      renderWhole(s, at);
      evals.hidden = !!wholeNow(); // the whole game's graphs take its place
    },
    // fill analyses the game's positions in the background, with the
    // analysis on, unless it has them all.
    async fill() {
      const s = game();
      if (!analysisOn() || s.no_help || filling || busy() || wholeRunning || stopped() || onLine(filled, s, true)) return;
      filling = true;
      const abort = fillAbort = new AbortController();
      let r = null;
      try { r = await analyseGame(s.start, s.moves.map((m) => m.square), { stopped: () => stopped() || !analysisOn(), signal: abort.signal }); }
      catch (_) { /* the graph keeps what it has; the next move (or answer) asks again */ }
      finally { filling = false; if (fillAbort === abort) fillAbort = null; }
      if (r && !stopped()) { filled = r; render(); }
    },
    // giveWay gives up the background analysis's request (the position
    // shown goes first); it goes on later.
    giveWay: () => fillAbort?.abort(),
  };
}

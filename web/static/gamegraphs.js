// The game page's graphs: the evaluation graph of the game (the value for
// Black after each move; with the analysis on, filled in the background
// position by position), and the whole game's analysis (its button and
// progress, then the moves' marks, each player's totals and its graphs).

import { el } from "./dom.js";
import { api, errorText } from "./api.js";
import { lineGraph } from "./graph.js";
import { t, num } from "./i18n.js";
import { analyseGame, graphs, summary, thresholds, evalAt, credited, EXACT, DEPTH, SEARCHES, EXACTS, defaultSettings, specOf, allowed, settingsText } from "./wholegame.js";
import { seatName } from "./words.js";

const SETTINGS_KEY = "reversi-whole-settings";

// loadSettings are the whole-game analysis's settings remembered, or the
// defaults.
export function loadSettings() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch (_) {}
  const d = defaultSettings();
  return { search: SEARCHES.includes(p.search) ? p.search : d.search, exact: EXACTS.includes(p.exact) ? p.exact : d.exact };
}

// runKey is where the analyses of the positions of game s's line with
// settings set are kept (local storage): {running, answers: {k: ...}},
// so that an analysis stopped by leaving the page goes on from the first
// position not done when it is opened again.
export const runKey = (s, set) => `reversi-whole:${specOf(set)}:${s.start}:${s.moves.map((m) => m.square).join("")}`;

function readRun(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (_) { return null; }
}

function writeRun(key, run) {
  try { localStorage.setItem(key, JSON.stringify(run)); } catch (_) { /* full: the analysis goes on unkept */ }
}

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
  // Its settings (a search by depth or time a position, exact from a
  // number of empty squares; remembered), shown with its results; it can
  // be stopped.
  let whole = null, wholeRunning = false, wholeAbort = null, resumeTried = false, wholeSet = null;
  const set = loadSettings();
  const saveSettings = () => { try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(set)); } catch (_) {} };
  const searchLabel = (v) => { const [k, n] = v.split("="); return k === "depth" ? t("hints.depth", { depth: num(+n) }) : t("hints.time", { n: num(parseFloat(n)) }); };
  const searchSel = el("select", { id: "whole-search", "aria-label": t("whole.search"), on: { change: (e) => { set.search = e.target.value; saveSettings(); } } },
    SEARCHES.map((v) => el("option", { value: v, selected: v === set.search ? "selected" : null, text: searchLabel(v) })));
  const exactSel = el("select", { id: "whole-exact", "aria-label": t("whole.exact"), on: { change: (e) => { set.exact = +e.target.value; saveSettings(); } } },
    EXACTS.map((v) => el("option", { value: String(v), selected: v === set.exact ? "selected" : null, text: t("whole.exactN", { n: num(v) }) })));
  // The searches beyond the server's limits are not offered.
  api("GET", "/api/players").then((p) => {
    for (const o of [...searchSel.options]) if (!allowed(o.value, p.limits)) o.remove();
    if (!allowed(set.search, p.limits)) { set.search = searchSel.options[0]?.value || set.search; searchSel.value = set.search; }
  }).catch(() => {});
  const settingsRow = el("div", { class: "row settings", id: "whole-settings" },
    el("label", { class: "toggle", for: "whole-search" }, t("whole.search")), searchSel,
    el("label", { class: "toggle", for: "whole-exact" }, t("whole.exact")), exactSel);
  const button = el("button", { id: "analyse-game", on: { click: () => analyseWhole() } }, t("whole.run"));
  const stop = el("button", { id: "whole-stop", hidden: "hidden", on: { click: () => { stopAsked = true; wholeAbort?.abort(); } } }, t("whole.stop"));
  let stopAsked = false;
  const progress = el("progress", { id: "whole-progress", max: 1, value: 0, hidden: "hidden", "aria-label": t("whole.progressLabel") });
  const status = el("span", { class: "small", id: "whole-status", role: "status" });
  const out = el("div", { id: "whole" });
  const evals = el("div", { id: "graph" });
  // analyseWhole evaluates every position of the game as it stands, with
  // its progress; a game analysed again (after more moves) asks only for
  // the new positions.
  // Each position's analysis is kept as it comes (runKey), and the run
  // marked as going on until it ends or is stopped.
  async function analyseWhole() {
    const s = game();
    if (!s || wholeRunning) return;
    const used = { ...set }, key = runKey(s, used), run = readRun(key) || { answers: {} };
    run.running = true;
    writeRun(key, run);
    wholeRunning = true;
    stopAsked = false;
    const abort = wholeAbort = new AbortController();
    button.disabled = searchSel.disabled = exactSel.disabled = true;
    stop.hidden = false;
    progress.hidden = false;
    let done = 0, total = 0;
    try {
      const r = await analyseGame(s.start, s.moves.map((m) => m.square), {
        stopped: () => stopped() || stopAsked, signal: abort.signal, spec: specOf(used), kept: run.answers,
        onAnswer: (k, a) => { run.answers[k] = a; writeRun(key, run); },
        progress: (d, n) => { done = d; total = n; progress.max = n; progress.value = d; status.textContent = t("whole.progress", { done: num(d), total: num(n) }) + " " + settingsText(used); },
      });
      if (stopAsked) throw new DOMException("stopped", "AbortError");
      if (!r || stopped()) return;
      whole = r;
      wholeSet = used;
      run.running = false;
      writeRun(key, run);
      status.textContent = t("whole.done", { n: num(r.moves.length + 1), settings: settingsText(used) });
      render();
    } catch (e) {
      if (stopAsked) {
        run.running = false;
        writeRun(key, run);
        status.textContent = t("whole.stopped", { done: num(done), total: num(total) });
      } else status.textContent = errorText(e);
    }
    finally { wholeRunning = false; wholeAbort = null; button.disabled = searchSel.disabled = exactSel.disabled = false; stop.hidden = true; progress.hidden = true; }
  }
  // resume goes on with an analysis of game s that the page left
  // unfinished (its settings the ones remembered), once.
  function resume(s) {
    if (resumeTried || wholeRunning || stopped()) return;
    resumeTried = true;
    if (readRun(runKey(s, set))?.running) analyseWhole();
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
    out.replaceChildren(el("p", { class: "small", id: "whole-settings-used", text: settingsText(wholeSet || defaultSettings()) }),
      el("p", { class: "small", id: "whole-thresholds", text: thresholds() }),
      summary(w, { black: seatName(s, "black"), white: seatName(s, "white") }), switched,
      ...graphs(w, { at: at <= w.moves.length ? at : -1, onPick: pick }));
  }
  return {
    evals, out, row: el("div", {}, settingsRow, el("div", { class: "row" }, button, stop, progress, status)),
    // losses are the whole game's analysis of each move (undefined:
    // none).
    losses: () => wholeNow()?.losses,
    // render draws game s's graphs, at the position shown (-1: none).
    render(s, at) {
      resume(s);
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

// Whole-game analysis: every position of a game evaluated by the
// server's analysis (POST /api/analyze, one request a position, so each
// counts against the server's limit of analyses at once and waits its
// turn when the server is busy), the loss in discs of each move against
// the best move of its position, its mark, the totals of each player, and
// the two graphs: the evaluation for Black and the discs lost so far.

import { api, ApiError } from "./api.js";
import { el } from "./dom.js";
import { lineGraph } from "./graph.js";
import { t, num, signed } from "./i18n.js";
import { ggfOf } from "./review.js";
import { Side } from "./words.js";

// EXACT is where the analysis solves exactly (empty squares), DEPTH its
// midgame depth, by default; no win/loss/draw solve, whose values are
// not discs.
export const EXACT = 18, DEPTH = 8;

// SEARCHES are the midgame searches a player may choose ("depth=N" or
// "time=Ns", a position), EXACTS the numbers of empty squares from which
// the analysis may solve exactly; those beyond the server's limits are
// not offered (allowed).
export const SEARCHES = ["depth=4", "depth=8", "depth=12", "depth=16", "time=1s", "time=3s", "time=10s"];
export const EXACTS = [12, 14, 16, 18, 20];

// defaultSettings are the whole-game analysis's settings at first.
export const defaultSettings = () => ({ search: `depth=${DEPTH}`, exact: EXACT });

// specOf is the engine's spec of settings ({search, exact}).
export const specOf = (set) => `engine:${set.search},exact=${set.exact},wld=0,prob=100`;
const SPEC = specOf(defaultSettings());

// allowed says whether a search is within the server's limits (GET
// /api/players's: depth, move_time_ms; 0 or absent: none).
export function allowed(search, limits = {}) {
  const [k, v] = search.split("=");
  if (k === "depth") return !limits.depth || +v <= limits.depth;
  return !limits.move_time_ms || parseFloat(v) * 1000 <= limits.move_time_ms;
}

// settingsText says the settings of an analysis, in words.
export function settingsText(set) {
  const [k, v] = set.search.split("=");
  return k === "depth" ? t("whole.settingsDepth", { depth: num(+v), exact: num(set.exact) })
    : t("whole.settingsTime", { n: num(parseFloat(v)), exact: num(set.exact) });
}

// compact is what is kept of an analysis of a position (for the
// results remembered): whether it is over, its score, the side to move,
// the values of its moves.
export const compact = (a) => ({ over: !!a.over, score: a.score, turn: a.turn,
  moves: (a.thinking?.moves || []).filter((m) => m.eval !== undefined && m.eval !== null).map((m) => ({ move: m.move, eval: m.eval, kind: m.kind })) });

// MARKS: a move that loses at least this many discs against the best
// move of its position is marked so (the largest first).
export const MARKS = [
  { kind: "blunder", discs: 8, sign: "??", key: "mark.blunder" },
  { kind: "mistake", discs: 4, sign: "?", key: "mark.mistake" },
  { kind: "inaccuracy", discs: 2, sign: "?!", key: "mark.inaccuracy" },
];

// markOf is the mark of a move that lost loss discs (null: none).
export const markOf = (loss) => MARKS.find((m) => loss >= m.discs) || null;

// answers keeps the analyses of positions (by their GGF line), for a game
// analysed again as it goes on.
const answers = new Map();

// analysed is the server's analysis of the position after moves from
// start; a busy server is asked again a moment later. signal aborts it
// (the server then frees its slot at once).
async function analysed(start, moves, stopped, signal, spec) {
  const ggf = ggfOf(start, moves), key = spec + " " + ggf;
  for (let tries = 0; ; tries++) {
    if (!answers.has(key)) answers.set(key, api("POST", "/api/analyze", { ggf, player: spec }, signal).then(compact));
    try { return await answers.get(key); } catch (e) {
      answers.delete(key);
      if (e.name === "AbortError" && !signal?.aborted) continue; // another's request, aborted
      if (!(e instanceof ApiError && e.status === 503) || tries >= 60 || stopped()) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

// analyseGame evaluates every position of the game start, moves (passes as
// PA), one after the other, calling progress(done, total) as it goes. It
// answers, for the positions k = 0..moves.length, the value for Black in
// discs (values; a position whose side passes has the next one's) and,
// for each move, its loss against the best move (losses[i]: {loss, best,
// mark}, null for a pass), with the totals and running sums of each side.
// spec is the engine's (specOf); kept are the analyses of positions
// already done (compact's, by k), not asked again; onAnswer(k, a) is
// told each new one.
export async function analyseGame(start, moves, { progress = () => {}, stopped = () => false, signal, spec = SPEC, kept = {}, onAnswer = () => {} } = {}) {
  const n = moves.length, values = Array(n + 1).fill(null), kinds = Array(n + 1).fill(""), losses = Array(n).fill(null);
  const todo = [];
  for (let k = 0; k <= n; k++) if (k === n || moves[k] !== "PA") todo.push(k);
  let done = 0;
  progress(0, todo.length);
  for (const k of todo) {
    if (stopped()) return null;
    let a = kept[k];
    if (!a) { a = await analysed(start, moves.slice(0, k), stopped, signal, spec); onAnswer(k, a); }
    done++;
    if (a.over) { values[k] = a.score; kinds[k] = "exact"; progress(done, todo.length); continue; }
    const valued = a.moves;
    if (!valued.length) { progress(done, todo.length); continue; }
    const best = valued.reduce((b, m) => (m.eval > b.eval ? m : b));
    const sign = a.turn === "black" ? 1 : -1;
    values[k] = sign * best.eval;
    kinds[k] = valued.every((m) => m.kind === "exact") ? "exact" : "search";
    if (k < n) {
      const played = valued.find((m) => m.move === moves[k].toUpperCase());
      if (played) {
        const loss = Math.max(0, Math.round((best.eval - played.eval) * 10) / 10);
        losses[k] = { loss, best: best.move, color: a.turn, mark: markOf(loss) };
      }
    }
    progress(done, todo.length);
  }
  for (let k = n - 1; k >= 0; k--) if (values[k] === null && moves[k] === "PA") values[k] = values[k + 1];
  return { start, moves: moves.slice(), values, kinds, losses, ...tally(losses) };
}

// tally is the totals and running sums of losses (analyseGame's), each
// move's credited to by(i, color), the player who made move i with
// color, said by "black" or "white" (by default its colour): {totals,
// running}, as analyseGame answers them.
export function tally(losses, by = (i, color) => color) {
  const totals = {}, running = {};
  for (const c of ["black", "white"]) {
    totals[c] = { loss: 0, moves: 0, counts: Object.fromEntries(MARKS.map((m) => [m.kind, 0])) };
    running[c] = [0];
  }
  losses.forEach((l, i) => {
    const who = l && by(i, l.color);
    for (const c of ["black", "white"]) running[c].push(running[c][i] + (l && who === c ? l.loss : 0));
    if (!l) return;
    const tot = totals[who];
    tot.loss = Math.round((tot.loss + l.loss) * 10) / 10;
    tot.moves++;
    if (l.mark) tot.counts[l.mark.kind]++;
  });
  return { totals, running };
}

// playerOf says, for a game whose players switched sides after the
// numbers of moves switches (the game's JSON's switches), who made move i
// with color: the player at that colour now ("black" or "white"), or the
// one at the other colour if an odd number of switches came after it.
export function playerOf(switches = []) {
  return (i, color) => (switches.filter((n) => n > i).length % 2 ? (color === "black" ? "white" : "black") : color);
}

// credited is result (analyseGame's) with each move's loss credited to
// the player who made it, for a game whose players switched sides after
// the numbers of moves switches (see playerOf): the rows of the summary
// and the lines of the loss graph are the players, at the colours they
// hold now.
export const credited = (result, switches) => (switches?.length ? { ...result, ...tally(result.losses, playerOf(switches)) } : result);

// lossText writes a loss in discs (whole when exact, else to a tenth).
export const lossText = (loss) => num(loss, { maximumFractionDigits: 1 });

// evalAt says the value for Black of position k of values (an
// evaluation graph's readout).
export const evalAt = (values, k) => (values[k] === null ? t("whole.noValue", { n: num(k) }) : t("whole.evalAt", { n: num(k), value: signed(values[k], 1) }));

// lossTop is the top of the graph of the discs lost so far (running: each
// side's, by position): a multiple of 4, at least 4.
export const lossTop = (running) => Math.ceil(Math.max(4, ...running.black, ...running.white) / 4) * 4;

// thresholds says how moves are marked.
export const thresholds = () => t("whole.thresholds", Object.fromEntries(MARKS.map((m) => [m.kind, num(m.discs)])));

// summary is the table of each player's losses: the discs lost in all,
// on average a move, and the count of each mark.
export function summary(result, names) {
  const head = el("tr", {}, el("th", { scope: "col", text: t("whole.player") }), el("th", { scope: "col", text: t("whole.lost") }),
    el("th", { scope: "col", text: t("whole.average") }),
    MARKS.map((m) => el("th", { scope: "col" }, el("span", { class: "sign", text: m.sign }), " ", el("span", { class: "mark-word", text: t(m.key) }))));
  const rows = ["black", "white"].map((c) => {
    const tot = result.totals[c];
    return el("tr", { "data-color": c }, el("th", { scope: "row", text: `${Side(c)} · ${names[c]}` }),
      el("td", { class: "total-loss", text: lossText(tot.loss) }),
      el("td", { text: tot.moves ? num(tot.loss / tot.moves, { maximumFractionDigits: 1 }) : "–" }),
      MARKS.map((m) => el("td", { class: "count-" + m.kind, text: num(tot.counts[m.kind]) })));
  });
  return el("table", { class: "whole-summary", id: "whole-summary" }, el("thead", {}, head), el("tbody", {}, rows));
}

// graphs are the evaluation for Black in discs and the discs each side
// has lost so far, by position; onPick(k) goes to the position after k
// moves, at marks the one shown (-1: none).
export function graphs(result, { onPick, at = -1 }) {
  const positions = result.moves.length;
  const ev = lineGraph({ id: "whole-eval", series: [{ values: result.values, dots: true }], positions, yMin: -64, yMax: 64, yTicks: [64, 32, 0, -32, -64],
    label: t("whole.evalLabel"), unit: t("whole.discsForBlack"), onPick, at,
    readout: (k) => evalAt(result.values, k) });
  const top = lossTop(result.running);
  const lg = lineGraph({ id: "whole-loss", series: [{ values: result.running.black, cls: "black" }, { values: result.running.white, cls: "white" }],
    positions, yMin: 0, yMax: top, yTicks: [0, top / 2, top], label: t("whole.lossLabel"), unit: t("whole.discsLost"), onPick, at,
    readout: (k) => t("whole.lossAt", { n: num(k), black: lossText(result.running.black[k]), white: lossText(result.running.white[k]) }) });
  return [el("div", { class: "small", text: t("whole.evalCaption") }), ev, el("div", { class: "small", text: t("whole.lossCaption") }), lg];
}

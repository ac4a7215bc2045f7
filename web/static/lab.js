// The algorithm lab: one position, two algorithms side by side, thinking
// at once, each one's thinking drawn live on its own board (Monte Carlo's visits as a heat
// map with its win rates; a search's value of each move with its depth),
// and what each found, how far and how fast.

import { el, options } from "./dom.js";
import { analyseLive, errorText } from "./api.js";
import { makeBoard } from "./board.js";
import { t, num, percent } from "./i18n.js";
import { howText, valueText } from "./words.js";

// ALGORITHMS are the players the lab compares: spec, key of the name,
// its parameters.
const ALGORITHMS = [
  ["mcts:time=1s", "lab.mcts", { n: 1 }],
  ["mcts:time=3s", "lab.mcts", { n: 3 }],
  ["engine:depth=4,exact=10,wld=12", "lab.engine", { depth: 4 }],
  ["engine:depth=8,exact=12,wld=14", "lab.engine", { depth: 8 }],
  ["alphabeta:depth=5", "lab.alphabeta", { depth: 5 }],
  ["minimax:depth=3", "lab.minimax", { depth: 3 }],
];
const START = "---------------------------OX------XO--------------------------- X";

// labPage compares two algorithms on position ("<64 squares> X"; empty:
// the start), each on its own board; it returns the function that stops
// it.
export function labPage(app, position) {
  position = /^[XO-]{64} [XO]$/.test(position || "") ? position : START;
  document.title = t("lab.title");
  const board = position.slice(0, 64);
  const err = el("div", { class: "error", id: "lab-error" });
  const side = (k, spec) => {
    const b = makeBoard(() => {});
    const choose = el("select", { id: "lab-algo-" + k }, options(ALGORITHMS.map(([v, key, p]) => [v, t(key, Object.fromEntries(Object.entries(p).map(([a, n]) => [a, num(n)])))]), spec));
    const out = el("div", { class: "pv", id: "lab-out-" + k, "aria-live": "polite" });
    b.update(board, [], null, false);
    return { b, choose, out, el: el("div", { class: "panel", id: "lab-" + k }, el("label", { for: "lab-algo-" + k, text: t("lab.algorithm") }), choose, el("div", { class: "boardwrap" }, b.el), out) };
  };
  const left = side("left", "mcts:time=1s"), right = side("right", "engine:depth=8,exact=12,wld=14");
  // Whose move it is: the position's side, or the other when it has no
  // move and passes (the server says which side it analysed); on a
  // finished position, that the game is over and the discs.
  const turn = el("p", { id: "lab-turn", class: "lab-turn", "aria-live": "polite" });
  const mover = position.endsWith(" X") ? "black" : "white";
  const colour = (c) => t(c === "black" ? "color.black" : "color.white");
  const sayTurn = (answer) => {
    const cells = [...board];
    if (answer?.over) turn.textContent = t("lab.over", { black: num(cells.filter((c) => c === "X").length), white: num(cells.filter((c) => c === "O").length) });
    else if (answer?.turn && answer.turn !== mover) turn.textContent = t("lab.passes", { side: colour(answer.turn), other: colour(mover) });
    else turn.textContent = t("lab.toMove", { side: colour(mover) });
  };
  sayTurn(null);
  // run asks both sides' algorithms at once, each drawn on its board as
  // it thinks, then what each found.
  let seq = 0;
  const describe = (th, best) => {
    const visits = (th.moves || []).reduce((n, m) => n + (m.visits || 0), 0);
    // How far: the playouts, or a search's nodes.
    const how = th.kind === "playouts" || visits ? t("kind.playouts", { n: num(visits || th.nodes || 0) }) : howText(th) + " · " + t("lab.nodes", { n: num(th.nodes || 0) });
    const value = th.unit === "rate" ? percent(th.eval ?? 0) : valueText(th.eval, th.unit);
    return best ? t("lab.found", { best, value, how, ms: num(th.time_ms || 0) }) : t("lab.thinking", { how, ms: num(th.time_ms || 0) });
  };
  let stop = null;
  async function think(s, mine, signal) {
    try {
      let a = null;
      // The server analyses a few positions at once: busy, it is asked
      // again a moment later (the run stopped meanwhile, never).
      for (let tries = 0; !a; tries++) {
        try {
          a = await analyseLive({ board: position }, s.choose.value, (m) => {
            if (mine !== seq || m.for !== position) return;
            sayTurn(m);
            if (!m.thinking) return;
            if (m.thinking.moves?.length) s.b.showValues(m.thinking.moves, m.thinking.unit);
            s.out.textContent = describe(m.thinking, "");
          }, signal);
        } catch (e) {
          if (!(e.code === "busy") || tries >= 20 || mine !== seq) throw e;
          await new Promise((ok) => setTimeout(ok, 500));
        }
      }
      if (mine !== seq) return;
      if (a.for !== position) { s.out.textContent = ""; return; }
      sayTurn(a);
      if (a.over) { s.out.textContent = ""; s.el.dataset.done = "true"; return; }
      const th = a.thinking || {};
      s.b.showValues(th.moves, th.unit);
      s.out.textContent = describe(th, a.best);
      s.el.dataset.done = "true";
    } catch (e) { if (mine === seq && e.name !== "AbortError") { s.out.textContent = ""; err.textContent = errorText(e); } }
  }
  async function run() {
    const mine = ++seq;
    stop?.abort(); // the last run's analyses end
    const c = new AbortController();
    stop = c;
    err.textContent = "";
    for (const s of [left, right]) { s.b.showValues(null); s.out.textContent = t("analysis.running"); s.el.dataset.done = ""; }
    await Promise.all([think(left, mine, c.signal), think(right, mine, c.signal)]);
  }
  const go = el("button", { class: "primary", id: "lab-run", on: { click: run } }, t("lab.run"));
  app.replaceChildren(el("h1", { text: t("lab.title") }), el("p", { class: "small", text: t("lab.note") }),
    el("div", { class: "row" }, go, el("a", { class: "button", href: "/#edit=" + encodeURIComponent(position), text: t("lab.edit") })), turn, err,
    el("div", { class: "lab" }, left.el, right.el));
  run();
  return () => { seq++; stop?.abort(); }; // leaving the lab stops its analyses
}

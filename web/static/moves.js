// The game page's moves: the list of a game's moves (each a button that
// reviews the position after it, marked by the whole game's analysis),
// its opening, and the review's navigation: its buttons (first, previous,
// next, last, back to the game), where it is, and the keys.

import { el } from "./dom.js";
import { t, num } from "./i18n.js";
import { side, openingName } from "./words.js";
import { lossText } from "./wholegame.js";

// moveText writes a move of the list (a pass in words).
export const moveText = (sq) => (sq === "PA" ? t("game.pass") : sq.toLowerCase());

// plyShown is the position of the game's own line the review shows (the
// position after that many moves; a variation's, where it leaves the
// game); -1 when the page shows the game as it stands (v null).
export const plyShown = (v) => (v ? Math.min(v.at, v.fromGame) : -1);

// discs counts the discs of each side on a board of 64 squares.
export function discs(board) {
  const cells = [...board];
  return { black: cells.filter((c) => c === "X").length, white: cells.filter((c) => c === "O").length };
}

// whereText says which position review view v shows: the game's after n
// moves, or a variation from one, with the discs; with no view, "…"
// while one is fetched (active), else how to start (a game with moves).
export function whereText(v, active, moves) {
  if (!v) return active ? "…" : moves ? t("review.start") : "";
  const d = discs(v.pos.board);
  const count = t("review.discs", { black: num(d.black), white: num(d.white) });
  if (v.at > v.fromGame) return t("review.variation", { n: num(v.fromGame), moves: v.line.slice(v.fromGame, v.at).map(moveText).join(" "), discs: count });
  return v.at === 0 ? t("review.atStart", { discs: count }) : t("review.at", { n: num(v.at), total: num(v.total), discs: count });
}

// moveLabel names move m, the game's move i (0 the first), for a screen
// reader and as its title: its number, side and square, and its loss l
// by the whole game's analysis ({loss, best, mark}; null: none).
export function moveLabel(m, i, l) {
  let label = t("review.moveLabel", { n: num(i + 1), side: side(m.color), move: moveText(m.square) });
  if (l) label += " · " + (l.mark ? t("whole.markLabel", { mark: t(l.mark.key), loss: lossText(l.loss), best: l.best.toLowerCase() })
    : t("whole.lossLabelMove", { loss: lossText(l.loss) }));
  return label;
}

// keyStep is what key does to the review: "prev", "next" (the arrows),
// "first", "last" (Home, End), "exit" (Escape, while reviewing); null for
// another key.
export function keyStep(key, active) {
  const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", Escape: "exit" }[key] || null;
  return step === "exit" && !active ? null : step;
}

// movesPanel is the panel of the moves of review (review.js), which
// reviewing(p) runs (saying why a step fails); ready() says whether a
// game is shown, losses() are the whole game's analysis of its moves (or
// nothing); reveal() brings the board on the screen (on a phone the list
// is far below it). render(state, v) draws state with review view v
// (null: the game as it stands); stop() lets the keys go.
export function movesPanel({ review, reviewing, ready, losses, reveal }) {
  const run = (step) => reviewing({ prev: () => review.step(-1), next: () => review.step(1), first: () => review.go(0), last: () => review.last(), exit: () => review.exit() }[step]());
  const opening = el("span", { class: "opening", id: "opening" });
  const list = el("div", { class: "moves", id: "moves" });
  const stepButton = (id, sign, key, step) => el("button", { id, class: "step", "aria-label": t(key), title: t(key), on: { click: () => ready() && run(step) } }, sign);
  const where = el("span", { class: "small", id: "review-where", "aria-live": "polite" });
  const exit = el("button", { id: "review-exit", on: { click: () => review.exit() } }, t("review.back"));
  const note = el("p", { class: "small", id: "review-note", text: t("review.note") });
  const bar = el("div", { class: "review", id: "review" },
    stepButton("review-first", "|◀", "review.first", "first"), stepButton("review-prev", "◀", "review.prev", "prev"),
    stepButton("review-next", "▶", "review.next", "next"), stepButton("review-last", "▶|", "review.last", "last"),
    where, exit);
  // moveButton is move i of the list: a click reviews the position after
  // it, and shows the board; the whole game's analysis marks it with its
  // loss.
  function moveButton(m, i, shown) {
    const l = losses()?.[i], label = moveLabel(m, i, l);
    return el("button", { type: "button", class: "mv" + (shown ? " at" : "") + (l?.mark ? " mark-" + l.mark.kind : ""), "data-ply": i + 1, "data-color": m.color, tabindex: "-1",
      "data-loss": l ? l.loss : null, title: l ? label : null, "aria-label": label, on: { click: () => { reviewing(review.go(i + 1)); reveal?.(); } } },
    moveText(m.square), l?.mark ? el("span", { class: "mark", "aria-hidden": "true", text: l.mark.sign }) : null);
  }
  // The arrow keys step through the game (but on the board, where they
  // move between squares, and in a text box); Home and End go to its
  // start and its end; Escape goes back to the game.
  const onKey = (e) => {
    if (!ready() || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, textarea, select, svg.board")) return;
    const step = keyStep(e.key, review.active());
    if (!step) return;
    e.preventDefault();
    run(step);
  };
  document.addEventListener("keydown", onKey);
  return {
    el: el("div", { class: "panel" }, el("h2", {}, t("game.moves"), opening), bar, list, note),
    render(s, v) {
      const o = v ? v.pos : s;
      opening.replaceChildren(...(o.opening ? [t("game.opening") + " ", ...openingName(o.opening, o.opening_name)] : []));
      const at = plyShown(v);
      list.replaceChildren(...s.moves.map((m, i) => el("span", {}, i % 2 === 0 ? el("span", { class: "n", text: num(Math.floor(i / 2) + 1) + "." }) : null,
        moveButton(m, i, at === i + 1))));
      const current = list.querySelector(".mv.at");
      if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
      else if (!v) list.scrollTop = list.scrollHeight;
      // Where the review is.
      bar.dataset.at = v ? v.at : ""; // the position shown, for tests
      exit.hidden = !review.active();
      note.hidden = !review.active();
      where.textContent = whereText(v, review.active(), s.moves.length);
    },
    stop: () => document.removeEventListener("keydown", onKey),
  };
}

// The board: an SVG grid of 64 squares that draws a position, the legal
// moves, the last move, analysis values, the overlays (stable discs,
// a move's flips, move numbers) and a study's marks on squares, and
// reports clicks and keys.

import { svg } from "./dom.js";
import { t, num, signed, percent, compact } from "./i18n.js";

const FILES = "ABCDEFGH";

export const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
export const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.toUpperCase().charCodeAt(0) - 65);

// sourceOf says where a move's value comes from: "book", "exact", "wld"
// (win/loss/draw solved), "playouts" (Monte Carlo) or "depth" (a search
// to a depth).
export const sourceOf = (m) => (["book", "exact", "wld"].includes(m.kind) ? m.kind : m.visits || m.kind === "playouts" ? "playouts" : "depth");

// valueLabel is what a square says of move m's value in unit: win, loss
// or draw when solved so; a Monte Carlo win rate as a percentage; a
// heuristic's points short (-11.2K: its values run to tens of
// thousands); discs with one decimal below ten; "≤" before a value that
// is only an upper bound (m.upper: the engine, thinking, found the move
// worse than its best without its value).
export function valueLabel(m, unit) {
  return (m.upper ? "≤" : "") + plainLabel(m, unit);
}

function plainLabel(m, unit) {
  const src = sourceOf(m);
  if (src === "wld") return t(m.eval > 0 ? "value.win" : m.eval < 0 ? "value.loss" : "value.draw");
  if (unit === "rate" && src === "playouts") return percent(m.eval);
  if (unit === "points") return compact(m.eval);
  return signed(m.eval, Math.abs(m.eval) >= 10 || src === "exact" ? 0 : 1);
}

// SOURCES are the sources of values, in the order the legend lists them.
export const SOURCES = ["book", "exact", "wld", "depth", "playouts"];

// makeBoard draws 64 squares with coordinates into an SVG and returns the
// functions that update it. The board may be flipped (turned half round:
// H8 at the top left).
export function makeBoard(onClick) {
  let flipped = false;
  // at is where square i is drawn: its column and row.
  const at = (i) => { const j = flipped ? 63 - i : i; return [j % 8, Math.floor(j / 8)]; };
  // A grid of eight rows of eight cells: each square can be focused (one
  // at a time, moved with the arrow keys), says what is on it, and is
  // played with Enter or Space as with a click.
  const b = svg("svg", { viewBox: "-0.4 -0.4 8.55 8.55", class: "board", role: "grid", "aria-label": t("board.label") });
  b.append(svg("rect", { x: -0.4, y: -0.4, width: 8.55, height: 8.55, fill: "#155c3d", "aria-hidden": "true" }));
  const squares = [], discs = [], marks = svg("g", { "aria-hidden": "true" }), values = svg("g", { "aria-hidden": "true" });
  const over = svg("g", { "aria-hidden": "true" }), flipMarks = svg("g", { "aria-hidden": "true" }), studyMarks = svg("g", { "aria-hidden": "true" });
  // A study's marks ([{square, mark, label}]); each square's label for a
  // screen reader says its mark after what update says of it.
  let markList = [];
  const baseLabels = [];
  // The overlays: {stable: [squares], flips: {move: [squares]}, numbers:
  // {square: ply}}, each absent when off.
  let overlay = {}, hovered = null;
  let focusAt = 19; // D3
  const rows = [];
  for (let y = 0; y < 8; y++) { const row = svg("g", { role: "row" }); rows.push(row); b.append(row); }
  for (let i = 0; i < 64; i++) {
    const [x, y] = at(i);
    const r = svg("rect", { x, y, width: 1, height: 1, class: "sq", "data-square": squareName(i), role: "gridcell", tabindex: i === focusAt ? "0" : "-1", "aria-label": squareName(i) });
    r.addEventListener("click", () => onClick(i));
    r.addEventListener("focus", () => { squares[focusAt].setAttribute("tabindex", "-1"); focusAt = i; r.setAttribute("tabindex", "0"); showFlips(i); });
    r.addEventListener("blur", () => showFlips(null));
    r.addEventListener("mouseenter", () => showFlips(i));
    r.addEventListener("mouseleave", () => showFlips(null));
    squares.push(r);
    rows[y].append(r);
  }
  b.addEventListener("keydown", (e) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    if (e.key in moves) {
      const dx = flipped ? -moves[e.key] : moves[e.key], to = focusAt + dx;
      if (to < 0 || to > 63 || (Math.abs(dx) === 1 && Math.floor(to / 8) !== Math.floor(focusAt / 8))) return;
      e.preventDefault();
      squares[to].focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onClick(focusAt);
    }
  });
  const coords = [];
  for (let i = 0; i < 8; i++) {
    const f = svg("text", { x: i + 0.5, y: -0.2, class: "coord" }); b.append(f);
    const n = svg("text", { x: -0.2, y: i + 0.5, class: "coord" }); b.append(n);
    coords.push([f, n]);
  }
  const writeCoords = () => coords.forEach(([f, n], i) => { f.textContent = FILES[flipped ? 7 - i : i]; n.textContent = flipped ? 8 - i : i + 1; });
  writeCoords();
  for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) b.append(svg("circle", { cx: x, cy: y, r: 0.06, fill: "#0f4a33" }));
  for (let i = 0; i < 64; i++) {
    const [x, y] = at(i);
    const c = svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.4, class: "disc", visibility: "hidden" });
    discs.push(c); b.append(c);
  }
  b.append(marks, over, studyMarks, values, flipMarks);
  // drawMarks draws the study's marks: a ring, a cross, a triangle, a
  // square or a label on its square.
  function drawMarks() {
    studyMarks.replaceChildren();
    const on = {};
    for (const m of markList) {
      const i = squareIndex(m.square), [cx, cy] = at(i), x = cx + 0.5, y = cy + 0.5;
      on[i] = m;
      const attrs = { class: "study-mark", "data-mark": m.square, "data-kind": m.mark };
      let e;
      if (m.mark === "circle") e = svg("circle", { ...attrs, cx: x, cy: y, r: 0.3 });
      else if (m.mark === "cross") e = svg("path", { ...attrs, d: `M${x - 0.24} ${y - 0.24}L${x + 0.24} ${y + 0.24}M${x + 0.24} ${y - 0.24}L${x - 0.24} ${y + 0.24}` });
      else if (m.mark === "triangle") e = svg("polygon", { ...attrs, points: `${x} ${y - 0.28} ${x + 0.27} ${y + 0.2} ${x - 0.27} ${y + 0.2}` });
      else if (m.mark === "square") e = svg("rect", { ...attrs, x: x - 0.24, y: y - 0.24, width: 0.48, height: 0.48 });
      else {
        e = svg("text", { ...attrs, class: "study-mark study-label", x, y });
        e.textContent = m.label;
      }
      studyMarks.append(e);
    }
    squares.forEach((r, i) => {
      if (baseLabels[i] === undefined) return;
      const m = on[i];
      r.setAttribute("aria-label", baseLabels[i] + (m ? ", " + (m.mark === "label" ? t("study.markLabelled", { label: m.label }) : t("study.mark." + m.mark)) : ""));
    });
  }
  // showFlips marks the discs the move on square i (null: none) would
  // flip, when the overlay is on and i is a legal move.
  function showFlips(i) {
    hovered = i;
    flipMarks.replaceChildren();
    const sq = i === null ? null : squareName(i), fl = sq && overlay.flips?.[sq];
    if (!fl) return;
    flipMarks.dataset.move = sq;
    for (const f of fl) {
      const [x, y] = at(squareIndex(f));
      flipMarks.append(svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.2, class: "flip-mark", "data-flips": f }));
    }
  }
  // drawOverlay draws the stable discs' marks (a dot at the top of the
  // disc) and the move numbers (on the disc's middle).
  function drawOverlay() {
    over.replaceChildren();
    for (const sq of overlay.stable || []) {
      const [x, y] = at(squareIndex(sq));
      over.append(svg("circle", { cx: x + 0.5, cy: y + 0.22, r: 0.07, class: "stable-mark " + (discs[squareIndex(sq)].getAttribute("data-c") || ""), "data-stable": sq }));
    }
    for (const [sq, n] of Object.entries(overlay.numbers || {})) {
      const c = discs[squareIndex(sq)].getAttribute("data-c");
      if (!c) continue;
      const [x, y] = at(squareIndex(sq));
      const text = svg("text", { x: x + 0.5, y: y + 0.5, class: "ply on-" + c, "data-number": sq });
      text.textContent = num(n);
      over.append(text);
    }
    showFlips(hovered);
  }
  let last = null, drawn = null, shown = null;
  const api = {
    el: b,
    // update draws a 64-character board (X, O, -), flipping discs that
    // changed colour, marking legal squares and the last move.
    update(board, legal, lastMove, hints) {
      drawn = [board, legal, lastMove, hints];
      for (let i = 0; i < 64; i++) {
        const ch = board[i], d = discs[i];
        const cls = ch === "X" ? "black" : ch === "O" ? "white" : "";
        const before = d.getAttribute("data-c") || "";
        if (!cls) { d.setAttribute("visibility", "hidden"); d.setAttribute("data-c", ""); continue; }
        d.setAttribute("visibility", "visible");
        d.setAttribute("class", "disc " + cls + (last && before && before !== cls ? " flip" : ""));
        d.setAttribute("data-c", cls);
      }
      last = board;
      marks.replaceChildren();
      const legalSet = new Set(legal || []);
      squares.forEach((r, i) => {
        r.setAttribute("class", "sq" + (legalSet.has(squareName(i)) ? " target" : ""));
        const what = t(board[i] === "X" ? "square.black" : board[i] === "O" ? "square.white" : "square.empty");
        baseLabels[i] = t("square.label", { square: squareName(i), what }) + (legalSet.has(squareName(i)) ? t("square.legal") : "") + (squareName(i) === lastMove ? t("square.last") : "");
        r.setAttribute("aria-label", baseLabels[i]);
      });
      if (markList.length) drawMarks();
      if (hints) for (const m of legalSet) {
        const [x, y] = at(squareIndex(m));
        marks.append(svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.12, class: "hint", "data-hint": m }));
      }
      if (lastMove && lastMove !== "PA") {
        const [x, y] = at(squareIndex(lastMove));
        marks.append(svg("rect", { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.08, class: "last" }));
      }
    },
    // showValues writes each move's value on its square, coloured by its
    // source (sourceOf: book, exact, win/loss/draw, a search's depth, a
    // Monte Carlo count); the best move is ringed.
    showValues(moves, unit) {
      shown = moves ? [moves, unit] : null;
      values.replaceChildren();
      if (!moves) return;
      const best = Math.max(...moves.map((m) => m.eval ?? -1e9));
      // Monte Carlo's visits as a heat map: each square as warm as its
      // share of the most visited move's visits.
      const most = Math.max(0, ...moves.map((m) => m.visits || 0));
      if (most > 0) for (const m of moves) {
        if (!m.visits || m.move === "PA") continue;
        const [hx, hy] = at(squareIndex(m.move));
        values.append(svg("rect", { x: hx + 0.03, y: hy + 0.03, width: 0.94, height: 0.94, rx: 0.06, class: "heat", "data-heat": m.move,
          "data-share": (m.visits / most).toFixed(3), "fill-opacity": (0.15 + 0.7 * m.visits / most).toFixed(3) }));
      }
      for (const m of moves) {
        if (m.move === "PA" || m.eval === undefined) continue;
        const [cx, cy] = at(squareIndex(m.move)), x = cx + 0.5, y = cy + 0.5;
        const src = sourceOf(m);
        const label = valueLabel(m, unit);
        if (m.eval === best) values.append(svg("rect", { x: cx + 0.05, y: cy + 0.05, width: 0.9, height: 0.9, rx: 0.1, class: "best-ring", "data-best": m.move }));
        const text = svg("text", { x, y: y - 0.08, class: "val src-" + src, "data-value": m.move, "data-source": src }); text.textContent = label;
        // A long label is narrowed to its square, not over the next one.
        if (label.length > 5) { text.setAttribute("textLength", "0.86"); text.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
        const sub = svg("text", { x, y: y + 0.22, class: "val sub src-" + src });
        sub.textContent = src === "book" ? t("value.book") : src === "exact" ? t("value.exact") : src === "wld" ? t("value.wld")
          : m.visits ? t("value.visits", { n: num(m.visits) }) : t("value.depth", { depth: num(m.depth ?? 0) });
        values.append(text, sub);
      }
    },
    // flip turns the board half round (or back): the squares, the discs,
    // the coordinates, the reading order and the arrow keys follow.
    flip(on) {
      flipped = on;
      b.dataset.flipped = on ? "true" : "";
      squares.forEach((r, i) => { const [x, y] = at(i); r.setAttribute("x", x); r.setAttribute("y", y); });
      discs.forEach((c, i) => { const [x, y] = at(i); c.setAttribute("cx", x + 0.5); c.setAttribute("cy", y + 0.5); });
      // Rows and cells in the order they are seen.
      const order = flipped ? [...rows].reverse() : rows;
      order.forEach((row, k) => {
        const y = flipped ? 7 - k : k;
        row.replaceChildren(...(flipped ? squares.slice(8 * y, 8 * y + 8).reverse() : squares.slice(8 * y, 8 * y + 8)));
        b.insertBefore(row, b.children[1 + k]);
      });
      writeCoords();
      if (drawn) { const keep = last; last = null; api.update(...drawn); last = keep; }
      if (shown) api.showValues(...shown);
      drawOverlay();
      drawMarks();
    },
    flipped: () => flipped,
    // overlays draws the overlays o ({stable, flips, numbers}, each
    // absent when off) over the position drawn.
    overlays(o) {
      overlay = o || {};
      drawOverlay();
    },
    // marks draws a study's marks on squares ([{square, mark: circle,
    // cross, triangle, square or label, label}]; none: nothing).
    marks(list) {
      markList = list || [];
      drawMarks();
    },
  };
  return api;
}

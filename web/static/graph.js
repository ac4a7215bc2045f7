// The evaluation graph: a game's values for Black in discs, by move; a
// click on it picks a move.

import { svg } from "./dom.js";
import { t, num, signed } from "./i18n.js";

// graph draws the evaluations of the moves for Black, in discs (moves
// whose player gave no disc value have none), against the move number,
// with its axes: +64 at the top, 0 across, -64 at the bottom. A click
// calls onPick with the number of moves played at that point of the
// graph (1 for the first move); at marks the move shown (0: none).
export function graph(points, { plies = 0, onPick = null, at = 0 } = {}) {
  const W = 300, H = 120, left = 24, bottom = 14, top = 4;
  const g = svg("svg", { class: "graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("graph.label") });
  const pts = points.filter((p) => p.v !== undefined);
  const n = Math.max(60, plies, ...pts.map((p) => p.ply + 1));
  const x = (ply) => left + (ply / n) * (W - left - 4);
  const y = (v) => top + (64 - Math.max(-64, Math.min(64, v))) / 128 * (H - top - bottom);
  for (const v of [64, 32, 0, -32, -64]) {
    g.append(svg("line", { x1: left, y1: y(v), x2: W - 4, y2: y(v), class: v === 0 ? "axis zero" : "axis" }));
    const tick = svg("text", { x: left - 3, y: y(v), class: "tick", "text-anchor": "end", "dominant-baseline": "central" });
    tick.textContent = signed(v, 0); g.append(tick);
  }
  for (let m = 0; m <= n; m += 10) {
    const tick = svg("text", { x: x(m), y: H - 3, class: "tick", "text-anchor": "middle" }); tick.textContent = num(m); g.append(tick);
  }
  if (at > 0) g.append(svg("line", { x1: x(at - 1), y1: top, x2: x(at - 1), y2: H - bottom, class: "at" }));
  if (pts.length) {
    g.append(svg("polyline", { class: "line", points: pts.map((p) => `${x(p.ply)},${y(p.v)}`).join(" ") }));
    for (const p of pts) {
      const c = svg("circle", { cx: x(p.ply), cy: y(p.v), r: 2, class: "dot", "data-ply": p.ply + 1 });
      const tip = svg("title"); tip.textContent = t("graph.point", { n: num(p.ply + 1), value: signed(p.v, 1) }); c.append(tip);
      g.append(c);
    }
  }
  if (onPick && plies > 0) {
    g.classList.add("pick");
    g.addEventListener("click", (e) => {
      const m = g.getScreenCTM();
      if (!m) return;
      const gx = (e.clientX - m.e) / m.a; // the click in the graph's units
      onPick(Math.max(1, Math.min(plies, Math.round((gx - left) / (W - left - 4) * n) + 1)));
    });
  }
  return g;
}

// The evaluation graph: a game's values for Black in discs, by move.

import { svg } from "./dom.js";

// graph draws the evaluations of the moves for Black, in discs (moves
// whose player gave no disc value have none), against the move number,
// with its axes: +64 at the top, 0 across, -64 at the bottom.
export function graph(points) {
  const W = 300, H = 120, left = 24, bottom = 14, top = 4;
  const g = svg("svg", { class: "graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "evaluation for Black in discs, by move" });
  const pts = points.filter((p) => p.v !== undefined);
  const n = Math.max(60, ...pts.map((p) => p.ply + 1));
  const x = (ply) => left + (ply / n) * (W - left - 4);
  const y = (v) => top + (64 - Math.max(-64, Math.min(64, v))) / 128 * (H - top - bottom);
  for (const v of [64, 32, 0, -32, -64]) {
    g.append(svg("line", { x1: left, y1: y(v), x2: W - 4, y2: y(v), class: v === 0 ? "axis zero" : "axis" }));
    const t = svg("text", { x: left - 3, y: y(v), class: "tick", "text-anchor": "end", "dominant-baseline": "central" }); t.textContent = (v > 0 ? "+" : "") + v; g.append(t);
  }
  for (let m = 0; m <= n; m += 10) {
    const t = svg("text", { x: x(m), y: H - 3, class: "tick", "text-anchor": "middle" }); t.textContent = m; g.append(t);
  }
  if (pts.length) {
    g.append(svg("polyline", { class: "line", points: pts.map((p) => `${x(p.ply)},${y(p.v)}`).join(" ") }));
    for (const p of pts) {
      const c = svg("circle", { cx: x(p.ply), cy: y(p.v), r: 2, class: "dot" });
      const tip = svg("title"); tip.textContent = `move ${p.ply + 1}: ${p.v > 0 ? "+" : ""}${p.v.toFixed(1)} for Black`; c.append(tip);
      g.append(c);
    }
  }
  return g;
}

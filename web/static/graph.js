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

// lineGraph draws series of values by position (index k: the position
// after k moves, 0 the start), on a value axis from yMin to yMax with
// ticks at yTicks and the position axis below, labelled (unitKey names
// the values' unit). Hovering shows the values at the nearest position
// (readout(k) says them); a click calls onPick(k); at marks the position
// shown (-1: none).
export function lineGraph({ series, positions, yMin, yMax, yTicks, label, unit, readout, onPick = null, at = -1, id }) {
  const W = 300, H = 120, left = 24, bottom = 14, top = 10;
  const g = svg("svg", { class: "graph", id, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  const n = Math.max(60, positions);
  const x = (k) => left + (k / n) * (W - left - 4);
  const y = (v) => top + (yMax - Math.max(yMin, Math.min(yMax, v))) / (yMax - yMin) * (H - top - bottom);
  const text = (attrs, s) => { const e = svg("text", attrs); e.textContent = s; g.append(e); return e; };
  for (const v of yTicks) {
    g.append(svg("line", { x1: left, y1: y(v), x2: W - 4, y2: y(v), class: v === 0 ? "axis zero" : "axis" }));
    text({ x: left - 3, y: y(v), class: "tick", "text-anchor": "end", "dominant-baseline": "central" }, yMin < 0 ? signed(v, 0) : num(v));
  }
  for (let m = 0; m <= n; m += 10) text({ x: x(m), y: H - 3, class: "tick", "text-anchor": "middle" }, num(m));
  text({ x: left, y: 7, class: "tick unit" }, unit);
  if (at >= 0) g.append(svg("line", { x1: x(at), y1: top, x2: x(at), y2: H - bottom, class: "at" }));
  for (const s of series) {
    const pts = s.values.map((v, k) => [k, v]).filter(([, v]) => v !== null && v !== undefined);
    if (pts.length) g.append(svg("polyline", { class: "line " + (s.cls || ""), points: pts.map(([k, v]) => `${x(k)},${y(v)}`).join(" ") }));
    if (s.dots) for (const [k, v] of pts) {
      const c = svg("circle", { cx: x(k), cy: y(v), r: 1.6, class: "dot", "data-k": k });
      const tip = svg("title"); tip.textContent = readout(k); c.append(tip);
      g.append(c);
    }
  }
  // The hover: a line at the nearest position and its values, written at
  // the top (and kept in data-hover, for tests).
  const hoverLine = svg("line", { y1: top, y2: H - bottom, class: "hover", visibility: "hidden" });
  const hoverText = text({ x: W - 4, y: 7, class: "tick hover-text", "text-anchor": "end" }, "");
  g.append(hoverLine);
  const place = (e) => {
    const m = g.getScreenCTM();
    if (!m) return null;
    const gx = (e.clientX - m.e) / m.a; // the pointer in the graph's units
    return Math.max(0, Math.min(positions, Math.round((gx - left) / (W - left - 4) * n)));
  };
  g.addEventListener("mousemove", (e) => {
    const k = place(e);
    if (k === null) return;
    hoverLine.setAttribute("x1", x(k)); hoverLine.setAttribute("x2", x(k)); hoverLine.setAttribute("visibility", "visible");
    hoverText.textContent = readout(k);
    g.dataset.hover = k;
  });
  g.addEventListener("mouseleave", () => { hoverLine.setAttribute("visibility", "hidden"); hoverText.textContent = ""; delete g.dataset.hover; });
  if (onPick) {
    g.classList.add("pick");
    g.addEventListener("click", (e) => { const k = place(e); if (k !== null) onPick(k); });
  }
  return g;
}

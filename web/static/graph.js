// The graphs of a game: series of values by position (the evaluation for
// Black in discs, the discs lost), with their axes, the values on hover;
// a click picks a position.

import { svg } from "./dom.js";
import { t, num, signed } from "./i18n.js";

// lineGraph draws series of values by position (index k: the position
// after k moves, 0 the start), on a value axis from yMin to yMax with
// ticks at yTicks and the position axis below, labelled (unitKey names
// the values' unit). Hovering shows the values at the nearest position
// (readout(k) says them); a click calls onPick(k); at marks the position
// shown (-1: none). The position axis spans 60 moves (or positions, if
// more) with a tick every 10, unless span and step say otherwise (a
// rating's graph: its games). Bands ([{lo, hi, cls}], values by position
// as a series') are shaded between their two edges, under the series.
export function lineGraph({ series, bands = [], positions, yMin, yMax, yTicks, label, unit, readout, onPick = null, at = -1, id, span = 60, step = 10, tickText = num }) {
  const W = 300, H = 120, left = 24, bottom = 14, top = 10;
  const g = svg("svg", { class: "graph", id, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  const n = Math.max(span, positions);
  const x = (k) => left + (k / n) * (W - left - 4);
  const y = (v) => top + (yMax - Math.max(yMin, Math.min(yMax, v))) / (yMax - yMin) * (H - top - bottom);
  const text = (attrs, s) => { const e = svg("text", attrs); e.textContent = s; g.append(e); return e; };
  for (const v of yTicks) {
    g.append(svg("line", { x1: left, y1: y(v), x2: W - 4, y2: y(v), class: v === 0 ? "axis zero" : "axis" }));
    text({ x: left - 3, y: y(v), class: "tick", "text-anchor": "end", "dominant-baseline": "central" }, yMin < 0 ? signed(v, 0) : tickText(v));
  }
  for (let m = 0; m <= n; m += step) text({ x: x(m), y: H - 3, class: "tick", "text-anchor": "middle" }, num(m));
  text({ x: left, y: 7, class: "tick unit" }, unit);
  if (at >= 0) g.append(svg("line", { x1: x(at), y1: top, x2: x(at), y2: H - bottom, class: "at" }));
  for (const b of bands) {
    const ks = b.lo.map((v, k) => k).filter((k) => b.lo[k] != null && b.hi[k] != null);
    if (!ks.length) continue;
    if (ks.length === 1) { // a bar at its one position
      const [k] = ks;
      g.append(svg("rect", { class: "band " + (b.cls || ""), x: x(k) - 2, width: 4, y: y(b.hi[k]), height: Math.max(0, y(b.lo[k]) - y(b.hi[k])), "data-positions": 1 }));
      continue;
    }
    const edge = [...ks.map((k) => `${x(k)},${y(b.hi[k])}`), ...ks.reverse().map((k) => `${x(k)},${y(b.lo[k])}`)];
    g.append(svg("polygon", { class: "band " + (b.cls || ""), points: edge.join(" "), "data-positions": ks.length }));
  }
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

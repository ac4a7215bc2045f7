// Hints as players set them: which search gives the values, how many
// moves get one, whether the opponent's turn has them too (remembered in
// local storage); the book's values beside the search's; the legend of
// the values' colours.

import { el } from "./dom.js";
import { t, num } from "./i18n.js";
import { SOURCES } from "./board.js";

// SEARCHES are the searches a player may choose for the values, as
// [spec, key of the label, its parameters]: a depth (exact and
// win/loss/draw near the end, as deep as the depth allows) or a time.
export const SEARCHES = [
  ["engine:depth=4,exact=10,wld=12", "hints.depth", { depth: 4 }],
  ["engine:depth=8,exact=12,wld=14", "hints.depth", { depth: 8 }],
  ["engine:depth=12,exact=16,wld=18", "hints.depth", { depth: 12 }],
  ["engine:time=1s,exact=16,wld=18", "hints.time", { n: 1 }],
  ["engine:time=3s,exact=18,wld=20", "hints.time", { n: 3 }],
];
const COUNTS = ["all", "1", "3", "5"];
const KEY = "reversi-hints";

// searchLabel names a search of SEARCHES.
export function searchLabel(spec) {
  const s = SEARCHES.find(([v]) => v === spec) || SEARCHES[1];
  const p = { ...s[2] };
  for (const k of Object.keys(p)) p[k] = num(p[k]);
  return t(s[1], p);
}

// loadPrefs returns the settings remembered, or the defaults: every
// move valued, at depth 8, on both sides' turns, the book and the
// computer's thinking shown.
export function loadPrefs() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (_) {}
  return {
    count: COUNTS.includes(p.count) ? p.count : "all",
    search: SEARCHES.some(([v]) => v === p.search) ? p.search : SEARCHES[1][0],
    opponent: p.opponent !== false,
    book: p.book !== false,
    thinking: p.thinking !== false,
  };
}

export function savePrefs(p) {
  try { localStorage.setItem(KEY, JSON.stringify(p)); } catch (_) {}
}

// withBook is the values of a position: the search's moves, each book
// move's taking its square's place with the book's value (source
// "book").
export function withBook(moves, book) {
  const out = new Map((moves || []).map((m) => [m.move, m]));
  for (const b of book || []) out.set(b.move, { move: b.move, eval: b.eval, kind: "book", depth: b.depth });
  return [...out.values()];
}

// best keeps the count best moves (count "all": every one).
export function best(moves, count) {
  if (!moves || count === "all") return moves;
  return moves.filter((m) => m.eval !== undefined).sort((a, b) => b.eval - a.eval).slice(0, +count);
}

// settings are the controls of prefs; onChange is called after each
// change, once it is remembered.
export function settings(prefs, onChange) {
  const change = (k, v) => { prefs[k] = v; savePrefs(prefs); onChange(k); };
  const count = el("select", { id: "hint-count", on: { change: (e) => change("count", e.target.value) } },
    COUNTS.map((c) => el("option", { value: c, selected: c === prefs.count ? "selected" : null, text: c === "all" ? t("hints.all") : t("hints.best", { n: num(+c) }) })));
  const search = el("select", { id: "hint-search", on: { change: (e) => change("search", e.target.value) } },
    SEARCHES.map(([v]) => el("option", { value: v, selected: v === prefs.search ? "selected" : null, text: searchLabel(v) })));
  const opponent = el("input", { type: "checkbox", id: "hint-opponent", checked: prefs.opponent ? "checked" : null, on: { change: (e) => change("opponent", e.target.checked) } });
  return el("details", { class: "settings-box", id: "hint-settings" }, el("summary", { text: t("hints.settings") }),
    el("div", { class: "settings" },
      el("label", { class: "toggle", for: "hint-count" }, t("hints.count")), count,
      el("label", { class: "toggle", for: "hint-search" }, t("hints.search")), search,
      el("label", { class: "toggle" }, opponent, t("hints.opponent"))));
}

// legend says what the colours of the values mean.
export function legend() {
  const sample = { book: "+2", exact: "+4", wld: t("value.win"), depth: "+1.5", playouts: "55%" };
  return el("ul", { class: "legend", id: "legend", "aria-label": t("legend.label") },
    SOURCES.map((s) => el("li", { "data-source": s }, el("span", { class: "swatch src-" + s, "aria-hidden": "true", text: sample[s] }), t("legend." + s))),
    // A bound of the engine's thinking (shown with values that have one).
    el("li", { id: "legend-upper", hidden: "hidden" }, el("span", { class: "swatch src-depth", "aria-hidden": "true", text: "≤-1" }), t("legend.upper")));
}

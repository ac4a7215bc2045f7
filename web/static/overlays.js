// Board overlays as players set them (remembered in local storage): the
// stable discs marked, the discs a legal move would flip shown while the
// pointer or the focus is on its square, and the move numbers on the
// discs. The server says which discs are stable and what each move flips
// (POST /api/position, a game's state): the page keeps no rules.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "reversi-overlays";
export const OVERLAYS = ["stable", "flips", "numbers"];

// loadOverlays returns the overlays remembered on or off (all off at
// first).
export function loadOverlays() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (_) {}
  return Object.fromEntries(OVERLAYS.map((k) => [k, p[k] === true]));
}

function saveOverlays(p) {
  try { localStorage.setItem(KEY, JSON.stringify(p)); } catch (_) {}
}

// placedAt is the ply at which each disc of a line of moves was placed
// (passes count as plies, as in the move list): {"F5": 1, "D6": 2, ...}.
export function placedAt(moves) {
  const out = {};
  (moves || []).forEach((m, i) => { if (m && m !== "PA") out[m] = i + 1; });
  return out;
}

// overlaySettings are the overlays' switches (those of which, by
// default all); onChange is called after each change, once remembered.
export function overlaySettings(prefs, onChange, which = OVERLAYS) {
  const box = (k) => el("label", { class: "toggle" },
    el("input", { type: "checkbox", id: "overlay-" + k, checked: prefs[k] ? "checked" : null,
      on: { change: (e) => { prefs[k] = e.target.checked; saveOverlays(prefs); onChange(k); } } }), t("overlays." + k));
  return el("details", { class: "settings-box", id: "overlay-settings" }, el("summary", { text: t("overlays.settings") }),
    el("div", { class: "settings" }, which.map(box)));
}

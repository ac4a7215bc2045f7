// How the page says the things of a game, in its language: the computers'
// names, the sides, results, the depth of a search, values, a clock, the
// openings' names.

import { t, num, signed, percent, language } from "./i18n.js";
import { el } from "./dom.js";

export const fmtClock = (ms) => { ms = Math.max(0, ms); const s = Math.ceil(ms / 1000); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); };

// OPPONENTS are the computers the start page offers: spec and the key of
// its name.
const OPPONENTS = [
  ["engine:level=1,noise=20", "player.engine1"], ["engine:level=4", "player.engine4"], ["engine:level=8", "player.engine8"],
  ["engine:level=12", "player.engine12"], ["engine:level=60,time=2s", "player.engine60"],
  ["mcts:time=1s", "player.mcts1s"], ["alphabeta", "player.alphabeta7"],
  ["roxanne", "player.roxanne"], ["greedy", "player.greedy"], ["random", "player.random"],
];

// opponents are the computers the start page offers, as [spec, name].
export const opponents = () => OPPONENTS.map(([spec, key]) => [spec, t(key)]);

// displayName turns a built-in player's spec, as the server names it
// ("engine:level=5"), into the name the start page gives it.
export function displayName(name) {
  const known = OPPONENTS.find(([v]) => v === name);
  if (known) return t(known[1]);
  let m = /^engine(?::level=(\d+))?/.exec(name);
  if (m) return m[1] ? t("player.engineLevel", { level: num(+m[1]) }) : t("player.engine");
  if (/^mcts(:|$)/.test(name)) return t("player.mcts");
  if (/^alphabeta(:|$)/.test(name)) return t("player.alphabeta");
  if (/^minimax(:|$)/.test(name)) return t("player.minimax");
  m = /^(random|greedy|positional|roxanne|mobility|stable|parity|evaporation)(:|$)/.exec(name);
  return m ? t("player." + m[1]) : name;
}

// defaultName is how the page names, in its own language, a person (or a
// bot) at color who gave no name (the page gives none: the server stores
// none, so that each reader sees it in theirs): by their colour if the
// other player gave none either (or is still to come), else "Player".
const defaultName = (color, otherUnnamed) => t(!otherUnnamed ? "name.player" : color === "black" ? "name.blackPlayer" : "name.whitePlayer");

// seatName is the player of game s at color as the page names it.
export function seatName(s, color) {
  const seat = s[color], other = s[color === "black" ? "white" : "black"];
  if (seat.kind === "builtin") return displayName(seat.name);
  if (seat.kind === "open") return t("seat.openName");
  return seat.unnamed ? defaultName(color, !!other?.unnamed || other?.kind === "open") : seat.name;
}

// listName is the player at color of g, a game of the list (GET
// /api/games: its black and white names, "" for a player who gave none),
// as the page names it.
export const listName = (g, color) => (g[color] ? displayName(g[color]) : defaultName(color, !g[color === "black" ? "white" : "black"]));

// side names a colour inside a sentence ("black"); Side at the start of
// one, or alone ("Black").
export const side = (color) => t("side." + color);
export const Side = (color) => t("color." + color);

// why says how a rule decided a game ("resigned"), or "" for a game
// scored by the discs; scored tells those.
const WHY = { "resignation": "why.resignation", "timeout": "why.timeout", "illegal moves": "why.illegal", "forfeit": "why.forfeit",
  "stopped and counted": "why.counted", "abandoned": "why.abandoned" };
const why = (r) => (WHY[r.reason] ? t(WHY[r.reason]) : r.reason === "normal end" ? "" : r.reason);
const scored = (r) => r.reason === "normal end" || r.reason === "stopped and counted";

// duration writes a Go duration the server gives ("12s", "1m30s",
// "500ms") as seconds or minutes.
export function duration(d) {
  const m = /^(?:(\d+)m)?(?:(\d+(?:\.\d+)?)(s|ms))?$/.exec(d || "");
  if (!m || (!m[1] && !m[2])) return d;
  const seconds = (+m[1] || 0) * 60 + (m[3] === "ms" ? +m[2] / 1000 : +m[2] || 0);
  return seconds >= 60 && seconds % 60 === 0 ? t("unit.minutes", { n: num(seconds / 60) }) : t("unit.seconds", { n: num(seconds) });
}

// detailText says why a game ended in the referee's words, translated
// when known; an unknown detail is shown in English only.
function detailText(d) {
  if (!d) return "";
  let m;
  if (d === "game clock exhausted") return t("detail.clock");
  if ((m = /^no move within (\S+)$/.exec(d))) return t("detail.moveTime", { limit: duration(m[1]) });
  if ((m = /^(\d+) illegal moves/.exec(d))) return t("detail.illegal", { n: num(+m[1]) });
  if ((m = /^nobody took the open seat within (\S+)$/.exec(d))) return t("detail.idle", { limit: duration(m[1]) });
  if ((m = /^abandoned: no move for (\S+)$/.exec(d))) return t("detail.left", { limit: duration(m[1]) });
  return language() === "en" ? d : "";
}

// resultText says how a finished game ended, for the list of games: the
// discs for a game scored by them, the reason for one decided by a rule.
export function resultText(r) {
  if (r.reason === "abandoned") return t("list.abandoned");
  const who = r.winner === "none" ? t("list.draw") : t("list.won", { side: side(r.winner) });
  const w = why(r);
  return !scored(r) && w ? t("list.byRule", { who, by: side(r.by), why: w }) : t("list.scored", { who, black: num(r.black), white: num(r.white) });
}

// finalText says how a game ended, for its page: the winner and the
// discs; for a game decided by a rule, the reason first and the discs as
// they stood.
export function finalText(r, game) {
  const who = r.reason === "abandoned" ? t("result.none") : r.winner === "none" ? t("result.draw")
    : t("result.wins", { name: seatName(game, r.winner), side: side(r.winner) });
  const w = why(r), by = r.by ? side(r.by) : "";
  const black = num(r.black), white = num(r.white);
  if (scored(r)) {
    return w ? t("result.scoredBy", { who, black, white, by, why: w }) : t("result.scored", { who, black, white });
  }
  const detail = detailText(r.detail);
  return t("result.rule", { who, by, why: w, detail: detail ? t("result.detail", { detail }) : "", black, white });
}

// depthNote is the depth of a computer's search as the page shows it:
// "12", "18 at 95%" (a selective search), "7 (stopped)".
export function depthNote(th) {
  let s = num(th.depth ?? 0);
  if (th.probability) s = t("depth.probability", { depth: s, p: num(th.probability) });
  if (th.stopped) s = t("depth.stopped", { depth: s });
  return s;
}

// valueText writes a value in its unit: a win rate as a percentage, a
// heuristic's points whole and named so (not discs), discs with their
// sign and one decimal.
export const valueText = (v, unit) => (v === undefined ? "" : unit === "rate" ? percent(v)
  : unit === "points" ? t("value.points", { v: signed(v, 0) }) : signed(v, 1));

// forBlack is a computer's value (th.eval, for the side th.for) for
// Black, the point of view of the game's lines and graph: a margin or
// points negated, a win rate taken from 1.
export function forBlack(th) {
  if (th.eval === undefined || th.eval === null || th.for !== "white") return th.eval;
  return th.unit === "rate" ? 1 - th.eval : -th.eval;
}

// howText says how a computer found a value: "exact", "win/loss solved",
// "12,345 playouts", "depth 12".
export function howText(th) {
  if (th.kind === "exact") return t("kind.exact");
  if (th.kind === "wld") return t("kind.wld");
  if (th.kind === "playouts") return t("kind.playouts", { n: num(th.nodes || 0) });
  return t("kind.depth", { depth: depthNote(th) });
}

// openingName is what the page shows of an opening, as nodes: its name in
// the page's language (the table's "opening." + its English name), a dot,
// and the English as the server gives it, smaller, to look it up by
// ("虎 · Tiger", "水牛 · Buffalo (Kenichi Variation)": the English keeps
// its own brackets and gets none more); the English alone in English, or
// for a name the table lacks. full is the name with its other names
// ("Aubrey (Tanaka)"), name the name alone.
export function openingName(full, name) {
  const here = name ? t("opening." + name) : "";
  if (!here || here === "opening." + name || here === name) return [el("span", { translate: "no", class: "opening-en", text: full })];
  return [el("span", { class: "opening-name", text: here }), " · ", el("small", { translate: "no", class: "opening-en", text: full })];
}

// A game as the page follows it: loaded once (a stored game, or a record
// the server reads), then kept live over its WebSocket: each newer state
// as it comes, resynced by version after a reconnection, which waits
// longer after each failure.

import { api } from "./api.js";
import { recognise } from "./formats.js";
import { ggfOf } from "./review.js";
import { t } from "./i18n.js";

// RETRY is the wait (ms) before the first reconnection; each failure
// doubles it, up to MAX_RETRY.
export const RETRY = 500, MAX_RETRY = 8000;

// nextRetry is the wait after one of ms that failed again.
export const nextRetry = (ms) => Math.min(ms * 2, MAX_RETRY);

// hello is the message that opens a connection (and a reconnection): the
// version the page shows (undefined: none yet), for the server to send
// what is newer, and the seat's token ("": a spectator), which tells the
// server that the seat's player sees the board.
export function hello(version, token) {
  return { type: "hello", ...(version !== undefined ? { version } : {}), ...(token ? { token } : {}) };
}

// fresh says whether message m of the WebSocket is a game state to show:
// one at least as new as the version shown (undefined: none yet).
export const fresh = (m, version) => m.type === "state" && (version === undefined || m.version >= version);

// newer says whether game g, a request's answer, replaces the state shown
// (null: none): not if the WebSocket brought a newer one meanwhile.
export const newer = (g, shown) => !shown || g.version >= shown.version;

// moved says whether state next has more moves than prev (an undo has
// fewer): a move was played.
export const moved = (prev, next) => next.moves.length > prev.moves.length;

// watchGame follows a game over its WebSocket, reconnecting with a
// growing delay: onState gets each state newer than version() (the
// version the page shows, sent on reconnection so the server can resync
// it). token() is the token of the seat this browser plays ("" for a
// spectator), given in the hello; onBack() is called when a connection
// lost is made again (the server answers again). It returns a function
// that stops watching; its hello() says hello again (a seat just taken).
export function watchGame(id, version, onState, token = () => "", onBack = () => {}) {
  let ws = null, retry = RETRY, stopped = false, lost = false;
  const sayHello = () => {
    if (ws?.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify(hello(version(), token())));
  };
  function connect() {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + `/api/games/${id}/ws`);
    ws.onopen = () => { retry = RETRY; sayHello(); if (lost) { lost = false; onBack(); } };
    ws.onmessage = (m) => {
      const e = JSON.parse(m.data);
      if (fresh(e, version())) onState(e.game);
    };
    ws.onclose = () => { if (stopped) return; lost = true; setTimeout(connect, retry); retry = nextRetry(retry); };
  }
  connect();
  return Object.assign(() => { stopped = true; ws?.close(); }, { hello: sayHello });
}

// follow loads game id, or reads record (a GGF game or a transcript no
// server game holds, followed no further), and gives onState its state,
// then each newer one; onFail(e) says why it could not be loaded, and
// onBack() that the server answers again after the connection was lost.
// version() is the version shown, token() the seat's token ("": none).
// Each state says which accounts play the seats (accounts: their names).
// It returns {stop, hello}: stop ends it, hello says hello again (a seat
// just taken).
export function follow({ id, record, version, token, onState, onFail, onBack }) {
  let stopped = false, watch = null;
  // The names of the accounts at the seats come with the first state
  // only (?accounts=1): each later state keeps them.
  (record ? recordState(record) : api("GET", "/api/games/" + id + "?accounts=1")).then((g) => {
    if (stopped) return;
    onState(g);
    const keep = (s) => onState(g.accounts && !s.accounts ? { ...s, accounts: g.accounts } : s);
    if (!record) watch = watchGame(id, version, keep, token, onBack);
  }).catch((e) => { if (!stopped) onFail(e); });
  return { stop() { stopped = true; watch?.(); }, hello() { watch?.hello(); } };
}

// recordState is the state of a record as the game page draws it: the
// server reads it (POST /api/position).
async function recordState(text) {
  const what = recognise(text);
  if (!what) throw Object.assign(new Error(t("review.nothing")), { translated: true });
  return recordGame(what, await api("POST", "/api/position", what));
}

// recordGame is the state of a game as the game page draws it, for a
// record that no server game holds: what (formats.js's recognise) and p,
// the server's reading of it (its start and moves), with its players'
// names (a GGF game's, else their colours), finished where the record
// ends, and its GGF (ggf: the record's own, or written from its moves).
export function recordGame(what, p) {
  const name = (tag, color) => new RegExp(tag + "\\[([^\\]]*)\\]").exec(what.ggf || "")?.[1]?.trim() || t("color." + color);
  const moves = [];
  let color = p.start.endsWith(" O") ? "white" : "black";
  for (let i = 0; i + 1 < p.transcript.length; i += 2) {
    moves.push({ ply: i / 2, color, square: p.transcript.slice(i, i + 2).toUpperCase() });
    color = color === "black" ? "white" : "black";
  }
  const count = (c) => [...p.board].filter((x) => x === c).length, b = count("X"), w = count("O");
  // Its GGF: the record's own, or its moves (passes as PA) from its start.
  const ggf = what.ggf || ggfOf(p.start, moves.map((m) => m.square));
  return { id: "", version: 0, record: true, ggf, over: p.over, status: "finished", board: p.board, start: p.start, legal: [], moves,
    transcript: p.transcript, opening: p.opening, opening_name: p.opening_name, turn: p.turn, book: p.book, stable: p.stable, move_time_ms: 0, game_time_ms: 0,
    black: { kind: "human", name: name("PB", "black"), discs: b, clock_used_ms: 0 }, white: { kind: "human", name: name("PW", "white"), discs: w, clock_used_ms: 0 },
    result: { winner: b > w ? "black" : w > b ? "white" : "none", reason: "normal end", black: b, white: w, score: b - w } };
}

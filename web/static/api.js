// The server's JSON API: requests and their errors in the page's
// language, analysis, the seats this browser holds (a game's WebSocket is
// live.js's).

import { t, num, language, hasText } from "./i18n.js";

// ApiError is an answer of the server that is not a success: its HTTP
// status, the server's own (English) message, its code (docs/API.md's
// "Error codes") and, for a record's move that cannot be played, which
// (move: its number, moveText: as written).
export class ApiError extends Error {
  constructor(status, message, code = "", move = 0, moveText = "") {
    super(message);
    this.status = status;
    this.code = code;
    this.move = move;
    this.moveText = moveText;
  }
}

// apiError makes the ApiError of an error answer's body.
const apiError = (status, data, fallback) => new ApiError(status, data.error || fallback, data.code || "", data.move || 0, data.move_text || "");

// api sends a request and answers its JSON; signal, if given, aborts it
// (an AbortError).
export async function api(method, path, body, signal) {
  let r;
  try {
    r = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined, signal });
  } catch (e) {
    if (e.name !== "AbortError") e.network = true; // no answer at all
    throw e;
  }
  let data = {};
  try { data = await r.json(); } catch (_) {}
  if (!r.ok) throw apiError(r.status, data, r.statusText);
  return data;
}

// errorText says what went wrong, as the page shows it. In English the
// server's own words (they are precise); in another language the text of
// the error's code (the server's words are logged in the console), and
// for a failure of the page itself a sentence of its own. An error
// marked translated is the page's, in its language already.
export function errorText(e) {
  if (e?.network) return t("error.network");
  if (e?.translated) return e.message; // the page's own, in its language
  if (language() === "en") return String(e?.message ?? e);
  if (!(e instanceof ApiError)) { console.info("the page failed:", e); return t("error.page"); }
  console.info("the server says:", e.message);
  const key = "error." + e.code;
  return e.code && hasText(key) ? t(key, { n: num(e.move), move: e.moveText }) : t("error.request");
}

// tokenKey is where local storage keeps this browser's seat of a game.
export const tokenKey = (id) => "reversi-seat-" + id;

export async function analyse(position, playerSpec) {
  return api("POST", "/api/analyze", { ...position, player: playerSpec });
}

// analyseLive analyses a position as analyse does, with what the player
// has found so far given to onReport as it thinks (the server streams one
// JSON object a line); it returns the answer. signal stops it (an
// AbortError).
export async function analyseLive(position, playerSpec, onReport, signal) {
  let r;
  try {
    r = await fetch("/api/analyze?stream=1", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...position, player: playerSpec }), signal });
  } catch (e) { if (e.name !== "AbortError") e.network = true; throw e; }
  if (!r.ok) {
    let data = {};
    try { data = await r.json(); } catch (_) {}
    throw apiError(r.status, data, r.statusText);
  }
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "", answer = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    let nl;
    while ((nl = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, nl).trim();
      rest = rest.slice(nl + 1);
      if (!line) continue;
      const m = JSON.parse(line);
      if (m.error) throw apiError(503, m, "the analysis failed");
      if (m.done || m.over) answer = m;
      else onReport(m);
    }
  }
  if (!answer) throw new ApiError(503, "the analysis ended without an answer", "analysis_failed");
  return answer;
}

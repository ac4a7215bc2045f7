// The server's JSON API: requests and their errors in the page's
// language, analysis, the seats this browser holds (a game's WebSocket is
// live.js's).

import { t, num, language } from "./i18n.js";

// ApiError is an answer of the server that is not a success: its HTTP
// status and the server's own (English) message.
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

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
  if (!r.ok) throw new ApiError(r.status, data.error || r.statusText);
  return data;
}

// errorText says what went wrong, as the page shows it. In English the
// server's own words (they are precise); in another language the kind of
// error, told by its message or its status (the server's words are
// logged in the console), and for a failure of the page itself a
// sentence of its own. An error marked translated is the page's, in its
// language already.
export function errorText(e) {
  if (e?.network) return t("error.network");
  if (e?.translated) return e.message; // the page's own, in its language
  if (language() === "en") return String(e?.message ?? e);
  if (!(e instanceof ApiError)) { console.info("the page failed:", e); return t("error.page"); }
  console.info("the server says:", e.message);
  // A transcript's move that cannot be played: which one.
  const bad = /^transcript: transcript move (\d+) \(([^)]*)\)/.exec(e.message);
  if (bad) return t("error.transcriptMove", { n: num(+bad[1]), move: bad[2] });
  // A GGF game's move that cannot be read or played: "move 14 W[c9]" (the
  // parser's) or "move 14 (C9) under the ... rule" (the server's).
  const badGGF = /^ggf: (?:game \d+: )?move (\d+) (?:[BW]\[([^\]]*)\]|\(([^)]*)\))/.exec(e.message);
  if (badGGF) return t("error.ggfMove", { n: num(+badGGF[1]), move: badGGF[2] ?? badGGF[3] });
  const known = [[/^no such game/, "error.noGame"], [/^too many requests|live connections open/, "error.tooMany"],
    [/busy analysing/, "error.busy"], [/^board:/, "error.board"], [/^transcript:/, "error.transcript"], [/^ggf:/, "error.ggf"],
    [/give at least 2 characters/, "error.wthorShort"], [/: at most \d+ characters/, "error.wthorLong"], [/is not a year/, "error.wthorYear"],
    [/give a player, a tournament or a year/, "error.wthorEmpty"], [/can switch sides/, "error.switch"]];
  for (const [re, key] of known) if (re.test(e.message)) return t(key);
  return t({ 403: "error.forbidden", 404: "error.noGame", 409: "error.conflict", 422: "error.refused", 429: "error.tooMany", 503: "error.busy" }[e.status] || "error.request");
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
    throw new ApiError(r.status, data.error || r.statusText);
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
      if (m.error) throw new ApiError(503, m.error);
      if (m.done || m.over) answer = m;
      else onReport(m);
    }
  }
  if (!answer) throw new ApiError(503, "the analysis ended without an answer");
  return answer;
}

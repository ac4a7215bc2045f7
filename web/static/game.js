// The game page: a game as its players and spectators see it, live.

import { el, copyButton } from "./dom.js";
import { api, analyse, tokenKey, watchGame } from "./api.js";
import { makeBoard, squareName } from "./board.js";
import { graph } from "./graph.js";
import { displayName, depthNote, fmtClock } from "./words.js";

export function gamePage(app, id) {
  // analysisFor is the position (board and side to move) being analysed,
  // valuesFor the one whose values the board shows: values belong to one
  // position and go with it.
  let state = null, seat = null, hints = true, showAnalysis = false, analysisFor = "", valuesFor = "";
  try { seat = JSON.parse(localStorage.getItem(tokenKey(id)) || "null"); } catch (_) {}
  const status = el("div", { class: "status", id: "status", role: "status" });
  const err = el("div", { class: "error", id: "error" });
  const timeWarn = el("div", { class: "error", id: "time-warning", role: "alert", hidden: "hidden" });
  // A click on a square that is not a legal move does nothing: only legal
  // moves are sent (three illegal moves lose a game).
  const board = makeBoard((i) => { if (state?.legal?.includes(squareName(i))) play(squareName(i)); });
  const seatEl = (c) => el("div", { class: "seat", id: "seat-" + c }, el("span", { class: "dot " + c }), el("div", { class: "who" }, el("div", { class: "name" }), el("div", { class: "meta" })), el("span", { class: "count" }));
  const seats = { black: seatEl("black"), white: seatEl("white") };
  const moves = el("div", { class: "moves", id: "moves" });
  const pv = el("div", { class: "pv", id: "pv" });
  const evals = el("div", { id: "graph" });
  const keys = el("input", { class: "keys", type: "text", placeholder: "d3", maxlength: 2, "aria-label": "type a move", on: { keydown: (e) => { if (e.key === "Enter") { play(keys.value.trim()); keys.value = ""; } } } });
  const keyBox = el("span", { class: "small", id: "move-box" }, "Type a move: ", keys);
  const hintBox = el("input", { type: "checkbox", checked: "checked", on: { change: (e) => { hints = e.target.checked; render(); } } });
  const anaBox = el("input", { type: "checkbox", id: "analysis-toggle", on: { change: (e) => { showAnalysis = e.target.checked; analysisFor = ""; render(); } } });
  const undo = el("button", { id: "undo", on: { click: () => send("undo") } }, "Undo");
  const resign = el("button", { id: "resign", on: { click: () => { if (confirm("Resign this game? Resigning loses it, whatever the discs.")) send("resign"); } } }, "Resign");
  const copyT = copyButton("Copy transcript", () => state?.transcript || "", { id: "copy-transcript" });
  const copyG = copyButton("Copy GGF", async () => (await fetch("/api/games/" + id + "/ggf")).text());
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite") || "";
  const join = el("button", { class: "primary", id: "join", on: { click: async () => {
    try {
      const j = await api("POST", `/api/games/${id}/join`, { kind: "human", name: "guest", invite });
      seat = { color: j.color, token: j.token }; localStorage.setItem(tokenKey(id), JSON.stringify(seat));
      history.replaceState(null, "", "/game/" + id); // the invitation is used up
      render();
    } catch (e) { err.textContent = e.message; }
  } } }, "Take the open seat");
  const copyInvite = copyButton("Copy invitation link", () => location.origin + (seat?.invite || location.pathname + location.hash), { id: "copy-invite" });
  app.replaceChildren(el("div", { class: "layout" },
    el("div", {}, el("div", { class: "players" }, seats.black, seats.white), el("div", { class: "boardwrap" }, board.el), status, timeWarn, err),
    el("div", {},
      el("div", { class: "panel" }, el("div", { class: "row", style: "margin-top:0" }, el("label", { class: "toggle" }, hintBox, "Legal moves"), el("label", { class: "toggle" }, anaBox, "Analysis"), keyBox),
        el("div", { class: "row" }, join, copyInvite, undo, resign, copyT, copyG, el("button", { on: { click: () => location.href = "/" } }, "New game"))),
      el("div", { class: "panel" }, el("h2", { text: "Moves" }), moves),
      el("div", { class: "panel" }, el("h2", { text: "Analysis" }), pv, evals, el("p", { class: "small", id: "source" })))));

  async function play(sq) {
    err.textContent = "";
    if (!state || !seat || state.status !== "playing" || state.turn !== seat.color) return;
    if (!/^[a-h][1-8]$/i.test(sq)) { err.textContent = `${sq} is not a square`; return; }
    if (!state.legal.includes(sq.toUpperCase())) { err.textContent = `${sq.toUpperCase()} is not a legal move here; legal moves: ${state.legal.join(" ")}`; return; }
    try { await api("POST", `/api/games/${id}/move`, { token: seat.token, move: sq }); }
    catch (e) { err.textContent = e.message; }
  }
  async function send(what) {
    err.textContent = "";
    try { await api("POST", `/api/games/${id}/${what}`, { token: seat.token }); } catch (e) { err.textContent = e.message; }
  }
  function clocks() {
    if (!state) return;
    for (const c of ["black", "white"]) {
      const s = state[c], meta = seats[c].querySelector(".meta");
      let txt = s.kind === "builtin" ? "computer" : s.kind;
      if (state.game_time_ms && s.clock_left_ms !== undefined) {
        let left = s.clock_left_ms;
        if (state.status === "playing" && state.turn === c && state.turn_since) left -= Date.now() - Date.parse(state.turn_since);
        txt += " · " + fmtClock(left);
      } else if (state.move_time_ms && state.status === "playing" && state.turn === c && state.turn_since) {
        txt += " · " + fmtClock(state.move_time_ms - (Date.now() - Date.parse(state.turn_since))) + " for this move";
      }
      meta.textContent = txt;
    }
    // A warning before a player loses on time: the last 10 seconds of the
    // move (or of the game's clock) on the player's own turn.
    let warn = "";
    if (seat && state.status === "playing" && state.turn === seat.color && state.turn_since) {
      const spent = Date.now() - Date.parse(state.turn_since), mine = state[seat.color];
      const lefts = [];
      if (state.move_time_ms) lefts.push(state.move_time_ms - spent);
      if (state.game_time_ms && mine.clock_left_ms !== undefined) lefts.push(mine.clock_left_ms - spent);
      const left = Math.min(...lefts);
      if (lefts.length && left < 10000) warn = `${Math.max(0, Math.ceil(left / 1000))} s left: move now, or the game is lost on time`;
    }
    timeWarn.textContent = warn;
    timeWarn.hidden = !warn;
  }
  const positionKey = (s) => s.board + " " + (s.turn === "white" ? "O" : "X");
  async function runAnalysis() {
    const key = positionKey(state);
    if (!showAnalysis || state.status === "finished" || analysisFor === key) return;
    analysisFor = key;
    document.getElementById("source").textContent = "analysing…";
    try {
      const a = await analyse({ board: key }, "engine:level=6");
      if (analysisFor !== key || !state || positionKey(state) !== key || state.status === "finished") return; // the position moved on
      board.showValues(a.thinking?.moves, a.thinking?.unit);
      valuesFor = key;
      pv.textContent = a.thinking?.pv?.length ? "Best line: " + a.thinking.pv.join(" ") : "";
      document.getElementById("source").textContent = `engine level 6, ${a.thinking?.kind === "exact" ? "exact endgame solve" : a.thinking?.kind === "wld" ? "win/loss solved" : "depth " + depthNote(a.thinking || {})}, ${a.thinking?.nodes || 0} nodes`;
    } catch (e) { document.getElementById("source").textContent = e.message; }
  }
  function render() {
    if (!state) return;
    const s = state, mine = seat && s.status === "playing" && s.turn === seat.color;
    document.title = `${s.black.name} vs ${s.white.name} · reversi`;
    board.update(s.board, mine ? s.legal : [], s.last_move, hints && mine);
    if (!showAnalysis || s.status === "finished" || valuesFor !== positionKey(s)) { board.showValues(null); valuesFor = ""; }
    for (const c of ["black", "white"]) {
      seats[c].querySelector(".name").textContent = (s[c].kind === "builtin" ? displayName(s[c].name) : s[c].name) + (seat && seat.color === c ? " (you)" : "");
      seats[c].querySelector(".count").textContent = s[c].discs;
      seats[c].classList.toggle("turn", s.status === "playing" && s.turn === c);
    }
    clocks();
    status.className = "status" + (s.status === "finished" ? " over" : "");
    const lastPass = s.moves.length && s.moves[s.moves.length - 1].square === "PA" ? `${s.moves[s.moves.length - 1].color} had no move and passed. ` : "";
    if (s.status === "finished") {
      const r = s.result, who = r.reason === "abandoned" ? "No result" : r.winner === "none" ? "Draw" : `${s[r.winner].kind === "builtin" ? displayName(s[r.winner].name) : s[r.winner].name} (${r.winner}) wins`;
      const why = { "resignation": "resigned", "timeout": "ran out of time", "illegal moves": "lost by illegal moves", "forfeit": "forfeited", "stopped and counted": "stopped and counted", "abandoned": "never came" }[r.reason];
      // Decided by a rule: the reason first, the discs as they stood.
      const scored = r.reason === "normal end" || r.reason === "stopped and counted";
      status.textContent = scored ? `${who}, ${r.black}-${r.white}` + (why ? ` · ${r.by || ""} ${why}` : "")
        : `${who} · ${r.by || ""} ${why || r.reason}${r.detail ? " (" + r.detail + ")" : ""} · board ${r.black}-${r.white}`;
    } else if (s.status === "waiting") {
      status.className = "status warn";
      status.textContent = seat ? "Waiting for your friend: send them the invitation link (this page's address)."
        : invite ? "You are invited: take the open seat to play." : "This game waits for an invited player.";
    } else {
      status.textContent = (seat ? "" : "You are watching. ") + lastPass + (mine ? "Your move" : `${s[s.turn].kind === "builtin" ? displayName(s[s.turn].name) : s[s.turn].name} (${s.turn}) to move` + (s[s.turn].kind === "builtin" ? " · thinking…" : ""));
      if (s.live) {
        const t = s.live, v = t.eval === undefined ? "" : t.unit === "rate" ? Math.round(t.eval * 100) + "%" : (t.eval > 0 ? "+" : "") + t.eval.toFixed(1);
        const how = t.kind === "exact" ? "exact" : t.kind === "wld" ? "win/loss solved" : t.kind === "playouts" ? `${(t.nodes || 0).toLocaleString("en")} playouts` : "depth " + depthNote(t);
        status.append(el("span", { class: "live", text: ` · ${how}: ${v}, line ${(t.pv || []).join(" ").toLowerCase()}` }));
      }
    }
    join.hidden = !(s.status === "waiting" && !seat && invite);
    copyInvite.hidden = !(s.status === "waiting" && seat);
    resign.hidden = !(seat && s.status === "playing");
    // Undo is allowed to a human playing the computer, as the server says.
    const other = seat && (seat.color === "black" ? "white" : "black");
    undo.hidden = !(seat && s.status === "playing" && s[seat.color].kind === "human" && s[other].kind === "builtin");
    keyBox.hidden = !seat || s.status === "finished"; // spectators have no move to type
    moves.replaceChildren(...s.moves.map((m, i) => el("span", {}, i % 2 === 0 ? el("span", { class: "n", text: Math.floor(i / 2) + 1 + "." }) : null, m.square.toLowerCase())));
    moves.scrollTop = moves.scrollHeight;
    const pts = s.moves.map((m, i) => ({ ply: i, v: m.eval === undefined ? undefined : (m.color === "black" ? m.eval : -m.eval) }));
    evals.replaceChildren(el("div", { class: "small", text: "Evaluation for Black in discs, by move (the computers' own values)" }), graph(pts));
    if (s.thinking && !showAnalysis) {
      const t = s.thinking;
      pv.textContent = `Last computer move: ${t.eval !== undefined ? (t.unit === "rate" ? Math.round(t.eval * 100) + "%" : (t.eval > 0 ? "+" : "") + t.eval.toFixed(1)) : ""} ${t.kind === "exact" ? "(exact)" : t.kind === "wld" ? "(win/loss solved)" : t.depth ? "(depth " + depthNote(t) + ")" : ""} ${t.pv?.length ? "line " + t.pv.join(" ") : ""}`;
    }
    runAnalysis();
  }
  // Live updates over a WebSocket, with reconnection.
  api("GET", "/api/games/" + id).then((g) => {
    state = g; render();
    watchGame(id, () => state?.version, (g) => { state = g; render(); });
  }).catch((e) => { app.replaceChildren(el("h1", { text: "No such game" }), el("p", { text: e.message })); });
  setInterval(clocks, 500);
}

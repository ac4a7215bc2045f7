// reversi's web GUI: no build step, no framework. The server is the
// referee: the page sends moves and draws what the server says.

const app = document.getElementById("app");
const FILES = "ABCDEFGH";
const NS = "http://www.w3.org/2000/svg";

const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === "text") e.textContent = v;
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
};
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

async function api(method, path, body) {
  const r = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  let data = {};
  try { data = await r.json(); } catch (_) {}
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.toUpperCase().charCodeAt(0) - 65);
const tokenKey = (id) => "reversi-seat-" + id;
const fmtClock = (ms) => { ms = Math.max(0, ms); const s = Math.ceil(ms / 1000); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); };

// ---------- the board ----------

// drawBoard draws 64 squares with coordinates into an SVG and returns the
// functions that update it.
function makeBoard(onClick) {
  // A grid of eight rows of eight cells: each square can be focused (one
  // at a time, moved with the arrow keys), says what is on it, and is
  // played with Enter or Space as with a click.
  const b = svg("svg", { viewBox: "-0.4 -0.4 8.55 8.55", class: "board", role: "grid", "aria-label": "board" });
  b.append(svg("rect", { x: -0.4, y: -0.4, width: 8.55, height: 8.55, fill: "#155c3d", "aria-hidden": "true" }));
  const squares = [], discs = [], marks = svg("g", { "aria-hidden": "true" }), values = svg("g", { "aria-hidden": "true" });
  let focusAt = 19; // D3
  const rows = [];
  for (let y = 0; y < 8; y++) { const row = svg("g", { role: "row" }); rows.push(row); b.append(row); }
  for (let i = 0; i < 64; i++) {
    const x = i % 8, y = Math.floor(i / 8);
    const r = svg("rect", { x, y, width: 1, height: 1, class: "sq", "data-square": squareName(i), role: "gridcell", tabindex: i === focusAt ? "0" : "-1", "aria-label": squareName(i) });
    r.addEventListener("click", () => onClick(i));
    r.addEventListener("focus", () => { squares[focusAt].setAttribute("tabindex", "-1"); focusAt = i; r.setAttribute("tabindex", "0"); });
    squares.push(r);
    rows[y].append(r);
  }
  b.addEventListener("keydown", (e) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    if (e.key in moves) {
      const dx = moves[e.key], to = focusAt + dx;
      if (to < 0 || to > 63 || (Math.abs(dx) === 1 && Math.floor(to / 8) !== Math.floor(focusAt / 8))) return;
      e.preventDefault();
      squares[to].focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onClick(focusAt);
    }
  });
  for (let i = 0; i < 8; i++) {
    const f = svg("text", { x: i + 0.5, y: -0.2, class: "coord" }); f.textContent = FILES[i]; b.append(f);
    const n = svg("text", { x: -0.2, y: i + 0.5, class: "coord" }); n.textContent = i + 1; b.append(n);
  }
  for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) b.append(svg("circle", { cx: x, cy: y, r: 0.06, fill: "#0f4a33" }));
  for (let i = 0; i < 64; i++) {
    const c = svg("circle", { cx: i % 8 + 0.5, cy: Math.floor(i / 8) + 0.5, r: 0.4, class: "disc", visibility: "hidden" });
    discs.push(c); b.append(c);
  }
  b.append(marks, values);
  let last = null;
  return {
    el: b,
    // update draws a 64-character board (X, O, -), flipping discs that
    // changed colour, marking legal squares and the last move.
    update(board, legal, lastMove, hints) {
      for (let i = 0; i < 64; i++) {
        const ch = board[i], d = discs[i];
        const cls = ch === "X" ? "black" : ch === "O" ? "white" : "";
        const before = d.getAttribute("data-c") || "";
        if (!cls) { d.setAttribute("visibility", "hidden"); d.setAttribute("data-c", ""); continue; }
        d.setAttribute("visibility", "visible");
        d.setAttribute("class", "disc " + cls + (last && before && before !== cls ? " flip" : ""));
        d.setAttribute("data-c", cls);
      }
      last = board;
      marks.replaceChildren();
      const legalSet = new Set(legal || []);
      squares.forEach((r, i) => {
        r.setAttribute("class", "sq" + (legalSet.has(squareName(i)) ? " target" : ""));
        const what = board[i] === "X" ? "black" : board[i] === "O" ? "white" : "empty";
        r.setAttribute("aria-label", `${squareName(i)}, ${what}` + (legalSet.has(squareName(i)) ? ", legal move" : "") + (squareName(i) === lastMove ? ", last move" : ""));
      });
      if (hints) for (const m of legalSet) {
        const i = squareIndex(m);
        marks.append(svg("circle", { cx: i % 8 + 0.5, cy: Math.floor(i / 8) + 0.5, r: 0.12, class: "hint", "data-hint": m }));
      }
      if (lastMove && lastMove !== "PA") {
        const i = squareIndex(lastMove);
        marks.append(svg("rect", { x: i % 8 + 0.06, y: Math.floor(i / 8) + 0.06, width: 0.88, height: 0.88, rx: 0.08, class: "last" }));
      }
    },
    // showValues writes each move's value on its square.
    showValues(moves, unit) {
      values.replaceChildren();
      if (!moves) return;
      const best = Math.max(...moves.map((m) => m.eval ?? -1e9));
      for (const m of moves) {
        if (m.move === "PA" || m.eval === undefined) continue;
        const i = squareIndex(m.move), x = i % 8 + 0.5, y = Math.floor(i / 8) + 0.5;
        const exact = m.kind === "exact" || m.kind === "wld";
        let label = unit === "rate" && !exact ? Math.round(m.eval * 100) + "%" : (m.eval > 0 ? "+" : "") + (Math.abs(m.eval) >= 10 || exact ? Math.round(m.eval) : m.eval.toFixed(1));
        const cls = m.eval === best ? "best" : m.eval < best - (unit === "rate" ? 0.1 : 6) ? "bad" : "good";
        const t = svg("text", { x, y: y - 0.08, class: "val " + cls, "data-value": m.move }); t.textContent = label;
        const sub = svg("text", { x, y: y + 0.22, class: "val sub " + cls });
        sub.textContent = exact ? "exact" : m.visits ? m.visits + " v" : "d" + m.depth;
        values.append(t, sub);
      }
    },
  };
}

// ---------- the start page ----------

const OPPONENTS = [
  ["engine:level=1", "Engine, level 1 (beginner)"], ["engine:level=3", "Engine, level 3"], ["engine:level=5", "Engine, level 5"],
  ["engine:level=7", "Engine, level 7"], ["engine:level=10,time=2s", "Engine, level 10 (strongest)"],
  ["mcts:time=1s", "Monte Carlo (1 s a move)"], ["alphabeta", "The course's alpha-beta (depth 7)"],
  ["roxanne", "Roxanne"], ["greedy", "Greedy"], ["random", "Random"],
];

// displayName turns a built-in player's spec, as the server names it
// ("engine:level=5"), into the name the start page gives it.
function displayName(name) {
  const known = OPPONENTS.find(([v]) => v === name);
  if (known) return known[1];
  let m = /^engine(?::level=(\d+))?/.exec(name);
  if (m) return m[1] ? `Engine, level ${m[1]}` : "Engine";
  if (/^mcts(:|$)/.test(name)) return "Monte Carlo";
  if (/^alphabeta(:|$)/.test(name)) return "The course's alpha-beta";
  if (/^minimax(:|$)/.test(name)) return "The course's minimax";
  m = /^(random|greedy|positional|roxanne|mobility|stable|parity|evaporation)(:|$)/.exec(name);
  return m ? m[1][0].toUpperCase() + m[1].slice(1) : name;
}

// resultText says how a finished game ended, for the list of games: the
// discs for a game scored by them, the reason for one decided by a rule.
function resultText(r) {
  const why = { "resignation": "resigned", "timeout": "ran out of time", "illegal moves": "lost by illegal moves", "forfeit": "forfeited", "abandoned": "never came" }[r.reason];
  if (r.reason === "abandoned") return "no result (abandoned)";
  const who = r.winner === "none" ? "draw" : r.winner + " won";
  return why ? `${who} (${r.by} ${why})` : `${who} ${r.black}-${r.white}`;
}

// copyButton copies what text() gives and says so on the button.
function copyButton(label, text, attrs = {}) {
  const b = el("button", { ...attrs, on: { click: async () => {
    try { await navigator.clipboard.writeText(await text()); b.textContent = "Copied ✓"; }
    catch (_) { b.textContent = "Could not copy"; }
    setTimeout(() => { b.textContent = label; }, 1500);
  } } }, label);
  return b;
}

function options(list, selected) {
  return list.map(([v, t]) => el("option", { value: v, selected: v === selected ? "selected" : null, text: t }));
}

async function startPage() {
  document.title = "reversi";
  const err = el("div", { class: "error" });
  const go = async (req, seatColor) => {
    err.textContent = "";
    try {
      const g = await api("POST", "/api/games", req);
      if (seatColor) localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: seatColor, token: g.tokens[seatColor], invite: g.invite_url }));
      // A game with an open seat: the page's address is the invitation
      // link (its secret is after the #, never sent to the server).
      location.href = g.invite_url || "/game/" + g.id;
    } catch (e) { err.textContent = e.message; }
  };
  const colour = el("select", { id: "colour" }, options([["black", "Black (you move first)"], ["white", "White"]], "black"));
  const opp = el("select", { id: "opponent" }, options(OPPONENTS, "engine:level=3"));
  const time = el("select", { id: "time" }, options([["60s", "60 s a move"], ["20s", "20 s a move"], ["0", "No clock"]], "60s"));
  const vsComputer = el("div", { class: "card" },
    el("h2", { text: "Play the computer" }),
    el("label", { for: "colour", text: "Your colour" }), colour,
    el("label", { for: "opponent", text: "Opponent" }), opp,
    el("label", { for: "time", text: "Clock" }), time,
    el("div", { class: "row" }, el("button", { class: "primary", id: "play", on: { click: () => {
      const me = colour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human", name: "Player" }, [other]: { kind: "builtin", spec: opp.value }, time: time.value }, me);
    } } }, "Play")));
  const friendColour = el("select", { id: "friend-colour" }, options([["black", "Black"], ["white", "White"]], "black"));
  const vsHuman = el("div", { class: "card" },
    el("h2", { text: "Play a friend" }),
    el("p", { class: "small", text: "Create the game, then send its link: the first to open it takes the other seat." }),
    el("label", { for: "friend-colour", text: "Your colour" }), friendColour,
    el("div", { class: "row" }, el("button", { class: "primary", on: { click: () => {
      const me = friendColour.value, other = me === "black" ? "white" : "black";
      go({ [me]: { kind: "human", name: "host" }, [other]: { kind: "open" } }, me);
    } } }, "Create")));
  const wb = el("select", { id: "watch-black" }, options(OPPONENTS, "engine:level=5")), ww = el("select", { id: "watch-white" }, options(OPPONENTS, "mcts:time=1s"));
  const watch = el("div", { class: "card" },
    el("h2", { text: "Watch the computer" }),
    el("label", { for: "watch-black", text: "Black" }), wb, el("label", { for: "watch-white", text: "White" }), ww,
    el("div", { class: "row" }, el("button", { class: "primary", on: { click: () => go({ black: { kind: "builtin", spec: wb.value }, white: { kind: "builtin", spec: ww.value }, time: "20s" }) } }, "Watch")));
  const list = el("tbody");
  const games = el("div", { class: "card", id: "games" }, el("h2", { text: "Live and recent games" }),
    el("table", { class: "games" }, el("thead", {}, el("tr", {}, el("th", { text: "Black" }), el("th", { text: "White" }), el("th", { text: "Moves" }), el("th", { text: "State" }))), list));
  const text = el("textarea", { id: "load", "aria-label": "a transcript, a board or a GGF game", placeholder: "f5d6c3d3c4,  a board: 64 squares (X O -) and the side to move,  or a game in GGF: (;GM[Othello]...;)" });
  const analyse = el("div", { class: "card", id: "analyse" },
    el("h2", { text: "Analyse or set up a position" }),
    text,
    el("div", { class: "row" },
      el("button", { on: { click: () => location.href = "/#edit=" + encodeURIComponent(text.value.trim()) } }, "Edit and analyse"),
      el("button", { on: { click: async () => {
        const v = text.value.trim(), isBoard = /^[XO\-.*]{64}\s+[XO]$/i.test(v), isGGF = v.startsWith("(;");
        go({ black: { kind: "human", name: "Player" }, white: { kind: "builtin", spec: "engine:level=5" }, ...(isGGF ? { ggf: v } : isBoard ? { board: v } : { transcript: v }), time: "0" }, "black");
      } } }, "Play on from it as Black")));
  app.replaceChildren(el("h1", { text: "Othello, as strong as it gets" }), el("div", { class: "cards" }, vsComputer, vsHuman, watch, analyse), err, el("div", { style: "height:1rem" }), games);
  try {
    const { games: gs } = await api("GET", "/api/games?limit=30");
    for (const g of gs) {
      const state = g.status === "finished" && g.result ? resultText(g.result) : "live";
      list.append(el("tr", {}, el("td", {}, el("a", { href: "/game/" + g.id, text: displayName(g.black) })), el("td", { text: displayName(g.white) }), el("td", { text: g.moves }), el("td", { class: "state", text: state })));
    }
    if (!gs.length) list.append(el("tr", {}, el("td", { colspan: 4, class: "small", text: "No games yet." })));
  } catch (e) { list.append(el("tr", {}, el("td", { colspan: 4, text: e.message }))); }
}

// ---------- analysis helpers ----------

// depthNote is the depth of a computer's search as the page shows it:
// "12", "18 at 95%" (a selective search), "7 (stopped)".
function depthNote(t) {
  return (t.depth ?? 0) + (t.probability ? ` at ${t.probability}%` : "") + (t.stopped ? " (stopped)" : "");
}

async function analyse(position, playerSpec) {
  return api("POST", "/api/analyze", { ...position, player: playerSpec });
}

// graph draws the evaluations of the moves for Black, in discs (moves
// whose player gave no disc value have none), against the move number,
// with its axes: +64 at the top, 0 across, -64 at the bottom.
function graph(points) {
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

// ---------- the game page ----------

function gamePage(id) {
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
  let ws = null, retry = 500;
  function connect() {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + `/api/games/${id}/ws`);
    ws.onopen = () => { retry = 500; if (state) ws.send(JSON.stringify({ type: "hello", version: state.version })); };
    ws.onmessage = (m) => {
      const e = JSON.parse(m.data);
      if (e.type === "state" && (!state || e.version >= state.version)) { state = e.game; render(); }
    };
    ws.onclose = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
  }
  api("GET", "/api/games/" + id).then((g) => { state = g; render(); connect(); }).catch((e) => { app.replaceChildren(el("h1", { text: "No such game" }), el("p", { text: e.message })); });
  setInterval(clocks, 500);
}

// ---------- the board editor ----------

function editorPage(initial) {
  let cells = Array(64).fill("-"), turn = "X", tool = "X";
  const start = "---------------------------OX------XO---------------------------";
  const setFrom = (text) => {
    const m = /^([XO\-.*]{64})\s+([XO])$/i.exec(text || "");
    if (m) { cells = m[1].toUpperCase().replace(/[.*]/g, (c) => c === "*" ? "X" : "-").split(""); turn = m[2].toUpperCase(); return; }
    cells = start.split("");
  };
  // A transcript or a GGF game: the server reads it (the page keeps no
  // rules of its own) and the editor shows where it stands.
  async function load(text) {
    text = (text || "").trim();
    if (!text || /^([XO\-.*]{64})\s+([XO])$/i.test(text)) { setFrom(text); draw(); return; }
    try {
      const p = await api("POST", "/api/position", text.startsWith("(;") ? { ggf: text } : { transcript: text });
      cells = p.board.split(""); turn = p.turn === "white" ? "O" : "X";
      out.textContent = "";
      draw();
    } catch (e) { err.textContent = e.message; }
  }
  setFrom("");
  const board = makeBoard((i) => { cells[i] = tool; draw(); });
  const out = el("div", { class: "pv" }), err = el("div", { class: "error" });
  const toolButtons = ["X", "O", "-"].map((t) => el("button", { "data-tool": t, on: { click: () => { tool = t; draw(); } } }, t === "X" ? "Black disc" : t === "O" ? "White disc" : "Empty"));
  const turnSel = el("select", { "aria-label": "side to move", on: { change: (e) => { turn = e.target.value; draw(); } } }, options([["X", "Black to move"], ["O", "White to move"]], turn));
  function draw() {
    board.update(cells.join(""), [], null, false);
    toolButtons.forEach((b) => b.classList.toggle("on", b.dataset.tool === tool));
    out.textContent = cells.join("") + " " + turn;
  }
  app.replaceChildren(el("h1", { text: "Set up a position" }), el("div", { class: "layout" },
    el("div", {}, board.el),
    el("div", {}, el("div", { class: "panel" }, el("div", { class: "editor-tools" }, toolButtons), turnSel,
      el("div", { class: "row" },
        el("button", { on: { click: () => { cells = Array(64).fill("-"); draw(); } } }, "Clear"),
        el("button", { on: { click: () => { setFrom(); draw(); } } }, "Start position"),
        el("button", { class: "primary", on: { click: async () => {
          err.textContent = "";
          try {
            const a = await analyse({ board: cells.join("") + " " + turn }, "engine:level=6");
            if (a.over) { out.textContent = `The game is over: ${a.score > 0 ? "+" : ""}${a.score} for the side to move.`; return; }
            board.showValues(a.thinking?.moves, a.thinking?.unit);
            out.textContent = `${a.turn} to move: best ${a.best}, line ${a.thinking?.pv?.join(" ") || ""}`;
          } catch (e) { err.textContent = e.message; }
        } } }, "Analyse"),
        el("button", { on: { click: async () => {
          try {
            const g = await api("POST", "/api/games", { black: { kind: "human", name: "Player" }, white: { kind: "builtin", spec: "engine:level=5" }, board: cells.join("") + " " + turn, time: "0" });
            localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: "black", token: g.tokens.black }));
            location.href = "/game/" + g.id;
          } catch (e) { err.textContent = e.message; }
        } } }, "Play from here as Black")),
      out, err))));
  draw();
  load(initial);
}

// ---------- routing ----------

// route shows the page of the address: a game, the editor (#edit=...,
// with a board, a transcript or a GGF game), or the start page.
let current = "";
function route() {
  const m = /^\/game\/([0-9a-f]+)$/.exec(location.pathname);
  if (m) { current = "game"; gamePage(m[1]); }
  else if (location.hash.startsWith("#edit=")) { current = "editor"; editorPage(decodeURIComponent(location.hash.slice(6))); }
  else { current = "start"; startPage(); }
}
// On the start page, #games and #analyse are places on the page; from the
// editor they lead back to it.
window.addEventListener("hashchange", () => {
  if (current === "game") return;
  if (location.hash.startsWith("#edit=") || current === "editor") route();
});
route();

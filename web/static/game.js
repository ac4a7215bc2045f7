// The game page: a game as its players and spectators see it, live, and
// its review: any position of it (arrow keys, the move list, the graph),
// with its analysis, and variations tried from it.

import { el, copyButton } from "./dom.js";
import { api, analyse, errorText, tokenKey, ApiError } from "./api.js";
import { makeBoard, squareName } from "./board.js";
import { t, num, signed } from "./i18n.js";
import { makeReview } from "./review.js";
import { download, positionURL } from "./formats.js";
import { follow, newer, moved } from "./live.js";
import { gameGraphs } from "./gamegraphs.js";
import { seatName, side, Side, depthNote, finalText, valueText, howText, forBlack } from "./words.js";
import { movesPanel, plyShown } from "./moves.js";
import { boardSVG, boardPNG } from "./picture.js";
import { rematchRequest, friendsRematch } from "./rematch.js";
import { seatMeta, turnLeft } from "./clocks.js";
import { soundOn, setSound, moveSound, lowTimeSound } from "./sound.js";
import { loadPrefs, savePrefs, settings } from "./hints.js";
import { analysisPanel } from "./analysis.js";

// gamePage shows game id in app, or a record (a GGF game or a transcript,
// e.g. one of the WTHOR database's, not stored: to review and analyse);
// it returns the function that stops it (its WebSocket, its clock and its
// keys).

export function gamePage(app, id, record = null) {
  let state = null, seat = null, hints = true;
  // In a real game (not an analysis game) that goes on, the book's values
  // are not on the board unless the player turns them on (liveBook); an
  // analysis game, a finished game and a record follow the remembered
  // setting (prefs.book).
  let liveBook = false;
  const realGame = () => state && !state.record && !state.analysis && state.status !== "finished";
  const bookOn = () => (realGame() ? liveBook : prefs.book);
  const prefs = loadPrefs();
  const review = makeReview(() => render());
  // reviewing runs a step of the review, saying why if it fails.
  const reviewing = (p) => p?.catch((e) => { err.textContent = errorText(e); });
  try { seat = id ? JSON.parse(localStorage.getItem(tokenKey(id)) || "null") : null; } catch (_) {}
  const status = el("div", { class: "status", id: "status", role: "status" });
  const err = el("div", { class: "error", id: "error" });
  const rematchNote = el("div", { class: "status warn", id: "rematch-note", role: "status", hidden: "hidden" });
  const timeWarn = el("div", { class: "error", id: "time-warning", role: "alert", hidden: "hidden" });
  // Whether the server helps the players while the game goes on: off in
  // a game between players (no_help), on in an analysis game.
  const helpNote = el("p", { class: "small", id: "help-note", hidden: "hidden" });
  // A click on a square that is not a legal move does nothing: only legal
  // moves are sent (three illegal moves lose a game). In review, a legal
  // move tries a variation: the game is not touched.
  const board = makeBoard((i) => {
    const sq = squareName(i);
    if (review.active()) reviewing(review.play(sq));
    else if (state?.legal?.includes(sq)) play(sq);
  });
  // The analysis of the position shown, its values on the board.
  const analysis = analysisPanel({ board, game: () => state, view: () => review.view(), seat: () => seat, prefs, book: () => bookOn(),
    first: () => graphs.giveWay(), render: () => render() });
  const seatEl = (c) => el("div", { class: "seat", id: "seat-" + c }, el("span", { class: "dot " + c }), el("div", { class: "who" }, el("div", { class: "name" }), el("div", { class: "meta" })), el("span", { class: "count" }));
  const seats = { black: seatEl("black"), white: seatEl("white") };
  // The evaluation graph and the whole game's analysis.
  const graphs = gameGraphs({ game: () => state, pick: (k) => reviewing(review.go(k)), analysisOn: () => analysis.on(), busy: () => analysis.busy(),
    stopped: () => stopped, render: () => render() });
  const keys = el("input", { class: "keys", type: "text", placeholder: "d3", maxlength: 2, "aria-label": t("game.typeLabel"), on: { keydown: (e) => { if (e.key === "Enter") { play(keys.value.trim()); keys.value = ""; } } } });
  const keyBox = el("span", { class: "small", id: "move-box" }, t("game.type"), " ", keys);
  const hintBox = el("input", { type: "checkbox", checked: "checked", on: { change: (e) => { hints = e.target.checked; render(); } } });
  const anaBox = el("input", { type: "checkbox", id: "analysis-toggle", on: { change: (e) => { analysis.show(e.target.checked); render(); } } });
  // The book's moves (with their values), the hints' settings and the
  // legend of the values' colours.
  const bookBox = el("input", { type: "checkbox", id: "book-toggle", on: { change: (e) => {
    if (realGame()) liveBook = e.target.checked;
    else { prefs.book = e.target.checked; savePrefs(prefs); }
    render();
  } } });
  const hintSettings = settings(prefs, () => { analysis.again(); render(); });
  // The computer's thinking drawn on the board as it thinks (Monte
  // Carlo's visits as a heat map); the lab compares two algorithms on the
  // position shown.
  const thinkBox = el("input", { type: "checkbox", id: "thinking-toggle", checked: prefs.thinking ? "checked" : null, on: { change: (e) => { prefs.thinking = e.target.checked; savePrefs(prefs); render(); } } });
  const toLab = el("button", { id: "to-lab", on: { click: () => { if (state) location.href = "/#lab=" + encodeURIComponent(analysis.shownKey()); } } }, t("lab.compare"));
  const undo = el("button", { id: "undo", on: { click: () => send("undo") } }, t("game.undo"));
  const resign = el("button", { id: "resign", on: { click: () => { if (confirm(t("game.resignConfirm"))) send("resign"); } } }, t("game.resign"));
  const copyT = copyButton(t("game.copyTranscript"), () => state?.transcript || "", { id: "copy-transcript" });
  const copyG = copyButton(t("game.copyGGF"), async () => (await fetch("/api/games/" + id + "/ggf")).text());
  // The files of the game, and the link to the position shown (the
  // editor, which analyses it).
  const saveG = el("a", { class: "button", id: "download-ggf", href: `/api/games/${id}/ggf`, download: `reversi-${id}.ggf` }, t("game.downloadGGF"));
  if (record) copyG.hidden = saveG.hidden = true; // the server has no such game
  const saveT = el("button", { id: "download-transcript", on: { click: () => state && download(`reversi-${id}.txt`, state.transcript + "\n") } }, t("game.downloadTranscript"));
  // The board as a picture (PNG or SVG), as it is shown.
  const pictureName = () => `reversi-${id || "game"}-${review.view()?.at ?? state?.moves.length ?? 0}`;
  const savePNG = el("button", { id: "export-png", on: { click: async () => { try { download(pictureName() + ".png", await boardPNG(board.el)); } catch (e) { err.textContent = errorText(e); } } } }, t("board.png"));
  const saveSVG = el("button", { id: "export-svg", on: { click: async () => download(pictureName() + ".svg", await boardSVG(board.el), "image/svg+xml") } }, t("board.svg"));
  const copyP = copyButton(t("game.copyPosition"), () => positionURL(analysis.shownKey()), { id: "copy-position" });
  // Flip the board (remembered); a rematch of a finished game.
  const flipKey = "reversi-flipped";
  const flip = el("button", { id: "flip", "aria-pressed": "false", on: { click: () => {
    board.flip(!board.flipped());
    flip.setAttribute("aria-pressed", String(board.flipped()));
    try { localStorage.setItem(flipKey, board.flipped() ? "1" : ""); } catch (_) {}
  } } }, t("game.flip"));
  try { if (localStorage.getItem(flipKey)) { board.flip(true); flip.setAttribute("aria-pressed", "true"); } } catch (_) {}
  // Sounds on moves and on a low clock, with their switch (remembered).
  const sound = el("button", { id: "sound", "aria-pressed": String(soundOn()), on: { click: () => {
    setSound(!soundOn());
    sound.setAttribute("aria-pressed", String(soundOn()));
  } } }, t("game.sound"));
  // Switch sides against the computer (a game without a game clock): the
  // same game goes on from the position as it stands, its moves kept,
  // the computer taking the player's colour and the player the other.
  const canSwitch = (s) => seat && s.status === "playing" && !s.game_time_ms &&
    s[seat.color].kind === "human" && s[seat.color === "black" ? "white" : "black"].kind === "builtin";
  const switchSides = el("button", { id: "switch-sides", title: t("game.switchNote"), on: { click: async () => {
    if (!state || !canSwitch(state)) return;
    err.textContent = "";
    switchSides.disabled = true;
    try {
      const r = await api("POST", `/api/games/${id}/switch`, { token: seat.token });
      seat = { ...seat, color: r.color };
      localStorage.setItem(tokenKey(id), JSON.stringify(seat));
      const g = await api("GET", "/api/games/" + id); // or newer, from the WebSocket meanwhile
      if (newer(g, state)) state = g;
      render();
    } catch (e) { err.textContent = errorText(e); }
    finally { switchSides.disabled = false; }
  } } }, t("game.switch"));
  const rematch = el("button", { class: "primary", id: "rematch", on: { click: () => startRematch() } }, t("game.rematch"));
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite") || "";
  const join = el("button", { class: "primary", id: "join", on: { click: async () => {
    try {
      const j = await api("POST", `/api/games/${id}/join`, { kind: "human", name: t("name.guest"), invite });
      seat = { color: j.color, token: j.token }; localStorage.setItem(tokenKey(id), JSON.stringify(seat));
      history.replaceState(null, "", "/game/" + id); // the invitation is used up
      live.hello(); // the seat's player sees the board
      render();
    } catch (e) { err.textContent = errorText(e); }
  } } }, t("game.join"));
  const copyInvite = copyButton(t("game.copyInvite"), () => location.origin + (seat?.invite || location.pathname + location.hash), { id: "copy-invite" });
  // The moves and the review's navigation.
  const moves = movesPanel({ review, reviewing, ready: () => !!state, losses: () => graphs.losses() });
  // The page's heading, for screen readers: the seats say it to the eye.
  const heading = el("h1", { class: "sr-only", id: "game-heading" });
  app.replaceChildren(heading, el("div", { class: "layout" },
    el("div", {}, el("div", { class: "players" }, seats.black, seats.white), el("div", { class: "boardwrap" }, board.el), status, rematchNote, timeWarn, helpNote, err),
    el("div", {},
      el("div", { class: "panel" }, el("div", { class: "row first" }, el("label", { class: "toggle" }, hintBox, t("game.hints")), el("label", { class: "toggle" }, anaBox, t("game.analysis")), el("label", { class: "toggle" }, bookBox, t("game.book")), el("label", { class: "toggle" }, thinkBox, t("game.thinking")), keyBox),
        hintSettings, analysis.legend, analysis.valuesFor,
        el("div", { class: "row" }, join, copyInvite, undo, switchSides, resign, rematch, copyT, copyG, saveT, saveG, copyP, savePNG, saveSVG, toLab, flip, sound, el("button", { on: { click: () => location.href = "/" } }, t("game.new")))),
      moves.el,
      el("div", { class: "panel" }, el("h2", { text: t("game.analysis") }), analysis.pv, graphs.evals, analysis.source, graphs.row, graphs.out))));

  async function play(sq) {
    err.textContent = "";
    if (!state || !seat || state.status !== "playing" || state.turn !== seat.color) return;
    if (!/^[a-h][1-8]$/i.test(sq)) { err.textContent = t("game.notSquare", { square: sq }); return; }
    if (!state.legal.includes(sq.toUpperCase())) { err.textContent = t("game.notLegal", { square: sq.toUpperCase(), legal: state.legal.join(" ") }); return; }
    try { await api("POST", `/api/games/${id}/move`, { token: seat.token, move: sq }); }
    catch (e) { err.textContent = errorText(e); }
  }
  const rematchOf = (s) => rematchRequest(s, seat);
  const friendGame = (s) => friendsRematch(s, seat);
  let rematching = false;
  async function askRematch() {
    if (rematching) return;
    rematching = true;
    err.textContent = "";
    try {
      const r = await api("POST", `/api/games/${id}/rematch`, { token: seat.token });
      if (r.id) {
        localStorage.setItem(tokenKey(r.id), JSON.stringify({ color: r.color, token: r.token }));
        location.href = "/game/" + r.id;
        return;
      }
    } catch (e) { err.textContent = errorText(e); }
    rematching = false;
  }
  async function startRematch() {
    if (state && friendGame(state)) return askRematch();
    const r = state && rematchOf(state);
    if (!r) return;
    err.textContent = "";
    try {
      const g = await api("POST", "/api/games", r.req);
      if (r.me) localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: r.me, token: g.tokens[r.me] }));
      location.href = "/game/" + g.id;
    } catch (e) { err.textContent = errorText(e); }
  }
  async function send(what) {
    err.textContent = "";
    try { await api("POST", `/api/games/${id}/${what}`, { token: seat.token }); } catch (e) { err.textContent = errorText(e); }
  }
  function clocks() {
    if (!state) return;
    const now = Date.now();
    for (const c of ["black", "white"]) seats[c].querySelector(".meta").textContent = seatMeta(state, c, now);
    // A warning before a player loses on time: the last 10 seconds of the
    // move (or of the game's clock) on the player's own turn.
    const left = turnLeft(state, seat, now);
    const warn = left !== null && left < 10000 ? t("game.timeWarning", { n: num(Math.max(0, Math.ceil(left / 1000))) }) : "";
    if (warn && warn !== timeWarn.textContent) lowTimeSound(); // each second left
    timeWarn.textContent = warn;
    timeWarn.hidden = !warn;
  }
  function render() {
    if (!state) return;
    const s = state, mine = seat && s.status === "playing" && s.turn === seat.color;
    document.title = t("game.title", { black: seatName(s.black), white: seatName(s.white) });
    heading.textContent = t("game.heading", { black: seatName(s.black), white: seatName(s.white) });
    review.setGame(s.start, s.moves.map((m) => m.square));
    const v = review.view();
    if (v) board.update(v.pos.board, v.pos.legal, v.at > 0 ? v.line[v.at - 1] : null, hints);
    else board.update(s.board, mine ? s.legal : [], s.last_move, hints && mine);
    anaBox.disabled = !!s.no_help;
    anaBox.parentElement.title = s.no_help ? t("game.noHelp") : "";
    helpNote.textContent = s.no_help ? t("game.noHelpNote") : s.analysis && s.status !== "finished" ? t("game.analysisGameNote") : "";
    helpNote.hidden = !helpNote.textContent;
    bookBox.checked = bookOn();
    bookBox.disabled = !!s.no_help && realGame(); // the server gives no book then
    for (const c of ["black", "white"]) {
      seats[c].querySelector(".name").textContent = seat && seat.color === c ? t("seat.you", { name: seatName(s[c]) }) : seatName(s[c]);
      seats[c].querySelector(".count").textContent = num(s[c].discs);
      seats[c].classList.toggle("turn", s.status === "playing" && s.turn === c);
    }
    clocks();
    status.className = "status" + (s.status === "finished" ? " over" : "");
    const last = s.moves[s.moves.length - 1];
    const lastPass = last?.square === "PA" ? t("status.passed", { side: Side(last.color) }) : "";
    if (s.record && !s.over) {
      status.textContent = t("review.recordEnds", { black: num(s.black.discs), white: num(s.white.discs) });
    } else if (s.status === "finished") {
      // Decided by a rule: the reason first, the discs as they stood.
      status.textContent = finalText(s.result, s);
    } else if (s.status === "waiting") {
      status.className = "status warn";
      status.textContent = t(seat ? "status.waitingFriend" : invite ? "status.invited" : "status.waitingInvited");
    } else {
      status.textContent = (seat ? "" : t("status.watching")) + lastPass + (mine ? t("status.yourMove")
        : t("status.toMove", { name: seatName(s[s.turn]), side: side(s.turn) }) + (s[s.turn].kind === "builtin" ? t("status.thinking") : ""));
      if (s.live) {
        const th = s.live;
        status.append(el("span", { class: "live", text: t("status.live", { how: howText(th), value: valueText(forBlack(th), th.unit), pv: (th.pv || []).join(" ").toLowerCase() }) }));
      }
    }
    join.hidden = !(s.status === "waiting" && !seat && invite);
    copyInvite.hidden = !(s.status === "waiting" && seat);
    rematch.hidden = !rematchOf(s) && !friendGame(s);
    switchSides.hidden = !canSwitch(s);
    if (friendGame(s)) {
      const r = s.rematch || {}, mine = r.offered?.includes(seat.color), theirs = r.offered?.some((c) => c !== seat.color);
      rematch.textContent = theirs && !mine ? t("rematch.accept") : t("game.rematch");
      rematch.disabled = !!mine;
      rematchNote.textContent = mine ? t("rematch.waiting") : theirs ? t("rematch.offered") : "";
      rematchNote.hidden = !rematchNote.textContent;
      if (r.game && mine) askRematch(); // both agreed: this seat's place in the new game
    }
    resign.hidden = !(seat && s.status === "playing");
    // Undo is allowed to a human playing the computer, as the server says.
    const other = seat && (seat.color === "black" ? "white" : "black");
    undo.hidden = !(seat && s.status === "playing" && s[seat.color].kind === "human" && s[other].kind === "builtin");
    keyBox.hidden = !seat || s.status === "finished"; // spectators have no move to type
    moves.render(s, v);
    graphs.render(s, plyShown(v));
    analysis.render(s);
    graphs.fill();
  }
  // The game, live: each state newer than the one shown, drawn (a move
  // played with its sound; an undo is silent).
  let stopped = false;
  const live = follow({ id, record, version: () => state?.version, token: () => seat?.token || "",
    onState: (g) => { if (state && moved(state, g)) moveSound(); state = g; render(); },
    onFail: (e) => app.replaceChildren(el("h1", { text: t("game.none") }), el("p", { text: errorText(e) })) });
  const ticking = setInterval(clocks, 500);
  return () => { stopped = true; live.stop(); clearInterval(ticking); moves.stop(); };
}

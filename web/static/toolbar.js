// The game page's controls: the switches of what the board shows (hints,
// analysis, book, thinking, the hints' settings), the move typed, and the
// buttons of what a player does with the game: join it, invite, undo,
// switch sides, resign, a rematch, its files and pictures, the position
// in the lab, a study of it, the board flipped, the sounds.

import { el, copyButton } from "./dom.js";
import { api, errorText, tokenKey } from "./api.js";
import { t } from "./i18n.js";
import { download, positionURL } from "./formats.js";
import { newer } from "./live.js";
import { boardSVG, boardPNG } from "./picture.js";
import { rematchRequest, friendsRematch } from "./rematch.js";
import { soundOn, setSound } from "./sound.js";
import { savePrefs, settings } from "./hints.js";
import { exploreLink } from "./explorer.js";
import { startStudy } from "./study.js";

// realGame says whether s is a real game (not an analysis game, nor a
// record) that goes on: the book's values are not on the board then
// unless the player turns them on.
export const realGame = (s) => !!s && !s.record && !s.analysis && s.status !== "finished";

// canSwitch says whether the player at seat may switch sides against the
// computer in game s (one without a game clock): the same game goes on
// from the position as it stands, its moves kept, the computer taking
// the player's colour and the player the other.
export const canSwitch = (s, seat) => !!seat && s.status === "playing" && !s.game_time_ms &&
  s[seat.color].kind === "human" && s[seat.color === "black" ? "white" : "black"].kind === "builtin";

// typedMove says what is wrong with square sq, typed, as a move among
// legal: not a square, or not a legal move ("": nothing).
export function typedMove(sq, legal) {
  if (!/^[a-h][1-8]$/i.test(sq)) return t("game.notSquare", { square: sq });
  if (!legal.includes(sq.toUpperCase())) return t("game.notLegal", { square: sq.toUpperCase(), legal: legal.join(" ") });
  return "";
}

// shownButtons says which of the buttons that depend on game s are
// shown to seat (this browser's, null: a spectator) invited (the
// invitation of the address, "" none): join, copyInvite, rematch,
// switchSides, resign, undo (a human playing the computer, as the server
// allows), and keys (the move typed: spectators have none).
export function shownButtons(s, seat, invite) {
  const playing = !!seat && s.status === "playing", other = seat && (seat.color === "black" ? "white" : "black");
  return {
    join: s.status === "waiting" && !seat && !!invite,
    copyInvite: s.status === "waiting" && !!seat,
    rematch: !!rematchRequest(s, seat) || !!friendsRematch(s, seat),
    switchSides: canSwitch(s, seat),
    resign: playing,
    undo: playing && s[seat.color].kind === "human" && s[other].kind === "builtin",
    keys: !!seat && s.status !== "finished",
  };
}

// friendsOffer is where a rematch between two people stands, for seat:
// {accept (the other asked: the button accepts), asked (this seat asked:
// the button waits), note (its key, "" none), ready (both asked and the
// new game is there: this seat's place in it is to be taken)}.
export function friendsOffer(s, seat) {
  const r = s.rematch || {}, mine = !!r.offered?.includes(seat.color), theirs = !!r.offered?.some((c) => c !== seat.color);
  return { accept: theirs && !mine, asked: mine, note: mine ? "rematch.waiting" : theirs ? "rematch.offered" : "", ready: !!r.game && mine };
}

// helpText says whether the server helps the players while game s goes
// on: off in a game between players (no_help), on in an analysis game.
export const helpText = (s) => (s.no_help ? t("game.noHelpNote") : s.analysis && s.status !== "finished" ? t("game.analysisGameNote") : "");

// toolbar is the controls of game id (null for record, a game no server
// holds): game() is the state drawn and setGame(g) draws another (a
// switch of sides fetches it), seat() this browser's seat and
// setSeat(seat) takes another, invite the address's invitation; board,
// review, prefs and analysis are the page's (board.js, review.js,
// hints.js, analysis.js); hello() says hello again on the WebSocket (a
// seat just taken), error(text) says what went wrong ("": nothing),
// render() draws the page again.
export function toolbar({ id, record, game, setGame, seat, setSeat, invite, board, review, prefs, analysis, hello, error, render }) {
  let hints = true, liveBook = false;
  const fail = (e) => error(errorText(e));
  // The switches: the hints (the legal moves), the analysis, the book's
  // moves (with their values), the computer's thinking drawn on the board
  // as it thinks (Monte Carlo's visits as a heat map). In a real game
  // that goes on, the book's values are not on the board unless the
  // player turns them on (liveBook); an analysis game, a finished game
  // and a record follow the remembered setting (prefs.book).
  const bookOn = () => (realGame(game()) ? liveBook : prefs.book);
  const keys = el("input", { class: "keys", type: "text", placeholder: "d3", maxlength: 2, "aria-label": t("game.typeLabel"), on: { keydown: (e) => { if (e.key === "Enter") { play(keys.value.trim()); keys.value = ""; } } } });
  const keyBox = el("span", { class: "small", id: "move-box" }, t("game.type"), " ", keys);
  const hintBox = el("input", { type: "checkbox", checked: "checked", on: { change: (e) => { hints = e.target.checked; render(); } } });
  const anaBox = el("input", { type: "checkbox", id: "analysis-toggle", on: { change: (e) => { analysis.show(e.target.checked); render(); } } });
  const bookBox = el("input", { type: "checkbox", id: "book-toggle", on: { change: (e) => {
    if (realGame(game())) liveBook = e.target.checked;
    else { prefs.book = e.target.checked; savePrefs(prefs); }
    render();
  } } });
  const hintSettings = settings(prefs, () => { analysis.again(); render(); });
  const thinkBox = el("input", { type: "checkbox", id: "thinking-toggle", checked: prefs.thinking ? "checked" : null, on: { change: (e) => { prefs.thinking = e.target.checked; savePrefs(prefs); render(); } } });
  // Whether the server helps the players while the game goes on.
  const helpNote = el("p", { class: "small", id: "help-note", hidden: "hidden" });
  // The lab compares two algorithms on the position shown.
  const toLab = el("button", { id: "to-lab", on: { click: () => { if (game()) location.href = "/#lab=" + encodeURIComponent(analysis.shownKey()); } } }, t("lab.compare"));
  // The opening explorer at the position shown: the moves that led there
  // (a position only one game reached is found by them).
  const toExplorer = el("button", { id: "to-explorer", on: { click: () => {
    const s = game(), p = review.view()?.pos || s;
    if (p) location.href = "/" + exploreLink(p.start || s.start, p.transcript ?? s.transcript);
  } } }, t("explorer.open"));
  // A study of the game: its moves the main line, to comment and vary.
  const toStudy = el("button", { id: "to-study", on: { click: async () => {
    if (!game()) return;
    error("");
    try { await startStudy(record ? { ggf: game().ggf } : { game: id }); } catch (e) { fail(e); }
  } } }, t("study.start"));
  const undo = el("button", { id: "undo", on: { click: () => send("undo") } }, t("game.undo"));
  const resign = el("button", { id: "resign", on: { click: () => { if (confirm(t("game.resignConfirm"))) send("resign"); } } }, t("game.resign"));
  const copyT = copyButton(t("game.copyTranscript"), () => game()?.transcript || "", { id: "copy-transcript" });
  // The game's GGF: the server's (GET /api/games/{id}/ggf), or a record's
  // own, which no server game holds (recordGame's ggf).
  const copyG = copyButton(t("game.copyGGF"), async () => (record ? game()?.ggf || "" : (await fetch("/api/games/" + id + "/ggf")).text()));
  // The files of the game, and the link to the position shown (the
  // editor, which analyses it).
  const saveG = record
    ? el("button", { id: "download-ggf", on: { click: () => game() && download("reversi-record.ggf", game().ggf + "\n") } }, t("game.downloadGGF"))
    : el("a", { class: "button", id: "download-ggf", href: `/api/games/${id}/ggf`, download: `reversi-${id}.ggf` }, t("game.downloadGGF"));
  const saveT = el("button", { id: "download-transcript", on: { click: () => game() && download(`reversi-${id || "record"}.txt`, game().transcript + "\n") } }, t("game.downloadTranscript"));
  // The board as a picture (PNG or SVG), as it is shown.
  const pictureName = () => `reversi-${id || "game"}-${review.view()?.at ?? game()?.moves.length ?? 0}`;
  const savePNG = el("button", { id: "export-png", on: { click: async () => { try { download(pictureName() + ".png", await boardPNG(board.el)); } catch (e) { fail(e); } } } }, t("board.png"));
  const saveSVG = el("button", { id: "export-svg", on: { click: async () => download(pictureName() + ".svg", await boardSVG(board.el), "image/svg+xml") } }, t("board.svg"));
  const copyP = copyButton(t("game.copyPosition"), () => positionURL(analysis.shownKey()), { id: "copy-position" });
  // Flip the board (remembered).
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
  // Switch sides against the computer.
  const switchSides = el("button", { id: "switch-sides", title: t("game.switchNote"), on: { click: async () => {
    if (!game() || !canSwitch(game(), seat())) return;
    error("");
    switchSides.disabled = true;
    try {
      const r = await api("POST", `/api/games/${id}/switch`, { token: seat().token });
      setSeat({ ...seat(), color: r.color });
      localStorage.setItem(tokenKey(id), JSON.stringify(seat()));
      const g = await api("GET", "/api/games/" + id); // or newer, from the WebSocket meanwhile
      if (newer(g, game())) setGame(g);
      render();
    } catch (e) { fail(e); }
    finally { switchSides.disabled = false; }
  } } }, t("game.switch"));
  // A rematch of a finished game, and the note of one between people.
  const rematch = el("button", { class: "primary", id: "rematch", on: { click: () => startRematch() } }, t("game.rematch"));
  const rematchNote = el("div", { class: "status warn", id: "rematch-note", role: "status", hidden: "hidden" });
  const join = el("button", { class: "primary", id: "join", on: { click: async () => {
    try {
      const j = await api("POST", `/api/games/${id}/join`, { kind: "human", invite });
      setSeat({ color: j.color, token: j.token }); localStorage.setItem(tokenKey(id), JSON.stringify(seat()));
      history.replaceState(null, "", "/game/" + id); // the invitation is used up
      hello(); // the seat's player sees the board
      render();
    } catch (e) { fail(e); }
  } } }, t("game.join"));
  const copyInvite = copyButton(t("game.copyInvite"), () => location.origin + (seat()?.invite || location.pathname + location.hash), { id: "copy-invite" });

  // play sends a move of the player (a square, as typed or clicked).
  async function play(sq) {
    error("");
    const s = game();
    if (!s || !seat() || s.status !== "playing" || s.turn !== seat().color) return;
    const wrong = typedMove(sq, s.legal);
    if (wrong) { error(wrong); return; }
    try { await api("POST", `/api/games/${id}/move`, { token: seat().token, move: sq }); }
    catch (e) { fail(e); }
  }
  let rematching = false;
  async function askRematch() {
    if (rematching) return;
    rematching = true;
    error("");
    try {
      const r = await api("POST", `/api/games/${id}/rematch`, { token: seat().token });
      if (r.id) {
        localStorage.setItem(tokenKey(r.id), JSON.stringify({ color: r.color, token: r.token }));
        location.href = "/game/" + r.id;
        return;
      }
    } catch (e) { fail(e); }
    rematching = false;
  }
  async function startRematch() {
    const s = game();
    if (s && friendsRematch(s, seat())) return askRematch();
    const r = s && rematchRequest(s, seat());
    if (!r) return;
    error("");
    try {
      const g = await api("POST", "/api/games", r.req);
      if (r.me) localStorage.setItem(tokenKey(g.id), JSON.stringify({ color: r.me, token: g.tokens[r.me] }));
      location.href = "/game/" + g.id;
    } catch (e) { fail(e); }
  }
  async function send(what) {
    error("");
    try { await api("POST", `/api/games/${id}/${what}`, { token: seat().token }); } catch (e) { fail(e); }
  }
  return {
    switches: el("div", { class: "row first" }, el("label", { class: "toggle" }, hintBox, t("game.hints")), el("label", { class: "toggle" }, anaBox, t("game.analysis")), el("label", { class: "toggle" }, bookBox, t("game.book")), el("label", { class: "toggle" }, thinkBox, t("game.thinking")), keyBox),
    settings: hintSettings,
    buttons: el("div", { class: "row" }, join, copyInvite, undo, switchSides, resign, rematch, copyT, copyG, saveT, saveG, copyP, savePNG, saveSVG, toLab, toExplorer, toStudy, flip, sound, el("button", { on: { click: () => location.href = "/" } }, t("game.new"))),
    rematchNote, helpNote,
    // hints says whether the legal moves are shown; book whether the
    // book's values are.
    hints: () => hints, book: bookOn,
    play,
    // render shows the controls of game s.
    render(s) {
      anaBox.disabled = !!s.no_help;
      anaBox.parentElement.title = s.no_help ? t("game.noHelp") : "";
      helpNote.textContent = helpText(s);
      helpNote.hidden = !helpNote.textContent;
      bookBox.checked = bookOn();
      bookBox.disabled = !!s.no_help && realGame(s); // the server gives no book then
      toExplorer.hidden = !!s.no_help && realGame(s); // nor the explorer
      const shown = shownButtons(s, seat(), invite);
      join.hidden = !shown.join;
      copyInvite.hidden = !shown.copyInvite;
      rematch.hidden = !shown.rematch;
      switchSides.hidden = !shown.switchSides;
      if (friendsRematch(s, seat())) {
        const o = friendsOffer(s, seat());
        rematch.textContent = o.accept ? t("rematch.accept") : t("game.rematch");
        rematch.disabled = o.asked;
        rematchNote.textContent = o.note ? t(o.note) : "";
        rematchNote.hidden = !rematchNote.textContent;
        if (o.ready) askRematch(); // both agreed: this seat's place in the new game
      }
      resign.hidden = !shown.resign;
      undo.hidden = !shown.undo;
      keyBox.hidden = !shown.keys;
    },
  };
}

// Review: step through a game's positions, live or finished, and try
// variations from any of them without touching the game. The page keeps
// no rules: each position is the server's answer for the game's start and
// the moves of the line (POST /api/position with a GGF game), kept once
// fetched.

import { api } from "./api.js";

// ggfOf writes a start position ("<64 squares> X") and the moves played
// from it (passes as PA) as a GGF game.
export function ggfOf(start, moves) {
  const [cells, turn] = start.split(" ");
  let color = turn === "O" ? "W" : "B";
  let ggf = `(;GM[Othello]BO[8 ${cells.replace(/X/g, "*")} ${turn === "O" ? "O" : "*"}]`;
  for (const m of moves) {
    ggf += `${color}[${m}]`;
    color = color === "B" ? "W" : "B";
  }
  return ggf + ";)";
}

// makeReview returns the review of one game. onShow is called when the
// position to show changes (view() is null again after exit()).
//
// The line reviewed is the game's moves, or its first fromGame moves and
// then a variation; at is how many of its moves are played in the
// position shown.
export function makeReview(onShow) {
  let game = { start: "", moves: [] };
  let line = null, at = 0, fromGame = 0, seq = 0, view = null;
  const cache = new Map();
  async function positionAt(moves) {
    const key = game.start + " " + moves.join("");
    if (!cache.has(key)) cache.set(key, api("POST", "/api/position", { ggf: ggfOf(game.start, moves) }));
    try { return await cache.get(key); } catch (e) { cache.delete(key); throw e; }
  }
  // show fetches the position at `at` and shows it, unless the reader
  // has moved on meanwhile. In a variation, a side with no move passes,
  // as in a game.
  async function show() {
    const mine = ++seq;
    let pos = await positionAt(line.slice(0, at));
    while (at === line.length && at > fromGame && !pos.over && pos.legal.length === 0) {
      line.push("PA");
      at++;
      pos = await positionAt(line.slice(0, at));
    }
    if (mine !== seq || !line) return;
    view = { pos, at, line: line.slice(), fromGame, total: game.moves.length };
    onShow();
  }
  const r = {
    // setGame follows the game: a review of its line follows its new
    // moves (or an undo); a variation keeps the moves it shares with it.
    setGame(start, moves) {
      if (start !== game.start) cache.clear();
      game = { start, moves: moves.slice() };
      if (!line) return;
      let same = 0;
      while (same < Math.min(fromGame, moves.length) && line[same] === moves[same]) same++;
      if (fromGame === line.length && same === fromGame) { line = moves.slice(); fromGame = line.length; }
      else fromGame = same;
      at = Math.min(at, line.length);
      if (view) { view.total = moves.length; view.fromGame = fromGame; }
    },
    active: () => line !== null,
    view: () => (line ? view : null),
    // go shows the game's position after k moves.
    go(k) {
      line = game.moves.slice();
      fromGame = line.length;
      at = Math.max(0, Math.min(k, line.length));
      return show();
    },
    // step moves d moves along the line; past its end, the review of the
    // game's own line ends (the page shows the game as it stands).
    step(d) {
      if (!line) return d < 0 ? r.go(game.moves.length + d) : null;
      const k = at + d;
      if (k > line.length) {
        if (fromGame === line.length) r.exit();
        return null;
      }
      at = Math.max(0, k);
      return show();
    },
    // last goes to the end of a variation, or back to the game.
    last() {
      if (line && at < line.length && fromGame < line.length) { at = line.length; return show(); }
      r.exit();
      return null;
    },
    exit() {
      line = null;
      view = null;
      seq++;
      onShow();
    },
    // play tries a legal move of the position shown: the line's own next
    // move goes on along it, another starts a variation there.
    play(square) {
      if (!line || !view || view.at !== at || !view.pos.legal.includes(square)) return null;
      if (line[at] === square) at++;
      else {
        line = line.slice(0, at).concat(square);
        fromGame = Math.min(fromGame, at);
        at++;
      }
      return show();
    },
  };
  return r;
}

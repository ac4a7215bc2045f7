// Tests of the pure helpers of words.js, board.js and wholegame.js: a
// clock, a computer's name, squares, a value's source, a move's mark.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fmtClock, displayName, seatName, listName } from "../static/words.js";
import { squareName, squareIndex, sourceOf, valueLabel } from "../static/board.js";
import { markOf } from "../static/wholegame.js";

test("fmtClock rounds up to the second", () => {
  const cases = [[0, "0:00"], [-5, "0:00"], [1, "0:01"], [1000, "0:01"], [1001, "0:02"], [59999, "1:00"], [61000, "1:01"], [600000, "10:00"]];
  for (const [ms, want] of cases) assert.equal(fmtClock(ms), want, String(ms));
});

test("displayName names a built-in player by its key", () => {
  const cases = [
    ["engine:level=4", "player.engine4"],
    ["engine:level=7", "player.engineLevel"],
    ["engine", "player.engine"],
    ["mcts:time=3s", "player.mcts"],
    ["minimax", "player.minimax"],
    ["stable:x=1", "player.stable"],
    ["alice", "alice"],
  ];
  for (const [name, want] of cases) assert.equal(displayName(name), want, name);
});

test("squares name and index each other", () => {
  assert.equal(squareName(0), "A1");
  assert.equal(squareName(63), "H8");
  assert.equal(squareName(37), "F5");
  for (let i = 0; i < 64; i++) assert.equal(squareIndex(squareName(i)), i);
  assert.equal(squareIndex("f5"), 37);
});

test("sourceOf says where a value came from", () => {
  const cases = [[{ kind: "book" }, "book"], [{ kind: "exact" }, "exact"], [{ kind: "wld" }, "wld"], [{ kind: "playouts" }, "playouts"], [{ visits: 10 }, "playouts"], [{ kind: "midgame", depth: 8 }, "depth"]];
  for (const [m, want] of cases) assert.equal(sourceOf(m), want, JSON.stringify(m));
});

test("markOf marks a move by the discs it lost", () => {
  const cases = [[0, null], [1.9, null], [2, "inaccuracy"], [3.5, "inaccuracy"], [4, "mistake"], [8, "blunder"], [30, "blunder"]];
  for (const [loss, want] of cases) assert.equal(markOf(loss)?.kind ?? null, want, String(loss));
});

test("valueLabel writes a heuristic's points short enough for a square", () => {
  const cases = [
    [{ move: "A1", eval: -11170, kind: "midgame", depth: 5 }, "points", "-11.2K"],
    [{ move: "A1", eval: 380, kind: "midgame", depth: 5 }, "points", "+380"],
    [{ move: "A1", eval: 0, kind: "midgame", depth: 5 }, "points", "0"],
    [{ move: "A1", eval: -50853, kind: "midgame", depth: 5 }, "points", "-50.9K"],
    [{ move: "A1", eval: 2.5, kind: "midgame", depth: 5 }, "discs", "+2.5"],
    [{ move: "A1", eval: -12, kind: "exact", depth: 20 }, "discs", "-12"],
    [{ move: "A1", eval: 0.625, visits: 10 }, "rate", "63%"],
    [{ move: "A1", eval: -3.25, kind: "midgame", depth: 9, upper: true }, "discs", "≤-3.3"],
  ];
  for (const [m, unit, want] of cases) assert.equal(valueLabel(m, unit), want, `${m.eval} ${unit}`);
});

test("seatName and listName: a player who gave no name, named in the reader's words", () => {
  const person = { kind: "human", name: "human", unnamed: true }, ann = { kind: "human", name: "ann" };
  const engine = { kind: "builtin", name: "engine:level=4" }, open = { kind: "open", name: "open" };
  assert.equal(seatName({ black: person, white: engine }, "black"), "name.player");
  assert.equal(seatName({ black: person, white: ann }, "black"), "name.player");
  assert.equal(seatName({ black: person, white: ann }, "white"), "ann");
  // Two people who gave no name (or one still to come) by their colours.
  assert.equal(seatName({ black: person, white: person }, "white"), "name.whitePlayer");
  assert.equal(seatName({ black: person, white: open }, "black"), "name.blackPlayer");
  assert.equal(seatName({ black: person, white: open }, "white"), "seat.openName");
  assert.equal(listName({ black: "", white: "engine:level=4" }, "black"), "name.player");
  assert.equal(listName({ black: "", white: "" }, "black"), "name.blackPlayer");
  assert.equal(listName({ black: "ann", white: "" }, "black"), "ann");
});

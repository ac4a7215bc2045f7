// Tests of live.js: the hello of a connection, which states the page
// takes, the reconnection's waits, a record's state.

import { test } from "node:test";
import assert from "node:assert/strict";
import { hello, fresh, newer, moved, nextRetry, RETRY, MAX_RETRY, recordGame } from "../static/live.js";

test("hello gives the version shown and the seat's token, when there are", () => {
  assert.deepEqual(hello(undefined, ""), { type: "hello" });
  assert.deepEqual(hello(0, ""), { type: "hello", version: 0 });
  assert.deepEqual(hello(7, "k"), { type: "hello", version: 7, token: "k" });
  assert.deepEqual(hello(undefined, "k"), { type: "hello", token: "k" });
});

test("fresh takes states at least as new as the one shown", () => {
  const cases = [
    ["nothing shown yet", { type: "state", version: 3 }, undefined, true],
    ["newer", { type: "state", version: 4 }, 3, true],
    ["the same (a resync)", { type: "state", version: 3 }, 3, true],
    ["older", { type: "state", version: 2 }, 3, false],
    ["not a state", { type: "thinking", version: 9 }, 3, false],
  ];
  for (const [name, m, v, want] of cases) assert.equal(fresh(m, v), want, name);
});

test("newer: a request's answer replaces no newer state", () => {
  assert.ok(newer({ version: 1 }, null));
  assert.ok(newer({ version: 5 }, { version: 5 }));
  assert.ok(newer({ version: 6 }, { version: 5 }));
  assert.ok(!newer({ version: 4 }, { version: 5 }));
});

test("moved: a move more, not an undo", () => {
  const g = (n) => ({ moves: Array(n).fill({}) });
  assert.ok(moved(g(3), g(4)));
  assert.ok(!moved(g(4), g(4)));
  assert.ok(!moved(g(4), g(2)));
});

test("the reconnection waits double, up to the most", () => {
  const waits = [RETRY];
  while (waits.length < 8) waits.push(nextRetry(waits[waits.length - 1]));
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  assert.equal(MAX_RETRY, 8000);
});

test("recordGame: a record's moves, players and result", () => {
  const board = "X".repeat(40) + "O".repeat(20) + "-".repeat(4);
  const p = { start: "-".repeat(27) + "OX------XO" + "-".repeat(27) + " X", transcript: "f5d6c3PA", board, over: true, turn: "white", opening: "f5d6", opening_name: "Tiger", book: [] };
  const g = recordGame({ ggf: "(;GM[Othello]PB[ ann ]PW[bob]B[f5];)" }, p);
  assert.deepEqual(g.moves, [
    { ply: 0, color: "black", square: "F5" }, { ply: 1, color: "white", square: "D6" },
    { ply: 2, color: "black", square: "C3" }, { ply: 3, color: "white", square: "PA" },
  ]);
  assert.equal(g.black.name, "ann");
  assert.equal(g.white.name, "bob");
  assert.deepEqual([g.black.discs, g.white.discs], [40, 20]);
  assert.deepEqual(g.result, { winner: "black", reason: "normal end", black: 40, white: 20, score: 20 });
  assert.equal(g.status, "finished");
  assert.ok(g.record && g.over);
  assert.equal(g.ggf, "(;GM[Othello]PB[ ann ]PW[bob]B[f5];)", "a GGF record's own GGF");

  // A transcript from a position with White to move: no names but the colours.
  const t = recordGame({ transcript: "c4" }, { ...p, start: p.start.slice(0, 64) + " O", transcript: "c4", board: "O".repeat(10) + "-".repeat(54) });
  assert.deepEqual(t.moves, [{ ply: 0, color: "white", square: "C4" }]);
  assert.deepEqual([t.black.name, t.white.name], ["color.black", "color.white"]);
  assert.equal(t.result.winner, "white");
  assert.equal(t.ggf, `(;GM[Othello]BO[8 ${"-".repeat(27)}O*------*O${"-".repeat(27)} O]W[C4];)`, "a transcript's GGF, from its start");
});

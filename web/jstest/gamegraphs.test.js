// Tests of gamegraphs.js and wholegame.js's graph maths: whether an
// analysis is of the game's line, the values of the evaluation graph,
// its readout, the top of the graph of discs lost.

import { test } from "node:test";
import assert from "node:assert/strict";
import { onLine, evalValues } from "../static/gamegraphs.js";
import { evalAt, lossTop } from "../static/wholegame.js";

const START = "-".repeat(27) + "OX------XO" + "-".repeat(27) + " X";
const game = (...squares) => ({ start: START, moves: squares.map((square, i) => ({ square, color: i % 2 ? "white" : "black" })) });

test("onLine: an analysis of the game's line, or of its first moves", () => {
  const s = game("F5", "D6", "C3");
  const cases = [
    ["none", null, false, false],
    ["all of it", { start: START, moves: ["F5", "D6", "C3"] }, true, true],
    ["its first moves", { start: START, moves: ["F5", "D6"] }, true, false],
    ["the start", { start: START, moves: [] }, true, false],
    ["another line", { start: START, moves: ["F5", "F6"] }, false, false],
    ["longer (an undo since)", { start: START, moves: ["F5", "D6", "C3", "D3"] }, false, false],
    ["another start", { start: "-".repeat(64) + " O", moves: ["F5"] }, false, false],
  ];
  for (const [name, r, prefix, all] of cases) {
    assert.equal(onLine(r, s), prefix, name);
    assert.equal(onLine(r, s, true), all, name + ", all");
  }
});

test("evalValues: the moves' own values for Black, then the analysis's where its line is the game's", () => {
  const s = game("F5", "D6", "C3");
  s.moves[0].eval = 2; // Black's: +2 for Black
  s.moves[1].eval = 3; // White's: -3 for Black
  assert.deepEqual(evalValues(s, null), [null, 2, -3, null]);
  // An analysis of the line, with a hole (no value), and one of another
  // line whose values after its first move are not the game's.
  assert.deepEqual(evalValues(s, { start: START, moves: ["F5", "D6", "C3"], values: [0, 1, null, -4] }), [0, 1, -3, -4]);
  assert.deepEqual(evalValues(s, { start: START, moves: ["F5", "F6"], values: [0, 5, 6] }), [0, 5, -3, null]);
  assert.deepEqual(evalValues(s, { start: "-".repeat(64) + " X", moves: [], values: [9] }), [null, 2, -3, null], "another start");
});

test("evalAt: a position's value, or that it has none", () => {
  assert.equal(evalAt([null, 2], 0), "whole.noValue");
  assert.equal(evalAt([null, 2], 1), "whole.evalAt");
});

test("lossTop: a multiple of 4 above the most lost, at least 4", () => {
  const cases = [[[0], [0], 4], [[0, 1], [0, 3.5], 4], [[0, 4], [0], 4], [[0, 4.1], [0], 8], [[0, 2], [0, 13], 16]];
  for (const [black, white, want] of cases) assert.equal(lossTop({ black, white }), want, `${black} ${white}`);
});

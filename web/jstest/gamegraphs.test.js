// Tests of gamegraphs.js and wholegame.js's graph maths: whether an
// analysis is of the game's line, the values of the evaluation graph,
// its readout, the top of the graph of discs lost.

import { test } from "node:test";
import assert from "node:assert/strict";
import { onLine, evalValues } from "../static/gamegraphs.js";
import { evalAt, lossTop, tally, playerOf, credited } from "../static/wholegame.js";

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

test("tally and playerOf: each move's loss credited to the player who made it", () => {
  const mark = { kind: "mistake" };
  // Moves 0..3 alternate Black and White; move 2 passes (null).
  const losses = [{ loss: 5, color: "black", mark }, { loss: 1, color: "white", mark: null }, null, { loss: 2.5, color: "white", mark: null }];
  const byColor = tally(losses);
  assert.deepEqual([byColor.totals.black.loss, byColor.totals.white.loss], [5, 3.5]);
  assert.deepEqual(byColor.running.black, [0, 5, 5, 5, 5]);
  // They switched after 2 moves: moves 0 and 1 were made by the players
  // now at the other colours.
  const who = playerOf([2]);
  assert.deepEqual([who(0, "black"), who(1, "white"), who(3, "white")], ["white", "black", "white"]);
  const bySeat = tally(losses, who);
  assert.deepEqual([bySeat.totals.black.loss, bySeat.totals.white.loss], [1, 7.5]);
  assert.deepEqual([bySeat.totals.black.moves, bySeat.totals.white.moves], [1, 2]);
  assert.equal(bySeat.totals.white.counts.mistake, 1);
  assert.deepEqual(bySeat.running.white, [0, 5, 5, 5, 7.5]);
  // Twice switched: back at the first seats for the moves before both.
  assert.deepEqual([playerOf([1, 3])(0, "black"), playerOf([1, 3])(2, "black"), playerOf([1, 3])(3, "white")], ["black", "white", "white"]);
  // No switch: the result as it was.
  const r = { losses, ...byColor };
  assert.equal(credited(r, undefined), r);
  assert.deepEqual(credited(r, [2]).totals, bySeat.totals);
});

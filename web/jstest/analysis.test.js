// Tests of analysis.js: which position is analysed, whether it gets
// values, which values the board shows, how the source and the last
// line are said.

import { test } from "node:test";
import assert from "node:assert/strict";
import { positionKey, analysable, valuesTurn, shownValues, sourceText, lastLine } from "../static/analysis.js";
import { SEARCHES } from "../static/hints.js";

const B = "-".repeat(27) + "OX------XO" + "-".repeat(27);
const playing = (more = {}) => ({ status: "playing", turn: "black", board: B, ...more });
const view = (more = {}) => ({ pos: { board: B, turn: "white", over: false, ...more } });

test("positionKey: the squares and the side to move", () => {
  assert.equal(positionKey({ board: B, turn: "black" }), B + " X");
  assert.equal(positionKey({ board: B, turn: "white" }), B + " O");
});

test("analysable: a position with moves, unless the server does not help", () => {
  const cases = [
    ["a game that goes on", playing(), null, true],
    ["a finished game", playing({ status: "finished" }), null, false],
    ["no help", playing({ no_help: true }), view(), false],
    ["a position reviewed", playing({ status: "finished" }), view(), true],
    ["a position reviewed where the game is over", playing(), view({ over: true }), false],
    ["a record that goes on", { status: "finished", record: true, over: false }, null, true],
    ["a record that ends", { status: "finished", record: true, over: true }, null, false],
  ];
  for (const [name, s, v, want] of cases) assert.equal(analysable(s, v), want, name);
});

test("valuesTurn: reviewed positions, records, one's own turn or, if asked, the other's", () => {
  const black = { color: "black" }, white = { color: "white" };
  const cases = [
    ["reviewed", playing({ status: "finished" }), view(), white, { opponent: false }, true],
    ["a record", { status: "finished", record: true }, null, null, { opponent: false }, true],
    ["finished", playing({ status: "finished" }), null, null, { opponent: true }, false],
    ["a spectator", playing(), null, null, { opponent: false }, true],
    ["one's turn", playing(), null, black, { opponent: false }, true],
    ["the other's turn", playing(), null, white, { opponent: false }, false],
    ["the other's turn, asked", playing(), null, white, { opponent: true }, true],
  ];
  for (const [name, s, v, seat, prefs, want] of cases) assert.equal(valuesTurn(s, v, seat, prefs), want, name);
});

test("shownValues: the analysis's with the book's, the book's alone, the computer's thinking, or none", () => {
  const answer = { moves: [{ move: "C4", eval: 2 }, { move: "D3", eval: 1 }], unit: "discs" };
  const book = [{ move: "D3", eval: 0, depth: 20 }];
  const live = { moves: [{ move: "E6", visits: 30 }], unit: "rate" };
  const prefs = { thinking: true };
  assert.deepEqual(shownValues({ s: playing(), v: null, valued: true, answer, book, prefs }), {
    moves: [{ move: "C4", eval: 2 }, { move: "D3", eval: 0, kind: "book", depth: 20 }], unit: "discs", color: "black",
  });
  assert.deepEqual(shownValues({ s: playing(), v: view(), valued: true, answer: null, book, prefs }), {
    moves: [{ move: "D3", eval: 0, kind: "book", depth: 20 }], unit: "discs", color: "white",
  });
  assert.deepEqual(shownValues({ s: playing({ live }), v: null, valued: false, answer, book, prefs }), { moves: live.moves, unit: "rate", color: "black", live: true });
  assert.deepEqual(shownValues({ s: playing({ live }), v: null, valued: true, answer: null, book: [], prefs }), { moves: live.moves, unit: "rate", color: "black", live: true });
  const none = { moves: null, unit: "discs", color: null };
  assert.deepEqual(shownValues({ s: playing({ live }), v: view(), valued: true, answer: null, book: null, prefs }), none, "a review shows no thinking");
  assert.deepEqual(shownValues({ s: playing({ live }), v: null, valued: false, answer, book, prefs: { thinking: false } }), none, "thinking off");
  assert.deepEqual(shownValues({ s: playing({ status: "finished", live }), v: null, valued: false, answer: null, book: null, prefs }), none, "finished");
});

test("sourceText names the search, unless both say a depth", () => {
  const depth = SEARCHES.find(([, key]) => key === "hints.depth")[0], time = SEARCHES.find(([, key]) => key === "hints.time")[0];
  assert.equal(sourceText({ kind: "midgame", depth: 8, nodes: 10 }, depth), "analysis.found");
  assert.equal(sourceText({ kind: "midgame", depth: 8, nodes: 10 }, time), "analysis.by");
  for (const kind of ["exact", "wld", "book"]) assert.equal(sourceText({ kind }, depth), "analysis.by", kind);
});

test("lastLine: the last computer move's value, or nothing", () => {
  assert.equal(lastLine(undefined), "");
  assert.equal(lastLine({ kind: "exact", eval: 4, unit: "discs", pv: ["C4"] }), "pv.last");
});

// Tests of moves.js: a move's text and label, the position the review
// shows and how it says it, the keys.

import { test } from "node:test";
import assert from "node:assert/strict";
import { moveText, plyShown, discs, whereText, moveLabel, keyStep } from "../static/moves.js";

const board = "X".repeat(5) + "O".repeat(3) + "-".repeat(56);
const view = (at, fromGame, line, total = fromGame) => ({ pos: { board }, at, fromGame, line, total });

test("moveText: a square in lower case, a pass in words", () => {
  assert.equal(moveText("F5"), "f5");
  assert.equal(moveText("PA"), "game.pass");
});

test("plyShown: the game's position the review shows", () => {
  const cases = [
    ["the game as it stands", null, -1],
    ["the start", view(0, 4, ["F5", "D6", "C3", "D3"]), 0],
    ["along the game", view(3, 4, ["F5", "D6", "C3", "D3"]), 3],
    ["a variation: where it leaves the game", view(4, 2, ["F5", "D6", "C5", "F4"]), 2],
  ];
  for (const [name, v, want] of cases) assert.equal(plyShown(v), want, name);
});

test("discs counts each side's", () => {
  assert.deepEqual(discs(board), { black: 5, white: 3 });
  assert.deepEqual(discs("-".repeat(64)), { black: 0, white: 0 });
});

test("whereText says where the review is, or how to start", () => {
  const cases = [
    ["no game moves", null, false, 0, ""],
    ["how to start", null, false, 3, "review.start"],
    ["fetching", null, true, 3, "…"],
    ["the start", view(0, 3, ["F5", "D6", "C3"]), true, 3, "review.atStart"],
    ["along the game", view(2, 3, ["F5", "D6", "C3"]), true, 3, "review.at"],
    ["a variation", view(3, 1, ["F5", "F6", "PA"], 3), true, 3, "review.variation"],
  ];
  for (const [name, v, active, moves, want] of cases) assert.equal(whereText(v, active, moves), want, name);
});

test("moveLabel adds the loss, and the mark, of the whole game's analysis", () => {
  const m = { color: "white", square: "D6" };
  assert.equal(moveLabel(m, 1, null), "review.moveLabel");
  assert.equal(moveLabel(m, 1, { loss: 1, best: "F6" }), "review.moveLabel · whole.lossLabelMove");
  assert.equal(moveLabel(m, 1, { loss: 9, best: "F6", mark: { key: "mark.blunder" } }), "review.moveLabel · whole.markLabel");
});

test("keyStep: the arrows, Home and End; Escape only while reviewing", () => {
  const cases = [
    ["ArrowLeft", false, "prev"], ["ArrowRight", true, "next"], ["Home", false, "first"], ["End", true, "last"],
    ["Escape", true, "exit"], ["Escape", false, null], ["Enter", true, null], ["a", false, null],
  ];
  for (const [key, active, want] of cases) assert.equal(keyStep(key, active), want, key + (active ? " reviewing" : ""));
});

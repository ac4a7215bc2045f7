// Tests of formats.js: what pasted text is, a position's address.

import { test } from "node:test";
import assert from "node:assert/strict";
import { recognise, positionOfHash, positionHash } from "../static/formats.js";

const START = "-".repeat(27) + "OX------XO" + "-".repeat(27);

test("recognise reads a board, a GGF game, a transcript, or nothing", () => {
  const cases = [
    ["", null],
    ["   ", null],
    [START, { board: START + " X" }],
    [START.replace(/X/g, "*").replace(/-/g, ".") + " o", { board: START + " O" }],
    [START.match(/.{8}/g).join("\n") + "\nWHITE", { board: START + " O" }],
    ["junk (;GM[Othello]PB[a];) more", { ggf: "(;GM[Othello]PB[a];)" }],
    ["(;GM[Othello]", { ggf: "(;GM[Othello]" }],
    ["1. f5 2. d6  3...c3", { transcript: "f5 d6 c3" }],
  ];
  for (const [text, want] of cases) assert.deepEqual(recognise(text), want, JSON.stringify(text));
});

test("a position's address reads back", () => {
  const pos = START + " O";
  assert.equal(positionHash(pos), "#/position/" + START + "O");
  assert.equal(positionOfHash(positionHash(pos)), pos);
  assert.equal(positionOfHash("#/position/" + START.toLowerCase() + "x"), START + " X");
  assert.equal(positionOfHash("#/position/short"), null);
  assert.equal(positionOfHash(undefined), null);
});

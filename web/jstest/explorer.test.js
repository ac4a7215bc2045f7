// Tests of explorer.js's addresses: a transcript from the start, or a
// board and the moves from it, read back as written.

import { test } from "node:test";
import assert from "node:assert/strict";
import { parseExplore, exploreHash, exploreLink } from "../static/explorer.js";

const START = "---------------------------OX------XO--------------------------- X";
const BOARD = "------------------X--------XX------OXX-----O--------------------";

test("parseExplore reads a transcript or a board with moves", () => {
  const cases = [
    ["", { board: "", moves: [] }],
    ["f5d6C3", { board: "", moves: ["f5", "d6", "c3"] }],
    ["f5 d6 c3", { board: "", moves: ["f5", "d6", "c3"] }],
    [BOARD + "O", { board: BOARD + " O", moves: [] }],
    [BOARD + " O", { board: BOARD + " O", moves: [] }],
    [BOARD + "O,d3c4", { board: BOARD + " O", moves: ["d3", "c4"] }],
    ["f5<script>d6", { board: "", moves: ["f5", "d6"] }],
  ];
  for (const [spec, want] of cases) assert.deepEqual(parseExplore(spec), want, spec);
});

test("exploreHash writes what parseExplore reads", () => {
  assert.equal(exploreHash(START, ["f5", "d6"]), "#explore=f5d6");
  assert.equal(exploreHash("", []), "#explore=");
  assert.equal(exploreHash(BOARD + " O", ["d3"]), "#explore=" + BOARD + "O,d3");
  for (const [board, moves] of [["", ["f5", "d6"]], [BOARD + " O", ["d3", "c4"]], [BOARD + " X", []]]) {
    const back = parseExplore(decodeURIComponent(exploreHash(board, moves).slice("#explore=".length)));
    assert.deepEqual(back, { board, moves }, board + " " + moves);
  }
});

test("exploreLink takes a game's start and transcript", () => {
  assert.equal(exploreLink(START, "f5d6c3"), "#explore=f5d6c3");
  assert.equal(exploreLink(START, ""), "#explore=");
  assert.equal(exploreLink(BOARD + " O", "d3PA"), "#explore=" + BOARD + "O,d3pa");
});

// Tests of seats.js: the status line and the warning of the last seconds.

import { test } from "node:test";
import assert from "node:assert/strict";
import { statusLine, timeWarning } from "../static/seats.js";

const human = { kind: "human", name: "ann", discs: 2 }, computer = { kind: "builtin", name: "random", discs: 2 };
const game = (more = {}) => ({ status: "playing", turn: "black", moves: [], black: human, white: computer, ...more });
const black = { color: "black" };

test("statusLine: where the game stands", () => {
  const cases = [
    ["one's move", game(), black, "", { warn: false, over: false, text: "status.yourMove", live: null }],
    ["the computer's", game({ turn: "white" }), black, "", { warn: false, over: false, text: "status.toMovestatus.thinking", live: null }],
    ["watched", game(), null, "", { warn: false, over: false, text: "status.watchingstatus.toMove", live: null }],
    ["after a pass", game({ moves: [{ square: "PA", color: "white" }] }), black, "", { warn: false, over: false, text: "status.passedstatus.yourMove", live: null }],
    ["the computer thinking", game({ turn: "white", live: { kind: "midgame", depth: 4, eval: 1, unit: "discs", pv: ["C4"] } }), black, "",
      { warn: false, over: false, text: "status.toMovestatus.thinking", live: "status.live" }],
    ["waiting for a friend", game({ status: "waiting" }), black, "", { warn: true, over: false, text: "status.waitingFriend", live: null }],
    ["invited", game({ status: "waiting" }), null, "abc", { warn: true, over: false, text: "status.invited", live: null }],
    ["waiting for the invited", game({ status: "waiting" }), null, "", { warn: true, over: false, text: "status.waitingInvited", live: null }],
    ["a record that goes on", game({ status: "finished", record: true, over: false }), null, "", { warn: false, over: true, text: "review.recordEnds", live: null }],
  ];
  for (const [name, s, seat, invite, want] of cases) assert.deepEqual(statusLine(s, seat, invite), want, name);
  const done = statusLine(game({ status: "finished", result: { winner: "black", reason: "resignation", black: 40, white: 24, score: 16 } }), black, "");
  assert.ok(done.over && done.text && !done.warn, JSON.stringify(done));
});

test("timeWarning: the last ten seconds", () => {
  assert.equal(timeWarning(null), "");
  assert.equal(timeWarning(10000), "");
  assert.equal(timeWarning(9999), "game.timeWarning");
  assert.equal(timeWarning(-5), "game.timeWarning");
});

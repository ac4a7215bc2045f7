// Tests of rematch.js: which rematch a finished game offers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { rematchRequest, friendsRematch } from "../static/rematch.js";

const START = "---------------------------OX------XO--------------------------- X";
const human = (name) => ({ kind: "human", name });
const computer = (name) => ({ kind: "builtin", name });
const game = (black, white, more = {}) => ({ status: "finished", black, white, start: START, move_time_ms: 0, ...more });

test("a player against the computer gets the other colour, same clocks", () => {
  const s = game(human("ann"), computer("engine:level=4"), { game_time_ms: 60000, increment_ms: 2000 });
  assert.deepEqual(rematchRequest(s, { color: "black", token: "k" }), {
    req: { time: "0", game_time: "60000ms", increment: "2000ms", black: { kind: "builtin", spec: "engine:level=4" }, white: { kind: "human", name: "ann" } },
    me: "white",
  });
});

test("a player who gave no name gives none again", () => {
  const s = game({ kind: "human", name: "human", unnamed: true }, computer("random"));
  assert.deepEqual(rematchRequest(s, { color: "black", token: "k" }).req.white, { kind: "human" });
});

test("two computers swap colours and keep the start and move time", () => {
  const other = "-".repeat(64) + " O";
  const s = game(computer("random"), computer("greedy"), { move_time_ms: 500, start: other });
  assert.deepEqual(rematchRequest(s, null), {
    req: { time: "500ms", board: other, black: { kind: "builtin", spec: "greedy" }, white: { kind: "builtin", spec: "random" } },
    me: null,
  });
});

test("the moves the game was made with are played again; those after them are not", () => {
  const moves = ["F5", "F6", "E6", "F4", "PA", "G5"].map((square, ply) => ({ ply, square }));
  const s = game(human("ann"), computer("random"), { moves, opening_moves: 5 });
  assert.equal(rematchRequest(s, { color: "black", token: "k" }).req.transcript, "F5 F6 E6 F4 PA");
  const none = game(human("ann"), computer("random"), { moves });
  assert.equal(rematchRequest(none, { color: "black", token: "k" }).req.transcript, undefined);
});

test("no rematch to create: unfinished, between people, or only watched", () => {
  assert.equal(rematchRequest(game(computer("random"), computer("greedy"), { status: "playing" }), null), null);
  assert.equal(rematchRequest(game(human("ann"), human("bob")), { color: "black" }), null);
  assert.equal(rematchRequest(game(human("ann"), computer("random")), null), null);
});

test("friendsRematch: a finished game between people, with a seat", () => {
  assert.ok(friendsRematch(game(human("ann"), human("bob")), { color: "white" }));
  assert.ok(!friendsRematch(game(human("ann"), human("bob")), null));
  assert.ok(!friendsRematch(game(human("ann"), human("bob"), { status: "playing" }), { color: "white" }));
  assert.ok(!friendsRematch(game(human("ann"), computer("random")), { color: "black" }));
});

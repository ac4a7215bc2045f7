// Tests of toolbar.js: which controls a game shows to whom, a move
// typed, a rematch between people, the note on the server's help.

import { test } from "node:test";
import assert from "node:assert/strict";
import { realGame, canSwitch, typedMove, shownButtons, friendsOffer, helpText } from "../static/toolbar.js";

const human = { kind: "human", name: "ann" }, computer = { kind: "builtin", name: "engine:level=4" };
const game = (more = {}) => ({ status: "playing", turn: "black", black: human, white: computer, ...more });
const black = { color: "black", token: "k" }, white = { color: "white", token: "k" };

test("realGame: a game between players that goes on", () => {
  assert.ok(realGame(game()));
  assert.ok(!realGame(null));
  assert.ok(!realGame(game({ analysis: true })));
  assert.ok(!realGame(game({ record: true })));
  assert.ok(!realGame(game({ status: "finished" })));
});

test("canSwitch: a person against the computer, without a game clock", () => {
  assert.ok(canSwitch(game(), black));
  assert.ok(!canSwitch(game(), null));
  assert.ok(!canSwitch(game(), white), "the computer's seat");
  assert.ok(!canSwitch(game({ game_time_ms: 60000 }), black));
  assert.ok(!canSwitch(game({ status: "finished" }), black));
  assert.ok(!canSwitch(game({ white: human }), black));
});

test("typedMove: a square among the legal moves", () => {
  const legal = ["D3", "C4"];
  assert.equal(typedMove("d3", legal), "");
  assert.equal(typedMove("C4", legal), "");
  assert.equal(typedMove("e6", legal), "game.notLegal");
  for (const sq of ["", "z9", "d", "d33", "i1", "a0"]) assert.equal(typedMove(sq, legal), "game.notSquare", sq);
});

test("shownButtons: what each can do", () => {
  const none = { join: false, copyInvite: false, rematch: false, switchSides: false, resign: false, undo: false, keys: false };
  const cases = [
    ["a player against the computer", game(), black, "", { ...none, switchSides: true, resign: true, undo: true, keys: true }],
    ["with a game clock", game({ game_time_ms: 60000 }), black, "", { ...none, resign: true, undo: true, keys: true }],
    ["a spectator", game(), null, "", none],
    ["two people", game({ white: human }), black, "", { ...none, resign: true, keys: true }],
    ["waiting, invited", game({ status: "waiting" }), null, "abc", { ...none, join: true }],
    ["waiting, not invited", game({ status: "waiting" }), null, "", none],
    ["waiting, the one who invites", game({ status: "waiting" }), black, "", { ...none, copyInvite: true, keys: true }],
    ["finished, against the computer", game({ status: "finished" }), black, "", { ...none, rematch: true }],
    ["finished, between people", game({ status: "finished", white: human }), white, "", { ...none, rematch: true }],
    ["finished, watched", game({ status: "finished", white: human }), null, "", none],
  ];
  for (const [name, s, seat, invite, want] of cases) assert.deepEqual(shownButtons(s, seat, invite), want, name);
});

test("friendsOffer: who asked for the rematch", () => {
  const s = (rematch) => game({ status: "finished", white: human, rematch });
  const cases = [
    ["nobody", s(undefined), { accept: false, asked: false, note: "", ready: false }],
    ["this seat", s({ offered: ["black"] }), { accept: false, asked: true, note: "rematch.waiting", ready: false }],
    ["the other", s({ offered: ["white"] }), { accept: true, asked: false, note: "rematch.offered", ready: false }],
    ["both, the new game there", s({ offered: ["white", "black"], game: "g2" }), { accept: false, asked: true, note: "rematch.waiting", ready: true }],
  ];
  for (const [name, g, want] of cases) assert.deepEqual(friendsOffer(g, black), want, name);
});

test("helpText: the server's help, said", () => {
  assert.equal(helpText(game({ no_help: true })), "game.noHelpNote");
  assert.equal(helpText(game({ analysis: true })), "game.analysisGameNote");
  assert.equal(helpText(game({ analysis: true, status: "finished" })), "");
  assert.equal(helpText(game()), "");
});

// Tests of studytree.js: a study's tree changed as the page changes it,
// the keys' steps, marks and comments within their bounds.

import { test } from "node:test";
import assert from "node:assert/strict";
import { pathKey, parsePath, nodeAt, lineOf, addMove, removeNode, promote, isMain, setMark, cutBytes, labelText, setComment, step, keyStep, countNodes, turnAt } from "../static/studytree.js";

// tree is f5 d6 c3 (main line), f5 d6 c5, f5 f6.
const tree = () => ({ children: [{ move: "F5", children: [{ move: "D6", children: [{ move: "C3" }, { move: "C5" }] }, { move: "F6" }] }] });

test("paths are written and read back", () => {
  for (const p of [[], [0], [0, 1, 12]]) assert.deepEqual(parsePath(pathKey(p)), p);
  assert.equal(pathKey([0, 0, 1]), "0.0.1");
});

test("nodeAt and lineOf follow a path", () => {
  const r = tree();
  assert.equal(nodeAt(r, [0, 0, 1]).move, "C5");
  assert.equal(nodeAt(r, [0, 2]), null);
  assert.deepEqual(lineOf(r, [0, 0, 1]), ["F5", "D6", "C5"]);
  assert.deepEqual(lineOf(r, []), []);
});

test("addMove goes to a child with the move, or adds a variation last", () => {
  const r = tree();
  assert.deepEqual(addMove(r, [0], "F6"), [0, 1]);
  assert.deepEqual(addMove(r, [0], "F4"), [0, 2]);
  assert.deepEqual(addMove(r, [0, 1], "E6"), [0, 1, 0]);
  assert.equal(countNodes(r), 1 + 1 + 1 + 2 + 1 + 1 + 1);
});

test("removeNode and promote", () => {
  const r = tree();
  assert.deepEqual(promote(r, [0, 0, 1]), [0, 0, 0]);
  assert.deepEqual(nodeAt(r, [0, 0]).children.map((c) => c.move), ["C5", "C3"]);
  assert.deepEqual(removeNode(r, [0, 1]), [0]);
  assert.deepEqual(nodeAt(r, [0]).children.map((c) => c.move), ["D6"]);
  removeNode(r, [0, 0, 0]);
  removeNode(r, [0, 0, 0]);
  assert.equal(nodeAt(r, [0, 0]).children, undefined);
  assert.ok(isMain([0, 0]) && !isMain([0, 1]));
});

test("setMark sets, replaces and takes off marks, in the order of the squares", () => {
  const n = {};
  setMark(n, "E6", "circle");
  setMark(n, "A1", "label", "B");
  assert.deepEqual(n.marks, [{ square: "A1", mark: "label", label: "B" }, { square: "E6", mark: "circle" }]);
  setMark(n, "E6", "cross");
  assert.deepEqual(n.marks[1], { square: "E6", mark: "cross" });
  setMark(n, "E6", "cross"); // the same tool again takes it off
  setMark(n, "A1", "label", "C"); // another label replaces it
  assert.deepEqual(n.marks, [{ square: "A1", mark: "label", label: "C" }]);
  setMark(n, "A1", null);
  assert.equal(n.marks, undefined);
});

test("comments and labels within their bounds", () => {
  assert.equal(cutBytes("abc", 2), "ab");
  assert.equal(cutBytes("虎虎", 5), "虎"); // three bytes a character
  const n = {};
  setComment(n, "a\r\nb");
  assert.equal(n.comment, "a\nb");
  setComment(n, "x".repeat(2500));
  assert.equal(n.comment.length, 2000);
  setComment(n, "");
  assert.equal(n.comment, undefined);
  assert.equal(labelText(" abcd "), "abc");
  assert.equal(labelText(""), "A");
  assert.equal(labelText("虎"), "虎");
});

test("the keys' steps", () => {
  const r = tree();
  assert.deepEqual(step(r, [0, 0], "back"), [0]);
  assert.deepEqual(step(r, [], "back"), []);
  assert.deepEqual(step(r, [0], "on"), [0, 0]);
  assert.deepEqual(step(r, [0, 1], "on"), [0, 1]);
  assert.deepEqual(step(r, [0, 0, 0], "down"), [0, 0, 1]);
  assert.deepEqual(step(r, [0, 0, 1], "down"), [0, 0, 1]);
  assert.deepEqual(step(r, [0, 0, 1], "up"), [0, 0, 0]);
  assert.deepEqual(step(r, [0, 1], "first"), []);
  assert.deepEqual(step(r, [], "last"), [0, 0, 0]);
  assert.equal(keyStep("ArrowLeft"), "back");
  assert.equal(keyStep("x"), null);
});

test("turnAt: the side to move at a depth", () => {
  const start = "-".repeat(64) + " X";
  assert.equal(turnAt(start, 0), "black");
  assert.equal(turnAt(start, 3), "white");
  assert.equal(turnAt("-".repeat(64) + " O", 2), "white");
});

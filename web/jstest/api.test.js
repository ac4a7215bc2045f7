// Tests of api.js: an error answer becomes an ApiError with its code, and
// errorText says it in the page's language by its code (never by the
// server's English words), with the move at fault of a record.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { api, errorText, ApiError } from "../static/api.js";
import { useLanguage } from "../static/i18n.js";

// answers are what the stub server says to each path.
const answers = new Map();

globalThis.document = { documentElement: {} };
globalThis.fetch = async (path) => {
  if (path.startsWith("/static/i18n/")) {
    const text = await readFile(new URL("../static/i18n/" + path.slice("/static/i18n/".length), import.meta.url), "utf8");
    return new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
  }
  const [status, body] = answers.get(path);
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
};

const failure = async (path) => {
  try { await api("GET", path); } catch (e) { return e; }
  assert.fail("no error");
};

test("an error answer keeps its status, message, code and move", async () => {
  answers.set("/a", [400, { error: "transcript: transcript move 4 (f5): F5 is taken", code: "bad_transcript_move", move: 4, move_text: "f5" }]);
  const e = await failure("/a");
  assert.ok(e instanceof ApiError);
  assert.deepEqual([e.status, e.message, e.code, e.move, e.moveText], [400, "transcript: transcript move 4 (f5): F5 is taken", "bad_transcript_move", 4, "f5"]);
});

test("errorText translates by code, the same whatever the message says", async () => {
  await useLanguage("zh-Hans");
  const cases = [
    [{ error: "transcript move 4 (f5): taken", code: "bad_transcript_move", move: 4, move_text: "f5" }, "棋谱的第 4 步（f5）无法走出。"],
    [{ error: "reworded entirely", code: "bad_transcript_move", move: 12, move_text: "zz" }, "棋谱的第 12 步（zz）无法走出。"],
    [{ error: "no such game", code: "busy" }, "服务器繁忙：请稍后再试。"],
    [{ error: "no such game", code: "no_game" }, "没有这局棋。"],
    [{ error: "something new", code: "a_code_this_page_does_not_know" }, "服务器无法接受这个请求。"],
    [{ error: "an answer without a code" }, "服务器无法接受这个请求。"],
  ];
  for (const [body, want] of cases) {
    answers.set("/b", [409, body]);
    assert.equal(errorText(await failure("/b")), want, JSON.stringify(body));
  }
  await useLanguage("zh-Hant");
  answers.set("/c", [400, { error: "ggf: move 2 W[c9]: not a square", code: "bad_ggf_move", move: 2, move_text: "c9" }]);
  assert.equal(errorText(await failure("/c")), "GGF 棋譜的第 2 步（c9）無法讀取或走出。");
});

test("in English the server's own words", async () => {
  await useLanguage("en");
  answers.set("/d", [422, { error: "E3 is not legal here; legal moves: D3 C4 F5 E6", code: "illegal_move" }]);
  assert.equal(errorText(await failure("/d")), "E3 is not legal here; legal moves: D3 C4 F5 E6");
});

// Tests of wholegame.js's settings: the engine's spec of the settings,
// and the searches within the server's limits.

import { test } from "node:test";
import assert from "node:assert/strict";
import { specOf, allowed, defaultSettings, SEARCHES } from "../static/wholegame.js";

test("specOf: the search, the exact solve, no win/loss/draw solve", () => {
  assert.equal(specOf(defaultSettings()), "engine:depth=8,exact=18,wld=0,prob=100");
  assert.equal(specOf({ search: "time=3s", exact: 14 }), "engine:time=3s,exact=14,wld=0,prob=100");
});

test("allowed: depths and times within the server's limits (0 or none: no limit)", () => {
  const limits = { depth: 12, move_time_ms: 3000 };
  assert.deepEqual(SEARCHES.filter((s) => allowed(s, limits)), ["depth=4", "depth=8", "depth=12", "time=1s", "time=3s"]);
  assert.deepEqual(SEARCHES.filter((s) => allowed(s, {})), SEARCHES);
  assert.deepEqual(SEARCHES.filter((s) => allowed(s, undefined)), SEARCHES);
  assert.deepEqual(SEARCHES.filter((s) => allowed(s, { depth: 0, move_time_ms: 1000 })), ["depth=4", "depth=8", "depth=12", "depth=16", "time=1s"]);
});

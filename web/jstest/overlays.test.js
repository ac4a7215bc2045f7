// Tests of overlays.js: the ply at which each disc was placed, and the
// switches remembered.

import { test } from "node:test";
import assert from "node:assert/strict";
import { placedAt, loadOverlays } from "../static/overlays.js";

test("placedAt: each square's ply, passes counted but not placed", () => {
  assert.deepEqual(placedAt(["F5", "D6", "PA", "C3"]), { F5: 1, D6: 2, C3: 4 });
  assert.deepEqual(placedAt([]), {});
  assert.deepEqual(placedAt(undefined), {});
});

test("loadOverlays: all off without storage or with junk in it", () => {
  assert.deepEqual(loadOverlays(), { stable: false, flips: false, numbers: false });
  globalThis.localStorage = { getItem: () => '{"stable": true, "flips": "yes"}', setItem() {} };
  try {
    assert.deepEqual(loadOverlays(), { stable: true, flips: false, numbers: false });
    globalThis.localStorage.getItem = () => "{not json";
    assert.deepEqual(loadOverlays(), { stable: false, flips: false, numbers: false });
  } finally {
    delete globalThis.localStorage;
  }
});
